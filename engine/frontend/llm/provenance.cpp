// SPDX-License-Identifier: MIT
#include "engine/frontend/llm/provenance.h"

namespace solar::llm {

namespace {

bool anyConvolution(const std::vector<std::string>& ops)
{
    for (const auto& op : ops)
        if (graph::namesConvolution(op))
            return true;
    return false;
}

std::string joined(const std::vector<std::string>& ops)
{
    std::string out;
    for (const auto& op : ops)
        if (out.find(op) == std::string::npos)
            out += (out.empty() ? "" : ", ") + op;
    return out;
}

} // namespace

void applyReplyProvenance(graph::EinsumGraph& graph, const std::map<int, std::vector<std::string>>& tracedOps)
{
    graph::mergeUnattributedKernels(graph);
    bool sourceConvolves = false;
    for (const auto& [line, ops] : tracedOps)
        sourceConvolves = sourceConvolves || anyConvolution(ops);
    int unchecked = 0;
    for (auto& node : graph.nodes) {
        if (node.macs <= 0)
            continue;
        if (!tracedOps.empty() && !sourceConvolves) {
            node.convolutionRuledOut = true; // the traced source runs no convolution: no contraction of it is one
            continue;
        }
        if (node.sourceOp.empty() || graph::namesConvolution(node.sourceOp))
            continue;
        const auto it = tracedOps.find(node.sourceLine);
        if (it != tracedOps.end() && !it->second.empty() && !anyConvolution(it->second)) {
            node.convolutionRuledOut = true;
        } else {
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

std::optional<std::string> labelContradiction(const ir::Program& program, const std::map<int, std::vector<std::string>>& tracedOps)
{
    if (tracedOps.empty())
        return std::nullopt;
    std::string lines;
    int listed = 0;
    for (const auto& [line, ops] : tracedOps)
        if (line > 0 && listed++ < 16)
            lines += (lines.empty() ? "" : ", ") + std::to_string(line);
    for (const auto& op : program.ops) {
        if (op.sourceLine <= 0)
            continue;
        const std::string block = "the @op(\"" + op.label + "\", " + std::to_string(op.sourceLine) + ") block at line "
            + std::to_string(op.loc.line) + " of the program";
        const auto it = tracedOps.find(op.sourceLine);
        if (it == tracedOps.end() || it->second.empty())
            return block + " names source line " + std::to_string(op.sourceLine)
                + ", where the source runs no operation (a trace of it runs operations on lines " + lines
                + "): give each block the line of the call it implements";
        const bool labelConvolves = graph::namesConvolution(op.label), lineConvolves = anyConvolution(it->second);
        if (labelConvolves != lineConvolves)
            return block
                + (labelConvolves
                       ? " calls the operation a convolution, but the source runs " + joined(it->second) + " on that line, no convolution"
                       : " does not call the operation a convolution, but the source runs " + joined(it->second) + " on that line")
                + ": label each block with the operation its source line runs";
    }
    return std::nullopt;
}

} // namespace solar::llm
