// SPDX-License-Identifier: MIT
#include "engine/graph/einsumgraph.h"

#include <algorithm>
#include <cctype>
#include <optional>
#include <string>

namespace solar::graph {

std::string_view nodeKindName(NodeKind kind)
{
    switch (kind) {
    case NodeKind::Contraction: return "contraction";
    case NodeKind::Reduction: return "reduction";
    case NodeKind::Elementwise: return "elementwise";
    case NodeKind::Scan: return "scan";
    case NodeKind::Gather: return "gather";
    case NodeKind::Scatter: return "scatter";
    case NodeKind::Copy: return "copy";
    case NodeKind::Opaque: return "opaque";
    }
    return "opaque";
}

std::string_view tensorRoleName(TensorRole role)
{
    switch (role) {
    case TensorRole::Input: return "input";
    case TensorRole::Weight: return "weight";
    case TensorRole::Output: return "output";
    case TensorRole::Intermediate: return "intermediate";
    case TensorRole::Constant: return "constant";
    }
    return "intermediate";
}

std::string_view macTypeName(MacType type)
{
    switch (type) {
    case MacType::FP64: return "fp64";
    case MacType::FP32: return "fp32";
    case MacType::BF16: return "bf16";
    case MacType::FP16: return "fp16";
    case MacType::FP8: return "fp8";
    case MacType::INT8: return "int8";
    case MacType::FP4: return "fp4";
    case MacType::Int: return "int";
    case MacType::TF32: return "tf32";
    }
    return "fp32";
}

void mergeFootprint(const Operand& op, std::vector<std::pair<int, double>>& footprints)
{
    for (auto& entry : footprints) {
        if (entry.first == op.tensor) {
            entry.second = std::max(entry.second, op.footprint);
            return;
        }
    }
    footprints.emplace_back(op.tensor, op.footprint);
}

namespace {

bool disjoint(const Operand& a, const Operand& b)
{
    if (a.box.empty() || a.box.size() != b.box.size())
        return false;
    for (size_t d = 0; d < a.box.size(); ++d)
        if (a.box[d].second < b.box[d].first || b.box[d].second < a.box[d].first)
            return true;
    return false;
}

} // namespace

// A lower bound on the distinct elements all of `ops` (accesses of one tensor) touch together: the largest first,
// then every access whose box is disjoint from each one taken (they touch other elements, so their footprints add).
// The sum of pairwise-disjoint accesses never exceeds the union, and is at least the largest footprint.
double disjointFootprint(std::vector<const Operand*>& ops)
{
    std::stable_sort(ops.begin(), ops.end(), [](const Operand* a, const Operand* b) { return a->footprint > b->footprint; });
    constexpr size_t kConsidered = 256; // beyond this many accesses of one tensor, the rest only cost time
    std::vector<const Operand*> taken;
    double total = 0;
    for (size_t i = 0; i < ops.size() && i < kConsidered; ++i) {
        if (std::all_of(taken.begin(), taken.end(), [&](const Operand* t) { return disjoint(*t, *ops[i]); })) {
            taken.push_back(ops[i]);
            total += ops[i]->footprint;
        }
    }
    return total;
}

void mergeFootprints(const std::vector<Operand>& operands, std::vector<std::pair<int, double>>& footprints)
{
    // Per tensor the largest footprint (accesses may overlap), unless every access of it is disjoint from every
    // other: then they touch different elements and add up.
    for (size_t i = 0; i < operands.size(); ++i) {
        const Operand& op = operands[i];
        bool first = true;
        for (size_t j = 0; j < i; ++j)
            first = first && operands[j].tensor != op.tensor;
        if (!first)
            continue; // the tensor was merged at its first access
        bool allDisjoint = true; // every pair of its accesses
        for (size_t j = i; j < operands.size() && allDisjoint; ++j)
            for (size_t k = j + 1; k < operands.size() && allDisjoint; ++k)
                if (operands[j].tensor == op.tensor && operands[k].tensor == op.tensor)
                    allDisjoint = disjoint(operands[j], operands[k]);
        double total = 0;
        for (size_t j = i; j < operands.size(); ++j)
            if (operands[j].tensor == op.tensor)
                total = allDisjoint ? total + operands[j].footprint : std::max(total, operands[j].footprint);
        // Merged with what the caller has for the tensor already (another node of the same kernel): the larger.
        Operand merged = op;
        merged.footprint = total;
        mergeFootprint(merged, footprints);
    }
}

namespace {

// Whether `node` maps the elements of `tensor` one to one onto its output's (a cast, a copy, a unary op over the
// whole tensor: every point reads a distinct element and writes a distinct one), reading nothing else but scalars.
bool pointwiseFrom(const EinsumGraph& g, const Node& node, int tensor)
{
    if ((node.kind != NodeKind::Elementwise && node.kind != NodeKind::Copy) || node.view || !node.pointsExact || !node.write.footprintExact
        || node.write.footprint != node.points)
        return false;
    int reads = 0;
    for (const Operand& op : node.reads) {
        if (op.tensor == tensor) {
            if (!op.footprintExact || op.footprint != node.points)
                return false;
            ++reads;
        } else if (g.tensors[op.tensor].elements > 1) {
            return false;
        }
    }
    return reads == 1 && g.tensors[node.write.tensor].role == TensorRole::Intermediate
        && g.tensors[node.write.tensor].elements == g.tensors[tensor].elements;
}

// Per tensor, the accesses that read it (view nodes aside), with their node: built once, so the pass stays linear in
// the graph's operands (it runs at every lifting; an LLM's graph has thousands of nodes and weights).
using Readers = std::vector<std::vector<std::pair<const Node*, const Operand*>>>;

Readers readersOf(const EinsumGraph& g)
{
    Readers out(g.tensors.size());
    for (const Node& node : g.nodes)
        if (!node.view)
            for (const Operand& op : node.reads)
                out[static_cast<size_t>(op.tensor)].push_back({&node, &op});
    return out;
}

// The elements of intermediate `tensor` its readers need, where every reader gathers from it (through pointwise
// readers, what their outputs' gathers need): the disjoint sum, or the largest, of the gathers' footprints, a lower
// bound on their union. Nullopt where some reader reads it by affine indices: slices of a converted tensor (the even
// and odd halves of rotary frequencies) overlap in their boxes, so their union would be undercounted; the
// conversion's full read stands there.
std::optional<double> readDemand(const EinsumGraph& g, const Readers& readers, int tensor, int depth)
{
    std::vector<const Operand*> reads;
    double through = 0;
    for (const auto& [node, op] : readers[static_cast<size_t>(tensor)]) {
        if (depth < 4 && pointwiseFrom(g, *node, tensor)) {
            const auto inner = readDemand(g, readers, node->write.tensor, depth + 1);
            if (!inner)
                return std::nullopt;
            through = std::max(through, *inner);
        } else if (op->cls == ir::AccessClass::Indirect) {
            reads.push_back(op);
        } else {
            return std::nullopt;
        }
    }
    return std::max(through, disjointFootprint(reads));
}

// What a gather through a constant list of distinct rows (a request's pages) needs of its source: the elements of its
// output that are read, where one access reads that output, exactly (a slice to the request's tokens): each output
// element is one source element. Nullopt where that does not hold.
std::optional<double> gatheredDemand(const EinsumGraph& g, const Readers& readers, const Node& node, const Operand& op)
{
    if (node.kind != NodeKind::Gather || op.cls != ir::AccessClass::Indirect || !op.footprintExact || op.footprint != node.points
        || !node.write.footprintExact || node.write.footprint != node.points
        || g.tensors[node.write.tensor].role != TensorRole::Intermediate)
        return std::nullopt;
    const auto& out = readers[static_cast<size_t>(node.write.tensor)];
    if (out.size() != 1 || !out.front().second->footprintExact)
        return std::nullopt;
    return std::min(op.footprint, out.front().second->footprint);
}

} // namespace

void demandThroughPointwise(EinsumGraph& g)
{
    const Readers readers = readersOf(g);
    for (size_t t = 0; t < g.tensors.size(); ++t) {
        const GraphTensor& x = g.tensors[t];
        const auto& direct = readers[t];
        if ((x.role != TensorRole::Input && x.role != TensorRole::Weight && x.role != TensorRole::Constant) || direct.empty())
            continue;
        bool applies = true;
        double converted = 0; // through element-by-element conversions: the largest need
        std::vector<Operand> gathered; // through gathers of constant page lists: each one's need, with its box
        for (size_t i = 0; i < direct.size() && applies; ++i) {
            const auto& [node, op] = direct[i];
            const bool once = std::count_if(direct.begin(), direct.end(), [&](const auto& r) { return r.first == node; }) == 1;
            if (node->write.tensor == static_cast<int>(t) || !once) {
                applies = false;
            } else if (pointwiseFrom(g, *node, static_cast<int>(t))) {
                const auto needed = readDemand(g, readers, node->write.tensor, 1);
                applies = needed.has_value();
                converted = std::max(converted, needed.value_or(0));
            } else if (const auto needed = gatheredDemand(g, readers, *node, *op)) {
                gathered.push_back(*op);
                gathered.back().footprint = *needed;
            } else {
                applies = false;
            }
        }
        if (!applies)
            continue;
        std::vector<const Operand*> parts;
        for (const Operand& o : gathered)
            parts.push_back(&o);
        const double demand = std::max(converted, disjointFootprint(parts));
        if (!(demand < g.externalFootprint[t]))
            continue;
        g.notes.push_back({Severity::Note,
                           {},
                           {x.line, 1},
                           "lift.demand",
                           x.name + ": " + std::to_string(static_cast<long long>(demand)) + " of its "
                               + std::to_string(static_cast<long long>(g.externalFootprint[t]))
                               + " elements are needed at the fused levels: the program converts or gathers more of it than it "
                                 "reads (a fused kernel moves what it reads)"});
        g.externalFootprint[t] = demand;
    }
}

void countExternalTraffic(EinsumGraph& g)
{
    for (const Node& node : g.nodes) {
        if (!node.view)
            continue;
        for (const auto& op : node.reads) {
            if (g.tensors[op.tensor].role == TensorRole::Intermediate)
                g.tensors[op.tensor].role = TensorRole::Output;
        }
    }
    // Whole-graph footprints: the accesses of every node together, disjoint regions adding up (the layers of a
    // stacked KV cache each read by their own layer).
    std::vector<std::vector<const Operand*>> accesses(g.tensors.size());
    g.externalFootprint.assign(g.tensors.size(), 0.0); // first the largest of any one node (its own accesses merged)
    std::vector<std::pair<int, double>> footprint;
    for (Node& node : g.nodes) {
        node.externalBytes = 0;
        if (node.view)
            continue;
        footprint.clear();
        mergeFootprints(node.reads, footprint);
        for (const auto& [t, fp] : footprint) {
            g.externalFootprint[t] = std::max(g.externalFootprint[t], fp);
            if (g.tensors[t].isExternal())
                node.externalBytes += fp * g.tensors[t].bytesPerElement;
        }
        for (const Operand& op : node.reads)
            accesses[op.tensor].push_back(&op);
        const int w = node.write.tensor;
        accesses[w].push_back(&node.write);
        g.externalFootprint[w] = std::max(g.externalFootprint[w], node.write.footprint);
        if (g.tensors[w].isExternal())
            node.externalBytes += node.write.footprint * g.tensors[w].bytesPerElement;
    }
    for (size_t t = 0; t < g.tensors.size(); ++t)
        g.externalFootprint[t] = std::max(g.externalFootprint[t], disjointFootprint(accesses[t]));
    demandThroughPointwise(g);
}

const GraphTensor* EinsumGraph::tensor(const std::string& name) const
{
    for (const auto& t : tensors) {
        if (t.name == name)
            return &t;
    }
    return nullptr;
}

bool namesConvolution(std::string_view op)
{
    std::string lower(op);
    std::transform(lower.begin(), lower.end(), lower.begin(), [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
    for (size_t at = lower.find("conv"); at != std::string::npos; at = lower.find("conv", at + 4)) {
        const bool wordStart = at == 0 || !std::isalpha(static_cast<unsigned char>(lower[at - 1]));
        const std::string_view rest = std::string_view(lower).substr(at + 4);
        // conv, conv1d/2d/3d, conv_transpose, conv_general_dilated, convolution; not convert_element_type.
        const bool convWord = rest.empty() || !std::isalpha(static_cast<unsigned char>(rest[0])) || rest.rfind("olution", 0) == 0;
        if (wordStart && convWord)
            return true;
    }
    return false;
}

int mergeUnattributedKernels(EinsumGraph& graph)
{
    int group = -1;
    int count = 0;
    for (auto& node : graph.nodes) {
        if (!node.sourceOp.empty() || node.view)
            continue;
        if (group < 0)
            group = node.kernel;
        node.kernel = group;
        ++count;
    }
    if (count > 1)
        graph.notes.push_back({Severity::Note,
                               {},
                               {},
                               "lift.unattributed",
                               std::to_string(count)
                                   + " statements name no source operation (@op): the per-kernel levels run them as one kernel, "
                                     "the most merged grouping, so those levels stay lower bounds however the statements are split"});
    return count;
}

} // namespace solar::graph
