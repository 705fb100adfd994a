// SPDX-License-Identifier: MIT
#include "engine/ir/ast.h"

#include <bit>

namespace solar::ir {

std::string_view tensorKindName(TensorKind kind)
{
    switch (kind) {
    case TensorKind::In: return "in";
    case TensorKind::Weight: return "weight";
    case TensorKind::Out: return "out";
    case TensorKind::Tmp: return "tmp";
    case TensorKind::Const: return "const";
    }
    return "in";
}

std::string_view assignOpText(AssignOp op)
{
    switch (op) {
    case AssignOp::Set: return "=";
    case AssignOp::Add: return "+=";
    case AssignOp::Mul: return "*=";
    case AssignOp::Max: return "max=";
    case AssignOp::Min: return "min=";
    }
    return "=";
}

std::string_view binaryOpText(BinaryOp op)
{
    switch (op) {
    case BinaryOp::Add: return "+";
    case BinaryOp::Sub: return "-";
    case BinaryOp::Mul: return "*";
    case BinaryOp::Div: return "/";
    case BinaryOp::FloorDiv: return "//";
    case BinaryOp::Mod: return "%";
    case BinaryOp::Lt: return "<";
    case BinaryOp::Le: return "<=";
    case BinaryOp::Gt: return ">";
    case BinaryOp::Ge: return ">=";
    case BinaryOp::Eq: return "==";
    case BinaryOp::Ne: return "!=";
    case BinaryOp::And: return "&&";
    case BinaryOp::Or: return "||";
    }
    return "+";
}

bool isComparison(BinaryOp op)
{
    return op == BinaryOp::Lt || op == BinaryOp::Le || op == BinaryOp::Gt || op == BinaryOp::Ge || op == BinaryOp::Eq || op == BinaryOp::Ne;
}

namespace {

template<typename T>
bool allEqual(const std::vector<T>& a, const std::vector<T>& b)
{
    if (a.size() != b.size())
        return false;
    for (size_t i = 0; i < a.size(); ++i) {
        if (!structurallyEqual(a[i], b[i]))
            return false;
    }
    return true;
}

// Bitwise, so that NaN literals compare equal to themselves and -0.0 differs from 0.0.
bool sameDouble(double a, double b)
{
    return std::bit_cast<std::uint64_t>(a) == std::bit_cast<std::uint64_t>(b);
}

bool sameDecl(const Decl& a, const Decl& b)
{
    if (a.kind != b.kind || a.name != b.name)
        return false;
    if (a.kind == DeclKind::Let)
        return structurallyEqual(a.value, b.value);
    if (a.tensorKind != b.tensorKind || a.dtype != b.dtype || !allEqual(a.dims, b.dims) || a.hasRange != b.hasRange)
        return false;
    if (a.hasRange && (!structurallyEqual(a.rangeLo, b.rangeLo) || !structurallyEqual(a.rangeHi, b.rangeHi)))
        return false;
    if (a.init.size() != b.init.size())
        return false;
    for (size_t i = 0; i < a.init.size(); ++i) {
        if (!sameDouble(a.init[i], b.init[i]))
            return false;
    }
    return true;
}

} // namespace

bool structurallyEqual(const Expr& a, const Expr& b)
{
    if (a.kind != b.kind)
        return false;
    switch (a.kind) {
    case ExprKind::Int: return a.intValue == b.intValue;
    case ExprKind::Float: return sameDouble(a.floatValue, b.floatValue);
    case ExprKind::Name: return a.name == b.name;
    case ExprKind::Access:
    case ExprKind::Call: return a.name == b.name && allEqual(a.args, b.args);
    case ExprKind::Unary: return a.unaryOp == b.unaryOp && allEqual(a.args, b.args);
    case ExprKind::Binary: return a.binaryOp == b.binaryOp && allEqual(a.args, b.args);
    case ExprKind::Cast: return a.castType == b.castType && allEqual(a.args, b.args);
    case ExprKind::Select: return allEqual(a.args, b.args);
    }
    return false;
}

bool structurallyEqual(const Stmt& a, const Stmt& b)
{
    if (a.kind != b.kind || a.opBlock != b.opBlock)
        return false;
    switch (a.kind) {
    case StmtKind::For:
        if (a.ranges.size() != b.ranges.size())
            return false;
        for (size_t i = 0; i < a.ranges.size(); ++i) {
            const auto& x = a.ranges[i];
            const auto& y = b.ranges[i];
            if (x.var != y.var || x.step != y.step || !structurallyEqual(x.lo, y.lo) || !structurallyEqual(x.hi, y.hi))
                return false;
        }
        return allEqual(a.body, b.body);
    case StmtKind::If: return structurallyEqual(a.cond, b.cond) && allEqual(a.body, b.body) && allEqual(a.orelse, b.orelse);
    case StmtKind::Assign: return a.op == b.op && structurallyEqual(a.target, b.target) && structurallyEqual(a.value, b.value);
    }
    return false;
}

bool structurallyEqual(const Program& a, const Program& b)
{
    if (a.name != b.name || a.params.size() != b.params.size() || a.decls.size() != b.decls.size())
        return false;
    for (size_t i = 0; i < a.params.size(); ++i) {
        if (a.params[i].name != b.params[i].name || a.params[i].value != b.params[i].value)
            return false;
    }
    for (size_t i = 0; i < a.decls.size(); ++i) {
        if (!sameDecl(a.decls[i], b.decls[i]))
            return false;
    }
    if (a.ops.size() != b.ops.size())
        return false;
    for (size_t i = 0; i < a.ops.size(); ++i) {
        if (a.ops[i].label != b.ops[i].label || a.ops[i].sourceLine != b.ops[i].sourceLine)
            return false;
    }
    return allEqual(a.body, b.body);
}

} // namespace solar::ir
