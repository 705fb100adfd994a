// SPDX-License-Identifier: MIT
// The inverse roofline (`solar inverse`) as JSON (schema solar.inverse/1) and text: what DRAM bandwidth, compute
// and on-chip memory a target time needs, at the current other resources and whatever the rest.
#pragma once

#include "engine/analysis/analysis.h"
#include "engine/bounds/inverse.h"

#include <string>

namespace solar::report {

std::string inverseJson(const AnalysisResult& result, const bounds::Inverse& inverse);
std::string inverseTable(const AnalysisResult& result, const bounds::Inverse& inverse);

} // namespace solar::report
