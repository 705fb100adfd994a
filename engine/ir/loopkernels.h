// SPDX-License-Identifier: MIT
// The interpreter's numeric inner loops over its f64 storage, apart from the tree walking that chooses them
// (interpreter.cpp). Each rounds every result to the element type exactly as a store of that element would, so a
// loop run here leaves bit-for-bit what the statement-by-statement path leaves.
#pragma once

#include "engine/ir/ast.h"

#include <cstdint>

namespace solar::ir::kernels {

// Narrows [lo, hi) to the v with coef * v + rest >= 0 for each of `count` facts; false when nothing is left.
bool clipToFacts(const std::int64_t* coef, const std::int64_t* rest, std::size_t count, std::int64_t& lo, std::int64_t& hi);

// d[i * sd] = round(d[i * sd] + a[i * sa] * b[i * sb]) for i in [0, count), in order. The caller guarantees that
// d shares no element with a or b; d may repeat elements (sd = 0 is a dot product into one element).
void multiplyAdd(double* d, std::int64_t sd, const double* a, std::int64_t sa, const double* b, std::int64_t sb, std::int64_t count,
                 DType dtype);

} // namespace solar::ir::kernels
