// SPDX-License-Identifier: MIT
// The LLM route on kernels the tracers cannot read (issue 51): a Triton kernel launched from a PyTorch module,
// validated through Triton's interpreter on the CPU; a C or C++ loop nest, compiled here with a harness and run on
// each candidate's inputs; a CUDA kernel, checked without running and marked unvalidated. Each source has a good
// reply and near-misses (tests/data/llm/README.md), played by a scripted OpenAI-compatible server on 127.0.0.1.
#include "../scriptedserver.h"
#include "engine/frontend/native/csource.h"
#include "engine/frontend/validate/nativevalidation.h"
#include "engine/hw/registry.h"
#include "engine/ir/parser.h"
#include "engine/source/sourceanalysis.h"
#include "engine/worker/pythonlocator.h"
#include "llmtest.h"
#include "testutil.h"

#include <QProcess>
#include <QTemporaryDir>
#include <QTest>

#include <nlohmann/json.hpp>

using namespace solar;

namespace {

const hw::HwProfile& gpu()
{
    static const auto registry = hw::loadDefaultHwRegistry();
    return *registry.find("h100-pcie");
}

struct Replied
{
    Expected<SourceAnalysis> analysis;
    std::string prompt; // the user message the model was sent
};

// `source` (in tests/data/llm) through the LLM route, the scripted model answering `reply` (a file there) once.
Replied replied(const QString& source, const QString& reply)
{
    ScriptedServer server({{200, completion("```alir\n" + testutil::readData("llm/" + reply.toStdString()) + "```")}});
    QTemporaryDir cache;
    const std::string path = std::string(SOLAR_TEST_DATA) + "/llm/" + source.toStdString();
    auto r = testutil::serve([&] { return analyzeSource(path, {}, gpu(), testutil::llmSource(server, cache.path().toStdString(), 1)); });
    const std::string prompt = server.requests.empty()
        ? std::string()
        : nlohmann::json::parse(server.requests.at(0).body.toStdString())["messages"][1]["content"].get<std::string>();
    return {std::move(r), prompt};
}

bool runs(const QString& program, const QStringList& args)
{
    QProcess p;
    p.start(program, args);
    return p.waitForFinished(120000) && p.exitStatus() == QProcess::NormalExit && p.exitCode() == 0;
}

} // namespace

class TestLlmKernels : public QObject
{
    Q_OBJECT

private slots:
    void replies_data()
    {
        QTest::addColumn<QString>("source");
        QTest::addColumn<QString>("reply");
        QTest::addColumn<QString>("status");
        QTest::addColumn<QString>("says");
        // Triton: a row softmax over a padded, masked block; a tiled matmul whose edge tiles are masked.
        QTest::newRow("triton softmax") << "triton_softmax.py"
                                        << "triton_softmax_good.alir"
                                        << "validated"
                                        << "Triton's interpreter";
        QTest::newRow("triton softmax, padding summed") << "triton_softmax.py"
                                                        << "triton_softmax_nomask.alir"
                                                        << "mismatch"
                                                        << "output 0";
        QTest::newRow("triton matmul") << "triton_matmul.py"
                                       << "triton_matmul_good.alir"
                                       << "validated"
                                       << "Triton's interpreter";
        QTest::newRow("triton matmul, tiles floored") << "triton_matmul.py"
                                                      << "triton_matmul_tile.alir"
                                                      << "mismatch"
                                                      << "output 0";
        // C and C++: compiled here with the harness (sizes as #defines, or as the entry's arguments).
        QTest::newRow("c matmul") << "c_matmul.c"
                                  << "c_matmul_good.alir"
                                  << "validated"
                                  << "compiled and run here";
        QTest::newRow("c matmul, last k dropped") << "c_matmul.c"
                                                  << "c_matmul_tile.alir"
                                                  << "mismatch"
                                                  << "output 0";
        QTest::newRow("c matmul, B's stride") << "c_matmul.c"
                                              << "c_matmul_stride.alir"
                                              << "mismatch"
                                              << "output 0";
        QTest::newRow("c++ rmsnorm") << "cpp_rmsnorm.cpp"
                                     << "cpp_rmsnorm_good.alir"
                                     << "validated"
                                     << "cols=13, rows=11";
        QTest::newRow("c++ rmsnorm, mean over rows") << "cpp_rmsnorm.cpp"
                                                     << "cpp_rmsnorm_rows.alir"
                                                     << "mismatch"
                                                     << "output 0";
        // CUDA: no GPU here; checked without running.
        QTest::newRow("cuda rowsum") << "cuda_rowsum.cu"
                                     << "cuda_rowsum_good.alir"
                                     << "unvalidated"
                                     << "the launch on line 23 (1024 x 1 x 1 threads); 2 loop and guard extent(s)";
        QTest::newRow("cuda rowsum, wrong default") << "cuda_rowsum.cu"
                                                    << "cuda_rowsum_default.alir"
                                                    << "mismatch"
                                                    << "ROWS defaults to 1024, the source sets ROWS = 1000";
        QTest::newRow("cuda rowsum, bias left out") << "cuda_rowsum.cu"
                                                    << "cuda_rowsum_nobias.alir"
                                                    << "mismatch"
                                                    << "the kernel indexes bias, which is not a tensor of the program";
        QTest::newRow("cuda rowsum, half the columns") << "cuda_rowsum.cu"
                                                       << "cuda_rowsum_extent.alir"
                                                       << "mismatch"
                                                       << "cols = 256, which is no dimension";
    }

    void replies()
    {
        QFETCH(QString, source);
        QFETCH(QString, reply);
        QFETCH(QString, status);
        QFETCH(QString, says);
        if (source.endsWith(QStringLiteral(".py"))) {
            const auto python = worker::locatePython();
            if (!python
                || !runs(QString::fromStdString(python->executable), {QStringLiteral("-c"), QStringLiteral("import torch, triton")}))
                QSKIP("no Python with torch and triton here (the torch2 environment of ./scripts/test installs triton)");
        } else if (!source.endsWith(QStringLiteral(".cu"))
                   && !runs(QString::fromLatin1(source.endsWith(QStringLiteral(".c")) ? "cc" : "c++"), {QStringLiteral("--version")})) {
            QSKIP("no C/C++ compiler here");
        }
        const auto [r, prompt] = replied(source, reply);
        QVERIFY2(r, r ? "" : formatAll(r.diagnostics()).c_str());
        const Validation& v = r->result.validation;
        QVERIFY2(v.statusName() == status.toStdString(), v.details.c_str());
        QVERIFY2(v.details.find(says.toStdString()) != std::string::npos, v.details.c_str());
        if (status == QStringLiteral("validated"))
            QVERIFY2(v.caveat.empty(), v.caveat.c_str());
        // The prompt says how the source's constructs map to ALIR.
        const char* notes = source.endsWith(QStringLiteral(".py")) ? "Triton kernels (@triton.jit)"
            : source.endsWith(QStringLiteral(".cu"))               ? "CUDA kernel (__global__)"
                                                                   : "C or C++ kernel";
        QVERIFY2(prompt.find(notes) != std::string::npos, prompt.c_str());
        if (!source.endsWith(QStringLiteral(".py")))
            QVERIFY2(prompt.find(source.endsWith(QStringLiteral(".cu")) ? "kernel: void row_sum(const float* x" : "entry function")
                         != std::string::npos,
                     prompt.c_str());
        // A good CUDA reply is analysed: bounds exist, and they say they are unvalidated.
        if (status == QStringLiteral("unvalidated"))
            QVERIFY(r->result.ladder.at(bounds::Level::Fused).seconds > 0);
    }

    // The trace route cannot run a Triton kernel on fake tensors: it says so and where to go, never a wrong program.
    void traceRouteSendsTritonToTheLlmRoute()
    {
        const auto python = worker::locatePython();
        if (!python || !runs(QString::fromStdString(python->executable), {QStringLiteral("-c"), QStringLiteral("import torch, triton")}))
            QSKIP("no Python with torch and triton here");
        SourceAnalysisOptions o;
        o.frontend = "trace";
        const auto r = analyzeSource(std::string(SOLAR_TEST_DATA) + "/llm/triton_softmax.py", {}, gpu(), o);
        QVERIFY(!r);
        QVERIFY2(formatAll(r.diagnostics()).find("--frontend llm") != std::string::npos, formatAll(r.diagnostics()).c_str());
    }

    // The reader of C/C++/CUDA sources, against the fixtures by hand.
    void readsSources()
    {
        const auto c = native::readCSource(testutil::readData("llm/c_matmul.c"), "c_matmul.c");
        QVERIFY(c);
        QCOMPARE(c->constants.size(), size_t(4));
        QCOMPARE(c->constants[2].name, std::string("K"));
        QCOMPARE(c->constants[2].value, std::int64_t(72));
        const native::CFunction* entry = native::entryFunction(*c, false);
        QVERIFY(entry);
        QCOMPARE(entry->name, std::string("matmul_bias")); // fma_f is static: a helper
        QCOMPARE(entry->params.size(), size_t(4));
        QVERIFY(entry->params[0].pointer && entry->params[0].isConst);
        QVERIFY(entry->params[3].pointer && !entry->params[3].isConst);
        QCOMPARE(native::withConstants(testutil::readData("llm/c_matmul.c"), *c, {{"K", 11}}).find("#define K 11") != std::string::npos,
                 true);

        const auto cu = native::readCSource(testutil::readData("llm/cuda_rowsum.cu"), "cuda_rowsum.cu");
        QVERIFY(cu);
        const native::CFunction* kernel = native::entryFunction(*cu, true);
        QVERIFY(kernel && kernel->global);
        QCOMPARE(kernel->params[0].type, std::string("float")); // __restrict__ dropped
        QCOMPARE(kernel->params[3].pointer, false);
        QCOMPARE(cu->launches.size(), size_t(1));
        QCOMPARE(cu->launches[0].grid, std::string("blocks"));
        QCOMPARE(cu->launches[0].args.size(), size_t(5));
        // Bad input: an unclosed comment is an error with its line, never a crash.
        const auto bad = native::readCSource("void f(float* x)\n{\n  /* never closed\n}\n", "bad.c");
        QVERIFY(!bad);
        QCOMPARE(bad.diagnostics().front().loc.line, 3);
    }

    // A kernel that indexes past the arrays the program declares is refused with the sanitizer's report, not
    // compared as numbers (the program says B is [K, N], the kernel reads more).
    void outOfBoundsIsReported()
    {
        if (!runs(QStringLiteral("cc"), {QStringLiteral("--version")}))
            QSKIP("no C compiler here");
        const auto program
            = ir::parseProgram("kernel k(n=40) {\n  in a: f32[n];\n  out b: f32[n];\n  for i in 0..n { b[i] = a[i]; }\n}\n", "k.alir");
        QVERIFY(program);
        const std::string text = "void copy_next(const float* a, float* b, int n)\n{\n  for (int i = 0; i < n; ++i) b[i] = a[i + 1];\n}\n";
        const Validation v = validate::validateNative(*program, "next.c", text, false);
        QCOMPARE(v.statusName(), std::string("mismatch"));
        qInfo("%s", v.details.c_str());
        QVERIFY2(v.details.find("outside them") != std::string::npos || v.details.find("output 0") != std::string::npos, v.details.c_str());
    }
};

QTEST_GUILESS_MAIN(TestLlmKernels)
#include "tst_llmkernels.moc"
