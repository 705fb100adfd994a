// SPDX-License-Identifier: MIT
// Insights as text and JSON (schema solar.insights/1): the ranked opportunities with their evidence and, when a
// profiler trace was matched, how much of its ATen time was matched and what was not. The report and export
// writers (report/analysisreport.h) embed the same JSON section; the CSV form lists one opportunity per row.
#pragma once

#include "engine/insights/insights.h"
#include "engine/measure/profiletrace.h"

#include <nlohmann/json_fwd.hpp>

#include <string>

namespace solar::report {

/// The "opportunities" array and totals (no file or trace fields): what analysis exports embed.
nlohmann::ordered_json opportunitiesJson(const AnalysisResult& analysis, const insights::Insights& insights);
/// The trace's match summary: matched/unmatched ATen self time, the unmatched op names.
nlohmann::ordered_json traceJson(const measure::TraceMatch& match);

std::string insightsJson(const AnalysisResult& analysis, const insights::Insights& insights, const measure::TraceMatch* trace = nullptr);
/// The optimisation opportunities as CSV, one row each (rank, kind, saved_seconds, ..., explanation).
std::string insightsCsv(const AnalysisResult& analysis, const insights::Insights& insights);
/// `top`: the first opportunities shown (0: all).
std::string insightsText(const AnalysisResult& analysis, const insights::Insights& insights, const measure::TraceMatch* trace = nullptr,
                         int top = 0);

} // namespace solar::report
