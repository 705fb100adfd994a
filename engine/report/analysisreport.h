// SPDX-License-Identifier: MIT
// The analysis reporter (the google/benchmark reporter pattern, one reporter per file under engine/report/): JSON
// (schema solar.analysis/1, units in every key), CSV of the operator table, and a terminal table. Numbers in JSON and
// CSV are locale-independent and unrounded.
#pragma once

#include "engine/analysis/analysis.h"
#include "engine/core/format.h"
#include "engine/insights/insights.h"
#include "engine/measure/profiletrace.h"

#include <nlohmann/json.hpp>

#include <optional>
#include <string>
#include <vector>

namespace solar::report {

/// What an analysis report or export carries beyond the analysis itself: the ops' measured times (a profiler trace or
/// `solar measure`), the insights computed with them, the trace's match summary. The one bundle for the CLI's
/// reporters and the GUI's exports (render/pdfreport.h's ReportInput holds one).
struct ReportExtras
{
    std::optional<insights::Insights> insights; // none: those of the analysis alone are computed
    std::vector<std::optional<double>> measuredNodeSeconds; // per node (insights::measuredNodeSeconds); empty: none
    std::optional<measure::TraceMatch> trace;

    /// The given insights, else those of `result` alone: every export has its optimisation opportunities.
    insights::Insights insightsFor(const AnalysisResult& result) const;
};

std::string analysisJson(const AnalysisResult& result, const ReportExtras& extras = {});
/// solar.analysis/1's "totals" (macs, flops, other_ops, bytes per level) and "bounds" (each level), for the reports
/// that embed an analysis's numbers (solar.workloads/1).
nlohmann::ordered_json totalsJson(const AnalysisResult& result);
nlohmann::ordered_json boundsJson(const AnalysisResult& result);
/// The operator table; with measured times, measured_seconds and headroom (measured / unfused_per_kernel) columns.
std::string analysisCsv(const AnalysisResult& result, const ReportExtras& extras = {});
std::string analysisTable(const AnalysisResult& result, const ReportExtras& extras = {});
} // namespace solar::report
