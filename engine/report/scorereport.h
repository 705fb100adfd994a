// SPDX-License-Identifier: MIT
// Kernels scored against the bound (`solar score`, `solar bench --score`): JSON (schema solar.score/1), CSV (one row
// per problem or workload) and a terminal table (then the mean SOL score, fast_p and the violations to investigate).
#pragma once

#include "engine/batch/score.h"

#include <string>

namespace solar::report {

std::string scoreJson(const batch::ScoreSummary& summary);
std::string scoreCsv(const batch::ScoreSummary& summary);
std::string scoreTable(const batch::ScoreSummary& summary);

} // namespace solar::report
