// SPDX-License-Identifier: MIT
#include "engine/hw/cpuclock.h"

#include <algorithm>
#include <chrono>
#include <fstream>
#include <regex>
#include <sstream>
#include <thread>

#if defined(__x86_64__) || defined(__i386__)
#include <cpuid.h>
#endif

namespace solar::hw {

double brandStringClockHz(const std::string& modelName)
{
    static const std::regex clock(R"(@\s*([0-9]+(?:\.[0-9]+)?)\s*([GM])Hz)", std::regex::icase);
    std::smatch m;
    if (!std::regex_search(modelName, m, clock))
        return 0;
    const double value = std::stod(m[1].str());
    return value * (m[2].str() == "G" || m[2].str() == "g" ? 1e9 : 1e6);
}

double cpuinfoClockHz(const std::string& text)
{
    double best = 0;
    std::istringstream in(text);
    for (std::string line; std::getline(in, line);) {
        if (line.rfind("cpu MHz", 0) != 0)
            continue;
        const auto colon = line.find(':');
        if (colon == std::string::npos)
            continue;
        try {
            best = std::max(best, std::stod(line.substr(colon + 1)) * 1e6);
        } catch (const std::exception&) { }
    }
    return best;
}

double cpuidMaxClockHz()
{
#if defined(__x86_64__) || defined(__i386__)
    if (__get_cpuid_max(0, nullptr) < 0x16)
        return 0;
    unsigned a = 0, b = 0, c = 0, d = 0;
    __cpuid_count(0x16, 0, a, b, c, d);
    return (b & 0xffff) * 1e6; // EBX[15:0]: maximum frequency in MHz
#else
    return 0;
#endif
}

double measuredClockHz(double seconds, int repeats)
{
#if defined(__x86_64__)
    using Clock = std::chrono::steady_clock;
    // 16 dependent 64-bit multiplications per iteration (3 cycles each on every x86 core since Sandy Bridge and
    // Zen): the chain sets the pace (48 cycles), the loop counter runs beside it. Not additions of an immediate:
    // recent cores (Golden Cove) fold those at rename, more than one per cycle, which read as clocks above 20 GHz.
    auto run = [](long long iterations) {
        long long x = 1;
        long long n = iterations;
        const long long one = 1;
        asm volatile("1:\n\t"
                     ".rept 16\n\t"
                     "imulq %2, %0\n\t"
                     ".endr\n\t"
                     "decq %1\n\t"
                     "jnz 1b"
                     : "+r"(x), "+r"(n)
                     : "r"(one)
                     : "cc");
        return x;
    };
    long long iterations = 1 << 16;
    // Grow until one run takes a tenth of the requested time, then scale to it.
    for (;;) {
        const auto t0 = Clock::now();
        run(iterations);
        const double wall = std::chrono::duration<double>(Clock::now() - t0).count();
        if (wall >= seconds / 10 || iterations > (1LL << 40))
            break;
        iterations *= 4;
    }
    double best = 0;
    for (int r = 0; r < std::max(1, repeats); ++r) {
        const auto t0 = Clock::now();
        run(iterations * 10);
        const double wall = std::chrono::duration<double>(Clock::now() - t0).count();
        if (wall > 0)
            best = std::max(best, 48.0 * static_cast<double>(iterations * 10) / wall);
    }
    return best;
#else
    (void)seconds;
    (void)repeats;
    return 0;
#endif
}

std::vector<ClockReading> clockReadings(double cpufreqHz, const std::string& modelName, const std::string& cpuinfoPath, int samples)
{
    std::vector<ClockReading> out;
    auto add = [&](double hz, std::string source) {
        if (hz > 0)
            out.push_back({hz, std::move(source)});
    };
    add(cpufreqHz, "cpufreq cpuinfo_max_freq");
    add(cpuidMaxClockHz(), "cpuid leaf 0x16 maximum frequency");
    add(brandStringClockHz(modelName), "the model name's clock (\"" + modelName + "\")");
    double cpuinfo = 0;
    for (int i = 0; i < std::max(1, samples); ++i) {
        std::ifstream in(cpuinfoPath);
        std::stringstream text;
        text << in.rdbuf();
        cpuinfo = std::max(cpuinfo, cpuinfoClockHz(text.str()));
        if (i + 1 < samples)
            std::this_thread::sleep_for(std::chrono::milliseconds(20));
    }
    add(cpuinfo, cpuinfoPath + " \"cpu MHz\", highest of " + std::to_string(std::max(1, samples)) + " samples");
    std::sort(out.begin(), out.end(), [](const ClockReading& a, const ClockReading& b) { return a.hz > b.hz; });
    return out;
}

double highestClockHz(const std::vector<ClockReading>& readings)
{
    double best = 0;
    for (const auto& r : readings)
        best = std::max(best, r.hz);
    return best;
}

} // namespace solar::hw
