// SPDX-License-Identifier: MIT
#include "engine/analysis/roofline.h"

#include <algorithm>
#include <cmath>

namespace solar {

int rooflineShareBucket(double share)
{
    return share < 0.01 ? 0 : share < 0.1 ? 1 : share < 0.3 ? 2 : 3;
}

namespace {

std::string joined(const std::vector<std::string>& parts, const char* separator)
{
    std::string out;
    for (const auto& p : parts)
        out += (out.empty() ? "" : separator) + p;
    return out;
}

double peakOfLabel(const bounds::MachineModel& m, const std::string& label)
{
    for (int u = 0; u < 2; ++u)
        for (int p = 0; p < hw::kPrecisionCount; ++p) {
            const auto unit = static_cast<hw::Unit>(u);
            const auto precision = static_cast<hw::Precision>(p);
            if (std::string(hw::unitName(unit)) + " " + std::string(hw::precisionName(precision)) == label)
                return m.peak(unit, precision);
        }
    return 0;
}

} // namespace

RooflinePlot rooflinePlot(const AnalysisResult& r, const std::vector<RooflineMachine>& overlays, bounds::Level level)
{
    using bounds::Level;
    RooflinePlot plot;
    const bounds::MachineModel& m = r.machine;
    const auto computes = bounds::nodeComputes(r.digest, m, r.options.policy);
    const auto& levelResult = r.ladder.at(level);
    const bool unfusedBytes = level == Level::UnfusedPerKernel || level == Level::UnfusedOverlapped;
    std::vector<std::string> usedRoofs; // the compute roofs some operator runs on, in first-use order
    double xMin = 1e300, xMax = 0, yMin = 1e300, yMax = 0;
    auto extend = [&](double x, double y) {
        xMin = std::min(xMin, x);
        xMax = std::max(xMax, x);
        yMin = std::min(yMin, y);
        yMax = std::max(yMax, y);
    };
    for (const auto& n : r.graph.nodes) {
        const auto id = static_cast<size_t>(n.id);
        if (n.view || id >= computes.size())
            continue;
        const bounds::NodeCompute& c = computes[id];
        for (const auto& roof : c.roofs)
            if (std::find(usedRoofs.begin(), usedRoofs.end(), roof) == usedRoofs.end())
                usedRoofs.push_back(roof);
        RooflinePoint p;
        p.node = n.id;
        p.flops = 2 * n.macs + n.otherOps;
        p.bytes = unfusedBytes ? r.digest.nodeUnfusedBytes[id] : r.digest.nodeExternalBytes[id];
        if (p.flops <= 0 || c.seconds <= 0 || !std::isfinite(c.seconds)) {
            ++plot.skipped;
            continue;
        }
        if (p.bytes <= 0 || m.dramBps <= 0) {
            ++plot.fusedAway;
            continue;
        }
        const double memory = p.bytes / m.dramBps;
        p.computeBound = c.seconds > memory;
        p.standaloneSeconds = std::max(c.seconds, memory);
        p.x = p.flops / p.bytes;
        p.y = p.flops / p.standaloneSeconds;
        p.bound = p.computeBound ? joined(c.roofs, " + ") : std::string("DRAM");
        p.roof = p.computeBound ? p.flops / c.seconds : m.dramBps;
        p.levelSeconds = id < levelResult.nodeSeconds.size() ? levelResult.nodeSeconds[id] : 0.0;
        p.share = id < levelResult.nodeShare.size() ? levelResult.nodeShare[id] : 0.0;
        extend(p.x, p.y);
        plot.points.push_back(std::move(p));
    }
    if (levelResult.flops > 0 && levelResult.bytes > 0 && levelResult.seconds > 0) {
        RooflineProgramPoint& p = plot.program;
        p.present = true;
        p.flops = levelResult.flops;
        p.bytes = levelResult.bytes;
        p.seconds = levelResult.seconds;
        p.x = p.flops / p.bytes;
        p.y = p.flops / p.seconds;
        const double dramSeconds = m.dramBps > 0 ? p.bytes / m.dramBps : 0.0;
        p.bound = levelResult.bottleneck != "memory" ? levelResult.bottleneck
            : levelResult.l2Seconds > dramSeconds    ? std::string("L2 -> SM")
                                                     : std::string("DRAM");
        extend(p.x, p.y);
    }

    // The roofs: DRAM and the compute roofs the program's work runs on, per machine. A machine without one of
    // them (an overlay lacking a precision) draws what it has.
    std::vector<RooflineMachine> machines = {{r.hardware.name, m}};
    machines.insert(machines.end(), overlays.begin(), overlays.end());
    for (const auto& mm : machines)
        for (const auto& label : usedRoofs) {
            const double peak = peakOfLabel(mm.machine, label);
            if (peak > 0 && mm.machine.dramBps > 0)
                extend(peak / mm.machine.dramBps, peak);
        }
    if (xMax <= 0) {
        plot.points.clear();
        plot.program = {};
        return plot;
    }
    plot.xMin = std::pow(10, std::floor(std::log10(xMin)) - 1);
    plot.xMax = std::pow(10, std::ceil(std::log10(xMax)) + 1);
    plot.yMin = std::pow(10, std::floor(std::log10(std::max(yMin, 1.0))) - 1);
    plot.yMax = std::pow(10, std::ceil(std::log10(yMax)) + 0.3);

    bool primary = true;
    for (const auto& mm : machines) {
        const bounds::MachineModel& machine = mm.machine;
        std::vector<std::pair<std::string, double>> peaks;
        for (const auto& label : usedRoofs)
            if (const double peak = peakOfLabel(machine, label); peak > 0)
                peaks.emplace_back(label, peak);
        if (machine.dramBps > 0) {
            // Up to its highest relevant compute roof, or across the chart for a program without compute work.
            double top = 0;
            for (const auto& pk : peaks)
                top = std::max(top, pk.second);
            if (top <= 0)
                top = plot.yMax;
            const double x1 = std::min(plot.xMax, top / machine.dramBps);
            plot.roofs.push_back(
                {mm.name, "DRAM", machine.dramBps, true, primary, plot.xMin, machine.dramBps * plot.xMin, x1, machine.dramBps * x1});
            for (const auto& [label, peak] : peaks)
                plot.roofs.push_back({mm.name, label, peak, false, primary, peak / machine.dramBps, peak, plot.xMax, peak});
        }
        primary = false;
    }
    return plot;
}

void addMeasuredPoints(RooflinePlot& plot, const std::vector<std::optional<double>>& measured)
{
    for (auto& pt : plot.points) {
        if (pt.node < 0 || static_cast<std::size_t>(pt.node) >= measured.size() || !measured[static_cast<std::size_t>(pt.node)]
            || !(*measured[static_cast<std::size_t>(pt.node)] > 0))
            continue;
        pt.measuredY = pt.flops / *measured[static_cast<std::size_t>(pt.node)];
        // Measured points lie under their bound points; the axis reaches down to them (decade-padded).
        if (pt.measuredY > 0 && pt.measuredY < plot.yMin * 10)
            plot.yMin = std::pow(10, std::floor(std::log10(pt.measuredY)) - 1);
    }
}

} // namespace solar
