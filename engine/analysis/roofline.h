// SPDX-License-Identifier: MIT
// The roofline as geometry, computed once for every view of it (the interactive chart, the painted figure of
// exports and reports): the axis ranges, the roofs relevant to the program (DRAM and the compute roofs its work
// runs on under the policy) for the analysed machine and any overlaid ones, the ceilings a calibration measured
// on the analysed device (dashed, never a bound), one point per operator and one for the whole program. No drawing and no Qt: views turn it into pixels and translated labels.
//
// What a point means, so that every point sits on or under the roof that bounds it (docs/sol-model.md):
// - an operator is drawn standing alone at the level's notion of bytes (F0, F1: every tensor it touches; F2-F4:
//   only the external ones, intermediates stay on chip): x = its FLOP / those bytes, y = its FLOP / max(compute,
//   bytes / DRAM bandwidth). It lies on its roof: DRAM, or the compute roof its work runs on; work that spans
//   concurrent units (a TF32 GEMM split across tensor cores and SIMT pipes) has a drawn roof of its own at their
//   summed peaks, on which a pure split lies and under which mixed work (a GEMM and its epilogue) lies. Its share of the level's time is a different number (operators overlap at
//   F1, F3, F4 and within a fused kernel), shown beside it with why the two differ.
// - the program point is the level itself: x = FLOP / the level's DRAM bytes, y = FLOP / the level's time. Warm
//   caches, the capacity term and the L2 -> SM floor act on it, not on single operators.
#pragma once

#include "engine/analysis/analysis.h"

#include <optional>
#include <string>
#include <vector>

namespace solar {

struct RooflineRoof
{
    std::string machine; // the machine's name
    std::string label; // "DRAM" or "<unit> <precision>" ("tensor fp16")
    double value = 0; // B/s for DRAM, FLOP/s for a compute roof
    bool dram = false;
    bool primary = true; // of the analysed machine (false: an overlay)
    bool combined = false; // several units at once, at their peaks summed per concurrency group ("tensor tf32 + simt fp32")
    double x0 = 0, y0 = 0, x1 = 0, y1 = 0; // the segment in (FLOP/byte, FLOP/s)
    bool achievable = false; // a ceiling measured on this device (HwProfile::achievable): beside the bound, never it
};

struct RooflinePoint
{
    int node = 0;
    double x = 0; // FLOP/byte at the level's bytes
    double y = 0; // attainable FLOP/s standing alone
    double flops = 0;
    double bytes = 0; // DRAM bytes the level charges the operator standing alone
    double standaloneSeconds = 0; // max(compute, bytes / DRAM bandwidth) = flops / y
    double levelSeconds = 0; // its share of the level's time (operator table)
    double share = 0; // of the level's time
    bool computeBound = false; // standing alone
    std::string bound; // the roof it sits on or under: "DRAM" or its compute units ("tensor tf32 + simt fp32")
    double roof = 0; // that roof's value: B/s for DRAM, FLOP/s for compute (over several units: combinedPeakFlopsPerSecond)
    double measuredY = 0; // FLOP / its measured time (a profiler trace), at the same x; 0: not measured
};

struct RooflineProgramPoint
{
    bool present = false;
    double x = 0, y = 0; // FLOP / the level's DRAM bytes, FLOP / the level's time
    double flops = 0, bytes = 0, seconds = 0;
    std::string bound; // "DRAM", "L2 -> SM" or "compute: <unit group>"
};

struct RooflinePlot
{
    double xMin = 0, xMax = 0, yMin = 0, yMax = 0; // decade-padded ranges; xMax == 0: nothing to plot
    std::vector<RooflineRoof> roofs;
    std::vector<RooflinePoint> points;
    RooflineProgramPoint program;
    int skipped = 0; // operators without arithmetic (a log axis has no 0)
    int fusedAway = 0; // operators with arithmetic but no DRAM bytes at this level (their operands stay on chip)
};

struct RooflineMachine
{
    std::string name;
    bounds::MachineModel machine;
};

/// `result` on its own machine (result.machine, named result.hardware.name), with `overlays` drawn as extra roofs.
RooflinePlot rooflinePlot(const AnalysisResult& result, const std::vector<RooflineMachine>& overlays, bounds::Level level);

/// Each measured operator's measured point (FLOP / measured seconds, beside its bound point), the y range widened to
/// hold them. `measuredNodeSeconds` is per graph node (insights::measuredNodeSeconds).
void addMeasuredPoints(RooflinePlot& plot, const std::vector<std::optional<double>>& measuredNodeSeconds);

/// Which of four marker sizes an operator's share of the time gets (0: < 1 %, 1: < 10 %, 2: < 30 %, 3: more).
int rooflineShareBucket(double share);

} // namespace solar
