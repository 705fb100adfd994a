// SPDX-License-Identifier: MIT
// What this machine's CPU is, without measuring anything: its vector ISA from cpuid (checked against what the
// operating system enables), its model name, its logical CPUs, its caches from sysfs and its maximum clock where
// the kernel exposes one (virtual machines often do not). The calibration (calibrate.h) measures the rest.
#pragma once

#include "engine/hw/cpuclock.h"

#include <string>
#include <vector>

namespace solar::hw {

struct CpuIsa
{
    bool fma = false; // FMA3 with AVX (256-bit)
    bool avx2 = false;
    bool avx512f = false;
    bool avx512bf16 = false; // VDPBF16PS: bf16 pairs accumulated in fp32
    bool amxBf16 = false; // AMX tiles with bf16 (reported; not measured: it needs a permission request per process)

    /// "AVX2, FMA, AVX-512, AVX512_BF16", in that order, only what is present.
    std::string describe() const;
};

struct CacheLevel
{
    int level = 0;
    std::string type; // Data, Unified (instruction caches are skipped)
    double bytes = 0; // one instance
    int instances = 0; // how many distinct instances the online CPUs share (from shared_cpu_list)
};

struct HostInfo
{
    std::string modelName; // /proc/cpuinfo "model name"
    int logicalCpus = 0; // online
    int cores = 0; // distinct (package, core) pairs among them
    CpuIsa isa;
    std::vector<CacheLevel> caches; // data and unified, by level
    double maxClockHz = 0; // cpufreq cpuinfo_max_freq; 0: unknown
    std::vector<ClockReading> clocks; // every clock source that needs no measuring, highest first (cpuclock.h)

    double cacheBytes(int level) const; // all instances of that level (0 when absent)
};

/// Reads `sysRoot` (normally "/sys/devices/system/cpu") and `cpuinfoPath` ("/proc/cpuinfo"); the ISA comes from
/// cpuid of the running CPU. A directory that cannot be read leaves its fields at zero.
HostInfo probeHost(const std::string& sysRoot = "/sys/devices/system/cpu", const std::string& cpuinfoPath = "/proc/cpuinfo");

/// MemTotal of /proc/meminfo in bytes; 0 when it cannot be read.
double memTotalBytes();

/// "0-3,8,10-11" -> {0,1,2,3,8,10,11}; malformed parts are skipped.
std::vector<int> parseCpuList(const std::string& text);

/// "48K", "2048K", "260M", "1G" or a plain byte count -> bytes; 0 when malformed.
double parseCacheSize(const std::string& text);

} // namespace solar::hw
