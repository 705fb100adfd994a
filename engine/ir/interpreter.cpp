// SPDX-License-Identifier: MIT
// The interpreter's entry points and the machine's compilation (machine.h): storage, bytecode, accesses, and the
// plans of the specialised loops.
#include "engine/ir/interpreter.h"
#include "engine/ir/machine.h"

#include "engine/ir/boundsanalysis.h"
#include "engine/ir/builtins.h"
#include "engine/ir/checker.h"
#include "engine/ir/intexpr.h"
#include "engine/ir/loopkernels.h"
#include "engine/ir/nestorder.h"
#include "engine/ir/printer.h"

#include <bit>
#include <cmath>
#include <limits>
#include <optional>
#include <unordered_map>

namespace solar::ir {

const TensorValue* RunResult::find(const std::string& name) const
{
    for (const auto& t : tensors) {
        if (t.name == name)
            return &t;
    }
    return nullptr;
}

namespace {

using detail::Fault;

std::uint64_t fnv1a(std::string_view s)
{
    std::uint64_t h = 14695981039346656037ull;
    for (unsigned char c : s) {
        h ^= c;
        h *= 1099511628211ull;
    }
    return h;
}

std::uint64_t splitmix64(std::uint64_t& state)
{
    std::uint64_t z = (state += 0x9E3779B97F4A7C15ull);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
}

std::optional<Fault> storageOverCap(const Program& program, const SizeBindings& sizes, std::int64_t maxElements)
{
    std::int64_t total = 0;
    for (const auto& d : program.decls) {
        if (d.kind != DeclKind::Tensor)
            continue;
        const std::int64_t n = elementCount(sizes.shapes.at(d.name));
        total += n;
        if (n > maxElements || total > maxElements)
            return Fault {d.loc, "run.memory-cap",
                          "tensors need more than " + std::to_string(maxElements)
                              + " elements at these sizes (the interpreter's memory cap); run with smaller sizes"};
    }
    return std::nullopt;
}

} // namespace

namespace detail {

Expected<RunResult> Machine::run()
{
    try {
        allocate();
        m_bounds = analyzeBounds(m_program, m_sizes);
        std::vector<std::pair<std::string, int>> scope;
        m_top = compileStmts(m_program.body, scope);
        m_stack.assign(m_code.size() + 16, 0.0);
        m_vars.assign(static_cast<size_t>(m_maxSlots) + 1, 0);
        m_counts.assign(static_cast<size_t>(m_assignCount), 0);
        m_addr.assign(m_accesses.size(), 0);
        size_t maxQuantities = 0;
        for (const auto& node : m_nodes)
            maxQuantities = std::max(maxQuantities, node.inner.quantities.size());
        m_quantities.assign(maxQuantities, 0);
        if (m_options.profile) {
            m_stmtReads.assign(static_cast<size_t>(m_assignCount), {});
            m_stmtWrites.assign(static_cast<size_t>(m_assignCount), {});
            m_stmtOps.assign(static_cast<size_t>(m_assignCount), 0);
        }
        execList(m_top);
    } catch (const Fault& f) {
        return Expected<RunResult>::failure(Diagnostic {Severity::Error, m_program.file, f.loc, f.code, f.message});
    }
    RunResult r;
    r.sizes = std::move(m_sizes);
    r.tensors = std::move(m_tensors);
    r.instanceCounts = std::move(m_counts);
    r.assignLocs = std::move(m_assignLocs);
    r.totalInstances = m_total;
    if (m_options.profile)
        fillProfile(r);
    return r;
}

// ---- storage ----
void Machine::allocate()
{
    if (const auto f = storageOverCap(m_program, m_sizes, m_options.maxElements))
        throw *f;
    for (const auto& d : m_program.decls) {
        if (d.kind != DeclKind::Tensor)
            continue;
        TensorValue t;
        t.name = d.name;
        t.kind = d.tensorKind;
        t.dtype = d.dtype;
        t.shape = m_sizes.shapes.at(d.name);
        const std::int64_t n = elementCount(t.shape);
        switch (d.tensorKind) {
        case TensorKind::In:
        case TensorKind::Weight: t.data = inputFor(d, n); break;
        case TensorKind::Const:
            if (static_cast<std::int64_t>(d.init.size()) != n)
                fault(d.loc, "run.const-size",
                      "const tensor '" + d.name + "' has " + std::to_string(d.init.size()) + " values but " + std::to_string(n)
                          + " elements at these sizes");
            t.data.reserve(d.init.size());
            for (double v : d.init)
                t.data.push_back(roundToDType(v, d.dtype));
            break;
        case TensorKind::Out:
        case TensorKind::Tmp: t.data.assign(static_cast<size_t>(n), std::numeric_limits<double>::quiet_NaN()); break;
        }
        m_tensorIndex[d.name] = static_cast<int>(m_tensors.size());
        m_tensors.push_back(std::move(t));
    }
    m_data.clear();
    for (auto& t : m_tensors)
        m_data.push_back(t.data.data());
}

std::vector<double> Machine::inputFor(const Decl& d, std::int64_t n)
{
    const auto given = m_options.inputs.find(d.name);
    if (given != m_options.inputs.end()) {
        const auto& shape = m_sizes.shapes.at(d.name);
        if (given->second.shape != shape || static_cast<std::int64_t>(given->second.data.size()) != n)
            fault(d.loc, "run.input-shape", "the given input '" + d.name + "' does not have the declared shape at these sizes");
        std::vector<double> data = given->second.data;
        for (double& v : data)
            v = roundToDType(v, d.dtype);
        return data;
    }
    double lo = isFloat(d.dtype) ? -1.0 : 0.0;
    double hi = isFloat(d.dtype) ? 1.0 : 10.0;
    if (d.dtype == DType::Bool)
        hi = 2.0;
    if (d.hasRange) {
        std::string why;
        const auto l = evalConstInt(d.rangeLo, m_sizes.resolver(), &why);
        const auto h = evalConstInt(d.rangeHi, m_sizes.resolver(), &why);
        if (!l || !h)
            fault(d.loc, "run.range", "cannot evaluate '@range' of '" + d.name + "': " + why);
        if (*h <= *l)
            fault(d.loc, "run.range", "'@range' of '" + d.name + "' is empty: [" + std::to_string(*l) + ", " + std::to_string(*h) + ")");
        lo = static_cast<double>(*l);
        hi = static_cast<double>(*h);
    }
    return generateInput(d.name, d.dtype, n, m_options.seed, lo, hi);
}

// ---- compilation ----
// The band's one assignment writes a target the bounds analysis proved in bounds (nestorder.h).
bool Machine::targetInBounds(const Stmt& band) const
{
    if (band.body.size() != 1)
        return false;
    const Stmt* s = &band.body.front();
    if (s->kind == StmtKind::If && s->body.size() == 1)
        s = &s->body.front();
    if (s->kind != StmtKind::Assign)
        return false;
    const auto b = m_bounds.find(&s->target);
    return b != m_bounds.end() && b->second.proven && b->second.reachable;
}

NameResolver Machine::resolverFor(const std::vector<std::pair<std::string, int>>& scope) const
{
    return [this, &scope](const std::string& name) -> NameValue {
        for (auto it = scope.rbegin(); it != scope.rend(); ++it) {
            if (it->first == name)
                return {NameValue::Variable, it->second};
        }
        return m_sizes.lookup(name);
    };
}

CodeRange Machine::emit(const std::vector<Insn>& code)
{
    CodeRange r {static_cast<int>(m_code.size()), 0};
    m_code.insert(m_code.end(), code.begin(), code.end());
    r.end = static_cast<int>(m_code.size());
    return r;
}

CodeRange Machine::compileStandalone(const Expr& e, const std::vector<std::pair<std::string, int>>& scope)
{
    std::vector<Insn> code;
    compileExpr(e, scope, code);
    return emit(code);
}

void Machine::compileExpr(const Expr& e, const std::vector<std::pair<std::string, int>>& scope, std::vector<Insn>& out)
{
    auto jumpTo = [&](size_t at) { out[at].a = static_cast<std::int32_t>(out.size() - at); };
    switch (e.kind) {
    case ExprKind::Int: out.push_back({Op::Const, 0, 0, static_cast<double>(e.intValue)}); return;
    case ExprKind::Float: out.push_back({Op::Const, 0, 0, e.floatValue}); return;
    case ExprKind::Name: {
        const NameValue v = resolverFor(scope)(e.name);
        if (v.kind == NameValue::Variable)
            out.push_back({Op::Var, 0, static_cast<std::int32_t>(v.value), 0.0});
        else
            out.push_back({Op::Const, 0, 0, static_cast<double>(v.value)});
        return;
    }
    case ExprKind::Access: out.push_back({Op::Load, 0, compileAccess(e, scope), 0.0}); return;
    case ExprKind::Unary:
        compileExpr(e.args[0], scope, out);
        out.push_back({e.unaryOp == UnaryOp::Neg ? Op::Neg : Op::Not});
        return;
    case ExprKind::Binary: {
        if (e.binaryOp == BinaryOp::And || e.binaryOp == BinaryOp::Or) {
            compileExpr(e.args[0], scope, out);
            const size_t jz = out.size();
            out.push_back({Op::Jz});
            if (e.binaryOp == BinaryOp::And) {
                compileExpr(e.args[1], scope, out);
                out.push_back({Op::ToBool});
            } else {
                out.push_back({Op::Const, 0, 0, 1.0});
            }
            const size_t jmp = out.size();
            out.push_back({Op::Jmp});
            jumpTo(jz);
            if (e.binaryOp == BinaryOp::And) {
                out.push_back({Op::Const, 0, 0, 0.0});
            } else {
                compileExpr(e.args[1], scope, out);
                out.push_back({Op::ToBool});
            }
            jumpTo(jmp);
            return;
        }
        compileExpr(e.args[0], scope, out);
        compileExpr(e.args[1], scope, out);
        static constexpr Op kOps[]
            = {Op::Add, Op::Sub, Op::Mul, Op::Div, Op::FloorDiv, Op::Mod, Op::Lt, Op::Le, Op::Gt, Op::Ge, Op::Eq, Op::Ne};
        out.push_back({kOps[static_cast<int>(e.binaryOp)]});
        return;
    }
    case ExprKind::Call: {
        const Builtin id = *findBuiltin(e.name);
        if (id == Builtin::Where) {
            compileSelect(e, scope, out);
            return;
        }
        for (const auto& a : e.args)
            compileExpr(a, scope, out);
        const Op op = e.args.size() == 1 ? Op::Call1 : (e.args.size() == 2 ? Op::Call2 : Op::Call3);
        out.push_back({op, static_cast<std::uint8_t>(id)});
        return;
    }
    case ExprKind::Cast:
        compileExpr(e.args[0], scope, out);
        out.push_back({Op::Cast, static_cast<std::uint8_t>(e.castType)});
        return;
    case ExprKind::Select: compileSelect(e, scope, out); return;
    }
}

// Only the chosen branch runs, so `i > 0 ? X[i - 1] : 0` never reads X[-1].
void Machine::compileSelect(const Expr& e, const std::vector<std::pair<std::string, int>>& scope, std::vector<Insn>& out)
{
    compileExpr(e.args[0], scope, out);
    const size_t jz = out.size();
    out.push_back({Op::Jz});
    compileExpr(e.args[1], scope, out);
    const size_t jmp = out.size();
    out.push_back({Op::Jmp});
    out[jz].a = static_cast<std::int32_t>(out.size() - jz);
    compileExpr(e.args[2], scope, out);
    out[jmp].a = static_cast<std::int32_t>(out.size() - jmp);
}

std::int64_t Machine::strideOf(const CAccess& a, int slot) const
{
    for (const auto& [s, c] : a.terms) {
        if (s == slot)
            return static_cast<std::int64_t>(c);
    }
    return 0;
}

void Machine::planInnerLoop(Node& loop)
{
    if (loop.body.size() != 1 || !m_options.specialize || m_options.profile || loop.reversed)
        return;
    InnerLoop plan;
    const Node* body = &m_nodes[loop.body[0]];
    if (body->kind == StmtKind::If) {
        if (!body->exactFacts || !body->orelse.empty() || body->body.size() != 1)
            return;
        plan.guard = *body->exactFacts;
        body = &m_nodes[body->body[0]];
    }
    if (body->kind != StmtKind::Assign)
        return;
    plan.assign = static_cast<int>(body - m_nodes.data());
    std::vector<Insn> code(m_code.begin() + body->value.begin, m_code.begin() + body->value.end);
    plan.accesses.push_back(body->target);
    for (auto& in : code) {
        if (in.op != Op::Load)
            continue;
        in.op = Op::LoadAddr;
        if (std::find(plan.accesses.begin(), plan.accesses.end(), in.a) == plan.accesses.end())
            plan.accesses.push_back(in.a);
    }
    if (!loop.lo.affine || !loop.hi.affine)
        return;
    plan.quantities = {loop.lo.form, loop.hi.form};
    for (int a : plan.accesses) {
        const CAccess& acc = m_accesses[a];
        if (!acc.fast)
            return;
        // The flat address as an int64 form (the unsigned coefficients wrap back exactly), with the loop
        // variable replaced by the loop's lower bound.
        AffineForm address;
        address.constant = static_cast<std::int64_t>(acc.c0);
        std::int64_t unit = 0;
        for (const auto& [slot, c] : acc.terms) {
            if (slot == loop.slot)
                unit = static_cast<std::int64_t>(c);
            else
                address.terms.emplace_back(slot, static_cast<std::int64_t>(c));
        }
        const auto atLo = loop.lo.form.scaled(unit);
        const auto combined = atLo ? address.plus(*atLo) : std::nullopt;
        if (!combined)
            return;
        plan.quantities.push_back(*combined);
        plan.unitStrides.push_back(unit);
        plan.strides.push_back(unit * loop.step);
    }
    for (const AffineForm& f : plan.guard) {
        AffineForm rest;
        rest.constant = f.constant;
        std::int64_t a = 0;
        for (const auto& [slot, c] : f.terms) {
            if (slot == loop.slot)
                a = c;
            else
                rest.terms.emplace_back(slot, c);
        }
        plan.guardCoef.push_back(a);
        plan.quantities.push_back(std::move(rest));
    }
    for (const AffineForm& q : plan.quantities) {
        std::int64_t c = 0;
        for (const auto& [slot, coef] : q.terms) {
            if (slot == loop.slot - 1)
                c = coef;
        }
        plan.parentCoef.push_back(c);
    }
    const CAccess& target = m_accesses[body->target];
    if (body->op == AssignOp::Add && code.size() == 3 && code[0].op == Op::LoadAddr && code[1].op == Op::LoadAddr && code[2].op == Op::Mul
        && m_accesses[code[0].a].tensor != target.tensor && m_accesses[code[1].a].tensor != target.tensor) {
        plan.mac = true;
        plan.dot = plan.unitStrides[0] == 0;
        plan.dotA = static_cast<int>(std::find(plan.accesses.begin(), plan.accesses.end(), code[0].a) - plan.accesses.begin());
        plan.dotB = static_cast<int>(std::find(plan.accesses.begin(), plan.accesses.end(), code[1].a) - plan.accesses.begin());
    }
    plan.value = emit(code);
    plan.enabled = true;
    loop.inner = std::move(plan);
}

std::int64_t Machine::coefficientOf(const AffineForm& f, int slot)
{
    for (const auto& [s, c] : f.terms)
        if (s == slot)
            return c;
    return 0;
}

// See Rows. The facts that make the interchange exact are checked here once; the initialiser's element is
// checked against the dot's at run time.
void Machine::planRows(Node& loop)
{
    if (!m_options.specialize || m_options.profile || loop.body.empty() || loop.body.size() > 2 || loop.reversed)
        return;
    Rows rows;
    if (loop.body.size() == 2)
        rows.init = loop.body[0];
    for (int id = loop.body.back();;) {
        const Node& l = m_nodes[id];
        if (l.kind != StmtKind::For || l.reversed || !l.lo.affine || !l.hi.affine || coefficientOf(l.lo.form, loop.slot) != 0
            || coefficientOf(l.hi.form, loop.slot) != 0)
            return;
        rows.chain.push_back(id);
        if (l.inner.enabled)
            break;
        if (l.body.size() != 1)
            return;
        id = l.body[0];
    }
    const InnerLoop& p = m_nodes[rows.chain.back()].inner;
    if (!p.dot || p.guardCoef.size() > kMaxRowFacts)
        return;
    for (const AffineForm& q : p.quantities)
        rows.coef.push_back(coefficientOf(q, loop.slot));
    const Node& dot = m_nodes[p.assign];
    const AffineForm& target = p.quantities[2]; // planInnerLoop puts the target's address first
    // Each iteration of this loop its own element, the same one throughout the nest.
    if (rows.coef[2] == 0)
        return;
    for (size_t i = 0; i + 1 < rows.chain.size(); ++i)
        if (coefficientOf(target, m_nodes[rows.chain[i]].slot) != 0)
            return;
    if (rows.init >= 0) {
        const Node& init = m_nodes[rows.init];
        const int tensor = m_accesses[dot.target].tensor;
        if (!initialises(init, tensor))
            return;
    }
    rows.enabled = true;
    loop.rows = std::move(rows);
}

int Machine::compileAccess(const Expr& e, const std::vector<std::pair<std::string, int>>& scope)
{
    CAccess a;
    a.node = &e;
    a.tensor = m_tensorIndex.at(e.name);
    const auto& shape = m_tensors[a.tensor].shape;
    const NameResolver resolve = resolverFor(scope);
    std::int64_t stride = 1;
    a.dims.resize(e.args.size());
    for (int d = static_cast<int>(e.args.size()) - 1; d >= 0; --d) {
        IndexDim& dim = a.dims[d];
        dim.node = &e.args[d];
        dim.size = shape[d];
        dim.stride = stride;
        stride *= std::max<std::int64_t>(shape[d], 1);
        if (auto f = toAffine(e.args[d], resolve)) {
            dim.affine = true;
            dim.form = std::move(*f);
        } else {
            dim.code = compileStandalone(e.args[d], scope);
        }
    }
    const auto b = m_bounds.find(&e);
    bool fast = b != m_bounds.end() && b->second.proven;
    bool affine = true;
    for (const auto& dim : a.dims)
        affine = affine && dim.affine;
    if (fast && !affine && b->second.flat) {
        // A folded view's digits of one affine flat address (boundsanalysis.h).
        a.c0 = static_cast<std::uint64_t>(b->second.flat->constant);
        for (const auto& [slot, c] : b->second.flat->terms)
            a.terms.emplace_back(slot < static_cast<int>(m_slotRemap.size()) ? m_slotRemap[static_cast<size_t>(slot)] : slot,
                                 static_cast<std::uint64_t>(c));
    } else if (fast && !affine) {
        fast = false;
    } else if (fast) {
        // Wrapping unsigned arithmetic: the final address is in range, so it is exact even if a partial sum wraps.
        std::map<int, std::uint64_t> coef;
        for (const auto& dim : a.dims) {
            a.c0 += static_cast<std::uint64_t>(dim.form.constant) * static_cast<std::uint64_t>(dim.stride);
            for (const auto& [slot, c] : dim.form.terms)
                coef[slot] += static_cast<std::uint64_t>(c) * static_cast<std::uint64_t>(dim.stride);
        }
        for (const auto& [slot, c] : coef) {
            if (c != 0)
                a.terms.emplace_back(slot, c);
        }
    }
    a.fast = fast;
    for (const auto& v : scope)
        a.loopVars.push_back(v.first);
    m_accesses.push_back(std::move(a));
    return static_cast<int>(m_accesses.size()) - 1;
}

Bound Machine::compileBound(const Expr& e, const std::vector<std::pair<std::string, int>>& scope)
{
    Bound b;
    if (auto f = toAffine(e, resolverFor(scope))) {
        b.affine = true;
        b.form = std::move(*f);
    } else {
        b.code = compileStandalone(e, scope);
    }
    return b;
}

std::vector<int> Machine::compileStmts(const std::vector<Stmt>& stmts, std::vector<std::pair<std::string, int>>& scope)
{
    std::vector<int> ids;
    for (const auto& s : stmts)
        ids.push_back(compileStmt(s, scope));
    return ids;
}

int Machine::compileStmt(const Stmt& s, std::vector<std::pair<std::string, int>>& scope)
{
    Node n;
    n.kind = s.kind;
    n.loc = s.loc;
    switch (s.kind) {
    case StmtKind::For: {
        const size_t depth = scope.size();
        // A band "for a in .., b in .." is nested loops; each range becomes its own node, outermost first.
        std::vector<Node> chain;
        // Possibly in another order than written (nestorder.h); the bounds analysis numbered the slots as written.
        const LoopOrder plan = m_options.specialize && !m_options.profile
            ? executionOrder(s, resolverFor(scope), m_sizes.shapes, targetInBounds(s))
            : asWritten(s.ranges.size());
        const std::vector<size_t>& order = plan.ranges;
        if (m_slotRemap.size() < depth + order.size())
            for (size_t i = m_slotRemap.size(); i < depth + order.size(); ++i)
                m_slotRemap.push_back(static_cast<int>(i));
        for (size_t k = 0; k < order.size(); ++k)
            m_slotRemap[depth + order[k]] = static_cast<int>(depth + k);
        for (size_t position = 0; position < order.size(); ++position) {
            const LoopRange& r = s.ranges[order[position]];
            Node loop;
            loop.reversed = plan.reversed[position];
            loop.kind = StmtKind::For;
            loop.loc = r.loc;
            loop.lo = compileBound(r.lo, scope);
            loop.hi = compileBound(r.hi, scope);
            loop.step = r.step;
            loop.slot = static_cast<int>(scope.size());
            m_maxSlots = std::max(m_maxSlots, loop.slot + 1);
            scope.emplace_back(r.var, loop.slot);
            chain.push_back(std::move(loop));
        }
        std::vector<int> inner = compileStmts(s.body, scope);
        scope.resize(depth);
        for (size_t k = 0; k < order.size(); ++k)
            m_slotRemap[depth + k] = static_cast<int>(depth + k);
        for (auto it = chain.rbegin(); it != chain.rend(); ++it) {
            it->body = std::move(inner);
            planInnerLoop(*it);
            planRows(*it);
            m_nodes.push_back(std::move(*it));
            inner = {static_cast<int>(m_nodes.size()) - 1};
        }
        return inner.front();
    }
    case StmtKind::If:
        n.cond = compileStandalone(s.cond, scope);
        n.exactFacts = exactFacts(s.cond, resolverFor(scope));
        n.body = compileStmts(s.body, scope);
        n.orelse = compileStmts(s.orelse, scope);
        break;
    case StmtKind::Assign:
        n.assignId = m_assignCount++;
        m_assignLocs.push_back(s.loc);
        n.target = compileAccess(s.target, scope);
        n.op = s.op;
        n.value = compileStandalone(s.value, scope);
        n.dtype = m_tensors[m_accesses[n.target].tensor].dtype;
        break;
    }
    m_nodes.push_back(std::move(n));
    return static_cast<int>(m_nodes.size()) - 1;
}

} // namespace detail

std::vector<double> generateInput(const std::string& name, DType dtype, std::int64_t count, std::uint64_t seed, double lo, double hi)
{
    std::vector<double> data(static_cast<size_t>(std::max<std::int64_t>(count, 0)));
    std::uint64_t state = seed ^ fnv1a(name);
    const bool integral = !isFloat(dtype);
    const double span = hi - lo;
    for (double& v : data) {
        const std::uint64_t x = splitmix64(state);
        if (integral) {
            const auto n = static_cast<std::uint64_t>(span);
            v = lo + static_cast<double>(n ? x % n : 0);
        } else {
            const double u = static_cast<double>(x >> 11) * 0x1.0p-53; // [0, 1)
            v = lo + span * u;
        }
        v = roundToDType(v, dtype);
    }
    return data;
}

TensorSummary summarize(const TensorValue& t)
{
    TensorSummary s;
    s.checksum = 14695981039346656037ull;
    double sum = 0.0;
    std::uint64_t finite = 0;
    bool first = true;
    for (double v : t.data) {
        std::uint64_t bits = std::bit_cast<std::uint64_t>(v == 0.0 ? 0.0 : v); // -0 and +0 hash alike
        if (std::isnan(v))
            bits = 0x7FF8000000000000ull;
        for (int i = 0; i < 8; ++i) {
            s.checksum ^= (bits >> (8 * i)) & 0xFF;
            s.checksum *= 1099511628211ull;
        }
        if (std::isnan(v)) {
            ++s.nanCount;
            continue;
        }
        if (first) {
            s.min = s.max = v;
            first = false;
        }
        s.min = std::min(s.min, v);
        s.max = std::max(s.max, v);
        sum += v;
        ++finite;
    }
    s.mean = finite ? sum / static_cast<double>(finite) : std::numeric_limits<double>::quiet_NaN();
    return s;
}

std::optional<Diagnostic> storageFault(const Program& program, const RunOptions& options)
{
    const auto sizes = bindSizes(program, options.sizes);
    if (!sizes)
        return sizes.diagnostics().front();
    if (const auto f = storageOverCap(program, *sizes, options.maxElements))
        return Diagnostic {Severity::Error, program.file, f->loc, f->code, f->message};
    return std::nullopt;
}

Expected<RunResult> runProgram(const Program& program, const RunOptions& options)
{
    const CheckResult check = checkProgram(program);
    if (!check.ok())
        return Expected<RunResult>::failure(check.diagnostics);
    auto sizes = bindSizes(program, options.sizes);
    if (!sizes)
        return Expected<RunResult>::failure(sizes.diagnostics());
    detail::Machine machine(program, options, std::move(sizes).value());
    return machine.run();
}

} // namespace solar::ir
