// SPDX-License-Identifier: MIT
#include "engine/report/inversereport.h"

#include "engine/core/format.h"

#include <nlohmann/json.hpp>

namespace solar::report {

using bounds::Level;
using nlohmann::ordered_json;

std::string inverseJson(const AnalysisResult& r, const bounds::Inverse& inv)
{
    auto opt = [](const std::optional<double>& v) { return v ? ordered_json(*v) : ordered_json(nullptr); };
    ordered_json peaks = ordered_json::object();
    for (const auto& [k, v] : inv.minPeakFlops)
        peaks[k] = v;
    ordered_json necessaryPeaks = ordered_json::object();
    for (const auto& [k, v] : inv.necessaryPeakFlops)
        necessaryPeaks[k] = v;
    ordered_json frontier = ordered_json::array();
    for (const auto& p : inv.frontier)
        frontier.push_back({{"compute_scale", p.computeScale}, {"dram_bandwidth_Bps", p.dramBps}});
    const ordered_json doc = {{"schema", "solar.inverse/1"},
                              {"program", r.program.name},
                              {"hardware", r.hardware.id},
                              {"policy", bounds::policyName(r.options.policy)},
                              {"cache", bounds::cacheName(r.options.cache)},
                              {"level", bounds::levelName(inv.level)},
                              {"target_seconds", inv.targetSeconds},
                              {"current_seconds", inv.currentSeconds},
                              {"min_dram_bandwidth_Bps", opt(inv.minDramBps)},
                              {"dram_infeasible_reason", inv.dramWhy},
                              {"min_compute_scale", opt(inv.minComputeScale)},
                              {"min_peak_flops", peaks},
                              {"compute_infeasible_reason", inv.computeWhy},
                              {"necessary_dram_bandwidth_Bps", inv.necessaryDramBps},
                              {"necessary_compute_scale", inv.necessaryComputeScale},
                              {"necessary_peak_flops", necessaryPeaks},
                              {"min_onchip_bytes", opt(inv.minOnchipBytes)},
                              {"onchip_infeasible_reason", inv.onchipWhy},
                              {"frontier", frontier}};
    return doc.dump(2) + "\n";
}

std::string inverseTable(const AnalysisResult& r, const bounds::Inverse& inv)
{
    std::string out = "target " + formatSeconds(inv.targetSeconds) + " at " + std::string(bounds::levelName(inv.level)) + " on "
        + r.hardware.name + " (now " + formatSeconds(inv.currentSeconds) + ")\n";
    out += "needed whatever the rest: DRAM bandwidth ≥ " + formatSi(inv.necessaryDramBps, "B/s") + ", compute ≥ "
        + formatSignificant(inv.necessaryComputeScale, 4) + "x the current peaks\n";
    out += "at the current other resource:\n";
    out += "  DRAM bandwidth  ";
    out += inv.minDramBps ? "≥ " + formatSi(*inv.minDramBps, "B/s") + "  (now " + formatSi(r.machine.dramBps, "B/s") + ")\n"
                          : "infeasible: " + inv.dramWhy + "\n";
    out += "  compute         ";
    if (inv.minComputeScale) {
        out += "≥ " + formatSignificant(*inv.minComputeScale, 4) + "x the current peaks\n";
        for (const auto& [k, v] : inv.minPeakFlops)
            out += "    " + padText(k, 14) + "≥ " + formatSi(v, "FLOP/s") + "\n";
    } else {
        out += "infeasible: " + inv.computeWhy + "\n";
    }
    if (inv.level == Level::CacheAware) {
        out += "  on-chip memory  ";
        if (inv.minOnchipBytes && *inv.minOnchipBytes == 0)
            out += "any (no contraction here is bound by on-chip capacity)\n";
        else if (inv.minOnchipBytes)
            out += "≥ " + formatSi(*inv.minOnchipBytes, "B") + "  (now " + formatSi(r.machine.onchipBytes, "B") + ")\n";
        else
            out += "infeasible: " + inv.onchipWhy + "\n";
    }
    return out;
}

} // namespace solar::report
