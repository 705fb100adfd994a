// SPDX-License-Identifier: MIT
#include "engine/serving/servingbenchmark.h"

#include "engine/worker/session.h"

#include <algorithm>
#include <cmath>
#include <optional>

namespace solar::serving {

namespace {

using bounds::Level;

// The resources one request uses, added up over the steps it takes part in, each step's share already divided
// among the sequences that share it.
struct RequestUse
{
    bounds::Work work;
    double dramBytes = 0, l2Bytes = 0;
};

void charge(RequestUse& use, const PhaseBound& step, double share, double excludedBytes = 0)
{
    const AnalysisResult& r = step.analysis.result;
    const auto& level = r.ladder.at(Level::CacheAware);
    use.work.add(bounds::totalWork(r.digest), share);
    use.dramBytes += share * std::max(0.0, level.bytes - excludedBytes);
    use.l2Bytes += share * std::max(0.0, level.l2Bytes - excludedBytes);
}

ServingPoint pointAt(const ServingEstimate& traced, Phase phase, std::int64_t batch, std::int64_t tokens)
{
    ServingPoint p = (phase == Phase::Prefill ? traced.prefill : traced.decode)->point;
    p.batch = batch;
    p.tokens = tokens;
    return p;
}

Diagnostic notResolvable(const ModelConfig& config, Phase phase)
{
    return {Severity::Error,
            config.path,
            {},
            "serving.benchmark",
            "the " + phaseName(phase) + " program has no size parameters for its batch and tokens (the fit failed: see its program "
                + "note), so the benchmark's steps cannot be re-solved without tracing each one"};
}

} // namespace

hw::HwProfile aggregateDevices(const hw::HwProfile& hardware, int devices)
{
    if (devices <= 1)
        return hardware;
    hw::HwProfile p = hardware;
    const double n = devices;
    p.id = hardware.id + "x" + std::to_string(devices);
    p.name = std::to_string(devices) + " x " + hardware.name + " (as one device)";
    auto times = [&](hw::Number& x) {
        x.note = "x" + std::to_string(devices) + " devices serving as one (source " + x.source + ")";
        x.value *= n;
    };
    for (hw::Number* x : {&p.dramBandwidthBps, &p.dramCapacityBytes, &p.l2Bytes, &p.onchipBytes})
        times(*x);
    for (std::optional<hw::Number>* x : {&p.llcBytes, &p.l2BandwidthBps, &p.smCount})
        if (*x)
            times(**x);
    for (auto& peak : p.peaks)
        times(peak.flops);
    return p;
}

Expected<ServingEstimate> traceBenchmarkPrograms(const ModelConfig& config, const ServingRequest& precisions, std::int64_t promptTokens,
                                                 const hw::HwProfile& hardware, const SourceAnalysisOptions& options)
{
    ServingEstimate t;
    for (const Phase phase : {Phase::Prefill, Phase::Decode}) {
        ServingPoint point;
        point.phase = phase;
        point.batch = 8; // a size-1 batch lowers to another structure (its loops become literal indices): fitted from 8
        point.tokens = promptTokens;
        point.dtype = precisions.dtype;
        point.kvDtype = precisions.kvDtype;
        auto traced = analyzePhase(config, point, hardware, options, precisions.sourceDir, {"batch", tokensConstant(phase)});
        if (!traced)
            return Expected<ServingEstimate>::failure(traced.diagnostics());
        if (!traced->analysis.sizeParameters.count("batch") || !traced->analysis.sizeParameters.count(tokensConstant(phase)))
            return Expected<ServingEstimate>::failure(notResolvable(config, phase));
        (phase == Phase::Prefill ? t.prefill : t.decode) = std::move(traced).value();
    }
    t.config = config;
    t.hardwareId = hardware.id;
    t.hardwareName = hardware.name;
    t.dtype = t.decode->point.dtype;
    t.kvDtype = kvCacheDtype(t.decode->point);
    t.capacityBytes = hardware.dramCapacityBytes.value;
    t.weightsBytes = t.decode->weightsBytes;
    t.validationRequested = options.validate;
    return t;
}

Expected<BenchmarkBound> boundBenchmark(const ServingEstimate& t, const BenchmarkShape& shape, const BenchmarkSettings& settings,
                                        const hw::HwProfile& device, const SourceAnalysisOptions& options)
{
    using Result = Expected<BenchmarkBound>;
    const ModelConfig& config = t.config;
    auto fail = [&](const std::string& why) {
        return Result::failure(Diagnostic {Severity::Error, config.path, {}, "serving.benchmark", why});
    };
    if (shape.inputTokens < 1 || shape.outputTokens < 1)
        return fail("a benchmark shape needs at least one input and one output token");
    if (!(settings.memoryFraction > 0 && settings.memoryFraction <= 1))
        return fail("the memory fraction must be in (0, 1]");
    if (settings.devices < 1)
        return fail("a benchmark needs at least one device");
    const hw::HwProfile hardware = aggregateDevices(device, settings.devices);
    auto at = [&](Phase phase, std::int64_t batch, std::int64_t tokens) {
        const PhaseBound& from = phase == Phase::Prefill ? *t.prefill : *t.decode;
        return resolvePhase(from, pointAt(t, phase, batch, tokens), hardware, options);
    };
    BenchmarkBound b;
    b.shape = shape;
    // One request's cache at its last step (what the architecture stores: a sliding window stores less).
    const auto last = at(Phase::Decode, 1, shape.inputTokens + shape.outputTokens);
    const auto first = at(Phase::Prefill, 1, shape.inputTokens);
    if (!last || !first)
        return Result::failure(notResolvable(config, !first ? Phase::Prefill : Phase::Decode));
    b.requestKvCacheBytes = last->kvCacheBytes;
    b.timeToFirstTokenSeconds = first->seconds;
    const bounds::MachineModel& machine = first->analysis.result.machine;
    const bounds::PrecisionPolicy policy = first->analysis.result.options.policy;
    const double room = hardware.dramCapacityBytes.value * settings.memoryFraction - t.weightsBytes;
    std::int64_t most = b.requestKvCacheBytes > 0 ? static_cast<std::int64_t>(std::floor(room / b.requestKvCacheBytes)) : (1 << 20);
    b.batchLimit = "memory capacity";
    if (settings.concurrency > 0 && settings.concurrency < most) {
        most = settings.concurrency;
        b.batchLimit = "concurrency";
    }
    if (most < 1) {
        b.binding = "memory capacity";
        b.memoryNeededBytes = t.weightsBytes + b.requestKvCacheBytes;
        return b;
    }
    // Batches tried: powers of two up to the largest that fits, and that one. Per output token the weights' share
    // falls with the batch and nothing else grows, so the largest usually wins; every one is solved.
    std::vector<std::int64_t> batches;
    for (std::int64_t n = 1; n < most; n *= 2)
        batches.push_back(n);
    batches.push_back(most);
    const std::int64_t decodeSteps = shape.outputTokens - 1;
    const std::int64_t segments = std::min<std::int64_t>(decodeSteps, kDecodeSegments);
    for (const std::int64_t batch : batches) {
        RequestUse use;
        const auto prefill = at(Phase::Prefill, batch, shape.inputTokens);
        if (!prefill)
            return Result::failure(notResolvable(config, Phase::Prefill));
        // The prefill's weight reads can ride on a decode step's (chunked prefill): not charged to it.
        charge(use, *prefill, 1.0 / static_cast<double>(batch), prefill->weightsReadBytes);
        // Decode steps at cached contexts ISL .. ISL + OSL - 2, in segments charged at their first context.
        for (std::int64_t k = 0; k < segments; ++k) {
            const std::int64_t begin = k * decodeSteps / segments, end = (k + 1) * decodeSteps / segments;
            const auto step = at(Phase::Decode, batch, shape.inputTokens + begin);
            if (!step)
                return Result::failure(notResolvable(config, Phase::Decode));
            charge(use, *step, static_cast<double>(end - begin) / static_cast<double>(batch));
        }
        const double compute = bounds::workComputeSeconds(use.work, machine, policy);
        const double dram = machine.dramBps > 0 ? use.dramBytes / machine.dramBps : 0;
        const double l2 = machine.l2Bps > 0 ? use.l2Bytes / machine.l2Bps : 0;
        const double perRequest = std::max({compute, dram, l2});
        const double throughput = perRequest > 0 ? static_cast<double>(shape.outputTokens) / perRequest : 0;
        if (throughput <= b.outputTokensPerSecond)
            continue;
        b.outputTokensPerSecond = throughput;
        b.batch = batch;
        b.binding = compute >= std::max(dram, l2) ? "compute" : (l2 > dram ? "memory:l2" : "memory");
        const auto mean = at(Phase::Decode, batch, shape.inputTokens + decodeSteps / 2);
        b.timePerOutputTokenSeconds = mean ? mean->seconds : 0;
    }
    if (b.batch < most)
        b.batchLimit = "throughput no higher at a larger batch";
    b.memoryNeededBytes = t.weightsBytes + static_cast<double>(b.batch) * b.requestKvCacheBytes;
    return b;
}

Expected<BenchmarkEstimate> benchmarkServing(const ModelConfig& config, const ServingRequest& precisions,
                                             const std::vector<BenchmarkShape>& shapes, const BenchmarkSettings& settings,
                                             const hw::HwProfile& device, const SourceAnalysisOptions& options)
{
    using Result = Expected<BenchmarkEstimate>;
    if (shapes.empty())
        return Result::failure(Diagnostic {Severity::Error, config.path, {}, "serving.benchmark", "no ISL/OSL shape to bound"});
    const hw::HwProfile hardware = aggregateDevices(device, settings.devices);
    std::optional<worker::Session> session;
    SourceAnalysisOptions o = options;
    if (!o.session)
        o.session = &session.emplace(options.python);
    BenchmarkEstimate out;
    out.settings = settings;
    auto traced = traceBenchmarkPrograms(config, precisions, shapes.front().inputTokens, hardware, o);
    if (!traced)
        return Result::failure(traced.diagnostics());
    out.traced = std::move(traced).value();
    for (const BenchmarkShape& shape : shapes) {
        auto bound = boundBenchmark(out.traced, shape, settings, device, o);
        if (!bound)
            return Result::failure(bound.diagnostics());
        out.bounds.push_back(std::move(bound).value());
    }
    return out;
}

} // namespace solar::serving
