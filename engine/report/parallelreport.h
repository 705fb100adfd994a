// SPDX-License-Identifier: MIT
// A program split over devices (`solar analyze --tp N`) as JSON (schema solar.parallel/1) and text: the plan, where
// each input lives, the collectives with their bytes and bounds, the per-device and system levels (communication
// overlapped and serialised), the memory each device holds, the split's validation and what was not split.
#pragma once

#include "engine/parallel/parallelanalysis.h"

#include <nlohmann/json.hpp>

#include <map>
#include <optional>
#include <string>
#include <vector>

namespace solar::report {

/// Each tensor's placement: {"placement": "split", "dim": 1}, "replicated" or "partial" (solar.parallel/1 and
/// solar.parallel.plan/1).
nlohmann::ordered_json placementsJson(const std::map<std::string, parallel::Placement>& placements);
std::string parallelJson(const parallel::ParallelAnalysis& pa);
std::string parallelTable(const parallel::ParallelAnalysis& pa);
/// One device count of `solar analyze --sweep tp=LIST`: its split, or why there is none (a plan the profile cannot
/// run, nothing split).
struct ParallelSweepRow
{
    int devices = 1;
    std::optional<parallel::ParallelAnalysis> analysis;
    std::string error;
};
std::string parallelSweepTable(const std::vector<ParallelSweepRow>& rows);
std::string parallelSweepJson(const std::vector<ParallelSweepRow>& rows); // solar.parallel.sweep/1

/// `solar inverse --tp N`: the links' part of reaching a target (the device's part is the per-device inverse).
std::string linkInverseText(const parallel::ParallelAnalysis& pa, const parallel::LinkInverse& inv, bounds::Level level,
                            double targetSeconds);
nlohmann::ordered_json linkInverseJson(const parallel::LinkInverse& inv, bounds::Level level, double targetSeconds);

} // namespace solar::report
