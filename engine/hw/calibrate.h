// SPDX-License-Identifier: MIT
// `solar hw calibrate`: a hardware profile of this machine's CPU, measured. Compute peaks come from register-blocked
// FMA micro-kernels (fp32 and fp64 at the widest vector ISA present, bf16 with VDPBF16PS where present), run on one
// thread and on every thread at once, best of repeats; DRAM bandwidth from read, copy, triad and non-temporal-store
// passes over buffers several times the caches, every thread on its own slice, best of patterns and repeats;
// capacities from sysfs. A measured peak is a floor of the true one (a higher peak can only lower a bound), so the
// peak is the theoretical one — the highest clock any source gives (cpuclock.h) x cores x 2 FMA pipes x the
// widest vector's FLOP per instruction — or the measurement where that is higher: a ceiling, never below a run.
// A busy machine (load average, run-to-run spread) is said in the profile. Each number says how it was obtained.
#pragma once

#include "engine/core/expected.h"
#include "engine/hw/hostprobe.h"
#include "engine/hw/hwprofile.h"

#include <atomic>
#include <functional>
#include <string>

namespace solar::hw {

struct CalibrationOptions
{
    std::string id = "host";
    int threads = 0; // 0: every online logical CPU
    double kernelSeconds = 0.05; // one timed FMA run
    int repeats = 5;
    bool measureClock = true; // add a clock measured by a dependent-multiplication chain to the host's readings
    double bufferBytes = 0; // per array for the bandwidth passes; 0: 4 x the caches, at least 64 MiB
    std::function<void(const std::string&)> progress; // one line per step
    const std::atomic<bool>* cancel = nullptr;
};

/// The FLOP/s of `threads` threads running the widest FMA kernel for `precision` (FP32, FP64 or BF16) on this CPU;
/// 0 when the ISA has none for it.
/// `worst`, when given, gets the slowest repeat's FLOP/s (the run-to-run spread says whether the machine was busy).
double measureFmaFlops(const CpuIsa& isa, Precision precision, int threads, double seconds, int repeats, double* worst = nullptr);

/// The 1-minute load average of /proc/loadavg; -1 when it cannot be read.
double loadAverage();

enum class MemoryPattern { Read, Copy, Triad, NonTemporalStore };
std::string_view memoryPatternName(MemoryPattern pattern);
/// Useful bytes per second (a copy moves 2 x its size, a triad 3 x) over `bytes`-sized arrays, best of repeats.
double measureBandwidth(MemoryPattern pattern, int threads, double bytes, int repeats);

/// Probes and measures this machine; fails only when cancelled or when nothing could be measured.
Expected<HwProfile> calibrateHost(const CalibrationOptions& options, const HostInfo& host);

} // namespace solar::hw
