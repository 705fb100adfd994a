// SPDX-License-Identifier: MIT
// Kernels scored against the speed of light (docs/scoring.md): SOL-ExecBench's SOL score
// S = 1 / (1 + (T_k - T_SOL) / (T_b - T_SOL)) — 0.5 at the baseline, 1 at the bound — with T_SOL one level of this
// project's ladder (default fused), KernelBench's fast_p (the share of problems whose kernel is correct and more than
// p times faster than the baseline), and every time below its bound flagged as a violation to investigate: a
// measurement or bound bug, or a kernel that skips work.
#pragma once

#include "engine/bounds/ladder.h"
#include "engine/core/expected.h"

#include <array>
#include <map>
#include <optional>
#include <string>
#include <vector>

namespace solar::batch {

/// One kernel's measured time and its baseline's, for a problem ("level1/2_x.py") or a workload ("name/uuid").
struct KernelTime
{
    std::string key;
    double kernelSeconds = 0;
    double baselineSeconds = 0;
    bool correct = true;
};

/// Each problem's or workload's bound per level (seconds), from analyses whose every op was counted.
struct BoundsTable
{
    std::map<std::string, std::array<double, bounds::kLevelCount>> seconds;
    std::map<std::string, std::string> unusable; // key -> why it has no bound (an incomplete or failed analysis)
};

enum class ScoreFlag {
    None,
    KernelBelowBound, // T_k < T_SOL: a violation to investigate
    BaselineBelowBound, // T_b <= T_SOL: a violation (or a tie) — the score is undefined
    NotCorrect, // the kernel failed correctness: score 0, never fast
    NoBound, // no analysis of this key (or an incomplete one): not scored
};

std::string_view scoreFlagName(ScoreFlag flag); // "", "kernel_below_bound", "baseline_below_bound", "not_correct", "no_bound"

struct ScoreRow
{
    KernelTime time;
    std::optional<double> solSeconds;
    std::optional<double> score;
    double speedup = 0; // T_b / T_k
    ScoreFlag flag = ScoreFlag::None;
    std::string note; // why there is no bound
};

struct ScoreOptions
{
    bounds::Level level = bounds::Level::Fused;
    std::vector<double> ps {0.0, 1.0, 1.5, 2.0};
};

struct ScoreSummary
{
    bounds::Level level = bounds::Level::Fused;
    std::vector<ScoreRow> rows;
    std::vector<std::pair<double, double>> fastP; // p -> share of all rows that are correct with speedup > p
    int scored = 0; // rows with a score (correct ones and those scoring 0)
    double meanScore = 0; // over scored rows
    int violations = 0; // kernel or baseline below its bound
    int unbounded = 0; // rows with no bound
};

/// The SOL score of one kernel; nullopt when T_b <= T_SOL (no room between the baseline and the bound).
std::optional<double> solScore(double kernelSeconds, double baselineSeconds, double solSeconds);

ScoreSummary scoreKernels(const std::vector<KernelTime>& times, const BoundsTable& bounds, const ScoreOptions& options);

/// Bounds from `solar bench --format json` (solar.bench/1: keyed by problem file) or `solar analyze PROBLEM_DIR
/// --format json` (solar.workloads/1: keyed "definition name/uuid"); several files merge.
Expected<BoundsTable> readBounds(const std::vector<std::string>& paths);

/// Times from the documented JSON (schema solar.times/1: {"times": [{"problem", "workload"?, "kernel_seconds",
/// "baseline_seconds", "correct"?}]}), or from a KernelBench timing file of the kernels with `baselinePath` the
/// KernelBench timing file of the baseline (matched by level/file).
Expected<std::vector<KernelTime>> readKernelTimes(const std::string& path, const std::string& baselinePath = {});
/// Kernel and baseline KernelBench timings paired by problem (problems in only one of them are skipped).
std::vector<KernelTime> pairTimings(const std::map<std::string, double>& kernelSeconds,
                                    const std::map<std::string, double>& baselineSeconds);

} // namespace solar::batch
