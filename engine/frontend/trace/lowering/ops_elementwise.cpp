// SPDX-License-Identifier: MIT
// Op templates: elementwise maths (unary and binary functions, clamps, activations with parameters, where,
// masked_fill), tensor factories (fill, zeros, arange, eye, random draws) and triangular masks.
#include "engine/frontend/trace/lowering/lowerer.h"

namespace solar::trace {

namespace {

// ALIR's builtin of the same maths, for ops whose template is "apply f to every element".
const std::map<std::string, std::string>& unaryFunctions()
{
    static const std::map<std::string, std::string> functions = {{"aten::relu", "relu"},
                                                                 {"aten::sigmoid", "sigmoid"},
                                                                 {"aten::tanh", "tanh"},
                                                                 {"aten::silu", "silu"},
                                                                 {"aten::mish", "mish"},
                                                                 {"aten::exp", "exp"},
                                                                 {"aten::log", "log"},
                                                                 {"aten::log1p", "log1p"},
                                                                 {"aten::expm1", "expm1"},
                                                                 {"aten::sqrt", "sqrt"},
                                                                 {"aten::rsqrt", "rsqrt"},
                                                                 {"aten::abs", "abs"},
                                                                 {"aten::reciprocal", "reciprocal"},
                                                                 {"aten::sin", "sin"},
                                                                 {"aten::cos", "cos"},
                                                                 {"aten::erf", "erf"},
                                                                 {"aten::sign", "sign"},
                                                                 {"aten::floor", "floor"},
                                                                 {"aten::ceil", "ceil"},
                                                                 {"aten::round", "round"},
                                                                 {"aten::hardsigmoid", "hardsigmoid"},
                                                                 {"aten::hardswish", "hardswish"}};
    return functions;
}

const std::map<std::string, std::string>& binaryOperators()
{
    static const std::map<std::string, std::string> operators
        = {{"aten::mul", " * "}, {"aten::div", " / "}, {"aten::eq", " == "}, {"aten::ne", " != "},      {"aten::lt", " < "},
           {"aten::le", " <= "}, {"aten::gt", " > "},  {"aten::ge", " >= "}, {"aten::remainder", " % "}};
    return operators;
}

} // namespace

void unaryFunction(Lowerer& ctx, const TracedOp& op, const std::string& name)
{
    const std::string fn = unaryFunctions().at(name);
    ctx.unary(op, [&](const std::string& x) { return fn + "(" + x + ")"; });
}

void negate(Lowerer& ctx, const TracedOp& op, const std::string&)
{
    ctx.unary(op, [](const std::string& x) { return "-(" + x + ")"; });
}

void logicalNot(Lowerer& ctx, const TracedOp& op, const std::string&)
{
    ctx.unary(op, [](const std::string& x) { return "!(" + x + " != 0)"; });
}

// ~x: logical not of a bool tensor (torch 2.x records `~mask` as bitwise_not), two's complement of an integer.
void bitwiseNot(Lowerer& ctx, const TracedOp& op, const std::string&)
{
    const TraceArg& x = ctx.arg(op, 0);
    if (x.kind == TraceArg::Tensor && ctx.info(x.text).dtype == "bool")
        ctx.unary(op, [](const std::string& v) { return "!(" + v + " != 0)"; });
    else
        ctx.unary(op, [](const std::string& v) { return "(-(" + v + ") - 1)"; });
}

// bitwise_and / or / xor and logical_and / or / xor of boolean tensors (mask building: a causal mask and a padding
// mask combined): the logical operators. On integers they would need bit operations ALIR does not have.
void logicalBinary(Lowerer& ctx, const TracedOp& op, const std::string& name)
{
    const std::string kind = name.substr(name.rfind('_') + 1); // and, or, xor
    bool integral = false;
    for (size_t i = 0; i < 2; ++i) {
        const TraceArg& a = ctx.arg(op, i);
        integral = integral || (name.rfind("aten::bitwise_", 0) == 0 && a.kind == TraceArg::Tensor && ctx.info(a.text).dtype != "bool");
    }
    if (integral) {
        // x & (2^k - 1), the low bits (unpacking nvfp4 or int4 nibbles), is x mod 2^k with the floor's sign: two's
        // complement agrees for negative x. Other masks and integer | and ^ have no ALIR form.
        const TraceArg& mask = ctx.arg(op, 1);
        const std::int64_t m = mask.kind == TraceArg::Int ? mask.intValue : -1;
        if (kind != "and" || m < 0 || m > (std::int64_t(1) << 52) || ((m + 1) & m) != 0)
            throw Unsupported {"bitwise operators on integer tensors (other than x & (2^k - 1))"};
        const std::string modulus = std::to_string(m + 1);
        ctx.unary(op,
                  [&](const std::string& x) { return "(" + x + " - floor(cast<f64>(" + x + ") / " + modulus + ") * " + modulus + ")"; });
        return;
    }
    ctx.binary(op, [&](const std::string& a, const std::string& b) {
        const std::string x = "(" + a + " != 0)", z = "(" + b + " != 0)";
        if (kind == "and")
            return "(" + x + " && " + z + ")";
        if (kind == "or")
            return "(" + x + " || " + z + ")";
        return "(" + x + " != " + z + ")";
    });
}

// x >> k with k a constant: floor(x / 2^k), the arithmetic shift (exact for negative x too).
void rightShift(Lowerer& ctx, const TracedOp& op, const std::string&)
{
    const TraceArg& k = ctx.arg(op, 1);
    if (k.kind != TraceArg::Int || k.intValue < 0 || k.intValue > 52)
        throw Unsupported {"a shift by a tensor or by more than 52 bits"};
    const std::string divisor = std::to_string(std::int64_t(1) << k.intValue);
    ctx.unary(op, [&](const std::string& x) { return "floor(cast<f64>(" + x + ") / " + divisor + ")"; });
}

// clone, contiguous, to, _to_copy: a copy (the dtype conversion is the store's).
void identityCopy(Lowerer& ctx, const TracedOp& op, const std::string&)
{
    ctx.unary(op, [](const std::string& x) { return x; });
}

void gelu(Lowerer& ctx, const TracedOp& op, const std::string&)
{
    const bool tanh = ctx.arg(op, 1).kind == TraceArg::String && ctx.arg(op, 1).text == "tanh";
    ctx.unary(op, [&](const std::string& x) { return (tanh ? "gelu_tanh(" : "gelu(") + x + ")"; });
}

// copy_(self, src): self = src.
void copyInto(Lowerer& ctx, const TracedOp& op, const std::string&)
{
    ctx.elementwise(op, [&](const Index& v, const Shape& s) { return ctx.bcast(ctx.arg(op, 1), v, s); });
}

void binaryOperator(Lowerer& ctx, const TracedOp& op, const std::string& name)
{
    const std::string sym = binaryOperators().at(name);
    if (name == "aten::div" && (op.kwargs.count("rounding_mode") || ctx.arg(op, 2).kind == TraceArg::String))
        throw Unsupported {"rounding division"};
    ctx.binary(op, [&](const std::string& a, const std::string& b) { return "(" + a + sym + b + ")"; });
}

// add, sub, rsub with their alpha.
void addSub(Lowerer& ctx, const TracedOp& op, const std::string& name)
{
    double alpha = scalar(ctx.arg(op, 2), 1.0);
    if (op.kwargs.count("alpha"))
        alpha = scalar(op.kwargs.at("alpha"), 1.0);
    const std::string sym = name == "aten::add" ? " + " : " - ";
    const bool reversed = name == "aten::rsub";
    ctx.binary(op, [&](const std::string& a, const std::string& b) {
        const std::string scaled = alpha == 1.0 ? b : num(alpha) + " * " + b;
        return reversed ? "(" + scaled + " - " + a + ")" : "(" + a + sym + scaled + ")";
    });
}

// maximum, minimum, pow, atan2, fmod: ALIR builtins of two arguments.
void binaryFunction(Lowerer& ctx, const TracedOp& op, const std::string& name)
{
    const std::string base = name.substr(6);
    const std::string fn = base == "maximum" ? "max" : base == "minimum" ? "min" : base;
    ctx.binary(op, [&](const std::string& a, const std::string& b) { return fn + "(" + a + ", " + b + ")"; });
}

void xlogy(Lowerer& ctx, const TracedOp& op, const std::string&)
{
    ctx.binary(op, [](const std::string& a, const std::string& b) { return "(" + a + " == 0 ? 0.0 : " + a + " * log(" + b + "))"; });
}

void clamp(Lowerer& ctx, const TracedOp& op, const std::string& name)
{
    const bool hard = name == "aten::hardtanh";
    const TraceArg lo = name == "aten::clamp_max" ? TraceArg {} : ctx.arg(op, 1);
    const TraceArg hi = name == "aten::clamp_min" ? TraceArg {} : ctx.arg(op, name == "aten::clamp_max" ? 1 : 2);
    const double l = hard ? scalar(lo, -1) : scalar(lo, 0), h = hard ? scalar(hi, 1) : scalar(hi, 0);
    const bool hasLo = hard || lo.kind == TraceArg::Int || lo.kind == TraceArg::Float;
    const bool hasHi = hard || hi.kind == TraceArg::Int || hi.kind == TraceArg::Float;
    ctx.unary(op, [&](const std::string& x) {
        std::string e = x;
        if (hasLo)
            e = "max(" + e + ", " + num(l) + ")";
        if (hasHi)
            e = "min(" + e + ", " + num(h) + ")";
        return e;
    });
}

void leakyRelu(Lowerer& ctx, const TracedOp& op, const std::string&)
{
    const double slope = scalar(ctx.arg(op, 1), 0.01);
    ctx.unary(op, [&](const std::string& x) { return "leaky_relu(" + x + ", " + num(slope) + ")"; });
}

void elu(Lowerer& ctx, const TracedOp& op, const std::string&)
{
    const double alpha = scalar(ctx.arg(op, 1), 1.0), scale = scalar(ctx.arg(op, 2), 1.0), inputScale = scalar(ctx.arg(op, 3), 1.0);
    ctx.unary(op, [&](const std::string& x) {
        return num(scale) + " * (" + x + " > 0 ? " + x + " : " + num(alpha) + " * expm1(" + num(inputScale) + " * " + x + "))";
    });
}

void softplus(Lowerer& ctx, const TracedOp& op, const std::string&)
{
    const double beta = scalar(ctx.arg(op, 1), 1.0), threshold = scalar(ctx.arg(op, 2), 20.0);
    ctx.unary(op, [&](const std::string& x) {
        return "(" + num(beta) + " * " + x + " > " + num(threshold) + " ? " + x + " : log1p(exp(" + num(beta) + " * " + x + ")) / "
            + num(beta) + ")";
    });
}

void where(Lowerer& ctx, const TracedOp& op, const std::string&)
{
    ctx.elementwise(op, [&](const Index& v, const Shape& s) {
        return "(" + ctx.bcast(ctx.arg(op, 0), v, s) + " != 0 ? " + ctx.bcast(ctx.arg(op, 1), v, s) + " : "
            + ctx.bcast(ctx.arg(op, 2), v, s) + ")";
    });
}

void maskedFill(Lowerer& ctx, const TracedOp& op, const std::string&)
{
    ctx.elementwise(op, [&](const Index& v, const Shape& s) {
        return "(" + ctx.bcast(ctx.arg(op, 1), v, s) + " != 0 ? " + ctx.bcast(ctx.arg(op, 2), v, s) + " : "
            + ctx.bcast(ctx.arg(op, 0), v, s) + ")";
    });
}

// fill, zero, zeros, ones, full, their _like and new_ variants, scalar_tensor: one constant per element.
void fill(Lowerer& ctx, const TracedOp& op, const std::string& name)
{
    double value = 0;
    if (name == "aten::fill" || name == "aten::full_like" || name == "aten::full")
        value = scalar(ctx.arg(op, 1), 0);
    else if (name == "aten::ones" || name == "aten::ones_like" || name == "aten::new_ones")
        value = 1;
    else if (name == "aten::new_full") // new_full(self, size, fill_value)
        value = scalar(ctx.arg(op, 2), 0);
    else if (name == "aten::scalar_tensor")
        value = scalar(ctx.arg(op, 0), 0);
    ctx.elementwise(op, [&](const Index&, const Shape&) { return num(value); });
}

// arange(end), arange.start(start, end), arange.start_step(start, end, step): start + i * step.
void arange(Lowerer& ctx, const TracedOp& op, const std::string&)
{
    double start = 0, step = 1;
    if (op.overload == "start" || op.overload == "start_step")
        start = scalar(ctx.arg(op, 0), 0);
    if (op.overload == "start_step")
        step = scalar(ctx.arg(op, 2), 1);
    ctx.elementwise(op, [&](const Index& v, const Shape&) {
        const std::string i = v.empty() ? std::string("0") : v[0];
        if (start == 0 && step == 1)
            return i;
        return "(" + num(start) + " + " + i + " * " + num(step) + ")";
    });
}

void eye(Lowerer& ctx, const TracedOp& op, const std::string&)
{
    ctx.elementwise(op, [&](const Index& v, const Shape&) { return "(" + v[0] + " == " + v[1] + " ? 1 : 0)"; });
}

// ALIR has no random numbers: the statement writes the distribution's mean, which costs what the draw costs in
// traffic (one write per element) and keeps dropout's rescaling an identity. The op is recorded as random (only
// once lowered: else it is unsupported), so validation does not compare such a model's outputs.
void randomDraw(Lowerer& ctx, const TracedOp& op, const std::string& name)
{
    auto kwargOr = [&](const char* key, size_t position, double fallback) {
        if (const auto k = op.kwargs.find(key); k != op.kwargs.end())
            return scalar(k->second, fallback);
        return scalar(ctx.arg(op, position), fallback);
    };
    if (name == "aten::bernoulli" && ctx.arg(op, 1).kind == TraceArg::None && !op.kwargs.count("p")) {
        ctx.elementwise(op, [&](const Index& v, const Shape& s) { return ctx.bcast(ctx.arg(op, 0), v, s); }); // p per element
        ctx.m_result.randomOps.push_back({ctx.m_currentOp, op.op, op.line});
        return;
    }
    double mean = 0;
    if (name == "aten::bernoulli")
        mean = kwargOr("p", 1, 0.5);
    else if (name == "aten::rand" || name == "aten::rand_like")
        mean = 0.5;
    else if (name == "aten::uniform")
        mean = (kwargOr("from", 1, 0) + kwargOr("to", 2, 1)) / 2;
    else if (name == "aten::normal")
        mean = kwargOr("mean", 1, 0);
    ctx.elementwise(op, [&](const Index&, const Shape&) { return num(mean); });
    ctx.m_result.randomOps.push_back({ctx.m_currentOp, op.op, op.line});
}

// empty and its variants: no data yet; the op that fills the tensor pays for the writes.
void noData(Lowerer&, const TracedOp&, const std::string&) { }

void triangle(Lowerer& ctx, const TracedOp& op, const std::string& name)
{
    const std::int64_t k = ctx.arg(op, 1).kind == TraceArg::Int ? ctx.arg(op, 1).intValue : 0;
    const bool upper = name == "aten::triu";
    ctx.elementwise(op, [&](const Index& v, const Shape& shape) {
        const std::string i = v[v.size() - 2], j = v[v.size() - 1];
        const std::string keep = upper ? j + " - " + i + " >= " + std::to_string(k) : j + " - " + i + " <= " + std::to_string(k);
        return keep + " ? " + ctx.bcast(ctx.arg(op, 0), v, shape) + " : 0.0";
    });
}

} // namespace solar::trace
