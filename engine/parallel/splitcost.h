// SPDX-License-Identifier: MIT
// How a split is described and compared (tensorparallel.cpp keeps the best of its passes by this cost).
#pragma once

#include "engine/parallel/tensorparallel.h"

#include <tuple>

namespace solar::parallel {

/// The work one device runs (iteration points), then its all-gathers, then the bytes each device holds and
/// exchanges: smaller is better, in that order.
std::tuple<double, int, double> splitCost(const TensorParallelSplit& split, const ir::Program& program, const ir::SizeBindings& sizes);

} // namespace solar::parallel
