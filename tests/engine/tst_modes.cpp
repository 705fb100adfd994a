// SPDX-License-Identifier: MIT
// Execution modes and the two floors of the eager level F0 (issue 32): the host's dispatch floor (eager only) and
// the device's kernel-launch floor (eager and CUDA graphs), composed as max(host, device) — the host runs ahead of
// the device, so a long kernel hides the next ones' dispatch — and every figure derived by hand.
#include "engine/analysis/analysis.h"
#include "engine/bounds/inverse.h"
#include "engine/bounds/ladder.h"
#include "engine/graph/lifting.h"
#include "engine/hw/registry.h"
#include "engine/insights/insights.h"
#include "laddertest.h"
#include "testutil.h"

#include <QTest>

#include <cmath>

using namespace solar;
using namespace solar::bounds;
using hw::Precision;
using hw::Unit;

namespace {

bool near(double a, double b, double rel = 1e-9)
{
    return std::fabs(a - b) <= rel * std::max(std::fabs(a), std::fabs(b));
}

// 100 elementwise kernels one after another over N = 256 fp32 elements, each reading 1,024 B and writing 1,024 B.
// With `heavyK` > 0 the first one is instead a product with a [N, heavyK] weight: 4 N heavyK bytes more.
std::string chain(int heavyK)
{
    std::string p = "kernel chain(N=256) {\n  in A: f32[N];\n";
    if (heavyK > 0)
        p += "  in W: f32[N, " + std::to_string(heavyK) + "];\n";
    p += "  out Y: f32[N];\n";
    for (int i = 0; i < 99; ++i)
        p += "  tmp T" + std::to_string(i) + ": f32[N];\n";
    if (heavyK > 0)
        p += "  for i in 0..N {\n    T0[i] = 0.0;\n    for k in 0.." + std::to_string(heavyK) + " { T0[i] += W[i, k] * A[i]; }\n  }\n";
    else
        p += "  for i in 0..N { T0[i] = A[i] * 2.0; }\n";
    for (int i = 1; i < 99; ++i)
        p += "  for i in 0..N { T" + std::to_string(i) + "[i] = T" + std::to_string(i - 1) + "[i] + 1.0; }\n";
    p += "  for i in 0..N { Y[i] = T98[i] + 1.0; }\n}\n";
    return p;
}

Digest chainDigest(const std::string& text)
{
    const ir::Program p = testutil::parseOk(text);
    return prepare(graph::liftProgram(p, *ir::bindSizes(p, {})).value());
}

// 1 TFLOP/s SIMT fp32, 1 TB/s: a tiny kernel moves 2,048 B in 2.048 ns (its 256 operations take 0.256 ns).
MachineModel machine(double dispatch, double launch)
{
    MachineModel m;
    m.peak(Unit::Simt, Precision::FP32) = 1e12;
    m.dramBps = 1e12;
    m.onchipBytes = 1e6;
    m.opFloorSeconds = dispatch;
    m.launchFloorSeconds = launch;
    return m;
}

double f0(const Digest& d, const MachineModel& m)
{
    return solve(d, m, PrecisionPolicy::PytorchDefault, CacheAssumption::Cold).at(Level::UnfusedPerKernel).seconds;
}

} // namespace

class TestModes : public QObject
{
    Q_OBJECT
private slots:
    // A chain of 100 tiny ops. none: 100 x 2.048 ns = 204.8 ns. graph (1 us launch floor): 100 x 1 us = 100 us.
    // eager (5 us dispatch, 1 us launch): the host's 100 x 5 us = 500 us exceeds the device's 100 us.
    void chainOfTinyOps()
    {
        const Digest d = chainDigest(chain(0));
        QCOMPARE(d.kernels.size(), size_t(100));
        QVERIFY(near(f0(d, machine(0, 0)), 204.8e-9));
        QVERIFY(near(f0(d, machine(0, 1e-6)), 100e-6));
        const Ladder eager = solve(d, machine(5e-6, 1e-6), PrecisionPolicy::PytorchDefault, CacheAssumption::Cold);
        const LevelResult& r = eager.at(Level::UnfusedPerKernel);
        QVERIFY(near(r.seconds, 500e-6));
        QVERIFY(r.dispatchBound);
        QVERIFY(near(r.dispatchSeconds, 500e-6));
        QVERIFY(near(r.opFloorSeconds, 500e-6 - 204.8e-9));
        QCOMPARE(r.flooredKernels, 100);
        double sum = 0;
        for (double s : r.nodeSeconds)
            sum += s;
        QVERIFY(near(sum, r.seconds));
        // No other level has a floor.
        const Ladder bare = solve(d, machine(0, 0), PrecisionPolicy::PytorchDefault, CacheAssumption::Cold);
        for (Level l : {Level::UnfusedOverlapped, Level::FusedPerOp, Level::Fused, Level::CacheAware})
            QCOMPARE(eager.at(l).seconds, bare.at(l).seconds);
        QVERIFY(std::any_of(eager.notes.begin(), eager.notes.end(),
                            [](const Message& n) { return n.text().find("host's eager dispatch: 100 launches") != std::string::npos; }));
    }

    // The host runs ahead while a long kernel runs: a first kernel of 1,073,743,872 B (a [256, 2^20] fp32 weight
    // plus A and T0) takes 1.073743872 ms at 1 TB/s; the 99 tiny ones after it 1 us each in the launch floor. The
    // device needs 1.172743872 ms; 100 dispatches at 5 us (500 us) hide behind it, so eager equals graph — summed
    // per kernel they would have claimed 1.568 ms. At 20 us a dispatch (2 ms) the host binds again.
    void dispatchHidesBehindALongKernel()
    {
        const Digest d = chainDigest(chain(1 << 20));
        QCOMPARE(d.kernels.size(), size_t(100));
        QVERIFY(near(f0(d, machine(0, 0)), 1.073743872e-3 + 99 * 2.048e-9));
        QVERIFY(near(f0(d, machine(0, 1e-6)), 1.172743872e-3));
        QVERIFY(near(f0(d, machine(5e-6, 1e-6)), 1.172743872e-3));
        QVERIFY(near(f0(d, machine(20e-6, 1e-6)), 2e-3));
    }

    // Through a profile and AnalysisOptions::mode, as the CLI's --mode and the GUI's selector set it.
    void modesThroughAProfile()
    {
        hw::HwProfile profile = *hw::loadHwRegistry({kShipped}).find("a100-sxm");
        profile.opFloorSeconds = hw::Number {5e-6, "T", "a test dispatch floor"};
        profile.launchFloorSeconds = hw::Number {1e-6, "T", "a test launch floor"};
        const ir::Program p = testutil::parseOk(chain(0));
        AnalysisOptions o;
        const auto eager = analyzeProgram(p, profile, o);
        o.mode = ExecutionMode::Graph;
        const auto graph = analyzeProgram(p, profile, o);
        o.mode = ExecutionMode::None;
        const auto none = analyzeProgram(p, profile, o);
        QVERIFY(eager && graph && none);
        QVERIFY(near(eager->ladder.at(Level::UnfusedPerKernel).seconds, 500e-6));
        QVERIFY(near(graph->ladder.at(Level::UnfusedPerKernel).seconds, 100e-6));
        QVERIFY(none->ladder.at(Level::UnfusedPerKernel).seconds < 1e-6); // the kernels' own times only
        QCOMPARE(none->ladder.at(Level::Fused).seconds, eager->ladder.at(Level::Fused).seconds);
        QCOMPARE(parseMode("graph"), std::optional<ExecutionMode>(ExecutionMode::Graph));
        QVERIFY(!parseMode("compiled"));

        // The launch insight says what a graph saves (the host's 400 us over the device's 100 us) and what fusing
        // into fewer kernels saves on top (the launch floors less the kernels' own times).
        const auto in = insights::computeInsights(*eager);
        const auto it = std::find_if(in.opportunities.begin(), in.opportunities.end(),
                                     [](const insights::Opportunity& o) { return o.kind == insights::Kind::Launch; });
        QVERIFY(it != in.opportunities.end());
        QVERIFY(near(it->savedSeconds, 500e-6 - none->ladder.at(Level::UnfusedPerKernel).seconds));
        QCOMPARE(it->kernels, 100);
        QVERIFY2(it->explanation.find("saves 400 µs") != std::string::npos, it->explanation.c_str());

        // The inverse: no device reaches a target below the host's dispatch.
        const Inverse inv = solveInverse(eager->digest, eager->machine, o.policy, o.cache, Level::UnfusedPerKernel, 300e-6);
        QVERIFY(!inv.minDramBps);
        QVERIFY2(inv.dramWhy.find("host's eager dispatch") != std::string::npos, inv.dramWhy.c_str());
    }
};

QTEST_GUILESS_MAIN(TestModes)
#include "tst_modes.moc"
