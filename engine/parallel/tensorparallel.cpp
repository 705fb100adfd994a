// SPDX-License-Identifier: MIT
#include "engine/parallel/tensorparallel.h"

#include "engine/ir/intexpr.h"

#include <algorithm>
#include <cmath>
#include <functional>
#include <optional>
#include <set>

namespace solar::parallel {

std::string placementText(const Placement& p)
{
    switch (p.kind) {
    case Placement::Replicated: return "replicated";
    case Placement::Sharded: return "split along dim " + std::to_string(p.dim);
    case Placement::Partial: return "partial sums";
    }
    return {};
}

namespace {

using ir::BinaryOp;
using ir::Expr;
using ir::ExprKind;
using ir::Stmt;
using ir::StmtKind;

Expr intLit(std::int64_t v)
{
    Expr e;
    e.kind = ExprKind::Int;
    e.intValue = v;
    return e;
}

Expr nameRef(const std::string& n)
{
    Expr e;
    e.kind = ExprKind::Name;
    e.name = n;
    return e;
}

Expr binary(BinaryOp op, Expr a, Expr b)
{
    Expr e;
    e.kind = ExprKind::Binary;
    e.binaryOp = op;
    e.args = {std::move(a), std::move(b)};
    return e;
}

// One access in a nest, with where it sits.
struct Access
{
    Expr* expr = nullptr;
    bool target = false;
    Stmt* assign = nullptr;
};

struct Assign
{
    Stmt* stmt = nullptr;
    std::set<std::string> enclosing; // loop variables around it
};

struct LoopVar
{
    std::int64_t extent = -1;
    bool plain = true; // every loop of it runs 0..extent step 1 with one constant extent
    // Every value it takes lies in [lo, hi] (a triangular loop's bound over its outer loops' ranges); unbounded when
    // a bound is not known.
    ir::Interval range = ir::Interval::point(0);
    bool rangeKnown = false;
    std::vector<ir::LoopRange*> ranges;
};

// Whether an index follows a loop's blocks: Local, the index written with the device's local variable lands in
// its block of the dimension (c*v + terms spanning less than c); Shifted, the index (quasi-affine: a flattened
// view's // and %) maps every block of the variable into the same block of the dimension, checked point by point,
// and the device subtracts its block's start from the global index.
enum class Block { None, Local, Shifted };

// Quasi-affine indices are checked point by point up to this many points; beyond, the statement is not split.
constexpr double kMaxCheckedPoints = 1 << 20;

// A top-level statement with what the split decision needs.
struct Nest
{
    std::map<std::string, LoopVar> vars;
    std::vector<Assign> assigns;
    std::vector<Access> accesses;
};

class Splitter
{
public:
    Splitter(const ir::Program& program, const ir::SizeBindings& sizes, int n, std::map<std::string, Placement> hints)
        : m_sizes(sizes)
        , m_n(n)
        , m_hints(std::move(hints))
    {
        m_split.devices = n;
        m_split.device = program;
        m_original = program;
        for (const auto& d : program.decls) {
            m_names.insert(d.name);
            if (d.kind == ir::DeclKind::Tensor)
                m_decls[d.name] = d;
        }
        for (const auto& p : program.params)
            m_names.insert(p.name);
        ir::forEachAssign(program.body, [&](const Stmt& s) { m_written.insert(s.target.name); });
    }

    TensorParallelSplit run()
    {
        auto& body = m_split.device.body;
        for (size_t i = 0; i < body.size(); ++i) {
            m_index = static_cast<int>(i);
            Nest nest;
            collect(body[i], {}, nest);
            if (!nest.assigns.empty())
                splitNest(nest, body[i]);
        }
        finish();
        return std::move(m_split);
    }

private:
    bool isExternal(const std::string& t) const { return !m_written.count(t); }

    // ---- collecting -------------------------------------------------------------------------------------------

    void collectExpr(Expr& e, Stmt* assign, Nest& nest)
    {
        if (e.kind == ExprKind::Access)
            nest.accesses.push_back({&e, false, assign});
        for (auto& a : e.args)
            collectExpr(a, assign, nest);
    }

    void collect(Stmt& s, std::set<std::string> enclosing, Nest& nest)
    {
        switch (s.kind) {
        case StmtKind::For:
            for (auto& r : s.ranges) {
                LoopVar& v = nest.vars[r.var];
                v.ranges.push_back(&r);
                std::string error;
                const auto lo = ir::evalConstInt(r.lo, m_sizes.resolver(), &error);
                const auto hi = ir::evalConstInt(r.hi, m_sizes.resolver(), &error);
                if (!lo || !hi || *lo != 0 || r.step != 1 || (v.extent >= 0 && v.extent != *hi))
                    v.plain = false;
                else
                    v.extent = *hi;
                const ir::Interval l = rangeOf(r.lo, nest), h = rangeOf(r.hi, nest);
                const ir::Interval now {l.lo, h.hi < ir::Interval::kUnbounded ? h.hi - 1 : h.hi};
                v.range = v.rangeKnown ? ir::Interval {std::min(v.range.lo, now.lo), std::max(v.range.hi, now.hi)} : now;
                v.rangeKnown = true;
                enclosing.insert(r.var);
            }
            for (auto& b : s.body)
                collect(b, enclosing, nest);
            break;
        case StmtKind::If:
            collectExpr(s.cond, nullptr, nest);
            for (auto& b : s.body)
                collect(b, enclosing, nest);
            for (auto& b : s.orelse)
                collect(b, enclosing, nest);
            break;
        case StmtKind::Assign:
            nest.assigns.push_back({&s, enclosing});
            nest.accesses.push_back({&s.target, true, &s});
            for (auto& a : s.target.args)
                collectExpr(a, &s, nest);
            collectExpr(s.value, &s, nest);
            break;
        }
    }

    // The interval of a loop bound over the loops collected so far (outer loops come first).
    ir::Interval rangeOf(const Expr& e, const Nest& nest) const
    {
        std::vector<std::string> slots;
        std::vector<ir::Interval> intervals;
        auto resolve = [&](const std::string& name) -> ir::NameValue {
            const auto it = nest.vars.find(name);
            if (it == nest.vars.end() || !it->second.rangeKnown)
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
    static void varsOf(const Expr& e, const Nest& nest, std::vector<std::string>& out)
    {
        if (e.kind == ExprKind::Name && nest.vars.count(e.name) && std::find(out.begin(), out.end(), e.name) == out.end())
            out.push_back(e.name);
        for (const auto& a : e.args)
            varsOf(a, nest, out);
    }

    // How dimension `d` of `access` follows the blocks of loop variable `var` (Block above).
    Block blockOf(const Expr& access, size_t d, const std::string& var, const Nest& nest) const
    {
        const auto shape = m_sizes.shapes.find(access.name);
        const auto lvIt = nest.vars.find(var);
        if (shape == m_sizes.shapes.end() || d >= access.args.size() || d >= shape->second.size() || lvIt == nest.vars.end())
            return Block::None;
        const LoopVar& lv = lvIt->second;
        const std::int64_t size = shape->second[d];
        if (!lv.plain || lv.extent < m_n || lv.extent % m_n != 0 || size % m_n != 0 || !mentions(access.args[d], var))
            return Block::None;
        std::vector<std::string> slots;
        auto resolve = [&](const std::string& name) -> ir::NameValue {
            if (nest.vars.count(name)) {
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
                const LoopVar& other = nest.vars.at(name);
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
        return everyBlockInBlock(access.args[d], var, nest, size) || everyPointInBlock(access.args[d], var, nest, size) ? Block::Shifted
                                                                                                                        : Block::None;
    }

    // The values an index takes with the loop variables in `ranges`: affine parts exactly, and a flattened view's
    // (A // m) % s with the terms of A that are multiples of m*s dropped (they add multiples of s after the
    // division), so the head index of a [B, H, S, D] view read through its flat offset stays one head wide.
    std::optional<ir::Interval> indexRange(const Expr& e, const Nest& nest, const std::map<std::string, ir::Interval>& ranges) const
    {
        auto affineRange = [&](const Expr& x, std::int64_t dropMultiplesOf) -> std::optional<ir::Interval> {
            std::vector<std::string> slots;
            auto resolve = [&](const std::string& name) -> ir::NameValue {
                if (!nest.vars.count(name))
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
    bool everyBlockInBlock(const Expr& index, const std::string& var, const Nest& nest, std::int64_t size) const
    {
        std::map<std::string, ir::Interval> ranges;
        for (const auto& [name, lv] : nest.vars)
            if (lv.rangeKnown)
                ranges[name] = lv.range;
        const std::int64_t varBlock = nest.vars.at(var).extent / m_n, dimBlock = size / m_n;
        for (std::int64_t b = 0; b < m_n; ++b) {
            ranges[var] = {b * varBlock, (b + 1) * varBlock - 1};
            const auto r = indexRange(index, nest, ranges);
            if (!r || r->lo < b * dimBlock || r->hi > (b + 1) * dimBlock - 1)
                return false;
        }
        return true;
    }

    // Whether every point of the nest's loops sends the index into the block of the dimension that the point's
    // block of `var` names (and inside the dimension).
    bool everyPointInBlock(const Expr& index, const std::string& var, const Nest& nest, std::int64_t size) const
    {
        std::vector<std::string> names;
        varsOf(index, nest, names);
        double points = 1;
        for (const auto& n : names) {
            const LoopVar& lv = nest.vars.at(n);
            if (!lv.rangeKnown || !lv.range.bounded() || lv.range.empty())
                return false;
            points *= static_cast<double>(lv.range.hi - lv.range.lo + 1);
        }
        if (points > kMaxCheckedPoints)
            return false;
        std::vector<std::int64_t> value(names.size());
        for (size_t i = 0; i < names.size(); ++i)
            value[i] = nest.vars.at(names[i]).range.lo;
        auto resolve = [&](const std::string& name) -> ir::NameValue {
            const auto at = std::find(names.begin(), names.end(), name);
            if (at != names.end())
                return {ir::NameValue::Constant, value[static_cast<size_t>(at - names.begin())]};
            return m_sizes.lookup(name);
        };
        const size_t self = static_cast<size_t>(std::find(names.begin(), names.end(), var) - names.begin());
        const std::int64_t varBlock = nest.vars.at(var).extent / m_n, dimBlock = size / m_n;
        while (true) {
            const auto at = ir::evalConstInt(index, resolve);
            if (!at || *at < 0 || *at >= size || *at / dimBlock != value[self] / varBlock)
                return false;
            size_t i = 0;
            for (; i < names.size(); ++i) {
                if (++value[i] <= nest.vars.at(names[i]).range.hi)
                    break;
                value[i] = nest.vars.at(names[i]).range.lo;
            }
            if (i == names.size())
                return true;
        }
    }

    // The first dimension of `access` cut by blocks of `var`, or -1.
    int blockDim(const Expr& access, const std::string& var, const Nest& nest) const
    {
        for (size_t d = 0; d < access.args.size(); ++d)
            if (blockOf(access, d, var, nest) != Block::None)
                return static_cast<int>(d);
        return -1;
    }

    // The loop variables whose blocks dimension `d` of `access` follows.
    std::vector<std::string> blockVars(const Expr& access, size_t d, const Nest& nest) const
    {
        std::vector<std::string> names, out;
        if (d < access.args.size())
            varsOf(access.args[d], nest, names);
        for (const auto& n : names)
            if (blockOf(access, d, n, nest) != Block::None)
                out.push_back(n);
        return out;
    }

    static bool mentions(const Expr& e, const std::string& var)
    {
        if (e.kind == ExprKind::Name && e.name == var)
            return true;
        return std::any_of(e.args.begin(), e.args.end(), [&](const Expr& a) { return mentions(a, var); });
    }

    // Where a nest would leave its targets if split along `var`; empty with `why` when it cannot be.
    struct Decision
    {
        std::map<std::string, Placement> targets;
        std::map<std::string, int> externalDims; // unplaced inputs and weights stored as slices
        std::string why;
        bool ok() const { return why.empty(); }
    };

    Decision decide(const Nest& nest, const std::string& var)
    {
        Decision d;
        const LoopVar& lv = nest.vars.at(var);
        if (!lv.plain || lv.extent < m_n || lv.extent % m_n != 0) {
            d.why = "the loop over " + var + " (" + std::to_string(lv.extent) + ") does not divide into " + std::to_string(m_n);
            return d;
        }
        for (const Access& a : nest.accesses) {
            const std::string& t = a.expr->name;
            const auto state = m_state.find(t);
            if (a.target) {
                const auto& enclosing = std::find_if(nest.assigns.begin(), nest.assigns.end(), [&](const Assign& x) {
                                            return x.stmt == a.assign;
                                        })->enclosing;
                Placement p;
                const int dim = blockDim(*a.expr, var, nest);
                if (dim >= 0) {
                    p = {Placement::Sharded, dim};
                } else if (mentions(*a.expr, var)) {
                    d.why = t + " is written at an index of " + var + " that is not a block of it";
                    return d;
                } else if (enclosing.count(var)) {
                    if (a.assign->op != ir::AssignOp::Add) {
                        d.why = t + " is " + (a.assign->op == ir::AssignOp::Set ? "overwritten" : "reduced by max/min/product") + " across "
                            + var;
                        return d;
                    }
                    p = {Placement::Partial, -1};
                } else {
                    continue; // an initialiser outside the split loop: placed by the statements that reduce into it
                }
                const auto prev = d.targets.find(t);
                if (prev != d.targets.end() && (prev->second.kind != p.kind || prev->second.dim != p.dim)) {
                    d.why = t + " would be both " + placementText(prev->second) + " and " + placementText(p);
                    return d;
                }
                if (state != m_state.end() && (state->second.kind != p.kind || state->second.dim != p.dim)) {
                    // A tensor written in parts (a concatenation: the cached keys, then the new ones) is split only if
                    // every part is: the next pass splits the earlier parts the same way.
                    if (p.kind == Placement::Sharded && state->second.kind == Placement::Replicated && !m_hints.count(t))
                        m_found[t] = p;
                    d.why = t + " was " + placementText(state->second) + " before";
                    return d;
                }
                d.targets[t] = p;
                continue;
            }
            if (state != m_state.end() && state->second.kind == Placement::Sharded) {
                if (blockOf(*a.expr, static_cast<size_t>(state->second.dim), var, nest) == Block::None) {
                    d.why = t + " is split along dim " + std::to_string(state->second.dim) + " but read there at another index than " + var
                        + "'s blocks";
                    return d;
                }
            } else if (state != m_state.end() && state->second.kind == Placement::Replicated && !isExternal(t) && !m_results.count(t)
                       && !m_hints.count(t)) {
                // A whole intermediate read here only along the split (a copy of the cached keys before they are
                // concatenated): the next pass tries to produce it split.
                const int dim = blockDim(*a.expr, var, nest);
                if (dim >= 0)
                    m_candidates[t] = {Placement::Sharded, dim};
            } else if (state == m_state.end() && isExternal(t) && m_decls.at(t).tensorKind != ir::TensorKind::Const) {
                const int dim = blockDim(*a.expr, var, nest);
                const auto prev = d.externalDims.find(t);
                if (prev != d.externalDims.end() && prev->second != dim)
                    d.externalDims[t] = -1; // read both along and across the split: kept whole
                else
                    d.externalDims[t] = dim;
            }
        }
        // A sum left partial is wrong for anything in the nest that reads it before the all-reduce.
        for (const auto& [t, p] : d.targets) {
            if (p.kind != Placement::Partial)
                continue;
            for (const Access& a : nest.accesses)
                if (!a.target && a.expr->name == t) {
                    d.why = "the partial sums of " + t + " are read in the same statement";
                    return d;
                }
            for (const Assign& as : nest.assigns)
                if (as.stmt->target.name == t && !as.enclosing.count(var) && as.stmt->op != ir::AssignOp::Set) {
                    d.why = t + " is combined outside the loop over " + var;
                    return d;
                }
        }
        return d;
    }

    // The column-parallel choice: a contraction reading a weight nobody placed yet, split along a variable that cuts
    // both the weight and the result into blocks.
    std::string columnVar(const Nest& nest) const
    {
        for (const Assign& as : nest.assigns) {
            const Stmt& s = *as.stmt;
            if (s.op != ir::AssignOp::Add)
                continue;
            for (const Access& a : nest.accesses) {
                if (a.target || a.assign != &s || !isExternal(a.expr->name) || m_state.count(a.expr->name)
                    || m_decls.at(a.expr->name).tensorKind != ir::TensorKind::Weight)
                    continue;
                for (size_t dim = 0; dim < a.expr->args.size(); ++dim)
                    for (const auto& v : blockVars(*a.expr, dim, nest))
                        if (as.enclosing.count(v) && blockDim(s.target, v, nest) >= 0)
                            return v;
            }
        }
        return {};
    }

    // ---- rewriting --------------------------------------------------------------------------------------------

    std::string freshName(const std::string& base)
    {
        std::string name = base;
        for (int i = 2; m_names.count(name); ++i)
            name = base + "_" + std::to_string(i);
        m_names.insert(name);
        return name;
    }

    const std::string& deviceParam()
    {
        if (m_split.deviceParam.empty()) {
            m_split.deviceParam = freshName("tp_device");
            m_split.device.params.push_back({m_split.deviceParam, {}, 0});
        }
        return m_split.deviceParam;
    }

    double tensorBytes(const std::string& t) const
    {
        const auto& shape = m_sizes.shapes.at(t);
        double elements = 1;
        for (auto s : shape)
            elements *= static_cast<double>(s);
        return elements * ir::dtypeStorageBits(m_decls.at(t).dtype) / 8.0;
    }

    // A collective's result as an `in` tensor of the per-device program, whole, declared after its source.
    std::string addExchange(CollectiveKind kind, const std::string& t, const std::string& suffix, const std::string& why, int dim)
    {
        const std::string result = freshName(t + suffix);
        ir::Decl decl = m_decls.at(t);
        decl.name = result;
        decl.tensorKind = ir::TensorKind::In;
        auto& decls = m_split.device.decls;
        const auto at = std::find_if(decls.begin(), decls.end(), [&](const ir::Decl& x) { return x.name == t; });
        decls.insert(at == decls.end() ? decls.end() : at + 1, decl);
        m_decls[result] = decl;
        m_state[result] = {Placement::Replicated, -1};
        m_results.insert(result);
        Exchange x;
        x.collective = {kind, t, why, tensorBytes(t), m_n, 1};
        x.source = t;
        x.result = result;
        x.dim = dim;
        x.beforeStatement = m_index;
        m_split.exchanges.push_back(std::move(x));
        return result;
    }

    void substitute(Expr& e, const std::string& var, const Expr& replacement, const std::set<const Expr*>& keep)
    {
        if (keep.count(&e))
            return;
        if (e.kind == ExprKind::Name && e.name == var) {
            e = replacement;
            return;
        }
        for (auto& a : e.args)
            substitute(a, var, replacement, keep);
    }

    void substituteStmt(Stmt& s, const std::string& var, const Expr& replacement, const std::set<const Expr*>& keep)
    {
        for (auto& r : s.ranges) {
            substitute(r.lo, var, replacement, keep);
            if (r.var != var)
                substitute(r.hi, var, replacement, keep);
        }
        substitute(s.cond, var, replacement, keep);
        for (auto& a : s.target.args)
            substitute(a, var, replacement, keep);
        substitute(s.value, var, replacement, keep);
        for (auto& b : s.body)
            substituteStmt(b, var, replacement, keep);
        for (auto& b : s.orelse)
            substituteStmt(b, var, replacement, keep);
    }

    std::string where(const Nest& nest) const
    {
        const Stmt& s = *nest.assigns.front().stmt;
        return "line " + std::to_string(s.loc.line) + " (" + s.target.name + ")";
    }

    void splitNest(Nest& nest, Stmt& top)
    {
        // Partial sums are summed before anything reads them.
        for (Access& a : nest.accesses) {
            const std::string t = a.expr->name;
            if (a.target || !m_state.count(t) || m_state.at(t).kind != Placement::Partial)
                continue;
            if (!m_reduced.count(t))
                m_reduced[t] = addExchange(CollectiveKind::AllReduce, t, "_sum", "partial sums of " + t + " (row parallel)", -1);
            a.expr->name = m_reduced.at(t);
        }
        // The variables every split read follows; the first the whole nest can be split along wins.
        m_candidates.clear();
        std::vector<std::string> candidates;
        bool first = true;
        std::string why;
        for (const Access& a : nest.accesses) {
            const auto state = m_state.find(a.expr->name);
            if (a.target || state == m_state.end() || state->second.kind != Placement::Sharded)
                continue;
            const auto vars = blockVars(*a.expr, static_cast<size_t>(state->second.dim), nest);
            if (first)
                candidates = vars;
            else
                candidates.erase(std::remove_if(candidates.begin(), candidates.end(),
                                                [&](const std::string& v) { return std::find(vars.begin(), vars.end(), v) == vars.end(); }),
                                 candidates.end());
            first = false;
            if (candidates.empty()) {
                why = a.expr->name + " is split but read at an index that does not follow one loop's blocks";
                break;
            }
        }
        if (first) {
            const std::string column = columnVar(nest);
            if (!column.empty())
                candidates.push_back(column);
            // A part of a tensor that a later part writes split: split this part along the same dimension.
            for (const Assign& as : nest.assigns) {
                const auto hint = m_hints.find(as.stmt->target.name);
                if (hint == m_hints.end())
                    continue;
                for (const auto& v : blockVars(as.stmt->target, static_cast<size_t>(hint->second.dim), nest))
                    if (std::find(candidates.begin(), candidates.end(), v) == candidates.end())
                        candidates.push_back(v);
            }
        }
        std::string var;
        Decision decision;
        for (const auto& v : candidates) {
            decision = decide(nest, v);
            if (decision.ok()) {
                var = v;
                break;
            }
            if (why.empty())
                why = decision.why;
        }
        if (var.empty()) {
            replicate(nest, why);
            return;
        }
        apply(nest, top, var, decision);
    }

    void replicate(Nest& nest, const std::string& why)
    {
        ++m_split.replicatedStatements;
        bool gathered = false;
        for (Access& a : nest.accesses) {
            const std::string t = a.expr->name;
            const auto state = m_state.find(t);
            if (state != m_state.end() && state->second.kind == Placement::Sharded && !a.target) {
                if (!m_gathered.count(t))
                    m_gathered[t]
                        = addExchange(CollectiveKind::AllGather, t, "_all", t + " read whole at " + where(nest), state->second.dim);
                a.expr->name = m_gathered.at(t);
                gathered = true;
            } else if (!m_state.count(t) && isExternal(t)) {
                m_state[t] = {Placement::Replicated, -1};
            }
        }
        for (const Assign& as : nest.assigns) {
            const std::string& t = as.stmt->target.name;
            const auto state = m_state.find(t);
            if (state != m_state.end() && state->second.kind != Placement::Replicated)
                m_conflict = t + " is written split and whole";
            m_state[t] = {Placement::Replicated, -1};
        }
        if (gathered || !why.empty())
            m_split.notes.push_back("runs whole on every device: " + where(nest) + (why.empty() ? "" : ": " + why));
    }

    void apply(Nest& nest, Stmt& top, const std::string& var, const Decision& decision)
    {
        ++m_split.splitStatements;
        m_found.insert(m_candidates.begin(), m_candidates.end());
        m_candidates.clear();
        for (const auto& [t, dim] : decision.externalDims)
            m_state[t] = dim >= 0 ? Placement {Placement::Sharded, dim} : Placement {Placement::Replicated, -1};
        for (const auto& [t, p] : decision.targets)
            m_state[t] = p;
        // Accesses along a split dimension index the device's block; every other use of the variable means the
        // element's global position, so it becomes var + tp_device * (extent / n). A quasi-affine index into a split
        // dimension is computed globally and shifted to the device's block.
        LoopVar& lv = nest.vars.at(var);
        const Expr extent = lv.ranges.front()->hi;
        auto offset = [&] {
            return binary(BinaryOp::Add, nameRef(var),
                          binary(BinaryOp::Mul, nameRef(deviceParam()), binary(BinaryOp::FloorDiv, extent, intLit(m_n))));
        };
        std::set<const Expr*> keep;
        std::vector<std::pair<Expr*, const Expr*>> shifted; // index, the dimension's size
        for (const Access& a : nest.accesses) {
            const auto state = m_state.find(a.expr->name);
            if (state == m_state.end() || state->second.kind != Placement::Sharded)
                continue;
            const auto dim = static_cast<size_t>(state->second.dim);
            if (blockOf(*a.expr, dim, var, nest) == Block::Shifted)
                shifted.emplace_back(&a.expr->args[dim], &m_decls.at(a.expr->name).dims[dim]);
            keep.insert(&a.expr->args[dim]);
        }
        for (auto& [index, size] : shifted) {
            Expr global = *index;
            substitute(global, var, offset(), {});
            *index = binary(BinaryOp::Sub, std::move(global),
                            binary(BinaryOp::Mul, nameRef(deviceParam()), binary(BinaryOp::FloorDiv, *size, intLit(m_n))));
        }
        for (ir::LoopRange* r : lv.ranges)
            r->hi = binary(BinaryOp::FloorDiv, r->hi, intLit(m_n));
        bool global = false;
        std::function<void(const Expr&)> find = [&](const Expr& e) {
            if (keep.count(&e))
                return;
            if (e.kind == ExprKind::Name && e.name == var)
                global = true;
            for (const auto& a : e.args)
                find(a);
        };
        for (const Access& a : nest.accesses)
            find(*a.expr);
        std::function<void(const Stmt&)> findStmt = [&](const Stmt& s) {
            find(s.cond);
            if (s.kind == StmtKind::Assign)
                find(s.value);
            for (const auto& r : s.ranges)
                if (r.var != var)
                    find(r.hi);
            for (const auto& b : s.body)
                findStmt(b);
            for (const auto& b : s.orelse)
                findStmt(b);
        };
        findStmt(top);
        if (global)
            substituteStmt(top, var, offset(), keep);
        // An initialiser of a partial sum (a bias) is added once: on device 0.
        for (const Assign& as : nest.assigns) {
            const auto p = decision.targets.find(as.stmt->target.name);
            if (p == decision.targets.end() || p->second.kind != Placement::Partial || as.stmt->op != ir::AssignOp::Set
                || as.enclosing.count(var))
                continue;
            const Expr& v = as.stmt->value;
            const bool zero = (v.kind == ExprKind::Int && v.intValue == 0) || (v.kind == ExprKind::Float && v.floatValue == 0);
            if (zero)
                continue;
            Expr zeroValue;
            zeroValue.kind = ExprKind::Float;
            Expr select;
            select.kind = ExprKind::Select;
            select.args = {binary(BinaryOp::Eq, nameRef(deviceParam()), intLit(0)), v, zeroValue};
            as.stmt->value = std::move(select);
        }
    }

    void finish()
    {
        if (!m_conflict.empty()) {
            TensorParallelSplit whole;
            whole.devices = m_n;
            whole.device = m_original;
            whole.notes.push_back("not split: " + m_conflict);
            m_split = std::move(whole);
            return;
        }
        // Declarations of split tensors hold a device's block.
        for (auto& d : m_split.device.decls) {
            const auto state = m_state.find(d.name);
            if (d.kind != ir::DeclKind::Tensor || state == m_state.end() || state->second.kind != Placement::Sharded)
                continue;
            auto& dim = d.dims[static_cast<size_t>(state->second.dim)];
            dim = binary(BinaryOp::FloorDiv, dim, intLit(m_n));
        }
        m_index = static_cast<int>(m_split.device.body.size());
        for (const auto& [name, decl] : m_decls) {
            if (m_results.count(name))
                continue;
            const auto state = m_state.find(name);
            const Placement p = state == m_state.end() ? Placement {} : state->second;
            if (decl.tensorKind == ir::TensorKind::Out) {
                m_split.outputs[name] = p;
                if (p.kind == Placement::Partial) {
                    Exchange x;
                    x.collective = {CollectiveKind::AllReduce, name, "partial sums of the output " + name, tensorBytes(name), m_n, 1};
                    x.source = name;
                    x.beforeStatement = m_index;
                    m_split.exchanges.push_back(std::move(x));
                } else if (p.kind == Placement::Sharded) {
                    m_split.notes.push_back("the output " + name + " stays split along dim " + std::to_string(p.dim)
                                            + " (each device holds its block; gathering it is not counted)");
                }
            } else if (isExternal(name)) {
                m_split.inputs[name] = p;
            }
        }
    }

    const ir::SizeBindings& m_sizes;
    int m_n = 1;
    TensorParallelSplit m_split;
    std::map<std::string, ir::Decl> m_decls; // the original's tensors
    ir::Program m_original;
    std::set<std::string> m_names, m_written, m_results;
    std::map<std::string, Placement> m_state;
    std::map<std::string, std::string> m_reduced, m_gathered; // tensor -> the collective's result
    std::string m_conflict;
    std::map<std::string, Placement> m_hints; // tensors a later part writes split (from the previous pass)
    std::map<std::string, Placement> m_candidates; // hints the nest being decided would give, if it splits

public:
    std::map<std::string, Placement> m_found; // new such tensors found in this pass
    int m_index = 0;
};

// How a split compares: its all-gathers, then the bytes each device holds and exchanges.
std::pair<int, double> costOf(const TensorParallelSplit& split, const ir::Program& program, const ir::SizeBindings& sizes)
{
    int gathers = 0;
    double bytes = 0;
    for (const auto& x : split.exchanges) {
        gathers += x.collective.kind == CollectiveKind::AllGather;
        bytes += x.collective.bytes;
    }
    for (const auto& d : program.decls) {
        const auto p = split.inputs.find(d.name);
        const auto shape = sizes.shapes.find(d.name);
        if (p == split.inputs.end() || shape == sizes.shapes.end())
            continue;
        double elements = 1;
        for (auto e : shape->second)
            elements *= static_cast<double>(e);
        bytes += elements * ir::dtypeStorageBits(d.dtype) / 8.0 / (p->second.kind == Placement::Sharded ? split.devices : 1);
    }
    return {gathers, bytes};
}

} // namespace

Expected<TensorParallelSplit> splitTensorParallel(const ir::Program& program, const ir::SizeBindings& sizes, int devices)
{
    if (devices < 1)
        return Expected<TensorParallelSplit>::failure(
            Diagnostic {Severity::Error,
                        program.file,
                        {},
                        "parallel.plan",
                        "tensor parallel degree " + std::to_string(devices) + ": expected 1 or more"});
    if (devices == 1) {
        TensorParallelSplit whole;
        whole.device = program;
        return whole;
    }
    // Propagation runs forward; a tensor written in parts, or copied before it is read split, learns only at a later
    // statement that it could be split, so the split is redone with what each pass learnt until nothing new is. A
    // pass can only be kept if it is no worse: fewer all-gathers first, then fewer bytes held and exchanged.
    std::map<std::string, Placement> hints;
    std::optional<TensorParallelSplit> best;
    std::pair<int, double> bestScore;
    for (int pass = 0; pass < 8; ++pass) {
        Splitter splitter(program, sizes, devices, hints);
        TensorParallelSplit split = splitter.run();
        const std::pair<int, double> score = costOf(split, program, sizes);
        if (!best || score < bestScore) {
            best = std::move(split);
            bestScore = score;
        }
        const size_t known = hints.size();
        hints.insert(splitter.m_found.begin(), splitter.m_found.end());
        if (hints.size() == known)
            break;
    }
    return std::move(*best);
}

} // namespace solar::parallel
