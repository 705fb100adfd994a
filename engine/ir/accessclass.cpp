// SPDX-License-Identifier: MIT
#include "engine/ir/accessclass.h"

namespace solar::ir {

std::string_view accessClassName(AccessClass cls)
{
    switch (cls) {
    case AccessClass::Affine: return "affine";
    case AccessClass::QuasiAffine: return "quasi-affine";
    case AccessClass::Indirect: return "indirect";
    case AccessClass::NonAffine: return "non-affine";
    }
    return "affine";
}

AccessClass worseAccessClass(AccessClass a, AccessClass b)
{
    auto rank = [](AccessClass c) {
        switch (c) {
        case AccessClass::Affine: return 0;
        case AccessClass::QuasiAffine: return 1;
        case AccessClass::Indirect: return 2;
        case AccessClass::NonAffine: return 3;
        }
        return 0;
    };
    return rank(a) >= rank(b) ? a : b;
}

namespace {

bool readsTensor(const Expr& e)
{
    if (e.kind == ExprKind::Access)
        return true;
    for (const auto& a : e.args) {
        if (readsTensor(a))
            return true;
    }
    return false;
}

bool isSizeConstant(const Expr& e, const NameResolver& resolve)
{
    const auto f = toAffine(e, resolve);
    return f && f->isConstant();
}

bool quasi(const Expr& e, const NameResolver& resolve)
{
    if (toAffine(e, resolve))
        return true;
    switch (e.kind) {
    case ExprKind::Unary: return e.unaryOp == UnaryOp::Neg && quasi(e.args[0], resolve);
    case ExprKind::Binary:
        switch (e.binaryOp) {
        case BinaryOp::Add:
        case BinaryOp::Sub: return quasi(e.args[0], resolve) && quasi(e.args[1], resolve);
        case BinaryOp::Mul:
            return (isSizeConstant(e.args[0], resolve) && quasi(e.args[1], resolve))
                || (isSizeConstant(e.args[1], resolve) && quasi(e.args[0], resolve));
        case BinaryOp::FloorDiv:
        case BinaryOp::Mod: return quasi(e.args[0], resolve) && isSizeConstant(e.args[1], resolve);
        default: return false;
        }
    case ExprKind::Call:
        return (e.name == "min" || e.name == "max") && e.args.size() == 2 && quasi(e.args[0], resolve) && quasi(e.args[1], resolve);
    case ExprKind::Select: return quasi(e.args[1], resolve) && quasi(e.args[2], resolve);
    default: return false;
    }
}

} // namespace

// Indirect if an index reads a tensor; affine if it is linear in loop variables with size coefficients;
// quasi-affine if it also uses // or % by sizes, or min/max; non-affine otherwise.
AccessClass classifyIndex(const Expr& idx, const NameResolver& resolve)
{
    if (readsTensor(idx))
        return AccessClass::Indirect;
    if (toAffine(idx, resolve))
        return AccessClass::Affine;
    return quasi(idx, resolve) ? AccessClass::QuasiAffine : AccessClass::NonAffine;
}

} // namespace solar::ir
