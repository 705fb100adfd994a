// SPDX-License-Identifier: MIT
#include "engine/ir/printer.h"

#include <charconv>
#include <cmath>

namespace solar::ir {

namespace {

// Precedence levels, loosest first; they mirror the parser's descent.
enum Prec { PSelect = 1, POr, PAnd, PCompare, PAdd, PMul, PUnary, PPrimary };

int precedence(const Expr& e)
{
    switch (e.kind) {
    case ExprKind::Select: return PSelect;
    case ExprKind::Binary:
        switch (e.binaryOp) {
        case BinaryOp::Or: return POr;
        case BinaryOp::And: return PAnd;
        case BinaryOp::Add:
        case BinaryOp::Sub: return PAdd;
        case BinaryOp::Mul:
        case BinaryOp::Div:
        case BinaryOp::FloorDiv:
        case BinaryOp::Mod: return PMul;
        default: return PCompare;
        }
    case ExprKind::Unary: return PUnary;
    case ExprKind::Int: return e.intValue < 0 ? PUnary : PPrimary;
    case ExprKind::Float: return std::signbit(e.floatValue) ? PUnary : PPrimary;
    default: return PPrimary;
    }
}

bool isNonNegativeLiteral(const Expr& e)
{
    return (e.kind == ExprKind::Int && e.intValue >= 0) || (e.kind == ExprKind::Float && !std::signbit(e.floatValue));
}

void printList(std::string& out, const std::vector<Expr>& args);

void print(std::string& out, const Expr& e, int minPrec)
{
    const int p = precedence(e);
    const bool paren = p < minPrec;
    if (paren)
        out += '(';
    switch (e.kind) {
    case ExprKind::Int: out += std::to_string(e.intValue); break;
    case ExprKind::Float: out += formatNumber(e.floatValue); break;
    case ExprKind::Name: out += e.name; break;
    case ExprKind::Access:
        out += e.name;
        out += '[';
        printList(out, e.args);
        out += ']';
        break;
    case ExprKind::Call:
        out += e.name;
        out += '(';
        printList(out, e.args);
        out += ')';
        break;
    case ExprKind::Cast:
        out += "cast<";
        out += dtypeName(e.castType);
        out += ">(";
        printList(out, e.args);
        out += ')';
        break;
    case ExprKind::Unary:
        out += e.unaryOp == UnaryOp::Neg ? '-' : '!';
        // "-(1)" keeps a negated literal distinct from the negative literal "-1".
        if (e.unaryOp == UnaryOp::Neg && !e.args.empty() && isNonNegativeLiteral(e.args[0])) {
            out += '(';
            print(out, e.args[0], PSelect);
            out += ')';
        } else if (!e.args.empty()) {
            print(out, e.args[0], PUnary);
        }
        break;
    case ExprKind::Binary: {
        if (e.args.size() != 2)
            break;
        const bool compare = p == PCompare;
        print(out, e.args[0], compare ? PAdd : p);
        out += ' ';
        out += binaryOpText(e.binaryOp);
        out += ' ';
        print(out, e.args[1], compare ? PAdd : p + 1);
        break;
    }
    case ExprKind::Select:
        if (e.args.size() != 3)
            break;
        print(out, e.args[0], POr);
        out += " ? ";
        print(out, e.args[1], PSelect);
        out += " : ";
        print(out, e.args[2], PSelect);
        break;
    }
    if (paren)
        out += ')';
}

void printList(std::string& out, const std::vector<Expr>& args)
{
    for (size_t i = 0; i < args.size(); ++i) {
        if (i)
            out += ", ";
        print(out, args[i], PSelect);
    }
}

void indent(std::string& out, int level)
{
    out.append(static_cast<size_t>(level) * 2, ' ');
}

// The @op blocks of the program being printed, and the one whose body is being printed (0: none).
struct OpContext
{
    const std::vector<OpAnnotation>* ops = nullptr;
    int open = 0;
};

void printStmts(std::string& out, const std::vector<Stmt>& stmts, int level, OpContext ctx);

void printStmt(std::string& out, const Stmt& s, int level, OpContext ctx)
{
    indent(out, level);
    switch (s.kind) {
    case StmtKind::Assign:
        print(out, s.target, PSelect);
        out += ' ';
        out += assignOpText(s.op);
        out += ' ';
        print(out, s.value, PSelect);
        out += ";\n";
        return;
    case StmtKind::For:
        out += "for ";
        for (size_t i = 0; i < s.ranges.size(); ++i) {
            const auto& r = s.ranges[i];
            if (i)
                out += ", ";
            out += r.var;
            out += " in ";
            print(out, r.lo, PSelect);
            out += "..";
            print(out, r.hi, PSelect);
            if (r.step != 1)
                out += " step " + std::to_string(r.step);
        }
        out += " {\n";
        printStmts(out, s.body, level + 1, ctx);
        indent(out, level);
        out += "}\n";
        return;
    case StmtKind::If: {
        const Stmt* cur = &s;
        out += "if (";
        for (;;) {
            print(out, cur->cond, PSelect);
            out += ") {\n";
            printStmts(out, cur->body, level + 1, ctx);
            indent(out, level);
            out += '}';
            if (cur->orelse.size() == 1 && cur->orelse[0].kind == StmtKind::If) {
                cur = &cur->orelse[0];
                out += " else if (";
                continue;
            }
            if (!cur->orelse.empty()) {
                out += " else {\n";
                printStmts(out, cur->orelse, level + 1, ctx);
                indent(out, level);
                out += '}';
            }
            out += '\n';
            return;
        }
    }
    }
}

void printStmts(std::string& out, const std::vector<Stmt>& stmts, int level, OpContext ctx)
{
    for (size_t i = 0; i < stmts.size();) {
        const int block = stmts[i].opBlock;
        if (block == 0 || block == ctx.open || !ctx.ops || block > static_cast<int>(ctx.ops->size())) {
            printStmt(out, stmts[i++], level, ctx);
            continue;
        }
        const OpAnnotation& op = (*ctx.ops)[static_cast<size_t>(block - 1)];
        indent(out, level);
        out += "@op(\"" + op.label + "\"";
        if (op.sourceLine > 0)
            out += ", " + std::to_string(op.sourceLine);
        out += ") {\n";
        OpContext inner = ctx;
        inner.open = block;
        for (; i < stmts.size() && stmts[i].opBlock == block; ++i)
            printStmt(out, stmts[i], level + 1, inner);
        indent(out, level);
        out += "}\n";
    }
}

} // namespace

std::string formatNumber(double v)
{
    if (std::isnan(v))
        return std::signbit(v) ? "-nan" : "nan";
    if (std::isinf(v))
        return v < 0 ? "-inf" : "inf";
    char buf[64];
    const auto r = std::to_chars(buf, buf + sizeof buf, v);
    std::string s(buf, r.ptr);
    if (s.find_first_of(".e") == std::string::npos)
        s += ".0";
    return s;
}

std::string printExpr(const Expr& expr)
{
    std::string out;
    print(out, expr, PSelect);
    return out;
}

std::string printProgram(const Program& program)
{
    std::string out = "kernel " + program.name + "(";
    for (size_t i = 0; i < program.params.size(); ++i) {
        if (i)
            out += ", ";
        out += program.params[i].name + "=" + std::to_string(program.params[i].value);
    }
    out += ") {\n";
    for (const auto& d : program.decls) {
        indent(out, 1);
        if (d.kind == DeclKind::Let) {
            out += "let " + d.name + " = ";
            print(out, d.value, PSelect);
            out += ";\n";
            continue;
        }
        out += tensorKindName(d.tensorKind);
        out += ' ';
        out += d.name;
        out += ": ";
        out += dtypeName(d.dtype);
        out += '[';
        printList(out, d.dims);
        out += ']';
        if (d.hasRange) {
            out += " @range(";
            print(out, d.rangeLo, PSelect);
            out += ", ";
            print(out, d.rangeHi, PSelect);
            out += ')';
        }
        if (d.tensorKind == TensorKind::Const) {
            out += " = {";
            for (size_t i = 0; i < d.init.size(); ++i) {
                if (i)
                    out += ", ";
                out += formatNumber(d.init[i]);
            }
            out += '}';
        }
        out += ";\n";
    }
    printStmts(out, program.body, 1, OpContext {&program.ops, 0});
    out += "}\n";
    return out;
}

} // namespace solar::ir
