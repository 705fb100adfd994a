// SPDX-License-Identifier: MIT
#include "engine/parallel/blockindex.h"

#include <algorithm>
#include <cmath>
#include <functional>

namespace solar::parallel {

namespace {

// Quasi-affine indices are checked point by point up to this many points; beyond, the statement is not split.
constexpr double kMaxCheckedPoints = 1 << 20;

} // namespace

using ir::BinaryOp;
using ir::Expr;
using ir::ExprKind;

bool BlockIndex::mentions(const Expr& e, const std::string& var)
{
    if (e.kind == ExprKind::Name && e.name == var)
        return true;
    return std::any_of(e.args.begin(), e.args.end(), [&](const Expr& a) { return mentions(a, var); });
}

bool BlockIndex::indirect(const Expr& e)
{
    return e.kind == ExprKind::Access || std::any_of(e.args.begin(), e.args.end(), [](const Expr& a) { return indirect(a); });
}

// The interval of a loop bound over the loops collected so far (outer loops come first).
ir::Interval BlockIndex::rangeOf(const Expr& e, const LoopVars& loops) const
{
    std::vector<std::string> slots;
    std::vector<ir::Interval> intervals;
    auto resolve = [&](const std::string& name) -> ir::NameValue {
        const auto it = loops.find(name);
        if (it == loops.end() || !it->second.rangeKnown)
            return m_sizes.lookup(name);
        const auto at = std::find(slots.begin(), slots.end(), name);
        if (at != slots.end())
            return {ir::NameValue::Variable, static_cast<std::int64_t>(at - slots.begin())};
        slots.push_back(name);
        intervals.push_back(it->second.range);
        return {ir::NameValue::Variable, static_cast<std::int64_t>(slots.size() - 1)};
    };
    // Resolve first, so that every slot has its interval before the evaluation reads them.
    std::function<void(const Expr&)> visit = [&](const Expr& x) {
        if (x.kind == ExprKind::Name)
            resolve(x.name);
        for (const auto& a : x.args)
            visit(a);
    };
    visit(e);
    return ir::intervalOf(e, resolve, intervals);
}

// Loop variables of the nest an expression mentions, in order of first mention.
void BlockIndex::varsOf(const Expr& e, const LoopVars& loops, std::vector<std::string>& out)
{
    if (e.kind == ExprKind::Name && loops.count(e.name) && std::find(out.begin(), out.end(), e.name) == out.end())
        out.push_back(e.name);
    for (const auto& a : e.args)
        varsOf(a, loops, out);
}

// How dimension `d` of `access` follows the blocks of loop variable `var` (Block above).
Block BlockIndex::blockOf(const Expr& access, size_t d, const std::string& var, const LoopVars& loops) const
{
    const auto shape = m_sizes.shapes.find(access.name);
    const auto lvIt = loops.find(var);
    if (shape == m_sizes.shapes.end() || d >= access.args.size() || d >= shape->second.size() || lvIt == loops.end())
        return Block::None;
    const LoopVar& lv = lvIt->second;
    const std::int64_t size = shape->second[d];
    if (!lv.plain || lv.extent < m_n || lv.extent % m_n != 0 || size % m_n != 0 || !mentions(access.args[d], var))
        return Block::None;
    std::vector<std::string> slots;
    auto resolve = [&](const std::string& name) -> ir::NameValue {
        if (loops.count(name)) {
            auto it = std::find(slots.begin(), slots.end(), name);
            if (it == slots.end()) {
                slots.push_back(name);
                it = slots.end() - 1;
            }
            return {ir::NameValue::Variable, static_cast<std::int64_t>(it - slots.begin())};
        }
        return m_sizes.lookup(name);
    };
    if (const auto form = ir::toAffine(access.args[d], resolve)) {
        // c*var + rest: block b of var covers [c*b*E/n, c*(b+1)*E/n) when rest stays in [0, c) and c*E = size.
        std::int64_t c = 0;
        double lo = static_cast<double>(form->constant), hi = lo;
        for (const auto& t : form->terms) {
            const std::string& name = slots[static_cast<size_t>(t.first)];
            if (name == var) {
                c = t.second;
                continue;
            }
            const LoopVar& other = loops.at(name);
            if (!other.rangeKnown || !other.range.bounded())
                return Block::None;
            const double a = static_cast<double>(t.second) * static_cast<double>(other.range.lo);
            const double b = static_cast<double>(t.second) * static_cast<double>(other.range.hi);
            lo += std::min(a, b);
            hi += std::max(a, b);
        }
        const bool local = c > 0 && lo >= 0 && hi < static_cast<double>(c)
            && static_cast<double>(c) * static_cast<double>(lv.extent) == static_cast<double>(size);
        return local ? Block::Local : Block::None;
    }
    return everyBlockInBlock(access.args[d], var, loops, size) || everyPointInBlock(access.args[d], var, loops, size) ? Block::Shifted
                                                                                                                      : Block::None;
}

// The values an index takes with the loop variables in `ranges`: affine parts exactly, and a flattened view's
// (A // m) % s with the terms of A that are multiples of m*s dropped (they add multiples of s after the
// division), so the head index of a [B, H, S, D] view read through its flat offset stays one head wide.
std::optional<ir::Interval> BlockIndex::indexRange(const Expr& e, const LoopVars& loops,
                                                   const std::map<std::string, ir::Interval>& ranges) const
{
    auto affineRange = [&](const Expr& x, std::int64_t dropMultiplesOf) -> std::optional<ir::Interval> {
        std::vector<std::string> slots;
        auto resolve = [&](const std::string& name) -> ir::NameValue {
            if (!loops.count(name))
                return m_sizes.lookup(name);
            auto it = std::find(slots.begin(), slots.end(), name);
            if (it == slots.end()) {
                slots.push_back(name);
                it = slots.end() - 1;
            }
            return {ir::NameValue::Variable, static_cast<std::int64_t>(it - slots.begin())};
        };
        const auto form = ir::toAffine(x, resolve);
        if (!form)
            return std::nullopt;
        double lo = static_cast<double>(form->constant), hi = lo;
        for (const auto& t : form->terms) {
            if (dropMultiplesOf > 0 && t.second % dropMultiplesOf == 0)
                continue;
            const auto r = ranges.find(slots[static_cast<size_t>(t.first)]);
            if (r == ranges.end() || !r->second.bounded())
                return std::nullopt;
            const double a = static_cast<double>(t.second) * static_cast<double>(r->second.lo);
            const double b = static_cast<double>(t.second) * static_cast<double>(r->second.hi);
            lo += std::min(a, b);
            hi += std::max(a, b);
        }
        if (std::abs(lo) > 1e17 || std::abs(hi) > 1e17)
            return std::nullopt;
        return ir::Interval {static_cast<std::int64_t>(lo), static_cast<std::int64_t>(hi)};
    };
    auto constant = [&](const Expr& x) -> std::optional<std::int64_t> {
        const auto v = ir::evalConstInt(x, [&](const std::string& n) { return m_sizes.lookup(n); });
        return v && *v > 0 ? v : std::nullopt;
    };
    auto floorOf = [](std::int64_t a, std::int64_t m) { return *ir::floorDiv(a, m); };
    if (e.kind == ExprKind::Binary && e.binaryOp == BinaryOp::Mod) {
        const auto s = constant(e.args[1]);
        if (!s)
            return std::nullopt;
        std::optional<ir::Interval> q;
        const Expr& x = e.args[0];
        if (x.kind == ExprKind::Binary && x.binaryOp == BinaryOp::FloorDiv) {
            const auto m = constant(x.args[1]);
            if (!m)
                return std::nullopt;
            const auto a = affineRange(x.args[0], *m * *s);
            if (!a)
                return std::nullopt;
            q = ir::Interval {floorOf(a->lo, *m), floorOf(a->hi, *m)};
        } else {
            q = affineRange(x, *s);
        }
        if (!q)
            return std::nullopt;
        if (q->hi - q->lo < *s && *ir::floorMod(q->lo, *s) <= *ir::floorMod(q->hi, *s))
            return ir::Interval {*ir::floorMod(q->lo, *s), *ir::floorMod(q->hi, *s)};
        return ir::Interval {0, *s - 1};
    }
    if (e.kind == ExprKind::Binary && e.binaryOp == BinaryOp::FloorDiv) {
        const auto m = constant(e.args[1]);
        const auto a = m ? affineRange(e.args[0], 0) : std::nullopt;
        if (!a)
            return std::nullopt;
        return ir::Interval {floorOf(a->lo, *m), floorOf(a->hi, *m)};
    }
    return affineRange(e, 0);
}

// Whether, for each block of `var` (the other loops over their whole ranges), the index stays in the same block
// of the dimension: a sound check at any size, by intervals.
bool BlockIndex::everyBlockInBlock(const Expr& index, const std::string& var, const LoopVars& loops, std::int64_t size) const
{
    std::map<std::string, ir::Interval> ranges;
    for (const auto& [name, lv] : loops)
        if (lv.rangeKnown)
            ranges[name] = lv.range;
    const std::int64_t varBlock = loops.at(var).extent / m_n, dimBlock = size / m_n;
    for (std::int64_t b = 0; b < m_n; ++b) {
        ranges[var] = {b * varBlock, (b + 1) * varBlock - 1};
        const auto r = indexRange(index, loops, ranges);
        if (!r || r->lo < b * dimBlock || r->hi > (b + 1) * dimBlock - 1)
            return false;
    }
    return true;
}

// Whether every point of the nest's loops sends the index into the block of the dimension that the point's
// block of `var` names (and inside the dimension).
bool BlockIndex::everyPointInBlock(const Expr& index, const std::string& var, const LoopVars& loops, std::int64_t size) const
{
    std::vector<std::string> names;
    varsOf(index, loops, names);
    double points = 1;
    for (const auto& n : names) {
        const LoopVar& lv = loops.at(n);
        if (!lv.rangeKnown || !lv.range.bounded() || lv.range.empty())
            return false;
        points *= static_cast<double>(lv.range.hi - lv.range.lo + 1);
    }
    if (points > kMaxCheckedPoints)
        return false;
    std::vector<std::int64_t> value(names.size());
    for (size_t i = 0; i < names.size(); ++i)
        value[i] = loops.at(names[i]).range.lo;
    auto resolve = [&](const std::string& name) -> ir::NameValue {
        const auto at = std::find(names.begin(), names.end(), name);
        if (at != names.end())
            return {ir::NameValue::Constant, value[static_cast<size_t>(at - names.begin())]};
        return m_sizes.lookup(name);
    };
    const size_t self = static_cast<size_t>(std::find(names.begin(), names.end(), var) - names.begin());
    const std::int64_t varBlock = loops.at(var).extent / m_n, dimBlock = size / m_n;
    while (true) {
        const auto at = ir::evalConstInt(index, resolve);
        if (!at || *at < 0 || *at >= size || *at / dimBlock != value[self] / varBlock)
            return false;
        size_t i = 0;
        for (; i < names.size(); ++i) {
            if (++value[i] <= loops.at(names[i]).range.hi)
                break;
            value[i] = loops.at(names[i]).range.lo;
        }
        if (i == names.size())
            return true;
    }
}

// The first dimension of `access` cut by blocks of `var`, or -1.
int BlockIndex::blockDim(const Expr& access, const std::string& var, const LoopVars& loops) const
{
    for (size_t d = 0; d < access.args.size(); ++d)
        if (blockOf(access, d, var, loops) != Block::None)
            return static_cast<int>(d);
    return -1;
}

// The loop variables whose blocks dimension `d` of `access` follows.
std::vector<std::string> BlockIndex::blockVars(const Expr& access, size_t d, const LoopVars& loops) const
{
    std::vector<std::string> names, out;
    if (d < access.args.size())
        varsOf(access.args[d], loops, names);
    for (const auto& n : names)
        if (blockOf(access, d, n, loops) != Block::None)
            out.push_back(n);
    return out;
}

} // namespace solar::parallel
