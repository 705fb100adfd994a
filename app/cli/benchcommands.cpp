// SPDX-License-Identifier: MIT
// solar bench DIR | bench --merge: sweeps over a folder of problems (KernelBench layout), sharded across
// machines and joined again.
#include "app/cli/analysisargs.h"
#include "app/cli/cli.h"
#include "app/cli/parallelcli.h"

#include "engine/batch/score.h"
#include "engine/batch/sweep.h"
#include "engine/report/benchreport.h"
#include "engine/report/scorereport.h"
#include "engine/source/sourceanalysis.h"
#include "engine/worker/pythonlocator.h"

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <ostream>
#include <tuple>

#include <unistd.h>

namespace solar::cli {

namespace {

std::string defaultStaleList()
{
    std::string script = worker::tracerScriptPath(); // .../python/solar_worker.py
    const auto cut = script.rfind("/python/");
    return cut == std::string::npos ? std::string() : script.substr(0, cut) + "/kernelbench/stale-timings.json";
}

void writeSweep(const batch::SweepResult& result, const std::string& format, std::ostream& out)
{
    if (format == "json")
        out << report::sweepJson(result);
    else if (format == "csv")
        out << report::sweepCsv(result);
    else
        out << report::sweepTable(result);
}

bool allProblemsOk(const batch::SweepResult& result)
{
    return std::all_of(result.problems.begin(), result.problems.end(), [](const auto& p) { return p.status == batch::ProblemStatus::Ok; });
}

// --level and --p: what a score is computed against and the speedups fast_p counts.
batch::ScoreOptions scoreOptions(const Args& args)
{
    batch::ScoreOptions o;
    if (args.has("--level"))
        o.level = *bounds::parseLevel(args.value("--level"));
    if (args.has("--rule"))
        o.rule = *batch::parseScoreRule(args.value("--rule"));
    if (args.has("--p")) {
        o.ps.clear();
        for (const std::string& item : splitIds(args.value("--p"))) {
            char* end = nullptr;
            const double p = std::strtod(item.c_str(), &end);
            if (end == item.c_str() || *end != '\0' || !(p >= 0))
                throw UsageError {"--p takes speedups >= 0 separated by commas, got '" + item + "'"};
            o.ps.push_back(p);
        }
    }
    return o;
}

std::vector<OptionSpec> scoreOptionSpecs()
{
    return {{"--level",
             "L",
             "the bound a score is against (default fused)",
             {"unfused_per_kernel", "unfused_overlapped", "fused_per_op", "fused", "cache_aware"}},
            {"--p", "P,...", "the speedups fast_p counts (default 0,1,1.5,2)"},
            {"--rule",
             "R",
             "upstream (SOL-ExecBench's sol_score, capped at 1 under the bound; the default) or strict (no score for a time under its "
             "bound)",
             {"upstream", "strict"}}};
}

int writeScore(const batch::ScoreSummary& summary, const std::string& format, std::ostream& out)
{
    if (format == "json")
        out << report::scoreJson(summary);
    else if (format == "csv")
        out << report::scoreCsv(summary);
    else
        out << report::scoreTable(summary);
    return summary.violations == 0 && summary.unbounded == 0 ? ExitOk : ExitBadInput;
}

// solar score TIMES.json --bounds B.json ...: SOL scores and fast_p of measured kernels (docs/scoring.md).
int score(const Args& args, std::ostream& out, std::ostream& err)
{
    if (!args.has("--bounds"))
        throw UsageError {"'score' needs --bounds FILE (the JSON of 'solar bench' or of 'solar analyze PROBLEM_DIR')"};
    const batch::ScoreOptions options = scoreOptions(args);
    const auto bounds = batch::readBounds(args.values("--bounds"));
    if (!bounds) {
        printDiagnostics(bounds.diagnostics(), err);
        return ExitBadInput;
    }
    const auto times = batch::readKernelTimes(args.positional.front(), args.value("--baseline"));
    if (!times) {
        printDiagnostics(times.diagnostics(), err);
        return ExitBadInput;
    }
    if (times->empty()) {
        err << args.positional.front() << ": error: no kernel has a time (and, with --baseline, a baseline time)\n";
        return ExitBadInput;
    }
    return writeScore(batch::scoreKernels(*times, *bounds, options), args.value("--format", "table"), out);
}

// solar bench --merge A.json B.json ... [--format F]: joins the JSON outputs of --shard runs.
int benchMerge(const Args& args, std::ostream& out, std::ostream& err)
{
    if (!args.positional.empty() && isParallelSweepFile(args.positional.front()))
        return mergeParallelSweeps(args.positional, args.value("--format", "table"), out, err);
    const auto merged = batch::readSweepFiles(args.positional);
    if (!merged) {
        printDiagnostics(merged.diagnostics(), err);
        return ExitBadInput;
    }
    writeSweep(*merged, args.value("--format", "table"), out);
    return allProblemsOk(*merged) ? ExitOk : ExitBadInput;
}

int bench(const Args& args, std::ostream& out, std::ostream& err)
{
    AnalysisArgs a = analysisArgs(args);
    if (a.hw.empty())
        throw UsageError {"'bench' needs --hw NAME"};
    if (!args.has("--cache"))
        a.options.cache = bounds::CacheAssumption::Warm; // benchmark timings are taken with warm caches
    batch::SweepOptions options;
    options.analysis = a.options;
    options.validate = args.has("--validate");
    const std::string frontend = args.value("--frontend", std::string("trace"));
    const FrontendSettings settings = frontendSettings(args);
    if (frontend != "trace" && (args.has("--validate") || args.has("--differential") || args.has("--measure")))
        throw UsageError {"--validate, --differential and --measure go with the trace route; --frontend " + frontend
                          + " validates as its analysis does"};
    options.differential = args.has("--differential");
    options.measure = args.has("--measure");
    // A sweep's caps: 147 KernelBench problems measured in under 20 minutes on two cores (docs/measured.md).
    options.measureOptions.maxRunSeconds = 0.5;
    options.measureOptions.maxTotalSeconds = 1.5;
    if (const auto s = args.positive("--max-run-s"))
        options.measureOptions.maxRunSeconds = *s;
    if (const auto n = args.integer("--threads", 1))
        options.measureOptions.threads = static_cast<int>(*n);
    if (const auto n = args.integer("--runs", 1))
        options.measureOptions.runs = static_cast<int>(*n);
    options.measureOptions.compile = args.has("--compile");
    if ((args.has("--compile") || args.has("--threads") || args.has("--runs") || args.has("--max-run-s")) && !options.measure)
        throw UsageError {"--compile, --threads, --runs and --max-run-s go with --measure"};
    if (options.measure && args.has("--timings"))
        throw UsageError {"--measure and --timings are two sources of measured times: give one"};
    if (const auto jobs = args.integer("--jobs", 1))
        options.jobs = static_cast<int>(*jobs);
    std::tie(options.shardIndex, options.shardCount) = shardOption(args);
    const bool scoring = args.has("--score");
    if (scoring && (!args.has("--timings") || !args.has("--kernel-timings")))
        throw UsageError {"--score needs --kernel-timings FILE (the kernels' times) and --timings FILE (the baseline's)"};
    if (!scoring && (args.has("--kernel-timings") || args.has("--level") || args.has("--p") || args.has("--rule")))
        throw UsageError {"--kernel-timings, --level, --p and --rule go with --score"};
    std::map<std::string, double> kernelTimes;
    if (scoring) {
        const auto k = batch::readTimings(args.value("--kernel-timings"));
        if (!k) {
            printDiagnostics(k.diagnostics(), err);
            return ExitBadInput;
        }
        kernelTimes = *k;
    }
    hw::HwRegistry reg = hw::loadDefaultHwRegistry();
    const hw::HwProfile* hardware = findHardware(reg, a.hw, err);
    if (!hardware)
        return ExitBadInput;
    if (args.has("--timings")) {
        const auto t = batch::readTimings(args.value("--timings"));
        if (!t) {
            printDiagnostics(t.diagnostics(), err);
            return ExitBadInput;
        }
        options.timingsSeconds = *t;
        const std::string stale = args.value("--stale", "default");
        const std::string staleFile = stale == "default" ? defaultStaleList() : stale;
        if (!staleFile.empty()) {
            const auto s = batch::readStaleList(staleFile);
            if (!s && stale != "default") {
                printDiagnostics(s.diagnostics(), err);
                return ExitBadInput;
            }
            if (s)
                options.staleTimings = *s;
        }
    }
    if (frontend != "trace") {
        // Each problem as `solar analyze --frontend` takes it (the LLM route for Triton, C and CUDA kernels).
        options.kernelSources = true;
        options.analyzer = [frontend, settings, analysis = options.analysis, hardware](const std::string& path, worker::Session& session) {
            SourceAnalysisOptions so;
            so.frontend = frontend;
            so.settings = settings;
            so.analysis = analysis;
            so.session = &session;
            auto r = analyzeSource(path, {}, *hardware, so);
            return r ? Expected<AnalysisResult>(std::move(r->result)) : Expected<AnalysisResult>::failure(r.diagnostics());
        };
    }
    if (!std::filesystem::is_directory(a.file)) {
        err << a.file << ": error: not a folder of problems (KernelBench layout: DIR/<level>/<problem>.py)\n";
        return ExitBadInput;
    }
    const auto python = worker::locatePython();
    if (!python) {
        printDiagnostics(python.diagnostics(), err);
        return ExitBadInput;
    }
    const bool terminal = isatty(2);
    const auto start = std::chrono::steady_clock::now();
    auto passStart = start; // the measuring pass counts from 0 again, with its own ETA
    bool measuring = false;
    options.progress = [&](int done, int total, const std::string& file) {
        if (!terminal)
            return;
        const auto now = std::chrono::steady_clock::now();
        if (file.rfind("measure: ", 0) == 0 && !measuring) {
            measuring = true;
            passStart = now;
        }
        const double elapsed = std::chrono::duration<double>(now - passStart).count();
        const double eta = done > 0 ? elapsed / done * (total - done) : 0;
        char line[256];
        std::snprintf(line, sizeof line, "\r[%d/%d] ETA %3.0f s  %-60.60s", done, total, eta, file.c_str());
        err << line << (done == total ? "\n" : "") << std::flush;
    };
    const batch::SweepResult result = batch::runSweep(a.file, *hardware, options, *python);
    if (scoring) {
        // The sweep's bounds against the kernels' times, the --timings as the baseline.
        const batch::BoundsTable table = batch::boundsOfSweep(result, a.file);
        const int scored = writeScore(
            batch::scoreKernels(batch::pairTimings(kernelTimes, options.timingsSeconds), table, scoreOptions(args)), a.format, out);
        return allProblemsOk(result) ? scored : ExitBadInput;
    }
    writeSweep(result, a.format, out);
    return allProblemsOk(result) ? ExitOk : ExitBadInput;
}

} // namespace

std::vector<Command> benchCommands()
{
    return {
        {"bench", "DIR",
         "trace, lower and bound every problem under DIR (KernelBench layout) and compare with measured timings; JSON schema "
         "solar.bench/1. '--shard I/N' runs every N-th problem, for sweeps across machines; '--frontend llm' bounds kernels "
         "the tracer cannot read (Triton, C, CUDA) through the LLM route",
         concat({hardwareOptions(),
                 modelOptions(),
                 frontendOptions(),
                 {{"--timings", "FILE.json", "measured times (KernelBench timing JSON)"},
                  {"--stale", "FILE.json", "problems whose timings are known to be stale (default: the bundled list)"},
                  {"--validate", "", "validate every problem by output comparison (slower)"},
                  {"--differential", "", "check each lowered program's counts against the instrumented interpreter at reduced sizes"},
                  {"--jobs", "N", "problems traced in parallel (measurements always run one at a time)"},
                  {"--measure", "", "run every problem for real on this machine (solar measure) after the analyses, one at a time"},
                  {"--threads", "N", "with --measure: CPU threads torch uses (default: the profile's calibrated threads)"},
                  {"--runs", "K", "with --measure: timed runs per problem (default 5, within 1.5 s)"},
                  {"--compile", "", "with --measure: torch.compile (inductor) too"},
                  {"--max-run-s", "S", "with --measure: the longest one run may take before smaller sizes are used (default 0.5)"},
                  {"--shard", "I/N", "this machine's share of the sweep"},
                  {"--score", "", "report SOL scores and fast_p (solar.score/1) of --kernel-timings against --timings as the baseline"},
                  {"--kernel-timings", "FILE.json", "with --score: the kernels' times (KernelBench timing JSON)"},
                  formatOption({"table", "json", "csv"})},
                 scoreOptionSpecs()}),
         1, 1, bench},
        {"score", "TIMES.json",
         "SOL scores (S = 1 / (1 + (T_k - T_SOL) / (T_b - T_SOL))), fast_p and SOL violations of measured kernels: TIMES.json is "
         "solar.times/1 (kernel and baseline seconds per problem or workload) or a KernelBench timing file with --baseline; the "
         "bounds come from --bounds (docs/scoring.md). JSON schema solar.score/1; exit 1 when a time is below its bound or a "
         "kernel has no bound",
         concat({{{"--bounds", "FILE.json", "bounds: the JSON of 'solar bench' or 'solar analyze PROBLEM_DIR' (repeatable)", {}, {}, true},
                  {"--baseline", "FILE.json", "with a KernelBench timing file of kernels: the baseline's KernelBench timings"},
                  formatOption({"table", "json", "csv"})},
                 scoreOptionSpecs()}),
         1, 1, score},
        {"bench --merge",
         "SHARD.json ...",
         "join the JSON outputs of '--shard I/N' runs into one result (the summary is recomputed): bench sweeps (solar.bench/1) or "
         "device-count sweeps of 'analyze --sweep tp=LIST' (solar.parallel.sweep/1, table or json)",
         {formatOption({"table", "json", "csv"})},
         1,
         -1,
         benchMerge},
    };
}

} // namespace solar::cli
