// SPDX-License-Identifier: MIT
// Optimisation opportunities: where the time between what runs (a measurement, or the eager model when there is
// none) and the speed of light goes, as a ranked list an engineer can act on. Every estimate follows from the
// bound ladder on one profile (docs/insights.md has the derivations):
//   measured_gap  an op's measured time above its own eager bound (its F0 standing alone, per-op floor included)
//   launch        the per-op floor's part of F0: kernels that cost more to launch than their work
//   fusion        a fusible region (at most one contraction with the elementwise and reduction kernels around it):
//                 its unfused time (F0 without the floor) less its fused time, max(compute, boundary bytes / BW)
//   capacity      cache_aware (F4) above fused (F3): what finite on-chip storage forces, and the capacity that
//                 would remove it (a hardware change: no software recovers it on this profile)
//   precision     fused (F3) under a faster math mode (TF32 tensor cores) or dtype (bf16) for fp32 contractions
// The kinds are segments of one chain, reference >= F0 >= F0 without floor >= sum of fused regions >= F3 >=
// F3 at the faster precision, so their savings add up without double counting; the precision alternatives
// exclude each other (the total takes the larger). The total never exceeds reference - that lowest SOL: when the
// estimates would (a measurement below the eager model), the measured gaps and then all of them are scaled down.
#pragma once

#include "engine/analysis/analysis.h"
#include "engine/measure/measurement.h"
#include "engine/measure/profiletrace.h"

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace solar::insights {

enum class Kind { Fusion, Precision, Capacity, Launch, MeasuredGap };
std::string_view kindName(Kind kind); // "fusion", "precision", "capacity", "launch", "measured_gap"

/// Per-op measured times and where they come from (solar measure, or a profiler trace).
struct MeasuredOps
{
    std::vector<measure::OpTime> ops;
    std::optional<double> programSeconds; // the whole program as measured
    std::string source; // "solar measure, torch 2.13, 2 threads", "trace run.json"
};

struct Opportunity
{
    Kind kind = Kind::Fusion;
    std::string title; // one line: "fuse aten::addmm with aten::gelu (2 kernels)"
    std::vector<int> nodes; // the operators it concerns (graph nodes)
    std::vector<int> lines; // their user source lines (frontends), else ALIR lines; ascending, unique
    double savedSeconds = 0; // the estimate on this profile, after any scaling
    double estimatedSeconds = 0; // before scaling
    std::string group; // alternatives share a group (the total counts the largest); else empty
    std::string explanation; // how the estimate follows from the ladder
    // Evidence, where the kind has it.
    double fromSeconds = 0; // the time it starts from (measured, unfused, F3, F4)
    double toSeconds = 0; // the time it estimates after the change
    double bytesAvoided = 0; // fusion: intermediate bytes that no longer cross DRAM
    double capacityBytes = 0; // capacity: the on-chip capacity (or per-SM storage) that removes the term
    int kernels = 0; // fusion, launch: kernels concerned
    std::string bottleneck; // measured_gap: what bounds the op ("memory", "compute:tensor", ...)
};

struct Insights
{
    std::vector<Opportunity> opportunities; // by savedSeconds, largest first
    double referenceSeconds = 0; // what the savings are taken from
    std::string reference; // "measured" or "unfused_per_kernel (no measurement)"
    double solSeconds = 0; // fused (F3) under the analysis' policy
    double lowestSolSeconds = 0; // fused under the fastest precision alternative listed (<= solSeconds)
    double totalSavedSeconds = 0; // no double counting: precision alternatives count once, at their largest
    double scale = 1; // < 1: estimates were scaled down to stay within reference - lowest SOL
    int omitted = 0; // opportunities below 0.5 % of the reference, not listed
    double omittedSeconds = 0;
    std::string measuredSource; // empty: no measurement
    std::vector<std::string> notes;
};

/// The ranked opportunities of `analysis` on its machine, with per-op measurements when given.
Insights computeInsights(const AnalysisResult& analysis, const MeasuredOps* measured = nullptr);

MeasuredOps measuredFromTrace(const measure::TraceMatch& match);
MeasuredOps measuredFromMeasurement(const measure::Measurement& m);

/// Per operator (graph node), its share of its op's measured time (by the operators' eager bounds, evenly when
/// those are 0); none where the op was not measured. What the operator table's measured column shows.
std::vector<std::optional<double>> measuredNodeSeconds(const AnalysisResult& analysis, const std::vector<measure::OpTime>& ops);

/// The insights of an analysis with a profiler trace, or without one: the trace matched to the operators, each
/// operator's measured time and the ranked opportunities. The one sequence `analyze --profile-trace`, `insights`
/// and the GUI's results model run.
struct TracedInsights
{
    std::optional<measure::TraceMatch> match; // with a trace
    std::vector<std::optional<double>> measuredNodeSeconds; // per graph node; empty without a trace
    Insights insights;
};
TracedInsights insightsWithTrace(const AnalysisResult& analysis, const measure::ProfileTrace* trace);

} // namespace solar::insights
