// SPDX-License-Identifier: MIT
#include "engine/graph/export.h"

#include "engine/core/format.h"

#include <nlohmann/json.hpp>

#include <cmath>
#include <cstdio>
#include <set>

namespace solar::graph {

namespace {

using nlohmann::ordered_json;

ordered_json operandJson(const Operand& op, const EinsumGraph& g)
{
    return {{"tensor", g.tensors[op.tensor].name},
            {"access", op.text},
            {"ranks", op.ranks},
            {"class", ir::accessClassName(op.cls)},
            {"footprint_elements", op.footprint},
            {"footprint_exact", op.footprintExact}};
}

std::string dotEscape(const std::string& s)
{
    std::string out;
    for (char c : s) {
        if (c == '"' || c == '\\')
            out += '\\';
        out += c;
    }
    return out;
}

// YAML scalars: quote anything that is not a plain identifier or number.
std::string yamlString(const std::string& s)
{
    std::string out = "'";
    for (char c : s) {
        out += c;
        if (c == '\'')
            out += '\'';
    }
    return out + "'";
}

std::string elementwiseOpName(const Node& n)
{
    switch (n.kind) {
    case NodeKind::Contraction: return "mul";
    case NodeKind::Copy: return "copy";
    case NodeKind::Gather:
    case NodeKind::Scatter: return "copy";
    default: break;
    }
    // The outermost function of the combiner when there is one ("exp(...) / Z[b]" -> "div"), else the operator.
    const std::string& c = n.combiner;
    for (const char* op : {" / ", " * ", " + ", " - "}) {
        if (c.find(op) != std::string::npos)
            return op[1] == '/' ? "div" : op[1] == '*' ? "mul" : op[1] == '+' ? "add" : "sub";
    }
    const auto paren = c.find('(');
    if (paren != std::string::npos && paren > 0)
        return c.substr(0, paren);
    return "copy";
}

std::string reductionOpName(const Node& n)
{
    if (n.reducedRanks.empty() && n.kind != NodeKind::Contraction)
        return "none";
    switch (n.reducer) {
    case ir::AssignOp::Add: return "add";
    case ir::AssignOp::Mul: return "mul";
    case ir::AssignOp::Max: return "max";
    case ir::AssignOp::Min: return "min";
    case ir::AssignOp::Set: return "none";
    }
    return "none";
}

std::string solarTensorType(TensorRole role)
{
    switch (role) {
    case TensorRole::Input: return "input";
    case TensorRole::Weight:
    case TensorRole::Constant: return "weight";
    case TensorRole::Output: return "output";
    case TensorRole::Intermediate: return "output"; // SOLAR derives intermediates from producer/consumer edges
    }
    return "output";
}

} // namespace

std::string graphToJson(const EinsumGraph& g)
{
    ordered_json tensors = ordered_json::array();
    for (size_t t = 0; t < g.tensors.size(); ++t) {
        const auto& x = g.tensors[t];
        tensors.push_back({{"name", x.name},
                           {"role", tensorRoleName(x.role)},
                           {"dtype", ir::dtypeName(x.dtype)},
                           {"shape", x.shape},
                           {"elements", x.elements},
                           {"bytes_per_element", x.bytesPerElement},
                           {"footprint_elements", g.externalFootprint[t]},
                           {"line", x.line}});
    }
    ordered_json nodes = ordered_json::array();
    for (const auto& n : g.nodes) {
        ordered_json reads = ordered_json::array();
        for (const auto& op : n.reads)
            reads.push_back(operandJson(op, g));
        ordered_json node = {{"id", n.id},
                             {"name", n.name},
                             {"kind", nodeKindName(n.kind)},
                             {"equation", n.equation},
                             {"combiner", n.combiner},
                             {"reducer", ir::assignOpText(n.reducer)},
                             {"init", n.hasInit ? ordered_json(n.initValue) : ordered_json(nullptr)},
                             {"output_ranks", n.outputRanks},
                             {"reduced_ranks", n.reducedRanks},
                             {"points", n.points},
                             {"points_exact", n.pointsExact},
                             {"macs", n.macs},
                             {"mac_type", macTypeName(n.macType)},
                             {"conv_like", n.convLike},
                             {"other_ops", n.otherOps},
                             {"transcendental_ops", n.transcendentalOps},
                             {"bytes_read", n.bytesRead},
                             {"bytes_written", n.bytesWritten},
                             {"external_bytes", n.externalBytes},
                             {"reads", reads},
                             {"write", operandJson(n.write, g)},
                             {"kernel", n.kernel},
                             {"line", n.line},
                             {"init_line", n.initLine},
                             {"source_op", n.sourceOp},
                             {"source_line", n.sourceLine},
                             {"flags", {{"non_affine", n.nonAffine}, {"indirect", n.indirect}, {"approx", n.approx}}},
                             {"notes", n.notes}};
        nodes.push_back(std::move(node));
    }
    ordered_json edges = ordered_json::array();
    for (const auto& e : g.edges)
        edges.push_back({{"from", e.from}, {"to", e.to}, {"tensor", g.tensors[e.tensor].name}, {"bytes", e.bytes}});
    const ordered_json doc
        = {{"schema", "solar.einsumgraph/1"}, {"program", g.program}, {"tensors", tensors}, {"nodes", nodes}, {"edges", edges}};
    return doc.dump(2) + "\n";
}

std::string graphToDot(const EinsumGraph& g)
{
    std::string out = "digraph \"" + dotEscape(g.program) + "\" {\n  rankdir=TB;\n  node [shape=box, fontname=\"Helvetica\"];\n";
    std::set<int> produced;
    for (const auto& n : g.nodes)
        produced.insert(n.write.tensor);
    // External inputs as ellipses, so every edge has both ends.
    std::set<int> inputs;
    for (const auto& n : g.nodes) {
        for (const auto& op : n.reads) {
            if (!produced.count(op.tensor))
                inputs.insert(op.tensor);
        }
    }
    for (int t : inputs) {
        const auto& x = g.tensors[t];
        out += "  t" + std::to_string(t) + " [shape=ellipse, label=\"" + dotEscape(x.name) + "\\n" + ir::dtypeName(x.dtype).data()
            + formatShape(x.shape, true) + "\"];\n";
    }
    for (const auto& n : g.nodes) {
        out += "  n" + std::to_string(n.id) + " [label=\"" + dotEscape(n.name) + "\\n" + std::string(nodeKindName(n.kind)) + "  "
            + dotEscape(n.equation) + "\\n" + formatShape(g.tensors[n.write.tensor].shape, true) + "\"];\n";
    }
    for (const auto& n : g.nodes) {
        for (const auto& op : n.reads) {
            if (inputs.count(op.tensor))
                out += "  t" + std::to_string(op.tensor) + " -> n" + std::to_string(n.id) + " [label=\""
                    + formatBytes(op.footprint * g.tensors[op.tensor].bytesPerElement) + "\"];\n";
        }
    }
    for (const auto& e : g.edges) {
        const auto& x = g.tensors[e.tensor];
        out += "  n" + std::to_string(e.from) + " -> n" + std::to_string(e.to) + " [label=\"" + dotEscape(x.name)
            + formatShape(x.shape, true) + "\\n" + formatBytes(e.bytes) + "\"];\n";
    }
    out += "}\n";
    return out;
}

std::string graphToSolarYaml(const EinsumGraph& g)
{
    // connections: producer and consumer layers per node, from the def-use edges.
    std::vector<std::vector<int>> preds(g.nodes.size()), succs(g.nodes.size());
    for (const auto& e : g.edges) {
        preds[e.to].push_back(e.from);
        succs[e.from].push_back(e.to);
    }
    std::string out = "model_name: " + yamlString(g.program) + "\nlayers:\n";
    auto list = [](const std::vector<std::string>& items) {
        std::string s = "[";
        for (size_t i = 0; i < items.size(); ++i)
            s += (i ? ", " : "") + items[i];
        return s + "]";
    };
    for (const auto& n : g.nodes) {
        std::vector<std::string> inNames, inTypes, inShapes, inDtypes;
        std::set<int> seen;
        for (const auto& op : n.reads) {
            if (!seen.insert(op.tensor).second)
                continue;
            const auto& t = g.tensors[op.tensor];
            inNames.push_back(yamlString(t.name));
            inTypes.push_back(solarTensorType(t.role));
            inShapes.push_back(formatShape(t.shape, true));
            inDtypes.push_back(std::string(ir::dtypeName(t.dtype)));
        }
        const auto& o = g.tensors[n.write.tensor];
        std::vector<std::string> in, outs;
        for (int p : preds[n.id])
            in.push_back(yamlString(g.nodes[p].name));
        for (int s : succs[n.id])
            outs.push_back(yamlString(g.nodes[s].name));
        out += "  " + yamlString(n.name) + ":\n";
        out += "    type: " + std::string(nodeKindName(n.kind)) + "\n";
        out += "    einsum_equation: " + yamlString(n.equation) + "\n";
        out += "    elementwise_op: " + elementwiseOpName(n) + "\n";
        out += "    reduction_op: " + reductionOpName(n) + "\n";
        out += "    is_real_einsum: " + std::string(n.kind == NodeKind::Contraction ? "true" : "false") + "\n";
        out += "    is_einsum_supportable: " + std::string(n.kind == NodeKind::Opaque ? "false" : "true") + "\n";
        out += "    tensor_names: {inputs: " + list(inNames) + ", outputs: [" + yamlString(o.name) + "]}\n";
        out += "    tensor_types: {inputs: " + list(inTypes) + ", outputs: [" + solarTensorType(o.role) + "]}\n";
        out += "    tensor_shapes: {inputs: " + list(inShapes) + ", outputs: [" + formatShape(o.shape, true) + "]}\n";
        out += "    tensor_dtypes: {inputs: " + list(inDtypes) + ", outputs: [" + std::string(ir::dtypeName(o.dtype)) + "]}\n";
        out += "    connections: {inputs: " + list(in) + ", outputs: " + list(outs) + "}\n";
        out += "    taco_expression: " + yamlString(n.write.text + " " + std::string(ir::assignOpText(n.reducer)) + " " + n.combiner)
            + "\n";
    }
    return out;
}

} // namespace solar::graph
