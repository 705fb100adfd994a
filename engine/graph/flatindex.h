// SPDX-License-Identifier: MIT
// A reshape that merges dimensions reads its base through one flat index: base[E // s0 % n0, E // s1 % n1, ...,
// E % nk] (the trace lowering writes this when a view's dimension spans several of its base's). When the strides
// chain (s_i = s_{i+1} * n_{i+1}, the last 1), the digits are E in mixed radix, so the access touches exactly as
// many elements as E takes values in [0, s0 * n0): the footprint of a one-dimensional access, counted exactly.
#pragma once

#include "engine/ir/ast.h"
#include "engine/ir/intexpr.h"

#include <cstdint>
#include <optional>

namespace solar::graph {

struct FlatIndex
{
    ir::Expr flat; // E
    std::int64_t span = 0; // s0 * n0: the digits are injective for E in [0, span); 0 when the outermost has no %
};

/// The common flat index of `access`'s indices, when every index is a constant or a digit of it (and at least one
/// is a digit); nullopt otherwise.
std::optional<FlatIndex> flatIndexOf(const ir::Expr& access, const ir::NameResolver& resolve);

} // namespace solar::graph
