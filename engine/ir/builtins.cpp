// SPDX-License-Identifier: MIT
#include "engine/ir/builtins.h"

#include <array>
#include <cmath>
#include <limits>

namespace solar::ir {

namespace {

constexpr std::array kBuiltins {
    BuiltinInfo {Builtin::Exp, "exp", 1, true, "e^x"},
    BuiltinInfo {Builtin::Exp2, "exp2", 1, true, "2^x"},
    BuiltinInfo {Builtin::Log, "log", 1, true, "natural logarithm"},
    BuiltinInfo {Builtin::Log2, "log2", 1, true, "base-2 logarithm"},
    BuiltinInfo {Builtin::Log10, "log10", 1, true, "base-10 logarithm"},
    BuiltinInfo {Builtin::Log1p, "log1p", 1, true, "log(1 + x)"},
    BuiltinInfo {Builtin::Expm1, "expm1", 1, true, "e^x - 1"},
    BuiltinInfo {Builtin::Sqrt, "sqrt", 1, true, "square root"},
    BuiltinInfo {Builtin::Rsqrt, "rsqrt", 1, true, "1 / sqrt(x)"},
    BuiltinInfo {Builtin::Reciprocal, "reciprocal", 1, true, "1 / x"},
    BuiltinInfo {Builtin::Tanh, "tanh", 1, true, "hyperbolic tangent"},
    BuiltinInfo {Builtin::Sinh, "sinh", 1, true, "hyperbolic sine"},
    BuiltinInfo {Builtin::Cosh, "cosh", 1, true, "hyperbolic cosine"},
    BuiltinInfo {Builtin::Sin, "sin", 1, true, "sine"},
    BuiltinInfo {Builtin::Cos, "cos", 1, true, "cosine"},
    BuiltinInfo {Builtin::Tan, "tan", 1, true, "tangent"},
    BuiltinInfo {Builtin::Asin, "asin", 1, true, "arc sine"},
    BuiltinInfo {Builtin::Acos, "acos", 1, true, "arc cosine"},
    BuiltinInfo {Builtin::Atan, "atan", 1, true, "arc tangent"},
    BuiltinInfo {Builtin::Atan2, "atan2", 2, true, "atan2(y, x)"},
    BuiltinInfo {Builtin::Erf, "erf", 1, true, "error function"},
    BuiltinInfo {Builtin::Erfc, "erfc", 1, true, "complementary error function"},
    BuiltinInfo {Builtin::Sigmoid, "sigmoid", 1, true, "1 / (1 + e^-x)"},
    BuiltinInfo {Builtin::Relu, "relu", 1, false, "max(x, 0)"},
    BuiltinInfo {Builtin::Gelu, "gelu", 1, true, "x * (1 + erf(x / sqrt(2))) / 2"},
    BuiltinInfo {Builtin::GeluTanh, "gelu_tanh", 1, true, "tanh approximation of gelu"},
    BuiltinInfo {Builtin::Silu, "silu", 1, true, "x * sigmoid(x)"},
    BuiltinInfo {Builtin::Mish, "mish", 1, true, "x * tanh(softplus(x))"},
    BuiltinInfo {Builtin::Softplus, "softplus", 1, true, "log(1 + e^x), linear above 20 as in PyTorch"},
    BuiltinInfo {Builtin::Elu, "elu", 1, true, "x if x > 0 else e^x - 1"},
    BuiltinInfo {Builtin::LeakyRelu, "leaky_relu", 2, false, "x if x > 0 else slope * x"},
    BuiltinInfo {Builtin::HardSigmoid, "hardsigmoid", 1, false, "clamp(x / 6 + 1/2, 0, 1)"},
    BuiltinInfo {Builtin::HardSwish, "hardswish", 1, false, "x * hardsigmoid(x)"},
    BuiltinInfo {Builtin::Abs, "abs", 1, false, "absolute value"},
    BuiltinInfo {Builtin::Sign, "sign", 1, false, "-1, 0 or 1"},
    BuiltinInfo {Builtin::Floor, "floor", 1, false, "round down"},
    BuiltinInfo {Builtin::Ceil, "ceil", 1, false, "round up"},
    BuiltinInfo {Builtin::Round, "round", 1, false, "round half to even"},
    BuiltinInfo {Builtin::Trunc, "trunc", 1, false, "round toward zero"},
    BuiltinInfo {Builtin::Square, "square", 1, false, "x * x"},
    BuiltinInfo {Builtin::Max, "max", 2, false, "larger value; NaN if either is NaN"},
    BuiltinInfo {Builtin::Min, "min", 2, false, "smaller value; NaN if either is NaN"},
    BuiltinInfo {Builtin::Pow, "pow", 2, true, "x^y"},
    BuiltinInfo {Builtin::Clamp, "clamp", 3, false, "min(max(x, lo), hi)"},
    BuiltinInfo {Builtin::Fmod, "fmod", 2, false, "C remainder (sign of x), as torch.fmod"},
    BuiltinInfo {Builtin::Where, "where", 3, false, "c != 0 ? a : b (evaluates only the chosen branch)"},
    BuiltinInfo {Builtin::IsNan, "isnan", 1, false, "1 if x is NaN else 0"},
};

double nanMax(double a, double b)
{
    if (std::isnan(a) || std::isnan(b))
        return std::numeric_limits<double>::quiet_NaN();
    return a > b ? a : b;
}

double nanMin(double a, double b)
{
    if (std::isnan(a) || std::isnan(b))
        return std::numeric_limits<double>::quiet_NaN();
    return a < b ? a : b;
}

double softplus(double x)
{
    return x > 20.0 ? x : std::log1p(std::exp(x));
}

double sigmoid(double x)
{
    return 1.0 / (1.0 + std::exp(-x));
}

} // namespace

std::span<const BuiltinInfo> builtins()
{
    return kBuiltins;
}

std::optional<Builtin> findBuiltin(std::string_view name)
{
    for (const auto& b : kBuiltins) {
        if (b.name == name)
            return b.id;
    }
    return std::nullopt;
}

const BuiltinInfo& builtinInfo(Builtin id)
{
    return kBuiltins[static_cast<int>(id)];
}

double evalBuiltin1(Builtin id, double a)
{
    switch (id) {
    case Builtin::Exp: return std::exp(a);
    case Builtin::Exp2: return std::exp2(a);
    case Builtin::Log: return std::log(a);
    case Builtin::Log2: return std::log2(a);
    case Builtin::Log10: return std::log10(a);
    case Builtin::Log1p: return std::log1p(a);
    case Builtin::Expm1: return std::expm1(a);
    case Builtin::Sqrt: return std::sqrt(a);
    case Builtin::Rsqrt: return 1.0 / std::sqrt(a);
    case Builtin::Reciprocal: return 1.0 / a;
    case Builtin::Tanh: return std::tanh(a);
    case Builtin::Sinh: return std::sinh(a);
    case Builtin::Cosh: return std::cosh(a);
    case Builtin::Sin: return std::sin(a);
    case Builtin::Cos: return std::cos(a);
    case Builtin::Tan: return std::tan(a);
    case Builtin::Asin: return std::asin(a);
    case Builtin::Acos: return std::acos(a);
    case Builtin::Atan: return std::atan(a);
    case Builtin::Erf: return std::erf(a);
    case Builtin::Erfc: return std::erfc(a);
    case Builtin::Sigmoid: return sigmoid(a);
    case Builtin::Relu: return std::isnan(a) ? a : (a > 0.0 ? a : 0.0);
    case Builtin::Gelu: return 0.5 * a * (1.0 + std::erf(a * 0.70710678118654752440));
    case Builtin::GeluTanh: return 0.5 * a * (1.0 + std::tanh(0.79788456080286535588 * (a + 0.044715 * a * a * a)));
    case Builtin::Silu: return a * sigmoid(a);
    case Builtin::Mish: return a * std::tanh(softplus(a));
    case Builtin::Softplus: return softplus(a);
    case Builtin::Elu: return a > 0.0 ? a : std::expm1(a);
    case Builtin::HardSigmoid: return std::isnan(a) ? a : std::min(std::max(a / 6.0 + 0.5, 0.0), 1.0);
    case Builtin::HardSwish: return std::isnan(a) ? a : a * std::min(std::max(a / 6.0 + 0.5, 0.0), 1.0);
    case Builtin::Abs: return std::fabs(a);
    case Builtin::Sign: return std::isnan(a) ? a : (a > 0.0 ? 1.0 : (a < 0.0 ? -1.0 : 0.0));
    case Builtin::Floor: return std::floor(a);
    case Builtin::Ceil: return std::ceil(a);
    case Builtin::Round: return std::nearbyint(a);
    case Builtin::Trunc: return std::trunc(a);
    case Builtin::Square: return a * a;
    case Builtin::IsNan: return std::isnan(a) ? 1.0 : 0.0;
    default: break;
    }
    return std::numeric_limits<double>::quiet_NaN();
}

double evalBuiltin2(Builtin id, double a, double b)
{
    switch (id) {
    case Builtin::Atan2: return std::atan2(a, b);
    case Builtin::LeakyRelu: return a > 0.0 ? a : a * b;
    case Builtin::Max: return nanMax(a, b);
    case Builtin::Min: return nanMin(a, b);
    case Builtin::Pow: return std::pow(a, b);
    case Builtin::Fmod: return std::fmod(a, b);
    default: break;
    }
    return std::numeric_limits<double>::quiet_NaN();
}

double evalBuiltin3(Builtin id, double a, double b, double c)
{
    switch (id) {
    case Builtin::Clamp: return nanMin(nanMax(a, b), c);
    case Builtin::Where: return a != 0.0 ? b : c;
    default: break;
    }
    return std::numeric_limits<double>::quiet_NaN();
}

} // namespace solar::ir
