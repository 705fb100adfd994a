// SPDX-License-Identifier: MIT
// Hardware profiles: every shipped profile loads, is dense, cites a listed source for every number; malformed
// files are rejected naming the file and the field while the others still load; user profiles override shipped
// ones; profiles round-trip through profileToJson.
#include "engine/hw/calibrate.h"
#include "engine/hw/cpuclock.h"
#include "engine/hw/hostprobe.h"
#include "engine/hw/registry.h"

#include <QDir>
#include <QFile>
#include <QTemporaryDir>
#include <QTest>

#include <algorithm>
#include <filesystem>
#include <fstream>

using namespace solar;
using namespace solar::hw;

namespace {

const std::string kShipped = SOLAR_TEST_DATA "/../../hwprofiles";

void write(const QString& path, const std::string& text)
{
    std::ofstream(path.toStdString()) << text;
}

void put(const std::filesystem::path& path, const std::string& text)
{
    std::filesystem::create_directories(path.parent_path());
    std::ofstream(path) << text << "\n";
}

// A sysfs tree of a 4-thread, 2-core CPU (SMT pairs 0-1 and 2-3): private L1d (48K) and L2 (1 MiB) per core, one
// shared 16 MiB L3, an L1 instruction cache that must be skipped, a 3.5 GHz maximum clock in cpufreq, a 1 GHz base
// clock in the model name and 3,700.5 MHz in one "cpu MHz" line (the highest reading).
std::string fakeSysfs(const QString& root)
{
    namespace fs = std::filesystem;
    const fs::path r = root.toStdString();
    put(r / "online", "0-3");
    for (int cpu = 0; cpu < 4; ++cpu) {
        const fs::path d = r / ("cpu" + std::to_string(cpu));
        const std::string pair = cpu < 2 ? "0-1" : "2-3";
        put(d / "topology" / "physical_package_id", "0");
        put(d / "topology" / "core_id", std::to_string(cpu / 2));
        auto cache = [&](int index, int level, const char* type, const char* size, const std::string& shared) {
            const fs::path c = d / "cache" / ("index" + std::to_string(index));
            put(c / "level", std::to_string(level));
            put(c / "type", type);
            put(c / "size", size);
            put(c / "shared_cpu_list", shared);
        };
        cache(0, 1, "Data", "48K", pair);
        cache(1, 1, "Instruction", "32K", pair);
        cache(2, 2, "Unified", "1024K", pair);
        cache(3, 3, "Unified", "16384K", "0-3");
        put(d / "cpufreq" / "cpuinfo_max_freq", "3500000");
    }
    put(r / "cpuinfo",
        "processor\t: 0\nmodel name\t: Test CPU @ 1.00GHz\ncpu MHz\t\t: 2400.000\nflags\t\t: fpu\n\nprocessor\t: 1\nmodel name\t: "
        "Test CPU @ 1.00GHz\ncpu MHz\t\t: 3700.500\nflags\t\t: fpu");
    return (r / "cpuinfo").string();
}

std::string shipped(const char* id)
{
    std::ifstream in(kShipped + "/" + id + ".json");
    return std::string(std::istreambuf_iterator<char>(in), {});
}

} // namespace

class TestHwProfile : public QObject
{
    Q_OBJECT
private slots:
    void testShippedProfiles()
    {
        const HwRegistry reg = loadHwRegistry({kShipped});
        QVERIFY2(reg.problems.empty(), formatAll(reg.problems).c_str());
        QStringList ids;
        for (const auto& p : reg.profiles)
            ids << QString::fromStdString(p.id);
        QCOMPARE(
            ids,
            QStringList({QStringLiteral("a100-sxm"), QStringLiteral("b200"), QStringLiteral("gb200-nvl72"), QStringLiteral("h100-pcie"),
                         QStringLiteral("h100-sxm"), QStringLiteral("h200"), QStringLiteral("jetson-agx-orin"),
                         QStringLiteral("jetson-agx-thor"), QStringLiteral("l40s"), QStringLiteral("mi300x"), QStringLiteral("rtx-4090")}));
        for (const auto& p : reg.profiles) {
            QVERIFY(p.peakFlops(Unit::Simt, Precision::FP32) > 0);
            QVERIFY(p.dramBandwidthBps.value > 0);
            QVERIFY(p.onchipBytes.value >= p.l2Bytes.value);
            for (const auto& s : p.sources)
                QVERIFY2(!s.date.empty() && !s.citation.empty(), p.id.c_str());
            QVERIFY(p.source(p.clockHz.source));
            for (const auto& peak : p.peaks)
                QVERIFY(p.source(peak.flops.source));
        }
    }

    void testCheckedPeaks()
    {
        // Dense values from hardware-peaks.md, at the maximum SM clock where tensor peaks are rated lower.
        const HwRegistry reg = loadHwRegistry({kShipped});
        const HwProfile* pcie = reg.find("h100-pcie");
        QVERIFY(pcie);
        QCOMPARE(pcie->peakFlops(Unit::Simt, Precision::FP32), 51.2e12);
        // 756.5 dense BF16 at the 1620 MHz tensor clock, scaled to the 1755 MHz maximum: 819.5 TFLOP/s.
        QVERIFY(std::abs(pcie->peakFlops(Unit::Tensor, Precision::BF16) - 756.5e12 * 1755 / 1620) < 1e9);
        QVERIFY(std::abs(pcie->peakFlops(Unit::Tensor, Precision::TF32) - 378.2e12 * 1755 / 1620) < 1e9);
        QCOMPARE(pcie->dramBandwidthBps.value, 2.039e12);
        const HwProfile* mi = reg.find("AMD Instinct MI300X"); // by name, case-insensitively
        QVERIFY(mi);
        QCOMPARE(mi->peakFlops(Unit::Tensor, Precision::BF16), 1307.4e12);
        QVERIFY(mi->llcBytes);
        QCOMPARE(mi->persistentCacheBytes(), (32.0 + 256.0) * 1024 * 1024);
        QVERIFY(!reg.find("h100"));
        // The memory hierarchy's numbers: A100 L2 5,120 B/clk x 1410 MHz, 108 SMs of 192 KB L1/SMEM + 256 KB
        // registers, no clusters; Hopper has no documented L2 bandwidth (the term stays off) but clusters of 16.
        const HwProfile* a100 = reg.find("a100-sxm");
        QVERIFY(a100 && a100->l2BandwidthBps && a100->smBytes && a100->smCount);
        QCOMPARE(a100->l2BandwidthBps->value, 5120.0 * 1410e6);
        QCOMPARE(a100->smBytes->value, (192.0 + 256.0) * 1024);
        QCOMPARE(a100->peakFlops(Unit::Simt, Precision::FP16), 78e12);
        QCOMPARE(a100->peakFlops(Unit::Simt, Precision::BF16), 39e12);
        const HwProfile* h100 = reg.find("h100-sxm");
        QVERIFY(!h100->l2BandwidthBps);
        QCOMPARE(h100->clusterSms->value, 16.0);
        QCOMPARE(h100->peakFlops(Unit::Simt, Precision::BF16), 2 * 66.9e12);
        // Jetson Thor: dense, never the sparse 2070 / 1035 of the product page; RTX 4090 at its 3.0 GHz stock boost.
        const HwProfile* thor = reg.find("jetson-agx-thor");
        QCOMPARE(thor->peakFlops(Unit::Tensor, Precision::FP4), 1035.5e12);
        QCOMPARE(thor->peakFlops(Unit::Tensor, Precision::FP8), 517.8e12);
        const HwProfile* rtx = reg.find("rtx-4090");
        QCOMPARE(rtx->clockHz.value, 3.0e9);
        QVERIFY(std::abs(rtx->peakFlops(Unit::Simt, Precision::FP32) - 82.6e12 * 3.0 / 2.52) < 0.01e12);
    }

    void testMalformed_data()
    {
        QTest::addColumn<QString>("text");
        QTest::addColumn<QString>("expected");
        QTest::addColumn<int>("line");
        const std::string good = shipped("a100-sxm");
        auto replace = [&](const std::string& from, const std::string& to) {
            std::string s = good;
            const auto at = s.find(from);
            if (at == std::string::npos)
                qFatal("pattern not found: %s", from.c_str());
            return QString::fromStdString(s.replace(at, from.size(), to));
        };
        QTest::addRow("not json") << QStringLiteral("{\n  \"schema\": \n}") << QStringLiteral("invalid JSON: syntax error") << 3;
        QTest::addRow("wrong schema") << replace("solar.hwprofile/1", "solar.hwprofile/9")
                                      << QStringLiteral("schema: expected \"solar.hwprofile/1\"") << 0;
        QTest::addRow("negative peak") << replace("\"value\": 19500000000000.0", "\"value\": -1")
                                       << QStringLiteral("compute[1].peak_flops.value: expected a positive number") << 0;
        QTest::addRow("unknown unit") << replace("\"unit\": \"tensor\"", "\"unit\": \"npu\"")
                                      << QStringLiteral("compute[1].unit: unknown unit 'npu'") << 0;
        QTest::addRow("unknown source") << replace("\"source\": \"A2\"", "\"source\": \"Z9\"")
                                        << QStringLiteral("dram.bandwidth_Bps.source: 'Z9' is not listed under \"sources\"") << 0;
        QTest::addRow("sparse peak") << replace("\"unit\": \"tensor\",", "\"unit\": \"tensor\", \"sparse\": true,")
                                     << QStringLiteral("compute[1].sparse: peaks must be dense") << 0;
        QTest::addRow("missing dram") << replace("\"dram\"", "\"dram_\"") << QStringLiteral("dram: missing") << 0;
        QTest::addRow("string number") << replace("\"value\": 1410000000.0", "\"value\": \"fast\"")
                                       << QStringLiteral("clock_Hz.value: expected a number") << 0;
        QTest::addRow("L2 slower than DRAM") << replace("\"value\": 7219200000000.0", "\"value\": 1000000000.0")
                                             << QStringLiteral("onchip.l2_bandwidth_Bps: is below dram.bandwidth_Bps") << 0;
    }

    void testMalformed()
    {
        QFETCH(QString, text);
        QFETCH(QString, expected);
        QFETCH(int, line);
        QTemporaryDir dir;
        write(dir.filePath(QStringLiteral("bad.json")), text.toStdString());
        write(dir.filePath(QStringLiteral("good.json")), shipped("h100-sxm"));
        const HwRegistry reg = loadHwRegistry({dir.path().toStdString()});
        QCOMPARE(reg.profiles.size(), size_t(1)); // the good one still loads
        QCOMPARE(reg.problems.size(), size_t(1));
        const Diagnostic& d = reg.problems[0];
        QVERIFY2(QString::fromStdString(d.message).startsWith(expected), d.format().c_str());
        QVERIFY(QString::fromStdString(d.file).endsWith(QStringLiteral("bad.json")));
        QCOMPARE(d.loc.line, line);
        QVERIFY(QString::fromStdString(d.format()).contains(QStringLiteral("bad.json")));
    }

    void testUserOverride()
    {
        QTemporaryDir user;
        std::string custom = shipped("h100-sxm");
        custom.replace(custom.find("\"name\": \"NVIDIA H100 SXM5 80GB\""), 31, "\"name\": \"My H100\"");
        write(user.filePath(QStringLiteral("mine.json")), custom);
        const HwRegistry reg = loadHwRegistry({kShipped, user.path().toStdString()}, {false, true});
        QCOMPARE(reg.profiles.size(), size_t(11));
        const HwProfile* p = reg.find("h100-sxm");
        QCOMPARE(p->name, std::string("My H100"));
        QVERIFY(p->user);
        QVERIFY(!reg.find("a100-sxm")->user);
    }

    void testRoundTrip()
    {
        const auto a = parseHwProfile(shipped("mi300x"), "mi300x.json");
        QVERIFY(a.hasValue());
        const auto b = parseHwProfile(profileToJson(*a), "again.json");
        QVERIFY2(b.hasValue(), formatAll(b.diagnostics()).c_str());
        QCOMPARE(b->peaks.size(), a->peaks.size());
        QCOMPARE(b->onchipBytes.value, a->onchipBytes.value);
        QCOMPARE(b->llcBytes->value, a->llcBytes->value);
        QCOMPARE(b->source("M1")->citation, a->source("M1")->citation);
    }

    // probeHost against a sysfs tree whose answers are known (issue 18): cores by (package, core), cache instances
    // by distinct shared_cpu_list, instruction caches skipped, the clock from cpufreq in kHz.
    void testHostProbe()
    {
        QTemporaryDir dir;
        const std::string cpuinfo = fakeSysfs(dir.path());
        const HostInfo h = probeHost(dir.path().toStdString(), cpuinfo);
        QCOMPARE(h.modelName, std::string("Test CPU @ 1.00GHz"));
        QCOMPARE(h.logicalCpus, 4);
        QCOMPARE(h.cores, 2);
        QCOMPARE(h.caches.size(), size_t(3));
        QCOMPARE(h.caches[0].level, 1);
        QCOMPARE(h.caches[0].bytes, 48.0 * 1024);
        QCOMPARE(h.caches[0].instances, 2);
        QCOMPARE(h.cacheBytes(2), 2.0 * 1024 * 1024);
        QCOMPARE(h.cacheBytes(3), 16.0 * 1024 * 1024);
        QCOMPARE(h.maxClockHz, 3.5e9);
        // Every clock source that needs no measuring (cpuid's is the real machine's, so it is left out here).
        std::vector<ClockReading> clocks = h.clocks;
        std::erase_if(clocks, [](const ClockReading& c) { return c.source.rfind("cpuid", 0) == 0; });
        QCOMPARE(clocks.size(), size_t(3));
        QCOMPARE(clocks[0].hz, 3.7005e9);
        QVERIFY(clocks[0].source.find("cpu MHz") != std::string::npos);
        QCOMPARE(clocks[1].hz, 3.5e9);
        QCOMPARE(clocks[2].hz, 1e9);
        QCOMPARE(brandStringClockHz("Intel(R) Xeon(R) CPU @ 2.80GHz"), 2.8e9);
        QCOMPARE(brandStringClockHz("AMD EPYC 7B13"), 0.0);
        QCOMPARE(cpuinfoClockHz("cpu MHz\t: 2000.5\ncpu MHz\t: 1999\n"), 2.0005e9);
        QCOMPARE(cpuinfoClockHz("no clock here"), 0.0);
#if defined(__x86_64__)
        QVERIFY(measuredClockHz(0.002, 1) > 0); // a chain of multiplications ran and was timed
#endif
        QCOMPARE(parseCpuList("0-3,8,10-11"), (std::vector<int> {0, 1, 2, 3, 8, 10, 11}));
        QCOMPARE(parseCacheSize("260M"), 260.0 * 1024 * 1024);
        QCOMPARE(parseCacheSize("bogus"), 0.0);
    }

    // A short calibration with that host's caches and clocks: the theoretical fp32 peak is known by hand (the highest
    // clock, 3,700.5 MHz from "cpu MHz", x 2 cores x 2 FMA pipes x FLOP per instruction of the widest ISA) and is used
    // when above the measured one — a ceiling, never below a run; the
    // capacities are the tree's; every number cites a source the profile lists; the profile round-trips with its
    // host details and eager per-op floor.
    void testCalibrateProfile()
    {
        QTemporaryDir dir;
        HostInfo h = probeHost(dir.path().toStdString(), fakeSysfs(dir.path()));
        std::erase_if(h.clocks, [](const ClockReading& c) { return c.source.rfind("cpuid", 0) == 0; }); // the real CPU's
        CalibrationOptions o;
        o.measureClock = false; // the fake host's clocks only
        o.id = "test-host";
        o.threads = 2;
        o.kernelSeconds = 0.002;
        o.repeats = 1;
        o.bufferBytes = 4.0 * 1024 * 1024;
        auto p = calibrateHost(o, h);
        QVERIFY2(p.hasValue(), p ? "" : formatAll(p.diagnostics()).c_str());
        double measured = 0; // what the calibration measured on both threads, from its own record
        for (const auto& m : p->host->measurements)
            if (m.what.rfind("fp32 ", 0) == 0 && m.what.find(", 2 threads") != std::string::npos)
                measured = m.value;
        QVERIFY(measured > 0);
        const double flopsPerInstruction = h.isa.avx512f ? 32 : h.isa.fma ? 16 : 0;
        const double theory = 3.7005e9 * 2 * 2 * flopsPerInstruction;
        const double peak = p->peakFlops(Unit::Simt, Precision::FP32);
        QCOMPARE(peak, std::max(theory, measured)); // the higher figure: a higher peak can only lower a bound
        QCOMPARE(p->peakFlops(Unit::Tensor, Precision::FP32), 0.0); // a CPU has no tensor cores
        QCOMPARE(p->l2Bytes.value, 2.0 * 1024 * 1024);
        QCOMPARE(p->llcBytes->value, 16.0 * 1024 * 1024);
        QVERIFY(p->dramBandwidthBps.value > 0);
        QCOMPARE(p->host->threads, 2);
        QCOMPARE(p->host->cores, 2);
        QCOMPARE(p->clockHz.value, 3.7005e9);
        for (const Number* n : {&p->clockHz, &p->dramBandwidthBps, &p->dramCapacityBytes, &p->l2Bytes, &p->onchipBytes, &*p->llcBytes})
            QVERIFY2(p->source(n->source), n->source.c_str());
        for (const auto& peakEntry : p->peaks)
            QVERIFY(p->source(peakEntry.flops.source));
        for (const auto& m : p->host->measurements)
            QVERIFY2(!m.how.empty() && !m.unit.empty(), m.what.c_str());

        p.value().opFloorSeconds = Number {2e-6, "SYS", "a test floor"};
        const auto back = parseHwProfile(profileToJson(*p), "back.json");
        QVERIFY2(back.hasValue(), back ? "" : formatAll(back.diagnostics()).c_str());
        QCOMPARE(back->opFloorSeconds->value, 2e-6);
        QCOMPARE(back->host->measurements.size(), p->host->measurements.size());
        QCOMPARE(back->host->calibratedAt, p->host->calibratedAt);
        QCOMPARE(back->peakFlops(Unit::Simt, Precision::FP32), peak);
    }
};

QTEST_GUILESS_MAIN(TestHwProfile)
#include "tst_hwprofile.moc"
