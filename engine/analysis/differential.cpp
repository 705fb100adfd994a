// SPDX-License-Identifier: MIT
#include "engine/analysis/differential.h"

#include "engine/bounds/ladder.h"
#include "engine/graph/lifting.h"
#include "engine/ir/bindings.h"
#include "engine/ir/interpreter.h"
#include "engine/ir/printer.h"

#include <algorithm>
#include <cmath>

namespace solar::analysis {

namespace {

std::string num(double v)
{
    return ir::formatNumber(v);
}

bool above(double analytic, double measured)
{
    return analytic > measured * (1 + 1e-12) + 1e-9;
}

class Checker
{
public:
    Checker(const ir::RunResult& run, const graph::EinsumGraph& graph, DifferentialResult& out)
        : m_run(run)
        , m_graph(graph)
        , m_out(out)
    { }

    void checkNodes()
    {
        for (const auto& node : m_graph.nodes) {
            ++m_out.nodesChecked;
            checkNode(node);
        }
    }

    void checkProgram()
    {
        double analyticBytes = 0, measuredBytes = 0;
        for (size_t t = 0; t < m_graph.tensors.size(); ++t) {
            const auto& tensor = m_graph.tensors[t];
            if (!tensor.isExternal())
                continue;
            const double measured = touched(tensor.name);
            analyticBytes += m_graph.externalFootprint[t] * tensor.bytesPerElement;
            measuredBytes += measured * tensor.bytesPerElement;
            if (above(m_graph.externalFootprint[t], measured))
                finding(tensor.line,
                        "compulsory footprint of " + tensor.name + " is " + num(m_graph.externalFootprint[t])
                            + " elements but the program touched " + num(measured));
        }
        if (above(analyticBytes, measuredBytes))
            finding(0, "compulsory bytes " + num(analyticBytes) + " exceed the distinct bytes touched, " + num(measuredBytes));
    }

    void finding(int line, std::string what) { m_out.findings.push_back({line, std::move(what)}); }

private:
    double touched(const std::string& name) const
    {
        const auto it = m_run.distinctTouched.find(name);
        return it == m_run.distinctTouched.end() ? 0.0 : static_cast<double>(it->second);
    }

    static double lookup(const std::map<std::string, std::uint64_t>& m, const std::string& name)
    {
        const auto it = m.find(name);
        return it == m.end() ? 0.0 : static_cast<double>(it->second);
    }

    int initAssignOf(const graph::Node& node) const
    {
        for (int a = node.assignId - 1; a >= 0; --a) {
            if (m_run.assignLocs[a].line == node.initLine)
                return a;
        }
        return -1;
    }

    void exactOrBelow(const graph::Node& node, bool exact, double analytic, double measured, const std::string& what)
    {
        if (exact && std::fabs(analytic - measured) > 1e-9 * std::max(1.0, measured))
            finding(node.line, node.name + ": " + what + " is " + num(analytic) + ", claimed exact, but " + num(measured) + " ran");
        else if (!exact && above(analytic, measured))
            finding(node.line, node.name + ": " + what + " is " + num(analytic) + ", above the " + num(measured) + " that ran");
        else if (exact)
            ++m_out.exactEqualities;
    }

    void checkNode(const graph::Node& node)
    {
        if (node.assignId < 0 || node.assignId >= static_cast<int>(m_run.profile.size())) {
            finding(node.line, node.name + ": no statement matches the node");
            return;
        }
        const int init = node.hasInit ? initAssignOf(node) : -1;
        const auto& stmt = m_run.profile[node.assignId];
        const double executions = static_cast<double>(m_run.instanceCounts[node.assignId]);
        exactOrBelow(node, node.pointsExact, node.points, executions, "the iteration count");
        if (node.kind == graph::NodeKind::Contraction)
            exactOrBelow(node, node.pointsExact, node.macs, executions, "the MAC count");
        double ops = static_cast<double>(stmt.arithmeticOps);
        if (init >= 0)
            ops += static_cast<double>(m_run.profile[init].arithmeticOps);
        if (above(node.otherOps, ops))
            finding(node.line, node.name + ": " + num(node.otherOps) + " SIMT operations counted, " + num(ops) + " executed");

        // Reads: per tensor, the widest access against the union the statement really read.
        std::map<int, std::vector<const graph::Operand*>> byTensor;
        for (const auto& op : node.reads)
            byTensor[op.tensor].push_back(&op);
        for (const auto& [t, ops2] : byTensor) {
            const auto& name = m_graph.tensors[t].name;
            double widest = 0;
            bool exact = true;
            for (const auto* op : ops2) {
                widest = std::max(widest, op->footprint);
                exact = exact && op->footprintExact;
            }
            // With several accesses (even of one text, in two branches) the union may exceed the widest one.
            const bool single = ops2.size() == 1;
            exactOrBelow(node, single && exact, widest, lookup(stmt.distinctReads, name), "the footprint of " + name);
        }
        const auto& target = m_graph.tensors[node.write.tensor].name;
        const double written = lookup(stmt.distinctWrites, target);
        const double initWritten = init >= 0 ? lookup(m_run.profile[init].distinctWrites, target) : 0.0;
        if (node.write.footprintExact)
            exactOrBelow(node, true, node.write.footprint, written, "the write footprint of " + target);
        else
            exactOrBelow(node, false, node.write.footprint, std::max(written, initWritten), "the write footprint of " + target);
    }

    const ir::RunResult& m_run;
    const graph::EinsumGraph& m_graph;
    DifferentialResult& m_out;
};

bool greater(double a, double b)
{
    return a > b * (1 + 1e-9) + 1e-18;
}

void checkLadder(const bounds::Digest& digest, const bounds::MachineModel& machine, DifferentialResult& out)
{
    using bounds::Level;
    auto levelsOf = [&](const bounds::MachineModel& m, bounds::PrecisionPolicy p, bounds::CacheAssumption c) {
        std::array<double, bounds::kLevelCount> s {};
        const auto ladder = bounds::solve(digest, m, p, c);
        for (int i = 0; i < bounds::kLevelCount; ++i)
            s[i] = ladder.levels[i].seconds;
        return s;
    };
    // Monotonicity: more of any resource never raises a bound. The machines with one resource doubled, built once.
    std::vector<std::pair<std::string, bounds::MachineModel>> better;
    for (size_t k = 0; k < machine.peakFlops.size(); ++k) {
        if (machine.peakFlops[k] > 0) {
            auto m = machine;
            m.peakFlops[k] *= 2;
            better.emplace_back(std::string(hw::unitName(static_cast<hw::Unit>(k / hw::kPrecisionCount))) + " "
                                    + std::string(hw::precisionName(static_cast<hw::Precision>(k % hw::kPrecisionCount))) + " peak doubled",
                                m);
        }
    }
    using Field = double bounds::MachineModel::*;
    const std::pair<const char*, Field> resources[] = {{"DRAM bandwidth", &bounds::MachineModel::dramBps},
                                                       {"on-chip capacity", &bounds::MachineModel::onchipBytes},
                                                       {"persistent cache", &bounds::MachineModel::persistentCacheBytes},
                                                       {"L2 bandwidth", &bounds::MachineModel::l2Bps},
                                                       {"per-SM storage", &bounds::MachineModel::smBytes},
                                                       {"cluster size", &bounds::MachineModel::clusterSms}};
    for (const auto& [name, field] : resources) {
        auto m = machine;
        m.*field *= 2;
        better.emplace_back(std::string(name) + " doubled", m);
    }
    for (auto policy : {bounds::PrecisionPolicy::PytorchDefault, bounds::PrecisionPolicy::StrictFp32, bounds::PrecisionPolicy::AllowTf32}) {
        for (auto cache : {bounds::CacheAssumption::Cold, bounds::CacheAssumption::Warm}) {
            const auto base = levelsOf(machine, policy, cache);
            const std::string where = " on " + machine.profileId + " (" + std::string(bounds::policyName(policy)) + ", "
                + std::string(bounds::cacheName(cache)) + ")";
            auto at = [&](Level l) { return base[static_cast<int>(l)]; };
            auto order = [&](Level lo, Level hi) {
                if (greater(at(lo), at(hi)))
                    out.findings.push_back({0,
                                            std::string(bounds::levelName(lo)) + " " + num(at(lo)) + " s exceeds "
                                                + std::string(bounds::levelName(hi)) + " " + num(at(hi)) + " s" + where});
            };
            order(Level::Fused, Level::UnfusedOverlapped);
            order(Level::Fused, Level::FusedPerOp);
            order(Level::UnfusedOverlapped, Level::UnfusedPerKernel);
            order(Level::FusedPerOp, Level::UnfusedPerKernel);
            order(Level::Fused, Level::CacheAware);
            for (const auto& [what, faster] : better) {
                const auto s = levelsOf(faster, policy, cache);
                for (int i = 0; i < bounds::kLevelCount; ++i) {
                    if (greater(s[i], base[i]))
                        out.findings.push_back({0,
                                                std::string(bounds::levelName(bounds::kLevels[i])) + " rises from " + num(base[i])
                                                    + " s to " + num(s[i]) + " s with the " + what + where});
                }
            }
        }
    }
}

} // namespace

Expected<DifferentialResult> checkCounts(const ir::Program& program, const DifferentialOptions& options)
{
    ir::RunOptions run;
    run.sizes = options.sizes;
    run.seed = options.seed;
    run.maxInstances = options.maxInstances;
    run.maxElements = options.maxElements;
    run.profile = true;
    auto result = ir::runProgram(program, run);
    if (!result)
        return Expected<DifferentialResult>::failure(result.diagnostics());
    auto lifted = graph::liftProgram(program, result->sizes);
    if (!lifted)
        return Expected<DifferentialResult>::failure(lifted.diagnostics());
    DifferentialResult out = checkGraphAgainstRun(*result, *lifted);
    const bounds::Digest digest = bounds::prepare(*lifted);
    for (const auto& profile : options.profiles)
        checkLadder(digest, bounds::machineFromProfile(profile), out);
    return out;
}

DifferentialResult checkGraphAgainstRun(const ir::RunResult& run, const graph::EinsumGraph& graph)
{
    DifferentialResult out;
    Checker checker(run, graph, out);
    checker.checkNodes();
    checker.checkProgram();
    return out;
}

} // namespace solar::analysis
