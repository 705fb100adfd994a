// SPDX-License-Identifier: MIT
#include "engine/bounds/inverse.h"
#include "engine/core/format.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <limits>

namespace solar::bounds {

namespace {

struct Segment
{
    double a; // the part that does not scale with x
    double b; // the part proportional to x
};

// The largest x > 0 with sum_k max(a_k, b_k x) <= T. f is continuous, convex and nondecreasing, starting at
// sum a_k, so there is none when sum a_k >= T (the target needs x <= 0); when nothing grows with x every x
// reaches T: +infinity (the caller's 1 / x is then 0: "any bandwidth" or "any compute").
std::optional<double> solvePiecewise(const std::vector<Segment>& segs, double T)
{
    double constant = 0; // sum of a_k over kernels still on their flat part at x
    double slope = 0; // sum of b_k over kernels on their rising part
    std::vector<std::pair<double, const Segment*>> breaks;
    for (const auto& s : segs) {
        constant += s.a;
        if (s.b > 0)
            breaks.emplace_back(s.a / s.b, &s);
    }
    if (constant >= T)
        return std::nullopt;
    if (breaks.empty())
        return std::numeric_limits<double>::infinity();
    std::sort(breaks.begin(), breaks.end(), [](const auto& x, const auto& y) { return x.first < y.first; });
    for (const auto& [x, s] : breaks) {
        if (constant + slope * x >= T)
            break; // the solution lies before this breakpoint
        constant -= s->a;
        slope += s->b;
    }
    return (T - constant) / slope;
}

// As every number shown to a user: 3 significant digits and a unit ("40.6 µs", never "4.059e-05 s").
std::string seconds(double s)
{
    return formatSeconds(s);
}

// "X, more than the target Y", with as many digits as it takes for X and Y to read differently: at three digits
// a time just above the target printed as "40 µs, more than the target" when the target was 40 µs (issue 30).
std::string aboveTarget(double s, double target)
{
    std::string a = formatSeconds(s), b = formatSeconds(target);
    if (a == b) {
        const double unit = target < 1e-6 ? 1e-9 : target < 1e-3 ? 1e-6 : target < 1 ? 1e-3 : 1.0;
        const char* name = target < 1e-6 ? " ns" : target < 1e-3 ? " µs" : target < 1 ? " ms" : " s";
        for (int digits = 4; digits <= 15 && a == b; ++digits) {
            char x[48], y[48];
            std::snprintf(x, sizeof x, "%.*g", digits, s / unit);
            std::snprintf(y, sizeof y, "%.*g", digits, target / unit);
            a = std::string(x) + name;
            b = std::string(y) + name;
        }
    }
    return a + ", more than the target " + b;
}

struct Solver
{
    const Digest& d;
    const MachineModel& m;
    PrecisionPolicy policy;
    CacheAssumption cache;
    Level level;
    double T;

    bool floored() const { return level == Level::UnfusedPerKernel && m.launchFloorSeconds > 0; }

    // The host's eager dispatch of every launch is a term no hardware slider moves: a target below it is out of reach.
    bool dispatchBelowTarget(std::string* why) const
    {
        const double host = level == Level::UnfusedPerKernel ? hostDispatchSeconds(d, m) : 0;
        if (host <= T)
            return true;
        if (why)
            *why = "the host's eager dispatch of the kernels alone takes " + aboveTarget(host, T)
                + ": no device is fast enough (a CUDA graph or a compiled program, --mode graph, removes it)";
        return false;
    }

    std::vector<double> kernelBytes() const
    {
        std::vector<double> out;
        for (const auto& k : d.kernels)
            out.push_back(level == Level::UnfusedPerKernel ? k.unfusedBytes : k.externalBytes);
        return out;
    }

    // Least bandwidth at compute factor `scale`, or nullopt (with the reason) when none reaches T.
    std::optional<double> minBandwidth(double scale, std::string* why) const
    {
        const MachineModel scaled = m.scaledCompute(scale);
        if (!isPerKernel(level)) {
            const LevelResult r = solve(d, scaled, policy, cache).at(level);
            if (r.l2Seconds > T) {
                if (why)
                    *why = "moving " + formatBytes(r.l2Bytes) + " across L2 to the SMs takes " + aboveTarget(r.l2Seconds, T)
                        + ": no DRAM bandwidth is enough";
                return std::nullopt;
            }
            if (r.computeSeconds > T) {
                const auto busiest = std::max_element(r.unitSeconds.begin(), r.unitSeconds.end()) - r.unitSeconds.begin();
                if (why)
                    *why = "compute alone needs " + aboveTarget(r.computeSeconds, T) + " (on "
                        + std::string(unitGroupName(static_cast<UnitGroup>(busiest))) + "): no bandwidth is enough";
                return std::nullopt;
            }
            return r.bytes / T;
        }
        if (!dispatchBelowTarget(why))
            return std::nullopt;
        const auto compute = kernelComputeSeconds(d, scaled, policy);
        const auto bytes = kernelBytes();
        std::vector<Segment> segs; // kernel time = max(compute, floor, bytes / BW): the floor is a fixed term, like compute
        double computeSum = 0;
        for (size_t k = 0; k < compute.size(); ++k) {
            const double fixed = std::max(compute[k], kernelFloorSeconds(d, k, scaled, level));
            segs.push_back({fixed, bytes[k]});
            computeSum += fixed;
        }
        const auto x = solvePiecewise(segs, T);
        if (!x) {
            if (why)
                *why
                    = std::string(floored() ? "the kernels' compute and launch floor alone sum to " : "the kernels' compute alone sums to ")
                    + seconds(computeSum) + ", not below the target: no bandwidth is enough";
            return std::nullopt;
        }
        return 1.0 / *x;
    }

    std::optional<double> minComputeScale(std::string* why) const
    {
        if (!isPerKernel(level)) {
            const LevelResult r = solve(d, m, policy, cache).at(level);
            if (r.memorySeconds > T) {
                *why = "moving " + formatBytes(r.bytes) + " at this bandwidth takes " + aboveTarget(r.memorySeconds, T)
                    + ": no compute is enough";
                return std::nullopt;
            }
            return r.computeSeconds / T;
        }
        if (!dispatchBelowTarget(why))
            return std::nullopt;
        const auto compute = kernelComputeSeconds(d, m, policy);
        const auto bytes = kernelBytes();
        std::vector<Segment> segs; // x = 1 / scale: kernel time = max(bytes / BW, floor, compute * x)
        double memorySum = 0;
        for (size_t k = 0; k < compute.size(); ++k) {
            const double fixed = std::max(bytes[k] / m.dramBps, kernelFloorSeconds(d, k, m, level));
            segs.push_back({fixed, compute[k]});
            memorySum += fixed;
        }
        const auto y = solvePiecewise(segs, T);
        if (!y) {
            *why = std::string(floored() ? "the kernels' memory time and launch floor alone sum to "
                                         : "the kernels' memory time alone sums to ")
                + seconds(memorySum) + ", not below the target: no compute is enough";
            return std::nullopt;
        }
        return 1.0 / *y;
    }
};

} // namespace

Inverse solveInverse(const Digest& d, const MachineModel& m, PrecisionPolicy policy, CacheAssumption cache, Level level, double T)
{
    // The per-kernel levels (and a fused one the eager kernels bound lower) are the eager kernels' (Digest::eager).
    if (d.eager
        && (isPerKernel(level) || level == Level::UnfusedOverlapped
            || solve(*d.eager, m, policy, cache).at(level).seconds < solve(d, m, policy, cache).at(level).seconds)) {
        const Digest& eager = *d.eager;
        return solveInverse(eager, m, policy, cache, level, T);
    }
    Inverse inv;
    inv.level = level;
    inv.targetSeconds = T;
    const Ladder now = solve(d, m, policy, cache);
    inv.currentSeconds = now.at(level).seconds;
    if (!(T > 0) || !std::isfinite(T)) {
        inv.dramWhy = inv.computeWhy = inv.onchipWhy = "the target time must be a positive number of seconds";
        return inv;
    }
    const Solver solver {d, m, policy, cache, level, T};
    inv.minDramBps = solver.minBandwidth(1.0, &inv.dramWhy);
    inv.minComputeScale = solver.minComputeScale(&inv.computeWhy);
    // With the other resource unlimited only one term is left: the bytes over T at the whole-graph levels, and
    // their sum over kernels at the per-kernel ones (likewise for compute).
    double bytes = 0, compute = 0;
    if (isPerKernel(level)) {
        for (double b : solver.kernelBytes())
            bytes += b;
        for (double c : kernelComputeSeconds(d, m, policy))
            compute += c;
    } else {
        bytes = now.at(level).bytes;
        compute = now.at(level).computeSeconds;
    }
    inv.necessaryDramBps = bytes / T;
    inv.necessaryComputeScale = compute / T;
    auto peaksAt = [&](double scale) {
        std::vector<std::pair<std::string, double>> out;
        for (int u = 0; u < 2; ++u) {
            for (int p = 0; p < hw::kPrecisionCount; ++p) {
                const double peak = m.peakFlops[u * hw::kPrecisionCount + p];
                if (peak > 0)
                    out.emplace_back(std::string(hw::unitName(static_cast<hw::Unit>(u))) + " "
                                         + std::string(hw::precisionName(static_cast<hw::Precision>(p))),
                                     peak * scale);
            }
        }
        return out;
    };
    if (inv.minComputeScale)
        inv.minPeakFlops = peaksAt(*inv.minComputeScale);
    inv.necessaryPeakFlops = peaksAt(inv.necessaryComputeScale);
    if (level == Level::CacheAware) {
        // Least S with cacheAwareBytes(S) <= BW * T: the bytes are nonincreasing in S, so bisect (in log space).
        const double budget = m.dramBps * T;
        if (now.at(level).computeSeconds > T) {
            inv.onchipWhy = "compute alone exceeds the target: no on-chip capacity is enough";
        } else if (now.at(level).l2Seconds > T) {
            inv.onchipWhy = "the traffic across L2 to the SMs alone exceeds the target: no on-chip capacity is enough";
        } else if (cacheAwareBytes(d, m, 1e30, cache) > budget) {
            inv.onchipWhy = "even unlimited on-chip memory leaves the compulsory traffic, which takes longer than the "
                            "target at this bandwidth";
        } else {
            double lo = 1, hi = 1e30;
            if (cacheAwareBytes(d, m, lo, cache) <= budget) {
                inv.minOnchipBytes = 0; // no contraction here is capacity-bound: any on-chip memory will do
            } else {
                for (int i = 0; i < 400 && hi > lo * (1 + 1e-12); ++i) {
                    const double mid = std::sqrt(lo * hi);
                    (cacheAwareBytes(d, m, mid, cache) <= budget ? hi : lo) = mid;
                }
                inv.minOnchipBytes = hi;
            }
        }
    }
    // The iso-T frontier: compute factors from 1/16 to 16 around the current machine.
    for (int i = -8; i <= 8; ++i) {
        const double scale = std::pow(2.0, i / 2.0);
        if (const auto bw = solver.minBandwidth(scale, nullptr))
            inv.frontier.push_back({scale, *bw});
    }
    return inv;
}

} // namespace solar::bounds
