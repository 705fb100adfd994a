// SPDX-License-Identifier: MIT
#include "engine/report/servingreport.h"

#include "engine/core/format.h"
#include "engine/core/version.h"
#include "engine/report/leastorderreport.h"

#include <nlohmann/json.hpp>

#include <algorithm>

namespace solar::report {

namespace {

using bounds::Level;
using nlohmann::ordered_json;
using serving::PhaseBound;
using serving::ServingEstimate;

std::vector<const PhaseBound*> phasesOf(const ServingEstimate& e)
{
    std::vector<const PhaseBound*> out;
    if (e.prefill)
        out.push_back(&*e.prefill);
    if (e.decode)
        out.push_back(&*e.decode);
    return out;
}

std::string pointText(const PhaseBound& p)
{
    if (p.point.phase == serving::Phase::Prefill)
        return "batch " + std::to_string(p.point.batch) + ", " + std::to_string(p.point.tokens) + " prompt tokens";
    return "batch " + std::to_string(p.point.batch) + ", " + std::to_string(p.point.newTokens) + " new after "
        + std::to_string(p.point.tokens) + " cached tokens";
}

std::string statusText(const AnalysisResult& r)
{
    return r.validation.statusName() + ", coverage " + r.coverage.status();
}

double tokensPerSecond(const PhaseBound& p)
{
    const double tokens = p.point.phase == serving::Phase::Prefill ? static_cast<double>(p.point.batch * p.point.tokens) : p.tokens();
    return p.seconds > 0 ? tokens / p.seconds : 0;
}

ordered_json phaseJson(const PhaseBound& p)
{
    const AnalysisResult& r = p.analysis.result;
    ordered_json levels = ordered_json::object();
    for (Level l : bounds::kLevels) {
        const auto& x = r.ladder.at(l);
        levels[std::string(bounds::levelName(l))]
            = {{"seconds", x.seconds}, {"bottleneck", x.bottleneck}, {"dram_bytes", x.bytes}, {"flops", x.flops}};
    }
    ordered_json j = {{"phase", serving::phaseName(p.point.phase)}, {"batch", p.point.batch}};
    if (p.point.phase == serving::Phase::Prefill) {
        j["prompt_tokens"] = p.point.tokens;
    } else {
        j["context_tokens"] = p.point.tokens;
        j["new_tokens"] = p.point.newTokens;
    }
    j["dtype"] = p.point.dtype;
    j["kv_dtype"] = serving::kvCacheDtype(p.point);
    j["macs"] = r.digest.totalMacs;
    j["bounds"] = levels;
    j["least_order"] = leastOrderJson(r);
    j["sol_seconds"] = p.seconds;
    j["tokens_per_second"] = tokensPerSecond(p);
    j["weights_bytes"] = p.weightsBytes;
    j["kv_cache_bytes"] = p.kvCacheBytes;
    j["dram_bytes"] = {{"weights", p.weightsReadBytes},
                       {"kv_cache", p.kvCacheMovedBytes},
                       {"activations", p.activationBytes},
                       {"total", r.ladder.at(Level::CacheAware).bytes}};
    j["coverage"] = r.coverage.status();
    j["validation"] = {{"status", r.validation.statusName()}, {"details", r.validation.details}};
    j["program_note"] = r.programNote;
    j["notes"] = messageTexts(r.ladder.notes);
    return j;
}

std::string cell(const std::string& text, size_t width, bool right = true)
{
    return padText(text, width, right) + "  ";
}

} // namespace

std::string servingTable(const ServingEstimate& e)
{
    const auto& c = e.config;
    std::string out = "model     " + c.modelType + " (" + c.path + "): hidden " + std::to_string(c.hiddenSize) + ", "
        + std::to_string(c.layers) + " layers, " + std::to_string(c.heads) + " heads, vocabulary " + std::to_string(c.vocabSize) + "; "
        + e.dtype + ", KV cache " + e.kvDtype + "\n";
    out += "hardware  " + e.hardwareName + " (" + e.hardwareId + "): " + formatBytes(e.capacityBytes) + " of DRAM\n";
    for (const PhaseBound* p : phasesOf(e))
        out += padText(serving::phaseName(p->point.phase), 10) + pointText(*p) + "; " + formatSi(p->analysis.result.digest.totalMacs, "MAC")
            + "; validation " + statusText(p->analysis.result) + "\n";
    out += "\n" + cell("level", 22, false);
    for (const PhaseBound* p : phasesOf(e))
        out += cell(serving::phaseName(p->point.phase), 12) + cell("bottleneck", 15, false);
    out += "\n";
    for (Level l : bounds::kLevels) {
        out += cell(std::string(bounds::levelShortName(l)) + " " + std::string(bounds::levelName(l)), 22, false);
        for (const PhaseBound* p : phasesOf(e)) {
            const auto& x = p->analysis.result.ladder.at(l);
            out += cell(formatSeconds(x.seconds), 12) + cell(x.bottleneck, 15, false);
        }
        out += "\n";
    }
    out += "\n" + cell("DRAM bytes at cache_aware", 26, false);
    for (const PhaseBound* p : phasesOf(e))
        out += cell(serving::phaseName(p->point.phase), 12);
    out += "\n";
    const std::vector<std::pair<const char*, double PhaseBound::*>> parts {{"  weights", &PhaseBound::weightsReadBytes},
                                                                           {"  KV cache", &PhaseBound::kvCacheMovedBytes},
                                                                           {"  activations", &PhaseBound::activationBytes}};
    for (const auto& [name, member] : parts) {
        out += cell(name, 26, false);
        for (const PhaseBound* p : phasesOf(e))
            out += cell(formatBytes(p->*member), 12);
        out += "\n";
    }
    out += "\n";
    if (e.prefill)
        out += "time to first token    " + formatSeconds(e.prefill->seconds) + "  (prefill at cache_aware; "
            + formatSi(tokensPerSecond(*e.prefill), "token/s") + " of prompt)\n";
    if (e.decode)
        out += "decode, per step       " + formatSeconds(e.decode->seconds) + "  (cache_aware; "
            + formatSi(tokensPerSecond(*e.decode), "token/s") + " ceiling at batch " + std::to_string(e.decode->point.batch) + ")\n";
    out += "memory                 weights " + formatBytes(e.weightsBytes) + " + KV cache " + formatBytes(e.kvCacheBytes) + " = "
        + formatBytes(e.neededBytes()) + " of " + formatBytes(e.capacityBytes) + ": " + (e.fits() ? "fits" : "DOES NOT FIT") + "\n";
    for (const auto& n : e.notes)
        out += "note: " + n + "\n";
    for (const PhaseBound* p : phasesOf(e))
        for (const auto& line : leastOrderLines(p->analysis.result))
            out += "note: " + std::string(serving::phaseName(p->point.phase)) + ": " + line + "\n";
    return out;
}

std::string servingSweepTable(const std::vector<ServingEstimate>& points)
{
    std::string out;
    if (points.empty())
        return out;
    const ServingEstimate& first = points.front();
    out += "model     " + first.config.modelType + " (" + first.config.path + "); " + first.dtype + ", KV cache " + first.kvDtype + " on "
        + first.hardwareName + " (" + first.hardwareId + ")\n\n";
    out += cell("batch", 6) + cell("context", 8) + cell("TTFT", 10) + cell("per step", 10) + cell("tokens/s", 10) + cell("weights", 10)
        + cell("KV cache", 10) + cell("memory", 10) + cell("fits", 4, false) + cell("decode bottleneck", 18, false) + "\n";
    for (const ServingEstimate& e : points) {
        const PhaseBound* any = e.decode ? &*e.decode : &*e.prefill;
        out += cell(std::to_string(any->point.batch), 6) + cell(std::to_string(any->point.tokens), 8)
            + cell(e.prefill ? formatSeconds(e.prefill->seconds) : "-", 10) + cell(e.decode ? formatSeconds(e.decode->seconds) : "-", 10)
            + cell(e.decode ? formatSi(tokensPerSecond(*e.decode), "") : "-", 10) + cell(formatBytes(e.weightsBytes), 10)
            + cell(formatBytes(e.kvCacheBytes), 10) + cell(formatBytes(e.neededBytes()), 10) + cell(e.fits() ? "yes" : "NO", 4, false)
            + cell(e.decode ? e.decode->analysis.result.ladder.at(Level::CacheAware).bottleneck : "-", 18, false) + "\n";
    }
    out += "\nTTFT: prefill of `context` prompt tokens; per step and tokens/s: one decode step at `context` cached tokens (cache_aware)\n";
    std::vector<std::string> notes;
    for (const ServingEstimate& e : points)
        for (const auto& n : e.notes)
            if (std::find(notes.begin(), notes.end(), n) == notes.end())
                notes.push_back(n);
    for (const auto& n : notes)
        out += "note: " + n + "\n";
    return out;
}

std::string servingJson(const std::vector<ServingEstimate>& points)
{
    ordered_json rows = ordered_json::array();
    for (const ServingEstimate& e : points) {
        ordered_json phases = ordered_json::array();
        for (const PhaseBound* p : phasesOf(e))
            phases.push_back(phaseJson(*p));
        ordered_json row = {{"phases", phases}};
        row["time_to_first_token_seconds"] = e.prefill ? ordered_json(e.prefill->seconds) : ordered_json();
        row["decode_step_seconds"] = e.decode ? ordered_json(e.decode->seconds) : ordered_json();
        row["decode_tokens_per_second"] = e.decode ? ordered_json(tokensPerSecond(*e.decode)) : ordered_json();
        row["memory"] = {{"weights_bytes", e.weightsBytes},
                         {"kv_cache_bytes", e.kvCacheBytes},
                         {"needed_bytes", e.neededBytes()},
                         {"capacity_bytes", e.capacityBytes},
                         {"fits", e.fits()}};
        row["notes"] = e.notes;
        rows.push_back(row);
    }
    ordered_json doc = {{"schema", "solar.llm/1"}, {"tool", {{"name", "solar"}, {"version", kVersion}}}};
    if (!points.empty()) {
        const auto& c = points.front().config;
        doc["config"] = {{"path", c.path},     {"model_type", c.modelType}, {"hidden_size", c.hiddenSize},
                         {"layers", c.layers}, {"heads", c.heads},          {"vocab_size", c.vocabSize}};
        doc["hardware"] = {{"id", points.front().hardwareId}, {"name", points.front().hardwareName}};
        doc["dtype"] = points.front().dtype;
        doc["kv_dtype"] = points.front().kvDtype;
    }
    doc["points"] = rows;
    doc["assumptions_not_covered"] = bounds::uncoveredAssumptions();
    return doc.dump(2) + "\n";
}

std::string servingCsv(const std::vector<ServingEstimate>& points)
{
    std::string out
        = "phase,batch,tokens,new_tokens,dtype,kv_dtype,sol_seconds,unfused_per_kernel_seconds,fused_seconds,bottleneck,tokens_per_second,"
          "weights_bytes,kv_cache_bytes,dram_weights_bytes,dram_kv_cache_bytes,dram_activation_bytes,memory_needed_bytes,memory_capacity_"
          "bytes,fits,validation,coverage\n";
    for (const ServingEstimate& e : points) {
        for (const PhaseBound* p : phasesOf(e)) {
            const AnalysisResult& r = p->analysis.result;
            out += serving::phaseName(p->point.phase) + "," + std::to_string(p->point.batch) + "," + std::to_string(p->point.tokens) + ","
                + std::to_string(p->point.phase == serving::Phase::Decode ? p->point.newTokens : 0) + "," + p->point.dtype + ","
                + serving::kvCacheDtype(p->point) + "," + exactNumber(p->seconds) + ","
                + exactNumber(r.ladder.at(Level::UnfusedPerKernel).seconds) + "," + exactNumber(r.ladder.at(Level::Fused).seconds) + ","
                + csvField(r.ladder.at(Level::CacheAware).bottleneck) + "," + exactNumber(tokensPerSecond(*p)) + ","
                + exactNumber(p->weightsBytes) + "," + exactNumber(p->kvCacheBytes) + "," + exactNumber(p->weightsReadBytes) + ","
                + exactNumber(p->kvCacheMovedBytes) + "," + exactNumber(p->activationBytes) + "," + exactNumber(e.neededBytes()) + ","
                + exactNumber(e.capacityBytes) + "," + (e.fits() ? "true" : "false") + "," + r.validation.statusName() + ","
                + r.coverage.status() + "\n";
        }
    }
    return out;
}

} // namespace solar::report
