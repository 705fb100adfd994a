// SPDX-License-Identifier: MIT
// The machine's execution: the node tree walked, and the specialised loops (inner loops, interleaved dots, rows, reversed loops).
#include "engine/ir/machine.h"

#include "engine/ir/loopkernels.h"

#include <cmath>
#include <limits>

namespace solar::ir::detail {

void Machine::execList(const std::vector<int>& ids)
{
    for (int id : ids)
        exec(m_nodes[id]);
}

void Machine::exec(const Node& n)
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
void Machine::account(const Node& n, std::uint64_t count)
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

void Machine::store(double& dst, double v, AssignOp op, DType dtype)
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
std::int64_t Machine::formValue(const AffineForm& f) const
{
    std::uint64_t v = static_cast<std::uint64_t>(f.constant);
    for (const auto& [slot, c] : f.terms)
        v += static_cast<std::uint64_t>(c) * static_cast<std::uint64_t>(m_vars[slot]);
    return static_cast<std::int64_t>(v);
}

// A loop run from its last value down (nestorder.h); never itself a specialised inner loop.
void Machine::execReversed(const Node& n, std::int64_t lo, std::int64_t hi)
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
void Machine::advanceInner(const Node& n, const Node& child, std::int64_t first, std::int64_t delta, std::int64_t count)
{
    std::int64_t* q = innerQuantities(n, child, first);
    for (std::int64_t k = 0; k < count; ++k) {
        m_vars[n.slot] = first + k * delta;
        execInner(child, q);
        advanceQuantities(child.inner, q, delta);
    }
}

// The inner loop's quantities with n's variable at `value` (m_quantities).
std::int64_t* Machine::innerQuantities(const Node& n, const Node& child, std::int64_t value)
{
    std::int64_t* q = m_quantities.data();
    m_vars[n.slot] = value;
    for (size_t i = 0; i < child.inner.quantities.size(); ++i)
        q[i] = formValue(child.inner.quantities[i]);
    return q;
}

// The parent's variable moved by delta (wrapping, as formValue).
void Machine::advanceQuantities(const InnerLoop& p, std::int64_t* q, std::int64_t delta)
{
    for (size_t i = 0; i < p.quantities.size(); ++i)
        q[i] = static_cast<std::int64_t>(static_cast<std::uint64_t>(q[i])
                                         + static_cast<std::uint64_t>(p.parentCoef[i]) * static_cast<std::uint64_t>(delta));
}

// A loop whose only statement is a specialised inner loop: the inner loop's quantities are affine in this
// loop's variable, so they are evaluated once and then advanced by a constant per iteration.
void Machine::execParentOfInner(const Node& n, const Node& child, std::int64_t lo, std::int64_t hi)
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
bool Machine::execRows(const Node& n, std::int64_t lo, std::int64_t hi)
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

void Machine::walkRows(const Node& n, size_t level, std::int64_t lo, std::int64_t count)
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
void Machine::runRows(const Node& n, const Node& last, std::int64_t lo, std::int64_t count)
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
bool Machine::dotsInterleave(const Node& loop) const
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
bool Machine::initThenDots(const Node& init, const Node& loop) const
{
    if (loop.kind != StmtKind::For || !loop.inner.enabled || !dotsInterleave(loop))
        return false;
    return initialises(init, m_accesses[m_nodes[loop.inner.assign].target].tensor);
}

// `init` sets an element of `tensor` from values that read nothing of it: running it before or after another
// element's updates cannot change them.
bool Machine::initialises(const Node& init, int tensor) const
{
    if (init.kind != StmtKind::Assign || init.op != AssignOp::Set || m_accesses[init.target].tensor != tensor)
        return false;
    for (int i = init.value.begin; i < init.value.end; ++i)
        if ((m_code[static_cast<size_t>(i)].op == Op::Load || m_code[static_cast<size_t>(i)].op == Op::LoadAddr)
            && m_accesses[static_cast<size_t>(m_code[static_cast<size_t>(i)].a)].tensor == tensor)
            return false;
    return true;
}

void Machine::execInitThenDots(const Node& n, const Node& init, const Node& loop, std::int64_t lo, std::int64_t hi)
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
                                             + static_cast<std::uint64_t>(p.parentCoef[2 + kt]) * static_cast<std::uint64_t>(j * n.step));
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

void Machine::execDots4(const Node& loop, const std::int64_t* q, std::int64_t parentStep)
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
                                         + static_cast<std::uint64_t>(p.parentCoef[2 + k]) * static_cast<std::uint64_t>(j * parentStep));
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

void Machine::execInner(const Node& loop, const std::int64_t* q)
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

void Machine::assign(const Node& n)
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

} // namespace solar::ir::detail
