// SPDX-License-Identifier: MIT
// What every report says when an analysis is of its program's least contraction order (AnalysisResult::asWritten):
// the rewrites, and the work and bounds as written beside the least order's, so both are shown and the rewrite is
// named (text lines for tables, the GUI and the PDF; one JSON object).
#pragma once

#include "engine/analysis/analysis.h"

#include <nlohmann/json.hpp>

#include <string>
#include <vector>

namespace solar::report {

/// Empty when the analysis is of the program as written. Otherwise a summary line (MACs and the cache_aware bound,
/// as written and in the least order), then one line per rewrite.
std::vector<std::string> leastOrderLines(const AnalysisResult& r);

/// null when the analysis is of the program as written; otherwise {"rewrites": [...], "as_written": {"macs",
/// "bounds_seconds"}, "least_order": {"macs", "bounds_seconds"}}.
nlohmann::ordered_json leastOrderJson(const AnalysisResult& r);

} // namespace solar::report
