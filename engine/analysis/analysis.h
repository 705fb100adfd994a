// SPDX-License-Identifier: MIT
// One analysis of one program on one hardware profile: the immutable value every view, exporter and report
// reads. analyzeProgram() runs check -> bind -> lift -> digest -> solve; reSolve() is the cheap path a slider
// takes (new machine, same digest).
#pragma once

#include "engine/analysis/validationstatus.h"
#include "engine/bounds/ladder.h"
#include "engine/core/expected.h"
#include "engine/graph/einsumgraph.h"
#include "engine/hw/hwprofile.h"
#include "engine/hw/whatif.h"
#include "engine/ir/ast.h"
#include "engine/ir/bindings.h"
#include "engine/ir/reassociation.h"

#include <functional>
#include <map>
#include <optional>
#include <string>
#include <vector>

namespace solar {

struct CoverageItem
{
    std::string what; // the node, op or access concerned
    int line = 0; // ALIR line (a traced op with no lowering: its source line)
    std::string reason;
    bool counted = true; // false: left out of the bounds (makes coverage incomplete); true: counted as a lower bound
    int sourceLine = 0; // the model source's line (frontends), 0: none; what views that cite source lines show
};

struct Coverage
{
    bool complete = true; // every operation of the program is in the bounds
    std::vector<CoverageItem> items;

    /// Complete, but some counts are lower bounds (a footprint under a guard, a gather's rows): every bound holds,
    /// possibly loosely. Never shown as "complete".
    bool approximate() const
    {
        for (const auto& i : items)
            if (i.counted)
                return true;
        return false;
    }
    /// "complete", "approximate" or "incomplete" (JSON, tables, reports).
    std::string status() const { return !complete ? "incomplete" : approximate() ? "approximate" : "complete"; }
};

struct AnalysisOptions
{
    std::map<std::string, std::int64_t> sizes;
    bounds::PrecisionPolicy policy = bounds::PrecisionPolicy::PytorchDefault;
    bounds::CacheAssumption cache = bounds::CacheAssumption::Cold;
    // Which of the profile's floors unfused_per_kernel pays (bounds::ExecutionMode): eager both, graph the
    // device's launch floor only, none neither.
    bounds::ExecutionMode mode = bounds::ExecutionMode::Eager;
    // Analyse the program's least contraction order (ir/reassociation.h) where it bounds lower: the speed of light
    // is the least over the association orders of its linear chains. Off: the program as written, only.
    bool leastOrder = true;
};

/// The program as its frontend wrote it, when the analysis is of its least contraction order: what was rewritten,
/// and the bounds as written (both are shown: the least order is the speed of light).
struct AsWritten
{
    ir::Program program; // what a re-solve at other sizes starts from (the least order may differ there)
    std::vector<ir::ReassociationStep> steps;
    bounds::Digest digest;
    bounds::Ladder ladder;
    double macs = 0;
};

struct AnalysisResult
{
    ir::Program program;
    ir::SizeBindings sizes;
    graph::EinsumGraph graph;
    bounds::Digest digest;
    hw::HwProfile hardware;
    bounds::MachineModel machine;
    AnalysisOptions options;
    bounds::Ladder ladder;
    Coverage coverage;
    Validation validation;
    std::string programNote; // how a frontend obtained the program (which sizes are parameters, or why none are)
    Diagnostics diagnostics; // checker warnings and lifting notes
    // Set when program/graph/digest/ladder are the least contraction order's: it bounds no level higher than the
    // program as written and at least one lower, on this machine (a re-solve keeps the choice).
    std::optional<AsWritten> asWritten;
};

/// Total multiply-adds of a lifted graph.
double totalMacs(const graph::EinsumGraph& graph);

/// The machine model of `hardware` as the options ask for it (the per-operator floor off when they say so).
bounds::MachineModel machineFor(const hw::HwProfile& hardware, const AnalysisOptions& options);

/// The machine model of `hardware` under what-if factors (hw::whatIfProfile, keeping its id): what the GUI's sliders
/// describe, and what a user profile saved from them gives the CLI.
bounds::MachineModel whatIfMachine(const hw::HwProfile& hardware, const hw::WhatIfFactors& factors, const AnalysisOptions& options);

/// `beforeCosting` may adjust the lifted graph (a frontend's provenance and kernel grouping) before it is costed.
Expected<AnalysisResult> analyzeProgram(const ir::Program& program, const hw::HwProfile& hardware, const AnalysisOptions& options = {},
                                        const std::function<void(graph::EinsumGraph&)>& beforeCosting = {});

/// The same analysis on another machine model (slider moves): only the ladder changes.
AnalysisResult reSolve(AnalysisResult result, const bounds::MachineModel& machine);

} // namespace solar
