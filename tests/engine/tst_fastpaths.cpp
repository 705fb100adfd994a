// SPDX-License-Identifier: MIT
// The interpreter's fast paths against running every statement as written: specialised inner loops, interleaved
// dots, reduction rows, bands run in another order (nestorder.h), reversed loops and folded-view addresses give
// bit-identical tensors and the same instance counts; which order each band runs in, and which reads are taken as
// one flat address, derived by hand.
#include "engine/ir/boundsanalysis.h"
#include "engine/ir/interpreter.h"
#include "engine/ir/nestorder.h"
#include "testutil.h"

#include <QTest>

#include <cmath>

using namespace solar;
using namespace solar::ir;
using testutil::data;
using testutil::runOk;

class TestFastPaths : public QObject
{
    Q_OBJECT
private slots:
    // A folded view's indices are the digits of one flat address (boundsanalysis.h): read as that address, they
    // must give exactly the elements Python's // and % pick — counted here by hand from X's values 0..23.
    void testFoldedViewDigits()
    {
        const Program p = testutil::parseOk(R"(kernel k(B=2) {
  in X: f32[B, 3, 4];
  in U: f32[1, 6];
  out Y: f32[24];
  out Z: f32[19];
  out W: f32[24];
  out V: f32[12];
  out S: f32[6];
  for i in 0..24 { Y[i] = X[i // 12, i // 4 % 3, i % 4]; }
  for i in 0..19 { Z[i] = X[(i + 5) // 12 % B, (i + 5) // 4 % 3, (i + 5) % 4]; }
  for i in 0..24 { W[i] = X[(i + 5) // 12 % B, (i + 5) // 4 % 3, (i + 5) % 4]; }
  for i in 0..12 { V[i] = X[i // 12, i // 3 % 3, i % 4]; }
  for i in 0..6 { S[i] = U[0, (5 - i) % 6]; }
})");
        RunOptions o;
        TensorValue x;
        x.shape = {2, 3, 4};
        for (int i = 0; i < 24; ++i)
            x.data.push_back(i);
        o.inputs["X"] = x;
        TensorValue u;
        u.shape = {1, 6};
        u.data = {10, 11, 12, 13, 14, 15};
        o.inputs["U"] = u;
        const RunResult r = runOk(p, o);
        std::vector<double> y, z, w, v;
        for (int i = 0; i < 24; ++i)
            y.push_back(i);
        for (int i = 0; i < 19; ++i)
            z.push_back(i + 5);
        for (int i = 0; i < 24; ++i)
            w.push_back((i + 5) % 24); // the first digit wraps: (i + 5) // 12 % 2
        for (int i = 0; i < 12; ++i)
            v.push_back(i / 3 % 3 * 4 + i % 4); // // 3 is not the stride of the second dimension
        QCOMPARE(data(r, "Y"), y);
        QCOMPARE(data(r, "Z"), z);
        QCOMPARE(data(r, "W"), w);
        QCOMPARE(data(r, "V"), v);
        QCOMPARE(data(r, "S"), (std::vector<double> {15, 14, 13, 12, 11, 10}));
        // Which reads are taken as one flat address: not W's (its address wraps) nor V's (not digits).
        const auto bound = bindSizes(p);
        QVERIFY(bound.hasValue());
        const BoundsMap bounds = analyzeBounds(p, *bound);
        std::vector<bool> flat;
        for (const Stmt& loop : p.body)
            flat.push_back(bounds.at(&loop.body.front().value).flat.has_value());
        QCOMPARE(flat, (std::vector<bool> {true, true, false, false, true}));
    }

    // Which order each band runs in, derived by hand from nestorder.h's rules.
    void testExecutionOrder()
    {
        const Program p = testutil::parseOk(R"(kernel k(C=40, H=56, W=56) {
  in X: f32[C, H, W];
  in Wt: f32[4, C, 3, 3];
  out Y: f32[4, H, W];
  out Z: f32[4, 5, 6];
  out T: f32[4, 113, 113];
  for o in 0..4, p in 0..H, q in 0..W { Y[o, p, q] = 0; }
  for o in 0..4, c in 0..C, p in 0..H, r in 0..3, q in 0..W, s in 0..3 {
    if (p + r - 1 >= 0 && p + r - 1 < H && q + s - 1 >= 0 && q + s - 1 < W) { Y[o, p, q] += X[c, p + r - 1, q + s - 1] * Wt[o, c, r, s]; }
  }
  for o in 0..4, c in 0..C, p in 0..5, r in 0..1, q in 0..6, s in 0..1 { Z[o, p, q] += X[c, p + r, q + s] * Wt[o, c, r, s]; }
  for o in 0..4, c in 0..C, p in 0..H, r in 0..3, q in 0..W, s in 0..3 { T[o, 2 * p + r, 2 * q + s] += X[c, p, q] * Wt[o, c, r, s]; }
  for o in 0..4, p in 0..5, q in 0..6 { Z[o, p, q] += Z[o, p, 0]; }
})");
        const auto bound = bindSizes(p);
        QVERIFY(bound.hasValue());
        const NameResolver outer = bound->resolver();
        auto plain = [](std::vector<size_t> ranges) { return LoopOrder {ranges, std::vector<bool>(ranges.size(), false)}; };
        const std::vector<LoopOrder> expected {
            plain({0, 1, 2}), // Y's initialiser: already row-innermost
            plain({0, 1, 2, 3, 5, 4}), // the output column (56) inside the column taps (3)
            plain({3, 5, 0, 2, 4, 1}), // taps of one iteration out; channels (40) inside rows of 5 and 6
            // A transposed convolution: `2 * q + s` sends two iterations to one element, but with s descending and
            // q innermost each element's updates keep their order (q ascending).
            LoopOrder {{0, 1, 2, 3, 5, 4}, {false, false, false, false, true, false}}, plain({0, 1, 2}), // the target read by its own value
        };
        QCOMPARE(p.body.size(), expected.size());
        for (size_t i = 0; i < expected.size(); ++i)
            QVERIFY2(executionOrder(p.body[i], outer, bound->shapes, true) == expected[i], std::to_string(i).c_str());
        // Without the bounds analysis' proof, colliding flat addresses may come from indices out of their range.
        QVERIFY(executionOrder(p.body[3], outer, bound->shapes, false) == plain({0, 1, 2, 3, 4, 5}));
    }

    void testSpecialisedLoopsMatchPlainExecution_data()
    {
        QTest::addColumn<QString>("source");
        for (const char* f :
             {"matmul", "conv2d", "softmax", "layernorm", "causal_attention", "cumsum", "maxpool2d", "embedding", "mlp_softmax"})
            QTest::addRow("%s", f) << QString::fromStdString(testutil::readData(std::string("alir/") + f + ".alir"));
        QTest::addRow("strided guard") << QStringLiteral(R"(kernel k(N=11) {
  in X: f32[N];
  out Y: f32[N];
  for i in 0..N {
    Y[i] = 0;
    for j in 1..N step 3 { if (j >= i - 2 && 2 * j <= i + 7) { Y[i] += X[N - 1 - j] * X[j]; } }
  }
})");
        QTest::addRow("reversed, variables and equality guard") << QStringLiteral(R"(kernel k(N=9, M=4) {
  in X: f64[N, M];
  out Y: f64[N, M];
  out Z: f64[N];
  for i in 0..N, j in 0..M { Y[i, j] = X[N - 1 - i, M - 1 - j] * i - j; }
  for i in 0..N {
    Z[i] = 1;
    for j in max(0, i - 3)..min(N, i + 2) { if (j == i - 1) { Z[i] *= Y[j, 0] + 0.5; } }
    for j in 0..M { Z[i] max= Y[i, j]; }
  }
})");
        // Four dots of a parent loop interleaved (issue 52): an initialiser that reads another tensor, a parent
        // step of 2 and remainders, an f64 accumulator, and an initialiser of another element (run as written).
        QTest::addRow("interleaved dots") << QStringLiteral(R"(kernel k(M=5, N=11, K=13) {
  in A: f32[M, K];
  in B: f32[K, N];
  in bias: f32[N];
  out C: f32[M, N];
  out D: f64[M, N];
  out E: f32[M, N];
  for m in 0..M, n in 0..N { C[m, n] = bias[n]; for k in 0..K { C[m, n] += A[m, k] * B[k, n]; } }
  for m in 0..M, n in 0..N { D[m, n] = 0; }
  for m in 0..M, n in 0..N step 2 { D[m, n] = 1; for k in 0..K { D[m, n] += A[m, k] * B[k, n]; } }
  for m in 0..M, n in 0..N { E[m, n] = 0; }
  for m in 0..M, n in 0..N { E[m, N - 1 - n] = 0.5; for k in 0..K { E[m, n] += A[m, k] * B[k, n]; } }
})");
        // Reduction nests run as rows over the loop whose iterations own an element (issue 52): the trace route's
        // convolution (strided, padded, dilated), a textbook convolution with a bias initialiser, a parent step of 2,
        // a reversed row, f64 and bf16 targets, a transposed convolution (the target moves with the taps), and an
        // initialiser of another element and a target shared across the nest, which must run as written.
        QTest::addRow("convolution rows") << QStringLiteral(R"(kernel k(C=3, H=13, W=17, O=2) {
  in X: f32[1, C, H, W];
  weight Wt: f32[O, C, 3, 3];
  in bias: f32[O];
  out Y: f32[1, O, 7, 8];
  out Z: f32[1, O, H, W];
  out D: f64[O, 6, 8];
  out T: f32[O, 27, 35];
  out U: f32[O, 27, 35];
  out R: bf16[O, W];
  out S: f32[O, W];
  for b in 0..1, o in 0..O, p in 0..7, q in 0..8 { Y[b, o, p, q] = bias[o]; }
  for b in 0..1, o in 0..O, c in 0..C, p in 0..7, r in 0..3, q in 0..8, s in 0..3 {
    if (2 * p + 2 * r - 2 >= 0 && 2 * p + 2 * r - 2 < H && 2 * q + s - 1 >= 0 && 2 * q + s - 1 < W) {
      Y[b, o, p, q] += X[b, c, 2 * p + 2 * r - 2, 2 * q + s - 1] * Wt[o, c, r, s];
    }
  }
  for b in 0..1, o in 0..O, p in 0..H, q in 0..W {
    Z[b, o, p, q] = bias[o];
    for c in 0..C, r in 0..3, s in 0..3 {
      if (p + r - 1 >= 0 && p + r - 1 < H && q + s - 1 >= 0 && q + s - 1 < W) { Z[b, o, p, q] += X[b, c, p + r - 1, q + s - 1] * Wt[o, c, r, s]; }
    }
  }
  for o in 0..O, p in 0..6, q in 0..8 { D[o, p, q] = 0; }
  for o in 0..O, c in 0..C, p in 0..6, r in 0..3, q in 0..8 step 2, s in 0..3 {
    if (W - 5 - 2 * q - s >= 0) { D[o, p, q] += X[0, c, p + r, W - 5 - 2 * q - s] * Wt[o, c, r, s]; }
  }
  for o in 0..O, p in 0..27, q in 0..35 { T[o, p, q] = 0; }
  for o in 0..O, c in 0..C, p in 0..H, r in 0..3, q in 0..W, s in 0..3 {
    if (2 * p + r - 1 >= 0 && 2 * p + r - 1 < 27 && 2 * q + s - 1 >= 0 && 2 * q + s - 1 < 35) {
      T[o, 2 * p + r - 1, 2 * q + s - 1] += X[0, c, p, q] * Wt[o, c, r, s];
    }
  }
  for o in 0..O, p in 0..27, q in 0..35 { U[o, p, q] = 0; }
  for o in 0..O, c in 0..C, p in 0..H, r in 0..3, q in 0..W, s in 0..3 {
    if (2 * p + r - 1 >= 0 && 2 * p + r - 1 < 27 && 2 * q + s - 1 >= 0 && 2 * q + s - 1 < 35) {
      U[o, 2 * p + r - 1, 2 * q + s - 1] += X[0, c, p, q] * Wt[c % O, o, r, s];
    }
  }
  for o in 0..O, q in 0..W { R[o, q] = 0; for c in 0..C, s in 0..3 { if (q + s < W) { R[o, q] += X[0, c, 4, q + s] * Wt[o, c, 1, s]; } } }
  for o in 0..O, q in 0..W { S[o, W - 1 - q] = 0.5; for c in 0..C, s in 0..3 { if (q + s < W) { S[o, q] += X[0, c, 2, q + s] * Wt[o, c, 0, s]; } } }
  for o in 0..O, q in 0..W { S[o, 0] += 1; for c in 0..C, s in 0..3 { if (q + s < W) { S[o, 0] += X[0, c, 3, q + s] * Wt[o, c, 2, s]; } } }
})");
        // Bands run in another order (nestorder.h): a 1x1 convolution with its channels innermost and its taps
        // moved out, a max-reduction, and bands that must keep their order — targets that collide (a transposed
        // convolution's, a sum over anti-diagonals), a target read by its own value, a bound that moves.
        QTest::addRow("reordered bands") << QStringLiteral(R"(kernel k(C=40, H=3, W=4) {
  in X: f32[C, H, W];
  in V: f32[2, C];
  out P: f32[2, H, W];
  out M: f32[H, W];
  out A: f32[7];
  out Q: f32[C];
  out L: f32[H, C];
  for o in 0..2, p in 0..H, q in 0..W { P[o, p, q] = 0; }
  for o in 0..2, c in 0..C, p in 0..H, r in 0..1, q in 0..W, s in 0..1 { P[o, p + r, q + s] += X[c, p + r, q + s] * V[o, c]; }
  for p in 0..H, q in 0..W { M[p, q] = -inf; }
  for c in 0..C, p in 0..H, q in 0..W { M[p, q] max= X[c, p, q] * 2; }
  for i in 0..7 { A[i] = 0; }
  for i in 0..H, j in 0..W { A[i + j] += X[i, i, j] * X[j, 0, i]; }
  for c in 0..C { Q[c] = 1; }
  for c in 1..C, p in 0..H { Q[c] += Q[c - 1] * X[c, p, 0]; }
  for p in 0..H, c in 0..C { L[p, c] = 0; }
  for p in 0..H, c in 0..C, q in 0..p + 1 { L[p, c] += X[c, p, q]; }
})");
        QTest::addRow("bf16 accumulation") << QStringLiteral(R"(kernel k(N=7, K=300) {
  in A: bf16[N, K];
  in B: bf16[K];
  out C: bf16[N];
  for n in 0..N { C[n] = 0; for k in 0..K { C[n] += A[n, k] * B[k]; } }
})");
    }

    void testSpecialisedLoopsMatchPlainExecution()
    {
        QFETCH(QString, source);
        const Program p = testutil::parseOk(source.toStdString());
        RunOptions fast;
        fast.seed = 11;
        RunOptions plain = fast;
        plain.specialize = false;
        const RunResult a = runOk(p, fast);
        const RunResult b = runOk(p, plain);
        QVERIFY(!a.tensors.empty());
        QCOMPARE(a.instanceCounts, b.instanceCounts);
        for (size_t t = 0; t < a.tensors.size(); ++t) {
            QCOMPARE(a.tensors[t].data.size(), b.tensors[t].data.size());
            for (size_t i = 0; i < a.tensors[t].data.size(); ++i) {
                const double x = a.tensors[t].data[i], y = b.tensors[t].data[i];
                QVERIFY2(x == y || (std::isnan(x) && std::isnan(y)), qPrintable(QString::fromStdString(a.tensors[t].name)));
            }
        }
    }
};

QTEST_GUILESS_MAIN(TestFastPaths)
#include "tst_fastpaths.moc"
