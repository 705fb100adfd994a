// SPDX-License-Identifier: MIT
// Per-operator measured times from a real profiler trace: the Chrome-trace JSON torch.profiler writes
// (prof.export_chrome_trace, or the TensorBoard handler). CPU-side ATen ops nest by time on their thread; CUDA
// kernels belong to the ATen op that launched them (the runtime call with the kernel's correlation id lies inside
// it). The outermost ATen events are matched to the analysis' operators the way `solar measure` matches its own
// profile: by op name in call order, with the recorded input shapes deciding between candidates of one name.
#pragma once

#include "engine/analysis/analysis.h"
#include "engine/core/expected.h"
#include "engine/measure/measurement.h"

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace solar::measure {

struct ProfileEvent
{
    std::string name; // "aten::addmm"
    double startUs = 0;
    double durationUs = 0;
    double selfSeconds = 0; // its duration less its child ATen ops'
    double deviceSeconds = 0; // CUDA kernels it or its children launched
    int parent = -1; // the enclosing ATen event (index), -1 when outermost
    std::vector<int> children; // ATen events directly inside, in time order
    std::vector<std::vector<std::int64_t>> inputShapes; // "Input Dims" (record_shapes); empty lists for non-tensors
};

struct ProfileTrace
{
    std::string file;
    std::vector<ProfileEvent> events; // ATen events, in start order
    std::vector<int> outermost; // events without an ATen parent, in start order
    bool hasKernels = false; // GPU kernels present: operators are timed by their kernels
    double kernelSeconds = 0; // all kernels
    double unattributedKernelSeconds = 0; // kernels no ATen op launched (or without a correlation id)
    double atenSelfSeconds = 0; // sum of every ATen event's self time
    std::vector<std::string> devices; // the GPUs it profiled, by name (deviceProperties); empty for a CPU-only trace
};

/// Parses a Chrome trace. Bad JSON is an error at file:line:col; a trace without ATen ops (profiled without
/// CPU activity) is an error that says so.
Expected<ProfileTrace> parseProfileTrace(std::string_view json, const std::string& file);
Expected<ProfileTrace> readProfileTrace(const std::string& path);

/// A trace matched to an analysis: one OpTime per traced op of the analysis (its operators grouped by the
/// frontend's op index), measured where an event took it.
struct TraceMatch
{
    std::string file;
    bool device = false; // operator times are kernel times (a GPU trace), not CPU times
    std::vector<OpTime> ops;
    double matchedSeconds = 0; // ATen self time inside events matched to an operator
    double unmatchedSeconds = 0; // the rest of the trace's ATen self time
    std::map<std::string, double> unmatched; // outermost events no operator took, by name (ATen self time)
    double opSeconds = 0; // the measured time of the matched ops, per pass (kernel time on a GPU trace)
    double totalSeconds = 0; // the outermost ATen events' time (kernel time on a GPU trace) per pass: the measured program
    int passes = 1; // forward passes the trace holds (a profiler schedule with several active steps)
    int shapeMismatches = 0; // events taken by order although their recorded shapes fit no operator of their name
};

TraceMatch matchProfileTrace(const ProfileTrace& trace, const AnalysisResult& analysis);

/// Why the trace cannot measure `profile`'s machine: CPU times against an accelerator's profile, GPU kernels against
/// a CPU host's, or a profiled GPU the profile is not (another model, the other form factor). Such a trace is
/// refused as timing files from another machine are (issue 30, item 4); nullopt when nothing says so.
std::optional<std::string> traceHardwareMismatch(const ProfileTrace& trace, const hw::HwProfile& profile);

/// The fraction of the trace's ATen self time that was matched (1 when there was none).
double matchedFraction(const TraceMatch& match);

} // namespace solar::measure
