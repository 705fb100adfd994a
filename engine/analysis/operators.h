// SPDX-License-Identifier: MIT
// One row per operator (einsum-graph node) of an analysis: what every operator table, roofline point and export
// shows, computed in one place so they all agree.
#pragma once

#include "engine/analysis/analysis.h"

#include <array>
#include <string>
#include <vector>

namespace solar {

struct OperatorRow
{
    int node = 0;
    std::string name; // "t6@14"
    std::string kind; // contraction, reduction, ...
    std::string equation; // "BK,NK->BN"
    std::vector<std::int64_t> shape; // of the tensor it writes
    std::string sourceOp; // "aten::addmm" (frontends)
    int line = 0; // ALIR line
    int sourceLine = 0; // user's source line (frontends), else 0
    std::string modulePath; // "encoder.layers.3.attn" (frontends), else empty
    double flops = 0; // 2 * MACs + other arithmetic
    double bytes = 0; // compulsory bytes read + written
    double intensityFlopsPerByte = 0;
    std::array<double, bounds::kLevelCount> seconds {};
    std::array<double, bounds::kLevelCount> share {};
    bool computeBound = false; // its kernel's compute time against its own unfused memory time
    bool approx = false;
};

std::vector<OperatorRow> operatorRows(const AnalysisResult& result);

} // namespace solar
