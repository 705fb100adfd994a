// SPDX-License-Identifier: MIT
// prepare(): a graph digested once per analysis into what every slider move re-solves (ladder.h): work per node and
// kernel in hardware-independent classes, bytes per level, the cache candidates.
#include "engine/bounds/ladder.h"

#include <algorithm>
#include <cmath>
#include <map>
#include <set>
#include <unordered_map>

namespace solar::bounds {

namespace {

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
    if (node.convolutionRuledOut)
        return false;
    return node.sourceOp.empty() || node.sourceOpUnchecked || graph::namesConvolution(node.sourceOp);
}

} // namespace

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
        d.kernels[k].launches = std::max(d.kernels[k].launches, node.launches);
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
    // An update in place (X[i] = X[i] * s) reads the tensor from memory and writes it back: where the first node of
    // a kernel that touches a tensor reads it at the very access it writes, the read moves bytes of its own. (A
    // value the kernel wrote before, an accumulator or a scan's previous element, is on chip.)
    std::vector<std::pair<int, double>> inPlace;
    std::unordered_map<int, bool> touched;
    for (auto& kernel : d.kernels) {
        footprint.clear();
        inPlace.clear();
        touched.clear();
        for (int j = 0; j < kernel.nodeCount; ++j) {
            const auto& node = g.nodes[d.kernelNodes[kernel.firstNode + j]];
            if (node.view)
                continue;
            for (const auto& op : node.reads)
                if (op.tensor == node.write.tensor && op.text == node.write.text && !touched.count(op.tensor)) {
                    inPlace.emplace_back(op.tensor, op.footprint * op.launches);
                    touched[op.tensor] = true;
                }
            for (const auto& op : node.reads)
                touched[op.tensor] = true;
            touched[node.write.tensor] = true;
            graph::mergeFootprints(node.reads, footprint);
            graph::mergeFootprint(node.write, footprint);
            for (const auto& op : node.reads)
                accesses[static_cast<size_t>(op.tensor)].push_back(&op);
            accesses[static_cast<size_t>(node.write.tensor)].push_back(&node.write);
        }
        // Accesses of one tensor with disjoint boxes add up inside a kernel too (cat writing its slices); one that
        // a kernel launched per loop iteration touches anew each time counts once per launch.
        for (auto& [t, fp] : footprint) {
            auto& list = accesses[static_cast<size_t>(t)];
            if (list.size() > 1)
                fp = std::max(fp, graph::disjointFootprint(list));
            for (const graph::Operand* op : list)
                fp = std::max(fp, op->footprint * op->launches);
            list.clear();
        }
        for (const auto& [t, fp] : footprint) {
            const auto& tensor = g.tensors[t];
            double bytes = fp * tensor.bytesPerElement;
            for (const auto& [updated, read] : inPlace)
                if (updated == t)
                    bytes += read * tensor.bytesPerElement;
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
    if (g.eagerKernels && g.eagerKernels->graph) {
        d.eager = std::make_shared<const Digest>(prepare(*g.eagerKernels->graph));
        d.eagerShownOn = g.eagerKernels->shownOn;
    }
    return d;
}

} // namespace solar::bounds
