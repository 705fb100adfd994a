// SPDX-License-Identifier: MIT
#include "engine/hw/calibrate.h"

#include "engine/hw/cpuclock.h"

#include "engine/core/format.h"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <ctime>
#include <fstream>
#include <memory>
#include <thread>
#include <vector>

#if defined(__x86_64__)
// GCC 12's AVX-512 reductions read an intentionally undefined register (a known false -Wuninitialized).
#pragma GCC diagnostic ignored "-Wuninitialized"
#pragma GCC diagnostic ignored "-Wmaybe-uninitialized"
#include <immintrin.h>
#define SOLAR_X86 1
#endif

namespace solar::hw {

namespace {

using Clock = std::chrono::steady_clock;

// ---- FMA micro-kernels ----------------------------------------------------------------------------------------
// Twelve independent accumulators: enough to cover an FMA latency of 4-6 cycles on two ports, so the loop runs at
// the units' throughput. The values converge (x * 0.9999999 + 1e-7), never overflow or go denormal.
constexpr int kAccumulators = 12;

struct FmaKernel
{
    double (*run)(std::int64_t iterations); // returns a checksum so the work cannot be dropped
    double flopsPerIteration;
    const char* name;
};

#ifdef SOLAR_X86
__attribute__((target("avx512f"))) double fmaAvx512Fp32(std::int64_t n)
{
    __m512 acc[kAccumulators];
    for (int k = 0; k < kAccumulators; ++k)
        acc[k] = _mm512_set1_ps(1.0f + 0.001f * k);
    const __m512 m = _mm512_set1_ps(0.9999999f), c = _mm512_set1_ps(1e-7f);
    for (std::int64_t i = 0; i < n; ++i) {
#pragma GCC unroll 12
        for (int k = 0; k < kAccumulators; ++k)
            acc[k] = _mm512_fmadd_ps(acc[k], m, c);
    }
    __m512 s = acc[0];
    for (int k = 1; k < kAccumulators; ++k)
        s = _mm512_add_ps(s, acc[k]);
    return _mm512_reduce_add_ps(s);
}

__attribute__((target("avx512f"))) double fmaAvx512Fp64(std::int64_t n)
{
    __m512d acc[kAccumulators];
    for (int k = 0; k < kAccumulators; ++k)
        acc[k] = _mm512_set1_pd(1.0 + 0.001 * k);
    const __m512d m = _mm512_set1_pd(0.9999999), c = _mm512_set1_pd(1e-7);
    for (std::int64_t i = 0; i < n; ++i) {
#pragma GCC unroll 12
        for (int k = 0; k < kAccumulators; ++k)
            acc[k] = _mm512_fmadd_pd(acc[k], m, c);
    }
    __m512d s = acc[0];
    for (int k = 1; k < kAccumulators; ++k)
        s = _mm512_add_pd(s, acc[k]);
    return _mm512_reduce_add_pd(s);
}

// VDPBF16PS: per fp32 lane, two bf16 products added to the accumulator (4 FLOP).
__attribute__((target("avx512f,avx512bf16"))) double dpAvx512Bf16(std::int64_t n)
{
    __m512 acc[kAccumulators];
    for (int k = 0; k < kAccumulators; ++k)
        acc[k] = _mm512_set1_ps(0.001f * k);
    const __m512bh a = (__m512bh)_mm512_set1_epi16(0x3f80); // 1.0
    const __m512bh b = (__m512bh)_mm512_set1_epi16(0x3380); // 2^-24: the sums stay small
    for (std::int64_t i = 0; i < n; ++i) {
#pragma GCC unroll 12
        for (int k = 0; k < kAccumulators; ++k)
            acc[k] = _mm512_dpbf16_ps(acc[k], a, b);
    }
    __m512 s = acc[0];
    for (int k = 1; k < kAccumulators; ++k)
        s = _mm512_add_ps(s, acc[k]);
    return _mm512_reduce_add_ps(s);
}

__attribute__((target("avx2,fma"))) double fmaAvx2Fp32(std::int64_t n)
{
    __m256 acc[kAccumulators];
    for (int k = 0; k < kAccumulators; ++k)
        acc[k] = _mm256_set1_ps(1.0f + 0.001f * k);
    const __m256 m = _mm256_set1_ps(0.9999999f), c = _mm256_set1_ps(1e-7f);
    for (std::int64_t i = 0; i < n; ++i) {
#pragma GCC unroll 12
        for (int k = 0; k < kAccumulators; ++k)
            acc[k] = _mm256_fmadd_ps(acc[k], m, c);
    }
    alignas(32) float out[8];
    __m256 s = acc[0];
    for (int k = 1; k < kAccumulators; ++k)
        s = _mm256_add_ps(s, acc[k]);
    _mm256_store_ps(out, s);
    double total = 0;
    for (float v : out)
        total += v;
    return total;
}

__attribute__((target("avx2,fma"))) double fmaAvx2Fp64(std::int64_t n)
{
    __m256d acc[kAccumulators];
    for (int k = 0; k < kAccumulators; ++k)
        acc[k] = _mm256_set1_pd(1.0 + 0.001 * k);
    const __m256d m = _mm256_set1_pd(0.9999999), c = _mm256_set1_pd(1e-7);
    for (std::int64_t i = 0; i < n; ++i) {
#pragma GCC unroll 12
        for (int k = 0; k < kAccumulators; ++k)
            acc[k] = _mm256_fmadd_pd(acc[k], m, c);
    }
    alignas(32) double out[4];
    __m256d s = acc[0];
    for (int k = 1; k < kAccumulators; ++k)
        s = _mm256_add_pd(s, acc[k]);
    _mm256_store_pd(out, s);
    return out[0] + out[1] + out[2] + out[3];
}
#endif

// Without FMA: scalar multiply-adds the compiler may vectorise with what the baseline ISA has.
template<typename T>
double scalarMulAdd(std::int64_t n)
{
    T acc[kAccumulators];
    for (int k = 0; k < kAccumulators; ++k)
        acc[k] = T(1) + T(0.001) * k;
    for (std::int64_t i = 0; i < n; ++i) {
        for (int k = 0; k < kAccumulators; ++k)
            acc[k] = acc[k] * T(0.9999999) + T(1e-7);
    }
    double s = 0;
    for (T v : acc)
        s += v;
    return s;
}

std::optional<FmaKernel> kernelFor(const CpuIsa& isa, Precision precision)
{
#ifdef SOLAR_X86
    if (precision == Precision::BF16)
        return isa.avx512bf16 ? std::optional<FmaKernel>({dpAvx512Bf16, 16.0 * 4 * kAccumulators, "AVX512_BF16 VDPBF16PS"}) : std::nullopt;
    if (precision == Precision::FP32) {
        if (isa.avx512f)
            return FmaKernel {fmaAvx512Fp32, 16.0 * 2 * kAccumulators, "AVX-512 VFMADD"};
        if (isa.avx2 && isa.fma)
            return FmaKernel {fmaAvx2Fp32, 8.0 * 2 * kAccumulators, "AVX2 VFMADD"};
    }
    if (precision == Precision::FP64) {
        if (isa.avx512f)
            return FmaKernel {fmaAvx512Fp64, 8.0 * 2 * kAccumulators, "AVX-512 VFMADD"};
        if (isa.avx2 && isa.fma)
            return FmaKernel {fmaAvx2Fp64, 4.0 * 2 * kAccumulators, "AVX2 VFMADD"};
    }
#else
    (void)isa;
#endif
    if (precision == Precision::FP32)
        return FmaKernel {scalarMulAdd<float>, 2.0 * kAccumulators, "scalar multiply-add"};
    if (precision == Precision::FP64)
        return FmaKernel {scalarMulAdd<double>, 2.0 * kAccumulators, "scalar multiply-add"};
    return std::nullopt;
}

// Runs `work(thread)` on `threads` threads released together; returns the wall time from the release to the last
// thread's end.
template<typename Work>
double runTogether(int threads, Work work)
{
    std::atomic<int> ready {0};
    std::atomic<bool> go {false};
    std::vector<Clock::time_point> ends(threads);
    std::vector<std::thread> pool;
    pool.reserve(threads);
    for (int t = 0; t < threads; ++t) {
        pool.emplace_back([&, t] {
            ready.fetch_add(1);
            while (!go.load(std::memory_order_acquire)) { }
            work(t);
            ends[t] = Clock::now();
        });
    }
    while (ready.load() < threads) { }
    const auto start = Clock::now();
    go.store(true, std::memory_order_release);
    for (auto& th : pool)
        th.join();
    const auto end = *std::max_element(ends.begin(), ends.end());
    return std::chrono::duration<double>(end - start).count();
}

std::string shortNumber(double v)
{
    char buf[32];
    std::snprintf(buf, sizeof buf, "%.3g", v);
    return buf;
}

volatile double g_sink = 0; // keeps the kernels' checksums alive

// ---- memory passes --------------------------------------------------------------------------------------------
struct AlignedFree
{
    void operator()(float* p) const { std::free(p); }
};
using Buffer = std::unique_ptr<float[], AlignedFree>;

Buffer allocate(std::size_t floats)
{
    const std::size_t bytes = ((floats * sizeof(float) + 63) / 64) * 64;
    return Buffer(static_cast<float*>(std::aligned_alloc(64, bytes)));
}

typedef float v4sf __attribute__((vector_size(16)));

double readSlice(const float* a, std::size_t n)
{
    v4sf s0 = {0, 0, 0, 0}, s1 = s0, s2 = s0, s3 = s0;
    std::size_t i = 0;
    for (; i + 16 <= n; i += 16) {
        v4sf x0, x1, x2, x3;
        std::memcpy(&x0, a + i, 16);
        std::memcpy(&x1, a + i + 4, 16);
        std::memcpy(&x2, a + i + 8, 16);
        std::memcpy(&x3, a + i + 12, 16);
        s0 += x0;
        s1 += x1;
        s2 += x2;
        s3 += x3;
    }
    const v4sf s = s0 + s1 + s2 + s3;
    double total = s[0] + s[1] + s[2] + s[3];
    for (; i < n; ++i)
        total += a[i];
    return total;
}

void triadSlice(float* a, const float* b, const float* c, std::size_t n)
{
    const float scalar = 0.5f;
    for (std::size_t i = 0; i < n; ++i)
        a[i] = b[i] + scalar * c[i];
}

void streamSlice(float* a, std::size_t n)
{
#ifdef SOLAR_X86
    const __m128 v = _mm_set1_ps(1.0f);
    std::size_t i = 0;
    for (; i + 4 <= n; i += 4)
        _mm_stream_ps(a + i, v);
    for (; i < n; ++i)
        a[i] = 1.0f;
    _mm_sfence();
#else
    std::fill(a, a + n, 1.0f);
#endif
}

std::string utcNow()
{
    const std::time_t now = std::time(nullptr);
    std::tm tm {};
    gmtime_r(&now, &tm);
    char buf[32];
    std::strftime(buf, sizeof buf, "%Y-%m-%dT%H:%M:%SZ", &tm);
    return buf;
}

double memAvailableBytes()
{
    std::ifstream in("/proc/meminfo");
    std::string key;
    double kb = 0;
    while (in >> key >> kb) {
        if (key == "MemAvailable:")
            return kb * 1024;
        in.ignore(256, '\n');
    }
    return 0;
}

} // namespace

double loadAverage()
{
    std::ifstream in("/proc/loadavg");
    double load = -1;
    return in >> load ? load : -1;
}

double measureFmaFlops(const CpuIsa& isa, Precision precision, int threads, double seconds, int repeats, double* worst)
{
    const auto kernel = kernelFor(isa, precision);
    if (!kernel || threads < 1)
        return 0;
    // Size one run to about `seconds` on one thread, then time it on `threads` threads at once.
    std::int64_t n = 1 << 12;
    for (;;) {
        const auto t0 = Clock::now();
        g_sink = g_sink + kernel->run(n);
        const double dt = std::chrono::duration<double>(Clock::now() - t0).count();
        if (dt >= seconds / 8 || n > (std::int64_t(1) << 40)) {
            n = std::max<std::int64_t>(n, static_cast<std::int64_t>(n * seconds / std::max(dt, 1e-9)));
            break;
        }
        n *= 4;
    }
    double best = 0, slowest = 0;
    for (int r = 0; r < std::max(1, repeats); ++r) {
        std::vector<double> sums(threads);
        const double wall = runTogether(threads, [&](int t) { sums[t] = kernel->run(n); });
        for (double s : sums)
            g_sink = g_sink + s;
        const double rate = kernel->flopsPerIteration * static_cast<double>(n) * threads / wall;
        best = std::max(best, rate);
        slowest = r == 0 ? rate : std::min(slowest, rate);
    }
    if (worst)
        *worst = slowest;
    return best;
}

std::string_view memoryPatternName(MemoryPattern pattern)
{
    switch (pattern) {
    case MemoryPattern::Read: return "read";
    case MemoryPattern::Copy: return "copy";
    case MemoryPattern::Triad: return "triad";
    case MemoryPattern::NonTemporalStore: return "non-temporal store";
    }
    return "?";
}

double measureBandwidth(MemoryPattern pattern, int threads, double bytes, int repeats)
{
    const std::size_t n = static_cast<std::size_t>(bytes / sizeof(float)) / 64 * 64;
    if (n == 0 || threads < 1)
        return 0;
    const int arrays = pattern == MemoryPattern::Triad ? 3 : pattern == MemoryPattern::Copy ? 2 : 1;
    std::vector<Buffer> buffers;
    for (int k = 0; k < arrays; ++k) {
        buffers.push_back(allocate(n));
        if (!buffers.back())
            return 0;
    }
    const std::size_t slice = (n / threads) / 16 * 16;
    auto range = [&](int t) { return std::pair<std::size_t, std::size_t> {t * slice, t + 1 == threads ? n : (t + 1) * slice}; };
    // First touch by the thread that will stream the slice (its NUMA node), and no page faults in the timed passes.
    runTogether(threads, [&](int t) {
        const auto [lo, hi] = range(t);
        for (auto& b : buffers)
            std::fill(b.get() + lo, b.get() + hi, 1.0f);
    });
    const double moved = static_cast<double>(n) * sizeof(float)
        * (pattern == MemoryPattern::Read || pattern == MemoryPattern::NonTemporalStore ? 1 : arrays);
    double best = 0;
    for (int r = 0; r < std::max(1, repeats); ++r) {
        std::vector<double> sums(threads);
        const double wall = runTogether(threads, [&](int t) {
            const auto [lo, hi] = range(t);
            switch (pattern) {
            case MemoryPattern::Read: sums[t] = readSlice(buffers[0].get() + lo, hi - lo); break;
            case MemoryPattern::Copy: std::memcpy(buffers[1].get() + lo, buffers[0].get() + lo, (hi - lo) * sizeof(float)); break;
            case MemoryPattern::Triad: triadSlice(buffers[0].get() + lo, buffers[1].get() + lo, buffers[2].get() + lo, hi - lo); break;
            case MemoryPattern::NonTemporalStore: streamSlice(buffers[0].get() + lo, hi - lo); break;
            }
        });
        for (double s : sums)
            g_sink = g_sink + s;
        best = std::max(best, moved / wall);
    }
    return best;
}

Expected<HwProfile> calibrateHost(const CalibrationOptions& options, const HostInfo& host)
{
    auto say = [&](const std::string& line) {
        if (options.progress)
            options.progress(line);
    };
    auto cancelled = [&] { return options.cancel && options.cancel->load(); };
    auto fail = [](std::string message) {
        return Expected<HwProfile>::failure(Diagnostic {Severity::Error, "", {}, "calibrate", std::move(message)});
    };

    const int threads = options.threads > 0 ? options.threads : std::max(1, host.logicalCpus);
    const std::string when = utcNow();
    HwProfile p;
    p.id = options.id;
    p.name = "This machine: " + (host.modelName.empty() ? std::string("unknown CPU") : host.modelName) + ", " + std::to_string(threads)
        + (threads == 1 ? " thread" : " threads");
    p.vendor = host.modelName.find("AMD") != std::string::npos ? "AMD" : host.modelName.find("Intel") != std::string::npos ? "Intel" : "";
    p.deviceKind = "cpu";
    p.arch = "CPU, " + std::to_string(host.cores) + " cores, " + host.isa.describe();
    p.user = true;
    HostDetails details;
    details.cpu = host.modelName;
    details.cores = host.cores;
    details.threads = threads;
    details.isa = host.isa.describe();
    details.calibratedAt = when;

    p.sources.push_back({"FMA",
                         "measured by solar hw calibrate: register-blocked FMA micro-kernels (12 independent accumulators), "
                         "one run per thread released together, best of "
                             + std::to_string(options.repeats) + " repeats",
                         "", when});
    p.sources.push_back({"BW",
                         "measured by solar hw calibrate: read, copy, triad and non-temporal-store passes, every thread on its "
                         "own first-touched slice, useful bytes (copy 2x, triad 3x), best of patterns and repeats",
                         "", when});
    p.sources.push_back(
        {"SYS", "Linux sysfs (/sys/devices/system/cpu/*/cache, topology, cpufreq) and /proc/meminfo, /proc/cpuinfo", "", when});
    p.sources.push_back({"ISA", "cpuid leaves 1 and 7, checked against the OS-enabled state (XCR0)", "", when});

    // A busy machine measures low: said in the profile (a peak is a ceiling anyway, see below).
    const double loadBefore = loadAverage();
    std::string busy;
    if (loadBefore > 0.5 * std::max(1, host.logicalCpus))
        busy = "load average " + shortNumber(loadBefore) + " on " + std::to_string(host.logicalCpus) + " CPUs before calibrating";
    // The highest clock any source gives: the theoretical peaks use it.
    say("clock: cpufreq, cpuid, /proc/cpuinfo, the model name and a dependent-multiplication chain ...");
    std::vector<ClockReading> clocks = host.clocks;
    if (options.measureClock)
        if (const double hz = measuredClockHz(); hz > 0)
            clocks.push_back({hz, "measured: a chain of dependent multiplications on one thread (3 cycles each)"});
    std::sort(clocks.begin(), clocks.end(), [](const ClockReading& a, const ClockReading& b) { return a.hz > b.hz; });
    for (const auto& c : clocks)
        details.measurements.push_back({"clock: " + c.source, c.hz, "Hz", c.source.rfind("measured", 0) == 0 ? "measured" : "read"});
    const double clockHz = clocks.empty() ? 0 : clocks.front().hz;
    if (!clocks.empty())
        say("  highest " + formatSi(clockHz, "Hz") + " (" + clocks.front().source + ")");
    p.sources.push_back({"CLK",
                         "the highest of cpufreq's maximum, cpuid leaf 0x16, the model name's clock, /proc/cpuinfo's cpu MHz "
                         "(sampled) and a clock measured by a dependent-multiplication chain",
                         "", when});

    // Compute: fp32 (required), fp64, bf16.
    const struct
    {
        Precision precision;
        const char* label;
    } computeSteps[] = {{Precision::FP32, "fp32"}, {Precision::FP64, "fp64"}, {Precision::BF16, "bf16"}};
    for (const auto& step : computeSteps) {
        if (cancelled())
            return fail("calibration cancelled");
        const auto kernel = kernelFor(host.isa, step.precision);
        if (!kernel)
            continue;
        say(std::string("compute: ") + kernel->name + " on 1 thread and on " + std::to_string(threads) + " ...");
        double slowest = 0;
        const double one = measureFmaFlops(host.isa, step.precision, 1, options.kernelSeconds, options.repeats);
        const double all
            = threads == 1 ? one : measureFmaFlops(host.isa, step.precision, threads, options.kernelSeconds, options.repeats, &slowest);
        if (threads > 1 && slowest > 0 && all > 1.25 * slowest && busy.empty())
            busy = std::string(step.label) + " FMA runs spread " + shortNumber(all / slowest) + "x between repeats";
        details.measurements.push_back({std::string(step.label) + " " + kernel->name + ", 1 thread", one, "FLOP/s", "measured"});
        details.measurements.push_back(
            {std::string(step.label) + " " + kernel->name + ", " + std::to_string(threads) + " threads", all, "FLOP/s", "measured"});
        say("  1 thread " + formatSi(one, "FLOP/s") + ", " + std::to_string(threads) + " threads " + formatSi(all, "FLOP/s"));
        if (all <= 0)
            continue;
        Peak peak;
        peak.unit = Unit::Simt;
        peak.precision = step.precision;
        peak.flops = {all, "FMA",
                      std::string("measured: ") + step.label + " " + kernel->name + " on " + std::to_string(threads)
                          + " threads (1 thread: " + formatSi(one, "FLOP/s") + "); a measured peak is a floor of the true one"};
        // The theoretical peak at the highest clock: at most two FMA pipes per core at the vector width measured
        // (no x86 core issues more; a double-pumped AVX-512 core has half), on the cores the threads can use — so
        // it is above the real peak: sound, maybe loose. The measurement where it is higher (a clock source low).
        if (clockHz > 0) {
            const double lanesFlops = kernel->flopsPerIteration / kAccumulators; // FLOP per instruction
            const int cores = std::min(threads, host.cores);
            const double theory = clockHz * cores * 2.0 * lanesFlops;
            details.measurements.push_back({std::string(step.label) + " theoretical (highest clock x cores x 2 pipes x FLOP/instruction)",
                                            theory, "FLOP/s", "derived"});
            if (theory > all)
                peak.flops = {theory, "CLK",
                              "derived, a ceiling: " + formatSi(clockHz, "Hz") + " (" + clocks.front().source + ") x "
                                  + std::to_string(cores) + " cores x 2 FMA pipes x " + shortNumber(lanesFlops)
                                  + " FLOP/instruction; measured " + formatSi(all, "FLOP/s") + " (the higher is used)"};
        }
        p.peaks.push_back(peak);
    }
    if (p.peakFlops(Unit::Simt, Precision::FP32) <= 0)
        return fail("no fp32 throughput could be measured");

    // Capacities.
    const double l1 = host.cacheBytes(1), l2 = host.cacheBytes(2), l3 = host.cacheBytes(3);
    for (const auto& c : host.caches)
        details.measurements.push_back(
            {"L" + std::to_string(c.level) + " " + c.type + " cache, one of " + std::to_string(c.instances), c.bytes, "B", "sysfs"});
    // Registers: 32 x 64 B vector registers with AVX-512, 16 x 32 B with AVX2.
    const double registers = host.cores * (host.isa.avx512f ? 32.0 * 64 : 16.0 * 32);
    const double caches = std::max(l1 + l2 + l3, 1.0);

    // Memory bandwidth.
    double buffer = options.bufferBytes > 0 ? options.bufferBytes : std::max(4.0 * caches, 64.0 * 1024 * 1024);
    if (const double avail = memAvailableBytes(); avail > 0)
        buffer = std::min(buffer, avail / 8); // a triad holds three arrays
    double bestBw = 0;
    std::string bestPattern;
    for (MemoryPattern pattern : {MemoryPattern::Read, MemoryPattern::Copy, MemoryPattern::Triad, MemoryPattern::NonTemporalStore}) {
        if (cancelled())
            return fail("calibration cancelled");
        say("memory: " + std::string(memoryPatternName(pattern)) + " over " + formatSi(buffer, "B") + " per array ...");
        const double bw = measureBandwidth(pattern, threads, buffer, std::max(2, options.repeats / 2 + 1));
        details.measurements.push_back({std::string(memoryPatternName(pattern)) + " bandwidth, " + std::to_string(threads) + " threads", bw,
                                        "B/s", "measured over " + formatSi(buffer, "B") + " per array"});
        say("  " + formatSi(bw, "B/s"));
        if (bw > bestBw) {
            bestBw = bw;
            bestPattern = std::string(memoryPatternName(pattern));
        }
    }
    if (bestBw <= 0)
        return fail("no memory bandwidth could be measured (allocation failed?)");
    p.dramBandwidthBps = {bestBw, "BW",
                          "measured: best pattern " + bestPattern + " on " + std::to_string(threads) + " threads over "
                              + formatSi(buffer, "B") + " per array (" + shortNumber(buffer / caches) + " x the caches)"};
    const double memTotal = memTotalBytes();
    p.dramCapacityBytes = {memTotal > 0 ? memTotal : buffer, "SYS", "MemTotal in /proc/meminfo"};
    p.clockHz = clockHz > 0
        ? Number {clockHz, "CLK", "the highest reading: " + clocks.front().source}
        : Number {1e9, "SYS", "unknown (no clock source): a nominal 1 GHz so the clock slider scales the measured peaks"};
    if (const double loadAfter = loadAverage(); busy.empty() && loadAfter > 0.5 * std::max(1, host.logicalCpus) + threads)
        busy = "load average " + shortNumber(loadAfter) + " on " + std::to_string(host.logicalCpus) + " CPUs while calibrating";
    if (!busy.empty()) {
        details.busy = "the machine was busy (" + busy + "): measured figures may be low; the peaks are ceilings regardless";
        say("warning: " + details.busy);
    }
    // Warm caches credit what outlives one run: the L2s and the L3 (the persistent cache of the GPU model).
    p.l2Bytes = {std::max(l2, 1.0), "SYS", "all L2 caches (sysfs)"};
    if (l3 > 0)
        p.llcBytes = Number {l3, "SYS", "all L3 caches (sysfs)"};
    p.onchipBytes = {std::max(l1 + l2 + l3 + registers, p.l2Bytes.value + (l3 > 0 ? l3 : 0)), "SYS",
                     "L1d + L2 + L3 (sysfs) + vector registers (" + formatSi(registers, "B") + ")"};
    p.host = std::move(details);
    say("done: " + p.name);
    return p;
}

} // namespace solar::hw
