// SPDX-License-Identifier: MIT
// `solar llm CONFIG --tp N`: the serving estimate of one device and each phase split over N devices, as text and as
// JSON (schema solar.llm.parallel/1): time to first token and the per-token decode bound with the collectives
// overlapped (the bound) and serialised, the communication's share, and what each device holds against its memory.
#pragma once

#include "engine/parallel/parallelanalysis.h"
#include "engine/serving/servingestimate.h"

#include <optional>
#include <string>

namespace solar::report {

struct ParallelServing
{
    int devices = 1;
    std::optional<parallel::ParallelAnalysis> prefill, decode;
    double residentBytes() const; // the larger phase's bytes per device (the decode step holds the KV cache)
    bool fits() const;
};

std::string parallelServingTable(const serving::ServingEstimate& estimate, const ParallelServing& split);
std::string parallelServingJson(const serving::ServingEstimate& estimate, const ParallelServing& split);

} // namespace solar::report
