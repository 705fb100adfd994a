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

double totalMacs(const graph::EinsumGraph& graph)
{
    double macs = 0;
    for (const auto& n : graph.nodes)
        macs += n.macs;
    return macs;
}

namespace {

Expected<AnalysisResult> analyzeAsWritten(const ir::Program& program, const hw::HwProfile& hardware, const AnalysisOptions& options,
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

} // namespace

Expected<AnalysisResult> analyzeProgram(const ir::Program& program, const hw::HwProfile& hardware, const AnalysisOptions& options,
                                        const std::function<void(graph::EinsumGraph&)>& beforeCosting)
{
    auto written = analyzeAsWritten(program, hardware, options, beforeCosting);
    if (!written || !options.leastOrder)
        return written;
    // The least contraction order: adopted where it bounds no level higher and one lower. Rewritten statements keep
    // their readers' lines, so a frontend's provenance (kernels, source lines) still applies.
    const auto reordered = ir::leastContractionOrder(program, written->sizes);
    if (!reordered || reordered->steps.empty())
        return written;
    auto least = analyzeAsWritten(reordered->program, hardware, options, beforeCosting);
    if (!least)
        return written;
    bool lower = false;
    for (size_t l = 0; l < least->ladder.levels.size(); ++l) {
        const double a = least->ladder.levels[l].seconds, w = written->ladder.levels[l].seconds;
        if (a > w * (1 + 1e-12))
            return written;
        lower = lower || a < w * (1 - 1e-9);
    }
    if (!lower)
        return written;
    AsWritten as {program, reordered->steps, std::move(written->digest), std::move(written->ladder), totalMacs(written->graph)};
    for (const auto& step : as.steps)
        least->diagnostics.push_back({Severity::Note, program.file, {step.line, 0}, "sol.least-order", step.description});
    least->asWritten = std::move(as);
    return least;
}

AnalysisResult reSolve(AnalysisResult r, const bounds::MachineModel& machine)
{
    r.machine = machine;
    r.ladder = bounds::solve(r.digest, machine, r.options.policy, r.options.cache);
    if (r.asWritten)
        r.asWritten->ladder = bounds::solve(r.asWritten->digest, machine, r.options.policy, r.options.cache);
    return r;
}

} // namespace solar
