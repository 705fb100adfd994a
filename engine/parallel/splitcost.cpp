// SPDX-License-Identifier: MIT
#include "engine/parallel/splitcost.h"

namespace solar::parallel {

std::string placementText(const Placement& p)
{
    switch (p.kind) {
    case Placement::Replicated: return "replicated";
    case Placement::Sharded: return "split along dim " + std::to_string(p.dim);
    case Placement::Partial: return "partial sums";
    }
    return {};
}

bool isDeviceParam(const std::string& name)
{
    return name == "tp_device"
        || (name.rfind("tp_device_", 0) == 0 && name.size() > 10 && name.find_first_not_of("0123456789", 10) == std::string::npos);
}

// How a split compares: the work one device runs (iteration points), then its all-gathers, then the bytes each
// device holds and exchanges.
std::tuple<double, int, double> splitCost(const TensorParallelSplit& split, const ir::Program& program, const ir::SizeBindings& sizes)
{
    int gathers = 0;
    double bytes = 0;
    for (const auto& x : split.exchanges) {
        gathers += x.collective.kind == CollectiveKind::AllGather;
        bytes += x.collective.bytes;
    }
    for (const auto& d : program.decls) {
        const auto p = split.inputs.find(d.name);
        const auto shape = sizes.shapes.find(d.name);
        if (p == split.inputs.end() || shape == sizes.shapes.end())
            continue;
        double elements = 1;
        for (auto e : shape->second)
            elements *= static_cast<double>(e);
        bytes += elements * ir::dtypeStorageBits(d.dtype) / 8.0 / (p->second.kind == Placement::Sharded ? split.devices : 1);
    }
    return {split.deviceWorkPoints, gathers, bytes};
}

} // namespace solar::parallel
