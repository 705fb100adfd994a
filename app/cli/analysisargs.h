// SPDX-License-Identifier: MIT
// What the analysis commands (analyze, inverse, compare, report, export, graph, trace, bench) share: their option
// tables, the analysis they ask for, and the one path that runs it. runAnalysis() goes through analyzeSource()
// for every source, ALIR included, so the CLI and the GUI's background job run literally the same code.
#pragma once

#include "app/cli/command.h"

#include "engine/hw/registry.h"
#include "engine/insights/insights.h"
#include "engine/ir/ast.h"
#include "engine/measure/measurement.h"
#include "engine/measure/profiletrace.h"
#include "engine/source/sourceanalysis.h"

#include <iosfwd>
#include <optional>
#include <string>
#include <vector>

namespace solar::cli {

// Option groups, combined per command.
std::vector<OptionSpec> hardwareOptions(); // --hw
std::vector<OptionSpec> modelOptions(); // --set, --policy, --cache, --mode (--no-op-floor)
/// --mode (eager when absent), or none for --no-op-floor; a usage error when they contradict.
bounds::ExecutionMode executionMode(const Args& args);
std::vector<OptionSpec> validateOption(); // --no-validate
std::vector<OptionSpec> frontendOptions(); // --frontend and every frontend's declared options
/// The declared frontend options given (engine/source/registry.h); integers checked against their bounds.
FrontendSettings frontendSettings(const Args& args);
OptionSpec formatOption(const std::vector<std::string>& formats);
std::vector<OptionSpec> concat(std::initializer_list<std::vector<OptionSpec>> groups);

struct AnalysisArgs
{
    std::string file;
    std::string hw;
    std::string format = "table";
    AnalysisOptions options;
    bool validate = true;
    std::string frontend = std::string(kAutoFrontend); // a frontend's id (engine/source/registry.cpp) or "auto"
    FrontendSettings settings; // the frontends' declared options given (--llm-model, --workload-uuid, ...)
};

/// From the parsed options (whichever of the groups above the command has).
AnalysisArgs analysisArgs(const Args& args, const std::string& defaultFormat = "table");

/// Hardware, program and analysis; nullopt after printing why not. `ran`: the frontend that produced the program.
std::optional<AnalysisResult> runAnalysis(const AnalysisArgs& a, std::ostream& err, std::string* ran = nullptr);
/// The profile an id, name or file path names (a file is loaded into `registry`); nullptr after printing why not.
const hw::HwProfile* findHardware(hw::HwRegistry& registry, const std::string& name, std::ostream& err);

/// --profile-trace TRACE.json read, matched to `result`'s operators and turned into insights
/// (insights::insightsWithTrace); nullopt after printing why not. Warns when less than 95 % of the trace's ATen time
/// matched (the trace may be of other sizes or another model).
std::optional<insights::TracedInsights> traceInsights(const std::string& path, const AnalysisResult& result, std::ostream& err);
OptionSpec profileTraceOption();

/// --threads, --runs, --device, --max-run-s: how `measure` (and `insights --measure`) run a model.
std::vector<OptionSpec> measureRunOptions();
/// The model of `a.file` measured here as `solar measure` does (the run options, --compile, --no-profile from
/// `args`); nullopt after printing why not.
std::optional<measure::Measurement> runMeasurement(const AnalysisArgs& a, const Args& args, std::ostream& err);

void printDiagnostics(const Diagnostics& diagnostics, std::ostream& err);
std::optional<ir::Program> loadProgram(const std::string& path, std::ostream& err);
/// "a,b,,c" -> {a, b, c}
std::vector<std::string> splitIds(const std::string& list);

} // namespace solar::cli
