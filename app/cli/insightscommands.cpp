// SPDX-License-Identifier: MIT
// solar insights FILE: the ranked optimisation opportunities of one program on one profile (fusion, precision,
// capacity, launch, and measured gaps when per-op times come from a profiler trace or a measurement here).
#include "app/cli/analysisargs.h"
#include "app/cli/cli.h"

#include "engine/report/analysisreport.h"
#include "engine/report/insightsreport.h"

#include <ostream>

namespace solar::cli {

namespace {

int insightsCommand(const Args& args, std::ostream& out, std::ostream& err)
{
    const AnalysisArgs a = analysisArgs(args, "text");
    if (a.hw.empty())
        throw UsageError {"'insights' needs --hw NAME (see 'solar hw list')"};
    const std::string tracePath = args.value("--profile-trace");
    const bool measureHere = args.has("--measure");
    if (measureHere && !tracePath.empty())
        throw UsageError {"give --measure or --profile-trace, not both"};
    int top = 10;
    if (const auto n = args.integer("--top", 0))
        top = static_cast<int>(*n);

    std::optional<AnalysisResult> result;
    std::optional<insights::TracedInsights> traced; // with a trace: the match and the insights from it
    std::optional<insights::MeasuredOps> measured;
    if (measureHere) {
        const auto m = runMeasurement(a, args, err);
        if (!m)
            return ExitBadInput;
        if (m->reduced)
            err << a.file << ": note: measured and analysed at reduced sizes (" << measure::describeSizes(m->sizes) << "): " << m->sizesNote
                << '\n';
        result = m->analysis;
        measured = insights::measuredFromMeasurement(*m);
    } else {
        result = runAnalysis(a, err);
        if (!result)
            return ExitBadInput;
        if (!tracePath.empty()) {
            traced = traceInsights(tracePath, *result, err);
            if (!traced)
                return ExitBadInput;
        }
    }
    const insights::Insights in = traced ? traced->insights : insights::computeInsights(*result, measured ? &*measured : nullptr);
    const measure::TraceMatch* match = traced ? &*traced->match : nullptr;
    if (a.format == "json")
        out << report::insightsJson(*result, in, match);
    else if (a.format == "csv")
        out << report::insightsCsv(*result, in);
    else
        out << report::insightsText(*result, in, match, top);
    return result->coverage.complete ? ExitOk : ExitBadInput;
}

} // namespace

std::vector<Command> insightsCommands()
{
    return {
        {"insights", "FILE",
         "where the time between what runs and the speed of light goes, ranked by the time each change would save on this profile: "
         "fusion (intermediates through DRAM), precision (fp32 contractions on TF32 or bf16 tensor cores), capacity (what finite on-chip "
         "storage forces), launch (kernels cheaper than the per-op floor) and, with per-op measured times from a torch.profiler trace or "
         "a run here, each op's gap to its own bound; the savings never double-count and add up to at most the reference minus the SOL",
         concat(
             {hardwareOptions(),
              modelOptions(),
              {profileTraceOption(),
               {"--measure", "", "measure the model here first (as 'solar measure', with its run options below) and use its per-op times"},
               {"--top", "N", "opportunities shown in text (default 10; 0: all)"},
               formatOption({"text", "json", "csv"})},
              measureRunOptions(),
              validateOption(),
              frontendOptions()}),
         1, 1, insightsCommand},
    };
}

} // namespace solar::cli
