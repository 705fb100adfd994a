// SPDX-License-Identifier: MIT
#include "engine/parallel/tensorparallel.h"

#include "engine/ir/intexpr.h"

#include <algorithm>
#include <functional>
#include <set>

namespace solar::parallel {

std::string placementText(const Placement& p)
{
    switch (p.kind) {
    case Placement::Replicated:
        return "replicated";
    case Placement::Sharded:
        return "split along dim " + std::to_string(p.dim);
    case Placement::Partial:
        return "partial sums";
    }
    return {};
}

namespace {

using ir::BinaryOp;
using ir::Expr;
using ir::ExprKind;
using ir::Stmt;
using ir::StmtKind;

Expr intLit(std::int64_t v)
{
    Expr e;
    e.kind = ExprKind::Int;
    e.intValue = v;
    return e;
}

Expr nameRef(const std::string& n)
{
    Expr e;
    e.kind = ExprKind::Name;
    e.name = n;
    return e;
}

Expr binary(BinaryOp op, Expr a, Expr b)
{
    Expr e;
    e.kind = ExprKind::Binary;
    e.binaryOp = op;
    e.args = {std::move(a), std::move(b)};
    return e;
}

// One access in a nest, with where it sits.
struct Access
{
    Expr* expr = nullptr;
    bool target = false;
    Stmt* assign = nullptr;
};

struct Assign
{
    Stmt* stmt = nullptr;
    std::set<std::string> enclosing; // loop variables around it
};

struct LoopVar
{
    std::int64_t extent = -1;
    bool plain = true; // every loop of it runs 0..extent step 1 with one constant extent
    std::vector<ir::LoopRange*> ranges;
};

// A top-level statement with what the split decision needs.
struct Nest
{
    std::map<std::string, LoopVar> vars;
    std::vector<Assign> assigns;
    std::vector<Access> accesses;
};

class Splitter
{
public:
    Splitter(const ir::Program& program, const ir::SizeBindings& sizes, int n)
        : m_sizes(sizes)
        , m_n(n)
    {
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
            collect(body[i], {}, nest);
            if (!nest.assigns.empty())
                splitNest(nest, body[i]);
        }
        finish();
        return std::move(m_split);
    }

private:
    bool isExternal(const std::string& t) const { return !m_written.count(t); }

    // ---- collecting -------------------------------------------------------------------------------------------

    void collectExpr(Expr& e, Stmt* assign, Nest& nest)
    {
        if (e.kind == ExprKind::Access)
            nest.accesses.push_back({&e, false, assign});
        for (auto& a : e.args)
            collectExpr(a, assign, nest);
    }

    void collect(Stmt& s, std::set<std::string> enclosing, Nest& nest)
    {
        switch (s.kind) {
        case StmtKind::For:
            for (auto& r : s.ranges) {
                LoopVar& v = nest.vars[r.var];
                v.ranges.push_back(&r);
                std::string error;
                const auto lo = ir::evalConstInt(r.lo, m_sizes.resolver(), &error);
                const auto hi = ir::evalConstInt(r.hi, m_sizes.resolver(), &error);
                if (!lo || !hi || *lo != 0 || r.step != 1 || (v.extent >= 0 && v.extent != *hi))
                    v.plain = false;
                else
                    v.extent = *hi;
                enclosing.insert(r.var);
            }
            for (auto& b : s.body)
                collect(b, enclosing, nest);
            break;
        case StmtKind::If:
            collectExpr(s.cond, nullptr, nest);
            for (auto& b : s.body)
                collect(b, enclosing, nest);
            for (auto& b : s.orelse)
                collect(b, enclosing, nest);
            break;
        case StmtKind::Assign:
            nest.assigns.push_back({&s, enclosing});
            nest.accesses.push_back({&s.target, true, &s});
            for (auto& a : s.target.args)
                collectExpr(a, &s, nest);
            collectExpr(s.value, &s, nest);
            break;
        }
    }

    // ---- placements -------------------------------------------------------------------------------------------

    // The loop variable whose blocks dimension `d` of `access` is cut into: the index is c*v + (terms spanning less
    // than c) with c * extent(v) the dimension's size, so v's block b covers exactly the dimension's block b.
    std::string blockVar(const Expr& access, size_t d, const Nest& nest) const
    {
        const auto shape = m_sizes.shapes.find(access.name);
        if (shape == m_sizes.shapes.end() || d >= access.args.size() || d >= shape->second.size())
            return {};
        std::vector<std::string> slots;
        auto resolve = [&](const std::string& name) -> ir::NameValue {
            if (nest.vars.count(name)) {
                auto it = std::find(slots.begin(), slots.end(), name);
                if (it == slots.end()) {
                    slots.push_back(name);
                    it = slots.end() - 1;
                }
                return {ir::NameValue::Variable, static_cast<std::int64_t>(it - slots.begin())};
            }
            return m_sizes.lookup(name);
        };
        const auto form = ir::toAffine(access.args[d], resolve);
        if (!form || form->constant != 0 || form->terms.empty())
            return {};
        const ir::AffineForm::Term* outer = nullptr;
        for (const auto& t : form->terms) {
            if (t.second <= 0)
                return {};
            if (!outer || t.second > outer->second)
                outer = &t;
        }
        double span = 0;
        for (const auto& t : form->terms) {
            if (&t == outer)
                continue;
            const LoopVar& lv = nest.vars.at(slots[static_cast<size_t>(t.first)]);
            if (!lv.plain || lv.extent < 1)
                return {};
            span += static_cast<double>(t.second) * static_cast<double>(lv.extent - 1);
        }
        const std::string& var = slots[static_cast<size_t>(outer->first)];
        const LoopVar& lv = nest.vars.at(var);
        if (!lv.plain || span >= static_cast<double>(outer->second)
            || static_cast<double>(outer->second) * static_cast<double>(lv.extent) != static_cast<double>(shape->second[d]))
            return {};
        return var;
    }

    // The first dimension of `access` cut by blocks of `var`, or -1.
    int blockDim(const Expr& access, const std::string& var, const Nest& nest) const
    {
        for (size_t d = 0; d < access.args.size(); ++d)
            if (blockVar(access, d, nest) == var)
                return static_cast<int>(d);
        return -1;
    }

    static bool mentions(const Expr& e, const std::string& var)
    {
        if (e.kind == ExprKind::Name && e.name == var)
            return true;
        return std::any_of(e.args.begin(), e.args.end(), [&](const Expr& a) { return mentions(a, var); });
    }

    // Where a nest would leave its targets if split along `var`; empty with `why` when it cannot be.
    struct Decision
    {
        std::map<std::string, Placement> targets;
        std::map<std::string, int> externalDims; // unplaced inputs and weights stored as slices
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
                const auto& enclosing = std::find_if(nest.assigns.begin(), nest.assigns.end(),
                                                     [&](const Assign& x) { return x.stmt == a.assign; })
                                            ->enclosing;
                Placement p;
                const int dim = blockDim(*a.expr, var, nest);
                if (dim >= 0) {
                    p = {Placement::Sharded, dim};
                } else if (mentions(*a.expr, var)) {
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
                    d.why = t + " was " + placementText(state->second) + " before";
                    return d;
                }
                d.targets[t] = p;
                continue;
            }
            if (state != m_state.end() && state->second.kind == Placement::Sharded) {
                if (blockVar(*a.expr, static_cast<size_t>(state->second.dim), nest) != var) {
                    d.why = t + " is split along dim " + std::to_string(state->second.dim) + " but read there at another index than "
                        + var + "'s blocks";
                    return d;
                }
            } else if (state == m_state.end() && isExternal(t) && m_decls.at(t).tensorKind != ir::TensorKind::Const) {
                const int dim = blockDim(*a.expr, var, nest);
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
    // both the weight and the result into blocks.
    std::string columnVar(const Nest& nest) const
    {
        for (const Assign& as : nest.assigns) {
            const Stmt& s = *as.stmt;
            if (s.op != ir::AssignOp::Add)
                continue;
            for (const Access& a : nest.accesses) {
                if (a.target || a.assign != &s || !isExternal(a.expr->name) || m_state.count(a.expr->name)
                    || m_decls.at(a.expr->name).tensorKind != ir::TensorKind::Weight)
                    continue;
                for (size_t dim = 0; dim < a.expr->args.size(); ++dim) {
                    const std::string v = blockVar(*a.expr, dim, nest);
                    if (!v.empty() && as.enclosing.count(v) && blockDim(s.target, v, nest) >= 0)
                        return v;
                }
            }
        }
        return {};
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

    // A collective's result as an `in` tensor of the per-device program, whole, declared after its source.
    std::string addExchange(CollectiveKind kind, const std::string& t, const std::string& suffix, const std::string& why, int dim)
    {
        const std::string result = freshName(t + suffix);
        ir::Decl decl = m_decls.at(t);
        decl.name = result;
        decl.tensorKind = ir::TensorKind::In;
        auto& decls = m_split.device.decls;
        const auto at = std::find_if(decls.begin(), decls.end(), [&](const ir::Decl& x) { return x.name == t; });
        decls.insert(at == decls.end() ? decls.end() : at + 1, decl);
        m_decls[result] = decl;
        m_state[result] = {Placement::Replicated, -1};
        m_results.insert(result);
        Exchange x;
        x.collective = {kind, t, why, tensorBytes(t), m_n, 1};
        x.source = t;
        x.result = result;
        x.dim = dim;
        x.beforeStatement = m_index;
        m_split.exchanges.push_back(std::move(x));
        return result;
    }

    void substitute(Expr& e, const std::string& var, const Expr& replacement, const std::set<const Expr*>& keep)
    {
        if (keep.count(&e))
            return;
        if (e.kind == ExprKind::Name && e.name == var) {
            e = replacement;
            return;
        }
        for (auto& a : e.args)
            substitute(a, var, replacement, keep);
    }

    void substituteStmt(Stmt& s, const std::string& var, const Expr& replacement, const std::set<const Expr*>& keep)
    {
        for (auto& r : s.ranges) {
            substitute(r.lo, var, replacement, keep);
            if (r.var != var)
                substitute(r.hi, var, replacement, keep);
        }
        substitute(s.cond, var, replacement, keep);
        for (auto& a : s.target.args)
            substitute(a, var, replacement, keep);
        substitute(s.value, var, replacement, keep);
        for (auto& b : s.body)
            substituteStmt(b, var, replacement, keep);
        for (auto& b : s.orelse)
            substituteStmt(b, var, replacement, keep);
    }

    std::string where(const Nest& nest) const
    {
        const Stmt& s = *nest.assigns.front().stmt;
        return "line " + std::to_string(s.loc.line) + " (" + s.target.name + ")";
    }

    void splitNest(Nest& nest, Stmt& top)
    {
        // Partial sums are summed before anything reads them.
        for (Access& a : nest.accesses) {
            const std::string t = a.expr->name;
            if (a.target || !m_state.count(t) || m_state.at(t).kind != Placement::Partial)
                continue;
            if (!m_reduced.count(t))
                m_reduced[t] = addExchange(CollectiveKind::AllReduce, t, "_sum", "partial sums of " + t + " (row parallel)", -1);
            a.expr->name = m_reduced.at(t);
        }
        std::string var, why;
        for (const Access& a : nest.accesses) {
            const auto state = m_state.find(a.expr->name);
            if (a.target || state == m_state.end() || state->second.kind != Placement::Sharded)
                continue;
            const std::string v = blockVar(*a.expr, static_cast<size_t>(state->second.dim), nest);
            if (v.empty() || (!var.empty() && v != var)) {
                why = a.expr->name + " is split but read at an index that does not follow one loop's blocks";
                var.clear();
                break;
            }
            var = v;
        }
        if (var.empty() && why.empty())
            var = columnVar(nest);
        Decision decision;
        if (!var.empty()) {
            decision = decide(nest, var);
            why = decision.why;
        }
        if (var.empty() || !decision.ok()) {
            replicate(nest, why);
            return;
        }
        apply(nest, top, var, decision);
    }

    void replicate(Nest& nest, const std::string& why)
    {
        ++m_split.replicatedStatements;
        bool gathered = false;
        for (Access& a : nest.accesses) {
            const std::string t = a.expr->name;
            const auto state = m_state.find(t);
            if (state != m_state.end() && state->second.kind == Placement::Sharded && !a.target) {
                if (!m_gathered.count(t))
                    m_gathered[t] = addExchange(CollectiveKind::AllGather, t, "_all", t + " read whole at " + where(nest), state->second.dim);
                a.expr->name = m_gathered.at(t);
                gathered = true;
            } else if (!m_state.count(t) && isExternal(t)) {
                m_state[t] = {Placement::Replicated, -1};
            }
        }
        for (const Assign& as : nest.assigns) {
            const std::string& t = as.stmt->target.name;
            const auto state = m_state.find(t);
            if (state != m_state.end() && state->second.kind != Placement::Replicated)
                m_conflict = t + " is written split and whole";
            m_state[t] = {Placement::Replicated, -1};
        }
        if (gathered || !why.empty())
            m_split.notes.push_back("runs whole on every device: " + where(nest) + (why.empty() ? "" : ": " + why));
    }

    void apply(Nest& nest, Stmt& top, const std::string& var, const Decision& decision)
    {
        ++m_split.splitStatements;
        for (const auto& [t, dim] : decision.externalDims)
            m_state[t] = dim >= 0 ? Placement {Placement::Sharded, dim} : Placement {Placement::Replicated, -1};
        for (const auto& [t, p] : decision.targets)
            m_state[t] = p;
        // Accesses along a split dimension index the device's block; every other use of the variable means the
        // element's global position, so it becomes var + tp_device * (extent / n).
        std::set<const Expr*> keep;
        for (const Access& a : nest.accesses) {
            const auto state = m_state.find(a.expr->name);
            if (state != m_state.end() && state->second.kind == Placement::Sharded)
                keep.insert(&a.expr->args[static_cast<size_t>(state->second.dim)]);
        }
        LoopVar& lv = nest.vars.at(var);
        for (ir::LoopRange* r : lv.ranges)
            r->hi = binary(BinaryOp::FloorDiv, r->hi, intLit(m_n));
        bool global = false;
        std::function<void(const Expr&)> find = [&](const Expr& e) {
            if (keep.count(&e))
                return;
            if (e.kind == ExprKind::Name && e.name == var)
                global = true;
            for (const auto& a : e.args)
                find(a);
        };
        for (const Access& a : nest.accesses)
            find(*a.expr);
        std::function<void(const Stmt&)> findStmt = [&](const Stmt& s) {
            find(s.cond);
            if (s.kind == StmtKind::Assign)
                find(s.value);
            for (const auto& r : s.ranges)
                if (r.var != var)
                    find(r.hi);
            for (const auto& b : s.body)
                findStmt(b);
            for (const auto& b : s.orelse)
                findStmt(b);
        };
        findStmt(top);
        if (global) {
            const Expr offset = binary(BinaryOp::Add, nameRef(var),
                                       binary(BinaryOp::Mul, nameRef(deviceParam()), binary(BinaryOp::FloorDiv, lv.ranges.front()->hi.args[0], intLit(m_n))));
            substituteStmt(top, var, offset, keep);
        }
        // An initialiser of a partial sum (a bias) is added once: on device 0.
        for (const Assign& as : nest.assigns) {
            const auto p = decision.targets.find(as.stmt->target.name);
            if (p == decision.targets.end() || p->second.kind != Placement::Partial || as.stmt->op != ir::AssignOp::Set
                || as.enclosing.count(var))
                continue;
            const Expr& v = as.stmt->value;
            const bool zero = (v.kind == ExprKind::Int && v.intValue == 0) || (v.kind == ExprKind::Float && v.floatValue == 0);
            if (zero)
                continue;
            Expr zeroValue;
            zeroValue.kind = ExprKind::Float;
            Expr select;
            select.kind = ExprKind::Select;
            select.args = {binary(BinaryOp::Eq, nameRef(deviceParam()), intLit(0)), v, zeroValue};
            as.stmt->value = std::move(select);
        }
    }

    void finish()
    {
        if (!m_conflict.empty()) {
            TensorParallelSplit whole;
            whole.devices = m_n;
            whole.device = m_original;
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

    const ir::SizeBindings& m_sizes;
    int m_n = 1;
    TensorParallelSplit m_split;
    std::map<std::string, ir::Decl> m_decls; // the original's tensors
    ir::Program m_original;
    std::set<std::string> m_names, m_written, m_results;
    std::map<std::string, Placement> m_state;
    std::map<std::string, std::string> m_reduced, m_gathered; // tensor -> the collective's result
    std::string m_conflict;
    int m_index = 0;
};

} // namespace

Expected<TensorParallelSplit> splitTensorParallel(const ir::Program& program, const ir::SizeBindings& sizes, int devices)
{
    if (devices < 1)
        return Expected<TensorParallelSplit>::failure(
            Diagnostic {Severity::Error, program.file, {}, "parallel.plan", "tensor parallel degree " + std::to_string(devices) + ": expected 1 or more"});
    if (devices == 1) {
        TensorParallelSplit whole;
        whole.device = program;
        return whole;
    }
    return Splitter(program, sizes, devices).run();
}

} // namespace solar::parallel
