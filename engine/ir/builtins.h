// SPDX-License-Identifier: MIT
// The built-in functions ALIR expressions may call, with their arity and their semantics (PyTorch's, evaluated in
// f64). `transcendental` marks functions a GPU evaluates on special-function units or with polynomial sequences;
// the cost model uses it.
#pragma once

#include <cstdint>
#include <optional>
#include <span>
#include <string_view>

namespace solar::ir {

enum class Builtin : std::uint8_t {
    Exp,
    Exp2,
    Log,
    Log2,
    Log10,
    Log1p,
    Expm1,
    Sqrt,
    Rsqrt,
    Reciprocal,
    Tanh,
    Sinh,
    Cosh,
    Sin,
    Cos,
    Tan,
    Asin,
    Acos,
    Atan,
    Atan2,
    Erf,
    Erfc,
    Sigmoid,
    Relu,
    Gelu,
    GeluTanh,
    Silu,
    Mish,
    Softplus,
    Elu,
    LeakyRelu,
    HardSigmoid,
    HardSwish,
    Abs,
    Sign,
    Floor,
    Ceil,
    Round,
    Trunc,
    Square,
    Max,
    Min,
    Pow,
    Clamp,
    Fmod,
    Where,
    IsNan,
};

struct BuiltinInfo
{
    Builtin id;
    std::string_view name;
    int arity;
    bool transcendental;
    std::string_view doc;
};

std::span<const BuiltinInfo> builtins();
std::optional<Builtin> findBuiltin(std::string_view name);
const BuiltinInfo& builtinInfo(Builtin id);

double evalBuiltin1(Builtin id, double a);
double evalBuiltin2(Builtin id, double a, double b);
double evalBuiltin3(Builtin id, double a, double b, double c);

} // namespace solar::ir
