// SPDX-License-Identifier: MIT
#include "engine/parallel/tensorparallel.h"

#include "engine/ir/intexpr.h"
#include "engine/parallel/blockindex.h"
#include "engine/parallel/loopnest.h"
#include "engine/parallel/splitcost.h"

#include <algorithm>
#include <cmath>
#include <functional>
#include <optional>
#include <set>
#include <tuple>

namespace solar::parallel {

namespace {

using ir::BinaryOp;
using ir::Expr;
using ir::ExprKind;
using ir::Stmt;
using ir::StmtKind;

class Splitter
{
public:
    Splitter(const ir::Program& program, const ir::SizeBindings& sizes, int n, std::map<std::string, Placement> hints,
             const SplitSeed& seed)
        : m_sizes(sizes)
        , m_n(n)
        , m_blocks(sizes, n)
        , m_hints(std::move(hints))
        , m_seed(seed)
    {
        for (const auto& [t, dim] : seed.inputs)
            m_state[t] = {Placement::Sharded, dim};
        m_split.devices = n;
        m_split.device = program;
        m_original = program;
        for (const auto& d : program.decls) {
            m_names.insert(d.name);
            if (d.kind == ir::DeclKind::Tensor)
                m_decls[d.name] = d;
        }
        for (const auto& p : program.params)
            m_names.insert(p.name);
        ir::forEachAssign(program.body, [&](const Stmt& s) { m_written.insert(s.target.name); });
    }

    TensorParallelSplit run()
    {
        auto& body = m_split.device.body;
        for (size_t i = 0; i < body.size(); ++i) {
            m_index = static_cast<int>(i);
            Nest nest;
            collectNest(body[i], {}, nest, m_sizes, m_blocks);
            m_wholePoints += pointsOf(nest);
            if (!nest.assigns.empty())
                splitNest(nest, body[i]);
        }
        finish();
        return std::move(m_split);
    }

private:
    bool isExternal(const std::string& t) const { return !m_written.count(t) && !m_results.count(t); }

    // Where a nest would leave its targets if split along `var`; empty with `why` when it cannot be.
    struct Decision
    {
        std::map<std::string, Placement> targets;
        std::map<std::string, int> externalDims; // unplaced inputs and weights stored as slices
        std::map<std::string, Placement> hints; // earlier writes that would have to be placed so (the next pass)
        std::set<std::string> gathers; // split tensors read across the split: all-gathered first (SplitSeed::gatherToFollow)
        std::set<std::string> routed; // of those, read at a data-dependent index: all-to-all (SplitSeed::routedAllToAll)
        double gatheredBytes = 0;
        std::string why;
        bool ok() const { return why.empty(); }
    };

    Decision decide(const Nest& nest, const std::string& var)
    {
        Decision d;
        const LoopVar& lv = nest.vars.at(var);
        if (!lv.plain || lv.extent < m_n || lv.extent % m_n != 0) {
            d.why = "the loop over " + var + " (" + std::to_string(lv.extent) + ") does not divide into " + std::to_string(m_n);
            return d;
        }
        for (const Access& a : nest.accesses) {
            const std::string& t = a.expr->name;
            const auto state = m_state.find(t);
            if (a.target) {
                const auto& enclosing = std::find_if(nest.assigns.begin(), nest.assigns.end(), [&](const Assign& x) {
                                            return x.stmt == a.assign;
                                        })->enclosing;
                Placement p;
                const int dim = m_blocks.blockDim(*a.expr, var, nest.vars);
                if (dim >= 0) {
                    p = {Placement::Sharded, dim};
                } else if (BlockIndex::mentions(*a.expr, var)) {
                    d.why = t + " is written at an index of " + var + " that is not a block of it";
                    return d;
                } else if (enclosing.count(var)) {
                    if (a.assign->op != ir::AssignOp::Add) {
                        d.why = t + " is " + (a.assign->op == ir::AssignOp::Set ? "overwritten" : "reduced by max/min/product") + " across "
                            + var;
                        return d;
                    }
                    p = {Placement::Partial, -1};
                } else {
                    continue; // an initialiser outside the split loop: placed by the statements that reduce into it
                }
                const auto prev = d.targets.find(t);
                if (prev != d.targets.end() && (prev->second.kind != p.kind || prev->second.dim != p.dim)) {
                    d.why = t + " would be both " + placementText(prev->second) + " and " + placementText(p);
                    return d;
                }
                if (state != m_state.end() && (state->second.kind != p.kind || state->second.dim != p.dim)) {
                    // A tensor written in parts (a concatenation: the cached keys, then the new ones) is split only if
                    // every part is: the next pass splits the earlier parts the same way.
                    const auto hinted = m_hints.find(t);
                    const bool fromHint = hinted != m_hints.end();
                    if (p.kind != Placement::Replicated
                        && (fromHint ? hinted->second.kind != p.kind || hinted->second.dim != p.dim
                                     : state->second.kind == Placement::Replicated))
                        d.hints[t] = p; // a hint this statement contradicts is replaced by what it wants
                    d.why = t + " was " + placementText(state->second) + " before";
                    return d;
                }
                d.targets[t] = p;
                continue;
            }
            if (state != m_state.end() && state->second.kind == Placement::Sharded) {
                if (m_blocks.blockOf(*a.expr, static_cast<size_t>(state->second.dim), var, nest.vars) == Block::None) {
                    if (m_seed.gatherToFollow) {
                        if (d.gathers.insert(t).second)
                            d.gatheredBytes += tensorBytes(t);
                        if (m_seed.routedAllToAll && BlockIndex::indirect(a.expr->args[static_cast<size_t>(state->second.dim)]))
                            d.routed.insert(t);
                        continue;
                    }
                    d.why = t + " is split along dim " + std::to_string(state->second.dim) + " but read there at another index than " + var
                        + "'s blocks";
                    return d;
                }
            } else if (state != m_state.end() && state->second.kind == Placement::Replicated && !isExternal(t) && !m_results.count(t)
                       && !m_hints.count(t)) {
                // A whole intermediate read here only along the split (a copy of the cached keys before they are
                // concatenated): the next pass tries to produce it split.
                const int dim = m_blocks.blockDim(*a.expr, var, nest.vars);
                if (dim >= 0)
                    m_candidates[t] = {Placement::Sharded, dim};
            } else if (state == m_state.end() && isExternal(t) && m_decls.at(t).tensorKind != ir::TensorKind::Const) {
                const int dim = m_blocks.blockDim(*a.expr, var, nest.vars);
                const auto prev = d.externalDims.find(t);
                if (prev != d.externalDims.end() && prev->second != dim)
                    d.externalDims[t] = -1; // read both along and across the split: kept whole
                else
                    d.externalDims[t] = dim;
            }
        }
        // A sum left partial is wrong for anything in the nest that reads it before the all-reduce.
        for (const auto& [t, p] : d.targets) {
            if (p.kind != Placement::Partial)
                continue;
            for (const Access& a : nest.accesses)
                if (!a.target && a.expr->name == t) {
                    d.why = "the partial sums of " + t + " are read in the same statement";
                    return d;
                }
            for (const Assign& as : nest.assigns)
                if (as.stmt->target.name == t && !as.enclosing.count(var) && as.stmt->op != ir::AssignOp::Set) {
                    d.why = t + " is combined outside the loop over " + var;
                    return d;
                }
        }
        return d;
    }

    // The column-parallel choice: a contraction reading a weight nobody placed yet, split along a variable that cuts
    // both the weight and the result into blocks; with routed experts (SplitSeed::routedAllToAll) a weight read at a
    // routed index (an expert's matrix by row) splits the rows that index it. Else why not: a loop over the weight's
    // and the result's shared variables that does not divide (empty when there is no such contraction).
    std::pair<std::string, std::string> columnVar(const Nest& nest) const
    {
        std::string why;
        for (const Assign& as : nest.assigns) {
            const Stmt& s = *as.stmt;
            if (s.op != ir::AssignOp::Add)
                continue;
            for (const Access& a : nest.accesses) {
                if (a.target || a.assign != &s || !isExternal(a.expr->name) || m_state.count(a.expr->name)
                    || m_decls.at(a.expr->name).tensorKind != ir::TensorKind::Weight)
                    continue;
                for (size_t dim = 0; dim < a.expr->args.size(); ++dim) {
                    const Expr& index = a.expr->args[dim];
                    const bool routed = m_seed.routedAllToAll && BlockIndex::indirect(index);
                    for (const auto& v : routed ? std::vector<std::string>(as.enclosing.begin(), as.enclosing.end())
                                                : m_blocks.blockVars(*a.expr, dim, nest.vars))
                        if ((routed ? BlockIndex::mentions(index, v) : m_seed.splitWeights && as.enclosing.count(v))
                            && m_blocks.blockDim(s.target, v, nest.vars) >= 0)
                            return {v, {}};
                }
                std::vector<std::string> vars;
                BlockIndex::varsOf(*a.expr, nest.vars, vars);
                for (const auto& v : vars) {
                    const LoopVar& lv = nest.vars.at(v);
                    if (why.empty() && m_seed.splitWeights && as.enclosing.count(v) && BlockIndex::mentions(s.target, v) && lv.plain
                        && lv.extent % m_n != 0)
                        why = "the loop over " + v + " (" + std::to_string(lv.extent) + ") does not divide into " + std::to_string(m_n);
                }
            }
        }
        return {{}, why};
    }

    // ---- rewriting --------------------------------------------------------------------------------------------

    std::string freshName(const std::string& base)
    {
        std::string name = base;
        for (int i = 2; m_names.count(name); ++i)
            name = base + "_" + std::to_string(i);
        m_names.insert(name);
        return name;
    }

    const std::string& deviceParam()
    {
        if (m_split.deviceParam.empty()) {
            m_split.deviceParam = freshName("tp_device");
            m_split.device.params.push_back({m_split.deviceParam, {}, 0});
        }
        return m_split.deviceParam;
    }

    double tensorBytes(const std::string& t) const
    {
        const auto& shape = m_sizes.shapes.at(t);
        double elements = 1;
        for (auto s : shape)
            elements *= static_cast<double>(s);
        return elements * ir::dtypeStorageBits(m_decls.at(t).dtype) / 8.0;
    }

    // A tensor the split adds (a collective's result, a new version, a whole copy), declared just after `after`.
    void declareAfter(const std::string& after, const ir::Decl& decl)
    {
        auto& decls = m_split.device.decls;
        const auto at = std::find_if(decls.begin(), decls.end(), [&](const ir::Decl& x) { return x.name == after; });
        decls.insert(at == decls.end() ? decls.end() : at + 1, decl);
        m_decls[decl.name] = decl;
    }

    // A collective's result as an `in` tensor of the per-device program, whole, declared after its source.
    std::string addExchange(CollectiveKind kind, const std::string& t, const std::string& suffix, const std::string& why, int dim)
    {
        const std::string result = freshName(t + suffix);
        ir::Decl decl = m_decls.at(t);
        decl.name = result;
        decl.tensorKind = ir::TensorKind::In;
        declareAfter(t, decl);
        m_state[result] = {Placement::Replicated, -1};
        m_results.insert(result);
        Exchange x;
        x.collective = {kind, t, why, tensorBytes(t), m_n, 1};
        x.source = t;
        m_exchanged.insert(t);
        x.result = result;
        x.dim = dim;
        x.beforeStatement = m_index;
        m_split.exchanges.push_back(std::move(x));
        return result;
    }

    void splitNest(Nest& nest, Stmt& top)
    {
        // Tensors the program now holds as other versions are read and written there.
        for (Access& a : nest.accesses) {
            const auto r = m_renamed.find(a.expr->name);
            if (r != m_renamed.end())
                a.expr->name = r->second;
        }
        // Partial sums are summed before anything reads them.
        for (Access& a : nest.accesses) {
            const std::string t = a.expr->name;
            if (a.target || !m_state.count(t) || m_state.at(t).kind != Placement::Partial)
                continue;
            if (!m_reduced.count(t))
                m_reduced[t] = addExchange(CollectiveKind::AllReduce, t, "_sum", "partial sums of " + t + " (row parallel)", -1);
            a.expr->name = m_reduced.at(t);
        }
        // A tensor a collective has read keeps those values (the collective's buffer): a statement that writes it
        // again writes a new version, which later statements read.
        for (size_t i = 0; i < nest.assigns.size(); ++i) {
            const std::string t = nest.assigns[i].stmt->target.name;
            if (m_exchanged.count(t) && !newVersion(nest, i, t))
                m_conflict = t + " is written again after a collective read it";
        }
        if (partialInit(nest))
            return;
        // The variables every split read follows; the first the whole nest can be split along wins.
        m_candidates.clear();
        std::vector<std::string> candidates;
        bool first = true;
        std::string why;
        for (const Access& a : nest.accesses) {
            const auto state = m_state.find(a.expr->name);
            if (a.target || state == m_state.end() || state->second.kind != Placement::Sharded)
                continue;
            const auto vars = m_blocks.blockVars(*a.expr, static_cast<size_t>(state->second.dim), nest.vars);
            if (first || m_seed.gatherToFollow) {
                for (const auto& v : vars)
                    if (std::find(candidates.begin(), candidates.end(), v) == candidates.end())
                        candidates.push_back(v);
            } else
                candidates.erase(std::remove_if(candidates.begin(), candidates.end(),
                                                [&](const std::string& v) { return std::find(vars.begin(), vars.end(), v) == vars.end(); }),
                                 candidates.end());
            first = false;
            if (candidates.empty() && !m_seed.gatherToFollow) {
                why = a.expr->name + " is split but read at an index that does not follow one loop's blocks";
                break;
            }
        }
        if (first) {
            const auto [column, whyNot] = columnVar(nest);
            if (!column.empty())
                candidates.push_back(column);
            else
                why = whyNot;
        }
        if (first || m_seed.gatherToFollow) {
            // A part of a tensor that a later part writes split (or, gathering, a tensor a later statement reads
            // split): split this part along the same dimension.
            for (const Assign& as : nest.assigns) {
                const auto hint = m_hints.find(as.stmt->target.name);
                if (hint == m_hints.end())
                    continue;
                for (const auto& v : m_blocks.blockVars(as.stmt->target, static_cast<size_t>(hint->second.dim), nest.vars))
                    if (std::find(candidates.begin(), candidates.end(), v) == candidates.end())
                        candidates.push_back(v);
            }
        }
        std::string var;
        Decision decision;
        for (const auto& v : candidates) {
            Decision tried = decide(nest, v);
            if (tried.ok()) {
                // Gathering: the variable whose split gathers the fewest bytes, then leaves no partial sums to reduce.
                auto partials = [](const Decision& x) {
                    return std::count_if(x.targets.begin(), x.targets.end(),
                                         [](const auto& t) { return t.second.kind == Placement::Partial; });
                };
                if (var.empty()
                    || std::pair(tried.gatheredBytes, partials(tried)) < std::pair(decision.gatheredBytes, partials(decision))) {
                    var = v;
                    decision = std::move(tried);
                }
                if (decision.gathers.empty())
                    break;
                continue;
            }
            if (why.empty()) {
                why = tried.why;
                // What the preferred variable would need of earlier statements: the next pass tries it.
                m_found.insert(tried.hints.begin(), tried.hints.end());
            }
        }
        if (var.empty()) {
            replicate(nest, why);
            return;
        }
        apply(nest, top, var, decision);
    }

    // An initialiser of a sum a later statement leaves partial (a convolution's bias written before its loops):
    // device 0 writes the value, the others zero, so the sums add up to it once.
    bool partialInit(Nest& nest)
    {
        for (const Assign& as : nest.assigns) {
            const auto hint = m_hints.find(as.stmt->target.name);
            if (as.stmt->op != ir::AssignOp::Set || hint == m_hints.end() || hint->second.kind != Placement::Partial)
                return false;
        }
        // Only an initialiser: it reads nothing the program computes (a bias, a constant), and nothing split.
        for (const Access& a : nest.accesses) {
            const auto state = m_state.find(a.expr->name);
            if (!a.target && (!isExternal(a.expr->name) || (state != m_state.end() && state->second.kind != Placement::Replicated)))
                return false;
        }
        for (const Access& a : nest.accesses)
            if (!a.target && !m_state.count(a.expr->name))
                m_state[a.expr->name] = {Placement::Replicated, -1};
        for (const Assign& as : nest.assigns) {
            keepOnDeviceZero(*as.stmt);
            m_state[as.stmt->target.name] = {Placement::Partial, -1};
            m_gathered.erase(as.stmt->target.name);
            m_reduced.erase(as.stmt->target.name);
        }
        ++m_split.replicatedStatements;
        m_split.deviceWorkPoints += pointsOf(nest);
        return true;
    }

    // `value` on device 0, zero elsewhere (a bias added once to partial sums).
    void keepOnDeviceZero(Stmt& assign)
    {
        const Expr* v = &assign.value;
        while (v->kind == ExprKind::Cast) // cast<i32>(0) is zero too
            v = &v->args.front();
        if ((v->kind == ExprKind::Int && v->intValue == 0) || (v->kind == ExprKind::Float && v->floatValue == 0))
            return;
        const auto decl = m_decls.find(assign.target.name);
        Expr zeroValue; // an integer tensor takes an integer zero
        zeroValue.kind = decl == m_decls.end() || ir::isFloat(decl->second.dtype) ? ExprKind::Float : ExprKind::Int;
        Expr select;
        select.kind = ExprKind::Select;
        select.args = {binary(BinaryOp::Eq, nameRef(deviceParam()), intLit(0)), assign.value, zeroValue};
        assign.value = std::move(select);
    }

    // Writes of `t` from assignment `first` of the nest on go to a new version `<t>_v`, and the reads after that
    // assignment too (a read in the assignment itself is of the old values). Not for an output.
    bool newVersion(Nest& nest, size_t first, const std::string& t)
    {
        if (m_decls.at(t).tensorKind == ir::TensorKind::Out)
            return false;
        const std::string base = m_origin.count(t) ? m_origin.at(t) : t;
        ir::Decl decl = m_decls.at(base);
        decl.name = freshName(base + "_v");
        decl.tensorKind = ir::TensorKind::Tmp;
        declareAfter(t, decl);
        m_sizes.shapes[decl.name] = m_sizes.shapes.at(base);
        m_written.insert(decl.name);
        m_origin[decl.name] = base;
        m_renamed[base] = decl.name;
        m_renamed[t] = decl.name;
        std::set<const Stmt*> after;
        for (size_t i = first; i < nest.assigns.size(); ++i)
            after.insert(nest.assigns[i].stmt);
        for (Access& a : nest.accesses)
            if (a.expr->name == t && a.assign && after.count(a.assign) && (a.target || a.assign != nest.assigns[first].stmt))
                a.expr->name = decl.name;
        return true;
    }

    // A split tensor overwritten whole (an in-place operation the split cannot follow: relu(t) after t's gather):
    // from here on the program uses a whole copy, `<t>_whole`, which this statement writes. Only for an
    // intermediate whose reads here are the very elements written (so they read the gathered old values), else no.
    bool wholeCopy(Nest& nest, const std::string& t)
    {
        if (m_decls.at(t).tensorKind == ir::TensorKind::Out)
            return false;
        for (const Assign& as : nest.assigns) // an accumulation reads the old values, which the copy does not have
            if (as.stmt->target.name == t && as.stmt->op != ir::AssignOp::Set)
                return false;
        const auto gathered = m_gathered.find(t);
        for (const Access& a : nest.accesses) {
            if (a.target || gathered == m_gathered.end() || a.expr->name != gathered->second)
                continue;
            // The read was renamed to the gathered copy; it must be the element its own statement writes.
            if (!a.assign || a.assign->target.name != t || a.expr->args.size() != a.assign->target.args.size())
                return false;
            for (size_t i = 0; i < a.expr->args.size(); ++i)
                if (!ir::structurallyEqual(a.expr->args[i], a.assign->target.args[i]))
                    return false;
        }
        ir::Decl decl = m_decls.at(t);
        decl.name = freshName(t + "_whole");
        decl.tensorKind = ir::TensorKind::Tmp;
        declareAfter(t, decl);
        m_results.insert(decl.name);
        m_renamed[t] = decl.name;
        for (Access& a : nest.accesses) // the targets' accesses are the statements' own
            if (a.target && a.expr->name == t)
                a.expr->name = decl.name;
        return true;
    }

    void replicate(Nest& nest, const std::string& why)
    {
        ++m_split.replicatedStatements;
        m_split.deviceWorkPoints += pointsOf(nest);
        bool gathered = false;
        for (Access& a : nest.accesses) {
            const std::string t = a.expr->name;
            const auto state = m_state.find(t);
            if (state != m_state.end() && state->second.kind == Placement::Sharded && !a.target) {
                if (!m_gathered.count(t))
                    m_gathered[t]
                        = addExchange(CollectiveKind::AllGather, t, "_all", t + " read whole at " + describeNest(nest), state->second.dim);
                a.expr->name = m_gathered.at(t);
                gathered = true;
            } else if (!m_state.count(t) && isExternal(t)) {
                m_state[t] = {Placement::Replicated, -1};
            }
        }
        for (const Assign& as : nest.assigns) {
            const std::string t = as.stmt->target.name;
            const auto state = m_state.find(t);
            if (state != m_state.end() && state->second.kind == Placement::Sharded && !wholeCopy(nest, t))
                m_conflict = t + " is written split and whole";
        }
        for (const Assign& as : nest.assigns) {
            const std::string& t = as.stmt->target.name;
            m_state[t] = {Placement::Replicated, -1}; // partial sums overwritten whole are whole (full-size storage)
            m_gathered.erase(t);
            m_reduced.erase(t);
        }
        if (gathered || !why.empty())
            m_split.notes.push_back("runs whole on every device: " + describeNest(nest) + (why.empty() ? "" : ": " + why));
    }

    void apply(Nest& nest, Stmt& top, const std::string& var, const Decision& decision)
    {
        ++m_split.splitStatements;
        m_found.insert(m_candidates.begin(), m_candidates.end());
        m_candidates.clear();
        for (const auto& [t, dim] : decision.externalDims)
            m_state[t] = dim >= 0 ? Placement {Placement::Sharded, dim} : Placement {Placement::Replicated, -1};
        // Reads across the split read the whole tensor, gathered before the statement.
        for (Access& a : nest.accesses) {
            const std::string t = a.expr->name;
            if (a.target || !decision.gathers.count(t)
                || m_blocks.blockOf(*a.expr, static_cast<size_t>(m_state.at(t).dim), var, nest.vars) != Block::None)
                continue;
            if (!m_gathered.count(t)) {
                const bool routed = decision.routed.count(t) != 0;
                m_gathered[t]
                    = addExchange(routed ? CollectiveKind::AllToAll : CollectiveKind::AllGather, t, routed ? "_a2a" : "_all",
                                  t + (routed ? " routed" : " read") + " across the split at " + describeNest(nest), m_state.at(t).dim);
                if (routed) // each device's block goes where it is read: its buffer is its block
                    m_split.exchanges.back().collective.bytes /= m_n;
            }
            a.expr->name = m_gathered.at(t);
        }
        for (const auto& [t, p] : decision.targets) {
            m_state[t] = p;
            m_gathered.erase(t); // written anew: an earlier gather or sum of it is stale
            m_reduced.erase(t);
        }
        // Accesses along a split dimension index the device's block; every other use of the variable means the
        // element's global position, so it becomes var + tp_device * (extent / n). A quasi-affine index into a split
        // dimension is computed globally and shifted to the device's block.
        LoopVar& lv = nest.vars.at(var);
        const Expr extent = lv.ranges.front()->hi;
        auto offset = [&] {
            return binary(BinaryOp::Add, nameRef(var),
                          binary(BinaryOp::Mul, nameRef(deviceParam()), binary(BinaryOp::FloorDiv, extent, intLit(m_n))));
        };
        std::set<const Expr*> keep;
        std::vector<std::pair<Expr*, const Expr*>> shifted; // index, the dimension's size
        for (const Access& a : nest.accesses) {
            const auto state = m_state.find(a.expr->name);
            if (state == m_state.end() || state->second.kind != Placement::Sharded)
                continue;
            const auto dim = static_cast<size_t>(state->second.dim);
            if (m_blocks.blockOf(*a.expr, dim, var, nest.vars) == Block::Shifted)
                shifted.emplace_back(&a.expr->args[dim], &m_decls.at(a.expr->name).dims[dim]);
            keep.insert(&a.expr->args[dim]);
        }
        for (auto& [index, size] : shifted) {
            Expr global = *index;
            substitute(global, var, offset(), {});
            *index = binary(BinaryOp::Sub, std::move(global),
                            binary(BinaryOp::Mul, nameRef(deviceParam()), binary(BinaryOp::FloorDiv, *size, intLit(m_n))));
        }
        for (ir::LoopRange* r : lv.ranges)
            r->hi = binary(BinaryOp::FloorDiv, r->hi, intLit(m_n));
        if (usesOutside(top, var, keep))
            substituteStmt(top, var, offset(), keep);
        // An initialiser of a partial sum (a bias) is added once: on device 0.
        for (const Assign& as : nest.assigns) {
            const auto p = decision.targets.find(as.stmt->target.name);
            if (p == decision.targets.end() || p->second.kind != Placement::Partial || as.stmt->op != ir::AssignOp::Set
                || as.enclosing.count(var))
                continue;
            keepOnDeviceZero(*as.stmt);
        }
        m_split.deviceWorkPoints += pointsOf(nest) / m_n;
    }

    void finish()
    {
        if (!m_conflict.empty()) {
            TensorParallelSplit whole;
            whole.devices = m_n;
            whole.device = m_original;
            whole.deviceWorkPoints = m_wholePoints; // every device runs everything
            whole.notes.push_back("not split: " + m_conflict);
            m_split = std::move(whole);
            return;
        }
        // Declarations of split tensors hold a device's block.
        for (auto& d : m_split.device.decls) {
            const auto state = m_state.find(d.name);
            if (d.kind != ir::DeclKind::Tensor || state == m_state.end() || state->second.kind != Placement::Sharded)
                continue;
            auto& dim = d.dims[static_cast<size_t>(state->second.dim)];
            dim = binary(BinaryOp::FloorDiv, dim, intLit(m_n));
        }
        m_index = static_cast<int>(m_split.device.body.size());
        for (const auto& [name, decl] : m_decls) {
            if (m_results.count(name))
                continue;
            const auto state = m_state.find(name);
            const Placement p = state == m_state.end() ? Placement {} : state->second;
            if (decl.tensorKind == ir::TensorKind::Out) {
                m_split.outputs[name] = p;
                if (p.kind == Placement::Partial) {
                    Exchange x;
                    x.collective = {CollectiveKind::AllReduce, name, "partial sums of the output " + name, tensorBytes(name), m_n, 1};
                    x.source = name;
                    x.beforeStatement = m_index;
                    m_split.exchanges.push_back(std::move(x));
                } else if (p.kind == Placement::Sharded) {
                    m_split.notes.push_back("the output " + name + " stays split along dim " + std::to_string(p.dim)
                                            + " (each device holds its block; gathering it is not counted)");
                }
            } else if (isExternal(name)) {
                m_split.inputs[name] = p;
            }
        }
    }

    ir::SizeBindings m_sizes; // a copy: tensors the split adds get their shapes here
    int m_n = 1;
    BlockIndex m_blocks;
    TensorParallelSplit m_split;
    std::map<std::string, ir::Decl> m_decls; // the original's tensors
    ir::Program m_original;
    std::set<std::string> m_names, m_written, m_results;
    std::map<std::string, Placement> m_state;
    std::map<std::string, std::string> m_reduced, m_gathered; // tensor -> the collective's result
    std::map<std::string, std::string> m_renamed; // tensor -> the version the program now reads and writes
    std::set<std::string> m_exchanged; // tensors a collective has read: never written again (a new version is)
    std::map<std::string, std::string> m_origin; // a version -> the original tensor
    std::string m_conflict;
    double m_wholePoints = 0; // the whole program's iteration points
    std::map<std::string, Placement> m_hints; // tensors a later part writes split (from the previous pass)
    std::map<std::string, Placement> m_candidates; // hints the nest being decided would give, if it splits
    SplitSeed m_seed;

public:
    std::map<std::string, Placement> m_found; // new such tensors found in this pass
    int m_index = 0;
};

} // namespace

Expected<TensorParallelSplit> splitTensorParallel(const ir::Program& program, const ir::SizeBindings& sizes, int devices,
                                                  const SplitSeed& seed)
{
    if (devices < 1)
        return Expected<TensorParallelSplit>::failure(
            Diagnostic {Severity::Error,
                        program.file,
                        {},
                        "parallel.plan",
                        "tensor parallel degree " + std::to_string(devices) + ": expected 1 or more"});
    if (devices == 1) {
        TensorParallelSplit whole;
        whole.device = program;
        return whole;
    }
    // Propagation runs forward; a tensor written in parts, or copied before it is read split, learns only at a later
    // statement that it could be split, so the split is redone with what each pass learnt until nothing new is. A
    // pass is kept only if it is better: less work on one device first, then fewer all-gathers, then fewer bytes held
    // and exchanged.
    std::map<std::string, Placement> hints;
    std::optional<TensorParallelSplit> best;
    std::tuple<double, int, double> bestScore;
    for (int pass = 0; pass < 8; ++pass) {
        Splitter splitter(program, sizes, devices, hints, seed);
        TensorParallelSplit split = splitter.run();
        const auto score = splitCost(split, program, sizes);
        if (!best || score < bestScore) {
            best = std::move(split);
            bestScore = score;
        }
        bool learnt = false;
        for (const auto& [t, p] : splitter.m_found) {
            const auto known = hints.find(t);
            if (known != hints.end() && known->second.kind == p.kind && known->second.dim == p.dim)
                continue;
            hints[t] = p;
            learnt = true;
        }
        if (!learnt)
            break;
    }
    return std::move(*best);
}

} // namespace solar::parallel
