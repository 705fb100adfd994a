// SPDX-License-Identifier: MIT
// The `solar llm` reporter: one estimate as a table (per-phase ladder, time to first token, per-token decode
// bound, tokens/s ceiling, bytes split, memory fit), a sweep as one row per batch x context point, and both as
// JSON (schema solar.llm/1, units in every key) and CSV (one row per point and phase).
#pragma once

#include "engine/serving/servingestimate.h"

#include <string>
#include <vector>

namespace solar::report {

std::string servingTable(const serving::ServingEstimate& estimate);
std::string servingSweepTable(const std::vector<serving::ServingEstimate>& points);
std::string servingJson(const std::vector<serving::ServingEstimate>& points);
std::string servingCsv(const std::vector<serving::ServingEstimate>& points);

} // namespace solar::report
