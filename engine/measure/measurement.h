// SPDX-License-Identifier: MIT
// `solar measure`: a PyTorch model run for real (seeded weights and inputs, warm-up, minimum of K runs) on this
// machine's CPU or a CUDA device, next to the bound ladder of the program at exactly the sizes it ran at. A model
// too large for the memory cap or too slow for the time cap is measured at the largest of its reduced size sets
// (modelprogram.h: module-level constants shrunk by a common divisor) that fits, and the program is traced again
// at those sizes, so bound and measurement always describe the same work. One torch.profiler run attributes time
// to the traced ATen ops, matched by name and call order to the analysis' operators.
#pragma once

#include "engine/analysis/analysis.h"
#include "engine/core/expected.h"
#include "engine/frontend/trace/modelprogram.h"
#include "engine/hw/calibrate.h"
#include "engine/hw/hwprofile.h"

#include <atomic>
#include <functional>
#include <map>
#include <optional>
#include <string>
#include <vector>

namespace solar::worker {
class TraceWorker;
}

namespace solar::measure {

struct MeasureOptions
{
    AnalysisOptions analysis; // policy, cache assumption (runs repeat: warm is the honest one), --set sizes
    int threads = 0; // 0: the profile's calibrated threads, else every CPU torch uses
    int runs = 5;
    bool compile = false; // also torch.compile (inductor), torch 2.x
    bool profileOps = true;
    std::string device = "cpu"; // or "cuda"
    double maxRunSeconds = 1.0; // the warm-up run; a slower model is measured at smaller sizes
    double maxTotalSeconds = 3.0; // the timed runs stop once they have spent this (at least one run)
    double maxBytes = 0; // inputs + parameters + buffers; 0: a quarter of the memory, at most 8 GB
    int timeoutMs = 600000;
    std::function<void(const std::string&)> progress;
};

/// One traced ATen op: its measured time (profiler) and the unfused_per_kernel bound of the operators it lowered to.
struct OpTime
{
    int op = -1; // index into the trace's ops
    std::string aten;
    int sourceLine = 0;
    std::optional<double> measuredSeconds; // none: the profiler recorded no matching event
    double boundSeconds = 0; // its operators standing alone (F0); 0 for views and ops without a kernel
    std::vector<int> nodes; // the analysis' operators (graph nodes) it lowered to
};

struct Measurement
{
    std::string file;
    trace::SizeMap sizes; // the module-level constants it ran at
    bool reduced = false; // not the file's own sizes
    std::string sizesNote; // why it ran at reduced sizes
    double seconds = 0; // min of the timed runs
    double maxSeconds = 0; // the slowest of them: max / min is the run-to-run spread (0: not reported)
    int runs = 0;
    int threads = 0;
    std::string device;
    std::string torchVersion;
    std::optional<double> compiledSeconds;
    std::string compileError;
    AnalysisResult analysis; // the program traced at `sizes`
    std::vector<std::string> notCounted; // ops without a template: the bounds are incomplete
    std::vector<OpTime> ops;
    double matchedSeconds = 0; // profiler time attributed to traced ops
    std::map<std::string, double> unmatched; // outermost ATen events with no traced op inside, by name
};

/// "batch_size=8, dim=64" ("(no size constants)" for none).
std::string describeSizes(const trace::SizeMap& sizes);

/// The threads a profile was calibrated with (its host details), else 0.
int profileThreads(const hw::HwProfile& profile);

Expected<Measurement> measureModel(const std::string& file, worker::TraceWorker& worker, const hw::HwProfile& hardware,
                                   const MeasureOptions& options);

/// The eager model's per-operator floor on this CPU (the least time one ATen operator with a kernel takes, measured
/// from C++ dispatch with `threads` threads; solarworker/torch_measure.py op_floor says how) added to `profile` as
/// `opFloorSeconds`, with its source and the per-operator figures in the host details.
Expected<double> addMeasuredOpFloor(hw::HwProfile& profile, worker::TraceWorker& worker, int threads, int timeoutMs = 120000);

/// `solar hw calibrate` and the GUI's "Calibrate this machine" alike: the host measured (calibrate.h) and, when a
/// Python with torch is found, the eager per-op floor added; `options.progress` hears both.
Expected<hw::HwProfile> calibrateThisMachine(const hw::CalibrationOptions& options, const hw::HostInfo& host);

/// `seconds` against every level: measured / bound (>= 1 when the bound holds).
double headroom(double measuredSeconds, double boundSeconds);

struct Verdict
{
    std::string violations; // every level whose bound is above the measured time, "fused, cache_aware"; empty: none
    std::string solViolations; // those of them at the speed-of-light levels (fused, cache_aware): a bug
};

/// The time level `l` is judged against: the speed-of-light levels hold for every implementation, the compiled one
/// included (the faster of the two); the unfused levels model eager execution, which a fusing compiler may beat.
double judgedSeconds(const Measurement& m, bounds::Level l);

/// Judges the eager time and, when measured, the compiled one (the faster of the two beats a bound first).
Verdict verdict(const Measurement& m);

} // namespace solar::measure
