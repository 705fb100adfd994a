// SPDX-License-Identifier: MIT
#include "engine/hw/hostprobe.h"

#include <algorithm>
#include <cstdint>
#include <filesystem>
#include <fstream>
#include <map>
#include <set>
#include <sstream>
#include <utility>

#if defined(__x86_64__) || defined(__i386__)
#include <cpuid.h>
#endif

namespace solar::hw {

namespace fs = std::filesystem;

namespace {

std::string readFirstLine(const fs::path& path)
{
    std::ifstream in(path);
    std::string line;
    std::getline(in, line);
    while (!line.empty() && (line.back() == ' ' || line.back() == '\n' || line.back() == '\r'))
        line.pop_back();
    return line;
}

CpuIsa probeIsa()
{
    CpuIsa isa;
#if defined(__x86_64__) || defined(__i386__)
    unsigned a = 0, b = 0, c = 0, d = 0;
    if (!__get_cpuid(1, &a, &b, &c, &d))
        return isa;
    const bool osxsave = (c >> 27) & 1;
    const bool avx = (c >> 28) & 1;
    const bool fma = (c >> 12) & 1;
    // The OS must save the vector state it would lose on a context switch (XCR0): YMM for AVX, the three AVX-512
    // components for ZMM, the tile state for AMX. A CPU flag alone would let a kernel fault.
    std::uint64_t xcr0 = 0;
    if (osxsave) {
        unsigned lo = 0, hi = 0;
        __asm__ volatile("xgetbv" : "=a"(lo), "=d"(hi) : "c"(0));
        xcr0 = (static_cast<std::uint64_t>(hi) << 32) | lo;
    }
    const bool ymm = (xcr0 & 0x6) == 0x6;
    const bool zmm = ymm && (xcr0 & 0xe0) == 0xe0;
    const bool tiles = (xcr0 & 0x60000) == 0x60000;
    isa.fma = avx && fma && ymm;
    if (__get_cpuid_max(0, nullptr) >= 7) {
        __cpuid_count(7, 0, a, b, c, d);
        isa.avx2 = ymm && ((b >> 5) & 1);
        isa.avx512f = zmm && ((b >> 16) & 1);
        isa.amxBf16 = tiles && ((d >> 22) & 1) && ((d >> 24) & 1);
        unsigned a1 = 0, b1 = 0, c1 = 0, d1 = 0;
        __cpuid_count(7, 1, a1, b1, c1, d1);
        isa.avx512bf16 = isa.avx512f && ((a1 >> 5) & 1);
    }
#endif
    return isa;
}

} // namespace

std::string CpuIsa::describe() const
{
    std::vector<std::pair<bool, const char*>> flags
        = {{avx2, "AVX2"}, {fma, "FMA"}, {avx512f, "AVX-512"}, {avx512bf16, "AVX512_BF16"}, {amxBf16, "AMX-BF16"}};
    std::string out;
    for (const auto& [on, name] : flags) {
        if (on)
            out += (out.empty() ? "" : ", ") + std::string(name);
    }
    return out.empty() ? "SSE only" : out;
}

double HostInfo::cacheBytes(int level) const
{
    double total = 0;
    for (const auto& c : caches) {
        if (c.level == level)
            total += c.bytes * c.instances;
    }
    return total;
}

std::vector<int> parseCpuList(const std::string& text)
{
    std::vector<int> cpus;
    std::stringstream in(text);
    std::string part;
    while (std::getline(in, part, ',')) {
        try {
            const auto dash = part.find('-');
            std::size_t used = 0;
            if (dash == std::string::npos) {
                const int v = std::stoi(part, &used);
                if (used == part.size() && v >= 0)
                    cpus.push_back(v);
            } else {
                const int lo = std::stoi(part.substr(0, dash));
                const int hi = std::stoi(part.substr(dash + 1));
                for (int v = lo; v <= hi && v - lo < 65536 && lo >= 0; ++v)
                    cpus.push_back(v);
            }
        } catch (const std::exception&) { }
    }
    return cpus;
}

double parseCacheSize(const std::string& text)
{
    if (text.empty())
        return 0;
    std::size_t used = 0;
    double value = 0;
    try {
        value = std::stod(text, &used);
    } catch (const std::exception&) {
        return 0;
    }
    const std::string unit = text.substr(used);
    if (unit.empty())
        return value;
    if (unit == "K" || unit == "KB" || unit == "KiB")
        return value * 1024;
    if (unit == "M" || unit == "MB" || unit == "MiB")
        return value * 1024 * 1024;
    if (unit == "G" || unit == "GB" || unit == "GiB")
        return value * 1024 * 1024 * 1024;
    return 0;
}

HostInfo probeHost(const std::string& sysRoot, const std::string& cpuinfoPath)
{
    HostInfo info;
    info.isa = probeIsa();
    {
        std::ifstream in(cpuinfoPath);
        std::string line;
        while (std::getline(in, line)) {
            if (line.rfind("model name", 0) == 0) {
                const auto colon = line.find(':');
                if (colon != std::string::npos)
                    info.modelName = line.substr(line.find_first_not_of(" \t", colon + 1));
                break;
            }
        }
    }
    const fs::path root(sysRoot);
    std::vector<int> online = parseCpuList(readFirstLine(root / "online"));
    if (online.empty())
        online = {0};
    info.logicalCpus = static_cast<int>(online.size());
    std::set<std::pair<std::string, std::string>> cores;
    // One cache instance per distinct shared_cpu_list among the online CPUs' caches of a level.
    std::map<std::pair<int, std::string>, std::set<std::string>> instances;
    std::map<std::pair<int, std::string>, double> sizes;
    for (int cpu : online) {
        const fs::path dir = root / ("cpu" + std::to_string(cpu));
        cores.insert({readFirstLine(dir / "topology" / "physical_package_id"), readFirstLine(dir / "topology" / "core_id")});
        std::error_code ec;
        for (const auto& entry : fs::directory_iterator(dir / "cache", ec)) {
            const std::string name = entry.path().filename().string();
            if (name.rfind("index", 0) != 0)
                continue;
            const std::string type = readFirstLine(entry.path() / "type");
            if (type != "Data" && type != "Unified")
                continue;
            int level = 0;
            try {
                level = std::stoi(readFirstLine(entry.path() / "level"));
            } catch (const std::exception&) {
                continue;
            }
            const double bytes = parseCacheSize(readFirstLine(entry.path() / "size"));
            if (bytes <= 0)
                continue;
            instances[{level, type}].insert(readFirstLine(entry.path() / "shared_cpu_list"));
            sizes[{level, type}] = bytes;
        }
        if (cpu == online.front()) {
            const std::string khz = readFirstLine(dir / "cpufreq" / "cpuinfo_max_freq");
            try {
                info.maxClockHz = khz.empty() ? 0 : std::stod(khz) * 1000.0;
            } catch (const std::exception&) {
                info.maxClockHz = 0;
            }
        }
    }
    info.cores = std::max(1, static_cast<int>(cores.size()));
    info.clocks = clockReadings(info.maxClockHz, info.modelName, cpuinfoPath, 3);
    for (const auto& [key, lists] : instances)
        info.caches.push_back({key.first, key.second, sizes[key], static_cast<int>(lists.size())});
    std::sort(info.caches.begin(), info.caches.end(), [](const CacheLevel& a, const CacheLevel& b) { return a.level < b.level; });
    return info;
}

double memTotalBytes()
{
    std::ifstream in("/proc/meminfo");
    std::string key;
    double kb = 0;
    while (in >> key >> kb) {
        if (key == "MemTotal:")
            return kb * 1024;
        in.ignore(256, '\n');
    }
    return 0;
}

} // namespace solar::hw
