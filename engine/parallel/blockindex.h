// SPDX-License-Identifier: MIT
// Whether an index of a loop nest follows the blocks of one of its loop variables (docs/parallel.md): the test the
// tensor-parallel split (tensorparallel.h) makes for every access of a split dimension. Block b of a variable of
// extent E is [b*E/n, (b+1)*E/n); block b of a dimension of size S is [b*S/n, (b+1)*S/n).
#pragma once

#include "engine/ir/ast.h"
#include "engine/ir/bindings.h"
#include "engine/ir/intexpr.h"

#include <map>
#include <optional>
#include <string>
#include <vector>

namespace solar::parallel {

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

using LoopVars = std::map<std::string, LoopVar>;

/// The block tests at `sizes` for `devices` blocks.
class BlockIndex
{
public:
    BlockIndex(const ir::SizeBindings& sizes, int devices)
        : m_sizes(sizes)
        , m_n(devices)
    { }

    /// The interval of a loop bound over the loops collected so far (outer loops come first).
    ir::Interval rangeOf(const ir::Expr& e, const LoopVars& loops) const;
    /// How dimension `d` of `access` follows the blocks of loop variable `var`.
    Block blockOf(const ir::Expr& access, size_t d, const std::string& var, const LoopVars& loops) const;
    /// The first dimension of `access` cut by blocks of `var`, or -1.
    int blockDim(const ir::Expr& access, const std::string& var, const LoopVars& loops) const;
    /// The loop variables whose blocks dimension `d` of `access` follows.
    std::vector<std::string> blockVars(const ir::Expr& access, size_t d, const LoopVars& loops) const;
    /// Loop variables of `loops` an expression mentions, in order of first mention.
    static void varsOf(const ir::Expr& e, const LoopVars& loops, std::vector<std::string>& out);
    static bool mentions(const ir::Expr& e, const std::string& var);
    /// Whether `e` reads a tensor: a data-dependent index (a token's expert, a routed row's token).
    static bool indirect(const ir::Expr& e);

private:
    std::optional<ir::Interval> indexRange(const ir::Expr& e, const LoopVars& loops,
                                           const std::map<std::string, ir::Interval>& ranges) const;
    bool everyBlockInBlock(const ir::Expr& index, const std::string& var, const LoopVars& loops, std::int64_t size) const;
    bool everyPointInBlock(const ir::Expr& index, const std::string& var, const LoopVars& loops, std::int64_t size) const;

    const ir::SizeBindings& m_sizes;
    int m_n = 1;
};

} // namespace solar::parallel
