// SPDX-License-Identifier: MIT
#include "engine/frontend/llm/provenance.h"

namespace solar::llm {

void applyReplyProvenance(graph::EinsumGraph& graph, const std::map<int, std::vector<std::string>>& tracedOps)
{
    graph::mergeUnattributedKernels(graph);
    int unchecked = 0;
    for (auto& node : graph.nodes) {
        if (node.sourceOp.empty() || node.macs <= 0 || graph::namesConvolution(node.sourceOp))
            continue;
        const auto it = tracedOps.find(node.sourceLine);
        bool traceDeniesConvolution = it != tracedOps.end() && !it->second.empty();
        if (traceDeniesConvolution) {
            for (const auto& op : it->second)
                traceDeniesConvolution = traceDeniesConvolution && !graph::namesConvolution(op);
        }
        if (!traceDeniesConvolution) {
            node.sourceOpUnchecked = true;
            ++unchecked;
        }
    }
    if (unchecked > 0)
        graph.notes.push_back({Severity::Note,
                               {},
                               {},
                               "llm.op-unchecked",
                               std::to_string(unchecked)
                                   + " contraction(s) carry an @op label no trace of the source confirms: they keep the fastest "
                                     "math mode the precision policy allows for a convolution"});
}

} // namespace solar::llm
