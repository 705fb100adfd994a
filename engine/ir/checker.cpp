// SPDX-License-Identifier: MIT
#include "engine/ir/checker.h"

#include "engine/ir/bindings.h"
#include "engine/ir/boundsanalysis.h"
#include "engine/ir/builtins.h"
#include "engine/ir/intexpr.h"
#include "engine/ir/printer.h"

#include <algorithm>
#include <map>
#include <set>
#include <unordered_map>

namespace solar::ir {

std::string_view boundsStatusName(BoundsStatus status)
{
    switch (status) {
    case BoundsStatus::Proven: return "proven";
    case BoundsStatus::RuntimeChecked: return "runtime-checked";
    case BoundsStatus::OutOfBounds: return "out-of-bounds";
    case BoundsStatus::Unreachable: return "unreachable";
    }
    return "runtime-checked";
}

namespace {

enum class VType { Int, Float, Bool, Error };

// Where an expression appears decides what it may reference.
enum class Ctx {
    Size, // tensor dimensions, lets, @range: parameters and lets only
    Bound, // loop bounds: also loop variables, but no tensor reads
    Value, // indices, conditions and values: everything
};

std::string typeName(VType t)
{
    switch (t) {
    case VType::Int: return "integer";
    case VType::Float: return "floating-point";
    case VType::Bool: return "boolean";
    case VType::Error: return "invalid";
    }
    return "invalid";
}

VType typeOfDType(DType d)
{
    if (d == DType::Bool)
        return VType::Bool;
    return isFloat(d) ? VType::Float : VType::Int;
}

VType arith(VType a, VType b)
{
    if (a == VType::Error || b == VType::Error)
        return VType::Error;
    return (a == VType::Float || b == VType::Float) ? VType::Float : VType::Int;
}

void collectNames(const Expr& e, std::set<std::string>& out)
{
    if (e.kind == ExprKind::Name)
        out.insert(e.name);
    for (const auto& a : e.args)
        collectNames(a, out);
}

struct Symbol
{
    enum Kind { Param, Let, Tensor } kind = Param;
    SourceLoc loc;
    const Decl* decl = nullptr;
    bool read = false;
    bool written = false;
    bool warnedEarlyRead = false;
};

class Checker
{
public:
    explicit Checker(const Program& p)
        : m_program(p)
    { }

    CheckResult run()
    {
        declareGlobals();
        if (m_result.ok()) {
            auto defaults = bindSizes(m_program);
            if (defaults) {
                m_defaults = std::move(defaults).value();
            } else {
                for (auto d : defaults.diagnostics()) {
                    d.message += " (at the default sizes)";
                    m_result.diagnostics.push_back(std::move(d));
                }
            }
        }
        checkConstInits();
        walk(m_program.body);
        finish();
        if (m_result.ok() && m_defaults)
            checkBounds();
        std::stable_sort(m_result.accesses.begin(), m_result.accesses.end(), [](const AccessInfo& a, const AccessInfo& b) {
            return a.loc.line != b.loc.line ? a.loc.line < b.loc.line : a.loc.column < b.loc.column;
        });
        m_result.assignCount = m_assignCount;
        return std::move(m_result);
    }

private:
    void error(SourceLoc loc, std::string code, std::string message)
    {
        m_result.diagnostics.push_back({Severity::Error, m_program.file, loc, std::move(code), std::move(message)});
    }
    void warning(SourceLoc loc, std::string code, std::string message)
    {
        m_result.diagnostics.push_back({Severity::Warning, m_program.file, loc, std::move(code), std::move(message)});
    }

    static std::string where(SourceLoc loc) { return "line " + std::to_string(loc.line); }

    bool defineGlobal(const std::string& name, Symbol sym)
    {
        const auto it = m_globals.find(name);
        if (it != m_globals.end()) {
            error(sym.loc, "check.redefinition", "redefinition of '" + name + "' (first defined at " + where(it->second.loc) + ")");
            return false;
        }
        if (findBuiltin(name))
            warning(sym.loc, "check.shadows-builtin", "'" + name + "' has the name of a built-in function");
        m_globals.emplace(name, sym);
        return true;
    }

    void declareGlobals()
    {
        for (const auto& p : m_program.params)
            defineGlobal(p.name, {Symbol::Param, p.loc});
        for (const auto& d : m_program.decls) {
            if (d.kind == DeclKind::Let) {
                checkInt(d.value, Ctx::Size, "the value of 'let " + d.name + "'");
                defineGlobal(d.name, {Symbol::Let, d.loc});
                continue;
            }
            for (size_t i = 0; i < d.dims.size(); ++i)
                checkInt(d.dims[i], Ctx::Size, "dimension " + std::to_string(i) + " of '" + d.name + "'");
            if (d.hasRange) {
                if (d.tensorKind != TensorKind::In && d.tensorKind != TensorKind::Weight)
                    error(d.loc, "check.range-kind",
                          "'@range' only applies to 'in' and 'weight' tensors; '" + d.name + "' is '"
                              + std::string(tensorKindName(d.tensorKind)) + "'");
                checkInt(d.rangeLo, Ctx::Size, "the lower bound of '@range'");
                checkInt(d.rangeHi, Ctx::Size, "the upper bound of '@range'");
            }
            defineGlobal(d.name, {Symbol::Tensor, d.loc, &d});
        }
    }

    void checkConstInits()
    {
        if (!m_defaults)
            return;
        for (const auto& d : m_program.decls) {
            if (d.kind != DeclKind::Tensor || d.tensorKind != TensorKind::Const)
                continue;
            const auto it = m_defaults->shapes.find(d.name);
            if (it == m_defaults->shapes.end())
                continue;
            const auto n = elementCount(it->second);
            if (static_cast<std::int64_t>(d.init.size()) != n)
                error(d.loc, "check.const-size",
                      "const tensor '" + d.name + "' has " + std::to_string(d.init.size()) + " values but " + std::to_string(n)
                          + " elements at the default sizes");
        }
    }

    const Symbol* findGlobal(const std::string& name) const
    {
        const auto it = m_globals.find(name);
        return it == m_globals.end() ? nullptr : &it->second;
    }
    Symbol* findGlobal(const std::string& name)
    {
        const auto it = m_globals.find(name);
        return it == m_globals.end() ? nullptr : &it->second;
    }

    int findLoopVar(const std::string& name) const
    {
        for (int i = static_cast<int>(m_loopVars.size()) - 1; i >= 0; --i) {
            if (m_loopVars[i].first == name)
                return i;
        }
        return -1;
    }

    NameResolver resolver() const
    {
        return [this](const std::string& name) -> NameValue {
            const int slot = findLoopVar(name);
            if (slot >= 0)
                return {NameValue::Variable, slot};
            if (m_defaults)
                return m_defaults->lookup(name);
            const Symbol* s = findGlobal(name);
            if (s && (s->kind == Symbol::Param || s->kind == Symbol::Let))
                return {NameValue::Constant, 1};
            return {};
        };
    }

    void checkInt(const Expr& e, Ctx ctx, const std::string& what)
    {
        const VType t = typeOf(e, ctx);
        if (t != VType::Int && t != VType::Error)
            error(e.loc, "check.type", what + " must be an integer expression, not " + typeName(t));
    }

    VType typeOf(const Expr& e, Ctx ctx)
    {
        switch (e.kind) {
        case ExprKind::Int: return VType::Int;
        case ExprKind::Float:
            if (ctx != Ctx::Value) {
                error(e.loc, "check.type", "floating-point literal in an integer size expression");
                return VType::Error;
            }
            return VType::Float;
        case ExprKind::Name: {
            if (ctx != Ctx::Size && findLoopVar(e.name) >= 0)
                return VType::Int;
            const Symbol* s = findGlobal(e.name);
            if (!s) {
                if (findBuiltin(e.name))
                    error(e.loc, "check.undeclared", "'" + e.name + "' is a function; call it as " + e.name + "(...)");
                else if (ctx == Ctx::Size && findLoopVar(e.name) >= 0)
                    error(e.loc, "check.undeclared", "loop variable '" + e.name + "' cannot appear in a size");
                else
                    error(e.loc, "check.undeclared", "use of undeclared name '" + e.name + "'");
                return VType::Error;
            }
            if (s->kind == Symbol::Tensor) {
                error(e.loc, "check.tensor-as-scalar", "'" + e.name + "' is a tensor; index it as " + e.name + "[...]");
                return VType::Error;
            }
            return VType::Int;
        }
        case ExprKind::Access: return typeOfAccess(e, ctx, false);
        case ExprKind::Unary: {
            const VType a = typeOf(e.args.at(0), ctx);
            if (a == VType::Error)
                return a;
            if (e.unaryOp == UnaryOp::Not) {
                if (a != VType::Bool)
                    error(e.loc, "check.type", "'!' needs a boolean operand, not " + typeName(a));
                return VType::Bool;
            }
            return a == VType::Float ? VType::Float : VType::Int;
        }
        case ExprKind::Binary: {
            const VType a = typeOf(e.args.at(0), ctx);
            const VType b = typeOf(e.args.at(1), ctx);
            if (a == VType::Error || b == VType::Error)
                return VType::Error;
            const std::string op(binaryOpText(e.binaryOp));
            if (e.binaryOp == BinaryOp::And || e.binaryOp == BinaryOp::Or) {
                if (a != VType::Bool || b != VType::Bool)
                    error(e.loc, "check.type",
                          "'" + op + "' needs boolean operands (comparisons), not " + typeName(a != VType::Bool ? a : b));
                return VType::Bool;
            }
            if (isComparison(e.binaryOp))
                return VType::Bool;
            if (e.binaryOp == BinaryOp::Div) {
                if (ctx != Ctx::Value) {
                    error(e.loc, "check.type", "'/' is true division; use '//' in sizes and loop bounds");
                    return VType::Error;
                }
                return VType::Float;
            }
            return arith(a, b);
        }
        case ExprKind::Call: return typeOfCall(e, ctx);
        case ExprKind::Cast:
            if (ctx != Ctx::Value) {
                error(e.loc, "check.type", "'cast' cannot appear in a size or loop bound");
                return VType::Error;
            }
            if (typeOf(e.args.at(0), ctx) == VType::Error)
                return VType::Error;
            return typeOfDType(e.castType);
        case ExprKind::Select: {
            const VType c = typeOf(e.args.at(0), ctx);
            const VType a = typeOf(e.args.at(1), ctx);
            const VType b = typeOf(e.args.at(2), ctx);
            if (c == VType::Error || a == VType::Error || b == VType::Error)
                return VType::Error;
            if (c != VType::Bool)
                error(e.args[0].loc, "check.type",
                      "the condition of '?:' must be boolean (a comparison or a bool tensor), not " + typeName(c));
            if (a == VType::Bool && b == VType::Bool)
                return VType::Bool;
            return arith(a, b);
        }
        }
        return VType::Error;
    }

    VType typeOfCall(const Expr& e, Ctx ctx)
    {
        const auto id = findBuiltin(e.name);
        if (!id) {
            const Symbol* s = findGlobal(e.name);
            if (s && s->kind == Symbol::Tensor)
                error(e.loc, "check.unknown-function", "'" + e.name + "' is a tensor; index it with [...], not (...)");
            else
                error(e.loc, "check.unknown-function", "unknown function '" + e.name + "'");
            for (const auto& a : e.args)
                typeOf(a, ctx);
            return VType::Error;
        }
        const BuiltinInfo& info = builtinInfo(*id);
        if (static_cast<int>(e.args.size()) != info.arity) {
            error(e.loc, "check.arity",
                  "'" + e.name + "' takes " + std::to_string(info.arity) + " argument" + (info.arity == 1 ? "" : "s") + ", not "
                      + std::to_string(e.args.size()));
            return VType::Error;
        }
        if (ctx == Ctx::Size && *id != Builtin::Min && *id != Builtin::Max && *id != Builtin::Abs) {
            error(e.loc, "check.type", "'" + e.name + "' cannot appear in a size (only min, max and abs can)");
            return VType::Error;
        }
        std::vector<VType> types;
        for (const auto& a : e.args) {
            types.push_back(typeOf(a, ctx));
            if (types.back() == VType::Error)
                return VType::Error;
        }
        switch (*id) {
        case Builtin::Where:
            if (types[0] != VType::Bool)
                error(e.args[0].loc, "check.type", "the condition of 'where' must be boolean, not " + typeName(types[0]));
            if (types[1] == VType::Bool && types[2] == VType::Bool)
                return VType::Bool;
            return arith(types[1], types[2]);
        case Builtin::IsNan: return VType::Bool;
        case Builtin::Max:
        case Builtin::Min:
        case Builtin::Abs:
        case Builtin::Clamp:
        case Builtin::Sign:
        case Builtin::Square:
        case Builtin::Relu:
        case Builtin::Floor:
        case Builtin::Ceil:
        case Builtin::Round:
        case Builtin::Trunc: {
            VType r = VType::Int;
            for (VType t : types)
                r = arith(r, t);
            return r;
        }
        default:
            if (ctx != Ctx::Value) {
                error(e.loc, "check.type", "'" + e.name + "' cannot appear in a loop bound");
                return VType::Error;
            }
            return VType::Float;
        }
    }

    VType typeOfAccess(const Expr& e, Ctx ctx, bool isWrite)
    {
        if (ctx != Ctx::Value) {
            error(e.loc, "check.tensor-in-size",
                  "tensor '" + e.name + "' cannot be read in " + std::string(ctx == Ctx::Size ? "a size expression" : "a loop bound"));
            return VType::Error;
        }
        Symbol* s = findGlobal(e.name);
        if (!s) {
            if (findLoopVar(e.name) >= 0)
                error(e.loc, "check.not-a-tensor", "'" + e.name + "' is a loop variable, not a tensor");
            else
                error(e.loc, "check.undeclared", "use of undeclared tensor '" + e.name + "'");
            for (const auto& a : e.args)
                typeOf(a, ctx);
            return VType::Error;
        }
        if (s->kind != Symbol::Tensor) {
            error(e.loc, "check.not-a-tensor", "'" + e.name + "' is a size, not a tensor");
            return VType::Error;
        }
        const Decl& d = *s->decl;
        bool ok = true;
        if (d.dims.size() != e.args.size()) {
            error(e.loc, "check.rank",
                  "'" + e.name + "' has rank " + std::to_string(d.dims.size()) + " but is indexed with " + std::to_string(e.args.size())
                      + " index" + (e.args.size() == 1 ? "" : "es"));
            ok = false;
        }
        AccessClass cls = AccessClass::Affine;
        for (size_t i = 0; i < e.args.size(); ++i) {
            const Expr& idx = e.args[i];
            const VType t = typeOf(idx, ctx);
            if (t == VType::Error) {
                ok = false;
                continue;
            }
            if (t != VType::Int) {
                error(idx.loc, "check.index-type",
                      "index " + std::to_string(i) + " of '" + e.name + "' must be an integer, not " + typeName(t)
                          + (t == VType::Float ? " (use '//' for integer division or cast<i64>)" : ""));
                ok = false;
                continue;
            }
            cls = worseAccessClass(cls, classify(idx));
        }
        if (!isWrite) {
            s->read = true;
            if (!s->written && !s->warnedEarlyRead && (d.tensorKind == TensorKind::Tmp || d.tensorKind == TensorKind::Out)) {
                s->warnedEarlyRead = true;
                if (m_loopVars.empty())
                    warning(e.loc, "check.read-before-write", "'" + e.name + "' is read before any statement writes it");
                else
                    m_earlyReads.push_back({s, e.loc, m_loopVars.size()}); // settled when its loops end
            }
        }
        if (ok) {
            AccessInfo info;
            info.tensor = e.name;
            info.text = printExpr(e);
            info.loc = e.loc;
            info.isWrite = isWrite;
            info.assignId = m_currentAssign;
            info.cls = cls;
            if (cls == AccessClass::NonAffine)
                warning(e.loc, "check.non-affine",
                        "access '" + info.text + "' is not affine (a product of loop variables or a division by one)");
            m_accessIndex[&e] = m_result.accesses.size();
            m_result.accesses.push_back(std::move(info));
        }
        return typeOfDType(d.dtype);
    }

    AccessClass classify(const Expr& idx) const { return classifyIndex(idx, resolver()); }

    void walk(const std::vector<Stmt>& stmts)
    {
        for (const auto& s : stmts)
            walkStmt(s);
    }

    void walkStmt(const Stmt& s)
    {
        switch (s.kind) {
        case StmtKind::For: {
            const size_t depth = m_loopVars.size();
            for (const auto& r : s.ranges) {
                checkInt(r.lo, Ctx::Bound, "the lower bound of loop '" + r.var + "'");
                checkInt(r.hi, Ctx::Bound, "the upper bound of loop '" + r.var + "'");
                if (const Symbol* g = findGlobal(r.var)) {
                    error(r.loc, "check.shadowing",
                          "loop variable '" + r.var + "' shadows the " + std::string(g->kind == Symbol::Tensor ? "tensor" : "size")
                              + " declared at " + where(g->loc));
                } else if (const int outer = findLoopVar(r.var); outer >= 0) {
                    error(r.loc, "check.shadowing",
                          "loop variable '" + r.var + "' is already bound by an enclosing loop at " + where(m_loopVars[outer].second));
                } else if (findBuiltin(r.var)) {
                    warning(r.loc, "check.shadows-builtin", "loop variable '" + r.var + "' has the name of a built-in function");
                }
                m_loopVars.emplace_back(r.var, r.loc);
                // 0..1 (a size-1 dimension written out as a loop) runs once: nothing to race with.
                if (r.lo.kind == ExprKind::Int && r.hi.kind == ExprKind::Int && r.hi.intValue - r.lo.intValue <= r.step)
                    m_singleTrip.insert(r.var);
            }
            walk(s.body);
            settleEarlyReads(depth);
            for (size_t i = depth; i < m_loopVars.size(); ++i)
                m_singleTrip.erase(m_loopVars[i].first);
            m_loopVars.resize(depth);
            return;
        }
        case StmtKind::If: {
            const VType c = typeOf(s.cond, Ctx::Value);
            if (c != VType::Bool && c != VType::Error)
                error(s.cond.loc, "check.type", "an 'if' condition must be boolean (a comparison), not " + typeName(c));
            const size_t pinned = m_pinned.size();
            pinFrom(s.cond);
            walk(s.body);
            m_pinned.resize(pinned);
            walk(s.orelse);
            return;
        }
        case StmtKind::Assign: checkAssign(s); return;
        }
    }

    // A read of a tensor nothing has written yet is early unless a later statement inside a loop around the read
    // writes it: the read then sees the previous iteration's value (a recurrence, H[t - 1] read before H[t] = ...;
    // its first iteration must be guarded, which the interpreter checks at run time). Called as a loop at `depth`
    // ends: reads inside it whose tensor has been written since are recurrences; the others belong to the
    // enclosing loop now, and outside every loop they are early.
    void settleEarlyReads(size_t depth)
    {
        for (auto it = m_earlyReads.begin(); it != m_earlyReads.end();) {
            if (it->depth <= depth) {
                ++it;
            } else if (it->symbol->written) {
                it = m_earlyReads.erase(it);
            } else if (depth == 0) {
                warning(it->loc, "check.read-before-write", "'" + it->symbol->decl->name + "' is read before any statement writes it");
                it = m_earlyReads.erase(it);
            } else {
                it->depth = depth;
                ++it;
            }
        }
    }

    // `if (k == e)` fixes k inside the guard, so a plain '=' there is no race on k.
    void pinFrom(const Expr& cond)
    {
        if (cond.kind != ExprKind::Binary || cond.args.size() != 2)
            return;
        if (cond.binaryOp == BinaryOp::And) {
            pinFrom(cond.args[0]);
            pinFrom(cond.args[1]);
            return;
        }
        if (cond.binaryOp != BinaryOp::Eq)
            return;
        for (const auto& side : cond.args) {
            if (side.kind == ExprKind::Name && findLoopVar(side.name) >= 0)
                m_pinned.push_back(side.name);
        }
    }

    void checkAssign(const Stmt& s)
    {
        m_currentAssign = m_assignCount++;
        const VType v = typeOf(s.value, Ctx::Value);
        Symbol* sym = findGlobal(s.target.name);
        const VType t = typeOfAccess(s.target, Ctx::Value, true);
        if (sym && sym->kind == Symbol::Tensor) {
            const Decl& d = *sym->decl;
            if (d.tensorKind == TensorKind::In || d.tensorKind == TensorKind::Weight || d.tensorKind == TensorKind::Const)
                error(s.target.loc, "check.read-only",
                      "cannot assign to '" + d.name + "': it is declared '" + std::string(tensorKindName(d.tensorKind)) + "'");
            if (s.op != AssignOp::Set && !sym->written && !sym->warnedEarlyRead
                && (d.tensorKind == TensorKind::Tmp || d.tensorKind == TensorKind::Out)) {
                sym->warnedEarlyRead = true;
                warning(s.target.loc, "check.uninitialized-accumulator",
                        "'" + d.name + "' is accumulated with '" + std::string(assignOpText(s.op)) + "' before any '=' initialises it");
            }
            sym->written = true;
            if (t != VType::Error && v != VType::Error) {
                if (t == VType::Int && v == VType::Float)
                    error(s.value.loc, "check.dtype",
                          "assigning a floating-point value to " + std::string(dtypeName(d.dtype)) + " tensor '" + d.name
                              + "' needs an explicit cast<" + std::string(dtypeName(d.dtype)) + ">(...)");
                else if (t == VType::Bool && v != VType::Bool)
                    error(s.value.loc, "check.dtype",
                          "assigning a " + typeName(v) + " value to bool tensor '" + d.name + "' needs a comparison or cast<bool>(...)");
                if (t == VType::Bool && (s.op == AssignOp::Add || s.op == AssignOp::Mul))
                    error(s.loc, "check.dtype",
                          "cannot accumulate with '" + std::string(assignOpText(s.op)) + "' into bool tensor '" + d.name
                              + "' (use max= for any, min= for all)");
            }
        }
        if (s.op == AssignOp::Set)
            checkRace(s);
        m_currentAssign = -1;
    }

    void checkRace(const Stmt& s)
    {
        std::set<std::string> used;
        for (const auto& idx : s.target.args)
            collectNames(idx, used);
        for (const auto& [var, loc] : m_loopVars) {
            if (used.count(var))
                continue;
            if (std::find(m_pinned.begin(), m_pinned.end(), var) != m_pinned.end() || m_singleTrip.count(var))
                continue;
            error(s.loc, "check.write-race",
                  "write race: '" + printExpr(s.target) + "' is assigned with '=' inside loop '" + var + "' but does not depend on '" + var
                      + "' (accumulate with '+=', 'max=', ... or index by '" + var + "')");
            return;
        }
    }

    void finish()
    {
        bool hasOut = false;
        for (const auto& d : m_program.decls) {
            if (d.kind != DeclKind::Tensor)
                continue;
            const Symbol* s = findGlobal(d.name);
            if (!s || s->decl != &d)
                continue;
            if (d.tensorKind == TensorKind::Out) {
                hasOut = true;
                if (!s->written)
                    error(d.loc, "check.unwritten-output", "output '" + d.name + "' is never written");
            } else if (d.tensorKind == TensorKind::Tmp && s->read && !s->written) {
                error(d.loc, "check.unwritten-tmp", "'" + d.name + "' is read but never written");
            } else if (!s->read && !s->written) {
                warning(d.loc, "check.unused", "tensor '" + d.name + "' is declared but never used");
            }
        }
        if (!hasOut)
            warning(m_program.loc, "check.no-output",
                    "kernel '" + m_program.name + "' has no 'out' tensor, so it computes nothing observable");
    }

    void checkBounds()
    {
        const BoundsMap bounds = analyzeBounds(m_program, *m_defaults);
        for (const auto& [node, index] : m_accessIndex) {
            const auto it = bounds.find(node);
            if (it == bounds.end())
                continue;
            const AccessBounds& ab = it->second;
            AccessInfo& info = m_result.accesses[index];
            if (!ab.reachable) {
                info.bounds = BoundsStatus::Unreachable;
            } else if (ab.proven) {
                info.bounds = BoundsStatus::Proven;
            } else if (ab.exact && ab.badDim >= 0) {
                info.bounds = BoundsStatus::OutOfBounds;
                const Interval iv = ab.dims[ab.badDim];
                const auto size = m_defaults->shapes.at(node->name)[ab.badDim];
                error(node->args[ab.badDim].loc, "check.out-of-bounds",
                      "index '" + printExpr(node->args[ab.badDim]) + "' of '" + node->name + "' takes values in [" + std::to_string(iv.lo)
                          + ", " + std::to_string(iv.hi) + "] but dimension " + std::to_string(ab.badDim) + " has size "
                          + std::to_string(size) + " at the default sizes");
            } else {
                info.bounds = BoundsStatus::RuntimeChecked;
            }
        }
    }

    const Program& m_program;
    CheckResult m_result;
    std::optional<SizeBindings> m_defaults;
    std::map<std::string, Symbol> m_globals;
    std::vector<std::pair<std::string, SourceLoc>> m_loopVars;
    struct EarlyRead
    {
        Symbol* symbol = nullptr;
        SourceLoc loc;
        size_t depth = 0; // the loops around it that are still open
    };
    std::vector<EarlyRead> m_earlyReads;
    std::set<std::string> m_singleTrip; // enclosing loops with literal bounds that run at most once
    std::vector<std::string> m_pinned;
    std::unordered_map<const Expr*, size_t> m_accessIndex;
    int m_assignCount = 0;
    int m_currentAssign = -1;
};

} // namespace

CheckResult checkProgram(const Program& program)
{
    return Checker(program).run();
}

} // namespace solar::ir
