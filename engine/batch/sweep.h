// SPDX-License-Identifier: MIT
// Sweeping a folder of PyTorch problems (KernelBench layout: DIR/<level>/<problem>.py): each is traced, lowered
// and bounded on one hardware profile, and compared with measured runtimes when a timing file is given. One
// tracer worker serves the whole sweep. --shard I/N splits the sorted problem list so a sweep can run across
// machines; mergeSweeps joins the shards' JSON outputs into the result of the whole sweep.
#pragma once

#include "engine/analysis/analysis.h"
#include "engine/measure/measurement.h"
#include "engine/worker/session.h"
#include "engine/worker/traceworker.h"

#include <array>
#include <functional>
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace solar::batch {

/// ok: analysed, every op counted; incomplete: analysed, some ops not counted; error: no analysis.
enum class ProblemStatus { Ok, Incomplete, Error };

/// "ok", "incomplete", "error" (the JSON and CSV spelling).
std::string_view problemStatusName(ProblemStatus status);
std::optional<ProblemStatus> parseProblemStatus(std::string_view text);

struct ProblemResult
{
    std::string file; // relative to DIR
    std::string level; // its parent folder
    ProblemStatus status = ProblemStatus::Error;
    std::string error;
    double flops = 0;
    double bytes = 0; // fused (compulsory) bytes
    int kernels = 0; // kernels of the eager model (unfused_per_kernel), at the file's sizes
    double opFloorSeconds = 0; // the part of unfused_per_kernel that is the profile's per-operator floor
    std::array<double, bounds::kLevelCount> boundsSeconds {};
    std::optional<double> measuredSeconds;
    std::string excluded; // why its timing is not compared (empty: compared)
    // --measure: measured on this machine, possibly at reduced sizes; the bounds it is compared with are those of
    // the program at exactly those sizes (boundsSeconds stay the file's sizes').
    std::optional<std::array<double, bounds::kLevelCount>> measuredBoundsSeconds;
    double measuredOpFloorSeconds = 0; // the floor's part of unfused_per_kernel at the measured sizes
    std::map<std::string, std::int64_t> measuredSizes;
    std::string measuredWith; // "torch 2.13.0 eager, cpu, 2 threads, min of 5 runs"
    std::optional<double> compiledSeconds; // torch.compile, when asked for and it worked
    std::string measureError; // why it was not measured
    std::vector<std::string> notCounted; // ops without a template, with their lines
    ValidationStatus validation = ValidationStatus::Unvalidated;
    std::string validationDetails;
    bool sizeParameters = false; // the analysed program has the model's size constants as parameters
    std::string programNote; // which ones, or why not (only fitted when validating)
    double analysisSeconds = 0;
    // --differential: the lowered program run in the instrumented interpreter at its smallest fitted sizes and
    // checked against its lifted counts (engine/analysis/differential.h). -1: not run (differential says why).
    int differentialFindings = -1;
    std::string differential;
};

struct SweepOptions
{
    std::string hardware; // profile id
    AnalysisOptions analysis;
    std::map<std::string, double> timingsSeconds; // "level1/2_x.py" -> measured (min) seconds
    std::map<std::string, std::string> staleTimings; // "level1/97_x.py" -> why the timing is not comparable
    int shardIndex = 0, shardCount = 1;
    int jobs = 1; // tracer workers (processes) and analysis threads
    bool validate = false; // compare each model with torch at reduced sizes
    bool differential = false; // run the differential counter on each lowered program at reduced sizes
    int timeoutMs = 120000;
    bool measure = false; // run every analysed problem for real, one at a time, after the analyses
    measure::MeasureOptions measureOptions;
    std::function<void(int done, int total, const std::string& file)> progress;
    /// Set: every problem is analysed by it instead of the trace route (the CLI's `bench --frontend llm` passes
    /// analyzeSource, the top of the frontend stack, for Triton, C or CUDA kernels), its validation included, and the
    /// timings compare with its bounds the same way. Called from the sweep's threads, each with its own worker
    /// session; `kernelSources` adds .c, .cc, .cpp and .cu files to the problems.
    std::function<Expected<AnalysisResult>(const std::string& path, worker::Session& session)> analyzer;
    bool kernelSources = false;
};

struct SweepResult
{
    std::string hardware;
    std::string policy;
    std::string cache;
    std::vector<ProblemResult> problems;
    double wallSeconds = 0;
};

/// The problem files below `dir` (recursively, sorted), relative to it: Python sources, and with `kernelSources` C,
/// C++ and CUDA ones too (what the LLM route reads).
std::vector<std::string> problemFiles(const std::string& dir, bool kernelSources = false);

/// The bounds a problem's measured time is compared with: at the sizes it was measured at (--measure), else the file's.
/// Whether the problem has a measured time that is compared with its bounds (analysed, timed, not excluded).
bool hasComparedTiming(const ProblemResult& p);
const std::array<double, bounds::kLevelCount>& comparedBounds(const ProblemResult& p);

/// `progress` may be called from several threads (one at a time); with `measure`, a second pass reports
/// "measure: FILE" entries (done counts from 0 again).
SweepResult runSweep(const std::string& dir, const hw::HwProfile& hardware, const SweepOptions& options, const worker::PythonInfo& python);

/// Reads a KernelBench timing file ({"level1": {"file.py": {"min": ms, ...}}}) into seconds per "level/file".
Expected<std::map<std::string, double>> readTimings(const std::string& path);
/// The timing of the problem in `filePath`: keyed "level/file.py", so the file's folder and name are tried first,
/// then any key ending in "/file.py" (a file moved out of its level folder).
std::optional<double> timingFor(const std::map<std::string, double>& timingsSeconds, const std::string& filePath);

/// Timing files name their machine only in their folder (KernelBench: timings/H100_PCIe_LambdaLabs/...). When that
/// folder names a GPU (H100, A100, L40S, ...) or a form factor (PCIe, SXM) the profile does not, says so: headroom
/// against another machine's timings is meaningless, and a false SOL violation is worse.
std::optional<std::string> timingsHardwareMismatch(const std::string& timingPath, const hw::HwProfile& profile);
/// Reads {"level/file.py": "reason"}.
Expected<std::map<std::string, std::string>> readStaleList(const std::string& path);

/// Reads what report::sweepJson wrote (the summary is recomputed from the problems, never trusted).
Expected<SweepResult> readSweepJson(const std::string& path);
/// Joins shards of one sweep: same hardware, policy and cache, no file twice; problems sorted by file, wall time
/// the longest shard's (shards run side by side).
Expected<SweepResult> mergeSweeps(const std::vector<SweepResult>& shards, const std::vector<std::string>& names);
/// readSweepJson of every path, then mergeSweeps (`bench --merge`, `solar plot`).
Expected<SweepResult> readSweepFiles(const std::vector<std::string>& paths);

} // namespace solar::batch
