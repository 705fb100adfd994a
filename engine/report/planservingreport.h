// SPDX-License-Identifier: MIT
// `solar llm CONFIG --pp N` (or --plan FILE): each serving phase under a whole parallel plan, as text and as JSON
// (schema solar.llm.plan/1): time to first token and the per-token decode bound through the pipeline, with the
// communication overlapped (the bound) and serialised, and the memory a device holds against its capacity.
#pragma once

#include "engine/parallel/plananalysis.h"
#include "engine/serving/servingestimate.h"

#include <optional>
#include <string>

namespace solar::report {

struct PlanServing
{
    std::optional<parallel::PlanAnalysis> prefill, decode;
    bool fits() const;
};

std::string planServingTable(const serving::ServingEstimate& estimate, const PlanServing& plan);
std::string planServingJson(const serving::ServingEstimate& estimate, const PlanServing& plan);

} // namespace solar::report
