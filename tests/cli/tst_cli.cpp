// SPDX-License-Identifier: MIT
// The CLI: exit codes (0 ok, 1 bad input, 2 usage), diagnostics on stderr as file:line:col, run summaries.
// Most cases call runCli() in-process; one runs the real binary to cover main(). The measuring commands (bench,
// measure, insights, plot, calibrate) are in tst_cli_measure.
#include "../scriptedserver.h"
#include "clitest.h"

using namespace clitest;

class TestCli : public QObject
{
    Q_OBJECT
private slots:
    // `solar report` writes the PDF without a display; read back with poppler, it has its page count in the
    // footer, and the numbers printed are the engine's (each profile's fused bound as 'analyze' formats it).
    void testReportPdf()
    {
        if (QStandardPaths::findExecutable(QStringLiteral("pdftotext")).isEmpty()
            || QStandardPaths::findExecutable(QStringLiteral("pdfinfo")).isEmpty())
            QSKIP("poppler-utils (pdftotext, pdfinfo) not installed");
        QTemporaryDir dir;
        const QString pdf = dir.filePath(QStringLiteral("report.pdf"));
        QProcess solar;
        QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
        env.remove(QStringLiteral("DISPLAY"));
        env.remove(QStringLiteral("WAYLAND_DISPLAY"));
        env.remove(QStringLiteral("QT_QPA_PLATFORM"));
        solar.setProcessEnvironment(env);
        solar.start(QStringLiteral(SOLAR_CLI_BINARY),
                    {QStringLiteral("report"), QString::fromStdString(data("mlp_c5.alir")), QStringLiteral("--hw"),
                     QStringLiteral("h100-sxm,b200"), QStringLiteral("--target-ms"), QStringLiteral("0.1"), QStringLiteral("-o"), pdf});
        QVERIFY(solar.waitForFinished(120000));
        QCOMPARE(solar.exitCode(), 0);
        QProcess info;
        info.start(QStringLiteral("pdfinfo"), {pdf});
        QVERIFY(info.waitForFinished(30000));
        const QString infoText = QString::fromUtf8(info.readAllStandardOutput());
        const auto pages = QRegularExpression(QStringLiteral("Pages:\\s+(\\d+)")).match(infoText);
        QVERIFY2(pages.hasMatch(), qPrintable(infoText));
        const int n = pages.captured(1).toInt();
        QVERIFY(n >= 3);
        QProcess text;
        text.start(QStringLiteral("pdftotext"), {pdf, QStringLiteral("-")});
        QVERIFY(text.waitForFinished(30000));
        const std::string t = text.readAllStandardOutput().toStdString();
        QVERIFY(contains(t, "SOLAR Studio report"));
        QVERIFY(contains(t, "Page 1 of " + std::to_string(n)));
        QVERIFY(contains(t, "Page " + std::to_string(n) + " of " + std::to_string(n)));
        for (const char* id : {"h100-sxm", "b200"}) {
            const auto alone = nlohmann::json::parse(cli({"analyze", data("mlp_c5.alir"), "--hw", id, "--format", "json"}).out);
            const std::string bound = solar::formatSeconds(alone["bounds"]["fused"]["seconds"].get<double>());
            QVERIFY2(contains(t, bound), (std::string(id) + ": " + bound).c_str());
            QVERIFY(contains(t, alone["hardware"]["name"].get<std::string>()));
        }
        QVERIFY(contains(t, "Inverse roo")); // "roofline" may come out with a ligature
        QVERIFY(contains(t, "Coverage and assumptions"));
        QVERIFY(contains(t, "Precision policy: pytorch-default"));
        QVERIFY(contains(t, "Not covered by any bound"));
        QVERIFY(contains(t, "Winograd"));
        QVERIFY(contains(t, "Einsum graph (3 operators)"));
        // Every word prints at 8 pt or more (issue 14, item 11): a word's box is about 1.15 times its font size
        // (the 8 pt footer measures 9.2 pt). The one exception poppler reports is the DRAM roof's label, drawn
        // along the slope: its rotated glyphs come back as fragments with flattened boxes.
        QProcess boxes;
        boxes.start(QStringLiteral("pdftotext"), {QStringLiteral("-bbox"), pdf, QStringLiteral("-")});
        QVERIFY(boxes.waitForFinished(30000));
        const QString html = QString::fromUtf8(boxes.readAllStandardOutput());
        static const QRegularExpression word(QStringLiteral("yMin=\"([0-9.]+)\" xMax=\"[0-9.]+\" yMax=\"([0-9.]+)\">([^<]*)</word>"));
        int words = 0;
        QStringList small;
        for (auto it = word.globalMatch(html); it.hasNext();) {
            const auto m = it.next();
            ++words;
            if (m.captured(2).toDouble() - m.captured(1).toDouble() < 8 * 1.14)
                small << m.captured(3);
        }
        QVERIFY(words > 200);
        static const QRegularExpression dramLabel(QStringLiteral("^[DRAM0-9.,TGBs/]+$"));
        for (const QString& w : small)
            QVERIFY2(dramLabel.match(w).hasMatch(), qPrintable(QStringLiteral("under 8 pt: ") + small.join(QLatin1Char(' '))));
        // A report needs an output file.
        QCOMPARE(cli({"report", data("mlp_c5.alir"), "--hw", "h100-sxm"}).code, 2);
    }

    // Coverage with counts that are lower bounds is "approximate", never "complete" (issue 15, item 6): the
    // embedding's gather counts at least one row per index.
    void testApproximateCoverage()
    {
        const Result json = cli({"analyze", data("embedding.alir"), "--hw", "h100-sxm", "--format", "json"});
        QCOMPARE(json.code, 0);
        const auto j = nlohmann::json::parse(json.out);
        QCOMPARE(j["coverage"]["complete"].get<bool>(), true);
        QCOMPARE(j["coverage"]["status"].get<std::string>(), std::string("approximate"));
        QVERIFY(contains(cli({"analyze", data("embedding.alir"), "--hw", "h100-sxm"}).out, "coverage approximate"));
        QVERIFY(contains(cli({"analyze", data("matmul.alir"), "--hw", "h100-sxm"}).out, "coverage complete"));
    }

    // A final validation mismatch exits 1, says the bounds are of an unvalidated program, and names the attempt
    // whose program was analysed (issue 15, item 7).
    void testFinalMismatchExitsOne()
    {
        if (!solar::worker::locatePython())
            QSKIP("no Python interpreter with torch on this machine");
        std::ifstream in(SOLAR_TEST_DATA "/llm/heads_wrong_layout.alir");
        std::stringstream reply;
        reply << in.rdbuf();
        ScriptedServer server({{200, completion("```alir\n" + reply.str() + "```")}});
        QTemporaryDir cache;
        qputenv("SOLAR_LLM_CACHE", cache.path().toUtf8());
        qputenv("SOLAR_TEST_LLM_KEY", "not-a-real-key");
        auto future = QtConcurrent::run([&] {
            return cli({"analyze", SOLAR_TEST_DATA "/llm/heads.py", "--hw", "h100-sxm", "--frontend", "llm", "--llm-url", server.url(),
                        "--llm-key-env", "SOLAR_TEST_LLM_KEY", "--llm-attempts", "1"});
        });
        while (!future.isFinished())
            QCoreApplication::processEvents(QEventLoop::AllEvents, 20);
        qunsetenv("SOLAR_LLM_CACHE");
        qunsetenv("SOLAR_TEST_LLM_KEY");
        const Result r = future.result();
        QCOMPARE(r.code, 1);
        QVERIFY2(contains(r.err, "the bounds printed are of an unvalidated program"), r.err.c_str());
        QVERIFY2(contains(r.out, "validation mismatch"), r.out.c_str());
        QVERIFY2(contains(r.out, "analysed: attempt 1 (mismatch)"), r.out.c_str());
    }

    // compare: each profile's bounds are what 'analyze' gives on that profile alone (a second computation), the
    // speedup is the baseline's bound over the profile's, and a bad profile or baseline is refused.
    void testCompare()
    {
        const Result r
            = cli({"compare", data("mlp_c5.alir"), "--hw", "h100-sxm,a100-sxm,b200", "--baseline", "a100-sxm", "--format", "json"});
        QCOMPARE(r.code, 0);
        const auto doc = nlohmann::json::parse(r.out);
        QCOMPARE(doc["schema"].get<std::string>(), std::string("solar.compare/1"));
        QCOMPARE(doc["baseline"].get<std::string>(), std::string("a100-sxm"));
        QCOMPARE(doc["profiles"].size(), std::size_t(3));
        std::map<std::string, double> fused;
        for (const auto& p : doc["profiles"]) {
            const std::string id = p["id"].get<std::string>();
            const auto alone = nlohmann::json::parse(cli({"analyze", data("mlp_c5.alir"), "--hw", id.c_str(), "--format", "json"}).out);
            for (const char* level : {"unfused_per_kernel", "fused", "cache_aware"})
                QCOMPARE(p["levels"][level]["seconds"].get<double>(), alone["bounds"][level]["seconds"].get<double>());
            fused[id] = p["levels"]["fused"]["seconds"].get<double>();
        }
        for (const auto& p : doc["profiles"])
            QCOMPARE(p["levels"]["fused"]["speedup_vs_baseline"].get<double>(), fused["a100-sxm"] / fused[p["id"].get<std::string>()]);
        QVERIFY(fused["b200"] < fused["a100-sxm"]); // the newer chip is faster on this program
        const Result table = cli({"compare", data("mlp_c5.alir"), "--hw", "h100-sxm,a100-sxm"});
        QCOMPARE(table.code, 0);
        QVERIFY(contains(table.out, "baseline h100-sxm"));
        QCOMPARE(cli({"compare", data("mlp_c5.alir"), "--hw", "h100-sxm,nope"}).code, 1);
        QCOMPARE(cli({"compare", data("mlp_c5.alir"), "--hw", "h100-sxm", "--baseline", "a100-sxm"}).code, 2);
        QCOMPARE(cli({"compare", data("mlp_c5.alir")}).code, 2);
        const Result csv = cli({"compare", data("mlp_c5.alir"), "--hw", "h100-sxm,a100-sxm", "--format", "csv"});
        QVERIFY(csv.out.rfind("profile,level,seconds,bottleneck,speedup_vs_baseline,dram_bytes,flops\n", 0) == 0);
        QCOMPARE(std::count(csv.out.begin(), csv.out.end(), '\n'), 1 + 2 * 5);
    }

    // The LLM frontend from the command line: a bad frontend name is a usage error; an endpoint nobody listens on
    // is a clear failure (exit 1) naming the URL; an ALIR file through --frontend alir analyses as usual.
    void testFrontendOption()
    {
        QCOMPARE(cli({"analyze", data("matmul.alir"), "--hw", "h100-sxm", "--frontend", "bogus"}).code, 2);
        QCOMPARE(cli({"analyze", data("matmul.alir"), "--hw", "h100-sxm", "--frontend", "alir"}).code, 0);
        QTemporaryDir cache;
        qputenv("SOLAR_LLM_CACHE", cache.path().toUtf8());
        const Result r = cli({"analyze", data("matmul.alir"), "--hw", "h100-sxm", "--frontend", "llm", "--llm-url", "http://127.0.0.1:9/v1",
                              "--llm-key-env", "", "--llm-timeout-s", "5"});
        qunsetenv("SOLAR_LLM_CACHE");
        QCOMPARE(r.code, 1);
        QVERIFY2(contains(r.err, "cannot reach http://127.0.0.1:9/v1/chat/completions"), r.err.c_str());
        const Result noKey
            = cli({"analyze", data("matmul.alir"), "--hw", "h100-sxm", "--frontend", "llm", "--llm-key-env", "SOLAR_TEST_UNSET_KEY_VAR"});
        QCOMPARE(noKey.code, 1);
        QVERIFY2(contains(noKey.err, "SOLAR_TEST_UNSET_KEY_VAR"), noKey.err.c_str());
    }

    // `solar doctor` (issue 16): every candidate interpreter with its versions and frontends; the chosen one is the
    // first that imports a supported torch, and its torch version is what that interpreter itself reports.
    void testDoctor()
    {
        const Result r = cli({"doctor", "--format", "json"});
        const auto j = nlohmann::json::parse(r.out, nullptr, false);
        QVERIFY2(j.is_object(), r.out.c_str());
        QCOMPARE(j["schema"].get<std::string>(), std::string("solar.doctor/1"));
        QVERIFY(!j["pythons"].empty());
        if (j["chosen"].is_null()) {
            QCOMPARE(r.code, 1);
            QVERIFY(contains(r.err, "no Python interpreter traces PyTorch models"));
            return;
        }
        QCOMPARE(r.code, 0);
        const auto pythons = j["pythons"];
        const std::string chosen = j["chosen"].get<std::string>();
        int chosenCount = 0;
        for (const auto& p : pythons) {
            if (!p["chosen"].get<bool>())
                continue;
            ++chosenCount;
            QCOMPARE(p["executable"].get<std::string>(), chosen);
            QVERIFY(p["frontends"][0]["works"].get<bool>());
            // One entry per registered frontend, in the registry's order (the --frontend choices without "auto");
            // ALIR as written needs no Python, so it works with every interpreter.
            std::vector<std::string> ids;
            for (const auto& f : p["frontends"]) {
                ids.push_back(f["frontend"].get<std::string>());
                if (ids.back() == "alir")
                    QVERIFY(f["works"].get<bool>());
            }
            QCOMPARE(ids, (std::vector<std::string> {"trace", "jax", "sol-execbench", "onnx", "hf-config", "alir", "llm"}));
            QProcess probe;
            probe.start(QString::fromStdString(chosen), {QStringLiteral("-c"), QStringLiteral("import torch; print(torch.__version__)")});
            QVERIFY(probe.waitForFinished(60000));
            QCOMPARE(p["torch"].get<std::string>(), QString::fromUtf8(probe.readAllStandardOutput()).trimmed().toStdString());
        }
        QCOMPARE(chosenCount, 1);
        // SOLAR_PYTHON, when set, is the first candidate and says so.
        if (const char* env = std::getenv("SOLAR_PYTHON"); env && *env) {
            QCOMPARE(pythons[0]["executable"].get<std::string>(), std::string(env));
            QCOMPARE(pythons[0]["origin"].get<std::string>(), std::string("SOLAR_PYTHON"));
        }
        const Result text = cli({"doctor"});
        QVERIFY2(contains(text.out, chosen + "  (") && contains(text.out, "<- chosen"), text.out.c_str());
    }

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
        // A file that is neither Python nor ALIR says so instead of an ALIR parse error (issue 14, item 11).
        QTemporaryDir notes;
        const QString readme = notes.filePath(QStringLiteral("README.md"));
        {
            QFile f(readme);
            QVERIFY(f.open(QIODevice::WriteOnly));
            f.write("# My model\n\nSome notes.\n");
        }
        const auto notModel = cli({"analyze", readme.toStdString(), "--hw", "h100-sxm"});
        QCOMPARE(notModel.code, 1);
        QVERIFY2(contains(notModel.err, "neither a Python model (.py) nor an ALIR program (.alir)"), notModel.err.c_str());
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
        QVERIFY(contains(missing.err, "/nonexistent/file.alir: error: cannot read /nonexistent/file.alir: No such file"));
        // A folder where a file belongs is bad input, not a crash or an empty program.
        for (const std::vector<std::string>& args : {std::vector<std::string> {"ir", "check", dir.toStdString()},
                                                     {"bench", "--merge", dir.toStdString()},
                                                     {"bench", dir.toStdString(), "--hw", "h100-sxm", "--timings", dir.toStdString()}}) {
            const Result folder = cli(args);
            QCOMPARE(folder.code, 1);
            QVERIFY2(contains(folder.err, "it is a folder"), folder.err.c_str());
        }

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
        QCOMPARE(totals[QStringLiteral("macs")].toDouble(), 105.0); // 5 x 7 x 3
        QCOMPARE(totals[QStringLiteral("flops")].toDouble(), 210.0);
        QCOMPARE(totals[QStringLiteral("bytes")].toObject()[QStringLiteral("fused")].toDouble(), (35.0 + 21 + 15) * 4);
        const QJsonObject bounds = o[QStringLiteral("bounds")].toObject();
        for (const char* level : {"unfused_per_kernel", "unfused_overlapped", "fused_per_op", "fused", "cache_aware"}) {
            const QJsonObject l = bounds[QString::fromLatin1(level)].toObject();
            QVERIFY2(l.contains(QStringLiteral("seconds")) && l.contains(QStringLiteral("bottleneck"))
                         && l.contains(QStringLiteral("compute_seconds")) && l.contains(QStringLiteral("memory_seconds")),
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
        QVERIFY(contains(c.out,
                         "unfused_per_kernel_seconds,unfused_overlapped_seconds,fused_per_op_seconds,fused_seconds,cache_aware_seconds"));
        QVERIFY(contains(c.out, "1,Y@13,contraction,"));
        QVERIFY(contains(c.out, ",3840,3840,")); // B=4 doubles the 1920 MACs: points and macs columns
        QCOMPARE(cli({"analyze", data("conv2d.alir")}).code, 2); // --hw is required
        QCOMPARE(cli({"analyze", data("conv2d.alir"), "--hw", "h100-sxm", "--policy", "fast"}).code, 2);
        const Result unknown = cli({"analyze", data("conv2d.alir"), "--hw", "tpu-v9"});
        QCOMPARE(unknown.code, 1);
        QVERIFY(contains(unknown.err, "no hardware profile 'tpu-v9'"));
    }

    void testHwAndInverse()
    {
        const Result list = cli({"hw", "list"});
        QCOMPARE(list.code, 0);
        for (const char* id : {"h100-sxm", "h100-pcie", "h200", "b200", "gb200-nvl72", "a100-sxm", "l40s", "rtx-4090", "jetson-agx-thor",
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

    void testTensorParallel()
    {
        // sol-model.md C.5 over 4 H100s: one all-reduce of Y (256 x 4096 bf16 = 2 MiB) through NVLink SHARP.
        const Result r = cli({"analyze", data("mlp_c5.alir"), "--hw", "h100-sxm", "--tp", "4", "--format", "json"});
        QCOMPARE(r.code, 0);
        const QJsonObject o = QJsonDocument::fromJson(QByteArray::fromStdString(r.out)).object();
        QCOMPARE(o[QStringLiteral("schema")].toString(), QStringLiteral("solar.parallel/1"));
        const QJsonArray collectives = o[QStringLiteral("collectives")].toArray();
        QCOMPARE(collectives.size(), 1);
        QCOMPARE(collectives[0].toObject()[QStringLiteral("kind")].toString(), QStringLiteral("all-reduce"));
        QCOMPARE(collectives[0].toObject()[QStringLiteral("buffer_bytes")].toDouble(), 2097152.0);
        QCOMPARE(o[QStringLiteral("communication_seconds")].toDouble(), 2097152.0 / 450e9);
        QCOMPARE(o[QStringLiteral("inputs")].toObject()[QStringLiteral("W1")].toObject()[QStringLiteral("dim")].toInt(), 0);
        QVERIFY(o[QStringLiteral("validation")].toObject()[QStringLiteral("ok")].toBool());
        // The per-device program is ALIR that checks.
        const std::string program
            = QDir::temp().filePath(QStringLiteral("solar-tp-%1.alir").arg(QCoreApplication::applicationPid())).toStdString();
        QCOMPARE(cli({"analyze", data("mlp_c5.alir"), "--hw", "h100-sxm", "--tp", "4", "--tp-program", program}).code, 0);
        const Result check = cli({"ir", "check", program});
        QCOMPARE(check.code, 0);
        QVERIFY(contains(readFile(program), "weight W1: bf16[H // 4, D];"));
        QFile::remove(QString::fromStdString(program));
        // The links a target needs: A100's ring moves 2 x 3/4 x 2 MiB per device; in 50 us that is 62.9 GB/s.
        const Result inv
            = cli({"inverse", data("mlp_c5.alir"), "--hw", "a100-sxm", "--tp", "4", "--target-ms", "0.05", "--format", "json"});
        QCOMPARE(inv.code, 0);
        const QJsonObject links = QJsonDocument::fromJson(QByteArray::fromStdString(inv.out)).object()[QStringLiteral("links")].toObject();
        QVERIFY(std::abs(links[QStringLiteral("overlapped")].toObject()[QStringLiteral("intra_node_bandwidth_Bps")].toDouble()
                         - 2 * 0.75 * 2097152 / 50e-6)
                < 1);
        // Bad plans: more devices than an MI300X node without an inter-node link, a profile without links, usage.
        const Result over = cli({"analyze", data("mlp_c5.alir"), "--hw", "mi300x", "--tp", "16"});
        QCOMPARE(over.code, 1);
        QVERIFY(contains(over.err, "joins 8"));
        QCOMPARE(cli({"analyze", data("mlp_c5.alir"), "--hw", "h100-pcie", "--tp", "2"}).code, 1);
        QCOMPARE(cli({"analyze", data("mlp_c5.alir"), "--hw", "h100-sxm", "--tp", "0"}).code, 2);
        QCOMPARE(cli({"analyze", data("mlp_c5.alir"), "--hw", "h100-sxm", "--tp-program", program}).code, 2);
        QCOMPARE(cli({"analyze", data("mlp_c5.alir"), "--hw", "h100-sxm", "--tp", "2", "--format", "csv"}).code, 2);
        // 7 divides none of 256, 4096 and 16384: nothing splits, and the error says why.
        const Result seven = cli({"analyze", data("mlp_c5.alir"), "--hw", "h100-sxm", "--tp", "7"});
        QCOMPARE(seven.code, 1);
        QVERIFY2(contains(seven.err, "nothing splits over 7 devices") && contains(seven.err, "does not divide into 7"), seven.err.c_str());
    }

    void testTensorParallelSweep()
    {
        // One row per count: no communication on one device; 2 MiB through NVLink SHARP within a node; across two
        // nodes each node's reduced 2 MiB leaves through its 8 InfiniBand ports (2 MiB / 8 / 50 GB/s).
        const Result r = cli({"analyze", data("mlp_c5.alir"), "--hw", "h100-sxm", "--sweep", "tp=1,2,4,16", "--format", "json"});
        QCOMPARE(r.code, 0);
        const QJsonObject o = QJsonDocument::fromJson(QByteArray::fromStdString(r.out)).object();
        QCOMPARE(o[QStringLiteral("schema")].toString(), QStringLiteral("solar.parallel.sweep/1"));
        const QJsonArray points = o[QStringLiteral("points")].toArray();
        QCOMPARE(points.size(), 4);
        const double expected[] = {0, 2097152.0 / 450e9, 2097152.0 / 450e9, 2097152.0 / 8 / 50e9};
        for (int i = 0; i < 4; ++i) {
            const QJsonObject a = points[i].toObject()[QStringLiteral("analysis")].toObject();
            QVERIFY2(std::abs(a[QStringLiteral("communication_seconds")].toDouble() - expected[i]) < 1e-15, qPrintable(QString::number(i)));
        }
        const Result table = cli({"analyze", data("mlp_c5.alir"), "--hw", "mi300x", "--sweep", "tp=8,16"});
        QCOMPARE(table.code, 1); // 16 MI300X need an inter-node link the profile does not state
        QVERIFY(contains(table.out, "joins 8"));
        QCOMPARE(cli({"analyze", data("mlp_c5.alir"), "--hw", "h100-sxm", "--sweep", "tp=0"}).code, 2);
        QCOMPARE(cli({"analyze", data("mlp_c5.alir"), "--hw", "h100-sxm", "--sweep", "batch=2"}).code, 2);
        QCOMPARE(cli({"analyze", data("mlp_c5.alir"), "--hw", "h100-sxm", "--sweep", "tp=2", "--tp", "2"}).code, 2);
        const std::string problem = std::string(SOLAR_TEST_DATA) + "/problems/scaled_add";
        QCOMPARE(cli({"analyze", problem, "--hw", "h100-sxm", "--tp", "2"}).code, 2);
    }

    void testPlans()
    {
        // Four equal layers over a 4-stage pipeline of 8 micro-batches: each stage's first micro-batch cold, the rest warm.
        const Result r
            = cli({"analyze", data("four_layers.alir"), "--hw", "h100-sxm", "--pp", "4", "--micro-batches", "8", "--format", "json"});
        QCOMPARE(r.code, 0);
        const QJsonObject o = QJsonDocument::fromJson(QByteArray::fromStdString(r.out)).object();
        QCOMPARE(o[QStringLiteral("schema")].toString(), QStringLiteral("solar.parallel.plan/1"));
        const QJsonArray stages = o[QStringLiteral("stages")].toArray();
        QCOMPARE(stages.size(), 4);
        const double t = (8192.0 * 8192 * 2 + 2 * 2 * 8192 * 2) / 3.35e12;
        const double device
            = o[QStringLiteral("levels")].toObject()[QStringLiteral("fused")].toObject()[QStringLiteral("device_seconds")].toDouble();
        // Micro-batches after a stage's first run warm (issue 48): up to the H100's 50 MiB L2 of the weight is not
        // read again, w = (128 MiB + 32 KiB in - 50 MiB) / 3.35 TB/s; the last stage binds: 4 t + 7 w.
        const double w = (8192.0 * 8192 * 2 + 2 * 8192 * 2 - 50.0 * 1024 * 1024) / 3.35e12;
        QVERIFY2(std::abs(device - (4 * t + 7 * w)) < 1e-9 * device, qPrintable(QString::number(device)));
        // The same plan from a file; a file with a field that is no plan field names its line and column.
        const QString dir = QDir::temp().filePath(QStringLiteral("solar-plan-%1").arg(QCoreApplication::applicationPid()));
        const std::string plan = writeFile(dir + QStringLiteral("/plan.json"), R"({"pp": 4, "micro_batches": 8})");
        const std::string bad = writeFile(dir + QStringLiteral("/bad.json"), "{\n  \"tp\": 2,\n  \"sp\": 8\n}");
        const Result fromFile = cli({"analyze", data("four_layers.alir"), "--hw", "h100-sxm", "--plan", plan, "--format", "json"});
        QCOMPARE(fromFile.code, 0);
        QCOMPARE(fromFile.out, r.out);
        const Result badFile = cli({"analyze", data("four_layers.alir"), "--hw", "h100-sxm", "--plan", bad});
        QCOMPARE(badFile.code, 1);
        QVERIFY2(contains(badFile.err, "bad.json:3:3") && contains(badFile.err, "\"sp\" is not a plan field"), badFile.err.c_str());
        // Data parallel training: dW's 1024 x 2048 f32 all-reduced through NVLink SHARP; Adam's state per device.
        const Result dp = cli({"analyze", data("linear_train_step.alir"), "--hw", "h100-sxm", "--dp", "4", "--optimizer", "adam"});
        QCOMPARE(dp.code, 0);
        QVERIFY2(contains(dp.out, "all-reduce      dW") && contains(dp.out, "25.2 MB of optimizer state"), dp.out.c_str());
        // Bad plans and usage: 3 replicas do not divide the batch of 4096; five stages of four statements; a plan
        // file beside the options; micro-batches without stages.
        const Result three = cli({"analyze", data("linear_train_step.alir"), "--hw", "h100-sxm", "--dp", "3"});
        QCOMPARE(three.code, 1);
        QVERIFY2(contains(three.err, "4096 along dim 0, which does not divide into 3"), three.err.c_str());
        QCOMPARE(cli({"analyze", data("four_layers.alir"), "--hw", "h100-sxm", "--pp", "5"}).code, 1);
        QCOMPARE(cli({"analyze", data("four_layers.alir"), "--hw", "h100-sxm", "--plan", plan, "--pp", "2"}).code, 2);
        QCOMPARE(cli({"analyze", data("four_layers.alir"), "--hw", "h100-sxm", "--micro-batches", "4"}).code, 2);
        QCOMPARE(cli({"analyze", data("four_layers.alir"), "--hw", "h100-sxm", "--pp", "2", "--format", "csv"}).code, 2);
        // Too large even when split: four 131072-wide layers with Adam over 4 stages need 240 GB a device.
        const Result big
            = cli({"analyze", data("four_layers.alir"), "--hw", "h100-sxm", "--set", "D=131072", "--pp", "4", "--optimizer", "adam"});
        QCOMPARE(big.code, 1);
        QVERIFY2(contains(big.err, "does not fit"), big.err.c_str());

        // A sweep in two shards, joined by bench --merge as one sweep.
        std::vector<std::string> shards;
        for (const char* shard : {"0/2", "1/2"}) {
            const Result part
                = cli({"analyze", data("mlp_c5.alir"), "--hw", "h100-sxm", "--sweep", "tp=1,2,4,8", "--shard", shard, "--format", "json"});
            QCOMPARE(part.code, 0);
            shards.push_back(writeFile(dir + QStringLiteral("/shard%1.json").arg(shards.size()), part.out));
        }
        const std::string &a = shards[0], &b = shards[1];
        const Result merged = cli({"bench", "--merge", a, b, "--format", "json"});
        QCOMPARE(merged.code, 0);
        const QJsonArray points
            = QJsonDocument::fromJson(QByteArray::fromStdString(merged.out)).object()[QStringLiteral("points")].toArray();
        QCOMPARE(points.size(), 4);
        for (int i = 0; i < 4; ++i)
            QCOMPARE(points[i].toObject()[QStringLiteral("devices")].toInt(), 1 << i);
        QCOMPARE(cli({"bench", "--merge", a, a}).code, 1); // the same points twice
        QCOMPARE(cli({"analyze", data("mlp_c5.alir"), "--hw", "h100-sxm", "--shard", "0/2"}).code, 2);
        QDir(dir).removeRecursively();

        // How many devices 30 us needs: each device reads X and Y (2 MiB each) and 1/n of the 256 MiB of weights at
        // 3.35 TB/s: 41.3 us on 2, 21.3 us on 4 (its 2 MiB all-reduce, 4.66 us, hidden): 4.
        const Result many
            = cli({"inverse", data("mlp_c5.alir"), "--hw", "h100-sxm", "--target-ms", "0.03", "--sweep", "tp=1,2,4,8", "--format", "json"});
        QCOMPARE(many.code, 0);
        const QJsonObject m = QJsonDocument::fromJson(QByteArray::fromStdString(many.out)).object();
        QCOMPARE(m[QStringLiteral("schema")].toString(), QStringLiteral("solar.inverse.devices/1"));
        QCOMPARE(m[QStringLiteral("least_devices")].toInt(), 4);
        const double two = m[QStringLiteral("points")].toArray()[1].toObject()[QStringLiteral("overlapped_seconds")].toDouble();
        QVERIFY(std::abs(two - (2 * 2097152.0 + 268435456.0 / 2) / 3.35e12) < 1e-12);
        QCOMPARE(cli({"inverse", data("mlp_c5.alir"), "--hw", "h100-sxm", "--target-ms", "0.001", "--sweep", "tp=1,2"}).code, 1);
        QCOMPARE(cli({"inverse", data("mlp_c5.alir"), "--hw", "h100-sxm", "--target-ms", "1", "--sweep", "tp=2", "--tp", "2"}).code, 2);

        // Issue 48: the inverse takes a config's serving point as analyze does (the context among it).
        const Result inverseHelp = cli({"inverse", "--help"});
        QCOMPARE(inverseHelp.code, 0);
        QVERIFY(inverseHelp.out.find("--serving-tokens") != std::string::npos
                && inverseHelp.out.find("--serving-phase") != std::string::npos);

        // Issue 48: a count whose share does not fit is no answer, however fast. D = 131,072 and H = 262,144: the two
        // weights hold 2 x 131,072 x 262,144 x 2 B = 137.4 GB, more than one H100's 80 GB; halved on 2 devices,
        // 68.7 GB plus under 1 GB of activations fits. The sweep of the same points fails for the first.
        const std::vector<std::string> wide {"--set", "D=131072", "--set", "H=262144", "--no-validate"};
        std::vector<std::string> inverse {"inverse", data("mlp_c5.alir"), "--hw",   "h100-sxm", "--target-ms",
                                          "1000",    "--sweep",           "tp=1,2", "--format", "json"};
        inverse.insert(inverse.end(), wide.begin(), wide.end());
        const Result fit = cli(inverse);
        QCOMPARE(fit.code, 0);
        const QJsonObject f = QJsonDocument::fromJson(QByteArray::fromStdString(fit.out)).object();
        QCOMPARE(f[QStringLiteral("least_devices")].toInt(), 2);
        const QJsonArray fp = f[QStringLiteral("points")].toArray();
        QVERIFY(!fp[0].toObject()[QStringLiteral("fits")].toBool());
        QVERIFY(!fp[0].toObject()[QStringLiteral("reaches_target")].toBool());
        QVERIFY(fp[0].toObject()[QStringLiteral("held_bytes_per_device")].toDouble() >= 2 * 131072.0 * 262144 * 2);
        QVERIFY(fp[1].toObject()[QStringLiteral("fits")].toBool());
        std::vector<std::string> sweep {"analyze", data("mlp_c5.alir"), "--hw", "h100-sxm", "--sweep", "tp=1,2"};
        sweep.insert(sweep.end(), wide.begin(), wide.end());
        const Result swept = cli(sweep);
        QCOMPARE(swept.code, 1);
        QVERIFY2(swept.err.find("1 devices: 138 GB held per device do not fit in h100-sxm's 80 GB") != std::string::npos,
                 swept.err.c_str());
        QVERIFY(swept.err.find("2 devices:") == std::string::npos);
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

    // Per-command help comes from the same option table the parser checks, so every option it accepts is listed.
    void testCommandHelpAndOptionTable()
    {
        const Result help = cli({"analyze", "--help"});
        QCOMPARE(help.code, 0);
        for (const char* option :
             {"--hw NAME", "--set NAME=VALUE", "--policy pytorch-default|strict-fp32|allow-tf32", "--format table|json|csv",
              "--no-validate", "--frontend auto|trace|jax|sol-execbench|onnx|hf-config|alir|llm", "--llm-url URL"})
            QVERIFY2(contains(help.out, option), option);
        const Result unknown = cli({"analyze", data("matmul.alir"), "--hw", "h100-sxm", "--bogus"});
        QCOMPARE(unknown.code, 2);
        QVERIFY2(contains(unknown.err, "unknown option '--bogus' for 'analyze'"), unknown.err.c_str());
        const Result badChoice = cli({"analyze", data("matmul.alir"), "--hw", "h100-sxm", "--cache", "tepid"});
        QCOMPARE(badChoice.code, 2);
        QVERIFY2(contains(badChoice.err, "(cold, warm)"), badChoice.err.c_str());
        QCOMPARE(cli({"analyze", data("matmul.alir"), data("matmul.alir"), "--hw", "h100-sxm"}).code, 2);
        QCOMPARE(cli({"hw", "show"}).code, 2);
        QVERIFY(contains(cli({"ir"}).err, "check, run, fmt"));
    }

    // solar export goes through the GUI's export table: each file equals what the engine's exporter writes (text
    // formats) or has the format's signature (figures); a format the figure has not is a usage error. Figures are
    // painted, so the binary runs them (this test process has only a QCoreApplication, and says so).
    void testExport()
    {
        auto cli = binary;
        QTemporaryDir dir;
        auto path = [&](const char* name) { return dir.filePath(QString::fromLatin1(name)).toStdString(); };
        auto read = [](const std::string& p) {
            std::ifstream in(p, std::ios::binary);
            std::ostringstream ss;
            ss << in.rdbuf();
            return ss.str();
        };
        const std::string file = data("mlp_softmax.alir");
        QCOMPARE(cli({"export", file, "--hw", "h100-sxm", "--what", "roofline", "--format", "svg", "-o", path("r.svg")}).code, 0);
        QVERIFY(contains(read(path("r.svg")), "<svg"));
        QVERIFY(contains(read(path("r.svg")), "arithmetic intensity (FLOP/byte)"));
        QCOMPARE(cli({"export", file, "--hw", "h100-sxm", "--what", "roofline", "--format", "png", "-o", path("r.png")}).code, 0);
        QCOMPARE(read(path("r.png")).substr(0, 4), std::string("\x89PNG"));
        QCOMPARE(cli({"export", file, "--hw", "h100-sxm", "--what", "graph", "--format", "svg", "-o", path("g.svg")}).code, 0);
        QVERIFY(contains(read(path("g.svg")), "<svg"));
        QCOMPARE(cli({"export", file, "--hw", "h100-sxm", "--what", "graph", "--format", "yaml", "-o", path("g.yaml")}).code, 0);
        QCOMPARE(read(path("g.yaml")), cli({"graph", file, "--format", "yaml"}).out);
        QCOMPARE(cli({"export", file, "--hw", "h100-sxm", "--what", "graph", "--format", "dot", "-o", path("g.dot")}).code, 0);
        QCOMPARE(read(path("g.dot")), cli({"graph", file, "--format", "dot"}).out);
        const Result png = cli({"export", file, "--hw", "h100-sxm", "--what", "graph", "--format", "png", "-o", path("g.png")});
        QCOMPARE(png.code, 2);
        QVERIFY2(contains(png.err, "no png export of the graph"), png.err.c_str());
        QCOMPARE(cli({"export", file, "--hw", "h100-sxm", "--what", "roofline"}).code, 2); // no -o
        const Result inProcess = ::cli({"export", file, "--hw", "h100-sxm", "--what", "roofline", "-o", path("x.svg")});
        QCOMPARE(inProcess.code, 1);
        QVERIFY2(contains(inProcess.err, "no GUI application"), inProcess.err.c_str());
    }

    void testBinary()
    {
        QProcess p;
        p.start(QStringLiteral(SOLAR_CLI_BINARY),
                {QStringLiteral("ir"), QStringLiteral("run"), QString::fromStdString(data("softmax.alir"))});
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
