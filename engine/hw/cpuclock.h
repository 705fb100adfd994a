// SPDX-License-Identifier: MIT
// The highest clock this machine's cores can reach, for a CPU peak that is a ceiling (issue 32, item 5): a
// theoretical peak is clock x cores x FMA pipes x lanes, and only the highest credible clock keeps it above every
// real run. Each source alone can be low — a virtual machine has no cpufreq, cpuid leaf 0x16 is Intel's and often
// zero under a hypervisor, /proc/cpuinfo's "cpu MHz" is a momentary reading, the brand string's "@ 2.80GHz" is the
// base clock — so every one is read and the highest is used, with a clock measured by a chain of dependent integer
// additions (one per cycle on every x86 core) among them.
#pragma once

#include <string>
#include <vector>

namespace solar::hw {

struct ClockReading
{
    double hz = 0;
    std::string source; // "cpufreq cpuinfo_max_freq", "cpuid leaf 0x16", ...
};

/// "Intel(R) Xeon(R) CPU @ 2.80GHz" -> 2.8e9; "AMD EPYC 7B13" -> 0.
double brandStringClockHz(const std::string& modelName);

/// The largest "cpu MHz" line of a /proc/cpuinfo text, in Hz; 0 when none.
double cpuinfoClockHz(const std::string& cpuinfoText);

/// cpuid leaf 0x16's maximum frequency (Intel), in Hz; 0 when the leaf is absent or reports 0.
double cpuidMaxClockHz();

/// The clock one thread runs at, measured: a chain of dependent 64-bit multiplications (3 cycles each) over about
/// `seconds`, best of `repeats`; 0 where no such chain can be written (not x86-64).
double measuredClockHz(double seconds = 0.02, int repeats = 5);

/// The readings of a host that need no measuring, highest first: cpufreq's maximum (`cpufreqHz`, 0 when absent),
/// cpuid's, the model name's, and the "cpu MHz" lines of `cpuinfoPath` read `samples` times 20 ms apart.
std::vector<ClockReading> clockReadings(double cpufreqHz, const std::string& modelName, const std::string& cpuinfoPath, int samples);

/// The highest reading; 0 when there is none.
double highestClockHz(const std::vector<ClockReading>& readings);

} // namespace solar::hw
