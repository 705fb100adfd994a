// SPDX-License-Identifier: MIT
#include "engine/bounds/ladder.h"

#include "engine/bounds/unitschedule.h"
#include "engine/core/format.h"

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

// Under pytorch-default an fp32 contraction may use TF32 tensor cores when it is a convolution (cuDNN's default),
// not when it is a matmul. What decides is the operation, never how its loops are spelled: a node whose frontend
// named its op is a convolution when that op is one; a node without provenance (ALIR written by hand without @op)
// or whose label nobody could check (an LLM's) might be one, so it gets the fastest rate the policy allows.
// (docs/sol-model.md, "Precision policies")
bool tf32UnderDefault(const graph::Node& node)
{
    // JAX: XLA runs fp32 dot_general and convolutions at DEFAULT precision on TF32 tensor cores (NVIDIA, Ampere
    // and later); precision=HIGHEST (the tracer's "_highest") keeps fp32.
    if (node.sourceOp == "jax::dot_general" || node.sourceOp == "jax::conv_general_dilated")
        return true;
    return node.sourceOp.empty() || node.sourceOpUnchecked || graph::namesConvolution(node.sourceOp);
}

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

void Work::add(const Work& o)
{
    for (int c = 0; c < kMacClassCount; ++c)
        macs[c] += o.macs[c];
    simtOps += o.simtOps;
    simtHalfOps += o.simtHalfOps;
    simtFp64Ops += o.simtFp64Ops;
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

Digest prepare(const graph::EinsumGraph& g)
{
    Digest d;
    const size_t n = g.nodes.size();
    d.nodeWork.resize(n);
    d.nodeUnfusedBytes.resize(n);
    d.nodeExternalBytes.resize(n);
    d.kernelOfNode.resize(n);
    // Kernel groups in order of first appearance; which kernels touch each tensor (one, or several: -2).
    // Kernel ids are node ids unless a frontend groups nodes, so a dense table usually suffices.
    int maxKernel = -1;
    for (const auto& node : g.nodes)
        maxKernel = std::max(maxKernel, node.kernel);
    const bool dense = maxKernel < 4 * static_cast<int>(g.nodes.size()) + 16;
    std::vector<int> denseIndex(dense ? static_cast<size_t>(maxKernel + 1) : 0, -1);
    std::unordered_map<int, int> sparseIndex;
    auto kernelIndexOf = [&](int kernel) -> std::pair<int, bool> {
        int& slot = dense ? denseIndex[kernel] : sparseIndex.try_emplace(kernel, -1).first->second;
        if (slot >= 0)
            return {slot, false};
        slot = static_cast<int>(d.kernels.size());
        return {slot, true};
    };
    std::vector<int> toucher(g.tensors.size(), -1);
    auto touch = [&](int tensor, int k) {
        if (toucher[tensor] == -1)
            toucher[tensor] = k;
        else if (toucher[tensor] != k)
            toucher[tensor] = -2;
    };
    for (const auto& node : g.nodes) {
        const auto [k, added] = kernelIndexOf(node.kernel);
        if (added)
            d.kernels.emplace_back();
        d.kernelOfNode[node.id] = k;
        ++d.kernels[k].nodeCount;
        if (node.view)
            continue; // a view output touches nothing
        for (const auto& op : node.reads)
            touch(op.tensor, k);
        touch(node.write.tensor, k);
    }
    // Group node ids by kernel (a counting sort keeps each kernel's nodes in program order).
    int offset = 0;
    for (auto& k : d.kernels) {
        k.firstNode = offset;
        offset += k.nodeCount;
    }
    d.kernelNodes.assign(g.nodes.size(), 0);
    std::vector<int> filled(d.kernels.size(), 0);
    for (const auto& node : g.nodes) {
        const int k = d.kernelOfNode[node.id];
        d.kernelNodes[d.kernels[k].firstNode + filled[k]++] = node.id;
    }
    for (const auto& node : g.nodes) {
        if (node.view)
            continue; // no kernel, no work, no bytes (graph::countExternalTraffic)
        Work& w = d.nodeWork[node.id];
        // Both operands one tensor (X·Xᵀ): a SYRK-style kernel computes only half of a symmetric result, so the
        // compute term charges half the MACs (the MAC count itself stays the program's).
        const bool selfProduct = node.kind == graph::NodeKind::Contraction && node.symmetricProduct;
        if (node.macs > 0)
            w.macs[macClassIndex(node.macType, tf32UnderDefault(node))] = selfProduct ? node.macs / 2 : node.macs;
        const ir::DType out = g.tensors[node.write.tensor].dtype;
        (out == ir::DType::F64                                   ? w.simtFp64Ops
             : (out == ir::DType::F16 || out == ir::DType::BF16) ? w.simtHalfOps
                                                                 : w.simtOps)
            = node.otherOps;
        d.nodeUnfusedBytes[node.id] = node.bytesRead + node.bytesWritten;
        d.nodeExternalBytes[node.id] = node.externalBytes;
        d.totalMacs += node.macs;
        d.totalOtherOps += node.otherOps;
        d.kernels[d.kernelOfNode[node.id]].work.add(w);
    }
    // Kernel bytes: each tensor a kernel touches once, at its largest footprint there; intermediates that never
    // leave the kernel (written and read only inside it) stay on chip.
    std::vector<std::pair<int, double>> footprint;
    std::vector<double> kernelSum(g.tensors.size(), 0.0); // per tensor: its footprints over all kernels, added up
    std::vector<std::vector<const graph::Operand*>> accesses(g.tensors.size());
    for (auto& kernel : d.kernels) {
        footprint.clear();
        for (int j = 0; j < kernel.nodeCount; ++j) {
            const auto& node = g.nodes[d.kernelNodes[kernel.firstNode + j]];
            if (node.view)
                continue;
            graph::mergeFootprints(node.reads, footprint);
            graph::mergeFootprint(node.write, footprint);
            for (const auto& op : node.reads)
                accesses[static_cast<size_t>(op.tensor)].push_back(&op);
            accesses[static_cast<size_t>(node.write.tensor)].push_back(&node.write);
        }
        // Accesses of one tensor with disjoint boxes add up inside a kernel too (cat writing its slices).
        for (auto& [t, fp] : footprint) {
            auto& list = accesses[static_cast<size_t>(t)];
            if (list.size() > 1)
                fp = std::max(fp, graph::disjointFootprint(list));
            list.clear();
        }
        for (const auto& [t, fp] : footprint) {
            const auto& tensor = g.tensors[t];
            const double bytes = fp * tensor.bytesPerElement;
            kernelSum[static_cast<size_t>(t)] += fp;
            if (tensor.isExternal() || toucher[t] == -2)
                kernel.unfusedBytes += bytes;
            if (tensor.isExternal())
                kernel.externalBytes += bytes;
        }
        d.unfusedBytes += kernel.unfusedBytes;
    }
    // Compulsory whole-graph traffic: every external tensor once, at its largest footprint; reads and writes
    // apart for the warm assumption (an output that is also read counts as written).
    std::vector<bool> written(g.tensors.size(), false);
    for (const auto& node : g.nodes)
        written[node.write.tensor] = written[node.write.tensor] || !node.view;
    for (size_t t = 0; t < g.tensors.size(); ++t) {
        const auto& tensor = g.tensors[t];
        if (!tensor.isExternal())
            continue;
        // The graph's footprint adds up accesses with disjoint boxes across operators; capped by what the kernels
        // move of it together, so the compulsory traffic never exceeds the per-kernel levels' (F3 <= F2, F1).
        const double elements = kernelSum[t] > 0 ? std::min(g.externalFootprint[t], kernelSum[t]) : g.externalFootprint[t];
        const double bytes = elements * tensor.bytesPerElement;
        (written[t] ? d.externalWriteBytes : d.externalReadBytes) += bytes;
    }
    // Capacity-term candidates: plain contractions reading only external tensors and writing an external output.
    for (const auto& node : g.nodes) {
        if (node.kind != graph::NodeKind::Contraction || node.contractionM <= 0 || node.reads.size() != 2)
            continue;
        Digest::CacheCandidate c;
        c.node = node.id;
        c.products = node.contractionBatch * node.contractionM * node.contractionN * node.contractionK;
        bool eligible = g.tensors[node.write.tensor].role == graph::TensorRole::Output;
        double bmin = g.tensors[node.write.tensor].bytesPerElement;
        c.compulsoryBytes = node.write.footprint * g.tensors[node.write.tensor].bytesPerElement;
        for (const auto& op : node.reads) {
            const auto& t = g.tensors[op.tensor];
            eligible = eligible && t.isExternal() && t.role != graph::TensorRole::Output;
            bmin = std::min(bmin, t.bytesPerElement);
            c.compulsoryBytes += op.footprint * t.bytesPerElement;
            c.inputTensors.push_back(op.tensor);
        }
        c.minElementBytes = bmin;
        // X·Xᵀ (SYRK-like): one loaded element serves both operands, so the step N_A + N_B <= S + R behind the
        // tier-B bound does not hold. No capacity term is proven for that case: charge none.
        eligible = eligible && c.inputTensors[0] != c.inputTensors[1];
        if (eligible)
            d.cacheCandidates.push_back(std::move(c));
    }
    // One loaded tile can serve several contractions that share an input, so the capacity terms only add up over
    // contractions with pairwise disjoint inputs. Which ones must not depend on the capacity: a choice made per
    // capacity (largest excess at S first) can charge more for a larger capacity than for a smaller one,
    // contradicting the ladder's monotonicity and the inverse's bisection. So the disjoint set is chosen once, here,
    // by the coefficient of each term's capacity dependence (sqrt(2) * products * element_bytes^1.5, the term's scale
    // at every S); each chosen term is non-increasing in S, so their sum is, and any disjoint set is a valid bound.
    auto coefficient = [](const Digest::CacheCandidate& c) { return c.products * std::pow(c.minElementBytes, 1.5); };
    std::stable_sort(d.cacheCandidates.begin(), d.cacheCandidates.end(),
                     [&](const auto& a, const auto& b) { return coefficient(a) > coefficient(b); });
    std::set<int> used;
    std::vector<Digest::CacheCandidate> chosen;
    for (auto& c : d.cacheCandidates) {
        if (std::any_of(c.inputTensors.begin(), c.inputTensors.end(), [&](int t) { return used.count(t) > 0; }))
            continue;
        used.insert(c.inputTensors.begin(), c.inputTensors.end());
        chosen.push_back(std::move(c));
    }
    d.cacheCandidates = std::move(chosen);
    return d;
}

double kernelFloorSeconds(const Digest& d, std::size_t k, const MachineModel& m, Level level)
{
    if (level != Level::UnfusedPerKernel || m.opFloorSeconds <= 0 || k >= d.kernels.size())
        return 0;
    const Digest::Kernel& kernel = d.kernels[k];
    const Work& w = kernel.work;
    const bool any = kernel.unfusedBytes > 0 || w.simtOps > 0 || w.simtHalfOps > 0 || w.simtFp64Ops > 0
        || std::any_of(w.macs.begin(), w.macs.end(), [](double v) { return v > 0; });
    return any ? m.opFloorSeconds : 0;
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
    auto label = [](Unit u, Precision p) { return std::string(hw::unitName(u)) + " " + std::string(hw::precisionName(p)); };
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
        auto add = [&](const std::string& roof) {
            if (std::find(c.roofs.begin(), c.roofs.end(), roof) == c.roofs.end())
                c.roofs.push_back(roof);
        };
        for (int k = 0; k < kMacClassCount; ++k)
            if (w.macs[k] > 0)
                add(label(table.placement[k].unit, table.placement[k].precision));
        if (w.simtOps > 0)
            add(label(Unit::Simt, Precision::FP32));
        if (w.simtHalfOps > 0)
            add(label(Unit::Simt, half));
        if (w.simtFp64Ops > 0)
            add(label(Unit::Simt, fp64));
        out.push_back(std::move(c));
    }
    return out;
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
            // The eager model's per-operator floor (dispatch, launch): its own term, F0 only.
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
    for (auto& r : ladder.levels) {
        r.intensity = r.bytes > 0 ? r.flops / r.bytes : 0.0;
        r.nodeShare.assign(nodes, 0.0);
        for (size_t i = 0; i < nodes; ++i)
            r.nodeShare[i] = r.seconds > 0 ? r.nodeSeconds[i] / r.seconds : 0.0;
    }
    if (cacheBytes > fusedBytes)
        ladder.notes.push_back("cache_aware adds " + std::to_string(static_cast<long long>(cacheBytes - fusedBytes))
                               + " bytes of capacity-forced traffic (on-chip capacity "
                               + std::to_string(static_cast<long long>(m.onchipBytes)) + " bytes)");
    // F1 and F2 relax different things (F1 overlaps everything but keeps every unfused byte; F2 fuses but adds up
    // kernels one after another), so either can be the larger; users read F2 > F1 as an error unless told.
    if (ladder.at(Level::FusedPerOp).seconds > ladder.at(Level::UnfusedOverlapped).seconds * (1 + 1e-12))
        ladder.notes.push_back("fused_per_op (F2) is above unfused_overlapped (F1): F2 adds up each kernel's own max(compute, memory) "
                               "one after another, F1 overlaps compute and memory across the whole program; both are lower "
                               "bounds, and fused (F3) is below both");
    const LevelResult& f4 = ladder.at(Level::CacheAware);
    if (m.l2Bps <= 0)
        ladder.notes.push_back("cache_aware has no L2 -> SM floor: the profile lists no L2 bandwidth");
    else if (f4.l2Seconds > 0 && f4.l2Seconds >= safeDiv(f4.bytes, m.dramBps))
        ladder.notes.push_back("cache_aware is bound by the L2 -> SM level: " + std::to_string(static_cast<long long>(f4.l2Bytes))
                               + " bytes cross L2 at " + std::to_string(static_cast<long long>(m.l2Bps)) + " B/s");
    for (int c = 0; c < kMacClassCount; ++c) {
        bool used = false;
        for (const auto& w : d.nodeWork)
            used = used || w.macs[c] > 0;
        if (used && table.placement[c].unit == Unit::Simt && static_cast<graph::MacType>(c / 2) != graph::MacType::FP32
            && static_cast<graph::MacType>(c / 2) != graph::MacType::Int && static_cast<graph::MacType>(c / 2) != graph::MacType::FP64)
            ladder.notes.push_back(std::string(graph::macTypeName(static_cast<graph::MacType>(c / 2)))
                                   + " contractions run on SIMT fp32: the machine lists no tensor-core peak for them");
    }
    if (const LevelResult& f0 = ladder.at(Level::UnfusedPerKernel); f0.opFloorSeconds > 0)
        ladder.notes.push_back("unfused_per_kernel includes the profile's per-operator floor of " + formatSeconds(m.opFloorSeconds) + " on "
                               + std::to_string(f0.flooredKernels) + " of " + std::to_string(d.kernels.size()) + " kernels: +"
                               + formatSeconds(f0.opFloorSeconds) + " (the eager model only; no other level has it)");
    return ladder;
}

} // namespace solar::bounds
