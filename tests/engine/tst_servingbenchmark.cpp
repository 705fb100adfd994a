// SPDX-License-Identifier: MIT
// `solar llm --benchmark` (issue 47): the ceiling on serving throughput that no engine may beat.
//  - Llama-3-8B on the H200 at 2048/2048, worked by hand (docs/llm-models.md): the largest batch whose weights and
//    KV caches fit, and the DRAM bytes each request must move, equal the bound to the last digit.
//  - Every row of ../shared/serving/published.md (TensorRT-LLM's published H100 runs: fp8 weights and activations,
//    fp8 KV cache, the published batch as the concurrency, tensor parallel as devices serving as one) stays at or
//    below the bound per GPU. Skipped with one line without ../shared.
//  - Re-solving is exact: a point re-solved from the fitted program equals the same point traced.
// Runs under the torch 2.x environment (tests/torch2.sh); skipped, with the reason, where transformers is not there.
#include "app/cli/cli.h"
#include "engine/hw/registry.h"
#include "engine/serving/servingbenchmark.h"
#include "tests/engine/transformerstest.h"
#include "tests/shareddata.h"

#include <nlohmann/json.hpp>

#include <QTest>

#include <algorithm>
#include <cmath>
#include <fstream>
#include <map>
#include <regex>
#include <sstream>

using namespace solar;
using namespace solar::serving;

namespace {

std::string config(const std::string& name)
{
    return std::string(SOLAR_TEST_DATA) + "/hf/configs/" + name + ".json";
}

// A published row: the model as the page names it, its setup and its measured output tokens/s per GPU.
struct PublishedRow
{
    std::string model;
    std::int64_t batch = 0, tp = 0, input = 0, output = 0;
    double tokensPerSecondPerGpu = 0;
};

std::vector<PublishedRow> publishedRows(const std::string& path)
{
    std::ifstream in(path);
    std::vector<PublishedRow> rows;
    const std::regex row(R"(^\| ([^|]+?) \| (\d+) \| (\d+) \| (\d+) \| (\d+) \| ([\d,]+) \|$)");
    for (std::string line; std::getline(in, line);) {
        std::smatch m;
        if (!std::regex_match(line, m, row))
            continue;
        std::string number = m[6].str();
        number.erase(std::remove(number.begin(), number.end(), ','), number.end());
        rows.push_back({m[1].str(), std::stoll(m[2].str()), std::stoll(m[3].str()), std::stoll(m[4].str()), std::stoll(m[5].str()),
                        std::stod(number)});
    }
    return rows;
}

int runSolar(const std::vector<std::string>& args, std::string* out = nullptr)
{
    std::ostringstream o, e;
    const int code = cli::runCli(args, o, e);
    if (out)
        *out = o.str();
    return code;
}

} // namespace

class TestServingBenchmark : public QObject
{
    Q_OBJECT

    hw::HwRegistry m_registry = hw::loadDefaultHwRegistry();
    std::string m_skip;

private slots:
    void initTestCase() { m_skip = testutil::transformersSkipReason(); }

    // docs/llm-models.md works this by hand. Llama-3-8B in bf16: W = 16,060,522,624 B of weights (8,030,261,248
    // parameters and RoPE's 64 inverse frequencies); the decode step reads all of them but 128,255 of the
    // embedding's rows. A cached position is P = 32 layers x K and V x 8 heads x 128 x 2 B = 131,072 B; a request
    // holds 4,096 positions (536,870,912 B), so (141e9 - W) / 536,870,912 = 232 requests fit. Per request, the prefill
    // moves its 2,048 token ids (8 B), writes its 2,048 positions and one row of logits (2 x 128,256 B); its weight
    // reads are shared. The 2,047 decode steps, in 8 segments charged at their first context c, each move a 1/232
    // share of the weights read and the request's own c x P cache bytes, token id and logits. The H200's 4.8 TB/s
    // turns those bytes into time; 2,048 output tokens over it is the ceiling (compute is far below).
    void llama3OnH200ByHand()
    {
        if (!m_skip.empty())
            QSKIP(m_skip.c_str());
        const auto c = readModelConfig(config("llama3_8b"));
        QVERIFY(c);
        SourceAnalysisOptions options;
        options.validate = false; // the programs' validation is tst_serving's; this is the arithmetic
        const auto e = benchmarkServing(*c, {}, {{2048, 2048}}, {}, *m_registry.find("h200"), options);
        QVERIFY2(e, e ? "" : formatAll(e.diagnostics()).c_str());
        const double hidden = 4096, inter = 14336, vocab = 128256, layers = 32, kvWidth = 8 * 128;
        const double params
            = 2 * vocab * hidden + layers * (2 * hidden * hidden + 2 * hidden * kvWidth + 3 * hidden * inter + 2 * hidden) + hidden;
        const double weights = params * 2 + 64 * 2, weightsRead = weights - (vocab - 1) * hidden * 2;
        const double position = layers * 2 * kvWidth * 2, isl = 2048, osl = 2048;
        QCOMPARE(e->traced.weightsBytes, weights);
        const BenchmarkBound& b = e->bounds.front();
        QCOMPARE(b.requestKvCacheBytes, (isl + osl) * position);
        QCOMPARE(b.batch, static_cast<std::int64_t>(std::floor((141e9 - weights) / ((isl + osl) * position))));
        QCOMPARE(b.batch, std::int64_t(232));
        const double batch = 232, steps = osl - 1;
        double bytes = isl * 8 + isl * position + 2 * vocab;
        for (int k = 0; k < 8; ++k) {
            const double begin = std::floor(k * steps / 8), end = std::floor((k + 1) * steps / 8);
            bytes += (end - begin) / batch * (weightsRead + batch * ((isl + begin) * position + 8 + 2 * vocab));
        }
        QCOMPARE(b.binding, std::string("memory"));
        QCOMPARE(b.outputTokensPerSecond, osl / (bytes / 4.8e12));
        QVERIFY(b.outputTokensPerSecond > 10600 && b.outputTokensPerSecond < 10700); // 10,650 tokens/s
        QCOMPARE(b.batchLimit, std::string("memory capacity"));

        // Re-solving is exact: the decode step at batch 100 and 3,000 cached tokens re-solved from the programs
        // traced at batch 8 and 2,048 tokens equals that step traced.
        ServingPoint point = e->traced.decode->point;
        point.batch = 100;
        point.tokens = 3000;
        const auto resolved = resolvePhase(*e->traced.decode, point, *m_registry.find("h200"), options);
        QVERIFY(resolved);
        const auto traced = analyzePhase(*c, point, *m_registry.find("h200"), options);
        QVERIFY2(traced, traced ? "" : formatAll(traced.diagnostics()).c_str());
        for (const auto level : bounds::kLevels) {
            QCOMPARE(resolved->analysis.result.ladder.at(level).bytes, traced->analysis.result.ladder.at(level).bytes);
            QCOMPARE(resolved->analysis.result.ladder.at(level).flops, traced->analysis.result.ladder.at(level).flops);
        }
        QCOMPARE(resolved->seconds, traced->seconds);
        QCOMPARE(resolved->kvCacheBytes, traced->kvCacheBytes);
    }

    // Each row at its published setup. The page's model names are mapped to the config.json files of those models
    // (tests/data/hf/configs, sizes as published); each model is traced once and every row of it re-solved.
    void publishedRowsStayBelow_data()
    {
        QTest::addColumn<QString>("model");
        QTest::addColumn<QString>("file");
        QTest::newRow("GPT-J 6B") << "GPT-J 6B"
                                  << "gptj_6b";
        QTest::newRow("LLaMA-2 7B") << "LLaMA-2 7B"
                                    << "llama2_7b";
        QTest::newRow("LLaMA-2 70B") << "LLaMA-2 70B"
                                     << "llama2_70b";
    }

    void publishedRowsStayBelow()
    {
        QFETCH(QString, model);
        QFETCH(QString, file);
        const std::string page = testing::sharedDataDir() + "/serving/published.md";
        if (!std::ifstream(page))
            QSKIP("../shared/serving/published.md is not there (the suite runs in a clone of the repository alone)");
        if (!m_skip.empty())
            QSKIP(m_skip.c_str());
        std::vector<PublishedRow> rows;
        for (const PublishedRow& r : publishedRows(page))
            if (r.model == model.toStdString())
                rows.push_back(r);
        QVERIFY2(!rows.empty(), qPrintable(QStringLiteral("no row of %1 in published.md").arg(model)));
        const auto c = readModelConfig(config(file.toStdString()));
        QVERIFY(c);
        ServingRequest precisions; // TensorRT-LLM's --enable_fp8 --fp8_kv_cache
        precisions.dtype = "fp8";
        precisions.kvDtype = "float8_e4m3fn";
        SourceAnalysisOptions options;
        options.validate = false;
        const hw::HwProfile& h100 = *m_registry.find("h100-sxm");
        const auto programs = traceBenchmarkPrograms(*c, precisions, rows.front().input, h100, options);
        QVERIFY2(programs, programs ? "" : formatAll(programs.diagnostics()).c_str());
        for (const PublishedRow& r : rows) {
            BenchmarkSettings settings;
            settings.concurrency = r.batch;
            settings.devices = static_cast<int>(r.tp);
            const auto b = boundBenchmark(*programs, {r.input, r.output}, settings, h100, options);
            QVERIFY2(b, b ? "" : formatAll(b.diagnostics()).c_str());
            const double perGpu = b->outputTokensPerSecond / static_cast<double>(r.tp);
            const std::string row = model.toStdString() + " batch " + std::to_string(r.batch) + " TP " + std::to_string(r.tp) + " "
                + std::to_string(r.input) + "/" + std::to_string(r.output) + ": published " + std::to_string(r.tokensPerSecondPerGpu)
                + " tokens/s/GPU, bound " + std::to_string(perGpu);
            qInfo("%s", row.c_str());
            QVERIFY2(b->batch >= 1 && b->batch <= r.batch, row.c_str()); // the published batch fits
            QVERIFY2(r.tokensPerSecondPerGpu <= perGpu, row.c_str());
        }
    }

    // The CLI: JSON keys with units, the precisions named, usage errors for what --benchmark cannot take.
    void cli()
    {
        if (!m_skip.empty())
            QSKIP(m_skip.c_str());
        std::string out;
        QCOMPARE(runSolar({"llm", config("llama_small"), "--hw", "h200", "--benchmark", "20/30,64/16", "--concurrency", "4", "--kv-dtype",
                           "fp8", "--no-validate", "--format", "json"},
                          &out),
                 0);
        const auto doc = nlohmann::json::parse(out);
        QCOMPARE(doc["schema"].get<std::string>(), std::string("solar.llm.benchmark/1"));
        QCOMPARE(doc["kv_dtype"].get<std::string>(), std::string("float8_e4m3fn"));
        QCOMPARE(doc["benchmark"].size(), size_t(2));
        for (const auto& b : doc["benchmark"]) {
            for (const char* key : {"isl", "osl", "output_tokens_per_second", "time_per_output_token_seconds",
                                    "time_to_first_token_seconds", "batch", "binding"})
                QVERIFY2(b.contains(key), key);
            QVERIFY(b["batch"].get<int>() >= 1 && b["batch"].get<int>() <= 4);
            QVERIFY(b["output_tokens_per_second"].get<double>() > 0);
        }
        QCOMPARE(doc["benchmark"][1]["isl"].get<int>(), 64);
        QCOMPARE(runSolar({"llm", config("llama_small"), "--hw", "h200", "--benchmark", "2048"}), 2);
        QCOMPARE(runSolar({"llm", config("llama_small"), "--hw", "h200", "--benchmark", "1/1", "--sweep", "batch=1,2"}), 2);
        QCOMPARE(runSolar({"llm", config("llama_small"), "--hw", "h200", "--concurrency", "4"}), 2);
        QCOMPARE(runSolar({"llm", config("llama_small"), "--hw", "h200", "--benchmark", "1/1", "--memory-fraction", "1.5"}), 2);
    }
};

QTEST_GUILESS_MAIN(TestServingBenchmark)
#include "tst_servingbenchmark.moc"
