// SPDX-License-Identifier: MIT
#include "engine/report/parallelservingreport.h"

#include "engine/core/format.h"
#include "engine/report/parallelreport.h"
#include "engine/report/servingreport.h"

#include <nlohmann/json.hpp>

#include <algorithm>

namespace solar::report {

using nlohmann::ordered_json;

namespace {

constexpr auto kSol = bounds::Level::CacheAware;

const parallel::SystemLevel& sol(const parallel::ParallelAnalysis& pa)
{
    return pa.levels[static_cast<size_t>(kSol)];
}

std::string phaseRow(const std::string& name, const parallel::ParallelAnalysis& pa)
{
    const auto& s = sol(pa);
    return padText(name, 10) + padText(formatSeconds(s.deviceSeconds), 14, true) + padText(formatSeconds(pa.communicationSeconds), 15, true)
        + padText(formatSeconds(s.overlappedSeconds), 14, true) + padText(formatSeconds(s.serialSeconds), 14, true)
        + padText(formatFixed(100 * pa.communicationShare(kSol), 1) + " %", 13, true)
        + padText(std::to_string(pa.split.exchanges.size()), 13, true) + (s.communicationBinds ? "  links bind" : "") + "\n";
}

} // namespace

double ParallelServing::residentBytes() const
{
    return std::max(prefill ? prefill->residentBytes : 0.0, decode ? decode->residentBytes : 0.0);
}

bool ParallelServing::fits() const
{
    const parallel::ParallelAnalysis* any = decode ? &*decode : prefill ? &*prefill : nullptr;
    return !any || residentBytes() <= any->device.hardware.dramCapacityBytes.value;
}

std::string parallelServingTable(const serving::ServingEstimate& e, const ParallelServing& split)
{
    const parallel::ParallelAnalysis* any = split.decode ? &*split.decode : split.prefill ? &*split.prefill : nullptr;
    if (!any)
        return servingTable(e);
    const hw::HwProfile& hardware = any->device.hardware;
    std::string out = "model     " + e.config.modelType + " (" + e.config.path + "); " + e.dtype + "\n";
    out += "hardware  " + std::to_string(split.devices) + " x " + hardware.name + " (" + hardware.id + "), tensor parallel "
        + std::to_string(split.devices) + " over " + (hardware.interconnect ? hardware.interconnect->intraNode.name : std::string("-"))
        + "\n\n";
    out += padText("phase", 10) + padText("per device", 14, true) + padText("communication", 15, true) + padText("overlapped", 14, true)
        + padText("serialised", 14, true) + padText("comm. share", 13, true) + padText("collectives", 13, true) + "\n";
    if (split.prefill)
        out += phaseRow("prefill", *split.prefill);
    if (split.decode)
        out += phaseRow("decode", *split.decode);
    out += "(cache_aware per device; overlapped = max(device, communication) is the bound, serialised waits for every collective)\n\n";
    if (split.prefill && e.prefill)
        out += padText("time to first token", 23) + formatSeconds(sol(*split.prefill).overlappedSeconds) + " (serialised "
            + formatSeconds(sol(*split.prefill).serialSeconds) + ")\n";
    if (split.decode && e.decode) {
        const double step = sol(*split.decode).overlappedSeconds;
        out += padText("decode, per step", 23) + formatSeconds(step) + " (serialised " + formatSeconds(sol(*split.decode).serialSeconds)
            + "; " + formatSi(e.decode->tokens() / step, "token/s") + " ceiling at batch " + std::to_string(e.decode->point.batch) + ")\n";
    }
    out += padText("memory per device", 23) + formatBytes(split.residentBytes()) + " of weights, inputs and KV cache held, of "
        + formatBytes(hardware.dramCapacityBytes.value) + (split.fits() ? ": fits" : ": DOES NOT FIT") + "\n";
    for (const auto& [name, pa] : {std::pair {"prefill", &split.prefill}, std::pair {"decode", &split.decode}}) {
        if (!*pa)
            continue;
        out += "\n== " + std::string(name) + " ==\n" + parallelTable(**pa);
    }
    return out;
}

std::string parallelServingJson(const serving::ServingEstimate& e, const ParallelServing& split)
{
    ordered_json doc = {{"schema", "solar.llm.parallel/1"},
                        {"tp", split.devices},
                        {"single_device", ordered_json::parse(servingJson({e}))},
                        {"resident_bytes_per_device", split.residentBytes()},
                        {"fits", split.fits()}};
    if (split.prefill) {
        doc["prefill"] = ordered_json::parse(parallelJson(*split.prefill));
        doc["time_to_first_token_seconds"] = sol(*split.prefill).overlappedSeconds;
    }
    if (split.decode && e.decode) {
        doc["decode"] = ordered_json::parse(parallelJson(*split.decode));
        doc["decode_step_seconds"] = sol(*split.decode).overlappedSeconds;
        doc["decode_tokens_per_second"] = e.decode->tokens() / sol(*split.decode).overlappedSeconds;
    }
    return doc.dump(2) + "\n";
}

} // namespace solar::report
