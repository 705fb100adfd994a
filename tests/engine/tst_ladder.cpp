// SPDX-License-Identifier: MIT
// The bound ladder: the worked example of sol-model.md C.5 reproduced to 4 significant digits; placements under
// the three precision policies; the capacity term against the io-bounds.md formula computed by hand; the
// warm-cache discount; the ladder invariants on every test program and every shipped profile. The inverse
// roofline's own suite is tst_inverse.
#include "engine/analysis/analysis.h"
#include "engine/bounds/inverse.h"
#include "engine/bounds/unitschedule.h"
#include "engine/graph/lifting.h"
#include "engine/hw/registry.h"
#include "engine/ir/checker.h"
#include "laddertest.h"
#include "testutil.h"

#include <QDir>
#include <QTest>

#include <algorithm>
#include <cmath>
#include <functional>
#include <limits>

using namespace solar;
using namespace solar::bounds;
using hw::Precision;
using hw::Unit;

namespace {

void verifyInvariants(const Ladder& l, const char* what)
{
    const double f0 = l.at(Level::UnfusedPerKernel).seconds, f1 = l.at(Level::UnfusedOverlapped).seconds,
                 f2 = l.at(Level::FusedPerOp).seconds, f3 = l.at(Level::Fused).seconds, f4 = l.at(Level::CacheAware).seconds;
    const double eps = 1e-12 * std::max(1.0, f0);
    QVERIFY2(f3 <= f1 + eps && f1 <= f0 + eps, what);
    QVERIFY2(f3 <= f2 + eps && f2 <= f0 + eps, what);
    QVERIFY2(f3 <= f4 + eps, what);
    for (const auto& r : l.levels) {
        double sum = 0;
        for (double s : r.nodeSeconds)
            sum += s;
        QVERIFY2(std::fabs(sum - r.seconds) <= 1e-9 * std::max(r.seconds, 1e-30), what);
        QVERIFY2(std::fabs(r.seconds - std::max(r.computeSeconds, r.memorySeconds)) <= 1e-12 * r.seconds || isPerKernel(r.level), what);
    }
}

} // namespace

class TestLadder : public QObject
{
    Q_OBJECT
private slots:
    void testWorkedExampleC5()
    {
        const Digest d = digestOf("mlp_c5");
        const MachineModel m = c5Machine();
        const Ladder l = solve(d, m, PrecisionPolicy::PytorchDefault, CacheAssumption::Cold);
        // Each linear: 2 * 256 * 4096 * 16384 FLOP; C.5 puts them on the tensor cores alone (/ 989.4e12 = 34.73 us),
        // but the SIMT pipes (66.9e12) may take a share concurrently, so the least time is / (989.4e12 + 66.9e12)
        // = 32.53 us (unitschedule.h). Its unfused bytes 2 MiB + 128 MiB + 8 MiB (X, W1, T) = 144.70 MB -> 43.20 us;
        // the ReLU moves 2 x 8 MiB -> 5.01 us.
        const auto per = kernelComputeSeconds(d, m, PrecisionPolicy::PytorchDefault);
        VERIFY_4SIG(per[0], 32.53e-6);
        VERIFY_4SIG(d.kernels[0].unfusedBytes / m.dramBps, 43.20e-6);
        VERIFY_4SIG(d.kernels[0].externalBytes / m.dramBps, 40.69e-6);
        VERIFY_4SIG(d.kernels[1].unfusedBytes / m.dramBps, 5.008e-6);
        VERIFY_4SIG(l.at(Level::UnfusedPerKernel).seconds, 91.40e-6);
        VERIFY_4SIG(l.at(Level::UnfusedOverlapped).seconds, 91.40e-6);
        VERIFY_4SIG(l.at(Level::Fused).seconds, 81.38e-6);
        VERIFY_4SIG(l.at(Level::Fused).bytes, 272.63e6);
        VERIFY_4SIG(l.at(Level::Fused).flops, 68.72e9 + 4194304); // + one ReLU op per element
        QCOMPARE(l.at(Level::Fused).bottleneck, std::string("memory"));
        // C.5 ignores SIMT work; we count the ReLU's 4,194,304 ops at 66.9 TFLOP/s (0.0627 us) in its kernel, so
        // fused_per_op is 81.38 + 0.0627 = 81.44 us here.
        VERIFY_4SIG(l.at(Level::FusedPerOp).seconds, 81.38e-6 + 4194304 / 66.9e12);
        VERIFY_4SIG(l.at(Level::CacheAware).seconds, 81.38e-6); // 68.7 GFLOP of products is far below the capacity term
        verifyInvariants(l, "C.5");

        // Inverse at T = 50 us on the fused level: compute takes 65.06 us (see testInfeasibleExplained), so every peak
        // must scale by 65.06 / 50 = 1.3012 (the tensor peak to 1287 TFLOP/s); BW >= 272.63e6 / 50e-6 = 5453 GB/s.
        // Both are needed: neither alone reaches 50 us from this machine (compute 65.06 us, memory 81.38 us).
        const Inverse inv = solveInverse(d, m, PrecisionPolicy::PytorchDefault, CacheAssumption::Cold, Level::Fused, 50e-6);
        VERIFY_4SIG(inv.necessaryDramBps, 5453e9);
        VERIFY_4SIG(inv.necessaryComputeScale * 989.4e12, 1287e12);
        QVERIFY(!inv.minDramBps);
        QVERIFY(!inv.minComputeScale);
        MachineModel both = m.scaledCompute(inv.necessaryComputeScale);
        both.dramBps = inv.necessaryDramBps;
        VERIFY_4SIG(solve(d, both, PrecisionPolicy::PytorchDefault, CacheAssumption::Cold).at(Level::Fused).seconds, 50e-6);
        // At 75 us the compute already suffices: the bandwidth answer exists and is 272.63 MB / 75 us.
        const Inverse at75 = solveInverse(d, m, PrecisionPolicy::PytorchDefault, CacheAssumption::Cold, Level::Fused, 75e-6);
        QVERIFY(at75.minDramBps);
        VERIFY_4SIG(*at75.minDramBps, 272.63e6 / 75e-6);
    }

    void testPolicies()
    {
        const MachineModel m = machineFromProfile(*hw::loadHwRegistry({kShipped}).find("h100-pcie"));
        // fp32 matmul: SIMT fp32 under pytorch-default and strict, TF32 tensor cores when allowed.
        auto place = [&](graph::MacType t, bool conv, PrecisionPolicy p) { return placeContraction(t, conv, p, m); };
        QCOMPARE(place(graph::MacType::FP32, false, PrecisionPolicy::PytorchDefault).unit, Unit::Simt);
        QCOMPARE(place(graph::MacType::FP32, true, PrecisionPolicy::PytorchDefault).unit, Unit::Tensor); // cuDNN TF32
        QCOMPARE(place(graph::MacType::FP32, true, PrecisionPolicy::StrictFp32).unit, Unit::Simt);
        const Placement allow = place(graph::MacType::FP32, false, PrecisionPolicy::AllowTf32);
        QCOMPARE(allow.unit, Unit::Tensor);
        QCOMPARE(allow.precision, Precision::TF32);
        QCOMPARE(place(graph::MacType::BF16, false, PrecisionPolicy::StrictFp32).precision, Precision::BF16);
        // fp4 on a machine without fp4 tensor cores falls to the fastest it has (fp8).
        QCOMPARE(place(graph::MacType::FP4, false, PrecisionPolicy::PytorchDefault).precision, Precision::FP8);

        // 1920 fp32 conv MACs: 2 * 1920 / 409.7 TFLOP/s (TF32 at 1755 MHz) vs / 51.2 TFLOP/s strict.
        const Digest d = digestOf("conv2d");
        const double tf32 = m.peak(Unit::Tensor, Precision::TF32);
        const Ladder def = solve(d, m, PrecisionPolicy::PytorchDefault, CacheAssumption::Cold);
        const Ladder strict = solve(d, m, PrecisionPolicy::StrictFp32, CacheAssumption::Cold);
        VERIFY_4SIG(def.at(Level::Fused).unitSeconds[static_cast<int>(UnitGroup::Tensor)], 2 * 1920 / tf32);
        VERIFY_4SIG(strict.at(Level::Fused).unitSeconds[static_cast<int>(UnitGroup::SimtFp32)], (2 * 1920 + 0.0) / 51.2e12);
    }

    void testCapacityTerm()
    {
        // 65536^3 bf16 matmul on 116 MiB: S = 121,634,816 / 2 = 60,817,408 elements; tier-B traffic
        // sqrt(2) * 65536^3 / sqrt(S) - 4 S elements, times 2 bytes, exceeds the compulsory 3 * 65536^2 * 2 bytes.
        const Digest d = digestOf("matmul_large");
        QCOMPARE(d.cacheCandidates.size(), size_t(1));
        MachineModel m = c5Machine();
        m.peak(Unit::Tensor, Precision::BF16) = 1e21; // compute-rich, so the memory terms bind
        const double s = m.onchipBytes / 2;
        const double n3 = std::pow(65536.0, 3);
        const double q = (std::sqrt(2.0) * n3 / std::sqrt(s) - 4 * s) * 2;
        const double compulsory = 3 * 65536.0 * 65536.0 * 2;
        QVERIFY(q > compulsory);
        const Ladder l = solve(d, m, PrecisionPolicy::PytorchDefault, CacheAssumption::Cold);
        VERIFY_4SIG(l.at(Level::Fused).bytes, compulsory);
        VERIFY_4SIG(l.at(Level::CacheAware).bytes, q);
        verifyInvariants(l, "capacity");
        // A small matmul gets no capacity term.
        const Ladder small = solve(digestOf("matmul"), m, PrecisionPolicy::PytorchDefault, CacheAssumption::Cold);
        QCOMPARE(small.at(Level::CacheAware).bytes, small.at(Level::Fused).bytes);

        // The least on-chip capacity for a target between the two: plugging it back gives the target.
        const double target = (compulsory + q) / 2 / m.dramBps;
        const Inverse inv = solveInverse(d, m, PrecisionPolicy::PytorchDefault, CacheAssumption::Cold, Level::CacheAware, target);
        QVERIFY2(inv.minOnchipBytes, inv.onchipWhy.c_str());
        MachineModel solved = m;
        solved.onchipBytes = *inv.minOnchipBytes;
        QVERIFY(near(solve(d, solved, PrecisionPolicy::PytorchDefault, CacheAssumption::Cold).at(Level::CacheAware).seconds, target, 1e-9));
        const Inverse impossible
            = solveInverse(d, m, PrecisionPolicy::PytorchDefault, CacheAssumption::Cold, Level::CacheAware, compulsory / m.dramBps / 2);
        QVERIFY(!impossible.minOnchipBytes);
        QVERIFY(!impossible.onchipWhy.empty());
    }

    void testWarmCache()
    {
        // matmul (f32, 5x7 @ 7x3): everything fits in a 50 MiB L2, so warm compulsory traffic is zero.
        const Digest d = digestOf("matmul");
        const MachineModel m = c5Machine();
        const Ladder cold = solve(d, m, PrecisionPolicy::PytorchDefault, CacheAssumption::Cold);
        const Ladder warm = solve(d, m, PrecisionPolicy::PytorchDefault, CacheAssumption::Warm);
        QCOMPARE(cold.at(Level::Fused).bytes, (35.0 + 21 + 15) * 4);
        QCOMPARE(warm.at(Level::Fused).bytes, 0.0);
        QCOMPARE(warm.at(Level::UnfusedPerKernel).bytes, cold.at(Level::UnfusedPerKernel).bytes);
        verifyInvariants(warm, "warm");
        // C.5 warm: reads 2 MiB + 2 x 128 MiB - 50 MiB, writes 2 MiB - 50 MiB -> 0.
        const Digest c5 = digestOf("mlp_c5");
        const Ladder w = solve(c5, m, PrecisionPolicy::PytorchDefault, CacheAssumption::Warm);
        QCOMPARE(w.at(Level::Fused).bytes, (2.0 + 256.0 - 50.0) * 1024 * 1024);
    }

    void testInvariantsEverywhere_data()
    {
        QTest::addColumn<QString>("file");
        const QDir dir(QStringLiteral(SOLAR_TEST_DATA "/alir"));
        for (const QString& f : dir.entryList({QStringLiteral("*.alir")}, QDir::Files))
            QTest::addRow("%s", qPrintable(f)) << f.chopped(5);
    }

    void testInvariantsEverywhere()
    {
        QFETCH(QString, file);
        const Digest d = digestOf(file.toStdString());
        for (const auto& profile : hw::loadHwRegistry({kShipped}).profiles) {
            const MachineModel m = machineFromProfile(profile);
            for (auto policy : {PrecisionPolicy::PytorchDefault, PrecisionPolicy::StrictFp32, PrecisionPolicy::AllowTf32}) {
                for (auto cache : {CacheAssumption::Cold, CacheAssumption::Warm})
                    verifyInvariants(solve(d, m, policy, cache), qPrintable(file + QString::fromStdString(" " + profile.id)));
            }
        }
    }

    // Soundness on any ALIR (issue 13, items 1, 2, 8, 9), each with a program written for this test.

    // tf32 operands are their own class: tensor cores under every policy, never the SIMT fp32 rate.
    void testTf32OperandsUseTensorCores()
    {
        const MachineModel m = machineFromProfile(*hw::loadHwRegistry({kShipped}).find("h100-sxm"));
        const ir::Program p = testutil::parseOk("kernel g(M=64, K=32, N=16) {\n  in A: tf32[M, K];\n  in B: tf32[K, N];\n"
                                                "  out C: f32[M, N];\n  for m in 0..M, n in 0..N {\n    C[m, n] = 0;\n"
                                                "    for k in 0..K { C[m, n] += A[m, k] * B[k, n]; }\n  }\n}\n");
        const auto g = graph::liftProgram(p, *ir::bindSizes(p, {})).value();
        QCOMPARE(g.nodes.back().macType, graph::MacType::TF32);
        const Digest d = prepare(g);
        const double tf32 = m.peak(Unit::Tensor, Precision::TF32), simt = m.peak(Unit::Simt, Precision::FP32);
        QVERIFY(tf32 > 0);
        for (auto policy : {PrecisionPolicy::PytorchDefault, PrecisionPolicy::StrictFp32, PrecisionPolicy::AllowTf32}) {
            const Ladder l = solve(d, m, policy, CacheAssumption::Cold);
            // 2 * 64 * 32 * 16 FLOP at the TF32 tensor-core peak (8x the SIMT fp32 rate on H100), the SIMT pipes
            // taking a share concurrently: at the sum of the two rates.
            VERIFY_4SIG(l.at(Level::Fused).computeSeconds, 2.0 * 64 * 32 * 16 / (tf32 + simt));
        }
    }

    // A 1x1 convolution written as a plain contraction has no provenance: under pytorch-default it may be a
    // convolution, so it gets the TF32 rate the traced conv2d gets (plus the SIMT pipes' concurrent share). With
    // provenance saying matmul it stays SIMT.
    void testPolicyDoesNotDependOnSpelling()
    {
        const MachineModel m = machineFromProfile(*hw::loadHwRegistry({kShipped}).find("h100-sxm"));
        const ir::Program p
            = testutil::parseOk("kernel pw(B=2, C=16, O=8, H=4, W=4) {\n  in X: f32[B, C, H, W];\n  weight K: f32[O, C];\n"
                                "  out Y: f32[B, O, H, W];\n  for b in 0..B, o in 0..O, h in 0..H, w in 0..W {\n"
                                "    Y[b, o, h, w] = 0;\n    for c in 0..C { Y[b, o, h, w] += K[o, c] * X[b, c, h, w]; }\n  }\n}\n");
        auto g = graph::liftProgram(p, *ir::bindSizes(p, {})).value();
        const double macs = 2.0 * 8 * 4 * 4 * 16;
        const double tf32 = m.peak(Unit::Tensor, Precision::TF32), simt = m.peak(Unit::Simt, Precision::FP32);
        VERIFY_4SIG(solve(prepare(g), m, PrecisionPolicy::PytorchDefault, CacheAssumption::Cold).at(Level::Fused).computeSeconds,
                    2 * macs / (tf32 + simt));
        VERIFY_4SIG(solve(prepare(g), m, PrecisionPolicy::StrictFp32, CacheAssumption::Cold).at(Level::Fused).computeSeconds,
                    2 * macs / simt);
        for (auto& n : g.nodes)
            n.sourceOp = "aten::convolution";
        VERIFY_4SIG(solve(prepare(g), m, PrecisionPolicy::PytorchDefault, CacheAssumption::Cold).at(Level::Fused).computeSeconds,
                    2 * macs / (tf32 + simt));
        for (auto& n : g.nodes)
            n.sourceOp = "aten::bmm";
        VERIFY_4SIG(solve(prepare(g), m, PrecisionPolicy::PytorchDefault, CacheAssumption::Cold).at(Level::Fused).computeSeconds,
                    2 * macs / simt);
    }

    // @op blocks are kernels (issue 15, item 4). tests/data/alir/op_blocks.alir: a 3x3 convolution (B=2, C=3, H=W=6,
    // O=4) whose bias initialisation is its own loop nest, then a ReLU. F0's bytes, by hand (f32, 4 bytes):
    //   blocks:      conv {X 216, W 108, bias 4, T 288} + relu {T 288, Y 288}                = 4 * 1192 = 4768
    //   no blocks:   init {bias 4, T 288} + accumulate {X 216, W 108, T read 288 and written 288}
    //                + relu {T 288, Y 288}: the accumulate updates T in place, initialised by another kernel = 4 * 1768 = 7072
    //   most merged: one kernel; T never leaves it: {X 216, W 108, bias 4, Y 288}           = 4 * 616  = 2464
    void testOpBlocksAreKernels()
    {
        ir::Program p = testutil::parseOk(testutil::readData("alir/op_blocks.alir"));
        auto g = graph::liftProgram(p, *ir::bindSizes(p, {})).value();
        QCOMPARE(prepare(g).unfusedBytes, 4768.0);
        QCOMPARE(g.nodes.size(), size_t(3));
        QCOMPARE(g.nodes[0].kernel, g.nodes[1].kernel);
        QVERIFY(g.nodes[2].kernel != g.nodes[0].kernel);
        QCOMPARE(g.nodes[0].sourceOp, std::string("nn.Conv2d"));
        QCOMPARE(g.nodes[1].sourceLine, 14);
        QCOMPARE(g.nodes[2].sourceOp, std::string("F.relu"));
        QCOMPARE(graph::mergeUnattributedKernels(g), 0); // every node is attributed: nothing to merge
        QCOMPARE(prepare(g).unfusedBytes, 4768.0);

        std::function<void(std::vector<ir::Stmt>&)> strip = [&](std::vector<ir::Stmt>& stmts) {
            for (auto& s : stmts) {
                s.opBlock = 0;
                strip(s.body);
                strip(s.orelse);
            }
        };
        strip(p.body);
        p.ops.clear();
        auto plain = graph::liftProgram(p, *ir::bindSizes(p, {})).value();
        QCOMPARE(prepare(plain).unfusedBytes, 7072.0);
        QCOMPARE(graph::mergeUnattributedKernels(plain), 3);
        QCOMPARE(prepare(plain).unfusedBytes, 2464.0);
        QCOMPARE(plain.notes.back().code, std::string("lift.unattributed"));
    }

    void testConvolutionNames()
    {
        for (const char* yes : {"nn.Conv2d", "F.conv2d", "aten::convolution", "aten::_convolution", "self.conv", "torch.conv_transpose3d",
                                "lax.conv_general_dilated", "cudnn_convolution", "Conv1d"})
            QVERIFY2(graph::namesConvolution(yes), yes);
        for (const char* no : {"convert_element_type", "aten::addmm", "nn.Linear", "deconvolve_image", "self.fc", "aten::bmm"})
            QVERIFY2(!graph::namesConvolution(no), no);
    }

    // F2 above F1 is not an error, and the ladder says why where it happens: a compute-bound matmul and a
    // memory-bound copy, independent, each its own kernel. By hand on a machine with 1 GFLOP/s SIMT fp32 and
    // 1 GB/s DRAM: matmul 2 * 64^3 FLOP = 524 us compute, (3 * 64^2 * 4) B = 49 us memory; copy 0 FLOP,
    // 2 * 2^20 * 4 B = 8.39 ms. F2 = 0.524 + 8.39 ms; F1 = max(0.524, 8.44) ms; so F2 > F1 by 0.47 ms.
    void testF2AboveF1IsExplained()
    {
        const ir::Program p
            = testutil::parseOk("kernel two(M=64, N=1048576) {\n  in A: f32[M, M];\n  in B: f32[M, M];\n"
                                "  out C: f32[M, M];\n  in X: f32[N];\n  out Y: f32[N];\n"
                                "  for i in 0..M, j in 0..M { C[i, j] = 0; for k in 0..M { C[i, j] += A[i, k] * B[k, j]; } }\n"
                                "  for n in 0..N { Y[n] = X[n]; }\n}\n");
        const Digest d = prepare(graph::liftProgram(p, *ir::bindSizes(p, {})).value());
        MachineModel m;
        m.peak(hw::Unit::Simt, hw::Precision::FP32) = 1e9;
        m.dramBps = 1e9;
        const Ladder l = solve(d, m, PrecisionPolicy::StrictFp32, CacheAssumption::Cold);
        const double matmul = 2.0 * 64 * 64 * 64 / 1e9, copy = 2.0 * 1048576 * 4 / 1e9, matmulBytes = 3.0 * 64 * 64 * 4 / 1e9;
        VERIFY_4SIG(l.at(Level::FusedPerOp).seconds, matmul + copy);
        VERIFY_4SIG(l.at(Level::UnfusedOverlapped).seconds, copy + matmulBytes);
        QVERIFY(l.at(Level::FusedPerOp).seconds > l.at(Level::UnfusedOverlapped).seconds);
        QVERIFY(std::any_of(l.notes.begin(), l.notes.end(), [](const solar::Message& n) {
            return n.text().find("fused_per_op (F2) is above unfused_overlapped (F1)") == 0;
        }));
        // Without the overlap gain (the copy alone) there is no such note.
        const ir::Program one
            = testutil::parseOk("kernel copy(N=1024) {\n  in X: f32[N];\n  out Y: f32[N];\n  for i in 0..N { Y[i] = X[i]; }\n}\n");
        const Ladder single = solve(prepare(graph::liftProgram(one, *ir::bindSizes(one, {})).value()), m, PrecisionPolicy::StrictFp32,
                                    CacheAssumption::Cold);
        QVERIFY(std::none_of(single.notes.begin(), single.notes.end(),
                             [](const solar::Message& n) { return n.text().find("(F2)") != std::string::npos; }));
    }

    // The same attention scores with separate Q and K tensors and with a packed QKV tensor indexed
    // QKV[b, i, h * hs + d] and QKV[b, j, C + h * hs + d]: the flattened index is a reshape, not a sliding window,
    // so neither is convolution-like and the compute of every level agrees under every policy (issue 15,
    // item 5); Q and K being disjoint parts of QKV, the product is not halved as a symmetric X * X^T would be. A real window (p + r) stays convolution-like.
    void testIndexSpellingDoesNotChangeTheClass()
    {
        const ir::Program separate = testutil::parseOk(
            "kernel s(B=2, T=256, H=4, D=32) {\n  in Q: f32[B, H, T, D];\n  in K: f32[B, H, T, D];\n  out S: f32[B, H, T, T];\n"
            "  for b in 0..B, h in 0..H, i in 0..T, j in 0..T { S[b, h, i, j] = 0; for d in 0..D { S[b, h, i, j] += Q[b, h, i, d] * K[b, "
            "h, j, d]; } }\n}\n");
        const ir::Program packed = testutil::parseOk(
            "kernel p(B=2, T=256, H=4, D=32) {\n  let C = H * D;\n  in QKV: f32[B, T, 3 * C];\n  out S: f32[B, H, T, T];\n"
            "  for b in 0..B, h in 0..H, i in 0..T, j in 0..T { S[b, h, i, j] = 0; for d in 0..D { S[b, h, i, j] += QKV[b, i, h * D + d] * "
            "QKV[b, j, C + h * D + d]; } }\n}\n");
        const auto gs = graph::liftProgram(separate, *ir::bindSizes(separate, {})).value();
        const auto gp = graph::liftProgram(packed, *ir::bindSizes(packed, {})).value();
        QVERIFY(!gs.nodes.back().convLike);
        QVERIFY(!gp.nodes.back().convLike);
        QCOMPARE(gp.nodes.back().contractionM, gs.nodes.back().contractionM);
        QCOMPARE(gp.nodes.back().contractionK, gs.nodes.back().contractionK);
        const MachineModel m = machineFromProfile(*hw::loadHwRegistry({kShipped}).find("h100-sxm"));
        const Digest ds = prepare(gs), dp = prepare(gp);
        for (PrecisionPolicy policy : {PrecisionPolicy::PytorchDefault, PrecisionPolicy::StrictFp32, PrecisionPolicy::AllowTf32}) {
            const Ladder ls = solve(ds, m, policy, CacheAssumption::Cold), lp = solve(dp, m, policy, CacheAssumption::Cold);
            for (Level l : kLevels) {
                QCOMPARE(lp.at(l).computeSeconds, ls.at(l).computeSeconds);
                if (l != Level::CacheAware) // both operands from one tensor: no capacity term is proven (conservative)
                    QCOMPARE(lp.at(l).seconds, ls.at(l).seconds);
            }
        }
        // Q and K are disjoint parts of QKV: not the symmetric X * X^T, whose MACs are halved.
        QVERIFY(!gp.nodes.back().symmetricProduct);
        const ir::Program gram
            = testutil::parseOk("kernel g(N=64, K=32) {\n  in X: f32[N, K];\n  out G: f32[N, N];\n"
                                "  for i in 0..N, j in 0..N { G[i, j] = 0; for k in 0..K { G[i, j] += X[i, k] * X[j, k]; } }\n}\n");
        QVERIFY(graph::liftProgram(gram, *ir::bindSizes(gram, {})).value().nodes.back().symmetricProduct);
        // A squared (A[i, k] * A[k, j]) and a sum of squares (X[i, k] * X[i, k]) read one tensor twice but have no
        // symmetric result to halve.
        const ir::Program square
            = testutil::parseOk("kernel q(N=64) {\n  in A: f32[N, N];\n  out S: f32[N, N];\n"
                                "  for i in 0..N, j in 0..N { S[i, j] = 0; for k in 0..N { S[i, j] += A[i, k] * A[k, j]; } }\n}\n");
        QVERIFY(!graph::liftProgram(square, *ir::bindSizes(square, {})).value().nodes.back().symmetricProduct);
        const ir::Program squares = testutil::parseOk("kernel r(N=64, K=32) {\n  in X: f32[N, K];\n  out S: f32[N];\n"
                                                      "  for i in 0..N { S[i] = 0; for k in 0..K { S[i] += X[i, k] * X[i, k]; } }\n}\n");
        QVERIFY(!graph::liftProgram(squares, *ir::bindSizes(squares, {})).value().nodes.back().symmetricProduct);
        const ir::Program conv = testutil::parseOk("kernel c(P=30, R=3) {\n  in X: f32[P + R - 1];\n  in W: f32[R];\n  out Y: f32[P];\n"
                                                   "  for p in 0..P { Y[p] = 0; for r in 0..R { Y[p] += X[p + r] * W[r]; } }\n}\n");
        QVERIFY(graph::liftProgram(conv, *ir::bindSizes(conv, {})).value().nodes.back().convLike);
    }

    // cache_aware bytes never grow when on-chip capacity grows, on a program whose contractions share inputs
    // (which ones may be charged together depends on the sharing) and mix element sizes.
    void testCacheAwareMonotoneInCapacity()
    {
        const ir::Program p = testutil::parseOk(
            "kernel share(M=512, K=4096, N=512, J=64, I=64) {\n  in X: f32[M, K];\n  in W: bf16[K, N];\n  in U: f32[K, J];\n"
            "  in V: bf16[I, K];\n  out A: f32[M, N];\n  out B: f32[M, J];\n  out C: f32[I, N];\n"
            "  for m in 0..M, n in 0..N { A[m, n] = 0; for k in 0..K { A[m, n] += X[m, k] * W[k, n]; } }\n"
            "  for m in 0..M, j in 0..J { B[m, j] = 0; for k in 0..K { B[m, j] += X[m, k] * U[k, j]; } }\n"
            "  for i in 0..I, n in 0..N { C[i, n] = 0; for k in 0..K { C[i, n] += V[i, k] * W[k, n]; } }\n}\n");
        const Digest d = prepare(graph::liftProgram(p, *ir::bindSizes(p, {})).value());
        MachineModel m = c5Machine();
        double previous = std::numeric_limits<double>::infinity();
        for (double s = 1e3; s < 1e9; s *= 1.05) {
            m.onchipBytes = s;
            const double bytes = solve(d, m, PrecisionPolicy::PytorchDefault, CacheAssumption::Cold).at(Level::CacheAware).bytes;
            QVERIFY2(bytes <= previous * (1 + 1e-12),
                     qPrintable(QStringLiteral("%1 B at %2 B on chip, %3 B just below").arg(bytes).arg(s).arg(previous)));
            previous = bytes;
        }
        // And the capacity term is there at small capacities: more than the compulsory bytes.
        m.onchipBytes = 1e4;
        QVERIFY(solve(d, m, PrecisionPolicy::PytorchDefault, CacheAssumption::Cold).at(Level::CacheAware).bytes
                > solve(d, m, PrecisionPolicy::PytorchDefault, CacheAssumption::Cold).at(Level::Fused).bytes);
    }

    // X·Xᵀ reads one tensor for both operands: the tier-B step does not hold, so no capacity term (item 6). The
    // same product with a second tensor of the same shape gets one.
    void testNoCapacityTermForSelfProduct()
    {
        auto cacheAware = [](const char* second) {
            const std::string text
                = std::string("kernel gram(M=256, K=8192) {\n  in X: f32[M, K];\n  in Z: f32[M, K];\n  out G: f32[M, M];\n"
                              "  for i in 0..M, j in 0..M {\n    G[i, j] = 0;\n    for k in 0..K { G[i, j] += X[i, k] * ")
                + second + "[j, k]; }\n  }\n}\n";
            const ir::Program p = testutil::parseOk(text);
            const Digest d = prepare(graph::liftProgram(p, *ir::bindSizes(p, {})).value());
            MachineModel m = c5Machine();
            m.onchipBytes = 16 * 1024;
            const Ladder l = solve(d, m, PrecisionPolicy::PytorchDefault, CacheAssumption::Cold);
            return std::make_pair(l.at(Level::CacheAware).bytes, l.at(Level::Fused).bytes);
        };
        const auto self = cacheAware("X");
        QCOMPARE(self.first, self.second);
        // And its compute term is half the MACs' (SYRK computes one triangle).
        const ir::Program p
            = testutil::parseOk("kernel g(M=64, K=512) {\n  in X: f32[M, K];\n  out G: f32[M, M];\n"
                                "  for i in 0..M, j in 0..M { G[i, j] = 0; for k in 0..K { G[i, j] += X[i, k] * X[j, k]; } }\n}\n");
        const Digest d = prepare(graph::liftProgram(p, *ir::bindSizes(p, {})).value());
        QCOMPARE(d.totalMacs, 64.0 * 64 * 512);
        const MachineModel m = c5Machine();
        VERIFY_4SIG(solve(d, m, PrecisionPolicy::StrictFp32, CacheAssumption::Cold).at(Level::Fused).computeSeconds,
                    2.0 * 64 * 64 * 512 / 2 / m.peak(Unit::Simt, Precision::FP32));
        const auto other = cacheAware("Z");
        QVERIFY(other.first > other.second);
    }

    // The L2 -> SM level (issue 13, memory hierarchy): a warm problem under the L2 size moves no DRAM bytes at
    // fused, but every compulsory byte still crosses L2 to the SMs, so cache_aware has a floor of bytes / L2 BW.
    void testL2FloorUnderWarmCaches()
    {
        const ir::Program p = testutil::parseOk("kernel add(N=1048576) {\n  in A: f32[N];\n  in B: f32[N];\n  out C: f32[N];\n"
                                                "  for i in 0..N { C[i] = A[i] + B[i]; }\n}\n");
        const Digest d = prepare(graph::liftProgram(p, *ir::bindSizes(p, {})).value());
        MachineModel m = c5Machine(); // 50 MiB persistent cache: the 12 MiB of A, B, C stay resident
        Ladder warm = solve(d, m, PrecisionPolicy::PytorchDefault, CacheAssumption::Warm);
        QCOMPARE(warm.at(Level::Fused).bytes, 0.0);
        QCOMPARE(warm.at(Level::CacheAware).l2Seconds, 0.0); // no L2 bandwidth in the machine: the term is off
        QVERIFY(std::any_of(warm.notes.begin(), warm.notes.end(),
                            [](const solar::Message& n) { return n.text().find("no L2") != std::string::npos; }));
        m.l2Bps = 7.2192e12; // A100: 5,120 B/clk x 1410 MHz
        warm = solve(d, m, PrecisionPolicy::PytorchDefault, CacheAssumption::Warm);
        // 3 x 4 MiB = 12,582,912 bytes / 7.2192e12 B/s = 1.743 us; compute 1,048,576 adds / 66.9e12 = 0.0157 us.
        VERIFY_4SIG(warm.at(Level::CacheAware).l2Bytes, 12582912.0);
        VERIFY_4SIG(warm.at(Level::CacheAware).seconds, 1.743e-6);
        QVERIFY(warm.at(Level::Fused).seconds < 1e-7);
        verifyInvariants(warm, "L2 floor, warm");
        // The inverse at 1 us: no DRAM bandwidth or on-chip capacity gets the L2 -> SM traffic below it.
        const Inverse inv = solveInverse(d, m, PrecisionPolicy::PytorchDefault, CacheAssumption::Warm, Level::CacheAware, 1e-6);
        QVERIFY(!inv.minDramBps);
        QVERIFY(QString::fromStdString(inv.dramWhy).contains(QStringLiteral("across L2")));
        QVERIFY(!inv.minOnchipBytes);
        QVERIFY(QString::fromStdString(inv.onchipWhy).contains(QStringLiteral("across L2")));
    }

    // The SM-level capacity term: tier B per cluster unit. A 4096^3 bf16 GEMM with 1 KB of storage per SM (a
    // hypothetical tiny SM, so the term binds): S_u = 512 elements, 132 SMs; L2 -> SM elements >= sqrt(2) * 4096^3 /
    // sqrt(512) - 4 * 132 * 512 = 4.2946e9 (8.59 GB of bf16), far above the 100,663,296 compulsory bytes.
    void testSmCapacityTerm()
    {
        const ir::Program p = testutil::parseOk("kernel mm(M=4096, K=4096, N=4096) {\n  in A: bf16[M, K];\n  weight B: bf16[K, N];\n"
                                                "  out C: bf16[M, N];\n  for m in 0..M, n in 0..N { C[m, n] = 0;\n"
                                                "    for k in 0..K { C[m, n] += A[m, k] * B[k, n]; } }\n}\n");
        const Digest d = prepare(graph::liftProgram(p, *ir::bindSizes(p, {})).value());
        MachineModel m = c5Machine();
        m.l2Bps = 10e12;
        m.smCount = 132;
        m.smBytes = 1024;
        const double products = 4096.0 * 4096 * 4096;
        const double elements = std::sqrt(2.0) * products / std::sqrt(512.0) - 4.0 * 132 * 512;
        const double compulsory = 3.0 * 4096 * 4096 * 2;
        VERIFY_4SIG(l2ToSmBytes(d, m), compulsory + (elements * 2 - compulsory));
        // A cluster of 16 SMs shares its storage: S_u = 16 x 512 elements, the excess shrinks by a factor of 4.
        m.clusterSms = 16;
        const double clustered = std::sqrt(2.0) * products / std::sqrt(16 * 512.0) - 4.0 * 132 * 512;
        VERIFY_4SIG(l2ToSmBytes(d, m), clustered * 2);
        // With real Hopper storage (512 KB per SM, clusters of 16) nothing beyond the compulsory bytes is forced.
        m.smBytes = 524288;
        QCOMPARE(l2ToSmBytes(d, m), compulsory);
        const Ladder l = solve(d, m, PrecisionPolicy::PytorchDefault, CacheAssumption::Cold);
        verifyInvariants(l, "SM term");
    }

    // Elementwise work on bf16/fp16 data may run at the packed half-precision SIMT rate (A100: fp16 78, bf16 39
    // TFLOP/s against fp32 19.5): costing it at the fp32 rate would be up to 4x too slow a bound.
    void testHalfPrecisionSimtRate()
    {
        const ir::Program p = testutil::parseOk("kernel k(N=1000000) {\n  in A: bf16[N];\n  out C: bf16[N];\n"
                                                "  for i in 0..N { C[i] = A[i] * A[i] + 1; }\n}\n");
        const Digest d = prepare(graph::liftProgram(p, *ir::bindSizes(p, {})).value());
        const MachineModel m = machineFromProfile(*hw::loadHwRegistry({kShipped}).find("a100-sxm"));
        QCOMPARE(m.peak(Unit::Simt, Precision::FP16), 78e12);
        const Ladder l = solve(d, m, PrecisionPolicy::PytorchDefault, CacheAssumption::Cold);
        VERIFY_4SIG(l.at(Level::Fused).computeSeconds, 2.0e6 / 78e12); // 2 ops per element at the fastest SIMT rate
    }

    // Compute splits across the units a class may use; placing each class whole on its fastest unit is not monotone
    // (found by the differential counter on L40S: a faster SIMT pipe moved a TF32 GEMM off the tensor cores onto the
    // pipe that also carries the elementwise work, and the bound rose). Hand-derived: W = 2e12 FLOP of fp32 products
    // (TF32 tensor cores at 100e12 or SIMT at 50e12) and 25e12 SIMT-only ops. SIMT needs 0.5 s for its own ops, the
    // tensor cores 20 ms for all of W: T = 0.5 s. With SIMT at 100e12, T = 0.25 s: it falls, never rises.
    void testComputeSplitsAcrossUnits()
    {
        Digest d;
        Work w;
        w.macs[static_cast<int>(graph::MacType::FP32) * 2] = 1e12; // 2e12 FLOP
        w.simtOps = 25e12;
        d.nodeWork = {w};
        d.nodeUnfusedBytes = {0};
        d.nodeExternalBytes = {0};
        d.kernels = {Digest::Kernel {0, 1, w, 0, 0}};
        d.kernelNodes = {0};
        d.kernelOfNode = {0};
        MachineModel m;
        m.peak(Unit::Tensor, Precision::TF32) = 100e12;
        m.peak(Unit::Simt, Precision::FP32) = 50e12;
        m.dramBps = 1e12;
        auto fused = [&](const MachineModel& mm) {
            return solve(d, mm, PrecisionPolicy::AllowTf32, CacheAssumption::Cold).at(Level::Fused).seconds;
        };
        VERIFY_4SIG(fused(m), 0.5);
        m.peak(Unit::Simt, Precision::FP32) = 100e12;
        VERIFY_4SIG(fused(m), 0.25);
        // No SIMT-only work: both units share W, T = 2e12 / (100e12 + 100e12) = 10 ms (not 20 ms on one unit).
        d.nodeWork[0].simtOps = 0;
        d.kernels[0].work.simtOps = 0;
        VERIFY_4SIG(fused(m), 0.01);
        VERIFY_4SIG(leastMakespan({{0.02, 0.02, std::numeric_limits<double>::infinity()}}), 0.01);
    }

    // The eager model's dispatch floor (issue 18; issue 32 splits it from the launch floor, tst_modes): unfused_per_kernel
    // = max(the host's dispatch of every kernel, the device's sum), its own term, and no other level moves.
    // Hand-derived: two elementwise kernels over N = 1000 fp32 elements, each reads 4,000 B and writes 4,000 B: 8 us
    // at 1 GB/s, compute 1 ns at 1 TFLOP/s. F0 = 16 us; a 10 us dispatch floor makes it 2 x 10 = 20 us (+4 us, both
    // kernels floored); a 5 us one (10 us in all) hides behind the device's 16 us.
    void testOpFloorOnlyInTheEagerModel()
    {
        const ir::Program p = testutil::parseOk("kernel k(N=1000) {\n  in A: f32[N];\n  out C: f32[N];\n  tmp B: f32[N];\n"
                                                "  for i in 0..N { B[i] = A[i] + 1; }\n  for i in 0..N { C[i] = B[i] * 2; }\n}\n");
        const Digest d = prepare(graph::liftProgram(p, *ir::bindSizes(p, {})).value());
        QCOMPARE(d.kernels.size(), size_t(2));
        MachineModel m;
        m.peak(Unit::Simt, Precision::FP32) = 1e12;
        m.dramBps = 1e9;
        m.onchipBytes = 1e6;
        const Ladder plain = solve(d, m, PrecisionPolicy::PytorchDefault, CacheAssumption::Cold);
        VERIFY_4SIG(plain.at(Level::UnfusedPerKernel).seconds, 16e-6);
        QCOMPARE(plain.at(Level::UnfusedPerKernel).opFloorSeconds, 0.0);
        m.opFloorSeconds = 10e-6;
        const Ladder floored = solve(d, m, PrecisionPolicy::PytorchDefault, CacheAssumption::Cold);
        VERIFY_4SIG(floored.at(Level::UnfusedPerKernel).seconds, 20e-6);
        VERIFY_4SIG(floored.at(Level::UnfusedPerKernel).opFloorSeconds, 4e-6);
        QCOMPARE(floored.at(Level::UnfusedPerKernel).flooredKernels, 2);
        for (Level l : {Level::UnfusedOverlapped, Level::FusedPerOp, Level::Fused, Level::CacheAware}) {
            QCOMPARE(floored.at(l).seconds, plain.at(l).seconds);
            QCOMPARE(floored.at(l).opFloorSeconds, 0.0);
        }
        verifyInvariants(floored, "op floor");
        QVERIFY(std::any_of(floored.notes.begin(), floored.notes.end(), [](const solar::Message& n) {
            return n.text().find("host's eager dispatch: 2 launches") != std::string::npos;
        }));
        m.opFloorSeconds = 5e-6;
        const Ladder loose = solve(d, m, PrecisionPolicy::PytorchDefault, CacheAssumption::Cold);
        VERIFY_4SIG(loose.at(Level::UnfusedPerKernel).seconds, 16e-6);
        QCOMPARE(loose.at(Level::UnfusedPerKernel).flooredKernels, 0);

        // Through a profile: on by default (eager), off with --mode none.
        hw::HwProfile profile = *hw::loadHwRegistry({kShipped}).find("a100-sxm");
        profile.opFloorSeconds = hw::Number {1e-3, "T", "a test floor"};
        const auto on = analyzeProgram(p, profile);
        VERIFY_4SIG(on->ladder.at(Level::UnfusedPerKernel).seconds, 2e-3);
        AnalysisOptions noFloor;
        noFloor.mode = ExecutionMode::None;
        const auto off = analyzeProgram(p, profile, noFloor);
        QVERIFY(off->ladder.at(Level::UnfusedPerKernel).seconds < 1e-4);
        QCOMPARE(off->ladder.at(Level::Fused).seconds, on->ladder.at(Level::Fused).seconds);
    }

    void testAnalysisFacade()
    {
        const ir::Program p = testutil::parseOk(testutil::readData("alir/embedding.alir"));
        const auto profile = *hw::loadHwRegistry({kShipped}).find("a100-sxm");
        const auto r = analyzeProgram(p, profile);
        QVERIFY(r.hasValue());
        QVERIFY(r->coverage.complete); // the gather is counted, as a lower bound
        QVERIFY(!r->coverage.items.empty());
        QVERIFY(r->coverage.items[0].counted);
        QCOMPARE(r->validation.statusName(), std::string("unvalidated"));
        MachineModel faster = r->machine;
        faster.dramBps *= 2;
        const AnalysisResult again = reSolve(*r, faster);
        QVERIFY(near(again.ladder.at(Level::Fused).memorySeconds, r->ladder.at(Level::Fused).memorySeconds / 2, 1e-12));
    }
};

QTEST_GUILESS_MAIN(TestLadder)
#include "tst_ladder.moc"
