// SPDX-License-Identifier: MIT
// The differential counter: runs a program in the instrumented interpreter (what really executed, element by
// element) and checks the lifted graph and the bound ladder against it. Every analytic count must be a lower bound
// of what ran, and equal to it where the analysis claims exactness:
//   - each node's points (and so its MACs) equal the executions of its assignment (<= where not exact);
//   - its SIMT operations are at most the arithmetic the interpreter executed for it;
//   - each operand's footprint is at most the distinct elements of that tensor the statement read (equal when the
//     tensor has one access and its footprint is exact); the write footprint likewise;
//   - the graph's compulsory bytes are at most the bytes of the distinct external elements the program touched;
//   - the ladder's invariants (F3 <= F1 <= F0, F3 <= F2 <= F0, F3 <= F4) and monotonicity: every level is
//     non-increasing in every compute peak, in DRAM bandwidth and in on-chip capacity.
// Used by tests/engine/tst_differential.cpp (repository ALIR, lowered models, random programs) and by
// `solar ir diff`.
#pragma once

#include "engine/core/expected.h"
#include "engine/graph/einsumgraph.h"
#include "engine/hw/hwprofile.h"
#include "engine/ir/ast.h"
#include "engine/ir/interpreter.h"

#include <cstdint>
#include <map>
#include <string>
#include <vector>

namespace solar::analysis {

struct DifferentialFinding
{
    int line = 0; // ALIR line of the statement (0: whole program)
    std::string what;
};

struct DifferentialResult
{
    std::vector<DifferentialFinding> findings; // empty: every check held
    int nodesChecked = 0;
    int exactEqualities = 0; // counts that claimed exactness and matched exactly
};

struct DifferentialOptions
{
    std::map<std::string, std::int64_t> sizes; // the run's and the lifting's size overrides
    std::uint64_t seed = 1;
    std::uint64_t maxInstances = 50'000'000;
    std::int64_t maxElements = std::int64_t(1) << 27; // the interpreter's memory cap
    std::vector<hw::HwProfile> profiles; // the ladder checks run on each (none: the counts only)
};

/// Fails only when the program cannot run (bad program, work cap); a count that disagrees is a finding.
Expected<DifferentialResult> checkCounts(const ir::Program& program, const DifferentialOptions& options);

/// The count checks alone, for a profiled run (RunOptions::profile) and a graph lifted at the run's sizes.
DifferentialResult checkGraphAgainstRun(const ir::RunResult& run, const graph::EinsumGraph& graph);

} // namespace solar::analysis
