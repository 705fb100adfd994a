// SPDX-License-Identifier: MIT
#include "engine/graph/lifting.h"

#include "engine/graph/domaincount.h"
#include "engine/graph/exprwalk.h"
#include "engine/graph/footprint.h"
#include "engine/graph/opcounter.h"
#include "engine/ir/builtins.h"
#include "engine/ir/checker.h"
#include "engine/ir/intexpr.h"
#include "engine/ir/printer.h"

#include <algorithm>
#include <cctype>
#include <cmath>
#include <map>
#include <set>
#include <thread>
#include <unordered_map>

namespace solar::graph {

namespace {

// Builds one node from one assignment. It only reads shared state, so several builders can run in parallel;
// everything that depends on other nodes (edges, whole-graph footprints, graph notes) is linked afterwards.
class NodeBuilder
{
public:
    NodeBuilder(const ir::Program& p, const ir::SizeBindings& s, const std::vector<GraphTensor>& tensors,
                const std::unordered_map<std::string, int>& tensorIndex)
        : m_program(p)
        , m_sizes(s)
        , m_tensors(tensors)
        , m_tensorIndex(tensorIndex)
        , m_scope(s)
    {
        // Constant index arrays (a workload's page list) let a gather count the rows it names.
        for (const auto& d : p.decls)
            if (d.kind == ir::DeclKind::Tensor && d.tensorKind == ir::TensorKind::Const && !d.init.empty())
                m_constData[d.name] = &d.init;
        m_scope.setConstValues([this](const std::string& name) -> const std::vector<double>* {
            const auto it = m_constData.find(name);
            return it == m_constData.end() ? nullptr : it->second;
        });
    }

public:
    // SOLAR-style rank labels, chosen per node (as SOLAR's equations are): a loop variable gets its own
    // initial in capitals when that is still free in this node, else the first free letter (then A0, B0, ...).
    // Compound ranks for sliding windows are written without coefficients, as SOLAR does: (P+R).
    std::string label(std::string_view var)
    {
        std::string candidate(1, static_cast<char>(std::toupper(static_cast<unsigned char>(var[0]))));
        auto used = [&](const std::string& l) { return std::find(m_usedLabels.begin(), m_usedLabels.end(), l) != m_usedLabels.end(); };
        if (!std::isupper(static_cast<unsigned char>(candidate[0])) || used(candidate)) {
            candidate.clear();
            for (int suffix = -1; candidate.empty(); ++suffix) {
                for (char c = 'A'; c <= 'Z'; ++c) {
                    const std::string l = std::string(1, c) + (suffix < 0 ? "" : std::to_string(suffix));
                    if (!used(l)) {
                        candidate = l;
                        break;
                    }
                }
            }
        }
        m_usedLabels.push_back(candidate);
        return candidate;
    }

    // Whether the terms of an index overlap (a sliding window) rather than form a mixed-radix number: sorted by
    // coefficient, each term's step must exceed everything the smaller terms can span for the index to be a
    // reshape. Unknown trip counts count as overlapping (the safe, convolution-like reading).
    static bool overlapping(const ir::AffineForm& form, const FootprintScope& scope)
    {
        if (!scope.rectangular())
            return true; // trip counts are only known for a box
        std::vector<std::pair<std::int64_t, double>> terms; // |coefficient|, trip count
        for (const auto& t : form.terms)
            terms.emplace_back(t.second < 0 ? -t.second : t.second, scope.tripCount(t.first));
        std::sort(terms.begin(), terms.end());
        double span = 0; // the largest value the smaller terms reach
        for (const auto& [coefficient, trips] : terms) {
            if (!(trips >= 1) || !std::isfinite(trips))
                return true;
            if (span > 0 && static_cast<double>(coefficient) <= span)
                return true;
            span += static_cast<double>(coefficient) * (trips - 1);
        }
        return false;
    }

    using Forms = std::vector<std::optional<ir::AffineForm>>;

    static void formsOf(const ir::Expr& access, const ir::NameResolver& resolve, Forms& forms)
    {
        forms.clear();
        for (const auto& idx : access.args)
            forms.push_back(ir::toAffine(idx, resolve));
    }

    std::string& slotLabel(size_t slot, const std::vector<LoopSpec>& loops)
    {
        std::string& l = m_slotLabels[slot];
        if (l.empty())
            l = label(loops[slot].var);
        return l;
    }

    // An index that is not affine (a gather's I[b], a quasi-affine i % 4) is written out in braces with its loop
    // variables replaced by their labels, "{I[B,S]}", "{(H*2+1)%W}": readable and exact where a SOLAR rank
    // letter cannot be.
    std::string nonAffineRank(const ir::Expr& index, const std::vector<LoopSpec>& loops)
    {
        const std::string text = ir::printExpr(index);
        std::string out = "{";
        for (size_t i = 0; i < text.size();) {
            const unsigned char c = static_cast<unsigned char>(text[i]);
            if (std::isalpha(c) || c == '_') {
                size_t j = i;
                while (j < text.size() && (std::isalnum(static_cast<unsigned char>(text[j])) || text[j] == '_'))
                    ++j;
                const std::string_view word(text.data() + i, j - i);
                size_t slot = loops.size();
                for (size_t k = 0; k < loops.size(); ++k)
                    if (loops[k].var == word)
                        slot = k;
                out += slot < loops.size() ? slotLabel(slot, loops) : std::string(word);
                i = j;
            } else {
                if (c != ' ')
                    out += text[i];
                ++i;
            }
        }
        return out + "}";
    }

    std::string ranksOf(const Forms& forms, const std::vector<LoopSpec>& loops, const ir::Expr& access)
    {
        if (m_slotLabels.size() < loops.size())
            m_slotLabels.resize(loops.size());
        std::string ranks;
        for (size_t d = 0; d < forms.size(); ++d) {
            const auto& f = forms[d];
            if (!f) {
                ranks += nonAffineRank(access.args[d], loops);
                continue;
            }
            std::string r;
            for (const auto& [slot, c] : f->terms) {
                const std::string& l = slotLabel(static_cast<size_t>(slot), loops);
                r += r.empty() ? l : "+" + l;
            }
            ranks += f->terms.size() > 1 ? "(" + r + ")" : r;
        }
        return ranks;
    }

    Operand makeOperand(const ir::Expr& access, const AssignCtx& a, const FootprintScope& scope, Node& node)
    {
        Operand op;
        op.tensor = m_tensorIndex.at(access.name);
        op.text = ir::printExpr(access);
        Forms& forms = m_forms;
        formsOf(access, scope.resolver(), forms);
        op.ranks = ranksOf(forms, a.loops, access);
        unsigned classes = 0;
        for (size_t d = 0; d < forms.size(); ++d) {
            if (!forms[d])
                classes |= 1u << static_cast<unsigned>(ir::classifyIndex(access.args[d], scope.resolver()));
        }
        for (ir::AccessClass c : {ir::AccessClass::QuasiAffine, ir::AccessClass::NonAffine, ir::AccessClass::Indirect}) {
            if (classes & (1u << static_cast<unsigned>(c)))
                op.cls = c; // the last present wins: indirect over non-affine over quasi-affine
        }
        if (scope.rectangular()) {
            for (size_t d = 0; d < forms.size(); ++d) {
                const auto& f = forms[d];
                if (!f) {
                    // A gather through a constant index array spans the rows it names (disjoint page lists add up).
                    if (const auto g = scope.gatheredRows(access.args[d], m_tensors[op.tensor].shape[d]); g && g->rows > 0) {
                        op.box.emplace_back(g->lo, g->hi);
                        continue;
                    }
                    op.box.clear();
                    break;
                }
                std::int64_t lo = f->constant, hi = f->constant;
                bool bounded = true;
                for (const auto& [slot, c] : f->terms) {
                    const ir::Interval& r = scope.range(slot);
                    bounded = bounded && r.bounded() && !r.empty();
                    lo += c > 0 ? c * r.lo : c * r.hi;
                    hi += c > 0 ? c * r.hi : c * r.lo;
                }
                if (!bounded) {
                    op.box.clear();
                    break;
                }
                op.box.emplace_back(lo, hi);
            }
        }
        const Footprint fp = scope.footprint(access, forms, m_tensors[op.tensor].shape);
        op.footprint = fp.elements;
        op.footprintExact = fp.exact;
        if (!fp.exact) {
            node.approx = true;
            note(node, "footprint of " + op.text + ": " + fp.note);
        }
        return op;
    }

    static void note(Node& node, std::string text) { node.notes.push_back(std::move(text)); }

    // An @op block is one kernel per iteration of the loops around it (as the trace route runs one ATen op per step
    // of a Python loop): the launches are the points of the enclosing loops and guards, counted exactly or taken as
    // 1. An access that does not depend on those loops — nor do the block's own loops and guards — touches its
    // whole footprint at every launch (an RNN's weights, read at every step); any other access counts its
    // footprint once over all launches, a lower bound on what they move together.
    void countLaunches(const AssignCtx& a, const std::vector<const ir::Expr*>& reads, Node& node)
    {
        size_t outer = 0;
        while (a.stmt->opBlock > 0 && outer < a.loops.size() && a.loops[outer].outsideBlock)
            ++outer;
        if (outer == 0)
            return;
        const std::vector<LoopSpec> loops(a.loops.begin(), a.loops.begin() + static_cast<std::ptrdiff_t>(outer));
        std::vector<GuardSpec> guards;
        for (const GuardSpec& g : a.guards)
            if (g.outsideBlock)
                guards.push_back(g);
        const DomainCount launches = countDomain(loops, guards, m_sizes);
        if (!launches.exact || launches.points <= 1)
            return;
        node.launches = launches.points;
        auto dependsOnOuter = [&](const ir::Expr& e) { return usesLoopVar(e, loops); };
        for (size_t i = outer; i < a.loops.size(); ++i)
            if (dependsOnOuter(*a.loops[i].lo) || dependsOnOuter(*a.loops[i].hi))
                return;
        for (const GuardSpec& g : a.guards)
            if (!g.outsideBlock && dependsOnOuter(*g.cond))
                return;
        for (size_t i = 0; i < reads.size() && i < node.reads.size(); ++i) {
            bool fixed = !dependsOnOuter(*reads[i]);
            if (i < m_paths.size())
                for (const GuardSpec& g : m_paths[i])
                    fixed = fixed && !dependsOnOuter(*g.cond);
            if (fixed)
                node.reads[i].launches = node.launches;
        }
        if (!dependsOnOuter(a.stmt->target))
            node.write.launches = node.launches;
    }

    void build(const AssignCtx& a, int id, Node& node)
    {
        const ir::Stmt& s = *a.stmt;
        node.id = id;
        node.kernel = node.id; // run() gives the nodes of one @op block one kernel
        node.line = s.loc.line;
        if (s.opBlock > 0 && s.opBlock <= static_cast<int>(m_program.ops.size())) {
            const ir::OpAnnotation& op = m_program.ops[static_cast<size_t>(s.opBlock - 1)];
            node.sourceOp = op.label;
            node.sourceLine = op.sourceLine;
        }
        node.assignId = a.assignId;
        node.name = s.target.name + "@" + std::to_string(s.loc.line);
        node.combiner = ir::printExpr(s.value);
        node.reducer = s.op;
        if (a.init) {
            node.hasInit = true;
            node.initValue = ir::printExpr(a.init->stmt->value);
            node.initLine = a.init->stmt->loc.line;
        }

        m_slotLabels.assign(a.loops.size(), std::string());
        m_usedLabels.clear();
        // Domain: a guard-free box is the product of its trip counts; anything else is counted exactly.
        m_scope.reset(a.loops, a.guards);
        const FootprintScope& scope = m_scope;
        DomainCount dc;
        if (a.guards.empty() && scope.rectangular()) {
            dc.points = 1;
            for (size_t i = 0; i < a.loops.size(); ++i)
                dc.points *= scope.tripCount(static_cast<int>(i));
        } else {
            dc = countDomain(a.loops, a.guards, m_sizes);
        }
        node.points = dc.points;
        node.pointsExact = dc.exact;
        m_scope.setDomainPoints(dc.points, dc.exact);
        if (!dc.exact) {
            node.approx = true;
            note(node, "iteration count: " + dc.note);
        }

        // Variables of the target versus the domain.
        node.outputRanks.reserve(a.loops.size());
        for (const auto& l : a.loops) {
            const bool inTarget
                = std::any_of(s.target.args.begin(), s.target.args.end(), [&](const ir::Expr& idx) { return mentions(idx, l.var); });
            (inTarget ? node.outputRanks : node.reducedRanks).emplace_back(l.var);
        }

        // Operands: every tensor read in the value and in the target's indices; an accumulation without a merged
        // initialiser also reads its target.
        std::vector<const ir::Expr*>& reads = m_readExprs;
        reads.clear();
        m_paths.clear();
        std::vector<GuardSpec> path;
        collectReads(s.value, path, reads, m_paths);
        for (const auto& idx : s.target.args)
            collectAccesses(idx, reads); // the target's index reads run at every point: no path
        for (size_t i = 0; i < reads.size(); ++i) {
            if (i < m_paths.size() && !m_paths[i].empty()) {
                std::vector<GuardSpec> guards = a.guards;
                guards.insert(guards.end(), m_paths[i].begin(), m_paths[i].end());
                const FootprintScope branch(a.loops, guards, m_sizes);
                node.reads.push_back(makeOperand(*reads[i], a, branch, node));
            } else {
                node.reads.push_back(makeOperand(*reads[i], a, scope, node));
            }
        }
        node.write = makeOperand(s.target, a, scope, node);
        countLaunches(a, reads, node);
        const bool readsTarget = s.op != ir::AssignOp::Set && !a.init;
        if (readsTarget)
            node.reads.push_back(node.write);

        // Classification.
        bool nonAffine = node.write.cls == ir::AccessClass::NonAffine;
        bool indirectRead = false;
        bool recurrence = false;
        for (const ir::Expr* r : reads) {
            if (r->name == s.target.name)
                recurrence = true;
        }
        for (const auto& op : node.reads) {
            nonAffine = nonAffine || op.cls == ir::AccessClass::NonAffine;
            indirectRead = indirectRead || op.cls == ir::AccessClass::Indirect;
        }
        std::vector<const ir::Expr*>& fs = m_factors;
        fs.clear();
        factors(s.value, fs);
        std::vector<const ir::Expr*> tensorFactors;
        bool plainProduct = true;
        int gatheredFactors = 0; // factors read through an index that reads a tensor (an expert's weights by route)
        for (const ir::Expr* f : fs) {
            const ir::Expr* inner = unwrapCast(*f);
            if (inner->kind == ir::ExprKind::Access) {
                tensorFactors.push_back(inner);
                gatheredFactors += std::any_of(inner->args.begin(), inner->args.end(), [](const ir::Expr& i) { return readsTensor(i); });
            } else if (!isConstant(*f, a.loops)) {
                plainProduct = false;
            }
        }
        const bool product = s.op == ir::AssignOp::Add && plainProduct && tensorFactors.size() == 2 && fs.size() >= 2;
        const ir::Expr* single = unwrapCast(s.value);
        if (nonAffine) {
            node.kind = NodeKind::Opaque;
            node.nonAffine = true;
            note(node, "non-affine index: counted as written, but lifting cannot reason about its reuse");
        } else if (node.write.cls == ir::AccessClass::Indirect) {
            node.kind = NodeKind::Scatter;
            node.indirect = true;
        } else if (indirectRead && product && gatheredFactors > 0) {
            // A product one of whose factors is gathered (a grouped GEMM's rows times their group's matrix): every
            // multiply-add is a MAC at the operands' rate; its footprints stay lower estimates (gathered rows).
            node.kind = NodeKind::Contraction;
            node.indirect = true;
        } else if (indirectRead) {
            node.kind = NodeKind::Gather;
            node.indirect = true;
        } else if (recurrence && s.op == ir::AssignOp::Set) {
            node.kind = NodeKind::Scan;
        } else if (product && gatheredFactors == 0) {
            node.kind = NodeKind::Contraction;
        } else if (s.op != ir::AssignOp::Set && !node.reducedRanks.empty()) {
            node.kind = NodeKind::Reduction;
        } else if (s.op == ir::AssignOp::Set && single->kind == ir::ExprKind::Access) {
            node.kind = NodeKind::Copy;
        } else {
            node.kind = NodeKind::Elementwise;
        }

        // Counts.
        if (node.kind == NodeKind::Contraction) {
            node.macs = node.points;
            const MacType ta = macTypeOf(m_tensors[m_tensorIndex.at(tensorFactors[0]->name)].dtype);
            const MacType tb = macTypeOf(m_tensors[m_tensorIndex.at(tensorFactors[1]->name)].dtype);
            node.macType = speedRank(ta) >= speedRank(tb) ? ta : tb;
            // A sliding window on any operand, the output included (transposed convolution), marks a convolution.
            // An index of several loop variables is a window only when their ranges overlap: h * hs + d with d in
            // [0, hs) is a flattened (mixed-radix) index, a reshape, whatever spelling the program chose.
            std::vector<const ir::Expr*> operands = tensorFactors;
            operands.push_back(&s.target);
            for (const ir::Expr* f : operands) {
                formsOf(*f, scope.resolver(), m_forms);
                for (const auto& form : m_forms)
                    node.convLike = node.convLike || (form && form->terms.size() > 1 && overlapping(*form, scope));
            }
            if (tensorFactors[0]->name == tensorFactors[1]->name) {
                formsOf(*tensorFactors[0], scope.resolver(), m_forms);
                const Forms first = m_forms;
                formsOf(*tensorFactors[1], scope.resolver(), m_forms);
                // X[i, k] * X[j, k]: the result is symmetric in (i, j) when, position by position, the two reads
                // index alike or each by its own output variable; A[i, k] * A[k, j] (A squared) is not.
                auto outputVar = [&](const ir::AffineForm& f) {
                    if (f.terms.size() != 1 || f.terms[0].second != 1 || f.constant != 0)
                        return false;
                    const std::string_view var = a.loops[static_cast<size_t>(f.terms[0].first)].var;
                    return std::find(node.reducedRanks.begin(), node.reducedRanks.end(), var) == node.reducedRanks.end();
                };
                bool same = first.size() == m_forms.size(), swapped = false;
                for (size_t d = 0; same && d < first.size(); ++d) {
                    same = first[d] && m_forms[d];
                    if (!same || (first[d]->terms == m_forms[d]->terms && first[d]->constant == m_forms[d]->constant))
                        continue;
                    same = outputVar(*first[d]) && outputVar(*m_forms[d]);
                    swapped = true;
                }
                node.symmetricProduct = same && swapped;
            }
            contractionShape(node, tensorFactors, s.target, a, scope);
        } else if (node.kind != NodeKind::Copy) {
            double transcendental = 0;
            OpCounter counter(a.loops, scope, a.guards, node.points);
            node.otherOps = counter.count(s.value, transcendental);
            if (s.op != ir::AssignOp::Set)
                node.otherOps += node.points; // the accumulation itself, once per point
            node.transcendentalOps = transcendental;
        }

        // Bytes: per tensor, the largest footprint among this node's accesses to it.
        std::vector<std::pair<int, double>>& readFootprint = m_readFootprint; // per tensor, in order of first read
        readFootprint.clear();
        mergeFootprints(node.reads, readFootprint);
        for (const auto& [t, fp] : readFootprint)
            node.bytesRead += fp * m_tensors[t].bytesPerElement;
        node.bytesWritten = node.write.footprint * m_tensors[node.write.tensor].bytesPerElement;

        // SOLAR-compatible equation: distinct input tensors in order of appearance, then the output.
        std::string eq;
        for (size_t i = 0; i < node.reads.size(); ++i) {
            const auto& op = node.reads[i];
            const bool repeated = std::any_of(node.reads.begin(), node.reads.begin() + static_cast<std::ptrdiff_t>(i),
                                              [&](const Operand& o) { return o.tensor == op.tensor; });
            if (repeated)
                continue;
            if (!eq.empty())
                eq += ',';
            eq += op.ranks;
        }
        eq += "->";
        eq += node.write.ranks;
        node.equation = eq;
    }

    // For the cache-aware bound: batch/M/N/K of a plain contraction over a full rectangular domain, where every
    // operand index is a single loop variable.
    void contractionShape(Node& node, const std::vector<const ir::Expr*>& tensorFactors, const ir::Expr& target, const AssignCtx& a,
                          const FootprintScope& scope)
    {
        if (!a.guards.empty() || !node.pointsExact || !scope.rectangular())
            return;
        const ir::NameResolver& resolve = scope.resolver();
        if (a.loops.size() > 64)
            return;
        // Each index a loop variable, or several flattened without overlap (QKV[b, i, C + h * hs + d]): the same
        // matrix product whatever the spelling.
        auto varsOf = [&](const ir::Expr& access, std::uint64_t& vars) {
            for (const auto& idx : access.args) {
                const auto f = ir::toAffine(idx, resolve);
                if (!f || f->terms.empty() || (f->terms.size() == 1 ? f->terms[0].second != 1 : overlapping(*f, scope)))
                    return false;
                for (const auto& t : f->terms) {
                    if (vars & (std::uint64_t(1) << t.first))
                        return false; // one variable in two indices (a diagonal): not a plain product
                    vars |= std::uint64_t(1) << t.first;
                }
            }
            return true;
        };
        std::uint64_t va = 0, vb = 0, vo = 0;
        if (!varsOf(*tensorFactors[0], va) || !varsOf(*tensorFactors[1], vb) || !varsOf(target, vo))
            return;
        double batch = 1, m = 1, n = 1, k = 1;
        for (size_t slot = 0; slot < a.loops.size(); ++slot) {
            const int s = static_cast<int>(slot);
            const double size = scope.tripCount(s);
            const std::uint64_t bit = std::uint64_t(1) << s;
            const bool inA = va & bit, inB = vb & bit, inO = vo & bit;
            if (inA && inB && inO)
                batch *= size;
            else if (inA && inO)
                m *= size;
            else if (inB && inO)
                n *= size;
            else if (inA && inB)
                k *= size;
            else
                return; // a variable that only one side uses: not a matrix product
        }
        if (batch * m * n * k != node.points)
            return;
        node.contractionBatch = batch;
        node.contractionM = m;
        node.contractionN = n;
        node.contractionK = k;
    }

    const ir::Program& m_program;
    const ir::SizeBindings& m_sizes;
    const std::vector<GraphTensor>& m_tensors;
    const std::unordered_map<std::string, int>& m_tensorIndex;
    std::unordered_map<std::string, const std::vector<double>*> m_constData;
    FootprintScope m_scope; // reused for every statement, as are the scratch vectors below
    Forms m_forms;
    std::vector<const ir::Expr*> m_readExprs, m_factors;
    std::vector<std::vector<GuardSpec>> m_paths; // per read in m_readExprs: the conditionals it sits in
    std::vector<std::pair<int, double>> m_readFootprint;
    std::vector<std::string> m_slotLabels; // this node's labels by loop slot
    std::vector<std::string> m_usedLabels;
};

class Lifter
{
public:
    Lifter(const ir::Program& p, const ir::SizeBindings& s)
        : m_program(p)
        , m_sizes(s)
    { }

    EinsumGraph run()
    {
        m_graph.program = m_program.name;
        for (const auto& d : m_program.decls) {
            if (d.kind != ir::DeclKind::Tensor)
                continue;
            GraphTensor t;
            t.name = d.name;
            t.dtype = d.dtype;
            t.shape = m_sizes.shapes.at(d.name);
            t.elements = 1;
            for (auto n : t.shape)
                t.elements *= static_cast<double>(n);
            t.bytesPerElement = ir::dtypeStorageBits(d.dtype) / 8.0;
            t.line = d.loc.line;
            switch (d.tensorKind) {
            case ir::TensorKind::In: t.role = TensorRole::Input; break;
            case ir::TensorKind::Weight: t.role = TensorRole::Weight; break;
            case ir::TensorKind::Out: t.role = TensorRole::Output; break;
            case ir::TensorKind::Tmp: t.role = TensorRole::Intermediate; break;
            case ir::TensorKind::Const: t.role = TensorRole::Constant; break;
            }
            m_tensorIndex[d.name] = static_cast<int>(m_graph.tensors.size());
            m_graph.tensors.push_back(std::move(t));
        }

        AssignCtx root;
        collectAssigns(m_program.body, root, m_assigns);
        mergeInitialisers();
        std::vector<const AssignCtx*> work;
        for (const auto& a : m_assigns) {
            if (!a.merged)
                work.push_back(&a);
        }
        m_graph.nodes.resize(work.size());
        buildNodes(work);
        // Kernel ids past the node ids: one per @op block.
        for (size_t i = 0; i < work.size(); ++i) {
            if (work[i]->stmt->opBlock > 0)
                m_graph.nodes[i].kernel = static_cast<int>(work.size()) + work[i]->stmt->opBlock - 1;
        }
        linkNodes();
        return std::move(m_graph);
    }

private:
    // Nodes are independent given the tensors: large programs are built on two threads.
    void buildNodes(const std::vector<const AssignCtx*>& work)
    {
        auto range = [&](size_t begin, size_t end) {
            NodeBuilder builder(m_program, m_sizes, m_graph.tensors, m_tensorIndex);
            for (size_t i = begin; i < end; ++i)
                builder.build(*work[i], static_cast<int>(i), m_graph.nodes[i]);
        };
        const bool parallel = work.size() >= 1024 && std::thread::hardware_concurrency() >= 2;
        if (!parallel) {
            range(0, work.size());
            return;
        }
        const size_t half = work.size() / 2;
        std::thread helper(range, size_t(0), half);
        range(half, work.size());
        helper.join();
    }

    // What depends on program order: def-use edges, whole-graph footprints, graph notes.
    void linkNodes()
    {
        countExternalTraffic(m_graph);
        std::vector<int> lastWriter(m_graph.tensors.size(), -1);
        std::vector<std::pair<int, double>> readFootprint;
        for (const Node& node : m_graph.nodes) {
            readFootprint.clear();
            mergeFootprints(node.reads, readFootprint);
            bool targetRead = false;
            for (const auto& [t, fp] : readFootprint) {
                targetRead = targetRead || t == node.write.tensor;
                if (lastWriter[t] >= 0)
                    m_graph.edges.push_back({lastWriter[t], node.id, t, fp * m_graph.tensors[t].bytesPerElement});
            }
            const int w = node.write.tensor;
            if (lastWriter[w] >= 0 && !targetRead)
                m_graph.edges.push_back({lastWriter[w], node.id, w, 0.0}); // ordering: an overwrite
            lastWriter[w] = node.id;
            for (const auto& text : node.notes)
                m_graph.notes.push_back({Severity::Warning, m_program.file, {node.line, 0}, "lift.approx", node.name + ": " + text});
        }
    }

    // Whether `prefix`'s loops and guards are the outer ones of `full` as domains: the same variables over the same
    // ranges and the same conditions, whether written as one nest or as two (an initialiser in its own loop nest
    // before the accumulation is merged exactly like one written inside it).
    static bool sameLoops(const AssignCtx& prefix, const AssignCtx& full)
    {
        if (prefix.loops.size() > full.loops.size() || prefix.guards.size() > full.guards.size())
            return false;
        for (size_t i = 0; i < prefix.loops.size(); ++i) {
            const LoopSpec &a = prefix.loops[i], &b = full.loops[i];
            if (a.var != b.var || a.step != b.step || !ir::structurallyEqual(*a.lo, *b.lo) || !ir::structurallyEqual(*a.hi, *b.hi))
                return false;
        }
        for (size_t i = 0; i < prefix.guards.size(); ++i) {
            if (prefix.guards[i].negated != full.guards[i].negated || !ir::structurallyEqual(*prefix.guards[i].cond, *full.guards[i].cond))
                return false;
        }
        return true;
    }

    // `T[i] = c;` followed (as the next write of T) by `T[i] op= ...` in the same or a deeper loop nest.
    void mergeInitialisers()
    {
        for (size_t i = 0; i < m_assigns.size(); ++i) {
            AssignCtx& init = m_assigns[i];
            const ir::Stmt& s = *init.stmt;
            if (s.op != ir::AssignOp::Set || !isConstant(s.value, init.loops))
                continue;
            for (size_t j = i + 1; j < m_assigns.size(); ++j) {
                AssignCtx& next = m_assigns[j];
                if (next.stmt->target.name != s.target.name)
                    continue;
                if (next.stmt->op != ir::AssignOp::Set && next.init == nullptr && sameLoops(init, next)
                    && next.stmt->target.args.size() == s.target.args.size()) {
                    bool same = true;
                    for (size_t d = 0; d < s.target.args.size(); ++d)
                        same = same && ir::structurallyEqual(s.target.args[d], next.stmt->target.args[d]);
                    if (same) {
                        init.merged = true;
                        next.init = &init;
                    }
                }
                break; // only the next write of the tensor can absorb the initialiser
            }
        }
    }

    const ir::Program& m_program;
    const ir::SizeBindings& m_sizes;
    EinsumGraph m_graph;
    std::vector<AssignCtx> m_assigns;
    std::unordered_map<std::string, int> m_tensorIndex;
};

} // namespace

Expected<EinsumGraph> liftProgram(const ir::Program& program, const ir::SizeBindings& sizes)
{
    for (const auto& d : program.decls) {
        if (d.kind == ir::DeclKind::Tensor && !sizes.shapes.count(d.name))
            return Expected<EinsumGraph>::failure(
                Diagnostic {Severity::Error, program.file, d.loc, "lift.unbound", "tensor '" + d.name + "' has no bound shape"});
    }
    return Lifter(program, sizes).run();
}

} // namespace solar::graph
