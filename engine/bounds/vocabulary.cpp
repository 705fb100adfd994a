// SPDX-License-Identifier: MIT
// The ladder's vocabulary: its levels, precision policies, cache assumptions and unit groups by name (the CLI's
// options, JSON fields, reports), and the assumptions no level covers.
#include "engine/bounds/ladder.h"

#include <array>

namespace solar::bounds {

namespace {

constexpr std::array<std::string_view, kLevelCount> kLevelNames
    = {"unfused_per_kernel", "unfused_overlapped", "fused_per_op", "fused", "cache_aware"};

} // namespace

const std::vector<std::string>& uncoveredAssumptions()
{
    static const std::vector<std::string> kAssumptions = {
        "direct algorithms: Winograd and FFT convolutions (and Strassen-like products) do fewer multiplications than "
        "the program states, so they can beat the compute term",
        "no emulation: fp32 products emulated on tensor cores (3 x TF32, bf16 x 9 as in cuBLAS "
        "CUBLAS_COMPUTE_32F_EMULATED_16BFX9) or fp64 by fixed-point splitting (Ozaki) run at other rates than the "
        "fp32/fp64 peaks used here",
        "dense data: structured (2:4) or other sparsity skips work and bytes; peaks are the dense ones",
        "no compression: bytes are counted at the tensors' storage types (no lossless or lossy memory compression)",
        "association: chains of linear contractions are bounded in their least order only where the least-order pass "
        "recognises them (an intermediate every reader of which is a product; docs/sol-model.md 1b), else as written",
    };
    return kAssumptions;
}

std::string_view levelName(Level level)
{
    return kLevelNames[static_cast<int>(level)];
}

std::string_view levelShortName(Level level)
{
    static constexpr std::array<std::string_view, kLevelCount> kShort = {"F0", "F1", "F2", "F3", "F4"};
    return kShort[static_cast<int>(level)];
}

std::optional<Level> parseLevel(std::string_view name)
{
    for (Level l : kLevels) {
        if (levelName(l) == name || levelShortName(l) == name)
            return l;
    }
    return std::nullopt;
}

bool isPerKernel(Level level)
{
    return level == Level::UnfusedPerKernel || level == Level::FusedPerOp;
}

bool isSpeedOfLight(Level level)
{
    return level == Level::Fused || level == Level::CacheAware;
}

std::string_view policyName(PrecisionPolicy policy)
{
    switch (policy) {
    case PrecisionPolicy::PytorchDefault: return "pytorch-default";
    case PrecisionPolicy::StrictFp32: return "strict-fp32";
    case PrecisionPolicy::AllowTf32: return "allow-tf32";
    }
    return "pytorch-default";
}

std::optional<PrecisionPolicy> parsePolicy(std::string_view name)
{
    for (auto p : {PrecisionPolicy::PytorchDefault, PrecisionPolicy::StrictFp32, PrecisionPolicy::AllowTf32}) {
        if (policyName(p) == name)
            return p;
    }
    return std::nullopt;
}

std::string_view cacheName(CacheAssumption cache)
{
    return cache == CacheAssumption::Cold ? "cold" : "warm";
}

std::optional<CacheAssumption> parseCache(std::string_view name)
{
    if (name == "cold")
        return CacheAssumption::Cold;
    if (name == "warm")
        return CacheAssumption::Warm;
    return std::nullopt;
}

std::string_view modeName(ExecutionMode mode)
{
    switch (mode) {
    case ExecutionMode::Eager: return "eager";
    case ExecutionMode::Graph: return "graph";
    case ExecutionMode::None: return "none";
    }
    return "eager";
}

std::optional<ExecutionMode> parseMode(std::string_view name)
{
    for (auto m : {ExecutionMode::Eager, ExecutionMode::Graph, ExecutionMode::None})
        if (modeName(m) == name)
            return m;
    return std::nullopt;
}

std::string_view unitGroupName(UnitGroup group)
{
    switch (group) {
    case UnitGroup::Tensor: return "tensor";
    case UnitGroup::SimtFp32: return "simt_fp32";
    case UnitGroup::SimtFp64: return "simt_fp64";
    }
    return "tensor";
}

} // namespace solar::bounds
