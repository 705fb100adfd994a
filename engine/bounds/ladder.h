// SPDX-License-Identifier: MIT
// The bound ladder. Five levels, with these names everywhere (JSON keys, CSV columns, GUI labels):
//   unfused_per_kernel (F0)  sum over kernels of max(compute, bytes read+written / BW,  - eager execution model
//                            the profile's per-kernel floor when it has one and it is on)
//   unfused_overlapped (F1)  max(total compute, total unfused bytes / BW)               - kernels overlap perfectly
//   fused_per_op       (F2)  sum over kernels of max(compute, external bytes / BW)      - intermediates stay on chip
//   fused              (F3)  max(total compute, compulsory external bytes / BW)         - the speed of light
//   cache_aware        (F4)  F3 plus the DRAM traffic a finite on-chip capacity provably forces (contractions),
//                            and the L2 -> SM level: every compulsory byte (warm-resident ones included) and the
//                            traffic finite per-SM (per-cluster) storage forces, crossing L2 at its bandwidth
// Compute is per execution unit, and units run concurrently: a node's compute time is the maximum over units of
// its work on that unit / the unit's peak; tensor-core work in different precisions shares the tensor cores.
// Invariants (tested): F3 <= F1 <= F0, F3 <= F2 <= F0, F3 <= F4. See docs/sol-model.md for the derivations.
//
// Split for live sliders: prepare() digests a graph once per precision policy (O(nodes + tensors)); solve()
// recomputes all levels for a MachineModel in O(nodes) without touching the graph.
#pragma once

#include "engine/core/message.h"
#include "engine/graph/einsumgraph.h"
#include "engine/hw/hwprofile.h"

#include <array>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace solar::bounds {

enum class Level { UnfusedPerKernel, UnfusedOverlapped, FusedPerOp, Fused, CacheAware };
inline constexpr int kLevelCount = 5;
inline constexpr std::array<Level, kLevelCount> kLevels
    = {Level::UnfusedPerKernel, Level::UnfusedOverlapped, Level::FusedPerOp, Level::Fused, Level::CacheAware};
std::string_view levelName(Level level); // "unfused_per_kernel", ...
std::string_view levelShortName(Level level); // "F0" ...
std::optional<Level> parseLevel(std::string_view name); // accepts the names and F0..F4
bool isPerKernel(Level level); // F0 and F2 sum over kernels
bool isSpeedOfLight(Level level); // F3 and F4: a measured time below them is a bug, whatever ran

enum class PrecisionPolicy {
    PytorchDefault, // fp32 matmul on SIMT fp32; fp32 convolution may use TF32 tensor cores (cuDNN's default)
    StrictFp32, // fp32 contractions on SIMT fp32 only
    AllowTf32, // fp32 contractions may use TF32 tensor cores
};
std::string_view policyName(PrecisionPolicy policy);
std::optional<PrecisionPolicy> parsePolicy(std::string_view name);

enum class CacheAssumption {
    Cold, // caches flushed: every compulsory byte comes from DRAM
    Warm, // back-to-back runs: up to the persistent cache (L2 + memory-side cache) of reads and of writes may
    // stay on chip; applied to the fused and cache_aware levels, which are compared with measurements
};
std::string_view cacheName(CacheAssumption cache);
std::optional<CacheAssumption> parseCache(std::string_view name);

/// How the program is run, for the eager level F0: eager (every op dispatched by the framework from the host, and
/// launched: both floors), graph (a CUDA graph or a compiled program replays the kernels: the launch floor only)
/// or none (no floor: the kernels' own work).
enum class ExecutionMode { Eager, Graph, None };
std::string_view modeName(ExecutionMode mode); // "eager", "graph", "none"
std::optional<ExecutionMode> parseMode(std::string_view name);

/// Concurrency groups of execution units.
enum class UnitGroup { Tensor, SimtFp32, SimtFp64 };
inline constexpr int kUnitGroupCount = 3;
std::string_view unitGroupName(UnitGroup group); // "tensor", "simt_fp32", "simt_fp64"

/// What the hardware sliders edit: peaks per (unit, precision), DRAM bandwidth, on-chip capacity.
struct MachineModel
{
    std::string profileId;
    std::array<double, 2 * hw::kPrecisionCount> peakFlops {}; // [unit * 8 + precision], FLOP/s, 0 = absent
    double dramBps = 0;
    double onchipBytes = 0;
    double persistentCacheBytes = 0; // L2 + memory-side cache, for the warm assumption
    double clockHz = 0;
    double l2Bps = 0; // L2 -> SM bandwidth; 0: unknown, the L2 level's terms are off
    double smBytes = 0; // per SM: registers + shared memory/L1 (+ tensor memory); 0: unknown
    double smCount = 0;
    double clusterSms = 1; // SMs whose shared memory one thread-block cluster shares
    // unfused_per_kernel only, never part of the other levels (0: off). Two floors with two causes:
    // the host's: what eager dispatch of one operator costs the framework (Python -> ATen -> the launch call
    // returns; a CPU's ATen dispatch), paid once per launch on the host, which runs ahead of the device;
    double opFloorSeconds = 0;
    // the device's: the least time a kernel takes between launches however little it does, also replayed in a
    // CUDA graph (back-to-back launches of an empty kernel).
    double launchFloorSeconds = 0;

    double peak(hw::Unit unit, hw::Precision precision) const
    {
        return peakFlops[static_cast<int>(unit) * hw::kPrecisionCount + static_cast<int>(precision)];
    }
    double& peak(hw::Unit unit, hw::Precision precision)
    {
        return peakFlops[static_cast<int>(unit) * hw::kPrecisionCount + static_cast<int>(precision)];
    }
    /// Every compute peak scaled by `factor` (a clock change, or "what if compute were x times faster").
    MachineModel scaledCompute(double factor) const;
};

MachineModel machineFromProfile(const hw::HwProfile& profile);

/// Where a contraction class runs under a policy on a machine: the fastest unit the policy allows there.
struct Placement
{
    hw::Unit unit = hw::Unit::Simt;
    hw::Precision precision = hw::Precision::FP32;
};
Placement placeContraction(graph::MacType type, bool convLike, PrecisionPolicy policy, const MachineModel& machine);
/// Every placement the policy allows for a contraction class (the SIMT fp32 fallback last). A bound lets the work
/// split across them when that is faster than the fastest single one (unitschedule.h).
std::vector<Placement> allowedPlacements(graph::MacType type, bool convLike, PrecisionPolicy policy);

/// The index of a contraction class in Work::macs.
int macClassIndex(graph::MacType type, bool convLike);

/// Work in a hardware-independent form: MACs per contraction class (precision x sliding window) and SIMT
/// operations; placement on units happens at solve time, because it depends on the machine and the policy.
inline constexpr int kMacClassCount = 18; // 9 MacTypes x {matmul-like, convolution-like}
struct Work
{
    std::array<double, kMacClassCount> macs {};
    double simtOps = 0; // fp32 (or integer) elementwise arithmetic
    double simtHalfOps = 0; // on fp16/bf16 data: may run at the packed half-precision SIMT rate where it is faster
    double simtFp64Ops = 0; // on f64 data
    void add(const Work& other, double times = 1); // `other` done `times` times more
};

/// The digest of a graph (computed once; the sliders only call solve()).
struct Digest
{
    struct Kernel
    {
        int firstNode = 0; // its nodes are kernelNodes[firstNode, firstNode + nodeCount)
        int nodeCount = 0;
        Work work;
        double unfusedBytes = 0; // tensors the kernel reads or writes that are external or cross its boundary
        double externalBytes = 0; // external tensors only
        double launches = 1; // an @op block inside a loop runs once per iteration (graph::Node::launches)
    };
    struct CacheCandidate // a contraction the capacity term may apply to
    {
        int node = 0;
        double products = 0; // batch * M * N * K
        double minElementBytes = 0; // b_min
        double compulsoryBytes = 0; // its A + B + C footprint bytes (already inside the external bytes)
        std::vector<int> inputTensors;
    };
    std::vector<Work> nodeWork;
    std::vector<double> nodeUnfusedBytes, nodeExternalBytes;
    std::vector<Kernel> kernels;
    std::vector<int> kernelNodes; // node ids grouped by kernel
    std::vector<int> kernelOfNode;
    double externalReadBytes = 0, externalWriteBytes = 0; // compulsory, whole graph
    double unfusedBytes = 0; // sum over kernels
    double totalMacs = 0, totalOtherOps = 0;
    std::vector<CacheCandidate> cacheCandidates; // a disjoint set of them, chosen independent of capacity
    // The graph's EagerKernels digested: solve() takes the per-kernel levels (F0-F2) from it and caps the fused ones
    // (F3, F4) at its own, so every level stays a lower bound for either program; eagerShownOn maps its nodes'
    // shares onto this graph's nodes.
    std::shared_ptr<const Digest> eager;
    std::vector<int> eagerShownOn;
};

Digest prepare(const graph::EinsumGraph& graph);

struct LevelResult
{
    Level level = Level::Fused;
    double seconds = 0;
    double computeSeconds = 0; // the largest unit's time
    std::array<double, kUnitGroupCount> unitSeconds {}; // per UnitGroup
    double memorySeconds = 0;
    double bytes = 0; // DRAM bytes this level charges
    double l2Bytes = 0; // cache_aware: bytes that must cross L2 to the SMs (0 when the profile has no L2 bandwidth)
    double l2Seconds = 0; // l2Bytes / L2 bandwidth; part of memorySeconds (the larger of the two levels)
    double opFloorSeconds = 0; // unfused_per_kernel: what the floors add over the kernels' max(compute, memory)
    int flooredKernels = 0; // kernels a floor binds (every launched one when the host's dispatch binds)
    double dispatchSeconds = 0; // unfused_per_kernel: the host's dispatch of every launch (0 without that floor)
    bool dispatchBound = false; // the host's dispatch, not the device, sets unfused_per_kernel
    double flops = 0;
    std::string bottleneck; // "memory", "compute:tensor", "compute:simt_fp32", ...
    double intensity = 0; // flops / bytes
    std::vector<double> nodeSeconds; // sums to `seconds`
    std::vector<double> nodeShare; // sums to 1 (when seconds > 0)
};

struct Ladder
{
    PrecisionPolicy policy = PrecisionPolicy::PytorchDefault;
    CacheAssumption cache = CacheAssumption::Cold;
    std::array<LevelResult, kLevelCount> levels;
    std::vector<Message> notes; // placements that fell back, capacity terms applied (text() is the English)
    const LevelResult& at(Level l) const { return levels[static_cast<int>(l)]; }
};

Ladder solve(const Digest& digest, const MachineModel& machine, PrecisionPolicy policy, CacheAssumption cache);

/// What no bound here covers: implementations that do fewer or cheaper operations than the program states. Every
/// report lists them (docs/sol-model.md, "What the bounds assume").
const std::vector<std::string>& uncoveredAssumptions();

/// Whether a kernel does anything (work or bytes): an empty one, a view's, launches nothing.
bool launchesWork(const Digest::Kernel& kernel);

/// The device's launch floor kernel `k` costs at `level` on `machine`: the machine's launch floor at
/// unfused_per_kernel for a kernel that does anything (work or bytes; an empty one, a view's, launches nothing),
/// once per launch, else 0.
double kernelFloorSeconds(const Digest& digest, std::size_t k, const MachineModel& machine, Level level);

/// The host's dispatch of every launch at unfused_per_kernel: the machine's dispatch floor times the launches of
/// the kernels that do anything. The host runs ahead of the device, so unfused_per_kernel is the larger of this
/// and the device's sum of per-kernel times, never their sum (a long kernel hides the next ones' dispatch).
double hostDispatchSeconds(const Digest& digest, const MachineModel& machine);

/// The whole program's work, every node's added up (what solve()'s whole-graph levels place on the units).
Work totalWork(const Digest& digest);

/// The least time `work` takes on the machine's compute units, split across them as solve() allows. The compute
/// floor of several programs run together (a serving benchmark's steps) is that of their work added up, which is
/// at most the sum of their floors: adding floors would not be a lower bound.
double workComputeSeconds(const Work& work, const MachineModel& machine, PrecisionPolicy policy);

/// Per kernel, its compute time (the largest unit) at the machine's peaks; the inverse solver's a_k.
std::vector<double> kernelComputeSeconds(const Digest& digest, const MachineModel& machine, PrecisionPolicy policy);

/// A node standing alone (its own kernel): its compute time at the machine's peaks and the compute roofs its work
/// runs on ("tensor fp16", "simt fp32"; several when it spans units or precisions). The roofline plots each
/// operator against these (analysis/roofline.h).
struct NodeCompute
{
    double seconds = 0;
    std::vector<std::string> roofs; // the fastest placement of each kind of work first, then the units a split may use
    std::vector<Placement> units; // the same roofs as placements (roofs[i] names units[i])
};
/// The highest rate (FLOP/s) work spread over `units` can reach: per concurrency group the fastest of its units,
/// summed over the groups (the units of one group share its pipes, separate groups run at once). A node that splits
/// a contraction across tensor and SIMT units reaches more than either roof alone: this is the roof it sits under.
double combinedPeakFlopsPerSecond(const MachineModel& machine, const std::vector<Placement>& units);
std::vector<NodeCompute> nodeComputes(const Digest& digest, const MachineModel& machine, PrecisionPolicy policy);

/// The DRAM bytes the cache_aware level charges at on-chip capacity `onchipBytes` (nonincreasing in it).
double cacheAwareBytes(const Digest& digest, const MachineModel& machine, double onchipBytes, CacheAssumption cache);

/// The bytes the cache_aware level charges across L2 to the SMs: all compulsory bytes (a warm cache keeps them in
/// L2, not in the SMs) plus, per disjoint contraction, what finite per-SM storage forces beyond them. 0 without an
/// L2 bandwidth in the machine.
double l2ToSmBytes(const Digest& digest, const MachineModel& machine);

/// The contractions (graph nodes) a capacity term of the cache_aware level charges on `machine`: finite on-chip
/// capacity forces DRAM traffic beyond their compulsory bytes, or finite per-SM storage forces L2 -> SM traffic.
std::vector<int> capacityBoundNodes(const Digest& digest, const MachineModel& machine);

} // namespace solar::bounds
