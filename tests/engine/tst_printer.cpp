// SPDX-License-Identifier: MIT
// Printer: parse(print(p)) is structurally equal to p for every test program, printing is idempotent, and
// parentheses are exactly those the precedence rules need.
#include "engine/ir/parser.h"
#include "engine/ir/printer.h"
#include "testutil.h"

#include <QDir>
#include <QTest>

#include <cmath>

using namespace solar;
using namespace solar::ir;

class TestPrinter : public QObject
{
    Q_OBJECT
private:
    static void roundTrip(const std::string& src)
    {
        const auto first = parseProgram(src);
        QVERIFY2(first.hasValue(), formatAll(first.diagnostics()).c_str());
        const std::string printed = printProgram(*first);
        const auto second = parseProgram(printed);
        QVERIFY2(second.hasValue(), (formatAll(second.diagnostics()) + printed).c_str());
        QVERIFY2(structurallyEqual(*first, *second), printed.c_str());
        QCOMPARE(printProgram(*second), printed);
    }

private slots:
    void testRoundTripFiles_data()
    {
        QTest::addColumn<QString>("path");
        const QDir dir(QStringLiteral(SOLAR_TEST_DATA "/alir"));
        for (const QString& f : dir.entryList({QStringLiteral("*.alir")}, QDir::Files))
            QTest::addRow("%s", qPrintable(f)) << dir.filePath(f);
        QVERIFY(dir.entryList({QStringLiteral("*.alir")}).size() >= 9);
    }

    void testRoundTripFiles()
    {
        QFETCH(QString, path);
        roundTrip(testutil::readData("alir/" + QFileInfo(path).fileName().toStdString()));
    }

    void testRoundTripEdgeCases_data()
    {
        QTest::addColumn<QString>("source");
        auto row = [](const char* name, const char* body) { QTest::addRow("%s", name) << QString::fromUtf8(body); };
        row("negative literals", "kernel k(N=-2) { out Y: f64[4]; Y[0] = -1 - -2 * -(3) - -(-4.5); }");
        row("nested select", "kernel k() { out Y: f64[1]; Y[0] = (1 < 2 ? 3 : 4) < 5 ? 1 < 2 ? 6 : 7 : 8; }");
        row("logic", "kernel k(N=1) { out Y: bool[1]; Y[0] = !(N < 1 || N > 2) && (N == 1 || !(N != 1)); }");
        row("associativity", "kernel k() { out Y: f64[1]; Y[0] = 1 - (2 - 3) - 4 / (5 * 6) // (7 % 8) * 9; }");
        row("specials", "kernel k() { const C: f64[4] = {nan, -inf, -0.0, 1e-300}; out Y: f64[1]; Y[0] = -nan + inf + C[0]; }");
        row("floats", "kernel k() { out Y: f64[3]; Y[0] = 0.1; Y[1] = 1.0e20 + 123456789.123456789; Y[2] = 5e-324; }");
        row("casts and calls", "kernel k() { out Y: i32[1]; Y[0] = cast<i32>(max(1.5, clamp(2, 0, 1)) * where(1 < 2, 3, 4)); }");
        row("else if",
            "kernel k(N=3) { out Y: f32[N]; for i in 0..N step 2, j in i..N { if (i == 0) { Y[j] = 1; } else if (i == 1) { Y[j] = 2; } "
            "else { if (j > 1) { Y[j] = 3; } } } }");
        row("else block holding if and more",
            "kernel k() { out Y: f32[2]; if (1 < 2) { Y[0] = 1; } else { if (2 < 3) { Y[0] = 2; } Y[1] = 3; } }");
        row("range and rank 0", "kernel k(V=3) { let W = max(V, 2) * 2 + -1; in I: i64[V] @range(-1 + 1, W); out S: f32[]; S[] = I[0]; }");
        row("no params", "kernel k() { }");
        row("reductions",
            "kernel k(N=2) { in X: f32[N]; out Y: f32[1]; Y[0] = 1; for i in 0..N { Y[0] *= X[i]; Y[0] max= X[i]; Y[0] min= X[i]; } }");
    }

    void testRoundTripEdgeCases()
    {
        QFETCH(QString, source);
        roundTrip(source.toStdString());
    }

    void testCanonicalText()
    {
        const auto p = parseProgram("kernel   k( N=4 ){in X:f32[N];out Y:f32[N];for i in 0..N{Y[i]=((X[i]*2))+(1-(2-3));}}");
        QVERIFY(p.hasValue());
        QCOMPARE(printProgram(*p),
                 std::string("kernel k(N=4) {\n"
                             "  in X: f32[N];\n"
                             "  out Y: f32[N];\n"
                             "  for i in 0..N {\n"
                             "    Y[i] = X[i] * 2 + (1 - (2 - 3));\n"
                             "  }\n"
                             "}\n"));
    }

    void testNumbers()
    {
        QCOMPARE(formatNumber(1.0), std::string("1.0"));
        QCOMPARE(formatNumber(0.1), std::string("0.1"));
        QCOMPARE(formatNumber(1e20), std::string("1e+20"));
        QCOMPARE(formatNumber(-0.0), std::string("-0.0"));
        QCOMPARE(formatNumber(-INFINITY), std::string("-inf"));
        QCOMPARE(formatNumber(std::nan("")), std::string("nan"));
    }

    void testNegatedLiteralStaysDistinct()
    {
        // "-(1)" is a negation of a literal, "-1" a negative literal: both survive printing unchanged.
        const auto a = parseProgram("kernel k() { out Y: f32[2]; Y[0] = -(1); Y[1] = -1; }");
        QVERIFY(a.hasValue());
        QCOMPARE(a->body[0].value.kind, ExprKind::Unary);
        QCOMPARE(a->body[1].value.kind, ExprKind::Int);
        const std::string text = printProgram(*a);
        QVERIFY(text.find("Y[0] = -(1);") != std::string::npos);
        QVERIFY(text.find("Y[1] = -1;") != std::string::npos);
    }
};

QTEST_GUILESS_MAIN(TestPrinter)
#include "tst_printer.moc"
