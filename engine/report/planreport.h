// SPDX-License-Identifier: MIT
// A program under a whole parallel plan (`solar analyze --pp/--dp/--cp/--plan`) as JSON (schema
// solar.parallel.plan/1) and text: the plan and its devices, the data and context cuts with their collectives, each
// pipeline stage (its statements, its tensor split, its own time, what it sends), the system's levels with the
// pipeline's fill and drain and the communication overlapped (the bound) and serialised, and the memory a device
// holds (inputs and weights, intermediates, optimizer state) against its capacity.
#pragma once

#include "engine/parallel/plananalysis.h"

#include <string>

namespace solar::report {

std::string planTable(const parallel::PlanAnalysis& pa, const AnalysisResult& whole);
std::string planJson(const parallel::PlanAnalysis& pa, const AnalysisResult& whole);

} // namespace solar::report
