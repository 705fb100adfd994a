// SPDX-License-Identifier: MIT
// Reporters over an AnalysisResult (the google/benchmark reporter pattern): JSON (schema solar.analysis/1, units
// in every key), CSV of the operator table, and a terminal table. Also the inverse-roofline and hardware
// reporters used by the CLI. Numbers in JSON/CSV are locale-independent and unrounded.
#pragma once

#include "engine/analysis/analysis.h"
#include "engine/bounds/inverse.h"
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

/// "12.3 µs", "4.56 ms", "1.23 s": three significant digits with an SI prefix.
std::string formatSeconds(double seconds);
std::string formatShape(const std::vector<std::int64_t>& shape); // "[4, 256, 512]"
std::string formatSi(double value, const std::string& unit); // "3.35 TB/s", "989 TFLOP/s"

} // namespace solar::report
