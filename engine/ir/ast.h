// SPDX-License-Identifier: MIT
// The ALIR syntax tree: a Program owns its declarations and statements by value, so copies are deep and
// programs can be handed between threads as immutable values. Source positions are kept for diagnostics but are
// not part of a node's identity: structurallyEqual() ignores them, which is what parse(print(p)) == p means.
// The grammar and semantics are documented in docs/ir.md.
#pragma once

#include "engine/core/diagnostic.h"
#include "engine/ir/dtype.h"

#include <cstdint>
#include <string>
#include <vector>

namespace solar::ir {

enum class ExprKind : std::uint8_t {
    Int, // integer literal: intValue
    Float, // float literal (also inf, nan): floatValue
    Name, // a parameter, let, or loop variable: name
    Access, // tensor element: name[args...]
    Unary, // unaryOp args[0]
    Binary, // args[0] binaryOp args[1]
    Call, // built-in function: name(args...)
    Cast, // cast<castType>(args[0])
    Select, // args[0] ? args[1] : args[2]
};

enum class UnaryOp : std::uint8_t { Neg, Not };
enum class BinaryOp : std::uint8_t { Add, Sub, Mul, Div, FloorDiv, Mod, Lt, Le, Gt, Ge, Eq, Ne, And, Or };

struct Expr
{
    ExprKind kind = ExprKind::Int;
    SourceLoc loc;
    std::int64_t intValue = 0;
    double floatValue = 0.0;
    std::string name;
    UnaryOp unaryOp = UnaryOp::Neg;
    BinaryOp binaryOp = BinaryOp::Add;
    DType castType = DType::F32;
    std::vector<Expr> args;
};

enum class AssignOp : std::uint8_t { Set, Add, Mul, Max, Min };

struct LoopRange
{
    std::string var;
    SourceLoc loc;
    Expr lo; // inclusive
    Expr hi; // exclusive
    std::int64_t step = 1; // a positive integer literal
};

enum class StmtKind : std::uint8_t { For, If, Assign };

struct Stmt
{
    StmtKind kind = StmtKind::Assign;
    SourceLoc loc;
    // For: ranges[0] is the outermost loop of the band, body runs inside the innermost.
    std::vector<LoopRange> ranges;
    // If: cond; body if true, orelse if false (may be empty).
    Expr cond;
    std::vector<Stmt> body;
    std::vector<Stmt> orelse;
    // Assign: target (an Access) op value.
    Expr target;
    AssignOp op = AssignOp::Set;
    Expr value;
    // The @op block this statement belongs to, directly or through enclosing statements: a 1-based index into
    // Program::ops; 0 when it is in none.
    int opBlock = 0;
};

/// `@op("label", line) { ... }`: the source operation the block's statements implement. A block is one kernel in
/// the per-kernel bound levels, and its label says what the operation is (a convolution written as loops is still
/// a convolution, with a convolution's math modes).
struct OpAnnotation
{
    std::string label; // as the frontend wrote it: "nn.Conv2d", "F.layer_norm", "aten::addmm"
    int sourceLine = 0; // in the user's source; 0 when not given
    SourceLoc loc;
};

enum class TensorKind : std::uint8_t { In, Weight, Out, Tmp, Const };
enum class DeclKind : std::uint8_t { Let, Tensor };

struct Decl
{
    DeclKind kind = DeclKind::Tensor;
    SourceLoc loc;
    std::string name;
    // Let: value is an integer size expression over parameters and earlier lets.
    Expr value;
    // Tensor:
    TensorKind tensorKind = TensorKind::In;
    DType dtype = DType::F32;
    std::vector<Expr> dims;
    bool hasRange = false; // @range(lo, hi): generated inputs are integers in [lo, hi)
    Expr rangeLo;
    Expr rangeHi;
    std::vector<double> init; // const tensors: row-major values
};

struct Param
{
    std::string name;
    SourceLoc loc;
    std::int64_t value = 0; // default, overridable at run time
};

struct Program
{
    std::string name;
    std::string file; // for diagnostics; not part of identity
    SourceLoc loc;
    std::vector<Param> params;
    std::vector<Decl> decls;
    std::vector<Stmt> body;
    std::vector<OpAnnotation> ops; // the @op blocks, in order of appearance
};

std::string_view tensorKindName(TensorKind kind);
std::string_view assignOpText(AssignOp op); // "=", "+=", "*=", "max=", "min="
std::string_view binaryOpText(BinaryOp op);
bool isComparison(BinaryOp op);

bool structurallyEqual(const Expr& a, const Expr& b);
bool structurallyEqual(const Stmt& a, const Stmt& b);
bool structurallyEqual(const Program& a, const Program& b);

/// Calls f(stmt) for every assignment in program order; returns the number of assignments. Assignment ids used by
/// the checker and interpreter (instance counts, provenance) are this order.
template<typename F>
void forEachAssign(const std::vector<Stmt>& stmts, F&& f)
{
    for (const auto& s : stmts) {
        if (s.kind == StmtKind::Assign) {
            f(s);
        } else {
            forEachAssign(s.body, f);
            forEachAssign(s.orelse, f);
        }
    }
}

} // namespace solar::ir
