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
#include "engine/report/servingbenchmarkreport.h"
#include "engine/report/servingreport.h"
#include "engine/serving/servingbenchmark.h"

#include <cstdlib>
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

// "2048/128,128/2048": ISL/OSL pairs.
std::vector<serving::BenchmarkShape> benchmarkShapes(const std::string& text)
{
    std::vector<serving::BenchmarkShape> shapes;
    for (const std::string& item : splitIds(text)) {
        const auto slash = item.find('/');
        if (slash == std::string::npos)
            throw UsageError {"--benchmark takes ISL/OSL pairs (e.g. 2048/2048,128/4096), not '" + item + "'"};
        serving::BenchmarkShape s {parseTokens(item.substr(0, slash), "--benchmark"), parseTokens(item.substr(slash + 1), "--benchmark")};
        if (s.inputTokens < 1 || s.outputTokens < 1)
            throw UsageError {"--benchmark: ISL and OSL are positive token counts, not '" + item + "'"};
        shapes.push_back(s);
    }
    if (shapes.empty())
        throw UsageError {"--benchmark lists no ISL/OSL pair"};
    return shapes;
}

int llmBenchmark(const serving::ModelConfig& config, const serving::ServingRequest& request, const Args& args, const AnalysisArgs& a,
                 const hw::HwProfile& hardware, const SourceAnalysisOptions& options, std::ostream& out, std::ostream& err)
{
    serving::BenchmarkSettings settings;
    settings.concurrency = args.integer("--concurrency", 1).value_or(0);
    if (args.has("--memory-fraction")) {
        const std::string f = args.value("--memory-fraction");
        char* end = nullptr;
        settings.memoryFraction = std::strtod(f.c_str(), &end);
        if (f.empty() || *end != '\0' || !(settings.memoryFraction > 0 && settings.memoryFraction <= 1))
            throw UsageError {"--memory-fraction is a number in (0, 1], not '" + f + "'"};
    }
    settings.devices = static_cast<int>(args.integer("--tp", 1).value_or(1));
    const auto estimate
        = serving::benchmarkServing(config, request, benchmarkShapes(args.value("--benchmark")), settings, hardware, options);
    if (!estimate) {
        printDiagnostics(estimate.diagnostics(), err);
        return ExitBadInput;
    }
    out << (a.format == "json" ? report::benchmarkJson(*estimate) : report::benchmarkTable(*estimate));
    bool ok = estimate->traced.complete();
    for (const auto& b : estimate->bounds)
        if (b.batch < 1) {
            err << a.file << ": error: weights " << formatBytes(estimate->traced.weightsBytes) << " and one request's KV cache "
                << formatBytes(b.requestKvCacheBytes) << " at " << b.shape.inputTokens + b.shape.outputTokens << " positions do not fit in "
                << formatBytes(estimate->traced.capacityBytes * settings.memoryFraction) << "\n";
            ok = false;
        }
    return ok ? ExitOk : ExitBadInput;
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
    request.dtype = dtype == "bf16" ? "bfloat16"
        : dtype == "fp16"           ? "float16"
        : dtype == "fp32"           ? "float32"
        : dtype == "fp8"            ? "fp8"
        : dtype == "int4"           ? "int4"
        : dtype == "int8"           ? "int8"
        : dtype == "w8a8"           ? "w8a8"
                                    : "";
    const std::string kv = args.value("--kv-dtype");
    request.kvDtype = kv == "bf16"       ? "bfloat16"
        : kv == "fp16"                   ? "float16"
        : kv == "fp32"                   ? "float32"
        : kv == "fp8" || kv == "fp8e4m3" ? "float8_e4m3fn"
        : kv == "fp8e5m2"                ? "float8_e5m2"
                                         : "";
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
    const bool benchmark = args.has("--benchmark");
    if (benchmark && (sweeping || args.has("--phase") || args.has("--batch") || args.has("--prompt") || args.has("--context")))
        throw UsageError {"--benchmark sets its own batches and token counts: not with --sweep, --phase, --batch, --prompt or --context"};
    if (benchmark && a.format == "csv")
        throw UsageError {"--benchmark prints a table or json"};
    if (!benchmark && (args.has("--concurrency") || args.has("--memory-fraction")))
        throw UsageError {"--concurrency and --memory-fraction go with --benchmark"};
    const auto tp = benchmark ? std::nullopt : args.integer("--tp", 1);
    if (tp && sweeping)
        throw UsageError {"--tp analyses one point, not a --sweep"};
    if (tp && a.format == "csv")
        throw UsageError {"--tp prints a table or json"};
    const auto plan = planOption(args);
    if (!plan) {
        printDiagnostics(plan.diagnostics(), err);
        return ExitBadInput;
    }
    if (*plan && (sweeping || benchmark || a.format == "csv"))
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
    // Tensor parallelism runs whole attention heads on each device (Megatron's split; vLLM and TensorRT-LLM refuse a
    // degree that does not divide the heads, and replicate KV heads only when the degree is a multiple of them): any
    // other degree would leave most of the model whole on every device, a split no engine serves.
    const int tpDegree = static_cast<int>(args.integer("--tp", 1).value_or(1));
    if (const int degree = std::max(tpDegree, *plan ? (*plan)->tp : 1); degree > 1) {
        std::int64_t kvHeads = config->heads;
        for (const auto& [name, value] : config->sizes)
            if (name == "num_key_value_heads" || name == "num_kv_heads" || name == "multi_query_group_num")
                kvHeads = value;
        if (config->heads % degree != 0 || (kvHeads % degree != 0 && degree % kvHeads != 0)) {
            err << a.file << ": error: tp " << degree << " does not divide the model's " << config->heads << " attention heads (" << kvHeads
                << " key-value heads): serving engines split attention by whole heads and refuse this degree\n";
            return ExitBadInput;
        }
    }
    // Serving engines place whole layers on a pipeline stage: more stages than layers would cut inside them.
    if (*plan && (*plan)->pp > config->layers) {
        err << a.file << ": error: pp " << (*plan)->pp << " is more stages than the model's " << config->layers
            << " layers: serving engines place whole layers on each stage\n";
        return ExitBadInput;
    }
    SourceAnalysisOptions options;
    options.analysis = a.options;
    options.validate = a.validate;
    options.progress = [&err](const std::string& stage) { err << "solar: " << stage << "\n" << std::flush; };
    if (benchmark)
        return llmBenchmark(*config, request, args, a, *hardware, options, out, err);
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
                   "weights, activations and KV cache (default: the config's torch_dtype, else bf16; a quantization_config "
                   "names its format: fp8, AWQ/GPTQ 4 or 8 bits, compressed-tensors int8 W8A8); fp8: the linear layers in "
                   "float8_e4m3fn through torch._scaled_mm; int4: the linear layers' weights in 4 bits with one bf16 scale "
                   "per 128 inputs (weight-only); int8: their weights in int8 with a bf16 scale per output channel "
                   "(weight-only); w8a8: int8 weights and per-token int8 inputs, an int8 product; the rest in bf16",
                   {"bf16", "fp16", "fp32", "fp8", "int4", "int8", "w8a8"}},
                  {"--kv-dtype",
                   "D",
                   "the KV cache's storage (default: the activations' dtype, bf16 under --dtype fp8); fp8 (= fp8e4m3) or "
                   "fp8e5m2: written as float8 and cast up where attention reads it, as TensorRT-LLM's and vLLM's fp8 caches",
                   {"bf16", "fp16", "fp32", "fp8", "fp8e4m3", "fp8e5m2"}},
                  {"--sweep",
                   "batch=LIST context=LIST",
                   "a batch x context table instead of one point (values comma-separated)",
                   {},
                   {},
                   true},
                  {"--benchmark", "ISL/OSL[,ISL/OSL...]",
                   "the most output throughput any engine can reach for requests of ISL prompt and OSL output tokens under "
                   "unlimited load (what trtllm-bench throughput and vLLM's throughput benchmark measure): an upper bound, every "
                   "step re-solved from one traced prefill and decode (docs/llm-models.md); with --tp N, N devices as one"},
                  {"--concurrency", "C", "with --benchmark: at most C live requests (default: as many as memory holds)"},
                  {"--memory-fraction", "F", "with --benchmark: the share of DRAM weights and KV caches may use (default 1)"},
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
