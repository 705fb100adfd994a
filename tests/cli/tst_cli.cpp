// SPDX-License-Identifier: MIT
// The CLI: exit codes (0 ok, 1 bad input, 2 usage), diagnostics on stderr as file:line:col, run summaries.
// Most cases call runCli() in-process; one runs the real binary to cover main().
#include "app/cli/cli.h"

#include <QDir>
#include <QProcess>
#include <QTest>

#include <fstream>
#include <sstream>

using solar::cli::runCli;

namespace {

struct Result
{
    int code;
    std::string out;
    std::string err;
};

Result cli(std::vector<std::string> args)
{
    std::ostringstream out, err;
    const int code = runCli(args, out, err);
    return {code, out.str(), err.str()};
}

std::string data(const char* name)
{
    return std::string(SOLAR_TEST_DATA) + "/alir/" + name;
}

bool contains(const std::string& haystack, const std::string& needle)
{
    return haystack.find(needle) != std::string::npos;
}

} // namespace

class TestCli : public QObject
{
    Q_OBJECT
private slots:
    void testVersionAndUsage()
    {
        const Result v = cli({"--version"});
        QCOMPARE(v.code, 0);
        QVERIFY(v.out.rfind("solar 0.", 0) == 0);
        QCOMPARE(cli({}).code, 2);
        QCOMPARE(cli({"frobnicate"}).code, 2);
        QCOMPARE(cli({"ir"}).code, 2);
        QCOMPARE(cli({"ir", "check"}).code, 2);
        QCOMPARE(cli({"ir", "run", data("matmul.alir").c_str(), "--seed", "x"}).code, 2);
        QCOMPARE(cli({"ir", "run", data("matmul.alir").c_str(), "--set", "M"}).code, 2);
        QCOMPARE(cli({"ir", "run", data("matmul.alir").c_str(), "--bogus"}).code, 2);
        QVERIFY(contains(cli({"--help"}).out, "solar ir run FILE.alir"));
    }

    void testCheck()
    {
        const Result ok = cli({"ir", "check", data("conv2d.alir"), "--accesses"});
        QCOMPARE(ok.code, 0);
        QVERIFY(contains(ok.out, "ok: kernel 'conv2d', 2 assignments, 5 accesses (5 affine"));
        QVERIFY(contains(ok.out, "conv2d.alir:13:26: read  X[b, c, 2 * p + r - 1, 2 * q + s - 1]  affine, proven"));

        const Result gather = cli({"ir", "check", data("embedding.alir"), "--accesses"});
        QCOMPARE(gather.code, 0);
        QVERIFY(contains(gather.out, "read  E[I[n], d]  indirect, runtime-checked"));
    }

    void testBadInputExitsOne()
    {
        const QString dir = QDir::tempPath();
        const std::string bad = QString(dir + QStringLiteral("/solar_tst_cli_bad.alir")).toStdString();
        {
            std::ofstream f(bad);
            f << "kernel k(N=2) {\n  out Y: f32[N];\n  for i in 0..N { Y[0] = i; }\n}\n";
        }
        const Result r = cli({"ir", "check", bad});
        QCOMPARE(r.code, 1);
        QVERIFY2(contains(r.err, bad + ":3:19: error: write race"), r.err.c_str());

        const Result missing = cli({"ir", "run", "/nonexistent/file.alir"});
        QCOMPARE(missing.code, 1);
        QVERIFY(contains(missing.err, "/nonexistent/file.alir: error: cannot open file"));

        const Result unknownSize = cli({"ir", "run", data("matmul.alir"), "--set", "Q=3"});
        QCOMPARE(unknownSize.code, 1);
        QVERIFY(contains(unknownSize.err, "'Q' is not a size parameter of kernel 'matmul' (parameters: M, K, N)"));
        std::remove(bad.c_str());
    }

    void testRun()
    {
        const Result r = cli({"ir", "run", data("matmul.alir"), "--set", "M=2", "--set", "N=4", "--seed", "3"});
        QCOMPARE(r.code, 0);
        QVERIFY2(contains(r.out, "kernel matmul(M=2, K=7, N=4), seed 3"), r.out.c_str());
        QVERIFY(contains(r.out, "out C: f32[2, 4]  min "));
        QVERIFY(contains(r.out, "checksum "));
        QVERIFY(contains(r.out, "instances: 64 assignments executed")); // 2*4 inits + 2*4*7 MACs
        QVERIFY(contains(r.out, "matmul.alir:6: 8\n"));
        QVERIFY(contains(r.out, "matmul.alir:7: 56\n"));

        const Result again = cli({"ir", "run", data("matmul.alir"), "--set", "M=2", "--set", "N=4", "--seed", "3"});
        QCOMPARE(again.out, r.out); // deterministic

        const Result values = cli({"ir", "run", data("cumsum.alir"), "--set", "N=1", "--set", "L=3", "--print-outputs"});
        QCOMPARE(values.code, 0);
        QVERIFY(contains(values.out, "out Y: f32[1, 3]"));

        const Result capped = cli({"ir", "run", data("matmul.alir"), "--max-instances", "10"});
        QCOMPARE(capped.code, 1);
        QVERIFY(contains(capped.err, "work cap"));
    }

    void testFmt()
    {
        const Result r = cli({"ir", "fmt", data("cumsum.alir")});
        QCOMPARE(r.code, 0);
        QVERIFY(contains(r.out, "    for l in 1..L {\n      Y[n, l] = Y[n, l - 1] + X[n, l];\n"));
    }

    void testBinary()
    {
        QProcess p;
        p.start(QStringLiteral(SOLAR_CLI_BINARY), {QStringLiteral("ir"), QStringLiteral("run"),
                                                    QString::fromStdString(data("softmax.alir"))});
        QVERIFY(p.waitForFinished(30000));
        QCOMPARE(p.exitCode(), 0);
        QVERIFY(p.readAllStandardOutput().contains("out Y: f32[3, 5]"));
        p.start(QStringLiteral(SOLAR_CLI_BINARY), {QStringLiteral("nope")});
        QVERIFY(p.waitForFinished(30000));
        QCOMPARE(p.exitCode(), 2);
    }
};

QTEST_GUILESS_MAIN(TestCli)
#include "tst_cli.moc"
