// SPDX-License-Identifier: MIT
#include "engine/report/planservingreport.h"

#include "engine/core/format.h"
#include "engine/report/planreport.h"
#include "engine/report/servingreport.h"

#include <nlohmann/json.hpp>

namespace solar::report {

using nlohmann::ordered_json;

namespace {

constexpr auto kSol = static_cast<size_t>(bounds::Level::CacheAware);

std::string phaseRow(const std::string& name, const parallel::PlanAnalysis& pa)
{
    const auto& s = pa.levels[kSol];
    const double share = s.serialSeconds > 0 ? (s.serialSeconds - s.deviceSeconds) / s.serialSeconds : 0.0;
    return padText(name, 10) + padText(formatSeconds(s.deviceSeconds), 14, true) + padText(formatSeconds(pa.communicationSeconds), 15, true)
        + padText(formatSeconds(s.overlappedSeconds), 14, true) + padText(formatSeconds(s.serialSeconds), 14, true)
        + padText(formatFixed(100 * share, 1) + " %", 13, true) + padText(formatBytes(pa.memory.totalBytes()), 12, true)
        + (s.communicationBinds ? "  links bind" : "") + "\n";
}

} // namespace

bool PlanServing::fits() const
{
    return (!prefill || prefill->fits()) && (!decode || decode->fits());
}

std::string planServingTable(const serving::ServingEstimate& e, const PlanServing& plan)
{
    const parallel::PlanAnalysis* any = plan.decode ? &*plan.decode : plan.prefill ? &*plan.prefill : nullptr;
    if (!any)
        return servingTable(e);
    const auto& phase = e.decode ? e.decode : e.prefill;
    const hw::HwProfile& hardware = phase->analysis.result.hardware;
    std::string out = "model     " + e.config.modelType + " (" + e.config.path + "); " + e.dtype + "\n";
    out += "hardware  " + std::to_string(any->plan.devices()) + " x " + hardware.name + " (" + hardware.id + "), " + any->plan.text()
        + "\n\n";
    out += padText("phase", 10) + padText("per device", 14, true) + padText("communication", 15, true) + padText("overlapped", 14, true)
        + padText("serialised", 14, true) + padText("comm. share", 13, true) + padText("held/device", 12, true) + "\n";
    if (plan.prefill)
        out += phaseRow("prefill", *plan.prefill);
    if (plan.decode)
        out += phaseRow("decode", *plan.decode);
    out += "(cache_aware; per device: through the pipeline, its fill and drain included; comm. share: of the serialised time)\n\n";
    if (plan.prefill && e.prefill)
        out += padText("time to first token", 23) + formatSeconds(plan.prefill->levels[kSol].overlappedSeconds) + " (serialised "
            + formatSeconds(plan.prefill->levels[kSol].serialSeconds) + ")\n";
    if (plan.decode && e.decode) {
        const double step = plan.decode->levels[kSol].overlappedSeconds;
        out += padText("decode, per step", 23) + formatSeconds(step) + " (serialised "
            + formatSeconds(plan.decode->levels[kSol].serialSeconds) + "; " + formatSi(e.decode->tokens() / step, "token/s")
            + " ceiling at batch " + std::to_string(e.decode->point.batch) + ")\n";
    }
    out += padText("memory per device", 23) + (plan.fits() ? "fits" : "DOES NOT FIT") + " in "
        + formatBytes(hardware.dramCapacityBytes.value) + "\n";
    for (const auto& [name, pa, result] : {std::tuple {"prefill", &plan.prefill, e.prefill ? &e.prefill->analysis.result : nullptr},
                                           std::tuple {"decode", &plan.decode, e.decode ? &e.decode->analysis.result : nullptr}}) {
        if (*pa && result)
            out += "\n== " + std::string(name) + " ==\n" + planTable(**pa, *result);
    }
    return out;
}

std::string planServingJson(const serving::ServingEstimate& e, const PlanServing& plan)
{
    ordered_json doc = {{"schema", "solar.llm.plan/1"}, {"single_device", ordered_json::parse(servingJson({e}))}, {"fits", plan.fits()}};
    if (plan.prefill && e.prefill) {
        doc["prefill"] = ordered_json::parse(planJson(*plan.prefill, e.prefill->analysis.result));
        doc["time_to_first_token_seconds"] = plan.prefill->levels[kSol].overlappedSeconds;
    }
    if (plan.decode && e.decode) {
        doc["decode"] = ordered_json::parse(planJson(*plan.decode, e.decode->analysis.result));
        doc["decode_step_seconds"] = plan.decode->levels[kSol].overlappedSeconds;
        doc["decode_tokens_per_second"] = e.decode->tokens() / plan.decode->levels[kSol].overlappedSeconds;
    }
    return doc.dump(2) + "\n";
}

} // namespace solar::report
