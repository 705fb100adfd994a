// SPDX-License-Identifier: MIT
#include "engine/bounds/machinechanges.h"

#include <cmath>

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

} // namespace solar::bounds
