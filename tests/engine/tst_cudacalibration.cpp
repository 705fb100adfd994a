// SPDX-License-Identifier: MIT
// `solar hw calibrate --device cuda` on a fake device layer (issue 32, item 3): the worker's measurements run against
// a device whose timings a spec gives (SOLAR_FAKE_CUDA), so every figure of the profile is known by hand; the
// profile keeps the datasheet's bound and records the measured ceilings beside it.
#include "engine/analysis/roofline.h"
#include "engine/hw/registry.h"
#include "engine/measure/cudacalibration.h"
#include "engine/worker/pythonlocator.h"
#include "testutil.h"

#include <QTemporaryDir>
#include <QTest>

#include <cmath>
#include <fstream>
#include <map>

using namespace solar;

namespace {

bool near(double a, double b, double rel = 1e-9)
{
    return std::fabs(a - b) <= rel * std::max(std::fabs(a), std::fabs(b));
}

// The fake H200: 4.2 TB/s copies and 11 TB/s while the buffers fit in L2, bf16 GEMMs at 790 TFLOP/s, fp32 at 51,
// each call 5 us more; kernels 4 us apart eagerly, 1.5 us in a graph; 6 us of host time per eager op.
const char* kSpec = R"({"name": "NVIDIA H200", "l2_bytes": 62914560, "sm_count": 132, "capability": "9.0",
  "copy_Bps": 4.2e12, "l2_Bps": 1.1e13, "call_seconds": 5e-6,
  "gemm_flops": {"fp32": 5.1e13, "bf16": 7.9e14},
  "launch_seconds": 4e-6, "graph_launch_seconds": 1.5e-6, "dispatch_seconds": 6e-6})";

const hw::HwRegistry& registry()
{
    static const hw::HwRegistry r = hw::loadDefaultHwRegistry();
    return r;
}

} // namespace

class TestCudaCalibration : public QObject
{
    Q_OBJECT
private slots:
    // The profile from a reply written by hand: datasheet peaks kept as the bound, the measurements as achievable
    // ceilings, the floors from the launches, and a measurement above the datasheet raising the bound.
    void profileFromAReply()
    {
        const hw::HwProfile& h200 = *registry().find("h200");
        const nlohmann::json reply = {{"device", {{"name", "NVIDIA H200"}, {"torch", "2.11"}, {"cuda", "13.0"}, {"capability", "9.0"}}},
                                      {"copy_Bps", 4.23e12},
                                      {"copy_bytes", 1 << 30},
                                      {"l2_copy_Bps", 1.0e13},
                                      {"gemm_flops", {{"bf16", 7.9e14}, {"tf32", 4.17e14}, {"fp32", 5.1e13}}},
                                      {"gemm_n", 8192},
                                      {"launch_seconds", 4e-6},
                                      {"graph_launch_seconds", 1.5e-6},
                                      {"dispatch_seconds", 6e-6},
                                      {"launches", 1000},
                                      {"repeats", 10}};
        const auto p = measure::cudaProfileFromReply(reply, h200, "my-h200", "2026-12-06T00:00:00Z");
        QVERIFY2(p, p ? "" : formatAll(p.diagnostics()).c_str());
        QCOMPARE(p->id, std::string("my-h200"));
        QVERIFY(p->user);
        QCOMPARE(p->deviceKind, std::string("gpu"));
        // The bound stays the datasheet's.
        QCOMPARE(p->peakFlops(hw::Unit::Tensor, hw::Precision::BF16), h200.peakFlops(hw::Unit::Tensor, hw::Precision::BF16));
        QCOMPARE(p->dramBandwidthBps.value, h200.dramBandwidthBps.value);
        QVERIFY(p->achievable);
        QCOMPARE(p->achievable->dramBandwidthBps->value, 4.23e12);
        QCOMPARE(p->achievable->l2BandwidthBps->value, 1.0e13);
        QCOMPARE(p->achievable->peaks.size(), size_t(3));
        for (const auto& peak : p->achievable->peaks) {
            QCOMPARE(peak.unit, peak.precision == hw::Precision::FP32 ? hw::Unit::Simt : hw::Unit::Tensor);
            QVERIFY(p->source(peak.flops.source));
        }
        // 4.23 TB/s of the datasheet's 4.8: 88.1 %.
        QVERIFY2(p->achievable->dramBandwidthBps->note.find("88.1 %") != std::string::npos, p->achievable->dramBandwidthBps->note.c_str());
        QCOMPARE(p->launchFloorSeconds->value, 1.5e-6);
        QCOMPARE(p->opFloorSeconds->value, 3e-6); // half the host's 6 us per eager op
        // It round-trips, achievable ceilings included.
        const auto back = hw::parseHwProfile(hw::profileToJson(*p), "back.json");
        QVERIFY2(back, back ? "" : formatAll(back.diagnostics()).c_str());
        QCOMPARE(back->achievable->peaks.size(), size_t(3));
        QCOMPARE(back->achievable->dramBandwidthBps->value, 4.23e12);
        QCOMPARE(back->launchFloorSeconds->value, 1.5e-6);

        // The roofline draws the measured ceilings beside the bound: an fp32 product on SIMT, DRAM.
        const auto analysed = analyzeProgram(testutil::parseOk(testutil::readData("alir/matmul.alir")), *p);
        QVERIFY(analysed);
        const RooflinePlot plot = rooflinePlot(*analysed, {}, bounds::Level::Fused);
        std::map<std::string, double> achievable, bound;
        for (const auto& roof : plot.roofs) {
            (roof.achievable ? achievable : bound)[roof.label] = roof.value;
        }
        QCOMPARE(achievable["DRAM"], 4.23e12);
        QCOMPARE(achievable["simt fp32"], 5.1e13);
        QCOMPARE(bound["DRAM"], h200.dramBandwidthBps.value);
        QCOMPARE(bound["simt fp32"], h200.peakFlops(hw::Unit::Simt, hw::Precision::FP32));

        // A copy faster than the datasheet's bandwidth: the datasheet is too low for a bound, and the bound takes it.
        nlohmann::json fast = reply;
        fast["copy_Bps"] = 5.0e12;
        const auto raised = measure::cudaProfileFromReply(fast, h200, "", "2026-12-06T00:00:00Z");
        QVERIFY(raised);
        QCOMPARE(raised->id, std::string("h200-calibrated"));
        QCOMPARE(raised->dramBandwidthBps.value, 5.0e12);
        QVERIFY(raised->dramBandwidthBps.note.find("too low for a bound") != std::string::npos);

        // Measured elsewhere (scripts/gpu-check's cuda_calibrate.json), built here: the same profile.
        QTemporaryDir dir;
        const std::string file = dir.filePath(QStringLiteral("cuda_calibrate.json")).toStdString();
        std::ofstream(file) << reply.dump();
        measure::CudaCalibrationOptions o;
        o.id = "my-h200";
        const auto fromFile = measure::cudaProfileFromFile(file, registry(), o);
        QVERIFY2(fromFile, fromFile ? "" : formatAll(fromFile.diagnostics()).c_str());
        QCOMPARE(fromFile->achievable->dramBandwidthBps->value, 4.23e12);
        QCOMPARE(fromFile->launchFloorSeconds->value, 1.5e-6);
        std::ofstream(file) << "{ not json";
        const auto broken = measure::cudaProfileFromFile(file, registry(), o);
        QVERIFY(!broken);
        QCOMPARE(broken.diagnostics().front().file, file);
        QVERIFY(!measure::cudaProfileFromFile(file + ".absent", registry(), o));

        QVERIFY(!measure::cudaProfileFromReply(nlohmann::json::object(), h200, "x", "t"));
        QVERIFY(!measure::cudaProfileFromReply({{"device", {{"name", "NVIDIA H200"}}}}, h200, "x", "t")); // nothing measured
    }

    // The datasheet profile: the one the device's name matches, or --base, refused where the name contradicts it.
    void baseProfiles()
    {
        const auto h200 = measure::cudaBaseProfile(registry(), "NVIDIA H200", "");
        QVERIFY2(h200, h200 ? "" : formatAll(h200.diagnostics()).c_str());
        QCOMPARE(h200->id, std::string("h200"));
        const auto wrong = measure::cudaBaseProfile(registry(), "NVIDIA H200", "a100-sxm");
        QVERIFY(!wrong);
        QVERIFY2(wrong.diagnostics().front().message.find("not NVIDIA A100") != std::string::npos,
                 wrong.diagnostics().front().message.c_str());
        const auto unknown = measure::cudaBaseProfile(registry(), "Some Accelerator", "");
        QVERIFY(!unknown);
        QVERIFY(unknown.diagnostics().front().message.find("--base") != std::string::npos);
        QVERIFY(!measure::cudaBaseProfile(registry(), "NVIDIA H200", "no-such-profile"));
    }

    // Through the worker on the fake device: the measured figures are the spec's with each call's 5 us, by hand.
    // A 1 GiB copy: 2^31 B / (5 us + 2^31 / 4.2e12 s) = 4.1593e12 B/s. An 8192^3 bf16 GEMM: 2 * 8192^3 FLOP /
    // (5 us + 2 * 8192^3 / 7.9e14 s) = 7.8717e14 FLOP/s. The L2 copy: both 7.5 MiB buffers fit, at 1.1e13 with 5 us.
    void throughTheWorkerOnAFakeDevice()
    {
        const auto python = worker::locatePython();
        if (!python)
            QSKIP("no Python interpreter with torch on this machine");
        QTemporaryDir dir;
        const QString spec = dir.filePath(QStringLiteral("h200.json"));
        std::ofstream(spec.toStdString()) << kSpec;
        qputenv("SOLAR_FAKE_CUDA", spec.toUtf8());
        worker::TraceWorker worker(*python);
        measure::CudaCalibrationOptions o;
        o.id = "fake-h200";
        const auto p = measure::calibrateCuda(worker, registry(), o);
        qunsetenv("SOLAR_FAKE_CUDA");
        QVERIFY2(p, p ? "" : formatAll(p.diagnostics()).c_str());
        QCOMPARE(p->id, std::string("fake-h200"));
        const double gib2 = 2.0 * (1 << 30);
        QVERIFY(near(p->achievable->dramBandwidthBps->value, gib2 / (5e-6 + gib2 / 4.2e12)));
        const double small = 62914560.0 / 8 * 2;
        QVERIFY(near(p->achievable->l2BandwidthBps->value, small / (5e-6 + small / 1.1e13)));
        const double gemm = 2.0 * 8192.0 * 8192.0 * 8192.0;
        double bf16 = 0, fp32 = 0;
        for (const auto& peak : p->achievable->peaks) {
            if (peak.precision == hw::Precision::BF16)
                bf16 = peak.flops.value;
            if (peak.precision == hw::Precision::FP32)
                fp32 = peak.flops.value;
        }
        QVERIFY(near(bf16, gemm / (5e-6 + gemm / 7.9e14)));
        QVERIFY(near(fp32, gemm / (5e-6 + gemm / 5.1e13)));
        QCOMPARE(p->achievable->peaks.size(), size_t(2)); // tf32, fp16, fp8: the fake runs none
        QVERIFY(near(p->launchFloorSeconds->value, 1.5e-6));
        QVERIFY(near(p->opFloorSeconds->value, 3e-6));
        QCOMPARE(p->host->cpu, std::string("NVIDIA H200"));
    }
};

QTEST_GUILESS_MAIN(TestCudaCalibration)
#include "tst_cudacalibration.moc"
