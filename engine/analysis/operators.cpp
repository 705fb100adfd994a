// SPDX-License-Identifier: MIT
#include "engine/analysis/operators.h"

namespace solar {

std::vector<OperatorRow> operatorRows(const AnalysisResult& r)
{
    std::vector<OperatorRow> rows;
    const auto kernelCompute = bounds::kernelComputeSeconds(r.digest, r.machine, r.options.policy);
    for (const auto& n : r.graph.nodes) {
        OperatorRow row;
        row.node = n.id;
        row.name = n.name;
        row.kind = std::string(graph::nodeKindName(n.kind));
        row.equation = n.equation;
        if (n.write.tensor >= 0)
            row.shape = r.graph.tensors[static_cast<size_t>(n.write.tensor)].shape;
        row.sourceOp = n.sourceOp;
        row.line = n.line;
        row.sourceLine = n.sourceLine;
        row.modulePath = n.modulePath;
        row.flops = 2 * n.macs + n.otherOps;
        row.bytes = n.bytesRead + n.bytesWritten;
        row.intensityFlopsPerByte = row.bytes > 0 ? row.flops / row.bytes : 0.0;
        for (bounds::Level l : bounds::kLevels) {
            const auto& level = r.ladder.at(l);
            const auto i = static_cast<size_t>(l);
            row.seconds[i] = static_cast<size_t>(n.id) < level.nodeSeconds.size() ? level.nodeSeconds[static_cast<size_t>(n.id)] : 0.0;
            row.share[i] = static_cast<size_t>(n.id) < level.nodeShare.size() ? level.nodeShare[static_cast<size_t>(n.id)] : 0.0;
        }
        const double opMemory = r.machine.dramBps > 0 ? r.digest.nodeUnfusedBytes[static_cast<size_t>(n.id)] / r.machine.dramBps : 0.0;
        row.computeBound = kernelCompute[static_cast<size_t>(r.digest.kernelOfNode[static_cast<size_t>(n.id)])] > opMemory;
        row.approx = n.approx;
        rows.push_back(std::move(row));
    }
    return rows;
}

} // namespace solar
