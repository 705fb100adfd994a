// SPDX-License-Identifier: MIT
// A program split over devices (`solar analyze --tp N`) as JSON (schema solar.parallel/1) and text: the plan, where
// each input lives, the collectives with their bytes and bounds, the per-device and system levels (communication
// overlapped and serialised), the memory each device holds, the split's validation and what was not split.
#pragma once

#include "engine/parallel/parallelanalysis.h"

#include <nlohmann/json.hpp>

#include <string>

namespace solar::report {

std::string parallelJson(const parallel::ParallelAnalysis& pa);
std::string parallelTable(const parallel::ParallelAnalysis& pa);
/// `solar inverse --tp N`: the links' part of reaching a target (the device's part is the per-device inverse).
std::string linkInverseText(const parallel::ParallelAnalysis& pa, const parallel::LinkInverse& inv, bounds::Level level,
                            double targetSeconds);
nlohmann::ordered_json linkInverseJson(const parallel::LinkInverse& inv, bounds::Level level, double targetSeconds);

} // namespace solar::report
