// SPDX-License-Identifier: MIT
// Execution model: the checked program is compiled once per binding into a small tree of loop/if/assign nodes.
// Expressions become position-independent stack bytecode over f64; tensor accesses are precompiled: an access
// the bounds analysis proved safe and whose indices are all affine is one affine form of the loop-variable slots
// (its flat address), everything else evaluates each index and checks it. See docs/perf.md for measurements.
#include "engine/ir/interpreter.h"

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

struct Fault
{
    SourceLoc loc;
    std::string code;
    std::string message;
};

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

enum class Op : std::uint8_t {
    Const,
    Var,
    Load,
    LoadAddr,
    Neg,
    Not,
    ToBool,
    Add,
    Sub,
    Mul,
    Div,
    FloorDiv,
    Mod,
    Lt,
    Le,
    Gt,
    Ge,
    Eq,
    Ne,
    Call1,
    Call2,
    Call3,
    Cast,
    Jmp,
    Jz, // relative jumps: the target is this instruction's index + a
};

struct Insn
{
    Op op;
    std::uint8_t sub = 0; // builtin id or dtype
    std::int32_t a = 0; // slot, access index or jump offset (LoadAddr: access whose address is in m_addr)
    double k = 0.0; // constant
};

struct CodeRange
{
    int begin = 0;
    int end = 0;
};

struct IndexDim
{
    bool affine = false;
    AffineForm form;
    CodeRange code;
    std::int64_t size = 0;
    std::int64_t stride = 0;
    const Expr* node = nullptr;
};

struct CAccess
{
    int tensor = 0;
    bool fast = false; // proven in bounds and fully affine: flat address = c0 + sum(coef * var)
    std::uint64_t c0 = 0;
    std::vector<std::pair<int, std::uint64_t>> terms;
    std::vector<IndexDim> dims;
    const Expr* node = nullptr;
    std::vector<std::string> loopVars; // names of the enclosing loop variables by slot, for diagnostics
};

struct Bound
{
    bool affine = false;
    AffineForm form;
    CodeRange code;
};

// An innermost loop whose body is one assignment (optionally under an `if` that is a conjunction of affine
// comparisons) with only fast accesses runs specialised: the guard becomes a sub-range of the loop, addresses
// advance by constant strides, and `dst += A * B` with a loop-invariant dst keeps its accumulator in a register
// (rounded to the element type on every step, exactly as separate stores would be).
struct InnerLoop
{
    bool enabled = false;
    int assign = -1; // node index of the assignment
    std::vector<AffineForm> guard; // facts f >= 0 that must hold for the assignment to run
    std::vector<int> accesses; // accesses the assignment touches (all fast)
    std::vector<std::int64_t> unitStrides; // address change per unit of the loop variable, parallel to `accesses`
    std::vector<std::int64_t> strides; // address change per iteration (unit stride x step)
    std::vector<std::int64_t> guardCoef; // the loop variable's coefficient in each guard fact
    // Affine in the enclosing loop variables: [lo, hi, each access's address at v = lo, each guard fact without
    // its loop-variable term]. A parent loop advances them by parentDelta per iteration instead of re-evaluating.
    std::vector<AffineForm> quantities;
    std::vector<std::int64_t> parentCoef; // coefficient of the parent loop's variable in each quantity
    CodeRange value; // the value code with LoadAddr for every load
    bool mac = false; // dst += A * B, A and B other tensors than dst's
    bool dot = false; // a mac whose dst is invariant in this loop
    int dotA = -1, dotB = -1; // positions in `accesses`
};

// A loop whose iterations each reduce into their own element of one tensor through a nest of loops ending in a
// specialised dot, optionally after initialising that element: `for q { Y[q] = 0; for c, r, s { if (..) { Y[q] +=
// X[..] * W[..]; } } }`, or a convolution's `for p1, r1` as the trace route lowers it. No element is read by
// another iteration's statements (the dot reads other tensors, the initialiser none of Y), so the nest may run
// with this loop innermost — each element still receives its updates in their own order, from the same values —
// as rows of multiply-adds over this loop's range, clipped to the guard. Decided per run (short reductions only).
constexpr size_t kMaxRowFacts = 16; // a guard's facts on the row path (a 3-D window has 6)

struct Rows
{
    bool enabled = false;
    int init = -1; // node of the initialiser, or -1
    std::vector<int> chain; // the reduction nest's loops, outermost first; the last is the specialised dot
    std::vector<std::int64_t> coef; // this loop variable's coefficient in each of the dot's quantities
};

struct Node
{
    StmtKind kind = StmtKind::Assign;
    SourceLoc loc;
    InnerLoop inner;
    Rows rows;
    std::optional<std::vector<AffineForm>> exactFacts; // if: the condition as affine facts, when it is exactly that
    // loop
    int slot = 0;
    Bound lo, hi;
    std::int64_t step = 1;
    bool reversed = false; // runs from its last value down to lo (nestorder.h)
    // if
    CodeRange cond;
    std::vector<int> body, orelse;
    // assign
    int target = 0;
    AssignOp op = AssignOp::Set;
    CodeRange value;
    DType dtype = DType::F32;
    int assignId = 0;
};

class Machine
{
public:
    Machine(const Program& p, const RunOptions& o, SizeBindings sizes)
        : m_program(p)
        , m_options(o)
        , m_sizes(std::move(sizes))
    { }

    Expected<RunResult> run()
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

private:
    [[noreturn]] void fault(SourceLoc loc, std::string code, std::string message) const
    {
        throw Fault {loc, std::move(code), std::move(message)};
    }

    // ---- storage ----
    void allocate()
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

    std::vector<double> inputFor(const Decl& d, std::int64_t n)
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
                fault(d.loc, "run.range",
                      "'@range' of '" + d.name + "' is empty: [" + std::to_string(*l) + ", " + std::to_string(*h) + ")");
            lo = static_cast<double>(*l);
            hi = static_cast<double>(*h);
        }
        return generateInput(d.name, d.dtype, n, m_options.seed, lo, hi);
    }

    // ---- compilation ----
    // The band's one assignment writes a target the bounds analysis proved in bounds (nestorder.h).
    bool targetInBounds(const Stmt& band) const
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

    static std::vector<size_t> identityOrder(size_t n)
    {
        std::vector<size_t> order(n);
        for (size_t i = 0; i < n; ++i)
            order[i] = i;
        return order;
    }

    NameResolver resolverFor(const std::vector<std::pair<std::string, int>>& scope) const
    {
        return [this, &scope](const std::string& name) -> NameValue {
            for (auto it = scope.rbegin(); it != scope.rend(); ++it) {
                if (it->first == name)
                    return {NameValue::Variable, it->second};
            }
            return m_sizes.lookup(name);
        };
    }

    CodeRange emit(const std::vector<Insn>& code)
    {
        CodeRange r {static_cast<int>(m_code.size()), 0};
        m_code.insert(m_code.end(), code.begin(), code.end());
        r.end = static_cast<int>(m_code.size());
        return r;
    }

    CodeRange compileStandalone(const Expr& e, const std::vector<std::pair<std::string, int>>& scope)
    {
        std::vector<Insn> code;
        compileExpr(e, scope, code);
        return emit(code);
    }

    void compileExpr(const Expr& e, const std::vector<std::pair<std::string, int>>& scope, std::vector<Insn>& out)
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
    void compileSelect(const Expr& e, const std::vector<std::pair<std::string, int>>& scope, std::vector<Insn>& out)
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

    std::int64_t strideOf(const CAccess& a, int slot) const
    {
        for (const auto& [s, c] : a.terms) {
            if (s == slot)
                return static_cast<std::int64_t>(c);
        }
        return 0;
    }

    void planInnerLoop(Node& loop)
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
        if (body->op == AssignOp::Add && code.size() == 3 && code[0].op == Op::LoadAddr && code[1].op == Op::LoadAddr
            && code[2].op == Op::Mul && m_accesses[code[0].a].tensor != target.tensor && m_accesses[code[1].a].tensor != target.tensor) {
            plan.mac = true;
            plan.dot = plan.unitStrides[0] == 0;
            plan.dotA = static_cast<int>(std::find(plan.accesses.begin(), plan.accesses.end(), code[0].a) - plan.accesses.begin());
            plan.dotB = static_cast<int>(std::find(plan.accesses.begin(), plan.accesses.end(), code[1].a) - plan.accesses.begin());
        }
        plan.value = emit(code);
        plan.enabled = true;
        loop.inner = std::move(plan);
    }

    static std::int64_t coefficientOf(const AffineForm& f, int slot)
    {
        for (const auto& [s, c] : f.terms)
            if (s == slot)
                return c;
        return 0;
    }

    // See Rows. The facts that make the interchange exact are checked here once; the initialiser's element is
    // checked against the dot's at run time.
    void planRows(Node& loop)
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
            if (init.kind != StmtKind::Assign || init.op != AssignOp::Set || m_accesses[init.target].tensor != tensor)
                return;
            for (int i = init.value.begin; i < init.value.end; ++i)
                if ((m_code[static_cast<size_t>(i)].op == Op::Load || m_code[static_cast<size_t>(i)].op == Op::LoadAddr)
                    && m_accesses[static_cast<size_t>(m_code[static_cast<size_t>(i)].a)].tensor == tensor)
                    return;
        }
        rows.enabled = true;
        loop.rows = std::move(rows);
    }

    int compileAccess(const Expr& e, const std::vector<std::pair<std::string, int>>& scope)
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

    Bound compileBound(const Expr& e, const std::vector<std::pair<std::string, int>>& scope)
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

    std::vector<int> compileStmts(const std::vector<Stmt>& stmts, std::vector<std::pair<std::string, int>>& scope)
    {
        std::vector<int> ids;
        for (const auto& s : stmts)
            ids.push_back(compileStmt(s, scope));
        return ids;
    }

    int compileStmt(const Stmt& s, std::vector<std::pair<std::string, int>>& scope)
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
                : LoopOrder {identityOrder(s.ranges.size()), std::vector<bool>(s.ranges.size(), false)};
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

    // ---- execution ----
    std::int64_t affineValue(const AffineForm& f, SourceLoc loc) const
    {
        std::int64_t v = f.constant;
        for (const auto& [slot, c] : f.terms) {
            std::int64_t t;
            if (__builtin_mul_overflow(c, m_vars[slot], &t) || __builtin_add_overflow(v, t, &v))
                fault(loc, "run.overflow", "integer overflow in an index or loop bound");
        }
        return v;
    }

    std::int64_t integerOf(double v, const Expr& node) const
    {
        if (!(v == std::trunc(v)) || std::fabs(v) > 4.0e18)
            fault(node.loc, "run.bad-index", "'" + printExpr(node) + "' evaluates to " + formatNumber(v) + ", not an index");
        return static_cast<std::int64_t>(v);
    }

    std::int64_t boundValue(const Bound& b, SourceLoc loc)
    {
        if (b.affine)
            return affineValue(b.form, loc);
        const double v = eval(b.code, m_stack.data());
        if (!(v == std::trunc(v)) || std::fabs(v) > 4.0e18)
            fault(loc, "run.bad-bound", "a loop bound evaluates to " + formatNumber(v) + ", not an integer");
        return static_cast<std::int64_t>(v);
    }

    std::int64_t address(const CAccess& a, double* scratch)
    {
        if (a.fast) {
            std::uint64_t f = a.c0;
            for (const auto& [slot, c] : a.terms)
                f += c * static_cast<std::uint64_t>(m_vars[slot]);
            return static_cast<std::int64_t>(f);
        }
        std::int64_t flat = 0;
        for (size_t d = 0; d < a.dims.size(); ++d) {
            const IndexDim& dim = a.dims[d];
            const std::int64_t idx = dim.affine ? affineValue(dim.form, dim.node->loc) : integerOf(eval(dim.code, scratch), *dim.node);
            if (idx < 0 || idx >= dim.size)
                fault(dim.node->loc, "run.out-of-bounds",
                      "index " + std::to_string(idx) + " ('" + printExpr(*dim.node) + "') is out of bounds for dimension "
                          + std::to_string(d) + " of '" + a.node->name + "' (size " + std::to_string(dim.size) + ") in '"
                          + printExpr(*a.node) + "'" + loopContext(a));
            flat += idx * dim.stride;
        }
        return flat;
    }

    // " at i = 3, j = 7": where in the iteration space the fault happened.
    std::string loopContext(const CAccess& a) const
    {
        std::string s;
        for (size_t slot = 0; slot < a.loopVars.size(); ++slot)
            s += (s.empty() ? " at " : ", ") + a.loopVars[slot] + " = " + std::to_string(m_vars[slot]);
        return s;
    }

    double eval(CodeRange r, double* st) { return m_options.profile ? evalCode<true>(r, st) : evalCode<false>(r, st); }

    // kProfile: record each load against the running assignment and count its arithmetic (the value's own, not its
    // index computations, which run one evaluation deeper).
    template<bool kProfile>
    double evalCode(CodeRange r, double* st)
    {
        const bool counting = kProfile && m_current >= 0 && m_evalDepth == 0;
        if constexpr (kProfile)
            ++m_evalDepth;
        int sp = 0;
        const Insn* code = m_code.data();
        for (int pc = r.begin; pc < r.end; ++pc) {
            const Insn& in = code[pc];
            if constexpr (kProfile) {
                if (counting && isArithmetic(in.op))
                    ++m_stmtOps[m_current];
            }
            switch (in.op) {
            case Op::Const: st[sp++] = in.k; break;
            case Op::Var: st[sp++] = static_cast<double>(m_vars[in.a]); break;
            case Op::Load: {
                const CAccess& a = m_accesses[in.a];
                const std::int64_t at = address(a, st + sp);
                if constexpr (kProfile)
                    record(m_stmtReads, a.tensor, at);
                st[sp] = m_data[a.tensor][at];
                ++sp;
                break;
            }
            case Op::LoadAddr: st[sp++] = m_data[m_accesses[in.a].tensor][m_addr[in.a]]; break;
            case Op::Neg: st[sp - 1] = -st[sp - 1]; break;
            case Op::Not: st[sp - 1] = st[sp - 1] == 0.0 ? 1.0 : 0.0; break;
            case Op::ToBool: st[sp - 1] = st[sp - 1] != 0.0 ? 1.0 : 0.0; break;
            case Op::Add:
                --sp;
                st[sp - 1] += st[sp];
                break;
            case Op::Sub:
                --sp;
                st[sp - 1] -= st[sp];
                break;
            case Op::Mul:
                --sp;
                st[sp - 1] *= st[sp];
                break;
            case Op::Div:
                --sp;
                st[sp - 1] /= st[sp];
                break;
            case Op::FloorDiv:
                --sp;
                st[sp - 1] = std::floor(st[sp - 1] / st[sp]);
                break;
            case Op::Mod: {
                --sp;
                const double a = st[sp - 1], b = st[sp];
                double m = std::fmod(a, b);
                if (m != 0.0 && ((m < 0.0) != (b < 0.0)))
                    m += b; // Python/torch.remainder: the result has the divisor's sign
                st[sp - 1] = m;
                break;
            }
            case Op::Lt:
                --sp;
                st[sp - 1] = st[sp - 1] < st[sp];
                break;
            case Op::Le:
                --sp;
                st[sp - 1] = st[sp - 1] <= st[sp];
                break;
            case Op::Gt:
                --sp;
                st[sp - 1] = st[sp - 1] > st[sp];
                break;
            case Op::Ge:
                --sp;
                st[sp - 1] = st[sp - 1] >= st[sp];
                break;
            case Op::Eq:
                --sp;
                st[sp - 1] = st[sp - 1] == st[sp];
                break;
            case Op::Ne:
                --sp;
                st[sp - 1] = st[sp - 1] != st[sp];
                break;
            case Op::Call1: st[sp - 1] = evalBuiltin1(static_cast<Builtin>(in.sub), st[sp - 1]); break;
            case Op::Call2:
                --sp;
                st[sp - 1] = evalBuiltin2(static_cast<Builtin>(in.sub), st[sp - 1], st[sp]);
                break;
            case Op::Call3:
                sp -= 2;
                st[sp - 1] = evalBuiltin3(static_cast<Builtin>(in.sub), st[sp - 1], st[sp], st[sp + 1]);
                break;
            case Op::Cast: st[sp - 1] = roundToDType(st[sp - 1], static_cast<DType>(in.sub)); break;
            case Op::Jmp: pc += in.a - 1; break;
            case Op::Jz:
                if (st[--sp] == 0.0)
                    pc += in.a - 1;
                break;
            }
        }
        if constexpr (kProfile)
            --m_evalDepth;
        return st[0];
    }

    static bool isArithmetic(Op op)
    {
        switch (op) {
        case Op::Add:
        case Op::Sub:
        case Op::Mul:
        case Op::Div:
        case Op::FloorDiv:
        case Op::Mod:
        case Op::Call1:
        case Op::Call2:
        case Op::Call3: return true;
        default: return false;
        }
    }

    // Per assignment, per tensor: a bitset of the flat elements touched.
    using ElementSets = std::vector<std::map<int, std::vector<std::uint64_t>>>;

    void record(ElementSets& sets, int tensor, std::int64_t at)
    {
        if (m_current < 0)
            return; // a loop bound or a data-dependent condition: no assignment to charge it to
        auto& bits = sets[m_current][tensor];
        if (bits.empty())
            bits.assign((m_tensors[tensor].data.size() + 63) / 64, 0);
        bits[static_cast<size_t>(at) / 64] |= std::uint64_t(1) << (at % 64);
    }

    void fillProfile(RunResult& r) const
    {
        auto popcount = [](const std::vector<std::uint64_t>& bits) {
            std::uint64_t n = 0;
            for (auto w : bits)
                n += static_cast<std::uint64_t>(__builtin_popcountll(w));
            return n;
        };
        std::map<int, std::vector<std::uint64_t>> touched;
        auto merge = [&](int tensor, const std::vector<std::uint64_t>& bits) {
            auto& all = touched[tensor];
            all.resize(bits.size(), 0);
            for (size_t i = 0; i < bits.size(); ++i)
                all[i] |= bits[i];
        };
        r.profile.resize(m_stmtOps.size());
        for (size_t s = 0; s < m_stmtOps.size(); ++s) {
            StatementProfile& p = r.profile[s];
            p.arithmeticOps = m_stmtOps[s];
            for (const auto& [t, bits] : m_stmtReads[s]) {
                p.distinctReads[r.tensors[t].name] = popcount(bits);
                merge(t, bits);
            }
            for (const auto& [t, bits] : m_stmtWrites[s]) {
                p.distinctWrites[r.tensors[t].name] = popcount(bits);
                merge(t, bits);
            }
        }
        for (const auto& [t, bits] : touched)
            r.distinctTouched[r.tensors[t].name] = popcount(bits);
    }

    void execList(const std::vector<int>& ids)
    {
        for (int id : ids)
            exec(m_nodes[id]);
    }

    void exec(const Node& n)
    {
        switch (n.kind) {
        case StmtKind::For: {
            const std::int64_t lo = boundValue(n.lo, n.loc);
            const std::int64_t hi = boundValue(n.hi, n.loc);
            std::int64_t& v = m_vars[n.slot];
            if (n.reversed) {
                execReversed(n, lo, hi);
                return;
            }
            if (n.rows.enabled && execRows(n, lo, hi))
                return;
            if (n.inner.enabled) {
                std::int64_t* q = m_quantities.data();
                for (size_t i = 0; i < n.inner.quantities.size(); ++i)
                    q[i] = formValue(n.inner.quantities[i]);
                execInner(n, q);
                return;
            }
            if (n.body.size() == 1 && m_nodes[n.body[0]].kind == StmtKind::For && m_nodes[n.body[0]].inner.enabled) {
                execParentOfInner(n, m_nodes[n.body[0]], lo, hi);
                return;
            }
            if (n.body.size() == 2 && initThenDots(m_nodes[n.body[0]], m_nodes[n.body[1]])) {
                execInitThenDots(n, m_nodes[n.body[0]], m_nodes[n.body[1]], lo, hi);
                return;
            }
            if (n.body.size() == 1 && m_nodes[n.body[0]].kind == StmtKind::Assign) {
                const Node& body = m_nodes[n.body[0]];
                for (std::int64_t i = lo; i < hi; i += n.step) {
                    v = i;
                    assign(body);
                }
                return;
            }
            for (std::int64_t i = lo; i < hi; i += n.step) {
                v = i;
                execList(n.body);
            }
            return;
        }
        case StmtKind::If:
            if (eval(n.cond, m_stack.data()) != 0.0)
                execList(n.body);
            else
                execList(n.orelse);
            return;
        case StmtKind::Assign: assign(n); return;
        }
    }

    // Counts n executions of an assignment against the work cap and polls for cancellation.
    void account(const Node& n, std::uint64_t count)
    {
        const std::uint64_t before = m_total;
        m_total += count;
        if (m_total > m_options.maxInstances)
            fault(n.loc, "run.work-cap",
                  "the program executed more than " + std::to_string(m_options.maxInstances) + " assignments (the interpreter's work cap), "
                      + std::to_string(m_counts[n.assignId] + count) + " of them this one (line " + std::to_string(n.loc.line)
                      + "): its loop nest repeats work the direct algorithm does once (a whole reduction re-run per element, "
                        "a quadratic scan); compute it directly, or analyse smaller sizes");
        if ((before >> 16) != (m_total >> 16) && m_options.isCancelled && m_options.isCancelled())
            fault(n.loc, "run.cancelled", "cancelled");
        m_counts[n.assignId] += count;
    }

    static void store(double& dst, double v, AssignOp op, DType dtype)
    {
        double r;
        switch (op) {
        case AssignOp::Add: r = dst + v; break;
        case AssignOp::Mul: r = dst * v; break;
        case AssignOp::Max: r = (std::isnan(dst) || std::isnan(v)) ? std::numeric_limits<double>::quiet_NaN() : (v > dst ? v : dst); break;
        case AssignOp::Min: r = (std::isnan(dst) || std::isnan(v)) ? std::numeric_limits<double>::quiet_NaN() : (v < dst ? v : dst); break;
        default: r = v; break;
        }
        switch (dtype) {
        case DType::F64: dst = r; break;
        case DType::F32: dst = static_cast<double>(static_cast<float>(r)); break;
        default: dst = roundToDType(r, dtype); break;
        }
    }

    // Wrapping evaluation: addresses are exact modulo 2^64, and bounds and guard values never come near overflow
    // for sizes the memory cap admits.
    std::int64_t formValue(const AffineForm& f) const
    {
        std::uint64_t v = static_cast<std::uint64_t>(f.constant);
        for (const auto& [slot, c] : f.terms)
            v += static_cast<std::uint64_t>(c) * static_cast<std::uint64_t>(m_vars[slot]);
        return static_cast<std::int64_t>(v);
    }

    // A loop run from its last value down (nestorder.h); never itself a specialised inner loop.
    void execReversed(const Node& n, std::int64_t lo, std::int64_t hi)
    {
        if (hi <= lo)
            return;
        const std::int64_t last = lo + (hi - lo - 1) / n.step * n.step;
        if (n.body.size() == 1 && m_nodes[n.body[0]].kind == StmtKind::For && m_nodes[n.body[0]].inner.enabled
            && !dotsInterleave(m_nodes[n.body[0]])) {
            advanceInner(n, m_nodes[n.body[0]], last, -n.step, (hi - lo + n.step - 1) / n.step);
            return;
        }
        for (std::int64_t i = last; i >= lo; i -= n.step) {
            m_vars[n.slot] = i;
            execList(n.body);
        }
    }

    // The inner loop `child` once per value first, first + delta, ... (count values) of n's variable, its
    // quantities advanced by a constant per step.
    void advanceInner(const Node& n, const Node& child, std::int64_t first, std::int64_t delta, std::int64_t count)
    {
        std::int64_t* q = innerQuantities(n, child, first);
        for (std::int64_t k = 0; k < count; ++k) {
            m_vars[n.slot] = first + k * delta;
            execInner(child, q);
            advanceQuantities(child.inner, q, delta);
        }
    }

    // The inner loop's quantities with n's variable at `value` (m_quantities).
    std::int64_t* innerQuantities(const Node& n, const Node& child, std::int64_t value)
    {
        std::int64_t* q = m_quantities.data();
        m_vars[n.slot] = value;
        for (size_t i = 0; i < child.inner.quantities.size(); ++i)
            q[i] = formValue(child.inner.quantities[i]);
        return q;
    }

    // The parent's variable moved by delta (wrapping, as formValue).
    static void advanceQuantities(const InnerLoop& p, std::int64_t* q, std::int64_t delta)
    {
        for (size_t i = 0; i < p.quantities.size(); ++i)
            q[i] = static_cast<std::int64_t>(static_cast<std::uint64_t>(q[i])
                                             + static_cast<std::uint64_t>(p.parentCoef[i]) * static_cast<std::uint64_t>(delta));
    }

    // A loop whose only statement is a specialised inner loop: the inner loop's quantities are affine in this
    // loop's variable, so they are evaluated once and then advanced by a constant per iteration.
    void execParentOfInner(const Node& n, const Node& child, std::int64_t lo, std::int64_t hi)
    {
        std::int64_t v = lo;
        if (dotsInterleave(child)) {
            std::int64_t* q = innerQuantities(n, child, lo);
            for (; v + 3 * n.step < hi; v += 4 * n.step) {
                m_vars[n.slot] = v + 3 * n.step;
                execDots4(child, q, n.step);
                advanceQuantities(child.inner, q, 4 * n.step);
            }
        }
        if (v < hi)
            advanceInner(n, child, v, n.step, (hi - v + n.step - 1) / n.step);
    }

    // See Rows: false (nothing run) where the rows would not pay — a long dot, or fewer rows than taps — or where an
    // initialiser writes another element than its dot's.
    bool execRows(const Node& n, std::int64_t lo, std::int64_t hi)
    {
        if (hi <= lo)
            return false;
        const Rows& rows = n.rows;
        const Node& last = m_nodes[rows.chain.back()];
        const InnerLoop& p = last.inner;
        const std::int64_t count = (hi - lo + n.step - 1) / n.step;
        // The dot's length where the nest starts.
        m_vars[n.slot] = lo;
        for (int id : rows.chain) {
            const Node& l = m_nodes[id];
            m_vars[l.slot] = boundValue(l.lo, l.loc);
        }
        const std::int64_t taps = (formValue(p.quantities[1]) - formValue(p.quantities[0]) + last.step - 1) / last.step;
        if (taps >= count || (p.guardCoef.empty() && taps >= 16))
            return false;
        if (rows.init >= 0) {
            const Node& init = m_nodes[rows.init];
            for (std::int64_t j = 0; j < count; ++j) {
                m_vars[n.slot] = lo + j * n.step;
                if (address(m_accesses[init.target], m_stack.data()) != formValue(p.quantities[2]))
                    return false;
            }
            for (std::int64_t j = 0; j < count; ++j) {
                m_vars[n.slot] = lo + j * n.step;
                assign(init);
            }
        }
        walkRows(n, 0, lo, count);
        return true;
    }

    void walkRows(const Node& n, size_t level, std::int64_t lo, std::int64_t count)
    {
        const Node& l = m_nodes[n.rows.chain[level]];
        if (level + 1 == n.rows.chain.size()) {
            runRows(n, l, lo, count);
            return;
        }
        const std::int64_t a = boundValue(l.lo, l.loc), b = boundValue(l.hi, l.loc);
        for (std::int64_t v = a; v < b; v += l.step) {
            m_vars[l.slot] = v;
            walkRows(n, level + 1, lo, count);
        }
    }

    // The dot loop `last` with `n` innermost: for each of its steps, the multiply-adds over the range of n's
    // iterations its guard allows.
    void runRows(const Node& n, const Node& last, std::int64_t lo, std::int64_t count)
    {
        const InnerLoop& p = last.inner;
        const std::vector<std::int64_t>& coef = n.rows.coef;
        const size_t nq = p.quantities.size(), accessCount = p.accesses.size(), facts = p.guardCoef.size();
        std::int64_t* q = m_quantities.data();
        m_vars[n.slot] = lo;
        for (size_t i = 0; i < nq; ++i)
            q[i] = formValue(p.quantities[i]);
        std::int64_t rest[kMaxRowFacts], rowCoef[kMaxRowFacts]; // planRows took no more facts
        for (size_t k = 0; k < facts; ++k)
            rowCoef[k] = coef[2 + accessCount + k] * n.step;
        const Node& dot = m_nodes[p.assign];
        const int ia = p.accesses[p.dotA], ib = p.accesses[p.dotB];
        double* d0 = m_data[m_accesses[dot.target].tensor];
        const double* a0 = m_data[m_accesses[ia].tensor];
        const double* b0 = m_data[m_accesses[ib].tensor];
        const std::int64_t sd = coef[2] * n.step, sa = coef[2 + p.dotA] * n.step, sb = coef[2 + p.dotB] * n.step;
        for (std::int64_t v = q[0]; v < q[1]; v += last.step) {
            for (size_t k = 0; k < facts; ++k)
                rest[k] = p.guardCoef[k] * v + q[2 + accessCount + k];
            std::int64_t from = 0, to = count;
            if (!kernels::clipToFacts(rowCoef, rest, facts, from, to))
                continue;
            account(dot, static_cast<std::uint64_t>(to - from));
            const std::int64_t shift = v - q[0];
            auto at = [&](int k) {
                return static_cast<std::int64_t>(static_cast<std::uint64_t>(q[2 + k]) + static_cast<std::uint64_t>(p.unitStrides[k] * shift)
                                                 + static_cast<std::uint64_t>(coef[2 + k] * n.step * from));
            };
            kernels::multiplyAdd(d0 + at(0), sd, a0 + at(p.dotA), sa, b0 + at(p.dotB), sb, to - from, dot.dtype);
        }
    }

    // Four iterations of the parent of a dot loop at once, when they are four independent dot products: the inner
    // loop's range does not move with the parent (no guard, bounds free of its variable) and each iteration writes
    // its own element. Each accumulator runs the very operations of execInner's, in the same order, so the values
    // are bit-identical; the four chains only overlap in time (one chain waits on its add and two conversions).
    bool dotsInterleave(const Node& loop) const
    {
        const InnerLoop& p = loop.inner;
        if (!p.dot || !p.guardCoef.empty() || p.parentCoef[0] != 0 || p.parentCoef[1] != 0)
            return false;
        const DType dtype = m_nodes[p.assign].dtype;
        if (dtype != DType::F32 && dtype != DType::F64)
            return false;
        const int target = m_nodes[p.assign].target;
        for (size_t k = 0; k < p.accesses.size(); ++k)
            if (p.accesses[k] == target)
                return p.parentCoef[2 + k] != 0;
        return false;
    }

    // `C[m, n] = <init>; for k { C[m, n] += A[m, k] * B[k, n]; }` inside a loop over n: the initialiser writes the
    // dot's own element and reads nothing of its tensor, so four initialisers and then their four dots run what the
    // loop runs, in an order no value can tell (the dots read other tensors only). Checked per group at run time:
    // the initialiser's element must be the dot's.
    bool initThenDots(const Node& init, const Node& loop) const
    {
        if (init.kind != StmtKind::Assign || init.op != AssignOp::Set || loop.kind != StmtKind::For || !loop.inner.enabled
            || !dotsInterleave(loop))
            return false;
        const int tensor = m_accesses[init.target].tensor;
        if (tensor != m_accesses[m_nodes[loop.inner.assign].target].tensor)
            return false;
        for (int i = init.value.begin; i < init.value.end; ++i)
            if ((m_code[static_cast<size_t>(i)].op == Op::Load || m_code[static_cast<size_t>(i)].op == Op::LoadAddr)
                && m_accesses[static_cast<size_t>(m_code[static_cast<size_t>(i)].a)].tensor == tensor)
                return false;
        return true;
    }

    void execInitThenDots(const Node& n, const Node& init, const Node& loop, std::int64_t lo, std::int64_t hi)
    {
        const InnerLoop& p = loop.inner;
        const Node& dot = m_nodes[p.assign];
        size_t kt = 0;
        while (p.accesses[kt] != dot.target)
            ++kt;
        std::int64_t& v = m_vars[n.slot];
        std::int64_t* q = m_quantities.data();
        const size_t nq = p.quantities.size();
        std::int64_t i = lo;
        for (; i + 3 * n.step < hi; i += 4 * n.step) {
            // The dot's quantities at the group's first iteration, and each initialiser's element against its dot's.
            v = i;
            for (size_t k = 0; k < nq; ++k)
                q[k] = formValue(p.quantities[k]);
            bool same = true;
            for (int j = 0; j < 4 && same; ++j) {
                v = i + j * n.step;
                same = address(m_accesses[init.target], m_stack.data())
                    == static_cast<std::int64_t>(static_cast<std::uint64_t>(q[2 + kt])
                                                 + static_cast<std::uint64_t>(p.parentCoef[2 + kt])
                                                     * static_cast<std::uint64_t>(j * n.step));
            }
            if (!same)
                break; // the general path from here on
            for (int j = 0; j < 4; ++j) {
                v = i + j * n.step;
                assign(init);
            }
            execDots4(loop, q, n.step);
        }
        for (; i < hi; i += n.step) {
            v = i;
            execList(n.body);
        }
    }

    void execDots4(const Node& loop, const std::int64_t* q, std::int64_t parentStep)
    {
        const InnerLoop& p = loop.inner;
        const Node& n = m_nodes[p.assign];
        const std::int64_t lo = q[0], hi = q[1];
        if (hi <= lo)
            return;
        const std::int64_t count = (hi - lo + loop.step - 1) / loop.step;
        account(n, 4 * static_cast<std::uint64_t>(count));
        size_t kt = 0;
        while (p.accesses[kt] != n.target)
            ++kt;
        auto at = [&](size_t k, int j) {
            return static_cast<std::int64_t>(static_cast<std::uint64_t>(q[2 + k])
                                             + static_cast<std::uint64_t>(p.parentCoef[2 + k])
                                                 * static_cast<std::uint64_t>(j * parentStep));
        };
        const size_t ka = static_cast<size_t>(p.dotA), kb = static_cast<size_t>(p.dotB);
        double* dstBase = m_data[m_accesses[n.target].tensor];
        const double* aBase = m_data[m_accesses[p.accesses[ka]].tensor];
        const double* bBase = m_data[m_accesses[p.accesses[kb]].tensor];
        const std::int64_t sa = p.strides[ka], sb = p.strides[kb];
        double* dst[4];
        const double* pa[4];
        const double* pb[4];
        double acc[4];
        for (int j = 0; j < 4; ++j) {
            dst[j] = dstBase + at(kt, j);
            pa[j] = aBase + at(ka, j);
            pb[j] = bBase + at(kb, j);
            acc[j] = *dst[j];
        }
        if (n.dtype == DType::F32) {
            for (std::int64_t i = 0; i < count; ++i)
                for (int j = 0; j < 4; ++j)
                    acc[j] = static_cast<float>(acc[j] + pa[j][i * sa] * pb[j][i * sb]);
        } else {
            for (std::int64_t i = 0; i < count; ++i)
                for (int j = 0; j < 4; ++j)
                    acc[j] += pa[j][i * sa] * pb[j][i * sb];
        }
        for (int j = 0; j < 4; ++j)
            *dst[j] = acc[j];
    }

    void execInner(const Node& loop, const std::int64_t* q)
    {
        const InnerLoop& p = loop.inner;
        const std::int64_t first = q[0];
        std::int64_t lo = q[0];
        std::int64_t hi = q[1];
        const size_t accessCount = p.accesses.size();
        // a * v + rest >= 0 for each guard fact, with every other variable fixed during this loop.
        if (!kernels::clipToFacts(p.guardCoef.data(), q + 2 + accessCount, p.guardCoef.size(), lo, hi))
            return;
        if (loop.step > 1 && lo > first)
            lo = first + (lo - first + loop.step - 1) / loop.step * loop.step;
        if (hi <= lo)
            return;
        const std::int64_t count = (hi - lo + loop.step - 1) / loop.step;
        const Node& n = m_nodes[p.assign];
        account(n, static_cast<std::uint64_t>(count));
        const std::int64_t shift = lo - first;
        for (size_t k = 0; k < accessCount; ++k)
            m_addr[p.accesses[k]] = q[2 + k] + p.unitStrides[k] * shift;
        if (p.mac) {
            const int ia = p.accesses[p.dotA], ib = p.accesses[p.dotB];
            kernels::multiplyAdd(m_data[m_accesses[n.target].tensor] + m_addr[n.target], p.strides[0],
                                 m_data[m_accesses[ia].tensor] + m_addr[ia], p.strides[p.dotA], m_data[m_accesses[ib].tensor] + m_addr[ib],
                                 p.strides[p.dotB], count, n.dtype);
            return;
        }
        double* stack = m_stack.data();
        for (std::int64_t i = 0; i < count; ++i) {
            m_vars[loop.slot] = lo + i * loop.step;
            const double v = eval(p.value, stack);
            store(m_data[m_accesses[n.target].tensor][m_addr[n.target]], v, n.op, n.dtype);
            for (size_t k = 0; k < accessCount; ++k)
                m_addr[p.accesses[k]] += p.strides[k];
        }
    }

    void assign(const Node& n)
    {
        account(n, 1);
        if (m_options.profile) {
            m_current = n.assignId;
            const double v = eval(n.value, m_stack.data());
            const CAccess& t = m_accesses[n.target];
            const std::int64_t at = address(t, m_stack.data());
            record(m_stmtWrites, t.tensor, at);
            if (n.op != AssignOp::Set) {
                record(m_stmtReads, t.tensor, at);
                ++m_stmtOps[m_current];
            }
            m_current = -1;
            store(m_data[t.tensor][at], v, n.op, n.dtype);
            return;
        }
        const double v = eval(n.value, m_stack.data());
        const CAccess& t = m_accesses[n.target];
        store(m_data[t.tensor][address(t, m_stack.data())], v, n.op, n.dtype);
    }

    const Program& m_program;
    const RunOptions& m_options;
    SizeBindings m_sizes;
    BoundsMap m_bounds;
    std::vector<TensorValue> m_tensors;
    std::vector<double*> m_data;
    std::unordered_map<std::string, int> m_tensorIndex;
    std::vector<Insn> m_code;
    std::vector<CAccess> m_accesses;
    std::vector<Node> m_nodes;
    std::vector<int> m_top;
    std::vector<double> m_stack;
    std::vector<std::int64_t> m_vars;
    std::vector<std::int64_t> m_addr; // current flat address of each access inside a specialised inner loop
    std::vector<std::int64_t> m_quantities; // the running inner loop's bounds, addresses and guard values
    std::vector<std::uint64_t> m_counts;
    std::vector<SourceLoc> m_assignLocs;
    std::uint64_t m_total = 0;
    // Profiling (RunOptions::profile): the running assignment (-1 outside one), eval nesting, what each touched.
    int m_current = -1;
    int m_evalDepth = 0;
    ElementSets m_stmtReads, m_stmtWrites;
    std::vector<std::uint64_t> m_stmtOps;
    int m_assignCount = 0;
    int m_maxSlots = 0;
    std::vector<int> m_slotRemap; // the bounds analysis' slot of a loop variable -> its slot here (nestorder.h)
};

} // namespace

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
    Machine machine(program, options, std::move(sizes).value());
    return machine.run();
}

} // namespace solar::ir
