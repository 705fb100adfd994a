// SPDX-License-Identifier: MIT
// solar measure FILE: the real model run on this machine (or a CUDA device) beside the bound ladder of the program
// at exactly the sizes it ran at, with headroom and violation flags per level and per-ATen-op profiler times.
#include "app/cli/analysisargs.h"
#include "app/cli/cli.h"

#include "engine/core/format.h"
#include "engine/measure/measurement.h"
#include "engine/report/measurereport.h"
#include "engine/worker/session.h"

#include <ostream>

namespace solar::cli {

namespace {

int measureCommand(const Args& args, std::ostream& out, std::ostream& err)
{
    const AnalysisArgs a = analysisArgs(args);
    if (a.hw.empty())
        throw UsageError {"'measure' needs --hw NAME (a GPU profile with --device cuda; see 'solar hw list' and 'solar hw calibrate')"};
    const auto m = runMeasurement(a, args, err);
    if (!m)
        return ExitBadInput;
    if (a.format == "json")
        out << report::measurementJson(*m);
    else
        out << report::measurementTable(*m);
    for (const auto& n : m->notCounted)
        err << a.file << ": warning: not counted: " << n << '\n';
    const measure::Verdict v = measure::verdict(*m);
    if (!v.solViolations.empty()) {
        err << "solar: error: SOL violation: the measured " << formatSeconds(m->seconds) << " is below the " << v.solViolations
            << " bound; a speed-of-light bound must never be beaten (please report this program)\n";
        return ExitBadInput;
    }
    return m->notCounted.empty() ? ExitOk : ExitBadInput;
}

} // namespace

std::vector<OptionSpec> measureRunOptions()
{
    return {{"--threads", "N", "CPU threads torch uses (default: those the profile was calibrated with, else torch's default)"},
            {"--runs", "K", "timed runs after the warm-up; the minimum is reported (default 5)"},
            {"--device", "D", "where the model runs (default cpu)", {"cpu", "cuda"}},
            {"--max-run-s", "S", "the longest one run may take before smaller sizes are tried (default 1)"}};
}

std::optional<measure::Measurement> runMeasurement(const AnalysisArgs& a, const Args& args, std::ostream& err)
{
    measure::MeasureOptions options;
    options.analysis = a.options;
    if (!args.has("--cache"))
        options.analysis.cache = bounds::CacheAssumption::Warm; // the timed runs follow a warm-up: caches are warm
    if (const auto n = args.integer("--threads", 1))
        options.threads = static_cast<int>(*n);
    if (const auto n = args.integer("--runs", 1))
        options.runs = static_cast<int>(*n);
    if (const auto s = args.positive("--max-run-s"))
        options.maxRunSeconds = *s;
    options.compile = args.has("--compile");
    options.profileOps = !args.has("--no-profile");
    options.device = args.value("--device", "cpu");
    options.progress = [&err](const std::string& line) { err << "solar: measure: " << line << '\n' << std::flush; };

    hw::HwRegistry reg = hw::loadDefaultHwRegistry();
    const hw::HwProfile* hardware = findHardware(reg, a.hw, err);
    if (!hardware)
        return std::nullopt;
    worker::Session session;
    const auto started = session.worker();
    if (!started) {
        printDiagnostics(started.diagnostics(), err);
        return std::nullopt;
    }
    auto m = measure::measureModel(a.file, **started, *hardware, options);
    if (!m) {
        printDiagnostics(m.diagnostics(), err);
        return std::nullopt;
    }
    return std::move(m).value();
}

std::vector<Command> measureCommands()
{
    return {
        {"measure", "MODEL.py",
         "run a PyTorch model for real (seeded weights and inputs, a warm-up, the minimum of K runs) on this CPU with the profile's "
         "threads, or on a CUDA device, at the file's sizes when they fit the caps (else the largest reduced sizes that do), and print "
         "the measured time against every level's bound at exactly those sizes, with headroom, violation flags and per-ATen-op times "
         "from torch.profiler; exit 1 on a violation of the fused or cache_aware bound",
         concat({hardwareOptions(),
                 modelOptions(),
                 measureRunOptions(),
                 {{"--compile", "", "also measure torch.compile (inductor; torch 2.x)"},
                  {"--no-profile", "", "skip the torch.profiler run (per-op times)"},
                  formatOption({"table", "json"})}}),
         1, 1, measureCommand},
    };
}

} // namespace solar::cli
