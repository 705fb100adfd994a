// SPDX-License-Identifier: MIT
#include "engine/serving/servingestimate.h"

#include "engine/core/tempfolder.h"
#include "engine/frontend/trace/tracedanalysis.h"
#include "engine/ir/dtype.h"
#include "engine/serving/validationsizes.h"
#include "engine/worker/session.h"

#include <algorithm>
#include <cctype>
#include <optional>
#include <set>
#include <tuple>

namespace solar::serving {

namespace {

using bounds::Level;

double declBytes(const AnalysisResult& r, const ir::Decl& d)
{
    const auto it = r.sizes.shapes.find(d.name);
    if (it == r.sizes.shapes.end())
        return 0;
    return static_cast<double>(ir::elementCount(it->second)) * ir::dtypeStorageBits(d.dtype) / 8.0;
}

std::string fileStem(const std::string& modelType)
{
    std::string s;
    for (char ch : modelType)
        s += (std::isalnum(static_cast<unsigned char>(ch)) ? ch : '_');
    return s.empty() ? "model" : s;
}

// The serving numbers of one analysed phase: weights are the parameters and buffers; the KV cache is what the
// generated source passes in after the token ids (decode) or returns after the logits (prefill).
void splitBytes(PhaseBound& p)
{
    const AnalysisResult& r = p.analysis.result;
    const std::string logits = p.analysis.outputs.empty() ? std::string() : p.analysis.outputs.front();
    std::set<std::string> cache;
    for (const ir::Decl& d : r.program.decls) {
        if (d.kind != ir::DeclKind::Tensor)
            continue;
        if (d.tensorKind == ir::TensorKind::Weight) {
            p.weightsBytes += declBytes(r, d);
        } else if ((p.point.phase == Phase::Decode && d.tensorKind == ir::TensorKind::In && d.name != "input0")
                   || (p.point.phase == Phase::Prefill && d.tensorKind == ir::TensorKind::Out && d.name != logits)) {
            p.kvCacheBytes += declBytes(r, d);
            cache.insert(d.name);
        }
    }
    const graph::EinsumGraph& g = r.graph;
    for (size_t t = 0; t < g.tensors.size() && t < g.externalFootprint.size(); ++t) {
        const double bytes = g.externalFootprint[t] * g.tensors[t].bytesPerElement;
        if (g.tensors[t].role == graph::TensorRole::Weight)
            p.weightsReadBytes += bytes;
        else if (cache.count(g.tensors[t].name))
            p.kvCacheMovedBytes += bytes;
    }
    const auto& sol = r.ladder.at(Level::CacheAware);
    p.seconds = sol.seconds;
    p.activationBytes = std::max(0.0, sol.bytes - p.weightsReadBytes - p.kvCacheMovedBytes);
}

Expected<PhaseBound> runPhase(const ModelConfig& config, const ServingPoint& point, const SourceFolder& folder,
                              const hw::HwProfile& hardware, const SourceAnalysisOptions& options,
                              const std::vector<std::string>& fitConstants = {})
{
    PhaseBound p;
    p.point = point;
    if (!isKvCacheDtype(kvCacheDtype(point)))
        return Expected<PhaseBound>::failure({Diagnostic {Severity::Error,
                                                          config.path,
                                                          {},
                                                          "serving.kv-dtype",
                                                          "'" + kvCacheDtype(point)
                                                              + "' is not a KV cache dtype (bfloat16, float16, "
                                                                "float32, float8_e4m3fn, float8_e5m2)"}});
    trace::GeneratedSource source;
    source.text = servingSource(config, point);
    source.fileName = fileStem(config.modelType) + "_" + phaseName(point.phase) + ".py";
    source.origin = config.path;
    source.folder = folder.path().string();
    source.keep = folder.kept();
    // Say which phase failed, and where in the source it generated.
    source.locate = [&](Diagnostic d) {
        const std::string where = d.loc.line > 0 ? " (line " + std::to_string(d.loc.line) + " of the generated source)" : "";
        d.message = phaseName(point.phase) + where + ": " + d.message;
        d.file = config.path;
        d.loc = {};
        return d;
    };
    source.validation.firstSizes = {validationSizes(config, point)};
    source.validation.fitConstants = fitConstants;
    auto analysed = trace::analyzeGeneratedSource(source, hardware, options, &p.sourcePath);
    if (!analysed)
        return Expected<PhaseBound>::failure(analysed.diagnostics());
    p.analysis = std::move(analysed).value();
    splitBytes(p);
    return p;
}

// What a quantised format stores, for the notes.
std::string formatSummary(const std::string& format)
{
    return format == "fp8" ? "fp8 linear layers, weights and inputs"
        : format == "int4" ? "4-bit weights, one scale per group of 128 inputs, weight-only"
        : format == "int8" ? "int8 weights, one scale per output channel, weight-only"
                           : "int8 weights and per-token int8 inputs";
}

std::string defaultDtype(const ModelConfig& config, const std::string& requested)
{
    if (!requested.empty())
        return requested;
    // A quantised checkpoint is served in its format: bounding it at its torch_dtype would be slower than it runs.
    if (const std::string format = quantisedFormat(config); !format.empty())
        return format;
    if (config.dtype == "float16" || config.dtype == "float32" || config.dtype == "bfloat16")
        return config.dtype;
    return "bfloat16";
}

} // namespace

std::optional<PhaseBound> resolvePhase(const PhaseBound& traced, const ServingPoint& point, const hw::HwProfile& hardware,
                                       const SourceAnalysisOptions& options)
{
    const auto& params = traced.analysis.sizeParameters;
    AnalysisOptions analysis = options.analysis;
    analysis.sizes.clear();
    std::vector<std::tuple<std::string, std::int64_t, std::int64_t>> constants {
        {"batch", point.batch, traced.point.batch}, {tokensConstant(point.phase), point.tokens, traced.point.tokens}};
    if (point.phase == Phase::Decode)
        constants.emplace_back("new_tokens", point.newTokens, traced.point.newTokens);
    for (const auto& [constant, value, tracedValue] : constants) {
        if (value == tracedValue)
            continue;
        const auto it = params.find(constant);
        if (it == params.end())
            return std::nullopt;
        // A parameter the fit could not tell apart from another constant's would move that constant too.
        for (const auto& [other, param] : params)
            if (other != constant && param == it->second)
                return std::nullopt;
        analysis.sizes[it->second] = value;
    }
    // From the program as written: its least contraction order is chosen again at this point's sizes.
    const AnalysisResult& tracedResult = traced.analysis.result;
    auto analysed = analyzeProgram(tracedResult.asWritten ? tracedResult.asWritten->program : tracedResult.program, hardware, analysis,
                                   traced.analysis.beforeCosting);
    if (!analysed)
        return std::nullopt;
    PhaseBound p;
    p.point = point;
    p.sourcePath = traced.sourcePath;
    // What the traced analysis says of its program, without copying the program's text or its traced result.
    p.analysis.frontend = traced.analysis.frontend;
    p.analysis.framework = traced.analysis.framework;
    p.analysis.outputs = traced.analysis.outputs;
    p.analysis.irGenerated = traced.analysis.irGenerated;
    p.analysis.sizeParameters = params;
    p.analysis.beforeCosting = traced.analysis.beforeCosting;
    AnalysisResult& r = p.analysis.result;
    r = std::move(analysed).value();
    r.coverage = traced.analysis.result.coverage; // the lowering's gaps, which re-solving cannot see
    r.programNote = traced.analysis.result.programNote;
    r.validation = traced.analysis.result.validation;
    r.validation.details = "re-solved from the program traced at batch " + std::to_string(traced.point.batch) + ", "
        + std::to_string(traced.point.tokens) + " tokens (its size parameters set to this point's), not traced again; that program: "
        + (traced.analysis.result.validation.details.empty() ? traced.analysis.result.validation.statusName()
                                                             : traced.analysis.result.validation.details);
    splitBytes(p);
    return p;
}

Expected<PhaseBound> analyzePhase(const ModelConfig& config, ServingPoint point, const hw::HwProfile& hardware,
                                  const SourceAnalysisOptions& options, const std::string& sourceDir,
                                  const std::vector<std::string>& fitConstants)
{
    point.dtype = defaultDtype(config, point.dtype);
    const SourceFolder folder(sourceDir, "solar-llm");
    return runPhase(config, point, folder, hardware, options, fitConstants);
}

double PhaseBound::tokens() const
{
    return static_cast<double>(point.batch) * (point.phase == Phase::Prefill ? 1.0 : static_cast<double>(point.newTokens));
}

bool ServingEstimate::complete() const
{
    for (const auto* p : {&prefill, &decode}) {
        if (!*p)
            continue;
        const AnalysisResult& r = (*p)->analysis.result;
        if (!r.coverage.complete || r.validation.status == ValidationStatus::Mismatch)
            return false;
        if (validationRequested && r.validation.status != ValidationStatus::Validated)
            return false;
    }
    return true;
}

Expected<ServingEstimate> estimateServing(const ModelConfig& config, const ServingRequest& request, const hw::HwProfile& hardware,
                                          const SourceAnalysisOptions& options)
{
    auto all = sweepServing(config, request, {request.batch}, {request.contextTokens > 0 ? request.contextTokens : request.promptTokens},
                            hardware, options);
    if (!all)
        return Expected<ServingEstimate>::failure(all.diagnostics());
    return std::move(all->front());
}

Expected<std::vector<ServingEstimate>> sweepServing(const ModelConfig& config, const ServingRequest& request,
                                                    const std::vector<std::int64_t>& batches, const std::vector<std::int64_t>& contexts,
                                                    const hw::HwProfile& hardware, const SourceAnalysisOptions& options)
{
    using Result = Expected<std::vector<ServingEstimate>>;
    const SourceFolder folder(request.sourceDir, "solar-llm");
    // One Python worker for every phase and point: torch and transformers are imported once.
    std::optional<worker::Session> session;
    SourceAnalysisOptions o = options;
    if (!o.session)
        o.session = &session.emplace(options.python);
    const bool single = batches.size() == 1 && contexts.size() == 1;
    std::vector<ServingEstimate> rows;
    // A phase is traced at the first point of each group below, and the group's other points re-solve that
    // program (batch and tokens are constants of one source: resolvePhase), tracing again only where its sizes
    // could not be fitted. Batch 1 is a group of its own: it lowers to another structure (its size-1 loops become
    // literal indices), so only the tokens are fitted there. Fitting costs three more traces, so a group of fewer
    // than five points is traced point by point.
    auto group = [](std::int64_t batch) { return batch == 1 ? 0 : 1; };
    int groupPoints[2] = {0, 0};
    for (const std::int64_t batch : batches)
        groupPoints[group(batch)] += static_cast<int>(contexts.size());
    std::optional<PhaseBound> traced[2][2]; // [phase][group]
    bool validated[2] = {false, false};
    ValidationStatus firstStatus[2] = {ValidationStatus::Unvalidated, ValidationStatus::Unvalidated};
    for (const std::int64_t batch : batches) {
        for (const std::int64_t context : contexts) {
            ServingEstimate e;
            e.config = config;
            e.hardwareId = hardware.id;
            e.hardwareName = hardware.name;
            e.dtype = defaultDtype(config, request.dtype);
            ServingPoint precisions;
            precisions.dtype = e.dtype;
            precisions.kvDtype = request.kvDtype;
            e.kvDtype = kvCacheDtype(precisions);
            e.capacityBytes = hardware.dramCapacityBytes.value;
            e.validationRequested = o.validate;
            for (const Phase phase : {Phase::Prefill, Phase::Decode}) {
                if ((phase == Phase::Prefill && !request.prefill) || (phase == Phase::Decode && !request.decode))
                    continue;
                ServingPoint point;
                point.phase = phase;
                point.batch = batch;
                point.tokens = phase == Phase::Prefill ? (single ? request.promptTokens : context) : context;
                point.newTokens = request.newTokens;
                point.dtype = e.dtype;
                point.kvDtype = e.kvDtype;
                const int p = phase == Phase::Prefill ? 0 : 1, g = group(batch);
                std::optional<PhaseBound>& first = traced[p][g];
                std::optional<PhaseBound> bound;
                if (first)
                    bound = resolvePhase(*first, point, hardware, o);
                if (!bound) {
                    SourceAnalysisOptions phaseOptions = o;
                    phaseOptions.validate = o.validate && !validated[p];
                    std::vector<std::string> fit;
                    if (!first && groupPoints[g] >= 5)
                        fit = g == 0 ? std::vector<std::string> {tokensConstant(phase)}
                                     : std::vector<std::string> {"batch", tokensConstant(phase)};
                    auto run = runPhase(config, point, folder, hardware, phaseOptions, fit);
                    if (!run)
                        return Result::failure(run.diagnostics());
                    if (!phaseOptions.validate && o.validate) {
                        // The same source as the first point's, at other sizes: its verdict stands for this one.
                        run->analysis.result.validation.status = firstStatus[p];
                        run->analysis.result.validation.details
                            = "not compared with PyTorch again: the same generated source as the first point, which was ("
                            + std::string(firstStatus[p] == ValidationStatus::Validated ? "validated" : "not validated")
                            + "), at other sizes";
                    } else {
                        firstStatus[p] = run->analysis.result.validation.status;
                    }
                    validated[p] = true;
                    bound = std::move(run).value();
                    if (!first)
                        first = bound;
                }
                (phase == Phase::Prefill ? e.prefill : e.decode) = std::move(bound);
            }
            e.weightsBytes = e.decode ? e.decode->weightsBytes : e.prefill ? e.prefill->weightsBytes : 0;
            // The cache that must be resident: batch x (context + new tokens) positions, scaled from the bytes per
            // cached position the traced program actually reads (or the prefill wrote).
            if (e.decode && e.decode->point.tokens > 0) {
                const double perPosition = e.decode->kvCacheBytes / static_cast<double>(e.decode->point.tokens);
                e.kvCacheBytes = perPosition * static_cast<double>(e.decode->point.tokens + e.decode->point.newTokens);
            } else if (e.prefill) {
                e.kvCacheBytes = e.prefill->kvCacheBytes;
            }
            for (const auto& [name, value] : config.sizes) {
                const std::int64_t positions = std::max(request.prefill ? (single ? request.promptTokens : context) : 0,
                                                        request.decode ? context + request.newTokens : 0);
                if ((name == "max_position_embeddings" || name == "n_positions") && positions > value)
                    e.notes.push_back(std::to_string(positions) + " positions exceed the config's " + name + " (" + std::to_string(value)
                                      + "): the model was not trained that long; the bound is of the program as it runs");
            }
            if (e.prefill) {
                const auto& nodes = e.prefill->analysis.result.graph.nodes;
                const bool sdpa = std::any_of(nodes.begin(), nodes.end(), [](const graph::Node& n) {
                    return n.sourceOp.find("scaled_dot_product_attention") != std::string::npos;
                });
                if (!sdpa)
                    e.notes.push_back("attention ran as eager matmuls (this architecture has no SDPA path in transformers): every "
                                      "query-key pair is counted, masked ones too, so the prefill's attention work can be up to twice a "
                                      "causal kernel's and its bound is above the least by that much");
            }
            const std::string format = quantisedFormat(config);
            if (!format.empty() && request.dtype.empty())
                e.notes.push_back("the config's quantization_config is " + config.quantMethod + " (" + formatSummary(format)
                                  + "): served as --dtype " + format);
            else if (!config.quantMethod.empty() && format.empty())
                e.notes.push_back("the config's quantization_config ('" + config.quantMethod
                                  + "') is not modelled: the weights are "
                                    "analysed at "
                                  + e.dtype + ", so a deployment at the checkpoint's narrower weights can beat this bound");
            const bool experts = std::any_of(config.sizes.begin(), config.sizes.end(), [](const auto& size) {
                return size.first == "num_local_experts" || size.first == "num_experts" || size.first == "n_routed_experts";
            });
            if (experts && isQuantisedLinears(e.dtype))
                e.notes.push_back("--dtype " + e.dtype
                                  + " quantises the Linear layers only: the routed experts' weights (one fused parameter per "
                                    "projection in transformers) stay in bf16 and their products at the bf16 rate, so a deployment "
                                    "with quantised experts can beat this bound where the experts bind");
            e.notes.push_back("prefill computes the last position's logits only (logits_to_keep=1), as serving engines do");
            e.notes.push_back("decode reads the KV cache as the architecture's transformers code stores it (DynamicCache); the new "
                              "tokens' keys and values are counted where the step reads them, not as separate writes");
            e.notes.push_back("memory fit: weights plus the KV cache at context + new tokens; activations and the serving engine's "
                              "workspace come on top");
            rows.push_back(std::move(e));
        }
    }
    return rows;
}

} // namespace solar::serving
