// SPDX-License-Identifier: MIT
#include "engine/ir/nestorder.h"

#include <algorithm>
#include <numeric>

namespace solar::ir {

namespace {

constexpr int kBandSlot = 1 << 20; // band variables resolve to slots from here, apart from the enclosing loops'

bool readsTensor(const Expr& e, const std::string& name)
{
    if (e.kind == ExprKind::Access && e.name == name)
        return true;
    return std::any_of(e.args.begin(), e.args.end(), [&](const Expr& a) { return readsTensor(a, name); });
}

bool readsAnyTensor(const Expr& e)
{
    return e.kind == ExprKind::Access || std::any_of(e.args.begin(), e.args.end(), readsAnyTensor);
}

bool singleInside(const std::vector<std::int64_t>& trips) // a one-iteration loop inside a longer one
{
    for (size_t i = 1; i < trips.size(); ++i)
        if (trips[i] == 1
            && std::any_of(trips.begin(), trips.begin() + static_cast<std::ptrdiff_t>(i), [](std::int64_t t) { return t > 1; }))
            return true;
    return false;
}

// One-iteration loops first (they bind a constant), then the others as written with `inner` last; `reverse`, if
// any, runs descending.
LoopOrder moved(const std::vector<std::int64_t>& trips, size_t inner, size_t reverse)
{
    LoopOrder order;
    for (size_t i = 0; i < trips.size(); ++i)
        if (trips[i] == 1)
            order.ranges.push_back(i);
    for (size_t i = 0; i < trips.size(); ++i)
        if (trips[i] > 1 && i != inner)
            order.ranges.push_back(i);
    order.ranges.push_back(inner);
    for (size_t i : order.ranges)
        order.reversed.push_back(i == reverse);
    return order;
}

// Where iterations collide on the target's flat address, with every index proven in bounds: two iterations share
// an element exactly when every index agrees. A dimension indexed by two loops P before R with coefficients of one
// sign (a transposed convolution's `p + r`, `2 * p + r`) fixes R's step from P's with the opposite sign, so running
// R descending and P innermost keeps each element's updates in order — provided no loop between P and R could
// differ between two such iterations (it has one iteration, or indexes a dimension alone). Every other loop keeps
// its place; one pair moves, the one with the longest P.
LoopOrder pairOrder(const Stmt& band, const NameResolver& resolve, const std::vector<std::int64_t>& trips, const Stmt& assign)
{
    const size_t n = band.ranges.size();
    LoopOrder order = asWritten(n);
    // Per loop: the dimension it indexes (-1 none, -2 several) and its coefficient there.
    std::vector<int> dimOf(n, -1);
    std::vector<std::int64_t> coefOf(n, 0);
    std::vector<std::vector<size_t>> loopsOf(assign.target.args.size());
    for (size_t d = 0; d < assign.target.args.size(); ++d) {
        const auto f = toAffine(assign.target.args[d], resolve);
        if (!f)
            return order;
        for (const auto& [slot, c] : f->terms) {
            if (slot < kBandSlot)
                continue;
            const auto i = static_cast<size_t>(slot - kBandSlot);
            if (trips[i] == 1)
                continue;
            dimOf[i] = dimOf[i] == -1 ? static_cast<int>(d) : -2;
            coefOf[i] = c;
            loopsOf[d].push_back(i);
        }
    }
    size_t current = n;
    for (size_t i = 0; i < n; ++i)
        if (trips[i] > 1)
            current = i;
    size_t bestP = n, bestR = n;
    for (const auto& loops : loopsOf) {
        if (loops.size() != 2)
            continue;
        const size_t p = std::min(loops[0], loops[1]), r = std::max(loops[0], loops[1]);
        if (dimOf[p] < 0 || dimOf[r] < 0 || (coefOf[p] > 0) != (coefOf[r] > 0))
            continue;
        bool between = true;
        for (size_t i = p + 1; i < r; ++i)
            between = between && (trips[i] == 1 || (dimOf[i] >= 0 && loopsOf[static_cast<size_t>(dimOf[i])].size() == 1));
        if (between && (bestP == n || trips[p] >= trips[bestP])) { // ties: the later, usually contiguous, dimension
            bestP = p;
            bestR = r;
        }
    }
    if (bestP == n || current == n || trips[bestP] < 2 * trips[current])
        return order;
    return moved(trips, bestP, bestR);
}

} // namespace

LoopOrder asWritten(size_t n)
{
    LoopOrder order;
    order.ranges.resize(n);
    std::iota(order.ranges.begin(), order.ranges.end(), size_t(0));
    order.reversed.assign(n, false);
    return order;
}

LoopOrder executionOrder(const Stmt& band, const NameResolver& outer, const std::map<std::string, std::vector<std::int64_t>>& shapes,
                         bool targetInBounds)
{
    const size_t n = band.ranges.size();
    LoopOrder order = asWritten(n);
    if (n < 2 || band.body.size() != 1)
        return order;
    const Stmt* assign = &band.body.front();
    if (assign->kind == StmtKind::If) {
        if (!assign->orelse.empty() || assign->body.size() != 1 || readsAnyTensor(assign->cond))
            return order;
        assign = &assign->body.front();
    }
    if (assign->kind != StmtKind::Assign || readsTensor(assign->value, assign->target.name))
        return order;
    const auto shape = shapes.find(assign->target.name);
    if (shape == shapes.end() || shape->second.size() != assign->target.args.size())
        return order;
    const NameResolver resolve = [&](const std::string& name) -> NameValue {
        for (size_t i = n; i-- > 0;)
            if (band.ranges[i].var == name)
                return {NameValue::Variable, kBandSlot + static_cast<std::int64_t>(i)};
        return outer(name);
    };
    // Each loop's trip count (its bounds constant around the band) and how far one iteration moves the target.
    std::vector<std::int64_t> trips(n), move(n, 0);
    for (size_t i = 0; i < n; ++i) {
        const LoopRange& r = band.ranges[i];
        const auto lo = toAffine(r.lo, resolve), hi = toAffine(r.hi, resolve);
        if (!lo || !hi || !lo->isConstant() || !hi->isConstant())
            return order;
        trips[i] = hi->constant > lo->constant ? (hi->constant - lo->constant + r.step - 1) / r.step : 0;
        if (trips[i] == 0)
            return order;
    }
    std::int64_t stride = 1;
    for (size_t d = assign->target.args.size(); d-- > 0;) {
        const auto f = toAffine(assign->target.args[d], resolve);
        if (!f)
            return order;
        for (const auto& [slot, c] : f->terms)
            if (slot >= kBandSlot) {
                const auto i = static_cast<size_t>(slot - kBandSlot);
                const auto step = checkedMul(c, band.ranges[i].step);
                const auto term = step ? checkedMul(*step, stride) : std::nullopt;
                const auto sum = term ? checkedAdd(move[i], *term) : std::nullopt;
                if (!sum)
                    return order;
                move[i] = *sum;
            }
        const auto next = checkedMul(stride, std::max<std::int64_t>(shape->second[d], 1));
        if (!next)
            return order;
        stride = *next;
    }
    // The loops that move the target must send no two iterations to one element: by increasing stride, each
    // stride exceeds the span of the smaller ones (mixed radix).
    std::vector<size_t> moving;
    for (size_t i = 0; i < n; ++i)
        if (trips[i] > 1 && move[i] != 0)
            moving.push_back(i);
    std::sort(moving.begin(), moving.end(), [&](size_t a, size_t b) { return std::abs(move[a]) < std::abs(move[b]); });
    std::int64_t span = 0;
    for (size_t i : moving) {
        if (std::abs(move[i]) <= span)
            return targetInBounds ? pairOrder(band, resolve, trips, *assign) : order;
        const auto extent = checkedMul(std::abs(move[i]), trips[i] - 1);
        const auto next = extent ? checkedAdd(span, *extent) : std::nullopt;
        if (!next)
            return order;
        span = *next;
    }
    // Innermost: the longest of the moving loops and the last reduction loop (the reductions keep their order);
    // ties go to the later loop, which is usually the contiguous one.
    size_t lastReduction = n, current = n;
    for (size_t i = 0; i < n; ++i) {
        if (trips[i] > 1 && move[i] == 0)
            lastReduction = i;
        if (trips[i] > 1)
            current = i;
    }
    if (current == n)
        return order; // every loop runs once
    size_t best = current;
    for (size_t i = 0; i < n; ++i)
        if ((move[i] != 0 || i == lastReduction) && trips[i] > 1 && trips[i] >= trips[best])
            best = i;
    // Worth it only for a clearly longer innermost loop, or to take one-iteration loops out of the nest's inside.
    const bool longer = best != current && trips[best] >= 2 * trips[current];
    if (!longer && !singleInside(trips))
        return order;
    return moved(trips, longer ? best : current, n);
}

} // namespace solar::ir
