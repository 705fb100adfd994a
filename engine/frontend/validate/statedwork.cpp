// SPDX-License-Identifier: MIT
#include "engine/frontend/validate/statedwork.h"

#include "engine/bounds/ladder.h"
#include "engine/core/format.h"
#include "engine/graph/lifting.h"

#include <algorithm>
#include <cmath>
#include <map>
#include <optional>
#include <set>
#include <vector>

namespace solar::validate {

namespace {

// The arithmetic a program states at these sizes: its multiply-accumulates and its other (SIMT) operations.
struct StatedWork
{
    double macs = 0, otherOps = 0;
    double flops() const { return 2 * macs + otherOps; }
};

// The work in total (key 0) and per source line (key: the line; -1 collects contractions on no line, where the
// per-line comparison cannot be made).
std::map<int, StatedWork> statedWork(const graph::EinsumGraph& g)
{
    std::map<int, StatedWork> w;
    for (const auto& n : g.nodes)
        for (int key : {0, n.sourceLine}) {
            w[key].macs += n.macs;
            w[key].otherOps += n.otherOps;
            if (key == 0 && n.sourceLine == 0)
                w[-1].macs += n.macs;
        }
    return w;
}

// The source's lowering as the trace route analyses it: one kernel per traced op, on its source line. Without
// `provenance` only the lines are set and the counts stay as lifted (a sort's comparisons included).
std::optional<graph::EinsumGraph> sourceGraph(const trace::Lowered& source, const ir::SizeBindings& sizes, bool provenance)
{
    auto lifted = graph::liftProgram(source.program, sizes);
    if (!lifted)
        return std::nullopt;
    graph::EinsumGraph g = std::move(lifted).value();
    if (provenance) {
        trace::applyProvenance(g, source);
    } else {
        for (auto& n : g.nodes)
            if (const auto it = source.originOfLine.find(n.line); it != source.originOfLine.end())
                n.sourceLine = it->second.sourceLine;
    }
    return g;
}

// The kernels that launch work, per source line: how often they run and the bytes they move (both summed over the
// launches), and the ops (the labels) they run, in program order.
struct LineKernels
{
    double launches = 0, bytes = 0;
    std::vector<std::string> ops;
    std::vector<std::vector<int>> nodes; // each kernel's node ids
    std::vector<double> kernelLaunches;
};

std::map<int, LineKernels> kernelsPerLine(const graph::EinsumGraph& g)
{
    const bounds::Digest d = bounds::prepare(g);
    std::map<int, LineKernels> lines;
    for (const auto& k : d.kernels) {
        if (k.nodeCount == 0 || !bounds::launchesWork(k))
            continue;
        const graph::Node& first = g.nodes[static_cast<size_t>(d.kernelNodes[static_cast<size_t>(k.firstNode)])];
        LineKernels& l = lines[first.sourceLine];
        l.launches += k.launches;
        l.bytes += k.unfusedBytes;
        l.ops.push_back(first.sourceOp);
        l.kernelLaunches.push_back(k.launches);
        l.nodes.emplace_back(d.kernelNodes.begin() + k.firstNode, d.kernelNodes.begin() + k.firstNode + k.nodeCount);
    }
    return lines;
}

// "aten::add, aten::sqrt, aten::div" with runs of one op written once with a count ("aten::addmm (x64)").
std::string opsText(const std::vector<std::string>& ops)
{
    std::string out;
    for (size_t i = 0; i < ops.size();) {
        size_t j = i;
        while (j < ops.size() && ops[j] == ops[i])
            ++j;
        out += (out.empty() ? "" : ", ") + ops[i] + (j - i > 1 ? " (x" + std::to_string(j - i) + ")" : "");
        i = j;
    }
    return out;
}

std::string count(double n)
{
    return std::to_string(static_cast<long long>(n + 0.5));
}

// The ops the trace ran per source line, from the lowering's provenance.
std::map<int, std::vector<std::string>> tracedOpsOf(const trace::Lowered& source)
{
    std::map<int, std::vector<std::string>> ops;
    for (const auto& [line, origin] : source.originOfLine)
        if (origin.sourceLine > 0)
            ops[origin.sourceLine].push_back(origin.aten);
    return ops;
}

} // namespace

std::set<int> viewOnlyLines(const std::map<int, std::vector<std::string>>& tracedOps)
{
    std::set<int> lines;
    for (const auto& [line, ops] : tracedOps)
        if (line > 0 && !ops.empty() && std::all_of(ops.begin(), ops.end(), [](const std::string& op) { return trace::isViewOp(op); }))
            lines.insert(line);
    return lines;
}

int markReturnedViews(graph::EinsumGraph& reply, const std::set<int>& viewOnly)
{
    int marked = 0;
    for (auto& n : reply.nodes)
        if (viewOnly.count(n.sourceLine) && n.kind == graph::NodeKind::Copy && !n.view
            && reply.tensors[static_cast<size_t>(n.write.tensor)].role == graph::TensorRole::Output) {
            n.view = true;
            ++marked;
        }
    if (marked > 0)
        graph::countExternalTraffic(reply);
    return marked;
}

std::string workDifference(const ir::Program& program, const ir::SizeBindings& sizes, const trace::Lowered& source,
                           const ir::SizeBindings& sourceSizes, const std::string& where)
{
    const auto reply = graph::liftProgram(program, sizes);
    const auto judge = sourceGraph(source, sourceSizes, false);
    if (!reply || !judge)
        return {};
    auto works = statedWork(*judge), replies = statedWork(*reply);
    // The trace's lowering spells elementwise work its own way (a max-pool's indices, LayerNorm's passes), so the
    // shortfall is judged on the contractions — a product written out and then summed counts as its multiplies
    // and adds — and only an excess beyond 4x on all of it. Per source line as well, where every contraction of
    // the reply is in an @op block: a block's work against the traced ops of the line it names.
    StatedWork want = works[0], have = replies[0];
    bool less = want.macs > 0 && have.macs + have.otherOps / 2 < 0.9 * want.macs;
    std::string onLine;
    if (!less && replies[-1].macs == 0 && !program.ops.empty())
        for (const auto& [line, w] : works)
            if (line > 0 && w.macs > 0) {
                const StatedWork& h = replies[line];
                if (h.macs + h.otherOps / 2 < 0.9 * w.macs) {
                    less = true;
                    want = w;
                    have = h;
                    onLine = " on source line " + std::to_string(line) + " (the @op blocks naming it)";
                    break;
                }
            }
    if (!less && have.flops() <= 4 * want.flops())
        return {};
    return "at " + where + " the source's operations" + onLine + " do "
        + (less ? count(want.macs) + " multiply-accumulates and the program " + count(have.macs)
                   + " (less work than the source states: an algebraic rewrite or a dropped term)"
                : count(want.flops()) + " FLOP and the program " + count(have.flops())
                   + " (several times the work the source states: repeated passes or extra terms)")
        + "; write the operations as the source states them";
}

std::string trafficDifference(const ir::Program& program, const ir::SizeBindings& sizes, const trace::Lowered& source,
                              const ir::SizeBindings& sourceSizes, const std::string& where)
{
    auto lifted = graph::liftProgram(program, sizes);
    auto judge = sourceGraph(source, sourceSizes, true);
    if (!lifted || !judge)
        return {};
    graph::EinsumGraph reply = std::move(lifted).value();
    markReturnedViews(reply, viewOnlyLines(tracedOpsOf(source)));
    // Only where every statement that moves anything names its line: statements in no block cannot be held to one.
    for (const auto& n : reply.nodes)
        if (n.sourceLine <= 0 && !n.view && (n.macs > 0 || n.otherOps > 0 || n.bytesRead + n.bytesWritten > 0))
            return {};
    // Each source line as one kernel: what crosses its boundary (the tensors it reads that other lines or the caller
    // give it, the ones it writes that others read) does not depend on how its operations are split into blocks.
    for (auto* g : {&reply, &*judge})
        for (auto& n : g->nodes)
            n.kernel = n.sourceLine > 0 ? n.sourceLine : -1 - n.id;
    const auto want = kernelsPerLine(*judge), have = kernelsPerLine(reply);
    for (const auto& [line, w] : want) {
        if (line <= 0)
            continue;
        // A line with no block of its own was folded into its readers' indices (a cat read in place): a fusion,
        // which the fused levels are for; the per-kernel levels keep the traced kernel.
        const auto it = have.find(line);
        if (it == have.end())
            continue;
        const double h = it->second.bytes;
        if (h < 0.9 * w.bytes)
            return "at " + where + " the @op blocks for source line " + std::to_string(line) + " (" + opsText(w.ops) + ") read and write "
                + formatBytes(h) + " of the tensors that cross that line, where the source's operations move " + formatBytes(w.bytes)
                + " (a narrower dtype, or a tensor the source reads or writes that the program does not)"
                + ": give each block's tensors the source's dtypes and shapes";
    }
    return {};
}

std::shared_ptr<const graph::EagerKernels> eagerKernelsOf(const graph::EinsumGraph& reply, const trace::Lowered& source,
                                                          const ir::SizeBindings& sourceSizes)
{
    auto judge = sourceGraph(source, sourceSizes, true);
    if (!judge)
        return nullptr;
    auto eager = std::make_shared<graph::EagerKernels>();
    // Each traced node's share is shown on the reply's heaviest node of the same source line (none: spread).
    std::map<int, int> heaviest;
    auto weight = [](const graph::Node& n) { return 2 * n.macs + n.otherOps + n.bytesRead + n.bytesWritten; };
    for (const auto& n : reply.nodes)
        if (n.sourceLine > 0 && !n.view)
            if (auto [it, added] = heaviest.emplace(n.sourceLine, n.id);
                !added && weight(n) > weight(reply.nodes[static_cast<size_t>(it->second)]))
                it->second = n.id;
    for (const auto& n : judge->nodes) {
        const auto it = heaviest.find(n.sourceLine);
        eager->shownOn.push_back(n.sourceLine > 0 && it != heaviest.end() ? it->second : -1);
    }
    eager->graph = std::make_shared<const graph::EinsumGraph>(std::move(judge).value());
    return eager;
}

int adoptTracedElementwiseCounts(graph::EinsumGraph& reply, const trace::Lowered& source, const ir::SizeBindings& sourceSizes)
{
    const auto judge = sourceGraph(source, sourceSizes, true);
    if (!judge)
        return 0;
    const auto want = kernelsPerLine(*judge), have = kernelsPerLine(reply);
    // Pairs only where every line's kernels pair up in program order, one launch each (a block inside a loop
    // stands for a kernel per step, interleaved with the other blocks' in the trace).
    for (const auto& [line, h] : have) {
        const auto it = want.find(line);
        if (line <= 0 || it == want.end() || it->second.nodes.size() != h.nodes.size())
            return 0;
        for (size_t k = 0; k < h.nodes.size(); ++k)
            if (h.kernelLaunches[k] != 1 || it->second.kernelLaunches[k] != 1)
                return 0;
    }
    if (have.size() != want.size() - want.count(0))
        return 0;
    auto sum = [](const graph::EinsumGraph& g, const std::vector<int>& nodes, double graph::Node::*field) {
        double total = 0;
        for (int id : nodes)
            total += g.nodes[static_cast<size_t>(id)].*field;
        return total;
    };
    int adopted = 0;
    for (const auto& [line, h] : have) {
        const LineKernels& w = want.at(line);
        for (size_t k = 0; k < h.nodes.size(); ++k) {
            const double traced = sum(*judge, w.nodes[k], &graph::Node::otherOps);
            const double stated = sum(reply, h.nodes[k], &graph::Node::otherOps);
            const double tracedTranscendental = sum(*judge, w.nodes[k], &graph::Node::transcendentalOps);
            const double statedTranscendental = sum(reply, h.nodes[k], &graph::Node::transcendentalOps);
            if (stated <= 0 || traced == stated)
                continue;
            // Spread over the kernel's statements in proportion to what each states.
            for (int id : h.nodes[k]) {
                graph::Node& n = reply.nodes[static_cast<size_t>(id)];
                const double share = n.otherOps / stated;
                n.otherOps = traced * share;
                n.transcendentalOps = statedTranscendental > 0 ? tracedTranscendental * n.transcendentalOps / statedTranscendental
                                                               : tracedTranscendental * share;
            }
            ++adopted;
        }
    }
    return adopted;
}

} // namespace solar::validate
