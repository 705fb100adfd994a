// SPDX-License-Identifier: MIT
// Collectives as operators with lower bounds from first principles (docs/parallel.md). Each device of a group of n
// holds a buffer of `bytes`; a collective's bound is the time its busiest link must be busy, in the direction that
// binds, plus the latency of the steps no algorithm can avoid:
//   all-reduce      ring (reductions on the devices): each device sends and receives 2(n-1)/n x bytes (Patarasuk
//                   and Yuan's bandwidth-optimal bound); a switch that reduces in the network: bytes each way
//   all-gather      each device receives the (n-1)/n of the gathered buffer it does not hold (bytes: the result)
//   reduce-scatter  each device sends the (n-1)/n of its buffer that other devices reduce (bytes: the input)
//   all-to-all      each device sends (n-1)/n of its buffer and receives as much (uniform split)
//   send/recv       bytes over one link
// A group that spans nodes is bounded by its slower level: the intra-node term over the node's devices and the
// inter-node term over the nodes, each node's traffic spread over its devices' own inter-node ports.
#pragma once

#include "engine/hw/hwprofile.h"

#include <string>
#include <string_view>

namespace solar::parallel {

enum class CollectiveKind { AllReduce, AllGather, ReduceScatter, AllToAll, SendRecv };
std::string_view collectiveKindName(CollectiveKind kind); // "all-reduce", ...

struct Collective
{
    CollectiveKind kind = CollectiveKind::AllReduce;
    std::string tensor; // the tensor it moves (ALIR name)
    std::string why; // "row-parallel W2: partial sums of Y"
    double bytes = 0; // per device: the full buffer (all-gather: the gathered result)
    int group = 1; // devices taking part
    double count = 1; // how often it runs per step (a layer repeated by a loop)
    int stride = 1; // devices between two members (a plan's outer groups: plan.h), which decides how many share a node
};

/// Where a group sits: `group` devices, spread over nodes of the profile's node size.
struct CollectiveBound
{
    double seconds = 0; // the larger of the two levels' terms
    double intraSeconds = 0, interSeconds = 0;
    double linkBytes = 0; // per device over its busiest link in the binding direction, at the binding level
    bool interNode = false; // the group spans nodes
    std::string binding; // "intra-node link", "inter-node link" or "" (nothing to move)
};

/// The bound of one run of `c` (not multiplied by c.count). Requires an interconnect on the profile when c.group > 1
/// (the caller checks the plan first: planError in parallelanalysis.h).
CollectiveBound boundCollective(const Collective& c, const hw::HwProfile& hardware);

/// Bytes each device must move, per direction, over a link joining `n` peers (the first-principles factor above).
double linkBytesPerDevice(CollectiveKind kind, double bytes, int n, bool inNetworkReduction);

} // namespace solar::parallel
