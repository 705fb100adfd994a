// SPDX-License-Identifier: MIT
#include "engine/ir/dtype.h"

#include <array>
#include <cmath>
#include <limits>

namespace solar::ir {

namespace {

struct DTypeInfo
{
    DType type;
    std::string_view name;
    int storageBits;
};

constexpr std::array<DTypeInfo, kDTypeCount> kInfo {{
    {DType::F64, "f64", 64},
    {DType::F32, "f32", 32},
    {DType::TF32, "tf32", 32},
    {DType::BF16, "bf16", 16},
    {DType::F16, "f16", 16},
    {DType::FP8E4M3, "fp8e4m3", 8},
    {DType::FP8E5M2, "fp8e5m2", 8},
    {DType::FP4E2M1, "nvfp4", 4},
    {DType::I64, "i64", 64},
    {DType::I32, "i32", 32},
    {DType::I16, "i16", 16},
    {DType::I8, "i8", 8},
    {DType::U8, "u8", 8},
    {DType::Bool, "bool", 8},
}};

enum class Overflow { ToInfinity, ToNaN, Saturate };

// Round to a binary float format with `mantissaBits` explicit fraction bits, smallest normal exponent `minExponent`
// and largest finite value `maxFinite`. The quantum of a value 1.f x 2^E is 2^(E - mantissaBits); below the normal
// range the quantum stays at the subnormal spacing. std::nearbyint rounds half to even in the default FP mode.
double roundToFormat(double v, int mantissaBits, int minExponent, double maxFinite, Overflow overflow)
{
    if (std::isnan(v) || v == 0.0)
        return v;
    if (std::isinf(v)) {
        if (overflow == Overflow::Saturate)
            return std::copysign(maxFinite, v);
        return overflow == Overflow::ToNaN ? std::numeric_limits<double>::quiet_NaN() : v;
    }
    const double mag = std::fabs(v);
    int e = 0;
    std::frexp(mag, &e); // mag = m * 2^e with m in [0.5, 1)
    int exponent = e - 1;
    if (exponent < minExponent)
        exponent = minExponent;
    const double quantum = std::ldexp(1.0, exponent - mantissaBits);
    double r = std::nearbyint(mag / quantum) * quantum;
    if (r > maxFinite) {
        switch (overflow) {
        case Overflow::ToInfinity: r = std::numeric_limits<double>::infinity(); break;
        case Overflow::ToNaN: return std::numeric_limits<double>::quiet_NaN();
        case Overflow::Saturate: r = maxFinite; break;
        }
    }
    return std::copysign(r, v);
}

double roundToInteger(double v, double lo, double hi)
{
    if (std::isnan(v))
        return 0.0;
    const double t = std::trunc(v);
    if (t < lo)
        return lo;
    if (t > hi)
        return hi;
    return t;
}

} // namespace

std::string_view dtypeName(DType type)
{
    return kInfo[static_cast<int>(type)].name;
}

std::optional<DType> parseDType(std::string_view name)
{
    for (const auto& info : kInfo) {
        if (info.name == name)
            return info.type;
    }
    if (name == "fp4e2m1")
        return DType::FP4E2M1;
    return std::nullopt;
}

int dtypeStorageBits(DType type)
{
    return kInfo[static_cast<int>(type)].storageBits;
}

bool isFloat(DType type)
{
    return static_cast<int>(type) <= static_cast<int>(DType::FP4E2M1);
}

bool isInteger(DType type)
{
    return !isFloat(type) && type != DType::Bool;
}

double roundToDType(double v, DType type)
{
    switch (type) {
    case DType::F64: return v;
    case DType::F32: return static_cast<double>(static_cast<float>(v));
    case DType::TF32: return roundToFormat(v, 10, -126, std::ldexp(2.0 - std::ldexp(1.0, -10), 127), Overflow::ToInfinity);
    case DType::BF16: return roundToFormat(v, 7, -126, std::ldexp(2.0 - std::ldexp(1.0, -7), 127), Overflow::ToInfinity);
    case DType::F16: return roundToFormat(v, 10, -14, 65504.0, Overflow::ToInfinity);
    case DType::FP8E4M3: return roundToFormat(v, 3, -6, 448.0, Overflow::ToNaN);
    case DType::FP8E5M2: return roundToFormat(v, 2, -14, 57344.0, Overflow::ToInfinity);
    case DType::FP4E2M1: return roundToFormat(v, 1, 0, 6.0, Overflow::Saturate);
    case DType::I64:
        // 2^63 itself is not an int64; the largest double below it is 2^63 - 1024.
        return roundToInteger(v, -9223372036854775808.0, 9223372036854774784.0);
    case DType::I32: return roundToInteger(v, -2147483648.0, 2147483647.0);
    case DType::I16: return roundToInteger(v, -32768.0, 32767.0);
    case DType::I8: return roundToInteger(v, -128.0, 127.0);
    case DType::U8: return roundToInteger(v, 0.0, 255.0);
    case DType::Bool: return v != 0.0 ? 1.0 : 0.0; // NaN != 0, so NaN is true, as bool(float('nan')) in Python
    }
    return v;
}

} // namespace solar::ir
