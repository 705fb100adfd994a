// SPDX-License-Identifier: MIT
// A program on several hardware profiles (`solar compare`, analysis/comparison.h) as a text table, JSON (schema
// solar.compare/1) and CSV: each level's bound, bottleneck and speedup against the baseline profile.
#pragma once

#include "engine/analysis/comparison.h"

#include <string>

namespace solar::report {

std::string comparisonTable(const Comparison& c);
std::string comparisonJson(const Comparison& c); // schema solar.compare/1
std::string comparisonCsv(const Comparison& c);

} // namespace solar::report
