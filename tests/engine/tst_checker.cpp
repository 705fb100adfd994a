// SPDX-License-Identifier: MIT
// Checker: each error kind with its position, each access classification, and each bounds status.
#include "engine/ir/checker.h"
#include "testutil.h"

#include <QTest>

using namespace solar;
using namespace solar::ir;

namespace {

CheckResult check(const std::string& src)
{
    return checkProgram(testutil::parseOk(src));
}

const AccessInfo* findAccess(const CheckResult& r, const std::string& text)
{
    for (const auto& a : r.accesses) {
        if (a.text == text)
            return &a;
    }
    return nullptr;
}

} // namespace

class TestChecker : public QObject
{
    Q_OBJECT
private slots:
    void testAllExamplesAreClean_data()
    {
        QTest::addColumn<QString>("file");
        for (const char* f :
             {"matmul", "conv2d", "softmax", "layernorm", "causal_attention", "cumsum", "maxpool2d", "embedding", "mlp_softmax"})
            QTest::addRow("%s", f) << QString::fromLatin1(f);
    }

    void testAllExamplesAreClean()
    {
        QFETCH(QString, file);
        const CheckResult r = check(testutil::readData("alir/" + file.toStdString() + ".alir"));
        QVERIFY2(r.diagnostics.empty(), formatAll(r.diagnostics).c_str());
    }

    void testErrors_data()
    {
        QTest::addColumn<QString>("source");
        QTest::addColumn<QString>("code");
        QTest::addColumn<int>("line");
        QTest::addColumn<int>("column");
        QTest::addColumn<QString>("message");
        auto row = [](const char* name, const char* src, const char* code, int line, int col, const char* msg) {
            QTest::addRow("%s", name) << QString::fromUtf8(src) << QString::fromLatin1(code) << line << col << QString::fromUtf8(msg);
        };
        row("undeclared name", "kernel k() {\n out Y: f32[1];\n Y[0] = n;\n}", "check.undeclared", 3, 9, "use of undeclared name 'n'");
        row("undeclared tensor", "kernel k() {\n out Y: f32[1];\n Y[0] = X[0];\n}", "check.undeclared", 3, 9,
            "use of undeclared tensor 'X'");
        row("redefinition", "kernel k(N=1) {\n in N: f32[1];\n}", "check.redefinition", 2, 2,
            "redefinition of 'N' (first defined at line 1)");
        row("later let", "kernel k() {\n let A = B + 1;\n let B = 2;\n}", "check.undeclared", 2, 10, "use of undeclared name 'B'");
        row("loop var shadows size", "kernel k(N=2) {\n out Y: f32[N];\n for N in 0..2 { Y[N] = 0; }\n}", "check.shadowing", 3, 6,
            "loop variable 'N' shadows the size declared at line 1");
        row("nested same var", "kernel k() {\n out Y: f32[2];\n for i in 0..2 {\n  for i in 0..2 { Y[i] = 0; }\n }\n}", "check.shadowing",
            4, 7, "loop variable 'i' is already bound by an enclosing loop at line 3");
        row("tensor as scalar", "kernel k() {\n in X: f32[1];\n out Y: f32[1];\n Y[0] = X;\n}", "check.tensor-as-scalar", 4, 9,
            "'X' is a tensor; index it as X[...]");
        row("size indexed", "kernel k(N=1) {\n out Y: f32[1];\n Y[0] = N[0];\n}", "check.not-a-tensor", 3, 9,
            "'N' is a size, not a tensor");
        row("rank mismatch", "kernel k() {\n in X: f32[2, 2];\n out Y: f32[2];\n for i in 0..2 { Y[i] = X[i]; }\n}", "check.rank", 4, 25,
            "'X' has rank 2 but is indexed with 1 index");
        row("float index", "kernel k() {\n in X: f32[4];\n out Y: f32[2];\n for i in 0..2 { Y[i] = X[i / 2]; }\n}", "check.index-type", 4,
            27, "index 0 of 'X' must be an integer, not floating-point (use '//' for integer division or cast<i64>)");
        row("float tensor as index", "kernel k() {\n in I: f32[2];\n in X: f32[4];\n out Y: f32[2];\n for i in 0..2 { Y[i] = X[I[i]]; }\n}",
            "check.index-type", 5, 27, "index 0 of 'X' must be an integer, not floating-point");
        row("unknown function", "kernel k() {\n out Y: f32[1];\n Y[0] = frobnicate(1);\n}", "check.unknown-function", 3, 9,
            "unknown function 'frobnicate'");
        row("arity", "kernel k() {\n out Y: f32[1];\n Y[0] = exp(1, 2);\n}", "check.arity", 3, 9, "'exp' takes 1 argument, not 2");
        row("write to input", "kernel k() {\n in X: f32[1];\n out Y: f32[1];\n X[0] = 1;\n Y[0] = X[0];\n}", "check.read-only", 4, 2,
            "cannot assign to 'X': it is declared 'in'");
        row("float into int", "kernel k() {\n out I: i64[1];\n I[0] = 1.5;\n}", "check.dtype", 3, 9,
            "assigning a floating-point value to i64 tensor 'I' needs an explicit cast<i64>(...)");
        row("number into bool", "kernel k() {\n out B: bool[1];\n B[0] = 1;\n}", "check.dtype", 3, 9,
            "assigning a integer value to bool tensor 'B' needs a comparison or cast<bool>(...)");
        row("accumulate bool", "kernel k() {\n out B: bool[1];\n B[0] = 1 > 0;\n B[0] += 1 > 0;\n}", "check.dtype", 4, 2,
            "cannot accumulate with '+=' into bool tensor 'B' (use max= for any, min= for all)");
        row("write race", "kernel k(N=4) {\n in X: f32[N];\n out Y: f32[1];\n for i in 0..N { Y[0] = X[i]; }\n}", "check.write-race", 4, 18,
            "write race: 'Y[0]' is assigned with '=' inside loop 'i' but does not depend on 'i'");
        row("race in band", "kernel k(N=4) {\n in X: f32[N, N];\n out Y: f32[N];\n for i in 0..N, j in 0..N { Y[i] = X[i, j]; }\n}",
            "check.write-race", 4, 29, "write race: 'Y[i]' is assigned with '=' inside loop 'j'");
        row("output never written", "kernel k() {\n in X: f32[1];\n out Y: f32[1];\n out Z: f32[1];\n Y[0] = X[0];\n}",
            "check.unwritten-output", 4, 2, "output 'Z' is never written");
        row("tmp read never written", "kernel k() {\n tmp T: f32[1];\n out Y: f32[1];\n Y[0] = T[0];\n}", "check.unwritten-tmp", 2, 2,
            "'T' is read but never written");
        row("tensor in loop bound", "kernel k() {\n in L: i64[1];\n out Y: f32[4];\n for i in 0..L[0] { Y[i] = 0; }\n}",
            "check.tensor-in-size", 4, 14, "tensor 'L' cannot be read in a loop bound");
        row("float in size", "kernel k() {\n in X: f32[2.5];\n}", "check.type", 2, 12,
            "floating-point literal in an integer size expression");
        row("true division in size", "kernel k(N=4) {\n in X: f32[N / 2];\n}", "check.type", 2, 12,
            "'/' is true division; use '//' in sizes and loop bounds");
        row("loop var in size", "kernel k(N=4) {\n let M = i + 1;\n}", "check.undeclared", 2, 10, "use of undeclared name 'i'");
        row("definite out of bounds", "kernel k(N=4) {\n in X: f32[N];\n out Y: f32[N];\n for i in 0..N { Y[i] = X[i + 1]; }\n}",
            "check.out-of-bounds", 4, 27, "index 'i + 1' of 'X' takes values in [1, 4] but dimension 0 has size 4 at the default sizes");
        row("negative index", "kernel k(N=4) {\n in X: f32[N];\n out Y: f32[N];\n for i in 0..N { Y[i] = X[i - 1]; }\n}",
            "check.out-of-bounds", 4, 27, "index 'i - 1' of 'X' takes values in [-1, 2]");
        row("const size", "kernel k() {\n const C: f32[3] = {1, 2};\n out Y: f32[1];\n Y[0] = C[0];\n}", "check.const-size", 2, 2,
            "const tensor 'C' has 2 values but 3 elements at the default sizes");
        row("negative default dim", "kernel k(N=2) {\n in X: f32[N - 3];\n}", "bind.negative-dim", 2, 12,
            "dimension 0 of 'X' is -1 at these sizes (at the default sizes)");
        row("if not boolean", "kernel k() {\n out Y: f32[1];\n if (1 + 1) { Y[0] = 0; }\n}", "check.type", 3, 6,
            "an 'if' condition must be boolean (a comparison), not integer");
        row("and on numbers", "kernel k() {\n out Y: f32[1];\n Y[0] = 1 && 2 ? 1 : 0;\n}", "check.type", 3, 9,
            "'&&' needs boolean operands (comparisons), not integer");
        row("select condition", "kernel k() {\n in X: f32[1];\n out Y: f32[1];\n Y[0] = X[0] ? 1 : 0;\n}", "check.type", 4, 9,
            "the condition of '?:' must be boolean");
        row("range on output", "kernel k() {\n out Y: i64[1] @range(0, 3);\n Y[0] = 1;\n}", "check.range-kind", 2, 2,
            "'@range' only applies to 'in' and 'weight' tensors");
        row("let division by zero", "kernel k(N=0) {\n let M = 4 // N;\n}", "bind.let", 2, 2, "cannot evaluate 'let M': division by zero");
    }

    void testErrors()
    {
        QFETCH(QString, source);
        QFETCH(QString, code);
        QFETCH(int, line);
        QFETCH(int, column);
        QFETCH(QString, message);
        const CheckResult r = check(source.toStdString());
        QVERIFY(!r.ok());
        const Diagnostic* err = nullptr;
        for (const auto& d : r.diagnostics) {
            if (d.severity == Severity::Error) {
                err = &d;
                break;
            }
        }
        QVERIFY(err);
        QVERIFY2(QString::fromStdString(err->message).startsWith(message), err->message.c_str());
        QCOMPARE(QString::fromStdString(err->code), code);
        QCOMPARE(err->loc.line, line);
        QCOMPARE(err->loc.column, column);
    }

    // A loop with literal bounds that runs once (a size-1 dimension written out, as the trace lowering writes a
    // [1, 1, 1, 1] tensor) is no race; the same write in a loop of two iterations is one.
    void testSingleTripLoopIsNoRace()
    {
        const CheckResult once = check("kernel k() {\n out Y: f32[1, 1];\n for i in 0..1, j in 0..1 { Y[0, 0] = 2.0; }\n}\n");
        QVERIFY2(once.ok(), formatAll(once.diagnostics).c_str());
        const CheckResult twice = check("kernel k() {\n out Y: f32[1, 1];\n for i in 0..2, j in 0..1 { Y[0, 0] = 2.0; }\n}\n");
        QVERIFY(!twice.ok());
        QCOMPARE(twice.diagnostics.front().code, std::string("check.write-race"));
    }

    void testWarnings()
    {
        const CheckResult r = check("kernel k(N=4) {\n in X: f32[N];\n in U: f32[N];\n tmp T: f32[N];\n out Y: f32[N];\n"
                                    " for i in 0..N { T[i] += X[i]; }\n for i in 0..N { Y[i] = T[i]; }\n}");
        QVERIFY(r.ok());
        QStringList codes;
        for (const auto& d : r.diagnostics) {
            QCOMPARE(d.severity, Severity::Warning);
            codes << QString::fromStdString(d.code);
        }
        QVERIFY(codes.contains(QStringLiteral("check.unused"))); // U
        QVERIFY(codes.contains(QStringLiteral("check.uninitialized-accumulator"))); // T += before T =
    }

    // A read inside a loop of a tensor that a later statement of the same loop writes is a recurrence (the
    // previous iteration's value), not an early read (issue 31: an RNN reply reading H[t - 1] was refused); a read
    // outside every loop, or one whose tensor is written only after its loop, still is.
    void testRecurrenceIsNoEarlyRead()
    {
        auto earlyReads = [](const std::string& body) {
            const CheckResult r = check("kernel k(T=5, N=4) {\n in X: f32[T, N];\n tmp H: f32[T, N];\n out Y: f32[T, N];\n" + body + "\n}");
            int n = 0;
            for (const auto& d : r.diagnostics)
                n += d.code == "check.read-before-write";
            return n;
        };
        QCOMPARE(
            earlyReads(" for t in 0..T {\n  for i in 0..N {\n   if (t == 0) { Y[t, i] = X[t, i]; } else { Y[t, i] = H[t - 1, i]; }\n  }\n"
                       "  for i in 0..N { H[t, i] = tanh(Y[t, i]); }\n }"),
            0);
        // Across nested loops: read in the inner loop, written later in the outer one.
        QCOMPARE(
            earlyReads(
                " for t in 0..T {\n  for i in 0..N { Y[t, i] = t == 0 ? 0.0 : H[t - 1, i]; }\n  for i in 0..N { H[t, i] = X[t, i]; }\n }"),
            0);
        // Written only after the loop that reads it ends: early.
        QCOMPARE(earlyReads(" for t in 0..T, i in 0..N { Y[t, i] = H[t, i]; }\n for t in 0..T, i in 0..N { H[t, i] = X[t, i]; }"), 1);
        // Outside every loop: early at once.
        QCOMPARE(earlyReads(" Y[0, 0] = H[0, 0];\n for t in 0..T, i in 0..N { H[t, i] = X[t, i]; Y[t, i] = H[t, i]; }"), 1);
    }

    void testGuardPinsLoopVariable()
    {
        // '=' inside loop k is fine when a guard fixes k: the initialisation happens once per (i).
        const CheckResult r = check("kernel k(N=4) {\n in X: f32[N, N];\n out Y: f32[N];\n"
                                    " for i in 0..N, k in 0..N {\n  if (k == 0) { Y[i] = 0; }\n  Y[i] += X[i, k];\n }\n}");
        QVERIFY2(r.ok(), formatAll(r.diagnostics).c_str());
    }

    void testClassification()
    {
        const CheckResult r = check(R"(kernel c(N=8, H=4) {
  in X: f32[N, N];
  in I: i64[N] @range(0, N);
  out Y: f32[N, N];
  for i in 0..N, j in 0..N {
    Y[i, j] = X[i, j] + X[i // H, i % H] + X[I[i], j] + X[(i * j) % N, 0] + X[min(i + 1, N - 1), H * j // N];
  }
})");
        QVERIFY2(r.ok(), formatAll(r.diagnostics).c_str());
        QCOMPARE(findAccess(r, "X[i, j]")->cls, AccessClass::Affine);
        QCOMPARE(findAccess(r, "X[i // H, i % H]")->cls, AccessClass::QuasiAffine);
        QCOMPARE(findAccess(r, "X[I[i], j]")->cls, AccessClass::Indirect);
        QCOMPARE(findAccess(r, "I[i]")->cls, AccessClass::Affine);
        QCOMPARE(findAccess(r, "X[i * j % N, 0]")->cls, AccessClass::NonAffine);
        QCOMPARE(findAccess(r, "X[min(i + 1, N - 1), H * j // N]")->cls, AccessClass::QuasiAffine);
        QCOMPARE(findAccess(r, "Y[i, j]")->isWrite, true);
        QCOMPARE(findAccess(r, "Y[i, j]")->assignId, 0);
        bool warned = false;
        for (const auto& d : r.diagnostics)
            warned = warned || d.code == "check.non-affine";
        QVERIFY(warned);
    }

    void testBoundsStatus()
    {
        const CheckResult conv = check(testutil::readData("alir/conv2d.alir"));
        QCOMPARE(findAccess(conv, "X[b, c, 2 * p + r - 1, 2 * q + s - 1]")->bounds, BoundsStatus::Proven);
        const CheckResult attn = check(testutil::readData("alir/causal_attention.alir"));
        QCOMPARE(findAccess(attn, "K[j, d]")->bounds, BoundsStatus::Proven); // j <= i < T
        const CheckResult gather = check(testutil::readData("alir/embedding.alir"));
        QCOMPARE(findAccess(gather, "E[I[n], d]")->bounds, BoundsStatus::RuntimeChecked);
        QCOMPARE(findAccess(gather, "I[n]")->bounds, BoundsStatus::Proven);

        const CheckResult r = check(R"(kernel b(N=4) {
  in X: f32[N];
  out Y: f32[N];
  for i in 0..N {
    Y[i] = i > 0 ? X[i - 1] : X[i];
    if (i < N - 1) { Y[i] += X[i + 1]; }
    if (i >= 1 && i - 1 < 2) { Y[i] += X[i - 1]; }
  }
  for i in 0..0 { Y[i + 7] = 0; }
  for i in 0..N { Y[i] += X[(i * 3) % 5]; }
})");
        QVERIFY2(r.ok(), formatAll(r.diagnostics).c_str());
        QCOMPARE(r.accesses.size(), size_t(10));
        for (const auto& a : r.accesses) {
            if (a.text == "Y[i + 7]")
                QCOMPARE(a.bounds, BoundsStatus::Unreachable);
            else if (a.text == "X[i * 3 % 5]")
                QCOMPARE(a.bounds, BoundsStatus::RuntimeChecked); // [0, 4] does not fit in N = 4 by intervals
            else
                QVERIFY2(a.bounds == BoundsStatus::Proven, a.text.c_str());
        }
    }

    void testAccessesInSourceOrder()
    {
        const CheckResult r = check(testutil::readData("alir/matmul.alir"));
        QCOMPARE(r.assignCount, 2);
        QStringList texts;
        for (const auto& a : r.accesses)
            texts << QString::fromStdString(a.text);
        QCOMPARE(texts,
                 QStringList({QStringLiteral("C[m, n]"), QStringLiteral("C[m, n]"), QStringLiteral("A[m, k]"), QStringLiteral("B[k, n]")}));
    }
};

QTEST_GUILESS_MAIN(TestChecker)
#include "tst_checker.moc"
