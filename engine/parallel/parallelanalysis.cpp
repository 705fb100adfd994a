// SPDX-License-Identifier: MIT
#include "engine/parallel/parallelanalysis.h"

#include "engine/core/format.h"

#include <algorithm>
#include <set>

namespace solar::parallel {

std::optional<std::string> planError(const hw::HwProfile& hardware, int devices)
{
    if (devices < 1)
        return "a plan needs at least 1 device, not " + std::to_string(devices);
    if (devices == 1)
        return std::nullopt;
    if (!hardware.interconnect)
        return std::to_string(devices) + " devices: the profile " + hardware.id
            + " states no link between devices (interconnect); write a user profile with one (docs/hwprofiles.md)";
    const auto& ic = *hardware.interconnect;
    const int node = static_cast<int>(ic.nodeDevices.value);
    if (devices > node && !ic.interNode)
        return std::to_string(devices) + " devices: a node of " + hardware.id + " joins " + std::to_string(node)
            + " on its link and the profile states no inter-node link";
    return std::nullopt;
}

double ParallelAnalysis::communicationShare(bounds::Level l) const
{
    const double total = levels[static_cast<size_t>(l)].serialSeconds;
    return total > 0 ? communicationSeconds / total : 0.0;
}

ParallelAnalysis withLinks(ParallelAnalysis pa, const hw::HwProfile& hardware)
{
    pa.collectives.clear();
    pa.communicationSeconds = pa.communicationBytes = 0;
    for (const Exchange& x : pa.split.exchanges) {
        const CollectiveBound b = boundCollective(x.collective, hardware);
        pa.communicationSeconds += b.seconds * x.collective.count;
        pa.communicationBytes += b.linkBytes * x.collective.count;
        pa.collectives.push_back(b);
    }
    for (bounds::Level l : bounds::kLevels) {
        SystemLevel& s = pa.levels[static_cast<size_t>(l)];
        s.deviceSeconds = pa.device.ladder.at(l).seconds;
        s.overlappedSeconds = std::max(s.deviceSeconds, pa.communicationSeconds);
        s.serialSeconds = s.deviceSeconds + pa.communicationSeconds;
        s.communicationBinds = pa.communicationSeconds > s.deviceSeconds;
    }
    return pa;
}

LinkInverse linkInverse(const ParallelAnalysis& pa, bounds::Level level, double targetSeconds)
{
    LinkInverse inv;
    const SystemLevel& s = pa.levels[static_cast<size_t>(level)];
    const hw::HwProfile& hardware = pa.device.hardware;
    const double intra = hardware.interconnect ? hardware.interconnect->intraNode.bandwidthBps.value : 0.0;
    // The inter-node link matters only when some collective spans nodes.
    const bool spans = std::any_of(pa.collectives.begin(), pa.collectives.end(), [](const CollectiveBound& b) { return b.interNode; });
    const double inter
        = spans && hardware.interconnect && hardware.interconnect->interNode ? hardware.interconnect->interNode->bandwidthBps.value : 0.0;
    if (s.deviceSeconds > targetSeconds) {
        inv.why = "each device's own work takes " + formatSeconds(s.deviceSeconds) + " at " + std::string(bounds::levelName(level))
            + ", above the target whatever the links: more devices or a faster device are needed";
        return inv;
    }
    inv.feasible = true;
    inv.scale = pa.communicationSeconds / targetSeconds;
    inv.intraNodeBps = intra * inv.scale;
    inv.interNodeBps = inter * inv.scale;
    const double left = targetSeconds - s.deviceSeconds;
    inv.serialFeasible = left > 0 || pa.communicationSeconds == 0;
    if (inv.serialFeasible && pa.communicationSeconds > 0) {
        inv.serialScale = pa.communicationSeconds / left;
        inv.serialIntraNodeBps = intra * inv.serialScale;
        inv.serialInterNodeBps = inter * inv.serialScale;
    }
    return inv;
}

namespace {

// The same split: the same collectives of the same tensors and the same placements.
bool sameShape(const TensorParallelSplit& a, const TensorParallelSplit& b)
{
    if (a.exchanges.size() != b.exchanges.size() || a.inputs.size() != b.inputs.size() || a.outputs.size() != b.outputs.size())
        return false;
    for (size_t i = 0; i < a.exchanges.size(); ++i)
        if (a.exchanges[i].source != b.exchanges[i].source || a.exchanges[i].collective.kind != b.exchanges[i].collective.kind)
            return false;
    auto same = [](const std::map<std::string, Placement>& x, const std::map<std::string, Placement>& y) {
        return std::equal(x.begin(), x.end(), y.begin(), [](const auto& p, const auto& q) {
            return p.first == q.first && p.second.kind == q.second.kind && p.second.dim == q.second.dim;
        });
    };
    return same(a.inputs, b.inputs) && same(a.outputs, b.outputs);
}

// The program's own sizes when running them is cheap (the graph's iteration points under kOwnSizesPoints: a small
// config, a test-sized trace), else small sizes at which the split has the same shape: every parameter a different
// multiple of the device count (so the split loops still divide), devices x 2, x 3, ... in parameter order.
constexpr double kOwnSizesPoints = 2e7;

} // namespace

std::optional<SplitValidation> validateAtSmallSizes(const AnalysisResult& whole, const TensorParallelSplit& split, int devices,
                                                    std::vector<std::string>& notes, const SplitSeed& seed)
{
    const ir::Program& program = whole.program;
    double points = 0;
    for (const auto& node : whole.graph.nodes)
        points += node.points;
    std::vector<std::map<std::string, std::int64_t>> tries;
    if (points <= kOwnSizesPoints) {
        std::map<std::string, std::int64_t> own;
        for (const auto& p : program.params)
            own[p.name] = whole.sizes.values.at(p.name);
        tries.push_back(own);
    }
    if (!program.params.empty()) {
        std::map<std::string, std::int64_t> small;
        std::int64_t factor = 2;
        for (const auto& p : program.params)
            small[p.name] = isDeviceParam(p.name) ? 0 : devices * factor++; // an earlier cut's device: its device 0
        tries.push_back(small);
    }
    std::string why = "its sizes are too large to run and it has no size parameters to make small";
    for (const auto& sizes : tries) {
        auto bound = ir::bindSizes(program, sizes);
        if (!bound) {
            why = bound.diagnostics().front().message;
            continue;
        }
        auto resplit = splitTensorParallel(program, *bound, devices, seed);
        if (!resplit || !sameShape(*resplit, split)) {
            why = "at small sizes the program splits differently";
            continue;
        }
        auto v = validateSplit(program, *resplit, sizes);
        if (!v) {
            why = v.diagnostics().front().message;
            continue;
        }
        return *v;
    }
    notes.push_back("the split is not validated: " + why);
    return std::nullopt;
}

Expected<ParallelAnalysis> analyzeTensorParallel(const AnalysisResult& whole, int devices, const SplitSeed& seed)
{
    using Fail = Expected<ParallelAnalysis>;
    if (const auto error = planError(whole.hardware, devices))
        return Fail::failure(Diagnostic {Severity::Error, whole.program.file, {}, "parallel.plan", *error});
    auto split = splitTensorParallel(whole.program, whole.sizes, devices, seed);
    if (!split)
        return Fail::failure(split.diagnostics());
    ParallelAnalysis pa;
    pa.devices = devices;
    pa.split = std::move(*split);
    AnalysisOptions options = whole.options;
    options.sizes.clear();
    for (const auto& p : whole.program.params)
        options.sizes[p.name] = whole.sizes.values.at(p.name);
    auto device = analyzeProgram(pa.split.device, whole.hardware, options);
    if (!device)
        return Fail::failure(device.diagnostics());
    pa.device = std::move(*device);
    pa = withLinks(std::move(pa), whole.hardware);
    std::set<std::string> results;
    for (const Exchange& x : pa.split.exchanges)
        results.insert(x.result);
    for (const auto& t : pa.device.graph.tensors)
        if ((t.role == graph::TensorRole::Input || t.role == graph::TensorRole::Weight || t.role == graph::TensorRole::Constant)
            && !results.count(t.name))
            pa.residentBytes += t.elements * t.bytesPerElement;
    const double capacity = whole.hardware.dramCapacityBytes.value;
    if (capacity > 0 && pa.residentBytes > capacity)
        pa.notes.push_back("does not fit: each device holds " + formatBytes(pa.residentBytes) + " of inputs and weights, over its "
                           + formatBytes(capacity));
    pa.notes.insert(pa.notes.end(), pa.split.notes.begin(), pa.split.notes.end());
    if (pa.split.splitStatements == 0 && devices > 1)
        pa.notes.push_back("nothing was split: every device runs the whole program");
    else if (devices == 1)
        return pa;
    else
        pa.validation = validateAtSmallSizes(whole, pa.split, devices, pa.notes, seed);
    return pa;
}

} // namespace solar::parallel
