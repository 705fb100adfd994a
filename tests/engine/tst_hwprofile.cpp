// SPDX-License-Identifier: MIT
// Hardware profiles: every shipped profile loads, is dense, cites a listed source for every number; malformed
// files are rejected naming the file and the field while the others still load; user profiles override shipped
// ones; profiles round-trip through profileToJson.
#include "engine/hw/registry.h"

#include <QDir>
#include <QFile>
#include <QTemporaryDir>
#include <QTest>

#include <fstream>

using namespace solar;
using namespace solar::hw;

namespace {

const std::string kShipped = SOLAR_TEST_DATA "/../../hwprofiles";

void write(const QString& path, const std::string& text)
{
    std::ofstream(path.toStdString()) << text;
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
        QCOMPARE(ids,
                 QStringList({QStringLiteral("a100-sxm"), QStringLiteral("b200"), QStringLiteral("h100-pcie"), QStringLiteral("h100-sxm"),
                              QStringLiteral("h200"), QStringLiteral("jetson-agx-orin"), QStringLiteral("jetson-agx-thor"),
                              QStringLiteral("l40s"), QStringLiteral("mi300x"), QStringLiteral("rtx-4090")}));
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
        QCOMPARE(reg.profiles.size(), size_t(10));
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
};

QTEST_GUILESS_MAIN(TestHwProfile)
#include "tst_hwprofile.moc"
