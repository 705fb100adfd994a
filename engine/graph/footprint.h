// SPDX-License-Identifier: MIT
// Compulsory footprint of one tensor access: how many distinct elements it touches over its iteration domain.
// This is what a kernel must move at least once, so it must never be over-estimated: where the exact count is
// out of reach (coupled indices, gathers, data-dependent guards, huge windows) the result is a lower bound and
// says so. A sliding window reads its input once, not once per tap: X[2p + r - 1] over p < P, r < 3, clipped to
// the tensor by its padding guard, touches min(H, 2P + 1)-ish distinct rows, counted exactly.
#pragma once

#include "engine/graph/domaincount.h"
#include "engine/ir/intexpr.h"

#include <functional>
#include <optional>

#include <string>
#include <vector>

namespace solar::graph {

struct Footprint
{
    double elements = 0;
    bool exact = true;
    std::string note;
};

/// What every access of one statement shares: its loops' value ranges, which loops depend on which, and the
/// facts its guards establish. Built once per statement; loop variable i resolves to slot i.
class FootprintScope
{
public:
    explicit FootprintScope(const ir::SizeBindings& sizes);
    FootprintScope(const std::vector<LoopSpec>& loops, const std::vector<GuardSpec>& guards, const ir::SizeBindings& sizes);
    FootprintScope(const FootprintScope&) = delete;
    FootprintScope& operator=(const FootprintScope&) = delete;

    /// Re-targets the scope at another statement, keeping its buffers (the lifter reuses one scope).
    void reset(const std::vector<LoopSpec>& loops, const std::vector<GuardSpec>& guards);

    const ir::NameResolver& resolver() const { return m_resolve; }
    /// Every loop's bounds are constants (no loop depends on another): the domain, unguarded, is a box.
    bool rectangular() const { return m_rectangular; }
    /// Trip count of loop `slot` when rectangular() (its values: range.lo, range.lo + step, ...).
    double tripCount(int slot) const { return m_values[slot].count(); }
    /// The values loop `slot` ranges over (rectangular() scopes).
    const ir::Interval& range(int slot) const { return m_values[slot].range; }
    /// The domain's exact point count when the caller has it (it saves counting again); otherwise the scope counts
    /// it itself, on demand.
    void setDomainPoints(double points, bool exact);
    double domainPoints() const;
    /// An upper bound on the number of distinct values loop `slot` takes over the domain (infinite when unknown).
    double valueCountUpper(int slot) const;
    /// Some guard is more than a conjunction of affine comparisons (`%`, `||`, `!=`, ternaries, non-affine parts):
    /// the facts miss part of it, so footprints fall back to a projection bound (see footprint.cpp).
    bool inexactGuards() const { return m_inexactGuards; }
    /// The values of a constant tensor (an index array whose values the program holds: a workload's page list), or
    /// null. With it, a gather through such an array counts the distinct rows it names instead of one.
    using ConstValues = std::function<const std::vector<double>*(const std::string& tensor)>;
    void setConstValues(ConstValues values) { m_constValues = std::move(values); }
    /// A gather index `C[v]` over all of a constant 1-D C (v a loop variable running over C's whole length, in a
    /// rectangular domain): the distinct values of C inside [0, extent), v's slot, and the least and largest value.
    struct GatheredRows
    {
        double rows = 0;
        int slot = 0;
        std::int64_t lo = 0, hi = -1;
    };
    std::optional<GatheredRows> gatheredRows(const ir::Expr& index, std::int64_t extent) const;
    /// `forms` holds each index's affine form (nullopt where it has none), as computed with resolver().
    Footprint footprint(const ir::Expr& access, const std::vector<std::optional<ir::AffineForm>>& forms,
                        const std::vector<std::int64_t>& shape) const;

    struct FactPair
    {
        int partner = -1; // the fact bounding the same expression from the other side
        std::int64_t width = 0; // hi - lo
    };

    struct VarValues
    {
        ir::Interval range;
        std::int64_t step = 1;
        bool known = true; // false: the union of its per-iteration ranges may have gaps
        double count() const;
    };

private:
    Footprint projectionFootprint(const std::vector<std::optional<ir::AffineForm>>& forms) const;
    Footprint unclippedFootprint(const ir::Expr& access, const std::vector<std::optional<ir::AffineForm>>& forms,
                                 const std::vector<std::int64_t>& shape) const;

    const std::vector<LoopSpec>* m_loops = nullptr;
    const ir::SizeBindings& m_sizes;
    ir::NameResolver m_resolve;
    ConstValues m_constValues;
    std::vector<VarValues> m_values;
    std::vector<std::uint64_t> m_boundDeps; // per loop: bit i set when its bounds use loop i (bit 63: any slot >= 63)
    std::vector<ir::AffineForm> m_facts;
    std::vector<FactPair> m_factPairs;
    const std::vector<GuardSpec>* m_guards = nullptr;
    bool m_dataDependent = false;
    bool m_inexactGuards = false;
    bool m_emptyDomain = false;
    mutable double m_points = -1; // < 0: not counted yet
    mutable bool m_pointsExact = true;
    bool m_rectangular = true;
    // Reused across this statement's accesses, so each access allocates nothing new.
    mutable std::vector<VarValues> m_scratchValues;
    mutable std::vector<char> m_scratchUsedFlag;
    mutable std::vector<int> m_scratchUsed;
    mutable std::vector<int> m_scratchDims;
    mutable std::vector<ir::Interval> m_scratchClip;
    mutable std::vector<int> m_scratchLinks;
};

} // namespace solar::graph
