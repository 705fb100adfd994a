// SPDX-License-Identifier: MIT
// Exact point counts of iteration domains: nested loops with affine or integer bounds (triangular bounds
// included) and guards. Loops that nothing else refers to contribute their trip count as a factor; the others
// are enumerated, with the innermost one counted in closed form when its guards are affine, so a causal
// attention score loop costs O(T) to count, not O(T^2). Counting never reads tensors: a guard that does
// (data-dependent control) makes the count a lower bound (0) and says so.
#pragma once

#include "engine/ir/ast.h"
#include "engine/ir/bindings.h"

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace solar::graph {

struct LoopSpec
{
    std::string_view var; // views into the program's AST, which outlives every LoopSpec
    const ir::Expr* lo = nullptr;
    const ir::Expr* hi = nullptr;
    std::int64_t step = 1;
    bool outsideBlock = false; // the loop's statement is in no @op block (it may enclose one)
};

struct GuardSpec
{
    const ir::Expr* cond = nullptr;
    bool negated = false; // the statement sits in the else branch
    bool outsideBlock = false; // the if statement is in no @op block (it may enclose one)
};

struct DomainCount
{
    double points = 0;
    bool exact = true;
    std::string note; // why the count is a lower bound, when it is
};

/// `budget` caps the evaluations spent enumerating dependent loops; past it the count so far is returned as a
/// lower bound.
DomainCount countDomain(const std::vector<LoopSpec>& loops, const std::vector<GuardSpec>& guards, const ir::SizeBindings& sizes,
                        std::uint64_t budget = 50'000'000);

} // namespace solar::graph
