// SPDX-License-Identifier: MIT
#include "engine/parallel/loopnest.h"

#include "engine/ir/intexpr.h"

#include <algorithm>

namespace solar::parallel {

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

namespace {

void collectExpr(Expr& e, Stmt* assign, Nest& nest)
{
    if (e.kind == ExprKind::Access)
        nest.accesses.push_back({&e, false, assign});
    for (auto& a : e.args)
        collectExpr(a, assign, nest);
}

} // namespace

void collectNest(Stmt& s, std::set<std::string> enclosing, Nest& nest, const ir::SizeBindings& sizes, const BlockIndex& blocks)
{
    switch (s.kind) {
    case StmtKind::For:
        for (auto& r : s.ranges) {
            LoopVar& v = nest.vars[r.var];
            v.ranges.push_back(&r);
            std::string error;
            const auto lo = ir::evalConstInt(r.lo, sizes.resolver(), &error);
            const auto hi = ir::evalConstInt(r.hi, sizes.resolver(), &error);
            if (!lo || !hi || *lo != 0 || r.step != 1 || (v.extent >= 0 && v.extent != *hi))
                v.plain = false;
            else
                v.extent = *hi;
            const ir::Interval l = blocks.rangeOf(r.lo, nest.vars), h = blocks.rangeOf(r.hi, nest.vars);
            const ir::Interval now {l.lo, h.hi < ir::Interval::kUnbounded ? h.hi - 1 : h.hi};
            v.range = v.rangeKnown ? ir::Interval {std::min(v.range.lo, now.lo), std::max(v.range.hi, now.hi)} : now;
            v.rangeKnown = true;
            enclosing.insert(r.var);
        }
        for (auto& b : s.body)
            collectNest(b, enclosing, nest, sizes, blocks);
        break;
    case StmtKind::If:
        collectExpr(s.cond, nullptr, nest);
        for (auto& b : s.body)
            collectNest(b, enclosing, nest, sizes, blocks);
        for (auto& b : s.orelse)
            collectNest(b, enclosing, nest, sizes, blocks);
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

// Iteration points of the nest's statements (the passes compare what one device runs).
static bool usesOutside(const Expr& e, const std::string& var, const std::set<const Expr*>& keep)
{
    if (keep.count(&e))
        return false;
    if (e.kind == ExprKind::Name && e.name == var)
        return true;
    return std::any_of(e.args.begin(), e.args.end(), [&](const Expr& a) { return usesOutside(a, var, keep); });
}

bool usesOutside(const Stmt& s, const std::string& var, const std::set<const Expr*>& keep)
{
    for (const auto& r : s.ranges)
        if (usesOutside(r.lo, var, keep) || (r.var != var && usesOutside(r.hi, var, keep)))
            return true;
    if (usesOutside(s.cond, var, keep) || usesOutside(s.value, var, keep))
        return true;
    for (const auto& a : s.target.args)
        if (usesOutside(a, var, keep))
            return true;
    return std::any_of(s.body.begin(), s.body.end(), [&](const Stmt& b) { return usesOutside(b, var, keep); })
        || std::any_of(s.orelse.begin(), s.orelse.end(), [&](const Stmt& b) { return usesOutside(b, var, keep); });
}

std::string describeNest(const Nest& nest)
{
    const ir::Stmt& s = *nest.assigns.front().stmt;
    return "line " + std::to_string(s.loc.line) + " (" + s.target.name + ")";
}

double pointsOf(const Nest& nest)
{
    double points = 0;
    for (const Assign& as : nest.assigns) {
        double p = 1;
        for (const auto& v : as.enclosing) {
            const LoopVar& lv = nest.vars.at(v);
            p *= lv.rangeKnown && lv.range.bounded() ? static_cast<double>(lv.range.hi - lv.range.lo + 1) : 1.0;
        }
        points += p;
    }
    return points;
}

} // namespace solar::parallel
