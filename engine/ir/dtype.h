// SPDX-License-Identifier: MIT
// Element types of ALIR tensors: names, storage widths and the rounding the interpreter applies on every store.
#pragma once

#include <cstdint>
#include <optional>
#include <string_view>

namespace solar::ir {

enum class DType : std::uint8_t {
    F64,
    F32,
    TF32,
    BF16,
    F16,
    FP8E4M3, // OCP e4m3 "fn": no infinities, overflow becomes NaN (as PyTorch's float8_e4m3fn)
    FP8E5M2,
    FP4E2M1, // NVFP4 element type without its block scale; saturates at +-6
    I64,
    I32,
    I16,
    I8,
    U8,
    Bool,
};

inline constexpr int kDTypeCount = 14;

std::string_view dtypeName(DType type);
std::optional<DType> parseDType(std::string_view name);
/// Bits one element occupies in DRAM (tf32 lives in 32-bit containers; fp4 is packed two per byte).
int dtypeStorageBits(DType type);
bool isFloat(DType type);
bool isInteger(DType type); // signed or unsigned integers, not bool

/// The value a store of `value` into a tensor of `type` keeps: IEEE round-to-nearest-even for the float formats
/// (directly from f64, so there is no double rounding), truncation toward zero with saturation for the integer
/// types (NaN becomes 0), and `value != 0` for bool.
double roundToDType(double value, DType type);

} // namespace solar::ir
