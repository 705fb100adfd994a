// SPDX-License-Identifier: MIT
// `solar llm --benchmark ISL/OSL`: the most output throughput any serving engine can reach for requests of ISL
// prompt and OSL output tokens under unlimited load (what trtllm-bench throughput and vLLM's throughput benchmark
// measure), on one profile, at the serving precisions. An upper bound on throughput, from lower bounds on the
// resources every request must use (docs/llm-models.md, "A bound for serving benchmarks"):
//   - at most B requests are live at once: B is the largest batch whose weights plus KV caches at ISL + OSL
//     positions fit in the memory fraction (or the concurrency cap);
//   - each request's prefill does its work once (its weight reads may be shared with other steps, so they are not
//     charged to it), and each of its OSL - 1 decode steps runs in a step of at most B sequences that reads the
//     weights at least once: per request, a 1/B share of a step's weights, and its own KV cache and work;
//   - over many requests the time is at least the larger of the compute floor of all that work added up and the
//     DRAM (and L2) bytes over the bandwidth; one token per sequence per step (no speculative decoding).
// Every step is one of the traced programs (prefill, decode) re-solved at the batch and context it runs at: nothing
// is traced again. Decode steps at contexts ISL .. ISL + OSL - 2 are charged at the start of each of a few context
// segments: the cost grows with the context, so this undercounts it (a throughput bound only rises).
#pragma once

#include "engine/serving/servingestimate.h"

#include <cstdint>
#include <string>
#include <vector>

namespace solar::serving {

/// The context segments a request's decode steps are charged in, each at its first context.
inline constexpr int kDecodeSegments = 8;

struct BenchmarkShape
{
    std::int64_t inputTokens = 0, outputTokens = 0; // ISL, OSL (OSL >= 1: the prefill produces the first)
};

struct BenchmarkSettings
{
    std::int64_t concurrency = 0; // the most live requests; 0: memory decides
    double memoryFraction = 1.0; // of the profile's DRAM the weights and KV caches may hold
    int devices = 1; // devices serving as one (tensor parallel): every rate and capacity times this, no collectives
};

struct BenchmarkBound
{
    BenchmarkShape shape;
    double outputTokensPerSecond = 0; // the ceiling of total output throughput (0: not one request fits)
    double timePerOutputTokenSeconds = 0; // one decode step at the chosen batch and the mean context
    double timeToFirstTokenSeconds = 0; // one request's prefill alone
    std::int64_t batch = 0; // live requests at the ceiling
    std::string binding; // what bounds the ceiling: "memory", "compute:tensor", ...
    std::string batchLimit; // why the batch is not larger: "memory capacity", "concurrency"
    double requestKvCacheBytes = 0; // one request's KV cache at ISL + OSL positions
    double memoryNeededBytes = 0; // weights + batch x requestKvCacheBytes
};

struct BenchmarkEstimate
{
    ServingEstimate traced; // the two programs every bound re-solves (at the first shape's prompt, batch 8)
    BenchmarkSettings settings;
    std::vector<BenchmarkBound> bounds; // one per shape, in the order asked
};

/// The two programs every bound re-solves: prefill and decode at batch 8 and `promptTokens`, each traced once with
/// its batch and tokens fitted as size parameters (validated as `options` say). Fails when a phase does not trace
/// or its sizes do not fit (then no shape can be bounded without tracing every step).
Expected<ServingEstimate> traceBenchmarkPrograms(const ModelConfig& config, const ServingRequest& precisions, std::int64_t promptTokens,
                                                 const hw::HwProfile& hardware, const SourceAnalysisOptions& options = {});

/// One shape's bound from those programs, re-solved on `device` (times settings.devices) at every step's batch and
/// context: no tracing.
Expected<BenchmarkBound> boundBenchmark(const ServingEstimate& programs, const BenchmarkShape& shape, const BenchmarkSettings& settings,
                                        const hw::HwProfile& device, const SourceAnalysisOptions& options = {});

/// Both, for each shape in order.
Expected<BenchmarkEstimate> benchmarkServing(const ModelConfig& config, const ServingRequest& precisions,
                                             const std::vector<BenchmarkShape>& shapes, const BenchmarkSettings& settings,
                                             const hw::HwProfile& hardware, const SourceAnalysisOptions& options = {});

/// `hardware` as `devices` of it serving as one: every compute peak, bandwidth, on-chip and DRAM capacity times
/// `devices`. No split of a model over the devices does better; the links are not charged.
hw::HwProfile aggregateDevices(const hw::HwProfile& hardware, int devices);

} // namespace solar::serving
