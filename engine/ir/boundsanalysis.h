// SPDX-License-Identifier: MIT
// Interval analysis of every tensor access at bound sizes. It tells the checker which accesses are provably in
// bounds, which are provably out of bounds (an error), and which need a run-time check; the interpreter skips the
// check where it is proven. Guards (`if` conditions and the branches of `c ? a : b`) that are conjunctions of
// affine comparisons refine the intervals, which is how a padded convolution's guarded reads are proven safe.
//
// Loop variables live in slots: a variable's slot is the number of loop ranges enclosing it. The interpreter uses
// the same numbering.
#pragma once

#include "engine/ir/ast.h"
#include "engine/ir/bindings.h"
#include "engine/ir/intexpr.h"

#include <optional>
#include <unordered_map>
#include <vector>

namespace solar::ir {

struct AccessBounds
{
    std::vector<Interval> dims; // values each index can take (sound over-approximation)
    bool proven = false; // every index lies within its dimension whenever the access executes
    bool reachable = true; // false when an enclosing loop never runs at these sizes
    bool exact = false; // the intervals are attained, so a violation is certain, not just possible
    int badDim = -1; // first dimension that is not proven in bounds
    // The row-major flat address as one affine form, where each index is a digit of it (`(e // stride) % size`, as
    // a folded view writes them: views.cpp) and the whole lies within the tensor: the access is affine after all.
    std::optional<AffineForm> flat;
};

using BoundsMap = std::unordered_map<const Expr*, AccessBounds>;

/// Keys are the Access nodes of `program`, which must outlive the map and have passed the checker's name checks.
BoundsMap analyzeBounds(const Program& program, const SizeBindings& bindings);

/// Facts "f >= 0" implied by a condition that is a conjunction of affine comparisons (others contribute nothing).
std::vector<AffineForm> factsOf(const Expr& cond, const NameResolver& resolve, bool negated);

/// The facts equivalent to the condition (negated: to its negation), when it is exactly a conjunction of affine
/// comparisons; nullopt when the condition says more than facts can (`!=`, `||`, tensor reads, non-affine parts).
std::optional<std::vector<AffineForm>> exactFacts(const Expr& cond, const NameResolver& resolve, bool negated = false);

} // namespace solar::ir
