// SPDX-License-Identifier: MIT
// The roofline as geometry, computed once for every view of it (the interactive chart, the painted figure of
// exports and reports): the axis ranges, the roofs of the primary machine and of any overlaid ones (DRAM, then
// each compute peak the machine has), and one point per operator at (arithmetic intensity, attained FLOP/s at a
// level). No drawing and no Qt: views turn it into pixels and translated labels.
#pragma once

#include "engine/analysis/operators.h"

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
    double x0 = 0, y0 = 0, x1 = 0, y1 = 0; // the segment in (FLOP/byte, FLOP/s)
};

struct RooflinePoint
{
    int node = 0;
    double x = 0; // FLOP/byte
    double y = 0; // attained FLOP/s at the level
    double share = 0; // of the level's time
    bool computeBound = false;
};

struct RooflinePlot
{
    double xMin = 0, xMax = 0, yMin = 0, yMax = 0; // decade-padded ranges; xMax == 0: nothing to plot
    std::vector<RooflineRoof> roofs;
    std::vector<RooflinePoint> points;
    int skipped = 0; // operators without arithmetic, bytes or time (not drawable on log axes)
};

struct RooflineMachine
{
    std::string name;
    bounds::MachineModel machine;
};

/// `machines`: the primary one first, then overlays. `rows`: operatorRows(result) (passed in: callers keep them).
RooflinePlot rooflinePlot(const std::vector<OperatorRow>& rows, const std::vector<RooflineMachine>& machines, bounds::Level level);

/// Which of four marker sizes an operator's share of the time gets (0: < 1 %, 1: < 10 %, 2: < 30 %, 3: more).
int rooflineShareBucket(double share);

} // namespace solar
