// SPDX-License-Identifier: MIT
// Kernels scored against the speed of light (docs/scoring.md): SOL-ExecBench's SOL score
// S = 1 / (1 + (T_k - T_SOL) / (T_b - T_SOL)) — 0.5 at the baseline, 1 at the bound — with upstream's rule where
// T_b <= T_SOL (1 when T_k <= T_SOL, else 0), T_SOL one level of this project's ladder (default fused), KernelBench's
// fast_p (the share of problems whose kernel is correct and more than p times faster than the baseline), and every
// time below its bound flagged as a violation to investigate: a measurement or bound bug, or a kernel that skips work.
#pragma once

#include "engine/bounds/ladder.h"
#include "engine/core/expected.h"

#include <array>
#include <map>
#include <optional>
#include <set>
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
    bool workload = false; // a SOL-ExecBench workload ("definition/uuid"): matched by its exact key only
};

/// Each problem's or workload's bound per level (seconds), from analyses whose every op was counted.
struct BoundsTable
{
    std::map<std::string, std::array<double, bounds::kLevelCount>> seconds;
    std::map<std::string, std::string> unusable; // key -> why it has no bound (an incomplete or failed analysis)
    std::map<std::string, std::string> origin; // key -> the bounds file it came from (a key in two files is refused)
    std::set<std::string> workloadKeys; // keys of SOL-ExecBench workloads: never matched by file name
};

enum class ScoreFlag {
    None,
    KernelBelowBound, // T_k < T_SOL < T_b: a violation to investigate; the score is capped at 1
    BaselineBelowBound, // T_b <= T_SOL: a violation (or a tie); upstream scores 1 or 0
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

/// How rows with a time under the bound are scored. Upstream (sol_score.py, the default): T_b <= T_SOL scores 1 when
/// T_k <= T_SOL, else 0; otherwise the formula, which this project caps at 1 where T_k < T_SOL (upstream's formula
/// exceeds 1 there, and turns negative below 2 T_SOL - T_b). Strict: no score for a row with a time under its bound.
enum class ScoreRule { Upstream, Strict };

std::string_view scoreRuleName(ScoreRule rule); // "upstream", "strict"
std::optional<ScoreRule> parseScoreRule(std::string_view name);

struct ScoreOptions
{
    bounds::Level level = bounds::Level::Fused;
    ScoreRule rule = ScoreRule::Upstream;
    std::vector<double> ps {0.0, 1.0, 1.5, 2.0};
};

struct ScoreSummary
{
    bounds::Level level = bounds::Level::Fused;
    ScoreRule rule = ScoreRule::Upstream;
    std::vector<ScoreRow> rows;
    std::vector<std::pair<double, double>> fastP; // p -> share of all rows that are correct with speedup > p
    int scored = 0; // rows with a score (correct ones and those scoring 0)
    double meanScore = 0; // over scored rows
    int violations = 0; // kernel or baseline below its bound
    int unbounded = 0; // rows with no bound
};

/// SOL-ExecBench's score of one correct kernel as upstream computes it: 1 / (1 + (T_k - T_SOL) / (T_b - T_SOL)), and
/// where T_b <= T_SOL, 1 when T_k <= T_SOL else 0. Where T_k < T_SOL < T_b it is capped at 1: a kernel cannot beat the
/// speed of light, so the row is a violation and never scores above the bound or below 0.
double solScore(double kernelSeconds, double baselineSeconds, double solSeconds);
/// Upstream's formula uncapped (nullopt where it divides by zero), for saying how a capped row differs.
std::optional<double> upstreamFormula(double kernelSeconds, double baselineSeconds, double solSeconds);

ScoreSummary scoreKernels(const std::vector<KernelTime>& times, const BoundsTable& bounds, const ScoreOptions& options);

/// The bounds of a sweep's problems (keyed by file), and why those not analysed have none.
struct SweepResult;
BoundsTable boundsOfSweep(const SweepResult& sweep, const std::string& origin);

/// Bounds from `solar bench --format json` (solar.bench/1: keyed by problem file) or `solar analyze PROBLEM_DIR
/// --format json` (solar.workloads/1: keyed "definition name/uuid"); several files merge, and a key in two of them is
/// refused (bounds of one problem on two devices would otherwise score against whichever came last).
Expected<BoundsTable> readBounds(const std::vector<std::string>& paths);

/// Times from the documented JSON (schema solar.times/1: {"times": [{"problem", "workload"?, "kernel_seconds",
/// "baseline_seconds", "correct"?}]}), or from a KernelBench timing file of the kernels with `baselinePath` the
/// KernelBench timing file of the baseline (matched by level/file).
Expected<std::vector<KernelTime>> readKernelTimes(const std::string& path, const std::string& baselinePath = {});
/// Kernel and baseline KernelBench timings paired by problem (problems in only one of them are skipped).
std::vector<KernelTime> pairTimings(const std::map<std::string, double>& kernelSeconds,
                                    const std::map<std::string, double>& baselineSeconds);

} // namespace solar::batch
