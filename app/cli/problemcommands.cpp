// SPDX-License-Identifier: MIT
// SOL-ExecBench problems on the command line: `solar analyze PROBLEM_DIR` (or --definition/--workload) analyses
// every workload of a problem (engine/problem/), one row each.
#include "app/cli/analysisargs.h"
#include "app/cli/cli.h"

#include "engine/problem/problemanalysis.h"
#include "engine/report/workloadsreport.h"

#include <filesystem>
#include <ostream>

namespace solar::cli {

bool namesProblem(const Args& args)
{
    if (args.has("--definition") || args.has("--workload") || args.has("--workload-uuid"))
        return true;
    const std::string frontend = args.value("--frontend", std::string(kAutoFrontend));
    return !args.positional.empty() && (frontend == kAutoFrontend || frontend == "sol-execbench")
        && problem::isProblemPath(args.positional.front());
}

std::vector<OptionSpec> problemOptions()
{
    return {{"--definition", "FILE", "a SOL-ExecBench definition.json (instead of PROBLEM_DIR)"},
            {"--workload", "FILE", "its workload.jsonl (default: the one beside the definition)"}};
    // --workload-uuid is the sol-execbench frontend's own option (frontendOptions()).
}

int analyzeProblem(const Args& args, std::ostream& out, std::ostream& err)
{
    AnalysisArgs a = analysisArgs(args);
    if (a.format == "csv")
        throw UsageError {"a problem's workloads are reported as table or json"};
    if (args.has("--profile-trace"))
        throw UsageError {"--profile-trace is one model's trace; a problem has several workloads"};
    problem::ProblemFiles files;
    if (args.has("--definition")) {
        if (!args.positional.empty())
            throw UsageError {"give PROBLEM_DIR or --definition FILE, not both"};
        auto located = problem::locateProblem(args.value("--definition"));
        files.definition = args.value("--definition");
        files.dir = std::filesystem::path(files.definition).parent_path().string();
        if (files.dir.empty())
            files.dir = ".";
        files.workloads = args.has("--workload") ? args.value("--workload") : (located ? located->workloads : std::string());
        if (files.workloads.empty()) {
            printDiagnostics(located.diagnostics(), err);
            return ExitBadInput;
        }
    } else {
        if (args.positional.empty())
            throw UsageError {"'analyze' needs FILE, PROBLEM_DIR or --definition FILE"};
        if (args.has("--workload"))
            throw UsageError {"--workload goes with --definition (a problem folder holds its workload.jsonl)"};
        auto located = problem::locateProblem(args.positional.front());
        if (!located) {
            printDiagnostics(located.diagnostics(), err);
            return ExitBadInput;
        }
        files = *located;
    }
    hw::HwRegistry reg = hw::loadDefaultHwRegistry();
    const hw::HwProfile* hardware = findHardware(reg, a.hw, err);
    if (!hardware)
        return ExitBadInput;
    SourceAnalysisOptions options;
    options.analysis = a.options;
    options.validate = a.validate;
    options.progress = [&err](const std::string& stage) {
        if (stage.rfind("workload ", 0) == 0)
            err << "solar: " << stage << '\n';
    };
    const auto result = problem::analyzeProblem(files, *hardware, options, args.value("--workload-uuid"));
    if (!result) {
        printDiagnostics(result.diagnostics(), err);
        return ExitBadInput;
    }
    out << (a.format == "json" ? report::workloadsJson(*result, *hardware, a.options) : report::workloadsTable(*result, *hardware));
    for (const auto& w : result->workloads)
        if (w.status != problem::WorkloadStatus::Ok)
            err << files.workloads << ':' << w.workload.line << ": error: workload " << w.workload.uuid << ": "
                << problem::workloadStatusName(w.status) << ": " << w.message << '\n';
    return result->allOk() ? ExitOk : ExitBadInput;
}

} // namespace solar::cli
