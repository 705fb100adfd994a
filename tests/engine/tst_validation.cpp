// SPDX-License-Identifier: MIT
// Validation by output comparison: the size schedule (no Python needed), models that must validate (this repo's
// and a sample of the shared KernelBench problems when that folder is present), and a model that computes one
// thing when traced and another when run, which must be reported as a mismatch. Skipped where no Python has torch.
#include "engine/analysis/analysis.h"
#include "engine/batch/sweep.h"
#include "engine/frontend/trace/modelprogram.h"
#include "engine/frontend/validate/comparison.h"
#include "engine/frontend/validate/validation.h"
#include "engine/hw/registry.h"
#include "engine/worker/pythonlocator.h"
#include "tests/shareddata.h"

#include <QTest>

#include <cmath>
#include <filesystem>
#include <optional>
#include <regex>
#include <set>

using namespace solar;

namespace {

std::string data(const char* name)
{
    return std::string(SOLAR_TEST_DATA) + "/py/" + name;
}

} // namespace

class TestValidation : public QObject
{
    Q_OBJECT
private:
    std::optional<worker::PythonInfo> m_python;
    hw::HwRegistry m_registry = hw::loadDefaultHwRegistry();
    const hw::HwProfile* m_h100 = nullptr;

private slots:
    void initTestCase()
    {
        if (const auto p = worker::locatePython())
            m_python = *p;
        m_h100 = m_registry.find("h100-pcie");
        QVERIFY(m_h100);
    }

    // Constants of 16 or more shrink by a common divisor, never below 8; smaller ones are structural and absent.
    void testReducedSizes()
    {
        const auto sets = trace::reducedSizes({{"batch_size", 128}, {"kernel", 3}, {"dim", 1024}});
        QVERIFY(sets.size() >= 2);
        const std::map<std::string, std::int64_t> smallest {{"batch_size", 8}, {"dim", 8}}; // 128/256 -> 8, 1024/256 = 4 -> 8
        const std::map<std::string, std::int64_t> second {{"batch_size", 8}, {"dim", 16}}; // /64
        const std::map<std::string, std::int64_t> full {{"batch_size", 128}, {"dim", 1024}};
        QVERIFY(sets.front() == smallest);
        QVERIFY(sets[1] == second);
        QVERIFY(sets.back() == full);
        for (const auto& s : sets)
            QVERIFY(!s.count("kernel"));
    }

    void testOwnModelsValidate_data()
    {
        QTest::addColumn<QString>("file");
        QTest::newRow("mlp") << QString::fromStdString(data("mlp.py"));
        QTest::newRow("convnet") << QString::fromStdString(data("convnet.py"));
        QTest::newRow("families") << QString::fromStdString(data("families.py"));
        QTest::newRow("lstm") << QString::fromStdString(data("lstm.py"));
        QTest::newRow("indexing_pooling") << QString::fromStdString(data("indexing_pooling.py"));
        QTest::newRow("recurrent") << QString::fromStdString(data("recurrent.py"));
        // Mainstream transformer blocks (issue 16): rotary embeddings, grouped-query attention, RMSNorm, SwiGLU;
        // Swin's shifted windows (torch.roll) with a relative position bias table.
        QTest::newRow("llama_block") << QString::fromStdString(data("llama_block.py"));
        QTest::newRow("swin_block") << QString::fromStdString(data("swin_block.py"));
        QTest::newRow("mha_fastpath") << QString::fromStdString(data("mha_fastpath.py"));
        QTest::newRow("compiled") << QString::fromStdString(data("compiled.py"));
        QTest::newRow("masked_attention") << QString::fromStdString(data("masked_attention.py"));
        QTest::newRow("routing") << QString::fromStdString(data("routing.py"));
        QTest::newRow("flattened_matmul") << QString::fromStdString(data("flattened_matmul.py"));
    }

    void testOwnModelsValidate()
    {
        if (!m_python)
            QSKIP("no Python interpreter with torch on this machine");
        QFETCH(QString, file);
        worker::TraceWorker worker(*m_python);
        const auto v = validate::validateModel(file.toStdString(), worker);
        QVERIFY2(v.statusName() == "validated", (v.statusName() + ": " + v.details).c_str());
        QVERIFY(v.details.find("outputs match torch at") != std::string::npos);
    }

    // Recurrent layers are one traced op each, lowered to a loop over time steps (issue 16: a 6-layer bidirectional
    // GRU over 512 steps was 117,000 traced ops). tests/data/py/recurrent.py, T = 5, B = 3, H = 6, by hand:
    //   GRU  (3H gates, 2 layers x 2 directions): 15 * (18*4 + 18*6) * 2 + 15 * (18*12 + 18*6) * 2 = 15,120 MACs
    //   LSTM (4H gates, 2 layers):                15 * (24*12 + 24*6) + 15 * (24*6 + 24*6)         = 10,800 MACs
    //   RNN  (H, no bias):                        15 * (6*6 + 6*6)                                 =  1,080 MACs
    // and per (step, batch, unit) the cell's elementwise work: GRU 10, LSTM 13, ReLU RNN 2 operations:
    //   90 * (10 * 4 + 13 * 2 + 2 * 1) = 6,120. The outputs match torch (testOwnModelsValidate).
    void testRecurrentLayersAreLoops()
    {
        if (!m_python)
            QSKIP("no Python interpreter with torch on this machine");
        worker::TraceWorker worker(*m_python);
        const auto traced = worker.trace(data("recurrent.py"));
        QVERIFY(traced);
        std::vector<std::string> recurrent;
        for (const auto& op : traced->ops)
            if (op.op.rfind("solar::", 0) == 0)
                recurrent.push_back(op.op);
        QCOMPARE(recurrent, (std::vector<std::string> {"solar::gru", "solar::lstm", "solar::rnn_relu"}));
        QCOMPARE(traced->ops.size(), std::size_t(12)); // with the zero initial states and a transpose
        const auto model = trace::loadModelProgram(data("recurrent.py"), worker, {}, false);
        QVERIFY(model);
        const auto hw = hw::loadDefaultHwRegistry();
        const auto a = analyzeProgram(model->lowered.program, *hw.find("h100-pcie"));
        QVERIFY(a);
        QCOMPARE(a->digest.totalMacs, 27000.0);
        QCOMPARE(a->digest.totalOtherOps, 6120.0);
    }

    // Attention as transformers writes it (issue 29; tests/data/py/masked_attention.py, B=2, S=10, E=24, 4 query
    // heads over 2 key/value heads, d=6), by hand: q and o are 2*10*24*24 = 11,520 MACs each, k and v 2*10*24*12 =
    // 5,760 each; each of the two attentions computes every (query, key) pair of its mask, B*H*S*S*d twice: 9,600.
    // 53,760 in all. The Linears on 3-D inputs are one contraction each with affine indices, the boolean mask (built
    // with bitwise_and) and the gathered bias (two index tensors) are lowered, nothing is left uncounted.
    void testMaskedGroupedAttention()
    {
        if (!m_python)
            QSKIP("no Python interpreter with torch on this machine");
        worker::TraceWorker worker(*m_python);
        const auto model = trace::loadModelProgram(data("masked_attention.py"), worker, {}, false);
        QVERIFY2(model, model ? "" : formatAll(model.diagnostics()).c_str());
        QVERIFY(model->lowered.unsupported.empty());
        int linear = 0, attention = 0;
        for (const auto& op : model->trace.ops) {
            linear += op.op == "solar::linear";
            attention += op.op == "solar::scaled_dot_product_attention";
        }
        QCOMPARE(linear, 4);
        QCOMPARE(attention, 2);
        const auto hw = hw::loadDefaultHwRegistry();
        const auto a = analyzeProgram(model->lowered.program, *hw.find("h100-pcie"), {},
                                      [&](graph::EinsumGraph& g) { trace::applyProvenance(g, model->lowered); });
        QVERIFY(a);
        QCOMPARE(a->digest.totalMacs, 53760.0);
        // Each Linear on a 3-D input reads its rows with plain indices. q, k and v read the hidden states: no merged
        // (braced) index at all; o_proj reads the attention output with its heads folded into the width (a view of
        // [batch, seq, heads, head_dim]), whose digits stay // and % — with an exact footprint (no coverage note).
        int linearNodes = 0, plain = 0;
        for (const auto& n : a->graph.nodes)
            if (n.sourceOp == "solar::linear" && n.macs > 0) { // the product, not its bias initialisation
                ++linearNodes;
                plain += n.equation.find('{') == std::string::npos;
            }
        QCOMPARE(linearNodes, 4);
        QCOMPARE(plain, 3);
        for (const auto& item : a->coverage.items)
            QVERIFY2(item.reason.find("merges dimensions") == std::string::npos, item.reason.c_str());
    }

    // A product on rows flattened through a view (tests/data/py/flattened_matmul.py: view(-1, K) -> addmm -> view
    // back, as transformers' Conv1D; x @ W on a 3-D x) is one contraction on the unflattened tensor: plain indices
    // (no braced // and % digits), the ATen op that runs as its provenance, and by hand 2 x 3 x 7 x 10 x 6 = 2,520
    // MACs and (210 + 60 + 6 + 60 + 210) x 4 = 2,184 compulsory bytes; validated in testOwnModelsValidate.
    void testFlattenedMatmulIsOneProduct()
    {
        if (!m_python)
            QSKIP("no Python interpreter with torch on this machine");
        worker::TraceWorker worker(*m_python);
        const auto model = trace::loadModelProgram(data("flattened_matmul.py"), worker, {}, false);
        QVERIFY2(model, model ? "" : formatAll(model.diagnostics()).c_str());
        QVERIFY(model->lowered.unsupported.empty());
        const auto hw = hw::loadDefaultHwRegistry();
        const auto a = analyzeProgram(model->lowered.program, *hw.find("h100-pcie"), {},
                                      [&](graph::EinsumGraph& g) { trace::applyProvenance(g, model->lowered); });
        QVERIFY(a);
        QCOMPARE(a->digest.totalMacs, 2520.0);
        QCOMPARE(a->ladder.at(bounds::Level::Fused).bytes, 2184.0);
        std::set<std::string> products;
        for (const auto& n : a->graph.nodes)
            if (n.macs > 0) {
                products.insert(n.sourceOp);
                QVERIFY2(n.equation.find('{') == std::string::npos, n.equation.c_str());
            }
        QCOMPARE(products, (std::set<std::string> {"aten::addmm", "aten::mm"}));
    }

    // MoE routing (issue 29; tests/data/py/routing.py): topk, sort with ties, histc, index_put_ through empty_like,
    // floor_divide, scatter_ of a value, scatter of a tensor and scatter_add all lowered — nothing uncounted — and the router's 12 x 8 x 5 = 480 MACs the only multiply-adds
    // (ranks and histogram bins are comparisons, not arithmetic).
    void testRoutingOps()
    {
        if (!m_python)
            QSKIP("no Python interpreter with torch on this machine");
        worker::TraceWorker worker(*m_python);
        const auto model = trace::loadModelProgram(data("routing.py"), worker, {}, false);
        QVERIFY2(model, model ? "" : formatAll(model.diagnostics()).c_str());
        std::string unsupported;
        for (const auto& u : model->lowered.unsupported)
            unsupported += u.aten + "\n";
        QVERIFY2(unsupported.empty(), unsupported.c_str());
        const auto hw = hw::loadDefaultHwRegistry();
        const auto a = analyzeProgram(model->lowered.program, *hw.find("h100-pcie"));
        QVERIFY(a);
        QCOMPARE(a->digest.totalMacs, 480.0);
    }

    // fp8 as served (issue 29; tests/data/py/scaled_mm.py): float8_e4m3fn weights with a per-tensor scale, the
    // activations cast to float8, torch._scaled_mm with a bias into bf16. Validated against torch (the interpreter
    // rounds to e4m3 as torch does), nothing uncounted, and the product is one fp8 contraction of
    // 3 x 20 x 24 x 40 = 57,600 MACs: its compute time at F3 is at most their FLOP at the fp8 tensor peak.
    void testFp8ScaledMm()
    {
        if (!m_python)
            QSKIP("no Python interpreter with torch on this machine");
        if (m_python->torchVersion.rfind("1.", 0) == 0)
            QSKIP("float8 tensors need torch 2.1 or later (the torch2 run of this suite covers them)");
        worker::TraceWorker worker(*m_python);
        const auto v = validate::validateModel(data("scaled_mm.py"), worker);
        QVERIFY2(v.statusName() == "validated", (v.statusName() + ": " + v.details).c_str());
        const auto model = trace::loadModelProgram(data("scaled_mm.py"), worker, {}, false);
        QVERIFY2(model, model ? "" : formatAll(model.diagnostics()).c_str());
        QVERIFY(model->lowered.unsupported.empty());
        const auto hw = hw::loadDefaultHwRegistry();
        const hw::HwProfile& h200 = *hw.find("h200");
        const auto a = analyzeProgram(model->lowered.program, h200);
        QVERIFY(a);
        QCOMPARE(a->digest.totalMacs, 57600.0);
        int fp8 = 0;
        for (const auto& n : a->graph.nodes)
            if (n.kind == graph::NodeKind::Contraction) {
                QVERIFY2(n.macType == graph::MacType::FP8, std::string(graph::macTypeName(n.macType)).c_str());
                QCOMPARE(n.macs, 57600.0);
                ++fp8;
            }
        QCOMPARE(fp8, 1);
        const double fp8Seconds = 2 * 57600.0 / h200.peakFlops(hw::Unit::Tensor, hw::Precision::FP8);
        QVERIFY(a->ladder.at(bounds::Level::Fused).unitSeconds[static_cast<int>(bounds::UnitGroup::Tensor)] <= fp8Seconds * (1 + 1e-9));
        // The tolerance for a model that rounds to fp8 (half an e4m3 step) still tells a wrong layout: the same
        // layer whose reference run reverses its output features is a mismatch.
        const auto wrong = validate::validateModel(data("two_faced_fp8.py"), worker);
        QVERIFY2(wrong.statusName() == "mismatch", (wrong.statusName() + ": " + wrong.details).c_str());
        QVERIFY2(wrong.details.find("output 0 ('") == 0 && wrong.details.find("') differs at ") != std::string::npos,
                 wrong.details.c_str());
    }

    // FlexAttention (torch >= 2.5, issue 16): with a score_mod every query-key pair is computed, so it is traced as
    // that maths and validated against torch's own flex_attention; with a block mask (skipped blocks) dense maths
    // would overcount, so it is one op, named as not counted.
    void testFlexAttention()
    {
        if (!m_python)
            QSKIP("no Python interpreter with torch on this machine");
        if (m_python->torchVersion.rfind("1.", 0) == 0)
            QSKIP("FlexAttention needs torch 2.5 or later (the torch2 run of this suite covers it)");
        worker::TraceWorker worker(*m_python);
        const auto dense = trace::loadModelProgram(data("flex_attention.py"), worker, {}, true);
        QVERIFY2(dense, dense ? "" : formatAll(dense.diagnostics()).c_str());
        QVERIFY(dense->lowered.unsupported.empty());
        const auto v = validate::validateModel(data("flex_attention.py"), worker, *dense);
        QVERIFY2(v.statusName() == "validated", (v.statusName() + ": " + v.details).c_str());
        const auto masked = trace::loadModelProgram(data("flex_block_mask.py"), worker, {}, false);
        QVERIFY2(masked, masked ? "" : formatAll(masked.diagnostics()).c_str());
        QCOMPARE(masked->lowered.unsupported.size(), std::size_t(1));
        QCOMPARE(masked->lowered.unsupported[0].aten, std::string("solar::flex_attention"));
        QCOMPARE(masked->lowered.unsupported[0].sourceLine, 18);
    }

    // The module-level constants become ALIR size parameters: the program validated at reduced sizes is the one
    // analysed at full size, and at full size it is exactly the program traced there (same counts).
    void testSizeParameters()
    {
        if (!m_python)
            QSKIP("no Python interpreter with torch on this machine");
        worker::TraceWorker worker(*m_python);
        const auto model = trace::loadModelProgram(data("mlp.py"), worker, {}, true);
        QVERIFY2(model, model ? "" : formatAll(model.diagnostics()).c_str());
        QVERIFY2(model->symbolic, model->sizesNote.c_str());
        // batch_size = 8 is below the scaling threshold: it stays a number; the three layer widths are parameters.
        QCOMPARE(model->paramOf.size(), std::size_t(3));
        QVERIFY2(model->lowered.text.find("kernel mlp(d_hidden=64, d_in=32, d_out=16)") != std::string::npos, model->lowered.text.c_str());
        QVERIFY(model->lowered.text.find("weight fc1_weight: f32[d_hidden, d_in];") != std::string::npos);
        const auto concrete = trace::loadModelProgram(data("mlp.py"), worker, {}, false);
        QVERIFY(concrete && !concrete->symbolic);
        const auto hw = hw::loadDefaultHwRegistry();
        const hw::HwProfile* h100 = hw.find("h100-pcie");
        QVERIFY(h100);
        const auto a = analyzeProgram(model->lowered.program, *h100);
        const auto b = analyzeProgram(concrete->lowered.program, *h100);
        QVERIFY(a && b);
        for (bounds::Level l : bounds::kLevels) {
            QCOMPARE(a->ladder.at(l).flops, b->ladder.at(l).flops);
            QCOMPARE(a->ladder.at(l).bytes, b->ladder.at(l).bytes);
        }
        // The validation ran that very program, with its parameters set to the reduced sizes.
        const auto v = validate::validateModel(data("mlp.py"), worker, *model);
        QVERIFY2(v.statusName() == "validated", v.details.c_str());
        QVERIFY2(v.details.find("the analysed program with its size parameters set to these sizes") != std::string::npos,
                 v.details.c_str());
        // And at other sizes it matches a fresh trace there: d_in = 24, d_hidden = 40, d_out = 8.
        const auto retraced = trace::loadModelProgram(data("mlp.py"), worker, {{"d_in", 24}, {"d_hidden", 40}, {"d_out", 8}}, false);
        QVERIFY(retraced);
        AnalysisOptions at;
        at.sizes = {{"d_in", 24}, {"d_hidden", 40}, {"d_out", 8}};
        const auto c = analyzeProgram(model->lowered.program, *h100, at);
        const auto d = analyzeProgram(retraced->lowered.program, *h100);
        QVERIFY(c && d);
        QCOMPARE(c->ladder.at(bounds::Level::Fused).bytes, d->ladder.at(bounds::Level::Fused).bytes);
        QCOMPARE(c->digest.totalMacs, 8.0 * 24 * 40 + 8.0 * 40 * 8);

        // A model whose uniform reductions are degenerate (8 heads of an 8-wide model: head size 1 changes the
        // lowered structure) is fitted at the spread-apart sample instead.
        const auto block = trace::loadModelProgram(SOLAR_TEST_DATA "/../../resources/examples/transformer_block.py", worker, {}, true);
        QVERIFY(block);
        QVERIFY2(block->symbolic, block->sizesNote.c_str());
        QCOMPARE(block->paramOf.count("d_model"), std::size_t(1));
    }

    // An op with neither a fake nor a meta kernel: traced on real tensors at reduced sizes, fitted, and the
    // program at the file's sizes is the fit's extrapolation. The op itself has no template: listed, not free.
    // torch 1.13 lacks a fake kernel for repeat_interleave; torch 2.x has one for nearly every ATen op, so there
    // the op is a custom op with only a CPU kernel (which 1.13's fake tensors would run).
    void testRealTensorFallback()
    {
        if (!m_python)
            QSKIP("no Python interpreter with torch on this machine");
        worker::TraceWorker worker(*m_python);
        const bool torch1 = m_python->torchVersion.rfind("1.", 0) == 0;
        const std::string file = data(torch1 ? "repeat_interleave.py" : "custom_op.py");
        const std::string op = torch1 ? "aten::repeat_interleave" : "solartest::repeat_rows";
        const int line = torch1 ? 14 : 20;
        QVERIFY(!worker.trace(file));
        const auto model = trace::loadModelProgram(file, worker, {}, true);
        QVERIFY2(model, model ? "" : formatAll(model.diagnostics()).c_str());
        QVERIFY(model->realTensors && model->symbolic);
        QVERIFY2(model->sizesNote.find("traced on real tensors at reduced sizes") == 0, model->sizesNote.c_str());
        QCOMPARE(model->trace.constants.at("batch_size"), std::int64_t(64));
        QCOMPARE(model->lowered.unsupported.size(), std::size_t(1));
        QCOMPARE(model->lowered.unsupported[0].aten, op);
        QCOMPARE(model->lowered.unsupported[0].sourceLine, line);
        const auto hw = hw::loadDefaultHwRegistry();
        const auto a = analyzeProgram(model->lowered.program, *hw.find("h100-pcie"));
        QVERIFY(a);
        // The linear layer on the repeated rows at the file's sizes: (2 * 64) x 128 x 32 MACs.
        QCOMPARE(a->digest.totalMacs, 2.0 * 64 * 128 * 32);
        // A bounds-only sweep (no fitting asked for) gets the same program.
        const auto plain = trace::loadModelProgram(file, worker, {}, false);
        QVERIFY(plain && plain->realTensors);
        // A model that fails for its own reasons keeps its own error, with a note on what the fallback tried.
        const auto broken = trace::loadModelProgram(data("forward_error.py"), worker, {}, true);
        QVERIFY(!broken);
        QCOMPARE(broken.diagnostics().front().code, std::string("trace.run"));
        QCOMPARE(broken.diagnostics().front().loc.line, 13);
        QVERIFY(broken.diagnostics().front().message.find("forward() failed") == 0);
        QCOMPARE(broken.diagnostics().back().code, std::string("trace.real-fallback"));
    }

    // torch 2.x: the size parameters come from one trace with symbolic sizes, not from a fit. At sizes no trace
    // saw, the program's counts are the hand-derived ones and its bytes those of a fresh trace there; a model
    // whose layers compare sizes with Python ints (nn.LSTM's checks) specialises them, so it is fitted instead.
    void testSymbolicTrace()
    {
        if (!m_python)
            QSKIP("no Python interpreter with torch on this machine");
        if (m_python->torchVersion.rfind("1.", 0) == 0)
            QSKIP("symbolic sizes need torch 2.x (the torch2 run of this suite covers them)");
        worker::TraceWorker worker(*m_python);
        const auto model = trace::loadModelProgram(data("symbolic_convnet.py"), worker, {}, true);
        QVERIFY2(model, model ? "" : formatAll(model.diagnostics()).c_str());
        QVERIFY2(model->symbolic && model->sizesNote.find("from a symbolic trace") != std::string::npos, model->sizesNote.c_str());
        QCOMPARE(model->paramOf.size(), std::size_t(5));
        QVERIFY2(model->lowered.text.find("kernel symbolic_convnet(batch_size=32, channels=64, classes=100, hidden=96, size=128)")
                     != std::string::npos,
                 model->lowered.text.c_str());
        const std::map<std::string, std::int64_t> other {
            {"batch_size", 3}, {"channels", 20}, {"hidden", 28}, {"classes", 17}, {"size", 40}};
        AnalysisOptions at;
        at.sizes = model->parameterValues(other);
        const auto hw = hw::loadDefaultHwRegistry();
        const hw::HwProfile* h100 = hw.find("h100-pcie");
        const auto a = analyzeProgram(model->lowered.program, *h100, at);
        QVERIFY2(a, a ? "" : formatAll(a.diagnostics()).c_str());
        // Taps in the padding are not MACs. conv1 (stride 2, padding 1, 40 -> 20): per axis 20 x 3 taps less the one at
        // -1, 59, so 59^2 per in/out channel pair; conv2 (10 -> 10, padding 1): 10 x 3 - 2 = 28 per axis; fc 28 x 17.
        QCOMPARE(a->digest.totalMacs, 3.0 * (3 * 20 * 59 * 59 + 20 * 28 * 28 * 28 + 28 * 17));
        const auto fresh = trace::loadModelProgram(data("symbolic_convnet.py"), worker, other, false);
        QVERIFY(fresh && !fresh->symbolic);
        const auto b = analyzeProgram(fresh->lowered.program, *h100);
        QVERIFY(b);
        for (bounds::Level l : bounds::kLevels) {
            QCOMPARE(a->ladder.at(l).flops, b->ladder.at(l).flops);
            QCOMPARE(a->ladder.at(l).bytes, b->ladder.at(l).bytes);
        }
        const auto v = validate::validateModel(data("symbolic_convnet.py"), worker, *model);
        QVERIFY2(v.statusName() == "validated", v.details.c_str());
        QVERIFY2(v.details.find("the analysed program with its size parameters set to these sizes") != std::string::npos,
                 v.details.c_str());

        const auto lstm = trace::loadModelProgram(data("lstm_sized.py"), worker, {}, true);
        QVERIFY2(lstm, lstm ? "" : formatAll(lstm.diagnostics()).c_str());
        QVERIFY2(lstm->symbolic
                     && lstm->sizesNote.find("no symbolic trace: instantiated at the file's sizes it differs") != std::string::npos,
                 lstm->sizesNote.c_str());
    }

    // A fitted size expression is checked at a size set no fit used (modelprogram.cpp): there the analysed program
    // is exact and validated first. And the program with size parameters, set to yet another point no trace saw,
    // analyses like a fresh trace at that point (tests/data/py/lstm_lm.py: its uniform reductions tie four of the
    // five constants).
    void testFittedSizesHoldElsewhere()
    {
        if (!m_python)
            QSKIP("no Python interpreter with torch on this machine");
        worker::TraceWorker worker(*m_python);
        const auto model = trace::loadModelProgram(data("lstm_lm.py"), worker, {}, true);
        QVERIFY2(model, model ? "" : formatAll(model.diagnostics()).c_str());
        if (!model->symbolic)
            QSKIP(("sizes are fixed here: " + model->sizesNote).c_str());
        QVERIFY2(!model->heldOut.empty(), model->sizesNote.c_str());
        std::set<std::int64_t> distinct;
        for (const auto& [name, value] : model->heldOut)
            distinct.insert(value);
        QCOMPARE(distinct.size(), model->heldOut.size()); // every constant apart from the others
        const auto v = validate::validateModel(data("lstm_lm.py"), worker, *model);
        QVERIFY2(v.statusName() == "validated", v.details.c_str());
        std::string at;
        for (const auto& [name, value] : model->heldOut)
            at += (at.empty() ? "" : ", ") + name + "=" + std::to_string(value);
        QVERIFY2(v.details.find("outputs match torch at " + at) != std::string::npos, (v.details + " / " + at).c_str());

        const trace::SizeMap elsewhere {{"batch_size", 5}, {"seq_len", 11}, {"vocab_size", 37}, {"embed", 13}, {"hidden", 19}};
        const auto fresh = trace::loadModelProgram(data("lstm_lm.py"), worker, elsewhere, false);
        QVERIFY2(fresh, fresh ? "" : formatAll(fresh.diagnostics()).c_str());
        const auto hw = hw::loadDefaultHwRegistry();
        AnalysisOptions there;
        there.sizes = model->parameterValues(elsewhere);
        const auto fitted = analyzeProgram(model->lowered.program, *hw.find("h100-pcie"), there);
        const auto traced = analyzeProgram(fresh->lowered.program, *hw.find("h100-pcie"));
        QVERIFY2(fitted, fitted ? "" : formatAll(fitted.diagnostics()).c_str());
        QVERIFY(traced);
        QCOMPARE(fitted->digest.totalMacs, traced->digest.totalMacs);
        for (const auto level : {bounds::Level::UnfusedPerKernel, bounds::Level::Fused})
            QCOMPARE(fitted->ladder.at(level).bytes, traced->ladder.at(level).bytes);
    }

    // Every 20th problem of the shared KernelBench folder (matmul, norms, conv-transpose, losses, fused chains):
    // a bounded round trip through trace, lowering, reference run and interpreter.
    void testSharedSample()
    {
        if (!m_python)
            QSKIP("no Python interpreter with torch on this machine");
        if (!solar::testing::hasKernelBench())
            QSKIP("the shared KernelBench folder is not next to this checkout");
        const std::string dir = solar::testing::kernelBenchDir();
        const auto files = batch::problemFiles(dir);
        worker::TraceWorker worker(*m_python);
        int checked = 0, symbolic = 0;
        for (size_t i = 0; i < files.size(); i += 20) {
            if (files[i].rfind("level3/", 0) == 0)
                continue; // whole architectures take minutes to validate: the sweep covers them
            const std::string path = dir + "/" + files[i];
            const auto model = trace::loadModelProgram(path, worker, {}, true);
            QVERIFY2(model, files[i].c_str());
            const auto v = validate::validateModel(path, worker, *model);
            QVERIFY2(v.statusName() == "validated", (files[i] + ": " + v.statusName() + ": " + v.details).c_str());
            // The program with size parameters analyses exactly like the one traced at the file's sizes.
            const auto concrete = trace::loadModelProgram(path, worker, {}, false);
            QVERIFY(concrete);
            auto withProvenance = [](const trace::Lowered& l) { return [&l](graph::EinsumGraph& g) { trace::applyProvenance(g, l); }; };
            const auto a = analyzeProgram(model->lowered.program, *m_h100, {}, withProvenance(model->lowered));
            const auto b = analyzeProgram(concrete->lowered.program, *m_h100, {}, withProvenance(concrete->lowered));
            QVERIFY(a && b);
            for (bounds::Level l : bounds::kLevels)
                QVERIFY2(a->ladder.at(l).seconds == b->ladder.at(l).seconds, (files[i] + " " + std::string(bounds::levelName(l))).c_str());
            symbolic += model->symbolic;
            ++checked;
        }
        QVERIFY(checked >= 5);
        QVERIFY(symbolic >= checked - 1); // nearly every shared problem gets size parameters
    }

    void testDifferentComputationIsAMismatch()
    {
        if (!m_python)
            QSKIP("no Python interpreter with torch on this machine");
        worker::TraceWorker worker(*m_python);
        const auto v = validate::validateModel(data("two_faced.py"), worker);
        QCOMPARE(v.statusName(), std::string("mismatch"));
        // x*2 against x*3: confirmed at every size, reported with the first one's numbers — the held-out set, each
        // constant moved apart from the smallest reduction (8 + 4 and 8 + 8), where the size parameters were checked.
        QVERIFY2(v.details.find("output 0 ('t1') differs at batch_size=12, dim=16") == 0, v.details.c_str());

        // A larger size whose reference would hold more than the limit is refused before anything is built at
        // that size (the trace counts it on fake tensors): the count is its input's batch_size x dim.
        validate::ValidationOptions small;
        small.maxReferenceElements = 100;
        const auto capped = validate::validateModel(data("two_faced.py"), worker, small);
        QVERIFY2(capped.statusName() == "mismatch", capped.details.c_str());
        const std::regex refused(R"(no larger size could be compared \(batch_size=(\d+), dim=(\d+): (\d+) input and parameter )"
                                 R"(elements at these sizes, above the validation limit of 100\))");
        std::smatch m;
        QVERIFY2(std::regex_search(capped.details, m, refused), capped.details.c_str());
        QCOMPARE(std::stoll(m[3].str()), std::stoll(m[1].str()) * std::stoll(m[2].str()));
        QVERIFY(std::stoll(m[3].str()) > 100);
    }

    // An output stored as an 8-bit float (an fp8 KV cache) matches within one step of its format at the value's
    // magnitude (plus what a bf16 value may differ by before the cast), and no further: e4m3 values 1.625 x 2^-5
    // and 1.5 x 2^-5 are one step (2^-8) apart and match; 1.375 x 2^-5 is two steps off and does not. e5m2 has
    // one mantissa bit less: 1.25 against 1.5 (one step of 2^-2) matches, 1.0 against 1.5 does not.
    void testFp8OutputsWithinOneStep()
    {
        auto check = [](const std::string& dtype, double expected, double actual) {
            worker::ReferenceTensor reference {{1}, dtype, {expected}};
            ir::RunResult run;
            run.tensors.push_back({"out", ir::TensorKind::Out, ir::DType::FP8E4M3, {1}, {actual}});
            return validate::compareOutputs({reference}, run, {"out"}, {}).difference.empty();
        };
        const double step = std::ldexp(1.0, -8);
        QVERIFY(check("float8_e4m3fn", 1.625 * 32 * step, 1.5 * 32 * step));
        QVERIFY(!check("float8_e4m3fn", 1.625 * 32 * step, 1.375 * 32 * step));
        QVERIFY(check("float8_e4m3fn", 0, std::ldexp(1.0, -9))); // the smallest subnormal against zero
        QVERIFY(!check("float8_e4m3fn", 0, std::ldexp(1.0, -7)));
        QVERIFY(check("float8_e5m2", 1.5, 1.25));
        QVERIFY(!check("float8_e5m2", 1.5, 1.0));
    }
};

QTEST_GUILESS_MAIN(TestValidation)
#include "tst_validation.moc"
