// SPDX-License-Identifier: MIT
#include "engine/analysis/roofline.h"

#include <algorithm>
#include <cmath>
#include <tuple>

namespace solar {

int rooflineShareBucket(double share)
{
    return share < 0.01 ? 0 : share < 0.1 ? 1 : share < 0.3 ? 2 : 3;
}

namespace {

// A roof: one unit at one precision, or several units a split schedule runs at once (drawn at their summed peaks).
struct RoofSpec
{
    std::string label;
    std::vector<bounds::Placement> units;
};

std::string unitLabel(bounds::Placement p)
{
    return std::string(hw::unitName(p.unit)) + " " + std::string(hw::precisionName(p.precision));
}

int groupRank(bounds::Placement p)
{
    return p.unit == hw::Unit::Tensor ? 0 : p.precision == hw::Precision::FP64 ? 2 : 1;
}

// The node's roof: its units in a fixed order (tensor, SIMT, SIMT fp64; by name within a group), so that nodes on
// the same units share one drawn roof and one label.
RoofSpec roofOf(const bounds::NodeCompute& c)
{
    RoofSpec spec;
    spec.units = c.units;
    std::sort(spec.units.begin(), spec.units.end(), [](bounds::Placement a, bounds::Placement b) {
        return std::make_pair(groupRank(a), unitLabel(a)) < std::make_pair(groupRank(b), unitLabel(b));
    });
    for (const auto& u : spec.units)
        spec.label += (spec.label.empty() ? "" : " + ") + unitLabel(u);
    return spec;
}

bool spansGroups(const std::vector<bounds::Placement>& units)
{
    return std::any_of(units.begin(), units.end(), [&](bounds::Placement u) { return groupRank(u) != groupRank(units.front()); });
}

// The roof a node is drawn against on `m`: its units together when they span concurrent groups, else (units of one
// group share its pipes) the fastest of them, whose line is drawn and is the ceiling.
RoofSpec drawnRoofOf(const bounds::NodeCompute& c, const bounds::MachineModel& m)
{
    RoofSpec spec = roofOf(c);
    if (spec.units.size() <= 1 || spansGroups(spec.units))
        return spec;
    const auto fastest = std::max_element(spec.units.begin(), spec.units.end(), [&](bounds::Placement a, bounds::Placement b) {
        return m.peak(a.unit, a.precision) < m.peak(b.unit, b.precision);
    });
    return {unitLabel(*fastest), {*fastest}};
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
    // The compute roofs some operator runs on, in first-use order: each unit alone, and the units together where
    // an operator's work spans concurrent groups (a TF32 GEMM split across tensor cores and SIMT pipes reaches
    // their sum, above either roof alone).
    std::vector<RoofSpec> usedRoofs;
    auto use = [&](RoofSpec spec) {
        if (std::none_of(usedRoofs.begin(), usedRoofs.end(), [&](const RoofSpec& have) { return have.label == spec.label; }))
            usedRoofs.push_back(std::move(spec));
    };
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
        for (const auto& u : c.units)
            use({unitLabel(u), {u}});
        const RoofSpec roof = drawnRoofOf(c, m);
        if (roof.units.size() > 1)
            use(roof);
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
        p.bound = p.computeBound ? roof.label : std::string("DRAM");
        // Its ceiling, not its rate: work of several kinds on several units may not fill them all at once.
        p.roof = p.computeBound ? bounds::combinedPeakFlopsPerSecond(m, roof.units) : m.dramBps;
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
        for (const auto& roof : usedRoofs) {
            const double peak = bounds::combinedPeakFlopsPerSecond(mm.machine, roof.units);
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
        std::vector<std::tuple<std::string, double, bool>> peaks;
        for (const auto& roof : usedRoofs)
            if (const double peak = bounds::combinedPeakFlopsPerSecond(machine, roof.units); peak > 0)
                // A combined roof of a machine that lacks one of its units would repeat a single roof.
                if (roof.units.size() == 1 || std::all_of(roof.units.begin(), roof.units.end(), [&](bounds::Placement u) {
                        return machine.peak(u.unit, u.precision) > 0;
                    }))
                    peaks.emplace_back(roof.label, peak, roof.units.size() > 1);
        if (machine.dramBps > 0) {
            // Up to its highest relevant compute roof, or across the chart for a program without compute work.
            double top = 0;
            for (const auto& pk : peaks)
                top = std::max(top, std::get<1>(pk));
            if (top <= 0)
                top = plot.yMax;
            const double x1 = std::min(plot.xMax, top / machine.dramBps);
            plot.roofs.push_back(
                {mm.name, "DRAM", machine.dramBps, true, primary, false, plot.xMin, machine.dramBps * plot.xMin, x1, machine.dramBps * x1});
            for (const auto& [label, peak, combined] : peaks)
                plot.roofs.push_back({mm.name, label, peak, false, primary, combined, peak / machine.dramBps, peak, plot.xMax, peak});
        }
        primary = false;
    }
    // What this very device reached (solar hw calibrate --device cuda): dashed roofs under the bound's.
    if (const auto& ach = r.hardware.achievable) {
        const std::string name = r.hardware.name + " (achievable)";
        double top = 0;
        for (const auto& roof : usedRoofs)
            for (const auto& peak : ach->peaks)
                if (roof.units.size() == 1 && roof.units.front().unit == peak.unit && roof.units.front().precision == peak.precision) {
                    top = std::max(top, peak.flops.value);
                    if (ach->dramBandwidthBps)
                        plot.roofs.push_back({name, roof.label, peak.flops.value, false, true, false,
                                              peak.flops.value / ach->dramBandwidthBps->value, peak.flops.value, plot.xMax,
                                              peak.flops.value, true});
                }
        if (const auto& dram = ach->dramBandwidthBps) {
            const double x1 = std::min(plot.xMax, (top > 0 ? top : plot.yMax) / dram->value);
            plot.roofs.push_back(
                {name, "DRAM", dram->value, true, true, false, plot.xMin, dram->value * plot.xMin, x1, dram->value * x1, true});
        }
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
