// SPDX-License-Identifier: MIT
// Lifting: node kinds, exact iteration counts (guards and triangles), MACs, operation counts, compulsory
// footprints and bytes, all against counts derived by hand in the comments; initialiser merging; def-use edges;
// the JSON, DOT and SOLAR-YAML exports.
#include "engine/analysis/analysis.h"
#include "engine/graph/export.h"
#include "engine/graph/lifting.h"
#include "engine/hw/registry.h"
#include "engine/ir/checker.h"
#include "testutil.h"

#include <QTest>

using namespace solar;
using namespace solar::graph;

namespace {

EinsumGraph lift(const std::string& file, const std::map<std::string, std::int64_t>& sizes = {})
{
    const ir::Program p = testutil::parseOk(testutil::readData("alir/" + file + ".alir"));
    const auto check = ir::checkProgram(p);
    if (!check.ok())
        qWarning("%s", formatAll(check.diagnostics).c_str());
    const auto b = ir::bindSizes(p, sizes);
    auto g = liftProgram(p, *b);
    return std::move(g).value();
}

const Node& node(const EinsumGraph& g, const std::string& name)
{
    for (const auto& n : g.nodes) {
        if (n.name == name)
            return n;
    }
    qFatal("no node %s", name.c_str());
}

double footprintOf(const Node& n, const std::string& text)
{
    for (const auto& op : n.reads) {
        if (op.text == text)
            return op.footprint;
    }
    return n.write.text == text ? n.write.footprint : -1;
}

} // namespace

class TestLifting : public QObject
{
    Q_OBJECT
private slots:
    void testMatmul()
    {
        const EinsumGraph g = lift("matmul"); // M=5, K=7, N=3, f32
        QCOMPARE(g.nodes.size(), size_t(1)); // the initialiser merged into the contraction
        const Node& n = g.nodes[0];
        QCOMPARE(n.kind, NodeKind::Contraction);
        QVERIFY(n.hasInit);
        QCOMPARE(n.initValue, std::string("0"));
        QCOMPARE(n.initLine, 6);
        QCOMPARE(n.line, 7);
        QCOMPARE(n.equation, std::string("MK,KN->MN"));
        QCOMPARE(n.points, 105.0);
        QCOMPARE(n.macs, 105.0);
        QCOMPARE(n.otherOps, 0.0);
        QCOMPARE(n.macType, MacType::FP32);
        QVERIFY(!n.convLike);
        QCOMPARE(n.bytesRead, (35.0 + 21.0) * 4);
        QCOMPARE(n.bytesWritten, 15.0 * 4);
        QCOMPARE(n.externalBytes, (35.0 + 21.0 + 15.0) * 4);
        QCOMPARE(n.contractionM, 5.0);
        QCOMPARE(n.contractionN, 3.0);
        QCOMPARE(n.contractionK, 7.0);
        QCOMPARE(n.contractionBatch, 1.0);
        QCOMPARE(n.reducedRanks, (std::vector<std::string> {"k"}));
    }

    void testStridedPaddedConv()
    {
        // B=2, C=3, H=7, W=6, O=4, 3x3, stride 2, padding 1 -> P=4, Q=3. In-bounds taps per output row p: 2, 3, 3, 2
        // (10); per column q: 2, 3, 3 (8). MACs = B*O*C * 10 * 8 = 1920, not the unguarded 2*4*4*3*3*9 = 2592.
        const EinsumGraph g = lift("conv2d");
        QCOMPARE(g.nodes.size(), size_t(2)); // the bias initialiser reads a tensor, so it stays a node
        const Node& init = g.nodes[0];
        QCOMPARE(init.kind, NodeKind::Copy);
        QCOMPARE(init.points, 2.0 * 4 * 4 * 3);
        const Node& conv = g.nodes[1];
        QCOMPARE(conv.kind, NodeKind::Contraction);
        QVERIFY(conv.pointsExact);
        QCOMPARE(conv.macs, 1920.0);
        QVERIFY(conv.convLike);
        QCOMPARE(conv.equation, std::string("BC(P+R)(Q+S),OCRS,BOPQ->BOPQ"));
        // The window rows 2p + r - 1 for p < 4, r < 3 cover -1..7; clipped to 0..6 that is all 7 rows; columns all 6.
        QCOMPARE(footprintOf(conv, "X[b, c, 2 * p + r - 1, 2 * q + s - 1]"), 2.0 * 3 * 7 * 6);
        QCOMPARE(footprintOf(conv, "Wt[o, c, r, s]"), 4.0 * 3 * 9);
        // No capacity term for a sliding window (io-bounds.md section 4).
        QCOMPARE(conv.contractionM, 0.0);
    }

    void testDilatedAndStridedFootprints()
    {
        // Dilation 2, K=3, L=10: P = 6 outputs; taps p + 2r cover 0..9 (all of L). MACs = O*C*P*K = 2*3*6*3.
        const EinsumGraph d = lift("conv1d_dilated");
        const Node& dn = d.nodes[0];
        QCOMPARE(dn.macs, 108.0);
        QCOMPARE(footprintOf(dn, "X[c, p + 2 * r]"), 30.0);
        // 1x1, stride 3, L=10: P = 4 outputs reading positions 0, 3, 6, 9 only: 4 of 10 per channel.
        const EinsumGraph s = lift("conv1x1_strided");
        const Node& sn = s.nodes[0];
        QCOMPARE(sn.macs, 5.0 * 4 * 4);
        QCOMPARE(footprintOf(sn, "X[c, 3 * p]"), 4.0 * 4);
        QCOMPARE(sn.bytesRead, (16.0 + 20.0) * 4);
    }

    void testGroupedConv()
    {
        // B=2, G=3, CG=2, OG=4, L=8, K=3, padding 1: taps per output position: 2 at each edge, 3 inside
        // (2 + 6*3 + 2 = 22). MACs = B*G*OG*CG*22 = 2*3*4*2*22 = 1056.
        const EinsumGraph g = lift("conv_grouped");
        const Node& n = g.nodes[0];
        QCOMPARE(n.macs, 1056.0);
        QCOMPARE(n.macType, MacType::BF16);
        QCOMPARE(footprintOf(n, "X[b, g * CG + c, p + r - 1]"), 2.0 * 6 * 8);
        QCOMPARE(footprintOf(n, "W[g * OG + o, c, r]"), 12.0 * 2 * 3);
        QCOMPARE(n.bytesRead, (96.0 + 72.0) * 2);
    }

    void testTransposedConv()
    {
        // B=2, C=3, O=2, L=5, K=3, stride 2: MACs = B*C*L*O*K = 180; the output positions 2p + r cover 0..10 (LO = 11).
        const EinsumGraph g = lift("conv_transpose1d");
        QCOMPARE(g.nodes.size(), size_t(2)); // the zero fill has a different loop nest, so it stays a node
        QCOMPARE(g.nodes[0].kind, NodeKind::Elementwise);
        const Node& n = g.nodes[1];
        QCOMPARE(n.kind, NodeKind::Contraction);
        QCOMPARE(n.macs, 180.0);
        QVERIFY(n.convLike); // the window is on the output
        QCOMPARE(n.write.footprint, 2.0 * 2 * 11);
        QCOMPARE(g.edges.size(), size_t(1));
        QCOMPARE(g.edges[0].from, 0);
        QCOMPARE(g.edges[0].to, 1);
    }

    void testCausalAttention()
    {
        // T=6, D=4: the score loop j < i + 1 runs T(T+1)/2 = 21 times per d, not 36.
        const EinsumGraph g = lift("causal_attention");
        const Node& s = node(g, "S@14");
        QCOMPARE(s.kind, NodeKind::Contraction);
        QCOMPARE(s.points, 21.0 * 4);
        QCOMPARE(s.macs, 84.0);
        QVERIFY(s.pointsExact);
        QCOMPARE(footprintOf(s, "K[j, d]"), 24.0); // every key row is read by the last query
        const Node& m = node(g, "M@17");
        QCOMPARE(m.kind, NodeKind::Reduction);
        QCOMPARE(m.points, 21.0);
        const Node& o = node(g, "O@22");
        QCOMPARE(o.kind, NodeKind::Reduction); // exp(...) / L * V is not a plain product of two reads
        QCOMPARE(o.points, 84.0);
        // -, exp and / use only i and j: they run once per (i, j) of the triangle (21), not once per d; the * V and
        // the accumulation run at every point (84). exp is transcendental.
        QCOMPARE(o.otherOps, 21.0 * 3 + 84.0 * 2);
        QCOMPARE(o.transcendentalOps, 21.0);

        // At full size the count stays exact and cheap: T = 8192 gives 8192 * 8193 / 2 rows.
        const EinsumGraph big = lift("causal_attention", {{"T", 8192}, {"D", 128}});
        QCOMPARE(node(big, "S@14").points, 8192.0 * 8193 / 2 * 128);
    }

    void testPoolingAndNorm()
    {
        // 3x3 max pool, stride 2, padding 1, H=W=7 -> P=Q=4; taps per row p: 2, 3, 3, 2 (10), same per column.
        const EinsumGraph pool = lift("maxpool2d");
        const Node& n = pool.nodes[0];
        QCOMPARE(n.kind, NodeKind::Reduction);
        QVERIFY(n.hasInit);
        QCOMPARE(n.initValue, std::string("-inf"));
        QCOMPARE(n.points, 2.0 * 2 * 100);
        QCOMPARE(n.otherOps, 400.0); // one max per tap
        QCOMPARE(n.equation, std::string("BC(P+R)(Q+S)->BCPQ"));

        // Layernorm N=3, D=8: mean (x / D, +): 2 ops per point; variance (-, -, *, /, +): 5; output
        // (x - mu) * rsqrt(var + eps) * g + b: -, *, *, + per element (24 each) and var + eps, rsqrt once per row
        // (3 each: loop-invariant in d), one of them transcendental.
        const EinsumGraph ln = lift("layernorm");
        QCOMPARE(ln.nodes.size(), size_t(3));
        QCOMPARE(ln.nodes[0].otherOps, 24.0 * 2);
        QCOMPARE(ln.nodes[1].otherOps, 24.0 * 5);
        QCOMPARE(ln.nodes[2].kind, NodeKind::Elementwise);
        QCOMPARE(ln.nodes[2].otherOps, 24.0 * 4 + 3.0 * 2);
        QCOMPARE(ln.nodes[2].transcendentalOps, 3.0);
        QCOMPARE(ln.tensors[static_cast<size_t>(ln.nodes[0].write.tensor)].role, TensorRole::Intermediate);
    }

    void testScanGatherAndEdges()
    {
        const EinsumGraph c = lift("cumsum"); // N=3, L=10
        QCOMPARE(c.nodes.size(), size_t(2));
        QCOMPARE(c.nodes[0].kind, NodeKind::Copy);
        QCOMPARE(c.nodes[1].kind, NodeKind::Scan);
        QCOMPARE(c.nodes[1].points, 27.0);
        QCOMPARE(c.nodes[1].otherOps, 27.0);

        const EinsumGraph e = lift("embedding"); // N=5, V=7, D=3
        const Node& n = e.nodes[0];
        QCOMPARE(n.kind, NodeKind::Gather);
        QVERIFY(n.indirect);
        QVERIFY(n.approx); // the rows gathered are data-dependent: at least one row is counted
        QCOMPARE(footprintOf(n, "E[I[n], d]"), 3.0);
        QCOMPARE(footprintOf(n, "I[n]"), 5.0);
        QVERIFY(!e.notes.empty());

        const EinsumGraph m = lift("mlp_softmax");
        QCOMPARE(m.nodes.size(), size_t(4)); // T (contraction), M, Z (reductions), Y
        int intoY = 0;
        for (const auto& edge : m.edges)
            intoY += edge.to == 3;
        QCOMPARE(intoY, 3); // Y reads T, M and Z
    }

    void testTriangularFootprintIsALowerBound()
    {
        // Reading the lower triangle of A (i, j <= i) touches N(N+1)/2 elements: the indices are coupled by the
        // triangular bound, and the projection bound (points / points per element, 21 / 1) counts them exactly.
        const ir::Program p = testutil::parseOk(R"(kernel tri(N=6) {
  in A: f32[N, N];
  out S: f32[1];
  S[0] = 0;
  for i in 0..N { for j in 0..i + 1 { S[0] += A[i, j]; } }
})");
        const auto g = liftProgram(p, *ir::bindSizes(p));
        const Node& n = g->nodes[0];
        QCOMPARE(n.points, 21.0);
        QCOMPARE(footprintOf(n, "A[i, j]"), 21.0);
        QVERIFY(n.reads[0].footprintExact);
    }

    // An initialiser in its own loop nest before the accumulation merges exactly as the nested form does (issue 13,
    // item 7): one node, one kernel, the same bytes; a different domain does not merge.
    void testInitialiserMergesByDomain()
    {
        auto liftText = [](const std::string& text) {
            const ir::Program p = testutil::parseOk(text);
            return liftProgram(p, *ir::bindSizes(p, {})).value();
        };
        const std::string decls = "kernel mm(M=4, K=6, N=3) {\n  in A: f32[M, K];\n  in B: f32[K, N];\n  out C: f32[M, N];\n";
        const EinsumGraph nested = liftText(decls
                                            + "  for m in 0..M, n in 0..N {\n    C[m, n] = 0;\n"
                                              "    for k in 0..K { C[m, n] += A[m, k] * B[k, n]; }\n  }\n}\n");
        const EinsumGraph separate = liftText(decls
                                              + "  for m in 0..M, n in 0..N { C[m, n] = 0; }\n"
                                                "  for m in 0..M, n in 0..N, k in 0..K { C[m, n] += A[m, k] * B[k, n]; }\n}\n");
        QCOMPARE(nested.nodes.size(), size_t(1));
        QCOMPARE(separate.nodes.size(), size_t(1));
        QVERIFY(separate.nodes[0].hasInit);
        QCOMPARE(separate.nodes[0].bytesRead, nested.nodes[0].bytesRead);
        QCOMPARE(separate.nodes[0].bytesWritten, nested.nodes[0].bytesWritten); // 4 * 3 * 4 bytes, written once
        QCOMPARE(separate.nodes[0].bytesWritten, 4.0 * 3 * 4);
        // Initialised over a different range (one row): not the accumulation's domain, two nodes.
        const EinsumGraph partial = liftText(decls
                                             + "  for m in 0..1, n in 0..N { C[m, n] = 0; }\n"
                                               "  for m in 0..M, n in 0..N, k in 0..K { C[m, n] += A[m, k] * B[k, n]; }\n}\n");
        QCOMPARE(partial.nodes.size(), size_t(2));
    }

    // Guards with %, ||, != and conditionals (issue 13, item 3): the footprint never exceeds what runs.
    // A causal mask as a guard over a rectangular loop: each (i, j) with j <= i gets exactly D points of the
    // reduction d, which no guard or bound mentions, so the footprint of A[i, j] is exact: S (S + 1) / 2 elements,
    // and the count is not an approximation (issue 15, item 9: the prompt's causal example).
    void testGuardedElementsWithFreeReductionAreExact()
    {
        const ir::Program p
            = testutil::parseOk("kernel c(S=64, D=16) {\n  in Q: f32[S, D];\n  in K: f32[S, D];\n  out A: f32[S, S];\n"
                                "  for i in 0..S, j in 0..S {\n    A[i, j] = -inf;\n    if (j <= i) {\n      A[i, j] = 0.0;\n"
                                "      for d in 0..D { A[i, j] += Q[i, d] * K[j, d]; }\n    }\n  }\n}\n");
        const EinsumGraph g = liftProgram(p, *ir::bindSizes(p, {})).value();
        const Node& acc = g.nodes.back();
        QCOMPARE(acc.points, 64.0 * 65 / 2 * 16);
        QCOMPARE(acc.write.footprint, 64.0 * 65 / 2);
        QVERIFY(acc.write.footprintExact);
        QVERIFY(!acc.approx);
        // Q[i, d] is read for every i (j = 0 keeps every row): 64 x 16, exact as well.
        QCOMPARE(acc.reads[0].footprint, 64.0 * 16);
    }

    void testGuardFootprintsAreNotAboveTheTruth()
    {
        auto liftText = [](const std::string& text) {
            const ir::Program p = testutil::parseOk(text);
            return liftProgram(p, *ir::bindSizes(p, {})).value();
        };
        // i % 64 == 0 keeps 4096 / 64 = 64 values of i, each reading its own X[i]: exactly 64 elements.
        const EinsumGraph mod = liftText(R"(kernel k(N=4096) {
  in X: f32[N];
  out Y: f32[N // 64];
  for i in 0..N { if (i % 64 == 0) { Y[i // 64] = X[i]; } }
})");
        QCOMPARE(footprintOf(mod.nodes[0], "X[i]"), 64.0);
        QVERIFY(mod.nodes[0].reads[0].footprintExact);
        // i < 2 || i >= N - 2 keeps 4 of 1,000,000.
        const EinsumGraph ends = liftText(R"(kernel k(N=1000000) {
  in X: f32[N];
  out Y: f32[N];
  for i in 0..N { if (i < 2 || i >= N - 2) { Y[i] = X[i] * 2; } else { Y[i] = 0; } }
})");
        QCOMPARE(footprintOf(ends.nodes[0], "X[i]"), 4.0);
        QCOMPARE(ends.nodes[0].bytesRead, 16.0);
        // !(i != 3): one point. Below, X[j] under i % 4 == 1 is read at 2 * 16 = 32 points; each element by at most
        // one point per value of i (8), so the bound claims at least 32 / 8 = 4 of the 16 it really reads, never more.
        const EinsumGraph one = liftText(R"(kernel k(N=10) {
  in X: f32[N];
  out Y: f32[N];
  for i in 0..N { if (!(i != 3)) { Y[i] = X[i]; } }
})");
        QCOMPARE(footprintOf(one.nodes[0], "X[i]"), 1.0);
        const EinsumGraph rows = liftText(R"(kernel k(I=8, J=16) {
  in X: f32[J];
  out Y: f32[I, J];
  for i in 0..I, j in 0..J { if (i % 4 == 1) { Y[i, j] = X[j]; } }
})");
        QVERIFY(footprintOf(rows.nodes[0], "X[j]") <= 16.0);
        QVERIFY(footprintOf(rows.nodes[0], "X[j]") >= 1.0);
        QCOMPARE(footprintOf(rows.nodes[0], "Y[i, j]"), 2.0 * 16); // i in {1, 5}: injective, exact
        // A read in one branch of a conditional runs only where that branch is taken: 3 of 100 elements.
        const EinsumGraph sel = liftText(R"(kernel k(N=100) {
  in X: f32[N];
  in Z: f32[N];
  out Y: f32[N];
  for i in 0..N { Y[i] = (i < 3) ? X[i] : Z[i] * 2; }
})");
        QCOMPARE(footprintOf(sel.nodes[0], "X[i]"), 3.0);
        QCOMPARE(footprintOf(sel.nodes[0], "Z[i]"), 97.0);
    }

    // Loop-invariant subexpressions are charged once per distinct value of the variables they use (issue 13, item 5):
    // scale = 1 / sqrt(V[r] + 1) runs R times in an R x C nest, the product and the store's * run R * C times.
    void testLoopInvariantOperations()
    {
        const ir::Program p = testutil::parseOk(R"(kernel k(R=5, C=1000) {
  in X: f32[R, C];
  in V: f32[R];
  out Y: f32[R, C];
  for r in 0..R, c in 0..C { Y[r, c] = X[r, c] * (1 / sqrt(V[r] + 1)); }
})");
        const auto g = liftProgram(p, *ir::bindSizes(p));
        const Node& n = g->nodes[0];
        QCOMPARE(n.otherOps, 5.0 * 3 + 5.0 * 1000); // +, sqrt, / per row; * per element
        QCOMPARE(n.transcendentalOps, 5.0);
        // A constant subexpression costs nothing; an expression of c alone runs C times.
        const ir::Program q = testutil::parseOk(R"(kernel k(R=5, C=1000) {
  in X: f32[R, C];
  out Y: f32[R, C];
  for r in 0..R, c in 0..C { Y[r, c] = X[r, c] + (c * 2 + 3 * 4); }
})");
        const auto h = liftProgram(q, *ir::bindSizes(q));
        QCOMPARE(h->nodes[0].otherOps, 1000.0 * 2 + 5000.0);
    }

    // A non-affine index says what it is: a reshape's // and % are not a gather (the note used to call both one).
    void testNonAffineIndexNotesSayWhichKind()
    {
        const ir::Program p = testutil::parseOk(R"(kernel k(N=16) {
  in X: f32[4, 4];
  in I: i64[N] @range(0, 4);
  out Y: f32[N];
  out Z: f32[N];
  for i in 0..N { Y[i] = X[i // 4, i % 3]; }
  for i in 0..N { Z[i] = X[I[i], 0]; }
})");
        const auto g = liftProgram(p, *ir::bindSizes(p));
        QVERIFY(g);
        QCOMPARE(g->nodes.size(), std::size_t(2));
        QVERIFY(!g->nodes[0].notes.empty() && !g->nodes[1].notes.empty());
        QVERIFY2(g->nodes[0].notes[0].find("// or %") != std::string::npos, g->nodes[0].notes[0].c_str());
        QVERIFY2(g->nodes[1].notes[0].find("gather") != std::string::npos, g->nodes[1].notes[0].c_str());
    }

    // A reshape that merges dimensions reads its base through the digits of one flat index (E // 12 % 4, E % 12:
    // an attention output's heads and head_dim seen as one hidden dimension): exactly as many elements as E takes
    // values, here all 2 x 48 of them. And a grouped-query head index hk * G + g pins down both variables, so under
    // a causal (triangular) loop the scores' footprint is still exact (counted by hand below).
    void testMergedReshapeAndGroupedHeadsAreExact()
    {
        const ir::Program p = testutil::parseOk(R"(kernel k(B=2, W=48, L=5) {
  in X: f32[B, 4, 1, 12];
  in Q: f32[B, 6, L];
  out Y: f32[B, W];
  out S: f32[B, 6, L, L];
  for b in 0..B, k in 0..W { Y[b, k] = X[(W * b + k) // W % B, (W * b + k) // 12 % 4, 0, (W * b + k) % 12] * 2; }
  for b in 0..B, hk in 0..2, g in 0..3, l in 0..L {
    for j in 0..l + 1 { S[b, hk * 3 + g, l, j] = Q[b, hk * 3 + g, l] * 2; }
  }
})");
        const auto g = liftProgram(p, *ir::bindSizes(p));
        QVERIFY(g);
        QCOMPARE(g->nodes.size(), std::size_t(2));
        QVERIFY2(g->nodes[0].notes.empty(), g->nodes[0].notes.empty() ? "" : g->nodes[0].notes[0].c_str());
        QCOMPARE(g->nodes[0].reads[0].footprint, 2.0 * 48);
        QVERIFY(g->nodes[0].reads[0].footprintExact);
        // Causal: query l has l + 1 keys, 1 + 2 + 3 + 4 + 5 = 15 per (batch, head); 2 batches x 6 heads.
        QVERIFY2(g->nodes[1].notes.empty(), g->nodes[1].notes.empty() ? "" : g->nodes[1].notes[0].c_str());
        QCOMPARE(g->nodes[1].write.footprint, 2.0 * 6 * 15);
        QVERIFY(g->nodes[1].write.footprintExact);
        QCOMPARE(g->nodes[1].reads[0].footprint, 2.0 * 6 * 5);
    }

    // A stacked KV cache read layer by layer: each statement reads its own row of X, so together they touch both
    // rows (2 x 10 elements), not the larger of the two (10) — the boxes X[0, :] and X[1, :] are disjoint. Two
    // reads of the same row still count once.
    void testDisjointReadsAcrossNodesAddUp()
    {
        const ir::Program p = testutil::parseOk(R"(kernel rows(N=10) {
  in X: f32[2, N];
  out A: f32[N];
  out B: f32[N];
  out C: f32[N];
  for i in 0..N { A[i] = X[0, i]; }
  for i in 0..N { B[i] = X[1, i] * 2; }
  for i in 0..N { C[i] = X[1, i] + 1; }
})");
        const auto b = ir::bindSizes(p, {});
        const auto g = liftProgram(p, *b);
        QVERIFY(g);
        QCOMPARE(g->externalFootprint[static_cast<size_t>(g->tensor("X") - g->tensors.data())], 20.0);
    }

    // torch.cat as one kernel writing its slices: the output's two halves are disjoint boxes, so the kernel writes
    // (and the program must write) all 2 x 8 x 4 elements; with the two inputs' 8 x 4 each, 128 elements of fp32
    // are compulsory at every level from F0 to F4 (the per-kernel levels no longer take the larger half).
    void testCatWritesEverySlice()
    {
        const ir::Program p = testutil::parseOk(R"(kernel cat(N=8, D=4) {
  in A: f32[N, D];
  in B: f32[N, D];
  out Y: f32[2 * N, D];
  @op("aten::cat", 1) {
    for i in 0..N, j in 0..D { Y[i, j] = A[i, j]; }
    for i in 0..N, j in 0..D { Y[N + i, j] = B[i, j]; }
  }
})");
        const auto hw = hw::loadDefaultHwRegistry();
        const auto r = analyzeProgram(p, *hw.find("h100-sxm"));
        QVERIFY(r);
        for (const auto level : bounds::kLevels)
            QCOMPARE(r->ladder.at(level).bytes, 128.0 * 4);
    }

    // A grouped GEMM (torch._grouped_mm): each of R rows times its group's K x N matrix, the group read through a
    // tensor. Every multiply-add is a MAC (R x N x K = 6 x 5 x 4 = 120) at the operands' rate — counted as
    // elementwise operations it would go to the slower SIMT units, a bound above the tensor cores' real time.
    void testGatheredProductIsAContraction()
    {
        const ir::Program p = testutil::parseOk(R"(kernel grouped(R=6, K=4, N=5, G=3) {
  in A: bf16[R, K];
  in B: bf16[G, K, N];
  in Grp: i32[R] @range(0, 3);
  out Y: bf16[R, N];
  for r in 0..R, n in 0..N {
    Y[r, n] = 0;
    for k in 0..K { Y[r, n] += A[r, k] * B[Grp[r], k, n]; }
  }
})");
        const auto b = ir::bindSizes(p, {});
        const auto g = liftProgram(p, *b);
        QVERIFY(g);
        const Node& n = g->nodes.back();
        QCOMPARE(n.kind, NodeKind::Contraction);
        QCOMPARE(n.macs, 120.0);
        QCOMPARE(n.macType, MacType::BF16);
        QCOMPARE(n.otherOps, 0.0);
    }

    void testExports()
    {
        const EinsumGraph g = lift("mlp_softmax");
        const std::string json = graphToJson(g);
        QVERIFY(json.find("\"schema\": \"solar.einsumgraph/1\"") != std::string::npos);
        QVERIFY(json.find("\"equation\": \"BK,NK->BN\"") != std::string::npos);
        const std::string dot = graphToDot(g);
        QVERIFY(dot.rfind("digraph \"mlp_softmax\" {", 0) == 0);
        QVERIFY(dot.find("n0 -> n3") != std::string::npos);
        const std::string yaml = graphToSolarYaml(g);
        QVERIFY(yaml.rfind("model_name: 'mlp_softmax'\nlayers:\n", 0) == 0);
        QVERIFY(yaml.find("    einsum_equation: 'BK,NK->BN'\n    elementwise_op: mul\n    reduction_op: add\n    is_real_einsum: true\n")
                != std::string::npos);
        QVERIFY(yaml.find("tensor_shapes: {inputs: [[4,16], [8,16]], outputs: [[4,8]]}") != std::string::npos);
        // Deterministic.
        QCOMPARE(graphToJson(lift("mlp_softmax")), json);
    }
};

QTEST_GUILESS_MAIN(TestLifting)
#include "tst_lifting.moc"
