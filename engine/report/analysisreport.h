// SPDX-License-Identifier: MIT
// Reporters over an AnalysisResult (the google/benchmark reporter pattern): JSON (schema solar.analysis/1, units
// in every key), CSV of the operator table, and a terminal table. Also the inverse-roofline and hardware
// reporters used by the CLI. Numbers in JSON/CSV are locale-independent and unrounded.
#pragma once

#include "engine/analysis/analysis.h"
#include "engine/bounds/inverse.h"
#include "engine/core/format.h"
#include "engine/hw/registry.h"
#include "engine/insights/insights.h"
#include "engine/measure/profiletrace.h"

#include <cstdint>
#include <string>
#include <vector>

namespace solar::report {

/// What an analysis export carries beyond the analysis itself: the ops' measured times (a profiler trace or
/// `solar measure`), the insights computed with them, the trace's match summary. Without insights, those of the
/// analysis alone are computed: every export has its optimisation opportunities.
struct ReportExtras
{
    const insights::Insights* insights = nullptr;
    const std::vector<std::optional<double>>* measuredNodeSeconds = nullptr; // insights::measuredNodeSeconds
    const measure::TraceMatch* trace = nullptr;
};

std::string analysisJson(const AnalysisResult& result, const ReportExtras& extras = {});
/// The operator table; with measured times, measured_seconds and headroom (measured / unfused_per_kernel) columns.
std::string analysisCsv(const AnalysisResult& result, const ReportExtras& extras = {});
std::string analysisTable(const AnalysisResult& result, const ReportExtras& extras = {});
/// The optimisation opportunities as CSV, one row each (rank, kind, saved_seconds, ..., explanation).
std::string insightsCsv(const AnalysisResult& result, const insights::Insights& insights);

std::string inverseJson(const AnalysisResult& result, const bounds::Inverse& inverse);
std::string inverseTable(const AnalysisResult& result, const bounds::Inverse& inverse);

std::string hwListTable(const hw::HwRegistry& registry);
std::string hwShowTable(const hw::HwProfile& profile);

} // namespace solar::report
