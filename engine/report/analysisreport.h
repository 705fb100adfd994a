// SPDX-License-Identifier: MIT
// Reporters over an AnalysisResult (the google/benchmark reporter pattern): JSON (schema solar.analysis/1, units
// in every key), CSV of the operator table, and a terminal table. Also the inverse-roofline and hardware
// reporters used by the CLI. Numbers in JSON/CSV are locale-independent and unrounded.
#pragma once

#include "engine/analysis/analysis.h"
#include "engine/bounds/inverse.h"
#include "engine/core/format.h"
#include "engine/hw/registry.h"

#include <cstdint>
#include <string>
#include <vector>

namespace solar::report {

std::string analysisJson(const AnalysisResult& result);
std::string analysisCsv(const AnalysisResult& result);
std::string analysisTable(const AnalysisResult& result);

std::string inverseJson(const AnalysisResult& result, const bounds::Inverse& inverse);
std::string inverseTable(const AnalysisResult& result, const bounds::Inverse& inverse);

std::string hwListTable(const hw::HwRegistry& registry);
std::string hwShowTable(const hw::HwProfile& profile);

} // namespace solar::report
