// SPDX-License-Identifier: MIT
// solar analyze | inverse | compare | graph | trace | doctor: one program's bounds, what a target needs, the
// program across profiles, its einsum graph, a model's trace, and the Python environments.
#include "app/cli/analysisargs.h"
#include "app/cli/cli.h"
#include "app/cli/parallelcli.h"

#include "engine/bounds/inverse.h"
#include "engine/core/atomicwrite.h"
#include "engine/core/format.h"
#include "engine/frontend/trace/modelprogram.h"
#include "engine/graph/export.h"
#include "engine/graph/lifting.h"
#include "engine/ir/checker.h"
#include "engine/ir/printer.h"
#include "engine/parallel/parallelanalysis.h"
#include "engine/report/analysisreport.h"
#include "engine/report/comparereport.h"
#include "engine/report/inversereport.h"
#include "engine/report/parallelreport.h"
#include "engine/source/availability.h"
#include "engine/worker/environment.h"
#include "engine/worker/session.h"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <ostream>

namespace solar::cli {

namespace {

int analyze(const Args& args, std::ostream& out, std::ostream& err)
{
    const AnalysisArgs a = analysisArgs(args);
    if (a.hw.empty())
        throw UsageError {"'analyze' needs --hw NAME (see 'solar hw list')"};
    if (namesProblem(args)) {
        for (const char* option : {"--tp", "--sweep", "--tp-program", "--pp", "--dp", "--cp", "--ep", "--plan", "--shard"})
            if (args.has(option))
                throw UsageError {std::string(option) + ": a plan splits one program; a problem's workloads are analysed one device each"};
        return analyzeProblem(args, out, err);
    }
    if (args.positional.empty())
        throw UsageError {"'analyze' needs FILE (or a problem: PROBLEM_DIR, --definition FILE)"};
    const auto tp = args.integer("--tp", 1);
    if (tp && a.format == "csv")
        throw UsageError {"--tp prints a table or json"};
    if (args.has("--tp-program") && !tp)
        throw UsageError {"--tp-program needs --tp N"};
    std::vector<int> sweep = parseTpSweep(args.values("--sweep"));
    if (!sweep.empty() && (tp || a.format == "csv"))
        throw UsageError {"--sweep tp=LIST replaces --tp and prints a table or json"};
    if (args.has("--shard") && sweep.empty())
        throw UsageError {"--shard I/N takes a share of a --sweep"};
    sweep = shardOf(sweep, shardOption(args));
    const auto plan = planOption(args);
    if (!plan) {
        for (const auto& d : plan.diagnostics())
            err << d.format() << '\n';
        return ExitBadInput;
    }
    if (*plan && (a.format == "csv" || !sweep.empty() || args.has("--tp-program")))
        throw UsageError {"a plan (--pp, --dp, --cp, --plan) prints a table or json, without --sweep or --tp-program"};
    const auto result = runAnalysis(a, err);
    if (!result)
        return ExitBadInput;
    for (const auto& d : result->diagnostics) {
        if (d.severity != Severity::Note)
            err << d.format() << '\n';
    }
    if (*plan)
        return analyzeWithPlan(*result, **plan, a.format, out, err);
    if (tp)
        return analyzeParallel(args, *result, static_cast<int>(*tp), a.format, out, err);
    if (!sweep.empty())
        return analyzeParallelSweep(*result, sweep, a.format, out, err);
    // With a profiler trace: per-op measured times and headroom in the ops table, measured gaps in the insights.
    std::optional<insights::TracedInsights> traced;
    report::ReportExtras extras;
    if (args.has("--profile-trace")) {
        traced = traceInsights(args.value("--profile-trace"), *result, err);
        if (!traced)
            return ExitBadInput;
        extras = {traced->insights, traced->measuredNodeSeconds, traced->match};
    }
    if (a.format == "json")
        out << report::analysisJson(*result, extras);
    else if (a.format == "csv")
        out << report::analysisCsv(*result, extras);
    else
        out << report::analysisTable(*result, extras);
    if (result->validation.status == ValidationStatus::Mismatch) {
        // Bounds of a program that does not compute what its source does are not the source's bounds.
        err << "solar: error: the program does not match its source (validation mismatch: " << result->validation.details.substr(0, 300)
            << "); the bounds printed are of an unvalidated program\n";
        return ExitBadInput;
    }
    return result->coverage.complete ? ExitOk : ExitBadInput;
}

int compare(const Args& args, std::ostream& out, std::ostream& err)
{
    AnalysisArgs a = analysisArgs(args);
    const std::vector<std::string> ids = splitIds(a.hw);
    const std::string baseline = args.value("--baseline");
    if (ids.empty())
        throw UsageError {"'compare' needs --hw A,B,... (see 'solar hw list')"};
    if (!baseline.empty() && std::find(ids.begin(), ids.end(), baseline) == ids.end())
        throw UsageError {"--baseline " + baseline + " is not one of the --hw profiles"};
    hw::HwRegistry reg = hw::loadDefaultHwRegistry();
    std::vector<const hw::HwProfile*> profiles;
    for (const auto& id : ids) {
        const hw::HwProfile* p = findHardware(reg, id, err);
        if (!p)
            return ExitBadInput;
        profiles.push_back(p);
    }
    a.hw = ids.front();
    const auto result = runAnalysis(a, err);
    if (!result)
        return ExitBadInput;
    const Comparison c = compareHardware(*result, profiles, baseline);
    if (a.format == "json")
        out << report::comparisonJson(c);
    else if (a.format == "csv")
        out << report::comparisonCsv(c);
    else
        out << report::comparisonTable(c);
    return result->coverage.complete ? ExitOk : ExitBadInput;
}

int inverse(const Args& args, std::ostream& out, std::ostream& err)
{
    const AnalysisArgs a = analysisArgs(args);
    const auto targetMs = args.positive("--target-ms");
    if (a.hw.empty())
        throw UsageError {"'inverse' needs --hw NAME"};
    if (!targetMs)
        throw UsageError {"'inverse' needs --target-ms T"};
    const bounds::Level level = args.has("--level") ? *bounds::parseLevel(args.value("--level")) : bounds::Level::Fused;
    const auto tp = args.integer("--tp", 1);
    const std::vector<int> counts = parseTpSweep(args.values("--sweep"));
    if (tp && !counts.empty())
        throw UsageError {"--sweep tp=LIST asks how many devices; --tp N what one count needs: give one"};
    const auto result = runAnalysis(a, err);
    if (!result)
        return ExitBadInput;
    if (!counts.empty())
        return inverseDevices(*result, counts, level, *targetMs * 1e-3, a.format, out, err);
    if (tp) {
        // Split: what each device needs (the per-device program's inverse) and what the links need.
        const auto pa = parallel::analyzeTensorParallel(*result, static_cast<int>(*tp));
        if (!pa) {
            for (const auto& d : pa.diagnostics())
                err << d.format() << '\n';
            return ExitBadInput;
        }
        const AnalysisResult& device = pa->device;
        const bounds::Inverse inv
            = bounds::solveInverse(device.digest, device.machine, a.options.policy, a.options.cache, level, *targetMs * 1e-3);
        const parallel::LinkInverse links = parallel::linkInverse(*pa, level, *targetMs * 1e-3);
        if (a.format == "json") {
            nlohmann::ordered_json doc = {{"schema", "solar.inverse.parallel/1"},
                                          {"tp", *tp},
                                          {"device", nlohmann::ordered_json::parse(report::inverseJson(device, inv))},
                                          {"links", report::linkInverseJson(links, level, *targetMs * 1e-3)}};
            out << doc.dump(2) << '\n';
        } else {
            out << "each device (the per-device program):\n"
                << report::inverseTable(device, inv) << '\n'
                << report::linkInverseText(*pa, links, level, *targetMs * 1e-3);
        }
        return ExitOk;
    }
    const bounds::Inverse inv
        = bounds::solveInverse(result->digest, result->machine, a.options.policy, a.options.cache, level, *targetMs * 1e-3);
    out << (a.format == "json" ? report::inverseJson(*result, inv) : report::inverseTable(*result, inv));
    return ExitOk;
}

int graphCommand(const Args& args, std::ostream& out, std::ostream& err)
{
    const AnalysisArgs a = analysisArgs(args, "json");
    const auto program = loadProgram(a.file, err);
    if (!program)
        return ExitBadInput;
    const ir::CheckResult check = ir::checkProgram(*program);
    printDiagnostics(check.diagnostics, err);
    if (!check.ok())
        return ExitBadInput;
    const auto sizes = ir::bindSizes(*program, a.options.sizes);
    if (!sizes) {
        printDiagnostics(sizes.diagnostics(), err);
        return ExitBadInput;
    }
    const auto g = graph::liftProgram(*program, *sizes);
    if (!g) {
        printDiagnostics(g.diagnostics(), err);
        return ExitBadInput;
    }
    if (a.format == "dot")
        out << graph::graphToDot(*g);
    else if (a.format == "yaml")
        out << graph::graphToSolarYaml(*g);
    else
        out << graph::graphToJson(*g);
    return ExitOk;
}

int traceCommand(const Args& args, std::ostream& out, std::ostream& err)
{
    const AnalysisArgs a = analysisArgs(args);
    // A frontend named by --frontend forces its framework; otherwise the worker picks by the file's imports.
    const Frontend* frontend = findFrontend(a.frontend);
    const std::string framework = frontend ? std::string(frontend->framework()) : std::string();
    worker::Session session;
    const auto started = session.worker(framework == "jax" ? worker::Framework::Jax : worker::Framework::Torch);
    if (!started) {
        printDiagnostics(started.diagnostics(), err);
        return ExitBadInput;
    }
    worker::TraceWorker& worker = **started;
    worker.setFramework(framework);
    if (a.format == "alir") {
        const auto model = trace::loadModelProgram(a.file, worker, a.options.sizes, true);
        if (!model) {
            printDiagnostics(model.diagnostics(), err);
            return ExitBadInput;
        }
        const trace::Lowered& lowered = model->lowered;
        for (const auto& u : lowered.unsupported)
            err << a.file << ':' << u.sourceLine << ": warning: no lowering template for " << u.aten << "; not counted\n";
        err << a.file << ": note: " << model->sizesNote << '\n';
        out << lowered.text;
        return lowered.unsupported.empty() ? ExitOk : ExitBadInput;
    }
    const auto r = worker.trace(a.file, a.options.sizes);
    if (!r) {
        printDiagnostics(r.diagnostics(), err);
        return ExitBadInput;
    }
    out << a.file << ": " << r->model << " (" << (r->training ? "training" : "eval") << " mode), "
        << (r->mode == "jax" ? "jax " + worker.python().jaxVersion : "torch " + worker.python().torchVersion) << " at "
        << worker.python().executable << "\nsize constants:";
    for (const auto& [k, v] : r->constants)
        out << ' ' << k << '=' << v;
    out << '\n' << r->ops.size() << " ops:\n";
    for (const auto& op : r->ops) {
        std::string shape;
        for (const auto& o : op.outputs) {
            if (const auto* t = o.kind == worker::TraceArg::Tensor ? r->tensor(o.text) : nullptr)
                shape += (shape.empty() ? "" : " ") + std::string(t->dtype) + formatShape(worker::values(t->shape));
        }
        out << "  line " << op.line << "  " << op.op << (op.overload.empty() || op.overload == "default" ? "" : "." + op.overload)
            << "  -> " << shape << '\n';
    }
    return ExitOk;
}

// Which Pythons were found and probed, what each has, which frontends work with it and why not, the chosen one.
int doctor(const Args& args, std::ostream& out, std::ostream& err)
{
    const worker::EnvironmentReport report = worker::probeEnvironment();
    if (args.value("--format", "text") == "json") {
        nlohmann::json pythons = nlohmann::json::array();
        for (const auto& p : report.pythons) {
            nlohmann::json frontends = nlohmann::json::array();
            for (const auto& f : frontendAvailability(p))
                frontends.push_back({{"frontend", f.id}, {"label", f.label}, {"works", f.works}, {"why", f.why}});
            auto v = [](const std::string& s) { return s.empty() ? nlohmann::json() : nlohmann::json(s); };
            pythons.push_back({{"executable", p.executable},
                               {"origin", p.origin},
                               {"runs", p.runs},
                               {"error", v(p.error)},
                               {"python", v(p.pythonVersion)},
                               {"torch", v(p.torchVersion)},
                               {"numpy", v(p.numpyVersion)},
                               {"einops", v(p.einopsVersion)},
                               {"jax", v(p.jaxVersion)},
                               {"flax", v(p.flaxVersion)},
                               {"frontends", frontends},
                               {"chosen", p.chosen}});
        }
        const auto* chosen = report.chosen();
        out << nlohmann::json {{"schema", "solar.doctor/1"},
                               {"pythons", pythons},
                               {"chosen", chosen ? nlohmann::json(chosen->executable) : nlohmann::json()}}
                   .dump(2)
            << '\n';
    } else {
        out << formatEnvironment(report);
    }
    if (!report.chosen()) {
        err << "solar: error: no Python interpreter traces PyTorch models, and the LLM route's references run in that one\n";
        return ExitBadInput;
    }
    return ExitOk;
}

} // namespace

std::vector<Command> analysisCommands()
{
    const OptionSpec level {"--level",
                            "L",
                            "the level the target is for (default fused)",
                            {"unfused_per_kernel", "unfused_overlapped", "fused_per_op", "fused", "cache_aware"}};
    return {
        {"analyze", "FILE | PROBLEM_DIR",
         "the bound ladder (unfused_per_kernel, unfused_overlapped, fused_per_op, fused, cache_aware) and every operator's counts and "
         "times, for an ALIR program, a PyTorch model (traced and validated at reduced sizes) or any source through an LLM; for a "
         "SOL-ExecBench problem (a folder with definition.json and workload.jsonl), every workload at its own axes (json: "
         "solar.workloads/1)",
         concat({hardwareOptions(),
                 modelOptions(),
                 {formatOption({"table", "json", "csv"}), profileTraceOption()},
                 {{"--tp", "N",
                   "split the program over N devices (tensor parallel, derived from the program: docs/parallel.md): per-device "
                   "bounds, collectives over the profile's links, and the system's levels (json: solar.parallel/1)"},
                  {"--tp-program", "FILE", "with --tp: write the per-device ALIR program to FILE"},
                  {"--shard", "I/N", "with --sweep: this machine's share of the points (join the JSON outputs with 'solar bench --merge')"},
                  {"--sweep",
                   "tp=LIST",
                   "one row per device count (e.g. tp=1,2,4,8): per-device and system bounds, communication, memory per device",
                   {},
                   {},
                   true}},
                 planOptionSpecs(),
                 validateOption(),
                 frontendOptions(),
                 problemOptions()}),
         0, 1, analyze},
        {"inverse", "FILE", "the least DRAM bandwidth, compute and on-chip memory that reach a target time",
         concat({hardwareOptions(),
                 modelOptions(),
                 {{"--target-ms", "T", "the target time in milliseconds"},
                  level,
                  formatOption({"table", "json"}),
                  {"--tp", "N", "split over N devices (docs/parallel.md): each device's inverse and the link bandwidth the target needs"},
                  {"--sweep",
                   "tp=LIST",
                   "how many devices the target needs: the least count of the list whose bound reaches it (json: solar.inverse.devices/1)",
                   {},
                   {},
                   true}},
                 validateOption(),
                 frontendOptions()}),
         1, 1, inverse},
        {"compare", "FILE",
         "one program on several profiles (--hw A,B,C): every level's bound and bottleneck, the speedup against the baseline, and where "
         "the bottleneck moves",
         concat({{{"--hw", "A,B,...", "the profiles to compare"},
                  {"--baseline", "NAME", "the profile speedups are relative to (default the first)"}},
                 modelOptions(),
                 {formatOption({"table", "json", "csv"})},
                 validateOption()}),
         1, 1, compare},
        {"graph",
         "FILE.alir",
         "the einsum graph (yaml: NVlabs SOLAR's einsum_graph.yaml)",
         {{"--set", "NAME=VALUE", "a size parameter's value (repeatable)", {}, {}, true}, formatOption({"json", "dot", "yaml"})},
         1,
         1,
         graphCommand},
        {"trace",
         "MODEL.py",
         "trace a PyTorch model (KernelBench convention) on fake tensors and list its ATen ops with their source lines and output shapes, "
         "or the ALIR they lower to",
         {{"--set", "NAME=VALUE", "a size constant's value (repeatable)", {}, {}, true}, formatOption({"table", "alir"})},
         1,
         1,
         traceCommand},
        {"doctor",
         "",
         "the Python interpreters found (SOLAR_PYTHON, the active virtual or conda environment, PATH, the system's), each one's torch, "
         "numpy, einops, JAX and Flax versions, which frontends work with it and why not, and the one chosen; exit 1 when none is",
         {formatOption({"text", "json"})},
         0,
         0,
         doctor},
    };
}

} // namespace solar::cli
