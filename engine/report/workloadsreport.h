// SPDX-License-Identifier: MIT
// A problem's workloads (`solar analyze PROBLEM_DIR`): JSON (schema solar.workloads/1: the definition and, per
// workload, uuid, axes, status, totals and bounds as in solar.analysis/1, validation) and a terminal table (one row per
// workload: its var axes, F0..F4, the fused bottleneck, validation; then why each workload that is not ok is not).
#pragma once

#include "engine/problem/problemanalysis.h"

#include <string>

namespace solar::report {

std::string workloadsJson(const problem::ProblemAnalysis& problem, const hw::HwProfile& hardware, const AnalysisOptions& options);
std::string workloadsTable(const problem::ProblemAnalysis& problem, const hw::HwProfile& hardware);

} // namespace solar::report
