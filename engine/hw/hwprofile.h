// SPDX-License-Identifier: MIT
// A hardware profile: dense peak throughput per execution unit and precision, DRAM bandwidth and capacity,
// on-chip capacity, each number with the source it comes from. Schema: docs/hwprofiles.md. Peaks are dense
// (never 2:4 sparse) and given at `clock`: a clock slider scales every compute peak proportionally.
#pragma once

#include "engine/core/expected.h"

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace solar::hw {

/// Compute peaks are keyed by unit and precision.
enum class Unit { Tensor, Simt };
enum class Precision { FP64, FP32, TF32, BF16, FP16, FP8, INT8, FP4 };
inline constexpr int kPrecisionCount = 8;

std::string_view unitName(Unit unit);
std::string_view precisionName(Precision precision);
std::optional<Unit> parseUnit(std::string_view name);
std::optional<Precision> parsePrecision(std::string_view name);

struct Source
{
    std::string key;
    std::string citation;
    std::string url;
    std::string date;
};

struct Number
{
    double value = 0;
    std::string source; // key into HwProfile::sources
    std::string note;
};

struct Peak
{
    Unit unit = Unit::Simt;
    Precision precision = Precision::FP32;
    Number flops; // FLOP/s (int8: OP/s), dense, at HwProfile::clock
};

/// What `solar hw calibrate` found about the CPU it measured (absent in the shipped GPU profiles).
struct HostDetails
{
    std::string cpu; // model name
    int cores = 0;
    int threads = 0; // threads the measurements (and `solar measure`) use
    std::string isa; // "AVX2, FMA, AVX-512, AVX512_BF16"
    std::string calibratedAt; // UTC, ISO 8601
    std::string busy; // why the machine looked busy while calibrating (load average, spread); empty when it did not
    struct Measurement
    {
        std::string what; // "fp32 FMA, 1 thread"
        double value = 0;
        std::string unit; // "FLOP/s", "B/s"
        std::string how; // measured / derived / sysfs, and the method
    };
    std::vector<Measurement> measurements; // every figure taken, including those no peak uses
};

/// A link between devices (docs/hwprofiles.md, docs/parallel.md): what each device can send, and at the same time
/// receive, per second over it — one direction, never the bidirectional sum datasheets quote.
struct Link
{
    std::string name; // "NVLink 4 through NVSwitch", "InfiniBand NDR, one 400 Gb/s port per GPU"
    Number bandwidthBps; // per device, per direction
    std::optional<Number> latencySeconds; // per hop; absent: no sourced figure, the latency terms are 0
    // The switch reduces in the network (NVLink SHARP, InfiniBand SHARP): an all-reduce then moves each device's
    // buffer once each way instead of a ring's 2(n-1)/n. Its source key; empty when the link cannot.
    std::string inNetworkReductionSource;
    bool inNetworkReduction() const { return !inNetworkReductionSource.empty(); }
};

/// How devices of this kind are connected: a node of `nodeDevices` on one link, nodes joined by another.
struct Interconnect
{
    Link intraNode;
    Number nodeDevices; // devices one intraNode link joins (8 on an HGX board)
    std::optional<Link> interNode; // absent: plans cannot span nodes with this profile
};

struct HwProfile
{
    std::string id;
    std::string name;
    std::string vendor;
    std::string arch;
    // "gpu", "cpu" or "" (not stated): what kind of device measured times of it come from (a profiler trace of CPU
    // ops says nothing about a GPU). A profile with host details is a CPU when the field is absent.
    std::string deviceKind;
    std::string file; // where it was loaded from
    bool user = false; // from the user's configuration directory
    std::vector<Source> sources;
    Number clockHz;
    std::vector<Peak> peaks;
    Number dramBandwidthBps;
    Number dramCapacityBytes;
    Number l2Bytes;
    std::optional<Number> llcBytes; // a memory-side last-level cache (AMD Infinity Cache)
    Number onchipBytes; // all on-chip storage that can hold operands (registers, SMEM, L2, LLC)
    // The L2 -> SM level (optional; absent, its terms are off and reports say so): the L2's bandwidth to the SMs
    // (documented bytes per clock x maximum clock), and per streaming multiprocessor the storage that can hold
    // operands (registers + shared memory/L1 + tensor memory), the SM count and the largest thread-block cluster
    // whose SMs share their shared memory.
    std::optional<Number> l2BandwidthBps;
    std::optional<Number> smBytes;
    std::optional<Number> smCount;
    std::optional<Number> clusterSms;
    // The eager model only (unfused_per_kernel), never part of the SOL levels. `eager.op_floor_seconds`: the host
    // and framework's least time to dispatch one operator (Python -> ATen -> the launch call; a CPU's ATen
    // dispatch), paid per launch in eager mode only. `eager.launch_floor_seconds`: the device's least time per
    // kernel launched back to back (an empty kernel, also inside a CUDA graph), paid in eager and graph modes.
    std::optional<Number> opFloorSeconds;
    std::optional<Number> launchFloorSeconds;
    std::optional<HostDetails> host;
    // Measured ceilings (`solar hw calibrate --device cuda`): what this very device reached — a copy's bandwidth,
    // an L2-resident copy's, GEMM rates per dtype — beside the datasheet figures that bound. Never a bound: a
    // measurement is a floor of the true ceiling. Shown as the roofline's dashed roof and a column of reports.
    struct Achievable
    {
        std::optional<Number> dramBandwidthBps;
        std::optional<Number> l2BandwidthBps;
        std::vector<Peak> peaks;
    };
    std::optional<Achievable> achievable;
    std::optional<Interconnect> interconnect; // absent: one device only

    const Source* source(const std::string& key) const;
    /// 0 when the profile has no such peak.
    double peakFlops(Unit unit, Precision precision) const;
    /// Bytes a warm cache can still hold between runs: L2 plus any memory-side cache.
    double persistentCacheBytes() const { return l2Bytes.value + (llcBytes ? llcBytes->value : 0.0); }
};

/// Parses and validates one profile. Errors name the file and the field, e.g.
/// "h100.json: error: compute[2].peak_flops.value: expected a positive number".
Expected<HwProfile> parseHwProfile(std::string_view json, const std::string& file);

std::string profileToJson(const HwProfile& profile); // schema solar.hwprofile/1, for "save as user profile"

} // namespace solar::hw
