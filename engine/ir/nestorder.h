// SPDX-License-Identifier: MIT
// The order the interpreter runs a band's loops in. A band whose body is one assignment (under an optional guard)
// that reads nothing of the tensor it writes may run its loops in another order and leave bit-for-bit the same
// tensors, provided every element receives its updates in the same sequence: the loops that do not move the target
// (the reduction's) keep their nesting order, and the ones that do move it never send two iterations to one element.
// A convolution as the trace route lowers it (`for c, p, r, q, s`) then runs its longest admissible loop innermost —
// an output row, or the input channels of a 1x1 kernel — where the interpreter's specialised loops pay off, and
// loops of one iteration (a 1x1 kernel's taps) move out of the way.
#pragma once

#include "engine/ir/ast.h"
#include "engine/ir/intexpr.h"

#include <cstdint>
#include <map>
#include <string>
#include <vector>

namespace solar::ir {

struct LoopOrder
{
    std::vector<size_t> ranges; // indices into band.ranges, outermost first
    std::vector<bool> reversed; // per position: the loop runs from its last value down to its first
    bool operator==(const LoopOrder&) const = default;
};

/// The loops of a band of `n` ranges as written.
LoopOrder asWritten(size_t n);

/// The order to run `band.ranges` in: the identity where no other order is provably equivalent or none pays.
/// `outer` resolves the names in scope around the band (sizes and enclosing loop variables); the band's bounds must
/// be constants there for anything to move. `targetInBounds`: the bounds analysis proved the target's every index
/// within its dimension, so two iterations write one element only where each index agrees — which lets a
/// transposed convolution's output column `p + r` run with the taps `r` descending and `p` innermost (for one
/// element, `r` descending is `p` ascending: its updates keep their order).
LoopOrder executionOrder(const Stmt& band, const NameResolver& outer, const std::map<std::string, std::vector<std::int64_t>>& shapes,
                         bool targetInBounds);

} // namespace solar::ir
