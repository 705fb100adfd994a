// SPDX-License-Identifier: MIT
// The CLI: exit codes (0 ok, 1 bad input, 2 usage), diagnostics on stderr as file:line:col, run summaries.
// Most cases call runCli() in-process; one runs the real binary to cover main().
#include "app/cli/cli.h"

#include <QDir>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
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

    void testAnalyzeJsonContract()
    {
        const Result r = cli({"analyze", data("matmul.alir"), "--hw", "h100-pcie", "--format", "json"});
        QCOMPARE(r.code, 0);
        const QJsonObject o = QJsonDocument::fromJson(QByteArray::fromStdString(r.out)).object();
        QCOMPARE(o[QStringLiteral("schema")].toString(), QStringLiteral("solar.analysis/1"));
        QCOMPARE(o[QStringLiteral("program")].toObject()[QStringLiteral("name")].toString(), QStringLiteral("matmul"));
        QCOMPARE(o[QStringLiteral("hardware")].toObject()[QStringLiteral("id")].toString(), QStringLiteral("h100-pcie"));
        QCOMPARE(o[QStringLiteral("policy")].toString(), QStringLiteral("pytorch-default"));
        const QJsonObject totals = o[QStringLiteral("totals")].toObject();
        QCOMPARE(totals[QStringLiteral("macs")].toDouble(), 105.0);  // 5 x 7 x 3
        QCOMPARE(totals[QStringLiteral("flops")].toDouble(), 210.0);
        QCOMPARE(totals[QStringLiteral("bytes")].toObject()[QStringLiteral("fused")].toDouble(), (35.0 + 21 + 15) * 4);
        const QJsonObject bounds = o[QStringLiteral("bounds")].toObject();
        for (const char* level : {"unfused_per_kernel", "unfused_overlapped", "fused_per_op", "fused", "cache_aware"}) {
            const QJsonObject l = bounds[QString::fromLatin1(level)].toObject();
            QVERIFY2(l.contains(QStringLiteral("seconds")) && l.contains(QStringLiteral("bottleneck")) && l.contains(QStringLiteral("compute_seconds"))
                         && l.contains(QStringLiteral("memory_seconds")),
                     level);
        }
        // fused: 284 bytes / 2.039 TB/s against 210 FLOP / 51.2 TFLOP/s of SIMT fp32: memory-bound.
        const QJsonObject fused = bounds[QStringLiteral("fused")].toObject();
        QCOMPARE(fused[QStringLiteral("bottleneck")].toString(), QStringLiteral("memory"));
        QVERIFY(std::abs(fused[QStringLiteral("seconds")].toDouble() - 284 / 2.039e12) < 1e-20);
        const QJsonArray ops = o[QStringLiteral("ops")].toArray();
        QCOMPARE(ops.size(), 1);
        const QJsonObject op = ops[0].toObject();
        for (const char* key : {"id", "kind", "equation", "macs", "flops", "bytes", "seconds", "bottleneck", "line"})
            QVERIFY2(op.contains(QString::fromLatin1(key)), key);
        QCOMPARE(op[QStringLiteral("line")].toInt(), 7);
        QCOMPARE(o[QStringLiteral("coverage")].toObject()[QStringLiteral("complete")].toBool(), true);
        QCOMPARE(o[QStringLiteral("validation")].toObject()[QStringLiteral("status")].toString(), QStringLiteral("unvalidated"));
    }

    void testAnalyzeTableAndCsv()
    {
        const Result t = cli({"analyze", data("conv2d.alir"), "--hw", "a100-sxm", "--policy", "strict-fp32"});
        QCOMPARE(t.code, 0);
        QVERIFY(contains(t.out, "F3 fused"));
        QVERIFY(contains(t.out, "strict-fp32"));
        const Result c = cli({"analyze", data("conv2d.alir"), "--hw", "a100-sxm", "--format", "csv", "--set", "B=4"});
        QCOMPARE(c.code, 0);
        QVERIFY(c.out.rfind("id,name,kind,equation,shape,line,points,macs,flops,", 0) == 0);
        QVERIFY(contains(c.out, "unfused_per_kernel_seconds,unfused_overlapped_seconds,fused_per_op_seconds,fused_seconds,cache_aware_seconds"));
        QVERIFY(contains(c.out, "1,Y@13,contraction,"));
        QVERIFY(contains(c.out, ",3840,3840,")); // B=4 doubles the 1920 MACs: points and macs columns
        QCOMPARE(cli({"analyze", data("conv2d.alir")}).code, 2);                         // --hw is required
        QCOMPARE(cli({"analyze", data("conv2d.alir"), "--hw", "h100-sxm", "--policy", "fast"}).code, 2);
        const Result unknown = cli({"analyze", data("conv2d.alir"), "--hw", "tpu-v9"});
        QCOMPARE(unknown.code, 1);
        QVERIFY(contains(unknown.err, "no hardware profile 'tpu-v9'"));
    }

    void testHwAndInverse()
    {
        const Result list = cli({"hw", "list"});
        QCOMPARE(list.code, 0);
        for (const char* id : {"h100-sxm", "h100-pcie", "h200", "b200", "a100-sxm", "l40s", "rtx-4090", "jetson-agx-thor",
                               "jetson-agx-orin", "mi300x"})
            QVERIFY2(contains(list.out, id), id);
        const Result show = cli({"hw", "show", "mi300x"});
        QCOMPARE(show.code, 0);
        QVERIFY(contains(show.out, "tensor bf16"));
        QVERIFY(contains(show.out, "[M1]"));
        QVERIFY(contains(show.out, "sources:"));
        QCOMPARE(cli({"hw", "show", "nope"}).code, 1);
        QCOMPARE(cli({"hw"}).code, 2);

        const Result inv = cli({"inverse", data("mlp_softmax.alir"), "--hw", "h100-sxm", "--target-ms", "1e-6", "--format", "json"});
        QCOMPARE(inv.code, 0);
        const QJsonObject o = QJsonDocument::fromJson(QByteArray::fromStdString(inv.out)).object();
        QCOMPARE(o[QStringLiteral("schema")].toString(), QStringLiteral("solar.inverse/1"));
        QCOMPARE(o[QStringLiteral("level")].toString(), QStringLiteral("fused"));
        QCOMPARE(o[QStringLiteral("target_seconds")].toDouble(), 1e-9);
        // 896 external bytes in 1 ns need 896 GB/s; the compute fits, so that is also the answer at the current compute.
        QCOMPARE(o[QStringLiteral("min_dram_bandwidth_Bps")].toDouble(), 896e9);
        QVERIFY(o[QStringLiteral("frontier")].toArray().size() > 0);
        QCOMPARE(cli({"inverse", data("mlp_softmax.alir"), "--hw", "h100-sxm"}).code, 2);
        QCOMPARE(cli({"inverse", data("mlp_softmax.alir"), "--hw", "h100-sxm", "--target-ms", "-3"}).code, 2);
        QCOMPARE(cli({"inverse", data("mlp_softmax.alir"), "--hw", "h100-sxm", "--target-ms", "1", "--level", "F9"}).code, 2);
        const Result table = cli({"inverse", data("mlp_softmax.alir"), "--hw", "h100-sxm", "--target-ms", "1", "--level", "cache_aware"});
        QCOMPARE(table.code, 0);
        QVERIFY(contains(table.out, "on-chip memory"));
    }

    void testGraphExports()
    {
        const Result yaml = cli({"graph", data("matmul.alir"), "--format", "yaml"});
        QCOMPARE(yaml.code, 0);
        QVERIFY(yaml.out.rfind("model_name: 'matmul'", 0) == 0);
        const Result dot = cli({"graph", data("matmul.alir"), "--format", "dot"});
        QVERIFY(dot.out.rfind("digraph", 0) == 0);
        const Result json = cli({"graph", data("matmul.alir"), "--set", "M=2"});
        QVERIFY(contains(json.out, "\"schema\": \"solar.einsumgraph/1\""));
        QVERIFY(contains(json.out, "\"points\": 42.0"));
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
