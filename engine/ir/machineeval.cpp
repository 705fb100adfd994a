// SPDX-License-Identifier: MIT
// The machine's integer and expression evaluation: affine forms, bounds, addresses, the bytecode, profiling records.
#include "engine/ir/machine.h"

#include "engine/ir/builtins.h"
#include "engine/ir/printer.h"

#include <bit>
#include <cmath>
#include <limits>

namespace solar::ir::detail {

// ---- evaluation ----
std::int64_t Machine::affineValue(const AffineForm& f, SourceLoc loc) const
{
    std::int64_t v = f.constant;
    for (const auto& [slot, c] : f.terms) {
        std::int64_t t;
        if (__builtin_mul_overflow(c, m_vars[slot], &t) || __builtin_add_overflow(v, t, &v))
            fault(loc, "run.overflow", "integer overflow in an index or loop bound");
    }
    return v;
}

std::int64_t Machine::integerOf(double v, const Expr& node) const
{
    if (!(v == std::trunc(v)) || std::fabs(v) > 4.0e18)
        fault(node.loc, "run.bad-index", "'" + printExpr(node) + "' evaluates to " + formatNumber(v) + ", not an index");
    return static_cast<std::int64_t>(v);
}

std::int64_t Machine::boundValue(const Bound& b, SourceLoc loc)
{
    if (b.affine)
        return affineValue(b.form, loc);
    const double v = eval(b.code, m_stack.data());
    if (!(v == std::trunc(v)) || std::fabs(v) > 4.0e18)
        fault(loc, "run.bad-bound", "a loop bound evaluates to " + formatNumber(v) + ", not an integer");
    return static_cast<std::int64_t>(v);
}

std::int64_t Machine::address(const CAccess& a, double* scratch)
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
                  "index " + std::to_string(idx) + " ('" + printExpr(*dim.node) + "') is out of bounds for dimension " + std::to_string(d)
                      + " of '" + a.node->name + "' (size " + std::to_string(dim.size) + ") in '" + printExpr(*a.node) + "'"
                      + loopContext(a));
        flat += idx * dim.stride;
    }
    return flat;
}

// " at i = 3, j = 7": where in the iteration space the fault happened.
std::string Machine::loopContext(const CAccess& a) const
{
    std::string s;
    for (size_t slot = 0; slot < a.loopVars.size(); ++slot)
        s += (s.empty() ? " at " : ", ") + a.loopVars[slot] + " = " + std::to_string(m_vars[slot]);
    return s;
}

double Machine::eval(CodeRange r, double* st)
{
    return m_options.profile ? evalCode<true>(r, st) : evalCode<false>(r, st);
}

// kProfile: record each load against the running assignment and count its arithmetic (the value's own, not its
// index computations, which run one evaluation deeper).
template<bool kProfile>
double Machine::evalCode(CodeRange r, double* st)
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

bool Machine::isArithmetic(Op op)
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

void Machine::record(ElementSets& sets, int tensor, std::int64_t at)
{
    if (m_current < 0)
        return; // a loop bound or a data-dependent condition: no assignment to charge it to
    auto& bits = sets[m_current][tensor];
    if (bits.empty())
        bits.assign((m_tensors[tensor].data.size() + 63) / 64, 0);
    bits[static_cast<size_t>(at) / 64] |= std::uint64_t(1) << (at % 64);
}

void Machine::fillProfile(RunResult& r) const
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

} // namespace solar::ir::detail
