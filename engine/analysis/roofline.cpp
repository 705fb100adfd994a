// SPDX-License-Identifier: MIT
#include "engine/analysis/roofline.h"

#include <algorithm>
#include <cmath>

namespace solar {

int rooflineShareBucket(double share)
{
    return share < 0.01 ? 0 : share < 0.1 ? 1 : share < 0.3 ? 2 : 3;
}

RooflinePlot rooflinePlot(const std::vector<OperatorRow>& rows, const std::vector<RooflineMachine>& machines, bounds::Level level)
{
    RooflinePlot plot;
    // Axis ranges from the points and the ridges, padded by a decade.
    double xMin = 1e300, xMax = 0, yMin = 1e300, yMax = 0;
    for (const auto& r : rows) {
        const double s = r.seconds[static_cast<size_t>(level)];
        if (r.flops <= 0 || r.bytes <= 0 || s <= 0) {
            ++plot.skipped;
            continue;
        }
        plot.points.push_back({r.node, r.intensityFlopsPerByte, r.flops / s, r.share[static_cast<size_t>(level)], r.computeBound});
        xMin = std::min(xMin, r.intensityFlopsPerByte);
        xMax = std::max(xMax, r.intensityFlopsPerByte);
        yMin = std::min(yMin, r.flops / s);
        yMax = std::max(yMax, r.flops / s);
    }
    for (const auto& m : machines) {
        for (double p : m.machine.peakFlops) {
            if (p <= 0 || m.machine.dramBps <= 0)
                continue;
            xMin = std::min(xMin, p / m.machine.dramBps);
            xMax = std::max(xMax, p / m.machine.dramBps);
            yMax = std::max(yMax, p);
            yMin = std::min(yMin, p / 1e3);
        }
    }
    if (xMax <= 0) {
        plot.points.clear();
        return plot;
    }
    plot.xMin = std::pow(10, std::floor(std::log10(xMin)) - 1);
    plot.xMax = std::pow(10, std::ceil(std::log10(xMax)) + 1);
    plot.yMin = std::pow(10, std::floor(std::log10(std::max(yMin, 1.0))) - 1);
    plot.yMax = std::pow(10, std::ceil(std::log10(yMax)) + 0.3);

    bool primary = true;
    for (const auto& m : machines) {
        const bounds::MachineModel& mm = m.machine;
        std::vector<std::pair<std::string, double>> peaks;
        for (int u = 0; u < 2; ++u)
            for (int p = 0; p < hw::kPrecisionCount; ++p) {
                const double v = mm.peakFlops[static_cast<size_t>(u * hw::kPrecisionCount + p)];
                if (v > 0)
                    peaks.emplace_back(std::string(hw::unitName(static_cast<hw::Unit>(u))) + " "
                                           + std::string(hw::precisionName(static_cast<hw::Precision>(p))),
                                       v);
            }
        if (mm.dramBps <= 0 || peaks.empty())
            continue;
        const double top = std::max_element(peaks.begin(), peaks.end(), [](auto& a, auto& b) { return a.second < b.second; })->second;
        plot.roofs.push_back({m.name, "DRAM", mm.dramBps, true, primary, plot.xMin, mm.dramBps * plot.xMin, top / mm.dramBps, top});
        for (const auto& [label, peak] : peaks)
            plot.roofs.push_back({m.name, label, peak, false, primary, peak / mm.dramBps, peak, plot.xMax, peak});
        primary = false;
    }
    return plot;
}

} // namespace solar
