// SPDX-License-Identifier: MIT
#include "engine/ir/boundsanalysis.h"

#include <algorithm>

namespace solar::ir {

namespace {

void addComparisonFacts(BinaryOp op, const AffineForm& a, const AffineForm& b, std::vector<AffineForm>& out)
{
    const auto aMinusB = a.minus(b);
    const auto bMinusA = b.minus(a);
    if (!aMinusB || !bMinusA)
        return;
    AffineForm one;
    one.constant = 1;
    switch (op) {
    case BinaryOp::Lt: // b - a - 1 >= 0
        if (const auto f = bMinusA->minus(one))
            out.push_back(*f);
        break;
    case BinaryOp::Le: out.push_back(*bMinusA); break;
    case BinaryOp::Gt:
        if (const auto f = aMinusB->minus(one))
            out.push_back(*f);
        break;
    case BinaryOp::Ge: out.push_back(*aMinusB); break;
    case BinaryOp::Eq:
        out.push_back(*aMinusB);
        out.push_back(*bMinusA);
        break;
    default: break;
    }
}

BinaryOp negateComparison(BinaryOp op)
{
    switch (op) {
    case BinaryOp::Lt: return BinaryOp::Ge;
    case BinaryOp::Le: return BinaryOp::Gt;
    case BinaryOp::Gt: return BinaryOp::Le;
    case BinaryOp::Ge: return BinaryOp::Lt;
    case BinaryOp::Eq: return BinaryOp::Ne;
    default: return BinaryOp::Eq; // != negates to ==
    }
}

struct Scope
{
    std::vector<Interval> slots;
    std::vector<AffineForm> facts;
    std::vector<std::pair<std::string, int>> vars; // innermost last
    bool guarded = false;
    bool exactLoops = true;
    bool reachable = true;
};

class Analyzer
{
public:
    Analyzer(const Program& p, const SizeBindings& b)
        : m_program(p)
        , m_bindings(b)
    { }

    BoundsMap run()
    {
        Scope scope;
        walk(m_program.body, scope);
        return std::move(m_result);
    }

private:
    NameResolver resolverFor(const Scope& scope) const
    {
        return [this, &scope](const std::string& name) -> NameValue {
            for (auto it = scope.vars.rbegin(); it != scope.vars.rend(); ++it) {
                if (it->first == name)
                    return {NameValue::Variable, it->second};
            }
            return m_bindings.lookup(name);
        };
    }

    // Tighten single-variable facts into the variable's interval, so nested loop bounds and indices see them.
    static void refineSlots(Scope& scope, const std::vector<AffineForm>& facts)
    {
        for (const auto& f : facts) {
            if (f.terms.size() != 1)
                continue;
            const auto [slot, a] = f.terms[0];
            if (slot < 0 || slot >= static_cast<int>(scope.slots.size()))
                continue;
            Interval& v = scope.slots[slot];
            if (a > 0) { // a*v + c >= 0  =>  v >= ceil(-c / a)
                const auto q = floorDiv(-f.constant + a - 1, a);
                if (q)
                    v.lo = std::max(v.lo, *q);
            } else { // v <= floor(c / -a)
                const auto q = floorDiv(f.constant, -a);
                if (q)
                    v.hi = std::min(v.hi, *q);
            }
        }
    }

    Scope withFacts(const Scope& scope, std::vector<AffineForm> facts) const
    {
        Scope inner = scope;
        inner.guarded = true;
        refineSlots(inner, facts);
        for (auto& f : facts)
            inner.facts.push_back(std::move(f));
        for (const auto& s : inner.slots) {
            if (s.empty())
                inner.reachable = false;
        }
        for (const auto& f : inner.facts) {
            if (f.isConstant() && f.constant < 0)
                inner.reachable = false; // the guard can never hold
        }
        return inner;
    }

    void walk(const std::vector<Stmt>& stmts, const Scope& scope)
    {
        for (const auto& s : stmts)
            walkStmt(s, scope);
    }

    void walkStmt(const Stmt& s, const Scope& outer)
    {
        switch (s.kind) {
        case StmtKind::For: {
            Scope scope = outer;
            for (const auto& r : s.ranges) {
                const NameResolver resolve = resolverFor(scope);
                const auto loForm = toAffine(r.lo, resolve);
                const auto hiForm = toAffine(r.hi, resolve);
                const Interval lo = intervalOf(r.lo, resolve, scope.slots);
                const Interval hi = intervalOf(r.hi, resolve, scope.slots);
                Interval v {lo.lo, hi.hi < Interval::kUnbounded ? hi.hi - 1 : hi.hi};
                const bool constant = loForm && hiForm && loForm->isConstant() && hiForm->isConstant();
                if (constant && v.lo <= v.hi && r.step > 1)
                    v.hi = v.lo + r.step * ((v.hi - v.lo) / r.step);
                if (!constant)
                    scope.exactLoops = false;
                if (v.empty())
                    scope.reachable = false;
                const int slot = static_cast<int>(scope.slots.size());
                scope.slots.push_back(v);
                scope.vars.emplace_back(r.var, slot);
            }
            walk(s.body, scope);
            return;
        }
        case StmtKind::If: {
            const NameResolver resolve = resolverFor(outer);
            visitExpr(s.cond, outer);
            walk(s.body, withFacts(outer, factsOf(s.cond, resolve, false)));
            walk(s.orelse, withFacts(outer, factsOf(s.cond, resolve, true)));
            return;
        }
        case StmtKind::Assign:
            visitExpr(s.target, outer);
            visitExpr(s.value, outer);
            return;
        }
    }

    void visitExpr(const Expr& e, const Scope& scope)
    {
        if (e.kind == ExprKind::Select || (e.kind == ExprKind::Call && e.name == "where" && e.args.size() == 3)) {
            const NameResolver resolve = resolverFor(scope);
            visitExpr(e.args[0], scope);
            visitExpr(e.args[1], withFacts(scope, factsOf(e.args[0], resolve, false)));
            visitExpr(e.args[2], withFacts(scope, factsOf(e.args[0], resolve, true)));
            return;
        }
        for (const auto& a : e.args)
            visitExpr(a, scope);
        if (e.kind == ExprKind::Access)
            analyzeAccess(e, scope);
    }

    void analyzeAccess(const Expr& e, const Scope& scope)
    {
        AccessBounds ab;
        ab.reachable = scope.reachable;
        ab.exact = scope.exactLoops && !scope.guarded;
        const auto shapeIt = m_bindings.shapes.find(e.name);
        if (shapeIt == m_bindings.shapes.end() || shapeIt->second.size() != e.args.size()) {
            m_result[&e] = ab; // not a known tensor: the checker reports it; nothing is proven
            return;
        }
        const NameResolver resolve = resolverFor(scope);
        ab.proven = true;
        for (size_t d = 0; d < e.args.size(); ++d) {
            const Expr& idx = e.args[d];
            Interval iv;
            if (const auto f = toAffine(idx, resolve)) {
                iv = intervalOf(*f, scope.slots);
                for (const auto& fact : scope.facts) {
                    if (!f->sameLinearPart(fact)) {
                        // e + fact constant: e = c - fact <= c
                        const auto sum = f->plus(fact);
                        if (sum && sum->isConstant())
                            iv.hi = std::min(iv.hi, sum->constant);
                        continue;
                    }
                    iv.lo = std::max(iv.lo, f->constant - fact.constant); // e - fact = c  =>  e >= c
                }
            } else {
                iv = intervalOf(idx, resolve, scope.slots);
                ab.exact = false;
            }
            ab.dims.push_back(iv);
            if (!(iv.empty() || (iv.lo >= 0 && iv.hi < shapeIt->second[d]))) {
                if (ab.proven)
                    ab.badDim = static_cast<int>(d);
                ab.proven = false;
            }
        }
        if (!ab.reachable)
            ab.proven = true; // never executes
        if (ab.proven && ab.reachable)
            ab.flat = flatAddress(e, shapeIt->second, resolve, scope.slots);
        m_result[&e] = ab;
    }

    // Index d of a row-major tensor written as digit d of one affine e: `e // stride_d % size_d` (`e % size` for
    // the last dimension, no modulo for the first, a literal 0 for a dimension of size 1). With Python's floor
    // division and modulo the digits recombine to e mod the element count — to e itself where the first has no
    // modulo, or where e provably lies in [0, count).
    static std::optional<AffineForm> flatAddress(const Expr& e, const std::vector<std::int64_t>& shape, const NameResolver& resolve,
                                                 const std::vector<Interval>& slots)
    {
        if (e.args.size() < 2)
            return std::nullopt; // one index is affine already or not at all
        std::optional<AffineForm> flat;
        bool outerWrapped = false;
        std::int64_t stride = 1;
        for (size_t d = e.args.size(); d-- > 0;) {
            const Expr* x = &e.args[d];
            const std::int64_t size = shape[d];
            if (size == 1 && x->kind == ExprKind::Int && x->intValue == 0)
                continue;
            std::optional<std::int64_t> modulus, divisor = 1;
            if (x->kind == ExprKind::Binary && x->binaryOp == BinaryOp::Mod) {
                modulus = evalConstInt(x->args[1], resolve);
                if (!modulus)
                    return std::nullopt;
                x = &x->args[0];
            }
            if (x->kind == ExprKind::Binary && x->binaryOp == BinaryOp::FloorDiv) {
                divisor = evalConstInt(x->args[1], resolve);
                if (!divisor)
                    return std::nullopt;
                x = &x->args[0];
            }
            const auto form = toAffine(*x, resolve);
            if (!form || *divisor != stride || (modulus ? *modulus != size : d != 0)
                || (flat && (form->constant != flat->constant || form->terms != flat->terms)))
                return std::nullopt;
            flat = form;
            outerWrapped = modulus.has_value(); // so far the outermost digit

            const auto next = checkedMul(stride, std::max<std::int64_t>(size, 1));
            if (!next)
                return std::nullopt;
            stride = *next;
        }
        if (!flat)
            return std::nullopt;
        if (outerWrapped) {
            const Interval range = intervalOf(*flat, slots);
            if (range.lo < 0 || range.hi >= stride)
                return std::nullopt;
        }
        return flat;
    }

    const Program& m_program;
    const SizeBindings& m_bindings;
    BoundsMap m_result;
};

} // namespace

std::vector<AffineForm> factsOf(const Expr& cond, const NameResolver& resolve, bool negated)
{
    std::vector<AffineForm> out;
    if (cond.kind != ExprKind::Binary || cond.args.size() != 2)
        return out;
    if (cond.binaryOp == BinaryOp::And) {
        if (negated)
            return out; // !(a && b) is a disjunction: no single fact
        out = factsOf(cond.args[0], resolve, false);
        auto more = factsOf(cond.args[1], resolve, false);
        out.insert(out.end(), more.begin(), more.end());
        return out;
    }
    if (cond.binaryOp == BinaryOp::Or) {
        if (!negated)
            return out;
        out = factsOf(cond.args[0], resolve, true); // !(a || b) == !a && !b
        auto more = factsOf(cond.args[1], resolve, true);
        out.insert(out.end(), more.begin(), more.end());
        return out;
    }
    if (!isComparison(cond.binaryOp))
        return out;
    const auto a = toAffine(cond.args[0], resolve);
    const auto b = toAffine(cond.args[1], resolve);
    if (!a || !b)
        return out;
    addComparisonFacts(negated ? negateComparison(cond.binaryOp) : cond.binaryOp, *a, *b, out);
    return out;
}

std::optional<std::vector<AffineForm>> exactFacts(const Expr& cond, const NameResolver& resolve, bool negated)
{
    if (cond.kind != ExprKind::Binary || cond.args.size() != 2)
        return std::nullopt;
    if (cond.binaryOp == BinaryOp::And || cond.binaryOp == BinaryOp::Or) {
        // a && b is exact; !(a || b) == !a && !b is exact; the other two are disjunctions.
        if ((cond.binaryOp == BinaryOp::And) == negated)
            return std::nullopt;
        auto a = exactFacts(cond.args[0], resolve, negated);
        auto b = exactFacts(cond.args[1], resolve, negated);
        if (!a || !b)
            return std::nullopt;
        a->insert(a->end(), b->begin(), b->end());
        return a;
    }
    if (!isComparison(cond.binaryOp))
        return std::nullopt;
    const BinaryOp op = negated ? negateComparison(cond.binaryOp) : cond.binaryOp;
    if (op == BinaryOp::Ne)
        return std::nullopt;
    const auto a = toAffine(cond.args[0], resolve);
    const auto b = toAffine(cond.args[1], resolve);
    if (!a || !b)
        return std::nullopt;
    std::vector<AffineForm> out;
    addComparisonFacts(op, *a, *b, out);
    if (out.empty())
        return std::nullopt;
    return out;
}

BoundsMap analyzeBounds(const Program& program, const SizeBindings& bindings)
{
    return Analyzer(program, bindings).run();
}

} // namespace solar::ir
