// SPDX-License-Identifier: MIT
#include "engine/report/servingbenchmarkreport.h"

#include "engine/core/format.h"
#include "engine/core/version.h"

#include <nlohmann/json.hpp>

namespace solar::report {

namespace {

using nlohmann::ordered_json;
using serving::BenchmarkBound;
using serving::BenchmarkEstimate;
using serving::PhaseBound;

std::string shapeText(const serving::BenchmarkShape& s)
{
    return std::to_string(s.inputTokens) + "/" + std::to_string(s.outputTokens);
}

std::string cell(const std::string& text, size_t width, bool right = true)
{
    return padText(text, width, right) + "  ";
}

std::string validationText(const PhaseBound& p)
{
    const AnalysisResult& r = p.analysis.result;
    return serving::phaseName(p.point.phase) + " " + r.validation.statusName() + ", coverage " + r.coverage.status();
}

} // namespace

const std::vector<std::string>& benchmarkAssumptions()
{
    static const std::vector<std::string> assumptions {
        "an upper bound on total output throughput under unlimited load: no engine, batching policy or schedule exceeds it on this "
        "hardware at these precisions",
        "one token per sequence per decode step (no speculative decoding); the prefill produces each request's first token",
        "live requests are limited by the weights plus every live request's KV cache at ISL + OSL positions within the memory "
        "fraction; activations and workspace are not charged (they would only lower the ceiling)",
        "each decode step reads the weights at least once and serves at most the live requests; a prefill's weight reads are not "
        "charged (they may share a decode step's)",
        "the time is at least the larger of the compute floor of all the work added up and the DRAM (and L2) bytes over the "
        "bandwidth; decode steps are charged at the start of each of "
            + std::to_string(serving::kDecodeSegments) + " context segments (cost grows with the context)",
        "devices serving as one (--tp) have every rate and capacity times their count; collectives are not charged"};
    return assumptions;
}

std::string benchmarkTable(const BenchmarkEstimate& e)
{
    const auto& t = e.traced;
    std::string out = "model     " + t.config.modelType + " (" + t.config.path + "); " + t.dtype + ", KV cache " + t.kvDtype + "\n";
    out += "hardware  " + t.hardwareName + " (" + t.hardwareId + "): " + formatBytes(t.capacityBytes) + " of DRAM, memory fraction "
        + formatSignificant(e.settings.memoryFraction, 3)
        + (e.settings.concurrency > 0 ? ", at most " + std::to_string(e.settings.concurrency) + " live requests" : std::string()) + "\n";
    out += "programs  " + validationText(*t.prefill) + "; " + validationText(*t.decode) + "; every step re-solved from them\n\n";
    out += cell("ISL/OSL", 12, false) + cell("tokens/s", 10) + cell("batch", 7) + cell("binding", 12, false) + cell("TPOT", 10)
        + cell("TTFT", 10) + cell("KV/request", 11) + cell("memory", 10) + "batch limit\n";
    for (const BenchmarkBound& b : e.bounds) {
        out += cell(shapeText(b.shape), 12, false) + cell(b.batch > 0 ? formatSi(b.outputTokensPerSecond, "") : "-", 10)
            + cell(std::to_string(b.batch), 7) + cell(b.binding, 12, false) + cell(formatSeconds(b.timePerOutputTokenSeconds), 10)
            + cell(formatSeconds(b.timeToFirstTokenSeconds), 10) + cell(formatBytes(b.requestKvCacheBytes), 11)
            + cell(formatBytes(b.memoryNeededBytes), 10) + b.batchLimit + "\n";
    }
    out += "\ntokens/s: the most total output throughput any engine can reach (an upper bound); TPOT: one decode step at that "
           "batch and the mean context; TTFT: one request's prefill alone\n";
    for (const auto& a : benchmarkAssumptions())
        out += "assumes: " + a + "\n";
    return out;
}

std::string benchmarkJson(const BenchmarkEstimate& e)
{
    const auto& t = e.traced;
    ordered_json rows = ordered_json::array();
    for (const BenchmarkBound& b : e.bounds)
        rows.push_back({{"isl", b.shape.inputTokens},
                        {"osl", b.shape.outputTokens},
                        {"output_tokens_per_second", b.outputTokensPerSecond},
                        {"time_per_output_token_seconds", b.timePerOutputTokenSeconds},
                        {"time_to_first_token_seconds", b.timeToFirstTokenSeconds},
                        {"batch", b.batch},
                        {"binding", b.binding},
                        {"batch_limit", b.batchLimit},
                        {"request_kv_cache_bytes", b.requestKvCacheBytes},
                        {"memory_needed_bytes", b.memoryNeededBytes}});
    ordered_json programs = ordered_json::array();
    for (const PhaseBound* p : {&*t.prefill, &*t.decode})
        programs.push_back(
            {{"phase", serving::phaseName(p->point.phase)},
             {"validation", {{"status", p->analysis.result.validation.statusName()}, {"details", p->analysis.result.validation.details}}},
             {"coverage", p->analysis.result.coverage.status()},
             {"program_note", p->analysis.result.programNote}});
    ordered_json doc = {{"schema", "solar.llm.benchmark/1"},
                        {"tool", {{"name", "solar"}, {"version", kVersion}}},
                        {"config", {{"path", t.config.path}, {"model_type", t.config.modelType}}},
                        {"hardware", {{"id", t.hardwareId}, {"name", t.hardwareName}, {"capacity_bytes", t.capacityBytes}}},
                        {"dtype", t.dtype},
                        {"kv_dtype", t.kvDtype},
                        {"devices", e.settings.devices},
                        {"memory_fraction", e.settings.memoryFraction},
                        {"concurrency", e.settings.concurrency > 0 ? ordered_json(e.settings.concurrency) : ordered_json()},
                        {"weights_bytes", t.weightsBytes},
                        {"programs", programs},
                        {"benchmark", rows},
                        {"assumptions", benchmarkAssumptions()}};
    return doc.dump(2) + "\n";
}

} // namespace solar::report
