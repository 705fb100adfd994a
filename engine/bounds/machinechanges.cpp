// SPDX-License-Identifier: MIT
#include "engine/bounds/machinechanges.h"

#include <algorithm>
#include <cmath>
#include <cstdio>

namespace solar::bounds {

std::vector<MachineChange> machineChanges(const MachineModel& used, const MachineModel& stock)
{
    std::vector<MachineChange> out;
    auto check = [&](std::string quantity, double u, double s, const char* unit) {
        if (std::abs(u - s) > 1e-9 * std::max(std::abs(u), std::abs(s)))
            out.push_back({std::move(quantity), u, s, unit});
    };
    check("clock", used.clockHz, stock.clockHz, "Hz");
    for (int u = 0; u < 2; ++u)
        for (int p = 0; p < hw::kPrecisionCount; ++p) {
            const auto unit = static_cast<hw::Unit>(u);
            const auto precision = static_cast<hw::Precision>(p);
            check(std::string(hw::unitName(unit)) + " " + std::string(hw::precisionName(precision)) + " (dense)",
                  used.peak(unit, precision), stock.peak(unit, precision), "FLOP/s");
        }
    check("DRAM bandwidth", used.dramBps, stock.dramBps, "B/s");
    check("on-chip capacity", used.onchipBytes, stock.onchipBytes, "B");
    check("persistent cache (warm)", used.persistentCacheBytes, stock.persistentCacheBytes, "B");
    check("L2 -> SM bandwidth", used.l2Bps, stock.l2Bps, "B/s");
    check("per-SM storage", used.smBytes, stock.smBytes, "B");
    check("SM count", used.smCount, stock.smCount, "");
    check("SMs per cluster", used.clusterSms, stock.clusterSms, "");
    return out;
}

std::string machineChangesSummary(const std::vector<MachineChange>& changes)
{
    auto factorText = [](double used, double stock) {
        if (!(stock > 0))
            return std::string(" set"); // a quantity the profile lacks: no factor to give
        // Three digits, or as many as it takes not to read "×1" for a changed quantity (issue 49: a clock set to
        // x1.0004 by a solve titled the machine "tensor peaks x1").
        char text[32];
        for (int digits = 3; digits <= 9; ++digits) {
            std::snprintf(text, sizeof text, " ×%.*g", digits, used / stock);
            if (std::string(text) != " ×1")
                break;
        }
        return std::string(text);
    };
    std::vector<std::string> parts;
    // Peaks per unit: one factor when every changed peak of the unit shares it.
    for (const char* unit : {"tensor", "simt"}) {
        std::vector<const MachineChange*> peaks;
        for (const auto& c : changes)
            if (c.unit == "FLOP/s" && c.quantity.rfind(std::string(unit) + " ", 0) == 0)
                peaks.push_back(&c);
        if (peaks.empty())
            continue;
        const std::string first = factorText(peaks.front()->used, peaks.front()->stock);
        const bool alike
            = std::all_of(peaks.begin(), peaks.end(), [&](const MachineChange* c) { return factorText(c->used, c->stock) == first; });
        if (alike)
            parts.push_back(std::string(unit == std::string("tensor") ? "tensor" : "SIMT") + " peaks" + first);
        else
            for (const MachineChange* c : peaks)
                parts.push_back(c->quantity + factorText(c->used, c->stock));
    }
    for (const auto& c : changes)
        if (c.unit != "FLOP/s" && c.quantity != "clock")
            parts.push_back(c.quantity + factorText(c.used, c.stock));
    std::string out;
    for (const auto& p : parts)
        out += (out.empty() ? "" : ", ") + p;
    return out;
}

} // namespace solar::bounds
