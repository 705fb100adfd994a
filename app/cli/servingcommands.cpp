// SPDX-License-Identifier: MIT
// solar llm CONFIG.json: the speed of light of serving a Hugging Face model from its config.json alone (prefill and
// decode bounds, time to first token, tokens/s ceiling, weights / KV cache / activation bytes, memory fit), one
// point or a batch x context sweep. engine/serving/ does the work; engine/report/servingreport.cpp prints it.
#include "app/cli/analysisargs.h"
#include "app/cli/cli.h"
#include "app/cli/parallelcli.h"

#include "engine/core/format.h"
#include "engine/report/parallelservingreport.h"
#include "engine/report/planservingreport.h"
#include "engine/report/servingreport.h"
#include "engine/serving/servingestimate.h"

#include <ostream>

namespace solar::cli {

namespace {

// "1k" is 1,024 tokens (context lengths are quoted in binary thousands: 8k = 8,192, 128k = 131,072).
std::int64_t parseTokens(const std::string& text, const std::string& what)
{
    if (!text.empty() && (text.back() == 'k' || text.back() == 'K'))
        return parseInteger(text.substr(0, text.size() - 1), what) * 1024;
    return parseInteger(text, what);
}

struct Sweep
{
    std::vector<std::int64_t> batches, contexts;
};

void addSweepSpec(Sweep& s, const std::string& spec)
{
    const auto eq = spec.find('=');
    const std::string key = spec.substr(0, eq == std::string::npos ? 0 : eq);
    if (eq == std::string::npos || (key != "batch" && key != "context"))
        throw UsageError {"a sweep is batch=LIST and/or context=LIST (e.g. batch=1,8,64 context=1k,8k,32k), not '" + spec + "'"};
    auto& list = key == "batch" ? s.batches : s.contexts;
    for (const std::string& v : splitIds(spec.substr(eq + 1))) {
        const std::int64_t n = parseTokens(v, key);
        if (n < 1)
            throw UsageError {"sweep values are positive, not " + v};
        list.push_back(n);
    }
    if (list.empty())
        throw UsageError {"'" + spec + "' lists no values"};
}

// Each phase's program split over `devices` devices (docs/parallel.md); the memory check is per device.
int llmParallel(const serving::ServingEstimate& estimate, int devices, const AnalysisArgs& a, std::ostream& out, std::ostream& err)
{
    report::ParallelServing split;
    split.devices = devices;
    for (const auto& [phase, into] : {std::pair {&estimate.prefill, &split.prefill}, std::pair {&estimate.decode, &split.decode}}) {
        if (!*phase)
            continue;
        auto pa = parallel::analyzeTensorParallel((*phase)->analysis.result, devices);
        if (!pa) {
            printDiagnostics(pa.diagnostics(), err);
            return ExitBadInput;
        }
        *into = std::move(*pa);
    }
    out << (a.format == "json" ? report::parallelServingJson(estimate, split) : report::parallelServingTable(estimate, split));
    bool ok = estimate.complete();
    if (!split.fits()) {
        err << a.file << ": error: " << formatBytes(split.residentBytes()) << " per device over " << devices << " devices do not fit in "
            << estimate.hardwareId << "'s " << formatBytes(estimate.capacityBytes) << "\n";
        ok = false;
    }
    for (const auto* pa : {&split.prefill, &split.decode})
        if (*pa && (*pa)->validation && !(*pa)->validation->ok) {
            err << a.file << ": error: the split does not compute what the model does: " << (*pa)->validation->detail << "\n";
            ok = false;
        }
    return ok ? ExitOk : ExitBadInput;
}

// Each phase's program under a whole plan (pipeline, data, context parallel: docs/parallel.md).
int llmPlan(const serving::ServingEstimate& estimate, const parallel::Plan& plan, const AnalysisArgs& a, std::ostream& out,
            std::ostream& err)
{
    report::PlanServing split;
    for (const auto& [phase, into] : {std::pair {&estimate.prefill, &split.prefill}, std::pair {&estimate.decode, &split.decode}}) {
        if (!*phase)
            continue;
        auto pa = parallel::analyzePlan((*phase)->analysis.result, plan, [&err](const std::string& step) {
            err << "solar: " << step << "\n" << std::flush;
            return true;
        });
        if (!pa) {
            printDiagnostics(pa.diagnostics(), err);
            return ExitBadInput;
        }
        *into = std::move(*pa);
    }
    out << (a.format == "json" ? report::planServingJson(estimate, split) : report::planServingTable(estimate, split));
    bool ok = estimate.complete();
    for (const auto* pa : {&split.prefill, &split.decode}) {
        if (*pa && !(*pa)->fits()) {
            err << a.file << ": error: " << formatBytes((*pa)->memory.totalBytes()) << " per device under " << plan.text()
                << " do not fit in " << formatBytes((*pa)->capacityBytes) << "\n";
            ok = false;
        }
        if (*pa && !(*pa)->validated()) {
            err << a.file << ": error: a split of the plan does not compute what the model does\n";
            ok = false;
        }
    }
    return ok ? ExitOk : ExitBadInput;
}

int llmCommand(const Args& args, std::ostream& out, std::ostream& err)
{
    const AnalysisArgs a = analysisArgs(args, "table");
    if (a.hw.empty())
        throw UsageError {"'llm' needs --hw NAME (see 'solar hw list')"};
    serving::ServingRequest request;
    const std::string phase = args.value("--phase", "both");
    request.prefill = phase != "decode";
    request.decode = phase != "prefill";
    if (const auto n = args.integer("--batch", 1))
        request.batch = *n;
    if (args.has("--prompt"))
        request.promptTokens = parseTokens(args.value("--prompt"), "--prompt");
    if (args.has("--context"))
        request.contextTokens = parseTokens(args.value("--context"), "--context");
    if (request.promptTokens < 1 || request.contextTokens < 0)
        throw UsageError {"--prompt and --context are positive token counts"};
    if (const auto n = args.integer("--new-tokens", 1))
        request.newTokens = *n;
    const std::string dtype = args.value("--dtype");
    request.dtype = dtype == "bf16" ? "bfloat16" : dtype == "fp16" ? "float16" : dtype == "fp32" ? "float32" : dtype == "fp8" ? "fp8" : "";
    request.sourceDir = args.value("--keep-source");
    Sweep sweep;
    for (const std::string& spec : args.values("--sweep"))
        addSweepSpec(sweep, spec);
    for (size_t i = 1; i < args.positional.size(); ++i) {
        if (!args.has("--sweep"))
            throw UsageError {"'llm' takes one CONFIG.json, not '" + args.positional[i] + "'"};
        addSweepSpec(sweep, args.positional[i]);
    }
    const bool sweeping = args.has("--sweep");
    const auto tp = args.integer("--tp", 1);
    if (tp && sweeping)
        throw UsageError {"--tp analyses one point, not a --sweep"};
    if (tp && a.format == "csv")
        throw UsageError {"--tp prints a table or json"};
    const auto plan = planOption(args);
    if (!plan) {
        printDiagnostics(plan.diagnostics(), err);
        return ExitBadInput;
    }
    if (*plan && (sweeping || a.format == "csv"))
        throw UsageError {"a plan (--pp, --dp, --cp, --plan) analyses one point as a table or json, not a --sweep"};

    hw::HwRegistry reg = hw::loadDefaultHwRegistry();
    const hw::HwProfile* hardware = findHardware(reg, a.hw, err);
    if (!hardware)
        return ExitBadInput;
    const auto config = serving::readModelConfig(a.file);
    if (!config) {
        printDiagnostics(config.diagnostics(), err);
        return ExitBadInput;
    }
    SourceAnalysisOptions options;
    options.analysis = a.options;
    options.validate = a.validate;
    options.progress = [&err](const std::string& stage) { err << "solar: " << stage << "\n" << std::flush; };
    if (sweeping) {
        if (sweep.batches.empty())
            sweep.batches = {request.batch};
        if (sweep.contexts.empty())
            sweep.contexts = {request.contextTokens > 0 ? request.contextTokens : request.promptTokens};
        const auto rows = serving::sweepServing(*config, request, sweep.batches, sweep.contexts, *hardware, options);
        if (!rows) {
            printDiagnostics(rows.diagnostics(), err);
            return ExitBadInput;
        }
        out << (a.format == "json"      ? report::servingJson(*rows)
                    : a.format == "csv" ? report::servingCsv(*rows)
                                        : report::servingSweepTable(*rows));
        for (const auto& e : *rows)
            if (!e.complete())
                return ExitBadInput;
        return ExitOk;
    }
    const auto estimate = serving::estimateServing(*config, request, *hardware, options);
    if (!estimate) {
        printDiagnostics(estimate.diagnostics(), err);
        return ExitBadInput;
    }
    if (*plan)
        return llmPlan(*estimate, **plan, a, out, err);
    if (tp)
        return llmParallel(*estimate, static_cast<int>(*tp), a, out, err);
    out << (a.format == "json"      ? report::servingJson({*estimate})
                : a.format == "csv" ? report::servingCsv({*estimate})
                                    : report::servingTable(*estimate));
    if (!estimate->fits()) {
        const auto& d = estimate->decode ? estimate->decode->point : estimate->prefill->point;
        err << a.file << ": error: weights " << formatBytes(estimate->weightsBytes) << " + KV cache " << formatBytes(estimate->kvCacheBytes)
            << " = " << formatBytes(estimate->neededBytes()) << " do not fit in " << hardware->id << "'s "
            << formatBytes(estimate->capacityBytes) << " (batch " << d.batch << ", " << d.tokens << " tokens)\n";
        return ExitBadInput;
    }
    return estimate->complete() ? ExitOk : ExitBadInput;
}

} // namespace

std::vector<Command> servingCommands()
{
    return {
        {"llm", "CONFIG.json",
         "the speed of light of serving a Hugging Face model from its config.json alone (no weights, nothing downloaded): transformers "
         "builds the model on fake tensors, one prefill and one decode step are traced, bounded and validated at reduced sizes, and "
         "read as time to first token, per-step decode bound, tokens/s ceiling, bytes split into weights / KV cache / activations, and "
         "whether weights + KV cache fit in the profile's memory; --sweep batch=LIST context=LIST prints the throughput-latency table. "
         "Needs a Python with torch and transformers (see 'solar doctor')",
         concat({hardwareOptions(),
                 {{"--phase", "P", "prefill, decode or both (default both)", {"prefill", "decode", "both"}},
                  {"--batch", "B", "sequences per step (default 1)"},
                  {"--prompt", "P", "prompt tokens per sequence in the prefill (default 2048; 8k = 8192)"},
                  {"--context", "C", "tokens already in the KV cache at the decode step (default: the prompt's)"},
                  {"--new-tokens", "N", "tokens per sequence in one decode step (default 1; more for speculative decoding)"},
                  {"--dtype",
                   "D",
                   "weights, activations and KV cache (default: the config's torch_dtype, else bf16); fp8: the linear layers in "
                   "float8_e4m3fn through torch._scaled_mm, the rest in bf16",
                   {"bf16", "fp16", "fp32", "fp8"}},
                  {"--sweep",
                   "batch=LIST context=LIST",
                   "a batch x context table instead of one point (values comma-separated)",
                   {},
                   {},
                   true},
                  {"--keep-source", "DIR", "write the generated PyTorch sources to DIR and keep them"},
                  {"--tp", "N",
                   "split each phase over N devices of the profile (tensor parallel, derived from the traced program: "
                   "docs/parallel.md): per-device and system bounds, collectives over the links, memory per device (json: "
                   "solar.llm.parallel/1)"},
                  {"--policy", "P", "precision policy", {"pytorch-default", "strict-fp32", "allow-tf32"}},
                  {"--mode", "M", "eager (default), graph or none: the floors unfused_per_kernel pays", {"eager", "graph", "none"}},
                  {"--no-op-floor", "", "the same as --mode none"},
                  formatOption({"table", "json", "csv"})},
                 planOptionSpecs(),
                 validateOption()}),
         1, -1, llmCommand},
    };
}

} // namespace solar::cli
