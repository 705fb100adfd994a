// SPDX-License-Identifier: MIT
// The export contracts, field by field: the analysis JSON (solar.analysis/1), the operator CSV, the SOLAR YAML of
// the einsum graph, the comparison JSON (solar.compare/1) and the bench JSON (solar.bench/1). Scripts and other
// tools read these: a renamed or dropped field is a break, so the key lists are pinned here, and the numbers of a
// 4x8x2 matmul are checked against hand computation (64 MACs; (4*8 + 8*2) * 4 bytes read, 4*2*4 written).
// Also the shared number formatting, the roofline geometry, what-if profiles and timing-key matching.
#include "engine/analysis/analysis.h"
#include "engine/analysis/roofline.h"
#include "engine/batch/sweep.h"
#include "engine/bounds/machinechanges.h"
#include "engine/core/format.h"
#include "engine/graph/export.h"
#include "engine/hw/registry.h"
#include "engine/hw/whatif.h"
#include "engine/report/analysisreport.h"
#include "engine/report/benchreport.h"
#include "engine/report/comparereport.h"
#include "engine/report/hardwarereport.h"
#include "engine/report/insightsreport.h"
#include "engine/report/inversereport.h"
#include "testutil.h"

#include <nlohmann/json.hpp>

#include <QTemporaryDir>
#include <QTest>

#include <cmath>

using namespace solar;
using json = nlohmann::ordered_json;

namespace {

const std::string kShipped = SOLAR_TEST_DATA "/../../hwprofiles";

std::vector<std::string> keysOf(const json& j)
{
    std::vector<std::string> keys;
    for (auto it = j.begin(); it != j.end(); ++it)
        keys.push_back(it.key());
    return keys;
}

AnalysisResult matmul4x8x2(const hw::HwProfile& hardware)
{
    const ir::Program p = testutil::parseOk(testutil::readData("alir/matmul.alir"));
    AnalysisOptions o;
    o.sizes = {{"M", 4}, {"K", 8}, {"N", 2}};
    return analyzeProgram(p, hardware, o).value();
}

// A primary roof of this name and value is drawn.
bool drawnRoof(const RooflinePlot& plot, const std::string& label, double value)
{
    return std::any_of(plot.roofs.begin(), plot.roofs.end(), [&](const RooflineRoof& r) {
        return r.primary && !r.dram && r.label == label && std::abs(r.value - value) <= 1e-9 * value;
    });
}

} // namespace

class TestReport : public QObject
{
    Q_OBJECT

    hw::HwRegistry m_registry;
    const hw::HwProfile* m_h100 = nullptr;

private slots:
    void initTestCase()
    {
        m_registry = hw::loadHwRegistry({kShipped});
        m_h100 = m_registry.find("h100-sxm");
        QVERIFY(m_h100);
    }

    void analysisJsonContract()
    {
        const AnalysisResult r = matmul4x8x2(*m_h100);
        const json j = json::parse(report::analysisJson(r));
        QCOMPARE(j["schema"].get<std::string>(), std::string("solar.analysis/1"));
        QCOMPARE(keysOf(j),
                 (std::vector<std::string> {"schema", "tool", "program", "hardware", "policy", "cache", "mode", "totals", "bounds",
                                            "least_order", "ops", "coverage", "insights", "validation", "notes", "assumptions_not_covered",
                                            "diagnostics"}));
        // What no bound covers is stated in every report: Winograd/FFT, emulation, sparsity.
        const std::string assumptions = j["assumptions_not_covered"].dump();
        for (const char* what : {"Winograd", "FFT", "bf16 x 9", "3 x TF32", "sparsity", "association"})
            QVERIFY2(assumptions.find(what) != std::string::npos, what);
        QVERIFY(report::analysisTable(r).find("assumes direct algorithms: Winograd") != std::string::npos);
        QCOMPARE(keysOf(j["program"]), (std::vector<std::string> {"name", "file", "sizes", "note"}));
        QCOMPARE(keysOf(j["hardware"]),
                 (std::vector<std::string> {"id", "name", "file", "clock_Hz", "dram_bandwidth_Bps", "onchip_bytes",
                                            "persistent_cache_bytes", "peak_flops"}));
        QCOMPARE(keysOf(j["totals"]), (std::vector<std::string> {"macs", "flops", "other_ops", "bytes"}));
        const std::vector<std::string> levels {"unfused_per_kernel", "unfused_overlapped", "fused_per_op", "fused", "cache_aware"};
        QCOMPARE(keysOf(j["totals"]["bytes"]), levels);
        QCOMPARE(keysOf(j["bounds"]), levels);
        for (const auto& level : levels)
            QCOMPARE(keysOf(j["bounds"][level]),
                     (std::vector<std::string> {"label", "seconds", "bottleneck", "compute_seconds", "compute_seconds_per_unit",
                                                "memory_seconds", "op_floor_seconds", "dispatch_seconds", "dispatch_bound", "bytes",
                                                "flops", "intensity_flops_per_byte"}));
        QCOMPARE(j["ops"].size(), size_t(1));
        QCOMPARE(keysOf(j["ops"][0]),
                 (std::vector<std::string> {"id",          "name",       "kind",          "equation",       "combiner",
                                            "shape",       "points",     "macs",          "flops",          "other_ops",
                                            "bytes",       "bytes_read", "bytes_written", "external_bytes", "intensity_flops_per_byte",
                                            "seconds",     "share",      "bottleneck",    "line",           "source_op",
                                            "source_line", "module",     "approx"}));
        QCOMPARE(keysOf(j["coverage"]), (std::vector<std::string> {"complete", "status", "items"}));
        QCOMPARE(keysOf(j["validation"]), (std::vector<std::string> {"status", "details"}));
        QCOMPARE(j["validation"]["status"].get<std::string>(), std::string("unvalidated"));

        // Hand computation: 4*2 outputs of 8 MACs; A and B read once, C written once, 4 bytes an element.
        QCOMPARE(j["totals"]["macs"].get<double>(), 64.0);
        QCOMPARE(j["totals"]["flops"].get<double>(), 128.0);
        QCOMPARE(j["ops"][0]["bytes_read"].get<double>(), (4.0 * 8 + 8 * 2) * 4);
        QCOMPARE(j["ops"][0]["bytes_written"].get<double>(), 4.0 * 2 * 4);
        QCOMPARE(j["totals"]["bytes"]["fused"].get<double>(), 224.0);
        // 224 bytes at the profile's 3.35 TB/s bound the kernel (128 FLOP are nothing on any unit).
        QCOMPARE(j["bounds"]["fused"]["memory_seconds"].get<double>(), 224.0 / 3.35e12);
        QCOMPARE(j["bounds"]["fused"]["bottleneck"].get<std::string>(), std::string("memory"));
        QCOMPARE(j["hardware"]["dram_bandwidth_Bps"].get<double>(), 3.35e12);
    }

    void operatorCsvContract()
    {
        const std::string csv = report::analysisCsv(matmul4x8x2(*m_h100));
        const std::string header = csv.substr(0, csv.find('\n'));
        QCOMPARE(header,
                 std::string("id,name,kind,equation,shape,line,points,macs,flops,other_ops,bytes_read,bytes_written,external_bytes,"
                             "intensity_flops_per_byte,unfused_per_kernel_seconds,unfused_overlapped_seconds,fused_per_op_seconds,"
                             "fused_seconds,cache_aware_seconds,fused_share,source_op,source_line,module"));
        const std::string row = csv.substr(header.size() + 1);
        QVERIFY2(row.rfind("0,C@7,contraction,\"MK,KN->MN\",4x2,7,64,64,128,0,192,32,224,", 0) == 0, row.c_str());
        // Locale-independent numbers: 128 FLOP / 224 B with a dot, never a comma.
        QVERIFY2(row.find("0.5714285714285714") != std::string::npos, row.c_str());
    }

    void solarYamlContract()
    {
        const AnalysisResult r = matmul4x8x2(*m_h100);
        QCOMPARE(graph::graphToSolarYaml(r.graph),
                 std::string("model_name: 'matmul'\n"
                             "layers:\n"
                             "  'C@7':\n"
                             "    type: contraction\n"
                             "    einsum_equation: 'MK,KN->MN'\n"
                             "    elementwise_op: mul\n"
                             "    reduction_op: add\n"
                             "    is_real_einsum: true\n"
                             "    is_einsum_supportable: true\n"
                             "    tensor_names: {inputs: ['A', 'B'], outputs: ['C']}\n"
                             "    tensor_types: {inputs: [input, input], outputs: [output]}\n"
                             "    tensor_shapes: {inputs: [[4,8], [8,2]], outputs: [[4,2]]}\n"
                             "    tensor_dtypes: {inputs: [f32, f32], outputs: [f32]}\n"
                             "    connections: {inputs: [], outputs: []}\n"
                             "    taco_expression: 'C[m, n] += A[m, k] * B[k, n]'\n"));
    }

    void comparisonJsonContract()
    {
        const AnalysisResult r = matmul4x8x2(*m_h100);
        const hw::HwProfile* a100 = m_registry.find("a100-sxm");
        QVERIFY(a100);
        const json j = json::parse(report::comparisonJson(compareHardware(r, {m_h100, a100})));
        QCOMPARE(j["schema"].get<std::string>(), std::string("solar.compare/1"));
        QCOMPARE(keysOf(j), (std::vector<std::string> {"schema", "program", "baseline", "profiles", "bottleneck_moves"}));
        QCOMPARE(j["profiles"].size(), size_t(2));
        QCOMPARE(keysOf(j["profiles"][0]), (std::vector<std::string> {"id", "name", "levels"}));
        QCOMPARE(keysOf(j["profiles"][0]["levels"]["fused"]),
                 (std::vector<std::string> {"seconds", "bottleneck", "speedup_vs_baseline", "dram_bytes", "flops"}));
        // Memory-bound on both: the A100's fused bound is the same bytes over its own bandwidth.
        const double a100Bps = a100->dramBandwidthBps.value;
        const double speedup = j["profiles"][1]["levels"]["fused"]["speedup_vs_baseline"].get<double>();
        QVERIFY2(std::fabs(speedup - a100Bps / 3.35e12) < 1e-9, std::to_string(speedup).c_str());
    }

    void benchJsonContract()
    {
        batch::SweepResult s;
        s.hardware = "h100-sxm";
        s.policy = "pytorch-default";
        s.cache = "warm";
        batch::ProblemResult p;
        p.file = "level1/1_x.py";
        p.level = "level1";
        p.status = batch::ProblemStatus::Ok;
        p.boundsSeconds.fill(1e-3);
        p.measuredSeconds = 2e-3;
        p.validation = ValidationStatus::Validated;
        s.problems.push_back(p);
        const json j = json::parse(report::sweepJson(s));
        QCOMPARE(j["schema"].get<std::string>(), std::string("solar.bench/1"));
        QCOMPARE(j["problems"][0]["status"].get<std::string>(), std::string("ok"));
        QCOMPARE(j["problems"][0]["validation"].get<std::string>(), std::string("validated"));
        for (const char* key : {"file", "level", "status", "error", "flops", "bytes", "bounds_seconds", "measured_seconds", "excluded",
                                "not_counted", "validation", "validation_details"})
            QVERIFY2(j["problems"][0].contains(key), key);
        QVERIFY(j.contains("summary"));
        // The JSON reads back into the same problem.
        QTemporaryDir dir;
        const std::string path = dir.filePath(QStringLiteral("bench.json")).toStdString();
        std::ofstream(path) << report::sweepJson(s);
        const auto back = batch::readSweepJson(path);
        QVERIFY(back);
        QCOMPARE(back->problems.size(), size_t(1));
        QVERIFY(back->problems[0].status == batch::ProblemStatus::Ok);
        QVERIFY(back->problems[0].validation == ValidationStatus::Validated);
    }

    // --measure (issue 18): a problem measured at reduced sizes is judged against the bounds at those sizes, not the
    // file's. Here the file's fused bound (1 ms) is below the measured 2 ms, the reduced-size one (3 ms) above it:
    // a violation, headroom 2/3. The compiled 0.5 ms is below every bound of the reduced sizes.
    void benchJsonMeasuredHere()
    {
        batch::SweepResult s;
        s.hardware = "host";
        s.policy = "pytorch-default";
        s.cache = "warm";
        batch::ProblemResult p;
        p.file = "level2/5_y.py";
        p.level = "level2";
        p.status = batch::ProblemStatus::Ok;
        p.boundsSeconds.fill(1e-3);
        p.measuredSeconds = 2e-3;
        std::array<double, bounds::kLevelCount> reduced {};
        reduced.fill(3e-3);
        reduced[static_cast<int>(bounds::Level::UnfusedPerKernel)] = 1.5e-3;
        p.measuredBoundsSeconds = reduced;
        p.measuredSizes = {{"batch_size", 16}};
        p.measuredWith = "torch 2.13.0 eager, cpu, 2 threads, min of 5 runs";
        p.compiledSeconds = 0.5e-3;
        s.problems.push_back(p);
        const json j = json::parse(report::sweepJson(s));
        const json& q = j["problems"][0];
        QCOMPARE(q["measured_sizes"]["batch_size"].get<int>(), 16);
        QCOMPARE(q["measured_with"].get<std::string>(), p.measuredWith);
        QVERIFY(q["violation"]["fused"].get<bool>());
        QVERIFY(!q["violation"]["unfused_per_kernel"].get<bool>());
        QCOMPARE(q["headroom"]["fused"].get<double>(), 2e-3 / 3e-3);
        QCOMPARE(q["headroom"]["unfused_per_kernel"].get<double>(), 2e-3 / 1.5e-3);
        QVERIFY(q["compiled_violation"]["unfused_per_kernel"].get<bool>());
        QCOMPARE(j["summary"]["violations"]["fused"].get<int>(), 1);
        QCOMPARE(j["summary"]["compiled_violations"]["cache_aware"].get<int>(), 1);
        QCOMPARE(j["summary"]["measured_here"].get<int>(), 1);
        QCOMPARE(j["summary"]["median_headroom_by_level"]["level2"]["fused"].get<double>(), 2e-3 / 3e-3);
        QTemporaryDir dir;
        const std::string path = dir.filePath(QStringLiteral("bench.json")).toStdString();
        std::ofstream(path) << report::sweepJson(s);
        const auto back = batch::readSweepJson(path);
        QVERIFY(back);
        QVERIFY(back->problems[0].measuredBoundsSeconds.has_value());
        QCOMPARE((*back->problems[0].measuredBoundsSeconds)[static_cast<int>(bounds::Level::Fused)], 3e-3);
        QCOMPARE(back->problems[0].measuredSizes.at("batch_size"), std::int64_t(16));
        QCOMPARE(*back->problems[0].compiledSeconds, 0.5e-3);
        QCOMPARE(report::sweepJson(*back), report::sweepJson(s)); // --merge keeps every measured field
        // The CSV quotes the description, which has commas.
        QVERIFY(report::sweepCsv(s).find("\"torch 2.13.0 eager, cpu, 2 threads, min of 5 runs\"") != std::string::npos);
    }

    void formatting()
    {
        QCOMPARE(formatSeconds(81.4e-6), std::string("81.4 µs"));
        QCOMPARE(formatSeconds(0.00456), std::string("4.56 ms"));
        QCOMPARE(formatSeconds(1.5e-9), std::string("1.5 ns"));
        QCOMPARE(formatSeconds(8.47e-12), std::string("8.47 ps")); // never "0.00847 ns"
        QCOMPARE(formatSeconds(4321), std::string("4321 s")); // never "4.32e+03 s"
        QCOMPARE(formatSeconds(0), std::string("0 s"));
        QCOMPARE(formatSi(3.35e12, "B/s"), std::string("3.35 TB/s"));
        QCOMPARE(formatSi(989.4e12, "FLOP/s"), std::string("989 TFLOP/s"));
        QCOMPARE(formatBytes(512), std::string("512 B"));
        QCOMPARE(formatBytes(1500), std::string("1.5 KB"));
        QCOMPARE(formatShape({4, 256, 512}), std::string("[4, 256, 512]"));
        QCOMPARE(formatShape({4, 256}, true), std::string("[4,256]"));
    }

    // The roofline geometry by hand: the 4x8x2 fp32 matmul (128 FLOP; 192 B read + 32 B written) on a machine with
    // a 1 TB/s DRAM roof, a 100 TFLOP/s SIMT fp32 peak and a 1 PFLOP/s tensor bf16 peak its work cannot use.
    void rooflineGeometry()
    {
        AnalysisResult r = matmul4x8x2(*m_h100);
        bounds::MachineModel m;
        m.dramBps = 1e12;
        m.peak(hw::Unit::Tensor, hw::Precision::BF16) = 1e15;
        m.peak(hw::Unit::Simt, hw::Precision::FP32) = 1e14;
        r = reSolve(r, m);
        const RooflinePlot plot = rooflinePlot(r, {}, bounds::Level::Fused);
        QCOMPARE(plot.skipped, 0);
        QCOMPARE(plot.points.size(), size_t(1));
        const RooflinePoint& p = plot.points[0];
        QCOMPARE(p.flops, 128.0);
        QCOMPARE(p.bytes, 224.0);
        QCOMPARE(p.x, 128.0 / 224);
        // Standing alone: max(128 / 1e14, 224 / 1e12) = 224 ps, memory-bound, on the DRAM roof.
        QCOMPARE(p.standaloneSeconds, 224e-12);
        QCOMPARE(p.y, 1e12 * 128 / 224);
        QCOMPARE(p.bound, std::string("DRAM"));
        QCOMPARE(p.roof, 1e12);
        QVERIFY(!p.computeBound);
        // Only the roofs the program's work can use: DRAM and SIMT fp32 (no fp32 work runs on bf16 tensor cores).
        QCOMPARE(plot.roofs.size(), size_t(2));
        QVERIFY(plot.roofs[0].dram);
        QCOMPARE(plot.roofs[1].label, std::string("simt fp32"));
        QCOMPARE(plot.roofs[0].x1, 100.0); // the ridge: 1e14 / 1e12
        // The program point at F3 is the level: 128 FLOP / 224 B in 224 ps.
        QVERIFY(plot.program.present);
        QCOMPARE(plot.program.y, 1e12 * 128 / 224);
        QCOMPARE(plot.program.bound, std::string("DRAM"));
        // x from a decade below the lowest point/ridge to a decade above the highest ridge.
        QCOMPARE(plot.xMin, 0.01);
        QCOMPARE(plot.xMax, 1000.0);
        QCOMPARE(rooflineShareBucket(0.005), 0);
        QCOMPARE(rooflineShareBucket(0.5), 3);
    }

    // At every level, every point sits on the roof that bounds it and under every roof of its machine: on the
    // DRAM line (y = BW * x) when memory-bound, at flops / compute time when compute-bound. The program point is
    // under the DRAM roof too. An intermediate-only operator has no DRAM bytes at the fused levels: not drawn, but
    // counted, and drawn at F0 where it moves its operands.
    void rooflinePointsUnderTheirRoofs()
    {
        const ir::Program prog = testutil::parseOk(testutil::readData("alir/mlp_softmax.alir"));
        AnalysisOptions o;
        o.sizes = {{"B", 64}, {"K", 512}, {"N", 256}};
        const AnalysisResult r = analyzeProgram(prog, *m_h100, o).value();
        const double bw = r.machine.dramBps;
        double topPeak = 0;
        for (double peak : r.machine.peakFlops)
            topPeak = std::max(topPeak, peak);
        for (bounds::Level level : bounds::kLevels) {
            const RooflinePlot plot = rooflinePlot(r, {}, level);
            QVERIFY(!plot.points.empty());
            for (const RooflinePoint& p : plot.points) {
                QVERIFY(p.y <= bw * p.x * (1 + 1e-12));
                QVERIFY(p.y <= topPeak * (1 + 1e-12));
                if (p.computeBound) {
                    // On or under its roof, and that roof is drawn with its name.
                    QVERIFY(p.y <= p.roof * (1 + 1e-12));
                    QVERIFY(drawnRoof(plot, p.bound, p.roof));
                } else {
                    QCOMPARE(p.bound, std::string("DRAM"));
                    QCOMPARE(p.y, bw * p.x);
                }
            }
            QVERIFY(plot.program.present);
            QVERIFY(plot.program.y <= bw * plot.program.x * (1 + 1e-12));
            QCOMPARE(plot.program.seconds, r.ladder.at(level).seconds);
            const bool fused = level != bounds::Level::UnfusedPerKernel && level != bounds::Level::UnfusedOverlapped;
            // M (the row max) reads and writes only intermediates.
            QCOMPARE(plot.fusedAway > 0, fused);
            QCOMPARE(int(plot.points.size()) + plot.fusedAway + plot.skipped, int(r.graph.nodes.size()));
        }
    }

    // A fp32 GEMM under allow-tf32 may split its tiles between the tensor cores (TF32, 400 TFLOP/s here) and the
    // SIMT pipes (fp32, 100 TFLOP/s), so standing alone it runs at 500 TFLOP/s: 128 FLOP in 0.256 ps. That point
    // must sit on a drawn roof named for both units at their sum, not above the 400 TFLOP/s tensor roof (issue 30:
    // H100 PCIe's 461 = TF32 410 + SIMT 51.2 was never drawn). An overlay without the SIMT unit draws no sum.
    void rooflineSplitScheduleHasItsRoof()
    {
        const ir::Program prog = testutil::parseOk(testutil::readData("alir/matmul.alir"));
        AnalysisOptions o;
        o.sizes = {{"M", 4}, {"K", 8}, {"N", 2}};
        o.policy = bounds::PrecisionPolicy::AllowTf32;
        AnalysisResult r = analyzeProgram(prog, *m_h100, o).value();
        bounds::MachineModel m;
        m.dramBps = 1e18; // compute-bound however few bytes
        m.peak(hw::Unit::Tensor, hw::Precision::TF32) = 4e14;
        m.peak(hw::Unit::Simt, hw::Precision::FP32) = 1e14;
        r = reSolve(r, m);
        bounds::MachineModel tensorOnly;
        tensorOnly.dramBps = 1e18;
        tensorOnly.peak(hw::Unit::Tensor, hw::Precision::TF32) = 8e14;
        const RooflinePlot plot = rooflinePlot(r, {{"tensor only", tensorOnly}}, bounds::Level::Fused);
        QCOMPARE(plot.points.size(), size_t(1));
        const RooflinePoint& p = plot.points[0];
        QVERIFY(p.computeBound);
        QCOMPARE(p.standaloneSeconds, 128 / 5e14);
        QCOMPARE(p.y, 5e14);
        QCOMPARE(p.bound, std::string("tensor tf32 + simt fp32"));
        QCOMPARE(p.roof, 5e14);
        QVERIFY(drawnRoof(plot, p.bound, 5e14));
        QVERIFY(drawnRoof(plot, "tensor tf32", 4e14));
        QVERIFY(drawnRoof(plot, "simt fp32", 1e14));
        int combined = 0, overlay = 0;
        for (const RooflineRoof& roof : plot.roofs) {
            combined += roof.combined ? 1 : 0;
            overlay += roof.primary ? 0 : 1;
            QCOMPARE(roof.combined, roof.label.find(" + ") != std::string::npos);
        }
        QCOMPARE(combined, 1);
        QCOMPARE(overlay, 2); // its DRAM and its tensor tf32 roof
    }

    // Issue 49: a factor near 1 is printed with the digits that tell it from 1 (a clock a solve set to x1.0004 read
    // "tensor peaks x1"); other factors keep three digits.
    void whatIfFactorsNeverReadOne()
    {
        bounds::MachineModel stock = bounds::machineFromProfile(*m_h100), used = stock;
        used.dramBps *= 2;
        QCOMPARE(bounds::machineChangesSummary(bounds::machineChanges(used, stock)).find("DRAM bandwidth ×2") != std::string::npos, true);
        used = stock;
        used.dramBps *= 1.0004;
        const std::string near = bounds::machineChangesSummary(bounds::machineChanges(used, stock));
        QVERIFY2(near.find("×1.0004") != std::string::npos, near.c_str());
        QVERIFY2(near.find("×1 ") == std::string::npos && near.back() != '1', near.c_str());
    }

    void whatIfProfile()
    {
        hw::WhatIfFactors f;
        f.bandwidth = 2;
        f.clock = 1.5;
        f.tensorPeak = 2;
        const hw::HwProfile p = hw::whatIfProfile(*m_h100, f, "h100-twice");
        QCOMPARE(p.id, std::string("h100-twice"));
        QVERIFY(p.user);
        QCOMPARE(p.dramBandwidthBps.value, 2 * 3.35e12);
        QCOMPARE(p.dramBandwidthBps.source, std::string("solar-studio-what-if"));
        QCOMPARE(p.onchipBytes.value, m_h100->onchipBytes.value); // unchanged numbers keep their sources
        QCOMPARE(p.onchipBytes.source, m_h100->onchipBytes.source);
        for (size_t i = 0; i < p.peaks.size(); ++i) {
            const double factor = p.peaks[i].unit == hw::Unit::Tensor ? 2 * 1.5 : 1.5;
            QCOMPARE(p.peaks[i].flops.value, m_h100->peaks[i].flops.value * factor);
        }
        QTemporaryDir dir;
        const auto saved = hw::saveUserProfile(p, dir.path().toStdString());
        QVERIFY(saved);
        const hw::HwRegistry back = hw::loadHwRegistry({dir.path().toStdString()}, {true});
        QVERIFY2(back.problems.empty(), formatAll(back.problems).c_str());
        QVERIFY(back.find("h100-twice"));
        QCOMPARE(back.find("h100-twice")->dramBandwidthBps.value, 2 * 3.35e12);
    }

    void timingKeys()
    {
        const std::map<std::string, double> timings
            = {{"level1/1_Square.py", 1e-3}, {"level2/1_Square.py", 2e-3}, {"level3/9_Other.py", 3e-3}};
        QCOMPARE(batch::timingFor(timings, "/x/kb/level2/1_Square.py"), std::optional<double>(2e-3));
        QCOMPARE(batch::timingFor(timings, "/elsewhere/9_Other.py"), std::optional<double>(3e-3)); // moved out of its level
        QVERIFY(!batch::timingFor(timings, "/x/level1/2_Missing.py"));
        QVERIFY(!batch::timingFor(timings, "/x/level1/Square.py")); // a suffix of a name is not the name
    }

    // A timing file's folder names its machine: another GPU or form factor than the profile's is refused, never
    // turned into headroom (issue 14, item 2).
    void timingsFromAnotherMachine()
    {
        const hw::HwProfile& sxm = *m_registry.find("h100-sxm");
        const hw::HwProfile& pcie = *m_registry.find("h100-pcie");
        const hw::HwProfile& l40s = *m_registry.find("l40s");
        const std::string lambda = "/kb/timings/H100_PCIe_LambdaLabs/baseline_time_torch.json";
        const std::string modal = "/kb/timings/H100_Modal/baseline_time_torch.json";
        QVERIFY(!batch::timingsHardwareMismatch(lambda, pcie));
        QVERIFY(!batch::timingsHardwareMismatch(modal, sxm));
        const auto formFactor = batch::timingsHardwareMismatch(lambda, sxm);
        QVERIFY(formFactor && formFactor->find("PCIe") != std::string::npos);
        const auto gpu = batch::timingsHardwareMismatch(modal, *m_registry.find("a100-sxm"));
        QVERIFY(gpu && gpu->find("H100") != std::string::npos);
        QVERIFY(batch::timingsHardwareMismatch("/t/L4_GCP/times.json", l40s)); // an L4 is not an L40S
        QVERIFY(!batch::timingsHardwareMismatch("/t/L40S_lab/times.json", l40s));
        QVERIFY(!batch::timingsHardwareMismatch("/home/me/times.json", sxm)); // the folder names no machine
    }
};

QTEST_GUILESS_MAIN(TestReport)
#include "tst_report.moc"
