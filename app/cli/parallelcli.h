// SPDX-License-Identifier: MIT
// `solar analyze FILE --tp N` and `--sweep tp=LIST`: the analysed program split over devices (docs/parallel.md).
#pragma once

#include "app/cli/command.h"

#include "engine/analysis/analysis.h"
#include "engine/parallel/plan.h"

#include <iosfwd>
#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace solar::cli {

/// --tp N: the split's report (table or json); exit 1 for a plan the profile cannot run, nothing split over N > 1
/// devices, a split that does not fit or fails its validation, or incomplete coverage.
int analyzeParallel(const Args& args, const AnalysisResult& whole, int devices, const std::string& format, std::ostream& out,
                    std::ostream& err);
/// --sweep tp=LIST: one row per device count; a count the profile cannot run is a row that says why (exit 1).
int analyzeParallelSweep(const AnalysisResult& whole, const std::vector<int>& counts, const std::string& format, std::ostream& out,
                         std::ostream& err);
/// --sweep tp=LIST with --shard I/N: every N-th device count from the I-th, for sweeps across machines.
std::vector<int> shardOf(const std::vector<int>& counts, std::pair<int, int> shard);
/// The device counts of --sweep tp=1,2,4,8 (a usage error for anything else).
std::vector<int> parseTpSweep(const std::vector<std::string>& specs);

/// `solar inverse FILE --target-ms T --sweep tp=LIST`: how many devices the target needs — the smallest count of the
/// list whose overlapped bound at `level` reaches it (json: solar.inverse.devices/1); exit 1 when none does.
int inverseDevices(const AnalysisResult& whole, const std::vector<int>& counts, bounds::Level level, double targetSeconds,
                   const std::string& format, std::ostream& out, std::ostream& err);

/// The plan that --plan FILE or --pp/--dp/--cp/--micro-batches/--optimizer/--zero (with --tp) give; nullopt when only
/// --tp (or nothing) is given. Usage errors for mixing --plan with those options; a plan file that does not parse
/// is bad input (its diagnostics).
Expected<std::optional<parallel::Plan>> planOption(const Args& args);
/// The plan's report (table or json: solar.parallel.plan/1); exit 1 for a plan the profile or program cannot take,
/// a plan that does not fit, a split that fails its validation, or incomplete coverage.
int analyzeWithPlan(const AnalysisResult& whole, const parallel::Plan& plan, const std::string& format, std::ostream& out,
                    std::ostream& err);
/// solar bench --merge of solar.parallel.sweep/1 files (the shards of one --sweep): one sweep, points by device count.
int mergeParallelSweeps(const std::vector<std::string>& paths, const std::string& format, std::ostream& out, std::ostream& err);
/// The options of a plan (--pp, --dp, --cp, --micro-batches, --optimizer, --zero, --plan): analyze and llm take them.
std::vector<OptionSpec> planOptionSpecs();
/// Whether `path` holds a solar.parallel.sweep/1 document (what bench --merge joins here instead of solar.bench/1).
bool isParallelSweepFile(const std::string& path);

} // namespace solar::cli
