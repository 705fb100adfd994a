// SPDX-License-Identifier: MIT
#include "engine/parallel/collectives.h"

#include <algorithm>

namespace solar::parallel {

std::string_view collectiveKindName(CollectiveKind kind)
{
    switch (kind) {
    case CollectiveKind::AllReduce: return "all-reduce";
    case CollectiveKind::AllGather: return "all-gather";
    case CollectiveKind::ReduceScatter: return "reduce-scatter";
    case CollectiveKind::AllToAll: return "all-to-all";
    case CollectiveKind::SendRecv: return "send/recv";
    }
    return "collective";
}

double linkBytesPerDevice(CollectiveKind kind, double bytes, int n, bool inNetworkReduction)
{
    if (n <= 1 || bytes <= 0)
        return 0;
    const double share = static_cast<double>(n - 1) / n;
    switch (kind) {
    case CollectiveKind::AllReduce:
        // Every device needs the sum of the others' buffers: without reductions in the switch the bandwidth-optimal
        // algorithms (reduce-scatter then all-gather) move 2(n-1)/n each way and no algorithm moves less; with them
        // each device sends its buffer once and receives the result once.
        return inNetworkReduction ? bytes : 2 * share * bytes;
    case CollectiveKind::AllGather:
    case CollectiveKind::ReduceScatter:
    case CollectiveKind::AllToAll: return share * bytes;
    case CollectiveKind::SendRecv: return bytes;
    }
    return 0;
}

CollectiveBound boundCollective(const Collective& c, const hw::HwProfile& hardware)
{
    CollectiveBound b;
    if (c.group <= 1 || c.bytes <= 0 || !hardware.interconnect)
        return b;
    const hw::Interconnect& ic = *hardware.interconnect;
    const int node = std::max(1, static_cast<int>(ic.nodeDevices.value));
    const hw::Link& intra = ic.intraNode;
    // Members `stride` devices apart: a node holds node / stride of them (one when the stride fills a node).
    const int perNode = std::min(c.group, std::max(1, node / std::max(1, c.stride)));
    b.interNode = c.group > perNode && ic.interNode;
    const bool reduces = intra.inNetworkReduction() || (b.interNode && ic.interNode->inNetworkReduction());
    const double deviceBytes = linkBytesPerDevice(c.kind, c.bytes, c.group, reduces);
    auto latency = [](const hw::Link& l) { return l.latencySeconds ? l.latencySeconds->value : 0.0; };
    if (!b.interNode) {
        b.intraSeconds = deviceBytes / intra.bandwidthBps.value + latency(intra);
        b.seconds = b.intraSeconds;
        b.linkBytes = deviceBytes;
        b.binding = "intra-node link";
        return b;
    }
    // Spanning nodes: a device can feed its traffic through its node links and its own inter-node port at once,
    // so its term uses both; each node's traffic to the other nodes (reduced or gathered inside the node first)
    // crosses its devices' inter-node ports, and that term uses those alone.
    const hw::Link& inter = *ic.interNode;
    const int nodes = (c.group + perNode - 1) / perNode;
    b.intraSeconds = deviceBytes / (intra.bandwidthBps.value + inter.bandwidthBps.value) + latency(intra);
    const bool perDevice = c.kind == CollectiveKind::AllToAll || c.kind == CollectiveKind::SendRecv;
    const double portBytes = perDevice ? linkBytesPerDevice(c.kind, c.bytes, nodes, false)
                                       : linkBytesPerDevice(c.kind, c.bytes, nodes, inter.inNetworkReduction()) / perNode;
    b.interSeconds = portBytes / inter.bandwidthBps.value + latency(inter);
    if (b.interSeconds >= b.intraSeconds) {
        b.seconds = b.interSeconds;
        b.linkBytes = portBytes;
        b.binding = "inter-node link";
    } else {
        b.seconds = b.intraSeconds;
        b.linkBytes = deviceBytes;
        b.binding = "intra-node link";
    }
    return b;
}

} // namespace solar::parallel
