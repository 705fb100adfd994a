// SPDX-License-Identifier: MIT
// The JAX frontend (issue 17): jaxprs traced by the worker, lowered by the primitives' templates, validated against
// JAX on the CPU. Each port of a shared KernelBench problem (tests/data/jax/levelN_<name>.py) must validate and have
// the MACs and fused bytes of its PyTorch original, analysed independently by the trace frontend. Runs under the
// torch 2.x environment (tests/torch2.sh), which has jax and flax; skipped, with the reason, where JAX is missing.
#include "engine/analysis/analysis.h"
#include "engine/batch/sweep.h"
#include "engine/frontend/trace/lowering.h"
#include "engine/frontend/trace/modelprogram.h"
#include "engine/frontend/validate/validation.h"
#include "engine/hw/registry.h"
#include "engine/source/sourceanalysis.h"
#include "engine/worker/pythonlocator.h"
#include "tests/shareddata.h"

#include <QFile>
#include <QTemporaryDir>
#include <QTest>

#include <algorithm>
#include <filesystem>
#include <optional>

using namespace solar;

namespace {

std::string port(const std::string& name)
{
    return std::string(SOLAR_TEST_DATA) + "/jax/" + name + ".py";
}

// tests/data/jax/level2_63_Gemm_ReLU_Divide.py -> <kernelbench>/level2/63_Gemm_ReLU_Divide.py
// Taps of a k-wide window (stride s, padding p each side) over n inputs that land inside the input, summed over
// the output positions: the multiplications one input channel and one output channel of a convolution make along
// one spatial dimension (a padded tap multiplies nothing).
double validTaps(int n, int k, int s, int p)
{
    double taps = 0;
    for (int o = 0; o < (n + 2 * p - k) / s + 1; ++o)
        for (int t = 0; t < k; ++t)
            taps += o * s + t - p >= 0 && o * s + t - p < n ? 1 : 0;
    return taps;
}

// MACs of a square 2-D convolution of an n x n input, per image.
double convMacs(int n, int k, int s, int p, int cin, int cout)
{
    return validTaps(n, k, s, p) * validTaps(n, k, s, p) * cin * cout;
}

bool ledgerSays(const AnalysisResult& a, const std::string& text)
{
    return std::any_of(a.coverage.items.begin(), a.coverage.items.end(),
                       [&](const CoverageItem& i) { return i.reason.find(text) != std::string::npos; });
}

std::string original(const std::string& name)
{
    const auto underscore = name.find('_');
    return solar::testing::kernelBenchDir() + "/" + name.substr(0, underscore) + "/" + name.substr(underscore + 1) + ".py";
}

} // namespace

class TestJax : public QObject
{
    Q_OBJECT
private:
    std::optional<worker::PythonInfo> m_python;
    std::optional<worker::TraceWorker> m_worker;
    hw::HwRegistry m_registry = hw::loadDefaultHwRegistry();
    const hw::HwProfile* m_h100 = nullptr;
    std::string m_skip;

private slots:
    void initTestCase()
    {
        m_h100 = m_registry.find("h100-pcie");
        QVERIFY(m_h100);
        const auto p = worker::locatePython();
        if (!p) {
            m_skip = "no Python interpreter with torch on this machine";
            return;
        }
        m_python = *p;
        m_worker.emplace(*m_python);
        const auto probe = m_worker->trace(port("level1_19_ReLU"));
        if (!probe && probe.diagnostics().front().message.find("needs jax") != std::string::npos)
            m_skip = "this Python has no jax (the torch2 environment of ./scripts/test installs it)";
    }

    void testPortsMatchTheirOriginals_data()
    {
        QTest::addColumn<QString>("name");
        for (const auto& entry : std::filesystem::directory_iterator(std::string(SOLAR_TEST_DATA) + "/jax")) {
            const std::string stem = entry.path().stem().string();
            if (entry.path().extension() == ".py" && stem.rfind("level", 0) == 0)
                QTest::newRow(stem.c_str()) << QString::fromStdString(stem);
        }
    }

    void testPortsMatchTheirOriginals()
    {
        QFETCH(QString, name);
        if (!m_skip.empty())
            QSKIP(m_skip.c_str());
        const std::string stem = name.toStdString();
        if (!std::filesystem::exists(original(stem)))
            QSKIP("the shared KernelBench folder is not beside this checkout");
        const auto jax = trace::loadModelProgram(port(stem), *m_worker, {}, true);
        QVERIFY2(jax, jax ? "" : formatAll(jax.diagnostics()).c_str());
        QVERIFY2(jax->lowered.unsupported.empty(), jax->lowered.unsupported.empty() ? "" : jax->lowered.unsupported.front().aten.c_str());
        const auto torch = trace::loadModelProgram(original(stem), *m_worker, {}, false);
        QVERIFY2(torch, torch ? "" : formatAll(torch.diagnostics()).c_str());
        const auto a = analyzeProgram(jax->lowered.program, *m_h100);
        const auto b = analyzeProgram(torch->lowered.program, *m_h100);
        QVERIFY(a && b);
        QCOMPARE(a->digest.totalMacs, b->digest.totalMacs);
        QCOMPARE(a->ladder.at(bounds::Level::Fused).bytes, b->ladder.at(bounds::Level::Fused).bytes);
        const auto v = validate::validateModel(port(stem), *m_worker, *jax);
        QVERIFY2(v.statusName() == "validated", (v.statusName() + ": " + v.details).c_str());
    }

    // What the jaxpr says, line by line: the source line of each equation, Flax parameters by their paths, layout
    // primitives as views (no op of their own), and nested jaxprs (relu's custom_jvp_call, jit) inlined.
    void testTraceStructure()
    {
        if (!m_skip.empty())
            QSKIP(m_skip.c_str());
        const auto t = m_worker->trace(port("level2_63_Gemm_ReLU_Divide"));
        QVERIFY2(t, t ? "" : formatAll(t.diagnostics()).c_str());
        QCOMPARE(t->mode, std::string("jax"));
        QVERIFY(t->tensor("params.Dense_0.kernel"));
        QCOMPARE(t->tensor("params.Dense_0.kernel")->role, std::string("parameter"));
        QCOMPARE(worker::values(t->tensor("params.Dense_0.kernel")->shape), (std::vector<std::int64_t> {8192, 8192}));
        std::vector<std::string> ops;
        for (const auto& op : t->ops)
            ops.push_back(op.op);
        // x @ kernel; bias reshaped (a view) and added; relu's max (inlined from custom_jvp_call and jit); divide.
        const std::vector<std::string> expected {"jax::dot_general", "jax::view_reshape", "jax::add", "jax::max", "jax::div"};
        QCOMPARE(ops, expected);
        for (const auto& op : t->ops)
            QVERIFY2(op.line == 13 || op.line == 14 || op.line == 15, op.op.c_str());
        QCOMPARE(t->ops.back().line, 15);
    }

    // The robotics examples in JAX (tests/data/jax/robotics): forward kinematics batched with jax.vmap and an MPC
    // rollout as lax.scan validate and have the MACs of the PyTorch examples (resources/examples). FK's fused bytes
    // are equal too. The rollout's are its exact compulsory traffic, counted by hand: controls 2048 x 12 x 16, x0
    // and the final state 2048 x 32 each, the costs 2048, A 32 x 32, B 32 x 16, Q 32, R 16, all fp32 (the unrolled
    // PyTorch loop gets less: each step reads another slice of controls, docs/jax-frontend.md).
    void testRobotics_data()
    {
        QTest::addColumn<QString>("name");
        QTest::addColumn<bool>("sameBytes");
        QTest::newRow("robot_fk_7dof") << "robot_fk_7dof" << true;
        QTest::newRow("mpc_rollout") << "mpc_rollout" << false;
    }

    void testRobotics()
    {
        QFETCH(QString, name);
        QFETCH(bool, sameBytes);
        if (!m_skip.empty())
            QSKIP(m_skip.c_str());
        const std::string port = std::string(SOLAR_TEST_DATA) + "/jax/robotics/" + name.toStdString() + ".py";
        const std::string torch = std::string(SOLAR_TEST_DATA) + "/../../resources/examples/" + name.toStdString() + ".py";
        const auto a = trace::loadModelProgram(port, *m_worker, {}, true);
        const auto b = trace::loadModelProgram(torch, *m_worker, {}, false);
        QVERIFY2(a && b, a ? "" : formatAll(a.diagnostics()).c_str());
        QVERIFY(a->lowered.unsupported.empty());
        const auto x = analyzeProgram(a->lowered.program, *m_h100);
        const auto y = analyzeProgram(b->lowered.program, *m_h100);
        QVERIFY(x && y);
        QCOMPARE(x->digest.totalMacs, y->digest.totalMacs);
        if (sameBytes)
            QCOMPARE(x->ladder.at(bounds::Level::Fused).bytes, y->ladder.at(bounds::Level::Fused).bytes);
        else
            QCOMPARE(x->ladder.at(bounds::Level::Fused).bytes, 4.0 * (2048 * 12 * 16 + 2 * 2048 * 32 + 2048 + 32 * 32 + 32 * 16 + 32 + 16));
        const auto v = validate::validateModel(port, *m_worker, *a);
        QVERIFY2(v.statusName() == "validated", (v.statusName() + ": " + v.details).c_str());
    }

    // Flax Linen models (tests/data/jax/flax) trace, lower completely and validate; MACs derived by hand.
    void testFlaxModels_data()
    {
        QTest::addColumn<QString>("file");
        QTest::addColumn<double>("macs");
        // MLP: 64 x (256 x 512 + 512 x 512 + 512 x 16).
        QTest::newRow("mlp") << "flax/mlp.py" << 64.0 * (256 * 512 + 512 * 512 + 512 * 16);
        // GPT block, B 4, L 64, D 128, 4 heads of 32: q, k, v and out projections 4 x B L D D, scores and mixing
        // 2 x B x 4 x L x L x 32 (the causal mask is applied to full scores), the MLP 2 x B L D 4D.
        QTest::newRow("gpt_block") << "flax/gpt_block.py"
                                   << 4.0 * 4 * 64 * 128 * 128 + 2.0 * 4 * 4 * 64 * 64 * 32 + 2.0 * 4 * 64 * 128 * 512;
        // ResNet stem and two basic blocks, batch 8, 64 px, 32 channels: 7x7/2 convolution (padding 3) to 32 x 32,
        // counted without the taps in the padding; then 3x3 max pool /2 to 16 x 16 and four 3x3 convolutions
        // (padding 1) of 32 -> 32 channels; the dense head 32 x 10.
        QTest::newRow("resnet_block") << "flax/resnet_block.py"
                                      << 8.0
                * (3 * 32 * (32 * 7 - 3 - 2 - 1) * (32 * 7 - 3 - 2 - 1) + 4 * 32 * 32 * (16 * 3 - 2) * (16 * 3 - 2) + 32 * 10);
        QTest::newRow("cnn") << "flax/cnn.py" << -1.0;
        // ViT-Tiny/16, batch 2 at 224 px: 196 patches of 16 x 16 x 3 embedded to 192; per block over 197 tokens
        // q, k, v and out projections 4 x T x 192 x 192, scores and mixing 2 x T x T x 192 (3 heads of 64), the MLP
        // 2 x T x 192 x 768; 12 blocks; the head 192 x 1000 on the class token.
        const double tokens = 197;
        QTest::newRow("vit_tiny") << "flax/vit_tiny.py"
                                  << 2.0
                * (196.0 * 16 * 16 * 3 * 192 + 12 * (4 * tokens * 192 * 192 + 2 * tokens * tokens * 192 + 2 * tokens * 192 * 768)
                   + 192 * 1000);
        // ResNet-18, batch 2 at 224 px, padding taps excluded: the 7x7/2 stem to 112; after the 3x3/2 max pool, per
        // stage two basic blocks of 3x3 convolutions, the first of stages 2-4 with stride 2 and a 1x1/2 projection.
        double resnet = convMacs(224, 7, 2, 3, 3, 64) + 4 * convMacs(56, 3, 1, 1, 64, 64);
        for (int stage = 1, n = 56, c = 64; stage < 4; ++stage, n /= 2, c *= 2)
            resnet += convMacs(n, 3, 2, 1, c, 2 * c) + 3 * convMacs(n / 2, 3, 1, 1, 2 * c, 2 * c) + convMacs(n, 1, 2, 0, c, 2 * c);
        QTest::newRow("resnet18") << "flax/resnet18.py" << 2.0 * (resnet + 512 * 1000);
    }

    void testFlaxModels()
    {
        QFETCH(QString, file);
        QFETCH(double, macs);
        if (!m_skip.empty())
            QSKIP(m_skip.c_str());
        const std::string path = std::string(SOLAR_TEST_DATA) + "/jax/" + file.toStdString();
        const auto model = trace::loadModelProgram(path, *m_worker, {}, true);
        QVERIFY2(model, model ? "" : formatAll(model.diagnostics()).c_str());
        QVERIFY(model->lowered.unsupported.empty());
        const auto a = analyzeProgram(model->lowered.program, *m_h100);
        QVERIFY(a);
        if (macs >= 0)
            QCOMPARE(a->digest.totalMacs, macs);
        const auto v = validate::validateModel(path, *m_worker, *model);
        QVERIFY2(v.statusName() == "validated", (v.statusName() + ": " + v.details).c_str());
    }

    // Gathers and scatters (tests/data/jax/ops/indexing.py): jnp.take (fill mode), x[idx] (clamped), a gather
    // along the second axis, take_along_axis, .at[] add / max / set. Validated against JAX (negative and
    // out-of-range ids included); the fused bytes are the compulsory traffic by hand: inputs table 64 x 16, ids 12,
    // picks 12 x 3, updates 12 x 16; outputs rows and rows * 2 (12 x 16 each), cols 64 x 12, best 12 x 3, and three
    // updated tables of 64 x 16; four bytes each.
    void testGatherScatter()
    {
        if (!m_skip.empty())
            QSKIP(m_skip.c_str());
        const std::string path = std::string(SOLAR_TEST_DATA) + "/jax/ops/indexing.py";
        const auto model = trace::loadModelProgram(path, *m_worker, {}, true);
        QVERIFY2(model, model ? "" : formatAll(model.diagnostics()).c_str());
        QVERIFY(model->lowered.unsupported.empty());
        const auto a = analyzeProgram(model->lowered.program, *m_h100);
        QVERIFY(a);
        const double elements = 64 * 16 + 12 + 12 * 3 + 12 * 16 + 2 * 12 * 16 + 64 * 12 + 12 * 3 + 3 * 64 * 16;
        QCOMPARE(a->ladder.at(bounds::Level::Fused).bytes, 4.0 * elements);
        const auto v = validate::validateModel(path, *m_worker, *model);
        QVERIFY2(v.statusName() == "validated", (v.statusName() + ": " + v.details).c_str());
    }

    // Control flow (tests/data/jax/ops/control.py): a while loop that counts is a loop (5 steps of N x M x M MACs),
    // fori_loop too; lax.cond and lax.switch pick their branch at run time: the branches are `if` statements that the
    // bounds do not count, and the coverage ledger says so. The program validates (the interpreter takes the branch
    // JAX took).
    void testControlFlow()
    {
        if (!m_skip.empty())
            QSKIP(m_skip.c_str());
        const std::string path = std::string(SOLAR_TEST_DATA) + "/jax/ops/control.py";
        const auto model = trace::loadModelProgram(path, *m_worker, {}, true);
        QVERIFY2(model, model ? "" : formatAll(model.diagnostics()).c_str());
        QVERIFY(model->lowered.unsupported.empty());
        QVERIFY2(model->lowered.text.find("for _s0 in 0..5 {") != std::string::npos, model->lowered.text.c_str());
        QVERIFY(model->lowered.text.find("for _s1 in 0..3 {") != std::string::npos);
        QVERIFY(model->lowered.text.find("if (min(max(") != std::string::npos);
        const auto a = analyzeProgram(model->lowered.program, *m_h100);
        QVERIFY(a);
        QCOMPARE(a->digest.totalMacs, 5.0 * 32 * 24 * 24);
        QVERIFY(!a->coverage.complete);
        QVERIFY(ledgerSays(*a, "data-dependent control"));
        const auto v = validate::validateModel(path, *m_worker, *model);
        QVERIFY2(v.statusName() == "validated", (v.statusName() + ": " + v.details).c_str());
    }

    // Random draws (tests/data/jax/ops/random_noise.py): a key made and split in forward, normal noise and a
    // Bernoulli mask. Each draw is counted (one write per element, never free), the model is not compared (its
    // values are stand-ins) and says why.
    void testRandomDraws()
    {
        if (!m_skip.empty())
            QSKIP(m_skip.c_str());
        const std::string path = std::string(SOLAR_TEST_DATA) + "/jax/ops/random_noise.py";
        const auto model = trace::loadModelProgram(path, *m_worker, {}, true);
        QVERIFY2(model, model ? "" : formatAll(model.diagnostics()).c_str());
        QVERIFY2(model->lowered.unsupported.empty(),
                 model->lowered.unsupported.empty() ? "" : model->lowered.unsupported.front().aten.c_str());
        QCOMPARE(model->lowered.randomOps.size(), size_t(4)); // the key, its split, the noise, the mask
        const auto a = analyzeProgram(model->lowered.program, *m_h100);
        QVERIFY(a);
        // Unfused, the noise (16 x 64 f32) and the mask (16 x 64 bool) are written by their draws.
        QVERIFY(a->ladder.at(bounds::Level::UnfusedPerKernel).bytes >= 16.0 * 64 * (4 + 1));
        const auto v = validate::validateModel(path, *m_worker, *model);
        QCOMPARE(v.statusName(), std::string("unvalidated"));
        QVERIFY2(v.details.find("random") != std::string::npos, v.details.c_str());
    }

    // Sorting (tests/data/jax/ops/sorting.py): jnp.sort along rows and argsort validate; bytes are counted (input
    // 24 x 40 f32, outputs the sorted rows, 24 medians and 24 int32 positions), the comparisons are not arithmetic:
    // the only FLOPs are the 24 multiplications by two, and the ledger says why.
    void testSort()
    {
        if (!m_skip.empty())
            QSKIP(m_skip.c_str());
        const std::string path = std::string(SOLAR_TEST_DATA) + "/jax/ops/sorting.py";
        const auto model = trace::loadModelProgram(path, *m_worker, {}, true);
        QVERIFY2(model, model ? "" : formatAll(model.diagnostics()).c_str());
        QVERIFY(model->lowered.unsupported.empty());
        const auto a = analyzeProgram(model->lowered.program, *m_h100, {},
                                      [&](graph::EinsumGraph& g) { trace::applyProvenance(g, model->lowered); });
        QVERIFY(a);
        QCOMPARE(a->ladder.at(bounds::Level::Fused).bytes, 4.0 * (24 * 40 + 24 * 40 + 24 + 24));
        QCOMPARE(2 * a->digest.totalMacs + a->digest.totalOtherOps, 24.0);
        QVERIFY(ledgerSays(*a, "comparisons are not counted"));
        const auto v = validate::validateModel(path, *m_worker, *model);
        QVERIFY2(v.statusName() == "validated", (v.statusName() + ": " + v.details).c_str());
    }

    // lax.scan is a loop, not unrolled: one statement per body equation inside `for _s0 in 0..seq_len`, MACs
    // T x B x (I x H + H x H) = 16 x 4 x (8 x 32 + 32 x 32), validated against JAX.
    void testScanIsALoop()
    {
        if (!m_skip.empty())
            QSKIP(m_skip.c_str());
        const std::string path = std::string(SOLAR_TEST_DATA) + "/jax/scan_rnn.py";
        const auto model = trace::loadModelProgram(path, *m_worker, {}, true);
        QVERIFY2(model, model ? "" : formatAll(model.diagnostics()).c_str());
        QVERIFY2(model->lowered.text.find("for _s0 in 0..seq_len {") != std::string::npos, model->lowered.text.c_str());
        const auto a = analyzeProgram(model->lowered.program, *m_h100);
        QVERIFY(a);
        QCOMPARE(a->digest.totalMacs, 16.0 * 4 * (8 * 32 + 32 * 32));
        const auto v = validate::validateModel(path, *m_worker, *model);
        QVERIFY2(v.statusName() == "validated", (v.statusName() + ": " + v.details).c_str());
        // At other sizes the fitted loop still counts T x B x (I H + H H).
        AnalysisOptions at;
        at.sizes = model->parameterValues({{"seq_len", 40}, {"hidden", 24}});
        const auto b = analyzeProgram(model->lowered.program, *m_h100, at);
        QVERIFY(b);
        QCOMPARE(b->digest.totalMacs, 40.0 * 4 * (8 * 24 + 24 * 24));
    }

    // JAX's default precision: an fp32 dot_general at DEFAULT precision may run on TF32 tensor cores (XLA on
    // NVIDIA GPUs), so its compute term is the TF32 one; with precision=HIGHEST it is fp32, as PyTorch's matmul.
    void testPrecision()
    {
        if (!m_skip.empty())
            QSKIP(m_skip.c_str());
        const auto byDefault = trace::loadModelProgram(port("level1_2_Standard_matrix_multiplication_"), *m_worker, {}, false);
        const auto highest = trace::loadModelProgram(std::string(SOLAR_TEST_DATA) + "/jax/matmul_highest.py", *m_worker, {}, false);
        const auto torch = trace::loadModelProgram(std::string(SOLAR_TEST_DATA) + "/py/matmul_2k.py", *m_worker, {}, false);
        QVERIFY(byDefault && highest && torch);
        auto compute = [&](const trace::ModelProgram& m) {
            const auto a
                = analyzeProgram(m.lowered.program, *m_h100, {}, [&](graph::EinsumGraph& g) { trace::applyProvenance(g, m.lowered); });
            return a ? a->ladder.at(bounds::Level::Fused).computeSeconds : -1.0;
        };
        const double flops = 2.0 * 2048 * 8192 * 4096;
        const double tf32 = m_h100->peakFlops(hw::Unit::Tensor, hw::Precision::TF32);
        const double fp32 = m_h100->peakFlops(hw::Unit::Simt, hw::Precision::FP32);
        QVERIFY(tf32 > fp32 && fp32 > 0);
        // TF32 tensor cores and the fp32 SIMT pipes share the work (docs/sol-model.md, Units).
        QCOMPARE(compute(*byDefault), flops / (tf32 + fp32));
        QCOMPARE(compute(*torch), flops / fp32);
        QCOMPARE(compute(*highest), compute(*torch));
        QVERIFY(compute(*highest) > compute(*byDefault));
    }

    // The frontend is the user's to force: a JAX program that also imports torch is taken for a PyTorch model by
    // the automatic frontend (and fails there, naming what it misses), and traced as JAX with the "jax" frontend.
    void testForcedFramework()
    {
        if (!m_skip.empty())
            QSKIP(m_skip.c_str());
        const std::string path = std::string(SOLAR_TEST_DATA) + "/jax-fixtures/mixed_imports.py";
        SourceAnalysisOptions options;
        options.python = m_python->executable;
        const auto automatic = analyzeSource(path, {}, *m_h100, options);
        QVERIFY(!automatic);
        QVERIFY2(formatAll(automatic.diagnostics()).find("nn.Module") != std::string::npos, formatAll(automatic.diagnostics()).c_str());
        options.frontend = "jax";
        const auto forced = analyzeSource(path, {}, *m_h100, options);
        QVERIFY2(forced, forced ? "" : formatAll(forced.diagnostics()).c_str());
        QCOMPARE(forced->frontend, std::string("jax"));
        QCOMPARE(forced->result.ladder.at(bounds::Level::Fused).flops, 2.0 * 64 * 64 * 64 + 64 * 64);
        QCOMPARE(forced->result.validation.statusName(), std::string("validated"));
    }

    // A Python with jax but no torch (torch hidden by tests/data/jax-fixtures/hide_torch, first on its PYTHONPATH) is found
    // when chosen through SOLAR_PYTHON, traces and validates JAX sources, and refuses PyTorch ones saying what it
    // misses.
    void testJaxOnlyPython()
    {
        if (!m_skip.empty())
            QSKIP(m_skip.c_str());
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        const QString wrapper = dir.filePath(QStringLiteral("python"));
        QFile f(wrapper);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write(("#!/bin/sh\nPYTHONPATH='" + std::string(SOLAR_TEST_DATA) + "/jax-fixtures/hide_torch' exec '" + m_python->executable
                 + "' \"$@\"\n")
                    .c_str());
        f.close();
        QVERIFY(f.setPermissions(f.permissions() | QFileDevice::ExeOwner));
        const QByteArray saved = qgetenv("SOLAR_PYTHON");
        qputenv("SOLAR_PYTHON", wrapper.toUtf8());
        const auto python = worker::locatePython();
        qputenv("SOLAR_PYTHON", saved);
        QVERIFY2(python, python ? "" : formatAll(python.diagnostics()).c_str());
        QCOMPARE(python->executable, wrapper.toStdString());
        QVERIFY(python->torchVersion.empty());
        QVERIFY(!python->jaxVersion.empty());
        worker::TraceWorker worker(*python);
        const auto model = trace::loadModelProgram(port("level1_19_ReLU"), worker, {}, true);
        QVERIFY2(model, model ? "" : formatAll(model.diagnostics()).c_str());
        QCOMPARE(validate::validateModel(port("level1_19_ReLU"), worker, *model).statusName(), std::string("validated"));
        const auto torch = worker.trace(original("level1_19_ReLU"));
        QVERIFY(!torch);
        QVERIFY2(torch.diagnostics().front().message.find("the PyTorch frontend needs torch") == 0,
                 torch.diagnostics().front().message.c_str());
    }

    // `solar bench` on a folder mixing PyTorch and JAX files: each is traced by its own frontend and validated
    // against its own framework; a JAX file with data-dependent control is incomplete and names what was not counted.
    void testBenchMixesFrameworks()
    {
        if (!m_skip.empty())
            QSKIP(m_skip.c_str());
        if (!std::filesystem::exists(original("level1_19_ReLU")))
            QSKIP("the shared KernelBench folder is not beside this checkout");
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        const std::filesystem::path root = dir.path().toStdString();
        std::filesystem::create_directories(root / "torch");
        std::filesystem::create_directories(root / "jax");
        std::filesystem::copy_file(original("level1_19_ReLU"), root / "torch" / "19_ReLU.py");
        std::filesystem::copy_file(port("level1_19_ReLU"), root / "jax" / "19_ReLU.py");
        std::filesystem::copy_file(std::string(SOLAR_TEST_DATA) + "/jax/ops/control.py", root / "jax" / "control.py");
        batch::SweepOptions options;
        options.validate = true;
        options.jobs = 1;
        const auto r = batch::runSweep(root.string(), *m_h100, options, *m_python);
        QCOMPARE(r.problems.size(), size_t(3));
        std::map<std::string, const batch::ProblemResult*> byFile;
        for (const auto& p : r.problems)
            byFile[p.file] = &p;
        for (const char* file : {"torch/19_ReLU.py", "jax/19_ReLU.py"}) {
            QVERIFY2(byFile.count(file), file);
            QCOMPARE(byFile[file]->status, batch::ProblemStatus::Ok);
            QCOMPARE(byFile[file]->validation, ValidationStatus::Validated);
        }
        QCOMPARE(byFile["torch/19_ReLU.py"]->bytes, byFile["jax/19_ReLU.py"]->bytes);
        QVERIFY2(byFile["jax/19_ReLU.py"]->validationDetails.find("JAX") != std::string::npos,
                 byFile["jax/19_ReLU.py"]->validationDetails.c_str());
        const batch::ProblemResult& control = *byFile["jax/control.py"];
        QCOMPARE(control.status, batch::ProblemStatus::Incomplete);
        QVERIFY(std::find(control.notCounted.begin(), control.notCounted.end(), "jax::exp at line 22") != control.notCounted.end());
    }

    // Errors name the step and the user's line; a file that is neither a function nor a Flax model says so.
    void testErrors()
    {
        if (!m_skip.empty())
            QSKIP(m_skip.c_str());
        const auto broken = m_worker->trace(std::string(SOLAR_TEST_DATA) + "/jax-fixtures/broken_forward.py");
        QVERIFY(!broken);
        QCOMPARE(broken.diagnostics().front().code, std::string("trace.run"));
        QCOMPARE(broken.diagnostics().front().loc.line, 9);
        QVERIFY2(broken.diagnostics().front().message.find("forward() failed") == 0, broken.diagnostics().front().message.c_str());
        const auto empty = m_worker->trace(std::string(SOLAR_TEST_DATA) + "/jax-fixtures/no_function.py");
        QVERIFY(!empty);
        QVERIFY2(empty.diagnostics().front().message.find("no forward(*inputs) function") != std::string::npos,
                 empty.diagnostics().front().message.c_str());
    }
};

QTEST_GUILESS_MAIN(TestJax)
#include "tst_jax.moc"
