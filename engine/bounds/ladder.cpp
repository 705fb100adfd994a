// SPDX-License-Identifier: MIT
#include "engine/bounds/ladder.h"

#include "engine/bounds/unitschedule.h"
#include "engine/core/format.h"

#include <QtGlobal>

#include <algorithm>
#include <cmath>
#include <limits>
#include <map>
#include <set>
#include <unordered_map>

namespace solar::bounds {

namespace {

using hw::Precision;
using hw::Unit;

UnitGroup groupOf(Placement p)
{
    if (p.unit == Unit::Tensor)
        return UnitGroup::Tensor;
    return p.precision == Precision::FP64 ? UnitGroup::SimtFp64 : UnitGroup::SimtFp32;
}

struct PlacementTable
{
    std::array<Placement, kMacClassCount> placement {}; // the fastest allowed (for reports: unit times, bottleneck)
    std::array<double, kMacClassCount> peak {};
    std::array<std::array<double, kUnitGroupCount>, kMacClassCount> groupPeak {}; // best allowed per group, 0: none
    double simtFp32 = 0, simtFp64 = 0, simtHalf = 0;
};

PlacementTable placements(const MachineModel& m, PrecisionPolicy policy)
{
    PlacementTable t;
    for (int c = 0; c < kMacClassCount; ++c) {
        const auto type = static_cast<graph::MacType>(c / 2);
        t.placement[c] = placeContraction(type, c % 2 == 1, policy, m);
        t.peak[c] = m.peak(t.placement[c].unit, t.placement[c].precision);
        for (const Placement& p : allowedPlacements(type, c % 2 == 1, policy)) {
            double& g = t.groupPeak[c][static_cast<int>(groupOf(p))];
            g = std::max(g, m.peak(p.unit, p.precision));
        }
    }
    t.simtFp32 = m.peak(Unit::Simt, Precision::FP32);
    t.simtHalf = std::max({t.simtFp32, m.peak(Unit::Simt, Precision::FP16), m.peak(Unit::Simt, Precision::BF16)});
    // f64 elementwise work on a machine without a listed SIMT fp64 peak: the fp32 rate is a safe ceiling.
    t.simtFp64 = m.peak(Unit::Simt, Precision::FP64) > 0 ? m.peak(Unit::Simt, Precision::FP64) : t.simtFp32;
    return t;
}

double safeDiv(double a, double b)
{
    if (a <= 0)
        return 0;
    return b > 0 ? a / b : std::numeric_limits<double>::infinity();
}

std::array<double, kUnitGroupCount> unitSeconds(const Work& w, const PlacementTable& t)
{
    std::array<double, kUnitGroupCount> s {};
    for (int c = 0; c < kMacClassCount; ++c) {
        if (w.macs[c] > 0)
            s[static_cast<int>(groupOf(t.placement[c]))] += safeDiv(2.0 * w.macs[c], t.peak[c]);
    }
    s[static_cast<int>(UnitGroup::SimtFp32)] += safeDiv(w.simtOps, t.simtFp32) + safeDiv(w.simtHalfOps, t.simtHalf);
    s[static_cast<int>(UnitGroup::SimtFp64)] += safeDiv(w.simtFp64Ops, t.simtFp64);
    return s;
}

// The least compute time of `w` when each contraction class may be split across the unit groups it is allowed on
// (unitschedule.h); never above the max over groups of unitSeconds(), which places each class whole on its fastest.
double computeSeconds(const Work& w, const PlacementTable& t)
{
    constexpr double inf = std::numeric_limits<double>::infinity();
    std::array<UnitTimes, kMacClassCount + 2> items; // no allocation: this runs per kernel on every slider move
    std::size_t count = 0;
    for (int c = 0; c < kMacClassCount; ++c) {
        if (w.macs[c] <= 0)
            continue;
        UnitTimes times {inf, inf, inf};
        for (int g = 0; g < kUnitGroupCount; ++g) {
            if (t.groupPeak[c][g] > 0)
                times[g] = 2.0 * w.macs[c] / t.groupPeak[c][g];
        }
        if (std::none_of(times.begin(), times.end(), [](double v) { return std::isfinite(v); }))
            return inf; // allowed nowhere on this machine
        items[count++] = times;
    }
    if (w.simtOps + w.simtHalfOps > 0)
        items[count++] = {inf, safeDiv(w.simtOps, t.simtFp32) + safeDiv(w.simtHalfOps, t.simtHalf), inf};
    if (w.simtFp64Ops > 0)
        items[count++] = {inf, inf, safeDiv(w.simtFp64Ops, t.simtFp64)};
    return leastMakespan(items.data(), count);
}

double flopsOf(const Work& w)
{
    double f = w.simtOps + w.simtHalfOps + w.simtFp64Ops;
    for (double m : w.macs)
        f += 2.0 * m;
    return f;
}

double maxOf(const std::array<double, kUnitGroupCount>& a, int* which = nullptr)
{
    int best = 0;
    for (int i = 1; i < kUnitGroupCount; ++i) {
        if (a[i] > a[best])
            best = i;
    }
    if (which)
        *which = best;
    return a[best];
}

std::string bottleneckName(double compute, int unit, double memory)
{
    if (compute <= 0 && memory <= 0)
        return "none";
    if (memory >= compute)
        return "memory";
    return "compute:" + std::string(unitGroupName(static_cast<UnitGroup>(unit)));
}

// The sliding-window-free capacity term (io-bounds.md, tier B: any classical algorithm, split-K, warm caches):
// DRAM element transfers >= sqrt(2) * products / sqrt(S) - 4 S, with S the on-chip capacity in elements of the
// narrowest operand type (which over-counts capacity, keeping the bound valid).
double capacityTrafficBytes(const Digest::CacheCandidate& c, double onchipBytes)
{
    if (onchipBytes <= 0)
        return std::numeric_limits<double>::infinity();
    const double s = onchipBytes / c.minElementBytes;
    const double elements = std::sqrt(2.0) * c.products / std::sqrt(s) - 4.0 * s;
    return std::max(0.0, elements) * c.minElementBytes;
}

double warmBytes(double reads, double writes, double cache)
{
    return std::max(0.0, reads - cache) + std::max(0.0, writes - cache);
}

} // namespace

void Work::add(const Work& o, double times)
{
    for (int c = 0; c < kMacClassCount; ++c)
        macs[c] += times * o.macs[c];
    simtOps += times * o.simtOps;
    simtHalfOps += times * o.simtHalfOps;
    simtFp64Ops += times * o.simtFp64Ops;
}

int macClassIndex(graph::MacType type, bool convLike)
{
    return static_cast<int>(type) * 2 + (convLike ? 1 : 0);
}

MachineModel MachineModel::scaledCompute(double factor) const
{
    MachineModel m = *this;
    for (double& p : m.peakFlops)
        p *= factor;
    m.clockHz *= factor;
    return m;
}

MachineModel machineFromProfile(const hw::HwProfile& p)
{
    MachineModel m;
    m.profileId = p.id;
    for (const auto& peak : p.peaks)
        m.peak(peak.unit, peak.precision) = peak.flops.value;
    m.dramBps = p.dramBandwidthBps.value;
    m.onchipBytes = p.onchipBytes.value;
    m.persistentCacheBytes = p.persistentCacheBytes();
    m.clockHz = p.clockHz.value;
    m.l2Bps = p.l2BandwidthBps ? p.l2BandwidthBps->value : 0.0;
    m.smBytes = p.smBytes ? p.smBytes->value : 0.0;
    m.smCount = p.smCount ? p.smCount->value : 0.0;
    m.clusterSms = p.clusterSms ? std::max(1.0, p.clusterSms->value) : 1.0;
    m.opFloorSeconds = p.opFloorSeconds ? p.opFloorSeconds->value : 0.0;
    m.launchFloorSeconds = p.launchFloorSeconds ? p.launchFloorSeconds->value : 0.0;
    return m;
}

std::vector<Placement> allowedPlacements(graph::MacType type, bool convLike, PrecisionPolicy policy)
{
    std::vector<Placement> candidates;
    auto add = [&](Unit u, Precision p) { candidates.push_back({u, p}); };
    switch (type) {
    case graph::MacType::FP64:
        add(Unit::Tensor, Precision::FP64);
        add(Unit::Simt, Precision::FP64);
        break;
    case graph::MacType::FP32:
        if (policy == PrecisionPolicy::AllowTf32 || (policy == PrecisionPolicy::PytorchDefault && convLike))
            add(Unit::Tensor, Precision::TF32);
        break;
    case graph::MacType::TF32: add(Unit::Tensor, Precision::TF32); break; // tf32 operands: tensor cores under any policy
    case graph::MacType::BF16:
        add(Unit::Tensor, Precision::BF16);
        add(Unit::Simt, Precision::BF16);
        break;
    case graph::MacType::FP16:
        add(Unit::Tensor, Precision::FP16);
        add(Unit::Tensor, Precision::BF16);
        add(Unit::Simt, Precision::FP16);
        break;
    case graph::MacType::FP8:
        add(Unit::Tensor, Precision::FP8);
        add(Unit::Tensor, Precision::FP16);
        add(Unit::Tensor, Precision::BF16);
        add(Unit::Simt, Precision::FP16);
        add(Unit::Simt, Precision::BF16);
        break;
    case graph::MacType::INT8:
        add(Unit::Tensor, Precision::INT8);
        add(Unit::Tensor, Precision::FP8);
        break;
    case graph::MacType::FP4:
        add(Unit::Tensor, Precision::FP4);
        add(Unit::Tensor, Precision::FP8);
        add(Unit::Tensor, Precision::INT8);
        break;
    case graph::MacType::Int: break;
    }
    add(Unit::Simt, Precision::FP32); // every machine has it; the fallback for everything
    return candidates;
}

Placement placeContraction(graph::MacType type, bool convLike, PrecisionPolicy policy, const MachineModel& m)
{
    const std::vector<Placement> candidates = allowedPlacements(type, convLike, policy);
    // The fastest allowed unit (computeSeconds() also lets the work split across units).
    Placement best = candidates.back();
    double bestPeak = m.peak(best.unit, best.precision);
    for (const auto& c : candidates) {
        const double p = m.peak(c.unit, c.precision);
        if (p > bestPeak) {
            best = c;
            bestPeak = p;
        }
    }
    return best;
}

double kernelFloorSeconds(const Digest& d, std::size_t k, const MachineModel& m, Level level)
{
    if (level != Level::UnfusedPerKernel || m.launchFloorSeconds <= 0 || k >= d.kernels.size())
        return 0;
    return launchesWork(d.kernels[k]) ? m.launchFloorSeconds * d.kernels[k].launches : 0;
}

double hostDispatchSeconds(const Digest& d, const MachineModel& m)
{
    if (m.opFloorSeconds <= 0)
        return 0;
    double launches = 0;
    for (const auto& k : d.kernels)
        if (launchesWork(k))
            launches += k.launches;
    return m.opFloorSeconds * launches;
}

bool launchesWork(const Digest::Kernel& kernel)
{
    const Work& w = kernel.work;
    return kernel.unfusedBytes > 0 || w.simtOps > 0 || w.simtHalfOps > 0 || w.simtFp64Ops > 0
        || std::any_of(w.macs.begin(), w.macs.end(), [](double v) { return v > 0; });
}

Work totalWork(const Digest& d)
{
    Work total;
    for (const Work& w : d.nodeWork)
        total.add(w);
    return total;
}

double workComputeSeconds(const Work& work, const MachineModel& m, PrecisionPolicy policy)
{
    return computeSeconds(work, placements(m, policy));
}

std::vector<double> kernelComputeSeconds(const Digest& d, const MachineModel& m, PrecisionPolicy policy)
{
    const PlacementTable table = placements(m, policy);
    std::vector<double> out;
    out.reserve(d.kernels.size());
    for (const auto& k : d.kernels)
        out.push_back(computeSeconds(k.work, table));
    return out;
}

std::vector<NodeCompute> nodeComputes(const Digest& d, const MachineModel& m, PrecisionPolicy policy)
{
    const PlacementTable table = placements(m, policy);
    // Per contraction class, the best allowed unit of each other group: computeSeconds() may split work onto it.
    std::array<std::vector<Placement>, kMacClassCount> spill;
    for (int k = 0; k < kMacClassCount; ++k)
        for (const Placement& p : allowedPlacements(static_cast<graph::MacType>(k / 2), k % 2 == 1, policy)) {
            const int g = static_cast<int>(groupOf(p));
            const bool taken = g == static_cast<int>(groupOf(table.placement[k]))
                || std::any_of(spill[k].begin(), spill[k].end(), [&](Placement q) { return groupOf(q) == groupOf(p); });
            if (!taken && m.peak(p.unit, p.precision) > 0 && m.peak(p.unit, p.precision) == table.groupPeak[k][g])
                spill[k].push_back(p);
        }
    // The SIMT rates unitSeconds() charges: half-precision elementwise work at the fastest SIMT half rate.
    Precision half = Precision::FP32;
    for (Precision p : {Precision::FP16, Precision::BF16})
        if (m.peak(Unit::Simt, p) > m.peak(Unit::Simt, half))
            half = p;
    const Precision fp64 = m.peak(Unit::Simt, Precision::FP64) > 0 ? Precision::FP64 : Precision::FP32;
    std::vector<NodeCompute> out;
    out.reserve(d.nodeWork.size());
    for (const Work& w : d.nodeWork) {
        NodeCompute c;
        c.seconds = computeSeconds(w, table);
        auto add = [&](Placement p) {
            std::string roof = std::string(hw::unitName(p.unit)) + " " + std::string(hw::precisionName(p.precision));
            if (std::find(c.roofs.begin(), c.roofs.end(), roof) == c.roofs.end()) {
                c.roofs.push_back(std::move(roof));
                c.units.push_back(p);
            }
        };
        for (int k = 0; k < kMacClassCount; ++k)
            if (w.macs[k] > 0)
                add(table.placement[k]);
        if (w.simtOps > 0)
            add({Unit::Simt, Precision::FP32});
        if (w.simtHalfOps > 0)
            add({Unit::Simt, half});
        if (w.simtFp64Ops > 0)
            add({Unit::Simt, fp64});
        for (int k = 0; k < kMacClassCount; ++k)
            if (w.macs[k] > 0)
                for (Placement p : spill[k])
                    add(p);
        out.push_back(std::move(c));
    }
    return out;
}

double combinedPeakFlopsPerSecond(const MachineModel& m, const std::vector<Placement>& units)
{
    std::array<double, kUnitGroupCount> best {};
    for (Placement p : units)
        best[static_cast<int>(groupOf(p))] = std::max(best[static_cast<int>(groupOf(p))], m.peak(p.unit, p.precision));
    return best[0] + best[1] + best[2];
}

double cacheAwareBytes(const Digest& d, const MachineModel& m, double onchipBytes, CacheAssumption cache)
{
    double base = d.externalReadBytes + d.externalWriteBytes;
    if (cache == CacheAssumption::Warm)
        base = warmBytes(d.externalReadBytes, d.externalWriteBytes, m.persistentCacheBytes);
    // The candidates were reduced to a capacity-independent disjoint set in prepare(): each term is charged at S.
    double total = base;
    for (const auto& c : d.cacheCandidates)
        total += std::max(0.0, capacityTrafficBytes(c, onchipBytes) - c.compulsoryBytes);
    return total;
}

std::vector<int> capacityBoundNodes(const Digest& d, const MachineModel& m)
{
    std::vector<int> out;
    for (const auto& c : d.cacheCandidates) {
        bool bound = capacityTrafficBytes(c, m.onchipBytes) > c.compulsoryBytes;
        if (!bound && m.l2Bps > 0 && m.smBytes > 0 && m.smCount > 0) {
            const double su = m.smBytes * m.clusterSms / c.minElementBytes;
            const double all = m.smCount * m.smBytes / c.minElementBytes;
            bound = (std::sqrt(2.0) * c.products / std::sqrt(su) - 4.0 * all) * c.minElementBytes > c.compulsoryBytes;
        }
        if (bound)
            out.push_back(c.node);
    }
    return out;
}

double l2ToSmBytes(const Digest& d, const MachineModel& m)
{
    if (m.l2Bps <= 0)
        return 0;
    double total = d.externalReadBytes + d.externalWriteBytes;
    if (m.smBytes <= 0 || m.smCount <= 0)
        return total;
    // Tier B per unit of storage shared by one cluster (capacity S_u = clusterSms * smBytes), summed over the
    // smCount / clusterSms units: each unit moves >= sqrt(2) P_u / sqrt(S_u) - 4 S_u elements, and the P_u sum to
    // the contraction's products, so all together >= sqrt(2) P / sqrt(S_u) - 4 * smCount * smBytes (in elements).
    const double unitBytes = m.smBytes * m.clusterSms;
    for (const auto& c : d.cacheCandidates) {
        const double su = unitBytes / c.minElementBytes;
        const double all = m.smCount * m.smBytes / c.minElementBytes;
        const double elements = std::sqrt(2.0) * c.products / std::sqrt(su) - 4.0 * all;
        total += std::max(0.0, std::max(0.0, elements) * c.minElementBytes - c.compulsoryBytes);
    }
    return total;
}

namespace {

// A level of the eager kernels' ladder shown on this graph's nodes: each eager node's seconds on the node it maps to;
// those with none spread over the nodes by the graph's own shares at that level (equally where it has none), so
// the nodes' seconds still sum to the level's.
LevelResult shownOnGraph(const LevelResult& eager, const std::vector<int>& shownOn, const std::vector<double>& ownSeconds)
{
    LevelResult r = eager;
    const size_t nodes = ownSeconds.size();
    r.nodeSeconds.assign(nodes, 0.0);
    double spill = 0, own = 0;
    for (size_t i = 0; i < eager.nodeSeconds.size(); ++i) {
        const int j = i < shownOn.size() ? shownOn[i] : -1;
        if (j >= 0 && static_cast<size_t>(j) < nodes)
            r.nodeSeconds[static_cast<size_t>(j)] += eager.nodeSeconds[i];
        else
            spill += eager.nodeSeconds[i];
    }
    for (double s : ownSeconds)
        own += s;
    if (spill > 0)
        for (size_t i = 0; i < nodes; ++i)
            r.nodeSeconds[i] += own > 0 ? spill * ownSeconds[i] / own : spill / static_cast<double>(nodes);
    return r;
}

} // namespace

Ladder solve(const Digest& d, const MachineModel& m, PrecisionPolicy policy, CacheAssumption cache)
{
    Ladder ladder;
    ladder.policy = policy;
    ladder.cache = cache;
    const PlacementTable table = placements(m, policy);
    const size_t nodes = d.nodeWork.size();

    std::vector<std::array<double, kUnitGroupCount>> nodeUnits(nodes);
    std::vector<double> nodeCompute(nodes); // computeSeconds per node, once per solve (the per-kernel shares use it)
    std::array<double, kUnitGroupCount> totalUnits {};
    Work totalWork;
    double totalFlops = 0;
    for (size_t i = 0; i < nodes; ++i) {
        totalWork.add(d.nodeWork[i]);
        nodeCompute[i] = computeSeconds(d.nodeWork[i], table);
        nodeUnits[i] = unitSeconds(d.nodeWork[i], table);
        for (int u = 0; u < kUnitGroupCount; ++u)
            totalUnits[u] += nodeUnits[i][u];
        totalFlops += flopsOf(d.nodeWork[i]);
    }

    // Per-kernel levels (F0, F2).
    std::vector<double> kernelCompute(d.kernels.size());
    for (size_t k = 0; k < d.kernels.size(); ++k) // a one-node kernel's work is its node's
        kernelCompute[k] = d.kernels[k].nodeCount == 1 ? nodeCompute[static_cast<size_t>(d.kernelNodes[d.kernels[k].firstNode])]
                                                       : computeSeconds(d.kernels[k].work, table);
    for (Level level : {Level::UnfusedPerKernel, Level::FusedPerOp}) {
        LevelResult& r = ladder.levels[static_cast<int>(level)];
        r.level = level;
        r.nodeSeconds.assign(nodes, 0.0);
        r.flops = totalFlops;
        double computeSum = 0, memorySum = 0;
        for (size_t ki = 0; ki < d.kernels.size(); ++ki) {
            const auto& k = d.kernels[ki];
            const auto units = unitSeconds(k.work, table);
            const double compute = kernelCompute[ki];
            const double bytes = level == Level::UnfusedPerKernel ? k.unfusedBytes : k.externalBytes;
            const double memory = safeDiv(bytes, m.dramBps);
            double t = std::max(compute, memory);
            // The device's launch floor: its own term, F0 only (the host's dispatch below).
            if (const double floor = kernelFloorSeconds(d, ki, m, level); floor > t) {
                r.opFloorSeconds += floor - t;
                ++r.flooredKernels;
                t = floor;
            }
            r.seconds += t;
            r.bytes += bytes;
            computeSum += compute;
            memorySum += memory;
            for (int u = 0; u < kUnitGroupCount; ++u)
                r.unitSeconds[u] += units[u];
            // Split the kernel's time over its nodes by their own standalone times.
            const int* ids = d.kernelNodes.data() + k.firstNode;
            auto weightOf = [&](int id) {
                const double nodeBytes = level == Level::UnfusedPerKernel ? d.nodeUnfusedBytes[id] : d.nodeExternalBytes[id];
                return std::max(nodeCompute[id], safeDiv(nodeBytes, m.dramBps));
            };
            double weights = 0;
            for (int j = 0; j < k.nodeCount; ++j)
                weights += weightOf(ids[j]);
            for (int j = 0; j < k.nodeCount; ++j)
                r.nodeSeconds[ids[j]] = weights > 0 ? t * weightOf(ids[j]) / weights : t / static_cast<double>(k.nodeCount);
        }
        // The host's dispatch runs ahead of the device: F0 is the larger of the two, never their sum. Where the
        // host is slower, the difference spreads over the kernels by their launches (and within one by its nodes'
        // shares), so the nodes' seconds still sum to the level's.
        if (level == Level::UnfusedPerKernel && (r.dispatchSeconds = hostDispatchSeconds(d, m)) > r.seconds) {
            const double extra = r.dispatchSeconds - r.seconds;
            double launches = 0;
            r.flooredKernels = 0;
            for (const auto& k : d.kernels)
                if (launchesWork(k)) {
                    launches += k.launches;
                    ++r.flooredKernels;
                }
            for (const auto& k : d.kernels) {
                if (!launchesWork(k))
                    continue;
                const double add = extra * k.launches / launches;
                const int* ids = d.kernelNodes.data() + k.firstNode;
                double kernelSeconds = 0;
                for (int j = 0; j < k.nodeCount; ++j)
                    kernelSeconds += r.nodeSeconds[ids[j]];
                for (int j = 0; j < k.nodeCount; ++j)
                    r.nodeSeconds[ids[j]] += kernelSeconds > 0 ? add * r.nodeSeconds[ids[j]] / kernelSeconds : add / k.nodeCount;
            }
            r.opFloorSeconds += extra;
            r.seconds = r.dispatchSeconds;
            r.dispatchBound = true;
        }
        r.computeSeconds = computeSum;
        r.memorySeconds = memorySum;
        int unit = 0;
        maxOf(r.unitSeconds, &unit);
        r.bottleneck = bottleneckName(computeSum, unit, memorySum);
    }

    // Whole-graph levels (F1, F3, F4).
    const double compulsory = d.externalReadBytes + d.externalWriteBytes;
    const double fusedBytes
        = cache == CacheAssumption::Warm ? warmBytes(d.externalReadBytes, d.externalWriteBytes, m.persistentCacheBytes) : compulsory;
    const double cacheBytes = cacheAwareBytes(d, m, m.onchipBytes, cache);
    for (Level level : {Level::UnfusedOverlapped, Level::Fused, Level::CacheAware}) {
        LevelResult& r = ladder.levels[static_cast<int>(level)];
        r.level = level;
        r.flops = totalFlops;
        r.unitSeconds = totalUnits;
        int unit = 0;
        maxOf(totalUnits, &unit);
        r.computeSeconds = computeSeconds(totalWork, table);
        r.bytes = level == Level::UnfusedOverlapped ? d.unfusedBytes : (level == Level::Fused ? fusedBytes : cacheBytes);
        r.memorySeconds = safeDiv(r.bytes, m.dramBps);
        if (level == Level::CacheAware && m.l2Bps > 0) {
            r.l2Bytes = l2ToSmBytes(d, m);
            r.l2Seconds = r.l2Bytes / m.l2Bps;
            r.memorySeconds = std::max(r.memorySeconds, r.l2Seconds);
        }
        r.seconds = std::max(r.computeSeconds, r.memorySeconds);
        r.bottleneck = bottleneckName(r.computeSeconds, unit, r.memorySeconds);
        // Shares of the binding resource.
        r.nodeSeconds.assign(nodes, 0.0);
        const bool memoryBound = r.memorySeconds >= r.computeSeconds;
        double total = 0;
        std::vector<double> weight(nodes, 0.0);
        for (size_t i = 0; i < nodes; ++i) {
            if (memoryBound)
                weight[i] = level == Level::UnfusedOverlapped ? d.nodeUnfusedBytes[i] : d.nodeExternalBytes[i];
            else
                weight[i] = nodeUnits[i][unit];
            total += weight[i];
        }
        for (size_t i = 0; i < nodes; ++i)
            r.nodeSeconds[i] = total > 0 ? r.seconds * weight[i] / total : 0.0;
    }
    // A program whose eager kernels another program states (Digest::eager): the per-kernel levels are those
    // kernels', and a fused level above theirs is theirs (both compute the same values, so the lower one bounds both).
    bool fusedFromEager[kLevelCount] = {};
    if (d.eager) {
        const Ladder e = solve(*d.eager, m, policy, cache);
        for (Level level : kLevels) {
            const auto l = static_cast<size_t>(level);
            fusedFromEager[l] = !isPerKernel(level) && level != Level::UnfusedOverlapped && e.levels[l].seconds < ladder.levels[l].seconds;
            if (isPerKernel(level) || level == Level::UnfusedOverlapped || fusedFromEager[l])
                ladder.levels[l] = shownOnGraph(e.levels[l], d.eagerShownOn, ladder.levels[l].nodeSeconds);
        }
    }
    for (auto& r : ladder.levels) {
        r.intensity = r.bytes > 0 ? r.flops / r.bytes : 0.0;
        r.nodeShare.assign(nodes, 0.0);
        for (size_t i = 0; i < nodes; ++i)
            r.nodeShare[i] = r.seconds > 0 ? r.nodeSeconds[i] / r.seconds : 0.0;
    }
    auto count = [](double n) { return std::to_string(static_cast<long long>(n)); };
    if (cacheBytes > fusedBytes && !fusedFromEager[static_cast<size_t>(Level::CacheAware)])
        ladder.notes.push_back(
            {QT_TRANSLATE_NOOP("solar::engine", "cache_aware adds %1 bytes of capacity-forced traffic (on-chip capacity %2 bytes)"),
             {count(cacheBytes - fusedBytes), count(m.onchipBytes)}});
    // F1 and F2 relax different things (F1 overlaps everything but keeps every unfused byte; F2 fuses but adds up
    // kernels one after another), so either can be the larger; users read F2 > F1 as an error unless told.
    if (ladder.at(Level::FusedPerOp).seconds > ladder.at(Level::UnfusedOverlapped).seconds * (1 + 1e-12))
        ladder.notes.push_back({QT_TRANSLATE_NOOP("solar::engine",
                                                  "fused_per_op (F2) is above unfused_overlapped (F1): F2 adds up each kernel's own "
                                                  "max(compute, memory) one after another, F1 overlaps compute and memory across the "
                                                  "whole program; both are lower bounds, and fused (F3) is below both"),
                                {}});
    const LevelResult& f4 = ladder.at(Level::CacheAware);
    if (m.l2Bps <= 0)
        ladder.notes.push_back(
            {QT_TRANSLATE_NOOP("solar::engine", "cache_aware has no L2 -> SM floor: the profile lists no L2 bandwidth"), {}});
    else if (f4.l2Seconds > 0 && f4.l2Seconds >= safeDiv(f4.bytes, m.dramBps))
        ladder.notes.push_back(
            {QT_TRANSLATE_NOOP("solar::engine", "cache_aware is bound by the L2 -> SM level: %1 bytes cross L2 at %2 B/s"),
             {count(f4.l2Bytes), count(m.l2Bps)}});
    for (int c = 0; c < kMacClassCount; ++c) {
        bool used = false;
        for (const auto& w : d.nodeWork)
            used = used || w.macs[c] > 0;
        if (used && table.placement[c].unit == Unit::Simt && static_cast<graph::MacType>(c / 2) != graph::MacType::FP32
            && static_cast<graph::MacType>(c / 2) != graph::MacType::Int && static_cast<graph::MacType>(c / 2) != graph::MacType::FP64)
            ladder.notes.push_back(
                {QT_TRANSLATE_NOOP("solar::engine", "%1 contractions run on SIMT fp32: the machine lists no tensor-core peak for them"),
                 {std::string(graph::macTypeName(static_cast<graph::MacType>(c / 2)))}});
    }
    if (const LevelResult& f0 = ladder.at(Level::UnfusedPerKernel); f0.dispatchBound)
        ladder.notes.push_back(
            {QT_TRANSLATE_NOOP("solar::engine",
                               "unfused_per_kernel is the host's eager dispatch: %1 launches at the profile's %2 each take "
                               "%3, more than the device needs for them (+%4; the eager model only, no other level has it)"),
             {count(f0.dispatchSeconds / m.opFloorSeconds + 0.5), formatSeconds(m.opFloorSeconds), formatSeconds(f0.dispatchSeconds),
              formatSeconds(f0.opFloorSeconds)}});
    else if (f0.opFloorSeconds > 0)
        ladder.notes.push_back(
            {QT_TRANSLATE_NOOP("solar::engine",
                               "unfused_per_kernel includes the profile's kernel-launch floor of %1 on %2 of %3 kernels: "
                               "+%4 (the eager model only; no other level has it)"),
             {formatSeconds(m.launchFloorSeconds), std::to_string(f0.flooredKernels),
              std::to_string((d.eager ? *d.eager : d).kernels.size()), formatSeconds(f0.opFloorSeconds)}});
    return ladder;
}

} // namespace solar::bounds
