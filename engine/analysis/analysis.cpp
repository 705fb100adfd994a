// SPDX-License-Identifier: MIT
#include "engine/analysis/analysis.h"

#include "engine/graph/lifting.h"
#include "engine/ir/checker.h"

namespace solar {

bounds::MachineModel machineFor(const hw::HwProfile& hardware, const AnalysisOptions& options)
{
    bounds::MachineModel m = bounds::machineFromProfile(hardware);
    if (options.mode != bounds::ExecutionMode::Eager)
        m.opFloorSeconds = 0; // a graph or a compiled program is not dispatched op by op from the host
    if (options.mode == bounds::ExecutionMode::None)
        m.launchFloorSeconds = 0;
    return m;
}

bounds::MachineModel whatIfMachine(const hw::HwProfile& hardware, const hw::WhatIfFactors& factors, const AnalysisOptions& options)
{
    return machineFor(hw::whatIfProfile(hardware, factors, hardware.id), options);
}

Expected<AnalysisResult> analyzeProgram(const ir::Program& program, const hw::HwProfile& hardware, const AnalysisOptions& options,
                                        const std::function<void(graph::EinsumGraph&)>& beforeCosting)
{
    const ir::CheckResult check = ir::checkProgram(program);
    if (!check.ok())
        return Expected<AnalysisResult>::failure(check.diagnostics);
    auto sizes = ir::bindSizes(program, options.sizes);
    if (!sizes)
        return Expected<AnalysisResult>::failure(sizes.diagnostics());
    auto graph = graph::liftProgram(program, *sizes);
    if (!graph)
        return Expected<AnalysisResult>::failure(graph.diagnostics());

    AnalysisResult r;
    r.program = program;
    r.sizes = std::move(sizes).value();
    r.graph = std::move(graph).value();
    if (beforeCosting)
        beforeCosting(r.graph);
    r.hardware = hardware;
    r.options = options;
    r.machine = machineFor(hardware, options);
    r.digest = bounds::prepare(r.graph);
    r.ladder = bounds::solve(r.digest, r.machine, options.policy, options.cache);
    r.diagnostics = check.diagnostics;
    for (const auto& n : r.graph.notes)
        r.diagnostics.push_back(n);
    for (const auto& node : r.graph.nodes) {
        for (const auto& note : node.notes) {
            const bool notCounted = !node.pointsExact && node.points == 0;
            r.coverage.items.push_back({node.name, node.line, note, !notCounted, node.sourceLine});
            if (notCounted)
                r.coverage.complete = false;
        }
    }
    return r;
}

AnalysisResult reSolve(AnalysisResult r, const bounds::MachineModel& machine)
{
    r.machine = machine;
    r.ladder = bounds::solve(r.digest, machine, r.options.policy, r.options.cache);
    return r;
}

} // namespace solar
