// SPDX-License-Identifier: MIT
#include "engine/graph/exprwalk.h"

#include "engine/ir/builtins.h"

#include <algorithm>

namespace solar::graph {

// Walks the statements with one mutable context (loops and guards pushed and popped) and copies it once per
// assignment.
void collectAssigns(const std::vector<ir::Stmt>& stmts, AssignCtx& ctx, std::vector<AssignCtx>& out)
{
    for (const auto& s : stmts) {
        switch (s.kind) {
        case ir::StmtKind::For: {
            for (const auto& r : s.ranges)
                ctx.loops.push_back({r.var, &r.lo, &r.hi, r.step, s.opBlock == 0});
            collectAssigns(s.body, ctx, out);
            ctx.loops.resize(ctx.loops.size() - s.ranges.size());
            break;
        }
        case ir::StmtKind::If: {
            ctx.guards.push_back({&s.cond, false, s.opBlock == 0});
            collectAssigns(s.body, ctx, out);
            ctx.guards.back().negated = true;
            collectAssigns(s.orelse, ctx, out);
            ctx.guards.pop_back();
            break;
        }
        case ir::StmtKind::Assign: {
            AssignCtx a;
            a.loops = ctx.loops;
            a.guards = ctx.guards;
            a.stmt = &s;
            a.assignId = static_cast<int>(out.size());
            out.push_back(std::move(a));
            break;
        }
        }
    }
}

void collectAccesses(const ir::Expr& e, std::vector<const ir::Expr*>& out)
{
    for (const auto& a : e.args)
        collectAccesses(a, out);
    if (e.kind == ir::ExprKind::Access)
        out.push_back(&e);
}

bool isConditional(const ir::Expr& e)
{
    if (e.kind == ir::ExprKind::Select)
        return true;
    if (e.kind != ir::ExprKind::Call || e.args.size() != 3)
        return false;
    const auto id = ir::findBuiltin(e.name);
    return id && *id == ir::Builtin::Where;
}

// The accesses of `e` in collectAccesses' order, each with the conditions under which it runs: an access in a
// branch of `c ? a : b` or `where(c, a, b)` is only read where its branch is taken (the interpreter and any compiled
// kernel evaluate one branch), so its footprint is counted under the condition as an extra guard. The right side
// of `a && b` runs only where `a` holds, of `a || b` only where it does not (ALIR's operators short-circuit).
void collectReads(const ir::Expr& e, std::vector<GuardSpec>& path, std::vector<const ir::Expr*>& reads,
                  std::vector<std::vector<GuardSpec>>& paths)
{
    if (e.kind == ir::ExprKind::Binary && (e.binaryOp == ir::BinaryOp::And || e.binaryOp == ir::BinaryOp::Or) && e.args.size() == 2) {
        collectReads(e.args[0], path, reads, paths);
        path.push_back({&e.args[0], e.binaryOp == ir::BinaryOp::Or});
        collectReads(e.args[1], path, reads, paths);
        path.pop_back();
        return;
    }
    if (isConditional(e)) {
        collectReads(e.args[0], path, reads, paths);
        for (int branch = 1; branch <= 2; ++branch) {
            path.push_back({&e.args[0], branch == 2});
            collectReads(e.args[branch], path, reads, paths);
            path.pop_back();
        }
    } else {
        for (const auto& a : e.args)
            collectReads(a, path, reads, paths);
    }
    if (e.kind == ir::ExprKind::Access) {
        reads.push_back(&e);
        paths.push_back(path);
    }
}

bool readsTensor(const ir::Expr& e)
{
    if (e.kind == ir::ExprKind::Access)
        return true;
    return std::any_of(e.args.begin(), e.args.end(), [](const ir::Expr& a) { return readsTensor(a); });
}

void collectNames(const ir::Expr& e, std::set<std::string, std::less<>>& out)
{
    if (e.kind == ir::ExprKind::Name)
        out.insert(e.name);
    for (const auto& a : e.args)
        collectNames(a, out);
}

bool mentions(const ir::Expr& e, std::string_view name)
{
    if (e.kind == ir::ExprKind::Name && e.name == name)
        return true;
    return std::any_of(e.args.begin(), e.args.end(), [&](const ir::Expr& a) { return mentions(a, name); });
}

bool usesLoopVar(const ir::Expr& e, const std::vector<LoopSpec>& loops)
{
    if (e.kind == ir::ExprKind::Name && std::any_of(loops.begin(), loops.end(), [&](const LoopSpec& l) { return l.var == e.name; }))
        return true;
    return std::any_of(e.args.begin(), e.args.end(), [&](const ir::Expr& a) { return usesLoopVar(a, loops); });
}

// A value fixed for the whole statement: literals, sizes and arithmetic on them.
bool isConstant(const ir::Expr& e, const std::vector<LoopSpec>& loops)
{
    return !readsTensor(e) && !usesLoopVar(e, loops);
}

const ir::Expr* unwrapCast(const ir::Expr& e)
{
    return e.kind == ir::ExprKind::Cast ? &e.args[0] : &e;
}

// The factors of a product tree.
void factors(const ir::Expr& e, std::vector<const ir::Expr*>& out)
{
    if (e.kind == ir::ExprKind::Binary && e.binaryOp == ir::BinaryOp::Mul) {
        factors(e.args[0], out);
        factors(e.args[1], out);
        return;
    }
    out.push_back(&e);
}

} // namespace solar::graph
