// SPDX-License-Identifier: MIT
// The inverse roofline: for a target time T at one level, the least DRAM bandwidth (at the current compute), the
// least compute (a uniform factor on every peak, at the current bandwidth) and, for cache_aware, the least
// on-chip capacity that reach T. Whole-graph levels have closed forms; the per-kernel levels sum
// max(a_k, b_k x) over kernels, a convex piecewise-linear function of x = 1/BW (or 1/compute factor), solved
// exactly by walking its sorted breakpoints. Plugging a solved value back into solve() gives T.
#pragma once

#include "engine/bounds/ladder.h"

#include <optional>
#include <string>
#include <vector>

namespace solar::bounds {

struct FrontierPoint
{
    double computeScale = 1; // factor on every compute peak
    double dramBps = 0; // least bandwidth that reaches T at that compute
};

struct Inverse
{
    Level level = Level::Fused;
    double targetSeconds = 0;
    double currentSeconds = 0; // the level at the current machine

    // At the current value of the other resource (empty with a reason when none reaches T):
    std::optional<double> minDramBps;
    std::string dramWhy;
    std::optional<double> minComputeScale; // factor on every compute peak
    std::vector<std::pair<std::string, double>> minPeakFlops; // "tensor bf16" -> FLOP/s, at minComputeScale
    std::string computeWhy;
    // Necessary whatever the other resource is (unlimited compute, resp. unlimited bandwidth): T needs at least
    // this much bandwidth and at least this much compute; together they suffice at the whole-graph levels.
    double necessaryDramBps = 0;
    double necessaryComputeScale = 0;
    std::vector<std::pair<std::string, double>> necessaryPeakFlops;
    std::optional<double> minOnchipBytes; // cache_aware only
    std::string onchipWhy;
    std::vector<FrontierPoint> frontier; // the iso-T curve in the (compute, bandwidth) plane
};

Inverse solveInverse(const Digest& digest, const MachineModel& machine, PrecisionPolicy policy, CacheAssumption cache, Level level,
                     double targetSeconds);

} // namespace solar::bounds
