// SPDX-License-Identifier: MIT
// `solar bench --frontend llm` over kernels the tracer cannot read (issue 51, item 2): a folder of a C kernel and a
// CUDA kernel with their own timing file. Each goes through the LLM route as `solar analyze --frontend llm` takes
// it (a scripted OpenAI-compatible server on 127.0.0.1 plays the model), the C kernel validated by compiling and
// running it here, the CUDA one checked and unvalidated; the headroom is the timing over the bound, as for PyTorch
// problems.
#include "../scriptedserver.h"
#include "clitest.h"

using namespace clitest;

class TestCliKernels : public QObject
{
    Q_OBJECT

private slots:
    void benchThroughTheLlmRoute()
    {
        if (QProcess::execute(QStringLiteral("cc"), {QStringLiteral("--version")}) != 0)
            QSKIP("no C compiler here");
        QTemporaryDir dir, cache;
        const QString root = dir.path() + QStringLiteral("/problems");
        for (const char* name : {"c_matmul.c", "cuda_rowsum.cu"})
            writeFile(root + QStringLiteral("/level1/") + QLatin1String(name), readFile(std::string(SOLAR_TEST_DATA) + "/llm/" + name));
        // Measured times, by hand: 1 ms and 0.25 ms.
        const std::string timings = writeFile(dir.path() + QStringLiteral("/timings.json"),
                                              R"({"level1": {"c_matmul.c": {"min": 1.0}, "cuda_rowsum.cu": {"min": 0.25}}})");
        // One reply per problem, in the sweep's sorted order.
        ScriptedServer server(
            {{200, completion("```alir\n" + readFile(std::string(SOLAR_TEST_DATA) + "/llm/c_matmul_good.alir") + "```")},
             {200, completion("```alir\n" + readFile(std::string(SOLAR_TEST_DATA) + "/llm/cuda_rowsum_good.alir") + "```")}});
        qputenv("SOLAR_LLM_CACHE", cache.path().toUtf8());
        auto run = [&](std::vector<std::string> args) {
            auto future = QtConcurrent::run([args] { return cli(args); });
            while (!future.isFinished())
                QCoreApplication::processEvents(QEventLoop::AllEvents, 20);
            return future.result();
        };
        const Result bench = run({"bench", root.toStdString(), "--hw", "h100-sxm", "--frontend", "llm", "--llm-url", server.url(),
                                  "--llm-key-env", "", "--llm-attempts", "1", "--timings", timings, "--format", "json"});
        QVERIFY2(bench.code == 0, (bench.out + bench.err).c_str());
        const auto doc = nlohmann::json::parse(bench.out);
        QCOMPARE(doc["problems"].size(), std::size_t(2));
        const auto& c = doc["problems"][0];
        const auto& cuda = doc["problems"][1];
        QCOMPARE(c["file"].get<std::string>(), std::string("level1/c_matmul.c"));
        QCOMPARE(c["validation"].get<std::string>(), std::string("validated"));
        QCOMPARE(cuda["validation"].get<std::string>(), std::string("unvalidated"));
        QVERIFY(contains(cuda["validation_details"].get<std::string>(), "CUDA kernels cannot run here"));
        // Headroom = measured / bound, level by level.
        for (const auto& p : {c, cuda}) {
            const double measured = p["measured_seconds"].get<double>();
            for (const char* level : {"unfused_per_kernel", "fused"}) {
                const double bound = p["bounds_seconds"][level].get<double>();
                QVERIFY(bound > 0);
                QVERIFY(std::fabs(p["headroom"][level].get<double>() - measured / bound) <= 1e-9 * measured / bound);
            }
        }
        QCOMPARE(c["measured_seconds"].get<double>(), 1e-3);
        // The same bounds as `solar analyze --frontend llm` of the file under the sweep's cache assumption (its
        // validated program comes from the cache).
        const std::string file = QString(root + QStringLiteral("/level1/c_matmul.c")).toStdString();
        const Result analyze = run({"analyze", file, "--hw", "h100-sxm", "--frontend", "llm", "--llm-url", server.url(), "--llm-key-env",
                                    "", "--cache", doc["cache"].get<std::string>(), "--format", "json"});
        qunsetenv("SOLAR_LLM_CACHE");
        QVERIFY2(analyze.code == 0, (analyze.out + analyze.err).c_str());
        const auto single = nlohmann::json::parse(analyze.out);
        QCOMPARE(single["bounds"]["fused"]["seconds"].get<double>(), c["bounds_seconds"]["fused"].get<double>());
        // The LLM route's own options go with it; the trace route's validation flags do not.
        QCOMPARE(cli({"bench", root.toStdString(), "--frontend", "llm", "--validate"}).code, 2);
    }
};

QTEST_GUILESS_MAIN(TestCliKernels)
#include "tst_cli_kernels.moc"
