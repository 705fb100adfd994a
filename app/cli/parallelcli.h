// SPDX-License-Identifier: MIT
// `solar analyze FILE --tp N` and `--sweep tp=LIST`: the analysed program split over devices (docs/parallel.md).
#pragma once

#include "app/cli/command.h"

#include "engine/analysis/analysis.h"

#include <iosfwd>
#include <string>
#include <vector>

namespace solar::cli {

/// --tp N: the split's report (table or json); exit 1 for a plan the profile cannot run, nothing split over N > 1
/// devices, a split that does not fit or fails its validation, or incomplete coverage.
int analyzeParallel(const Args& args, const AnalysisResult& whole, int devices, const std::string& format, std::ostream& out,
                    std::ostream& err);
/// --sweep tp=LIST: one row per device count; a count the profile cannot run is a row that says why (exit 1).
int analyzeParallelSweep(const AnalysisResult& whole, const std::vector<int>& counts, const std::string& format, std::ostream& out,
                         std::ostream& err);
/// The device counts of --sweep tp=1,2,4,8 (a usage error for anything else).
std::vector<int> parseTpSweep(const std::vector<std::string>& specs);

} // namespace solar::cli
