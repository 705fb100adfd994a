// SPDX-License-Identifier: MIT
// The ONNX frontend (issue 33): the PyTorch fixtures of tests/data/py exported by torch.onnx (tests/data/onnx/
// export.py, at test time) and analysed as .onnx files must validate against onnxruntime and count the MACs and the
// fused bytes of the PyTorch route, which analyses the same fixture independently (the trace frontend on the .py).
// Symbolic dimensions are size parameters; an operator with no torch form is listed as not counted; unreadable
// files, old opsets and unknown --set names fail with a message. Runs under the torch 2.x environment
// (tests/torch2.sh), which has onnx and onnxruntime; skipped, with the reason, where they are missing.
#include "engine/frontend/onnx/onnxfile.h"
#include "engine/hw/registry.h"
#include "engine/source/sourceanalysis.h"
#include "engine/worker/pythonlocator.h"

#include <QFile>
#include <QProcess>
#include <QTemporaryDir>
#include <QTest>

#include <algorithm>

using namespace solar;

namespace {

std::string fixture(const std::string& name)
{
    return std::string(SOLAR_TEST_DATA) + "/py/" + name + ".py";
}

bool notCounted(const AnalysisResult& r, const std::string& what)
{
    return std::any_of(r.coverage.items.begin(), r.coverage.items.end(),
                       [&](const CoverageItem& i) { return !i.counted && (i.what + " " + i.reason).find(what) != std::string::npos; });
}

std::string messages(const Diagnostics& d)
{
    std::string out;
    for (const auto& x : d)
        out += x.file + ": " + x.message + "\n";
    return out;
}

} // namespace

class TestOnnx : public QObject
{
    Q_OBJECT
private:
    std::string m_python;
    std::string m_skip;
    QTemporaryDir m_dir;
    hw::HwRegistry m_registry = hw::loadDefaultHwRegistry();
    const hw::HwProfile* m_h100 = nullptr;

    // Exports a fixture with torch.onnx; the file's path, or empty (and a failed check) when the export fails.
    QString exportFixture(const std::string& name, const QStringList& extra = {}, const QString& as = {})
    {
        const QString out = m_dir.filePath((as.isEmpty() ? QString::fromStdString(name) : as) + QStringLiteral(".onnx"));
        QProcess p;
        p.start(QString::fromStdString(m_python),
                QStringList {QStringLiteral(SOLAR_TEST_DATA "/onnx/export.py"), QString::fromStdString(fixture(name)), out} + extra);
        if (!p.waitForFinished(300000) || p.exitCode() != 0) {
            qWarning("%s", p.readAllStandardError().constData());
            return {};
        }
        return out;
    }

    Expected<SourceAnalysis> analyse(const std::string& path, const std::string& frontend,
                                     const std::map<std::string, std::int64_t>& sizes = {})
    {
        SourceAnalysisOptions o;
        o.frontend = frontend;
        o.python = m_python;
        o.analysis.sizes = sizes;
        return analyzeSource(path, {}, *m_h100, o);
    }

private slots:
    void initTestCase()
    {
        QVERIFY(m_dir.isValid());
        m_h100 = m_registry.find("h100-pcie");
        QVERIFY(m_h100);
        const auto p = worker::locatePython();
        if (!p) {
            m_skip = "no Python interpreter with torch on this machine";
            return;
        }
        m_python = p->executable;
        QProcess probe;
        probe.start(QString::fromStdString(m_python), {QStringLiteral("-c"), QStringLiteral("import onnx, onnxruntime, torch.onnx")});
        if (!probe.waitForFinished(120000) || probe.exitCode() != 0)
            m_skip = "this Python has no onnx and onnxruntime (the torch2 environment of ./scripts/test installs them)";
    }

    // Each fixture through both routes: the ONNX graph validated against onnxruntime, complete, with the MACs the
    // trace frontend finds in the PyTorch source, and the same fused bytes where the export keeps the source's
    // tensors. It does not for two: convnet's fixture is traced as constructed (training mode: batch statistics and
    // running-statistic updates) while the export is the eval-mode model with batch norm folded into the
    // convolution's weights; swin_block's relative-position bias is gathered from its table by an index buffer in
    // PyTorch and constant-folded by the exporter into one bias per head and position pair.
    void testCorpusMatchesPyTorch_data()
    {
        QTest::addColumn<QString>("name");
        QTest::addColumn<bool>("sameBytes");
        QTest::newRow("mlp") << "mlp" << true;
        QTest::newRow("convnet") << "convnet" << false;
        QTest::newRow("nested") << "nested" << true;
        QTest::newRow("flattened_matmul") << "flattened_matmul" << true;
        QTest::newRow("swin_block") << "swin_block" << false;
        QTest::newRow("families") << "families" << true;
    }

    void testCorpusMatchesPyTorch()
    {
        QFETCH(QString, name);
        QFETCH(bool, sameBytes);
        if (!m_skip.empty())
            QSKIP(m_skip.c_str());
        const QString file = exportFixture(name.toStdString());
        QVERIFY(!file.isEmpty());
        const auto onnx = analyse(file.toStdString(), "auto");
        QVERIFY2(onnx, onnx ? "" : messages(onnx.diagnostics()).c_str());
        QCOMPARE(onnx->frontend, std::string("onnx"));
        const AnalysisResult& a = onnx->result;
        QVERIFY2(a.coverage.complete,
                 a.coverage.items.empty() ? "" : (a.coverage.items.front().what + ": " + a.coverage.items.front().reason).c_str());
        QVERIFY2(a.validation.status == ValidationStatus::Validated, a.validation.details.c_str());
        QVERIFY2(a.validation.details.find("onnxruntime") != std::string::npos, a.validation.details.c_str());
        const auto torch = analyse(fixture(name.toStdString()), "trace");
        QVERIFY2(torch, torch ? "" : messages(torch.diagnostics()).c_str());
        const AnalysisResult& b = torch->result;
        QVERIFY(a.digest.totalMacs > 0);
        QCOMPARE(a.digest.totalMacs, b.digest.totalMacs);
        if (sameBytes)
            QCOMPARE(a.ladder.at(bounds::Level::Fused).bytes, b.ladder.at(bounds::Level::Fused).bytes);
    }

    // Causal attention through SDPA exports as the full score matrix with a mask added, so the ONNX program
    // multiplies every (query, key) pair where the PyTorch route's causal SDPA multiplies the pairs at or below the
    // diagonal; each bounds its own program. attention_block.py (batch 2, 8 positions, width 4): the two products
    // over all 64 pairs, 2 x (2 x 64 x 4) = 1,024 MACs, against 2 x (2 x 36 x 4) = 576. llama_block.py (batch 2,
    // 32 positions, 8 query heads of 8, 2 key/value heads, width 64, SwiGLU to 128): projections per token
    // 64 x 64 (q, o) + 64 x 16 (k, v) + 3 x 64 x 128 (gate, up, down) over 64 tokens = 2,228,224 (the rotary
    // angles' outer product multiplies without accumulating: no MACs), and attention 2 x (2 x 8 x P x 8) for
    // P = 1,024 pairs (ONNX) or 528 (PyTorch). The ONNX attention_block's values are a MatMul whose output only the
    // sum over its width reads: its least contraction order sums V's rows first (2 x 8 x 4 additions, no MACs) and
    // weights those sums by the probabilities, 2 x 8 x 8 = 128 MACs, so 512 + 128 = 640 are bounded (1,024 as written).
    void testCausalAttention_data()
    {
        QTest::addColumn<QString>("name");
        QTest::addColumn<double>("onnxMacs");
        QTest::addColumn<double>("onnxLeastMacs"); // 0: the program as written is its least order
        QTest::addColumn<double>("torchMacs");
        QTest::newRow("attention_block") << "attention_block" << 2.0 * 2 * 64 * 4 << 2.0 * 64 * 4 + 2.0 * 8 * 8 << 2.0 * 2 * 36 * 4;
        const double llama = 64.0 * (2 * 64 * 64 + 2 * 64 * 16 + 3 * 64 * 128);
        QTest::newRow("llama_block") << "llama_block" << llama + 2.0 * 2 * 8 * 1024 * 8 << 0.0 << llama + 2.0 * 2 * 8 * 528 * 8;
    }

    void testCausalAttention()
    {
        QFETCH(QString, name);
        QFETCH(double, onnxMacs);
        QFETCH(double, onnxLeastMacs);
        QFETCH(double, torchMacs);
        if (!m_skip.empty())
            QSKIP(m_skip.c_str());
        const QString file = exportFixture(name.toStdString());
        QVERIFY(!file.isEmpty());
        const auto onnx = analyse(file.toStdString(), "onnx");
        QVERIFY2(onnx, onnx ? "" : messages(onnx.diagnostics()).c_str());
        QVERIFY(onnx->result.coverage.complete);
        QVERIFY2(onnx->result.validation.status == ValidationStatus::Validated, onnx->result.validation.details.c_str());
        QCOMPARE(onnx->result.asWritten.has_value(), onnxLeastMacs > 0);
        QCOMPARE(onnx->result.asWritten ? onnx->result.asWritten->macs : onnx->result.digest.totalMacs, onnxMacs);
        if (onnxLeastMacs > 0) {
            QCOMPARE(onnx->result.digest.totalMacs, onnxLeastMacs);
            QVERIFY2(onnx->result.validation.details.find("least contraction order") != std::string::npos,
                     onnx->result.validation.details.c_str());
        }
        const auto torch = analyse(fixture(name.toStdString()), "trace");
        QVERIFY(torch);
        QCOMPARE(torch->result.digest.totalMacs, torchMacs);
    }

    // A symbolic batch (dim_param "batch") is a size parameter: --set batch=N gives N rows through the MLP
    // (tests/data/py/mlp.py: 32 -> 64 -> 16), N x (32 x 64 + 64 x 16) MACs; validation runs at other batch sizes.
    void testDimParamIsASize()
    {
        if (!m_skip.empty())
            QSKIP(m_skip.c_str());
        const QString file
            = exportFixture("mlp", {QStringLiteral("--dynamic"), QStringLiteral("0:0:batch")}, QStringLiteral("mlp_dynamic"));
        QVERIFY(!file.isEmpty());
        for (const std::int64_t batch : {5, 1000}) {
            const auto r = analyse(file.toStdString(), "onnx", {{"batch", batch}});
            QVERIFY2(r, r ? "" : messages(r.diagnostics()).c_str());
            QCOMPARE(r->result.digest.totalMacs, double(batch) * (32 * 64 + 64 * 16));
            QVERIFY2(r->result.validation.status == ValidationStatus::Validated, r->result.validation.details.c_str());
        }
        const auto unknown = analyse(file.toStdString(), "onnx", {{"seq", 4}});
        QVERIFY(!unknown);
        const std::string why = messages(unknown.diagnostics());
        QVERIFY2(why.find("--set seq") != std::string::npos && why.find("batch") != std::string::npos, why.c_str());
    }

    // An LSTM exports as one ONNX LSTM node, which has no torch form here: it is listed as not counted (the
    // analysis is incomplete), never dropped as free.
    void testUnsupportedOperatorIsNotCounted()
    {
        if (!m_skip.empty())
            QSKIP(m_skip.c_str());
        const QString file = exportFixture("lstm");
        QVERIFY(!file.isEmpty());
        const auto r = analyse(file.toStdString(), "onnx");
        QVERIFY2(r, r ? "" : messages(r.diagnostics()).c_str());
        QVERIFY(!r->result.coverage.complete);
        QVERIFY(notCounted(r->result, "onnx::LSTM"));
    }

    // transformers' BERT encoder and GPT-2 decoder from configs, exported at fixed shapes (batch 1 x S tokens): BERT's
    // export has a GatherElements (its token-type ids), GPT-2's a Trilu mask; the exporter folds S into Reshape
    // constants and the position ids. The sequence is recovered as a size, so validation runs the rewritten graph at
    // reduced lengths (not at S). MACs by hand, per layer: the four H x H projections 4 S H^2, the MLP 2 S H I, and
    // attention's two products over all S^2 pairs 2 S^2 H (the exports keep the full score matrix).
    //   BERT, 2 layers, S 24, H 64, I 128: 2 (4·24·4096 + 2·24·64·128 + 2·576·64) = 1,720,320.
    //   GPT-2, 2 layers, S 20, H 64, I 256: 2 (4·20·4096 + 2·20·64·256 + 2·400·64) = 2 (327,680 + 655,360 + 51,200) = 2,068,480.
    void testTransformersExportsAtFixedShapes_data()
    {
        QTest::addColumn<QString>("family");
        QTest::addColumn<QStringList>("options");
        QTest::addColumn<double>("macs");
        QTest::newRow("bert") << QStringLiteral(
            "bert") << QStringList {QStringLiteral("--inter"), QStringLiteral("128"), QStringLiteral("--seq"), QStringLiteral("24")}
                              << 1720320.0;
        QTest::newRow("gpt2") << QStringLiteral(
            "gpt2") << QStringList {QStringLiteral("--inter"), QStringLiteral("256"), QStringLiteral("--seq"), QStringLiteral("20")}
                              << 2068480.0;
    }

    void testTransformersExportsAtFixedShapes()
    {
        QFETCH(QString, family);
        QFETCH(QStringList, options);
        QFETCH(double, macs);
        if (!m_skip.empty())
            QSKIP(m_skip.c_str());
        QProcess probe;
        probe.start(QString::fromStdString(m_python), {QStringLiteral("-c"), QStringLiteral("import transformers")});
        if (!probe.waitForFinished(120000) || probe.exitCode() != 0)
            QSKIP("this Python has no transformers");
        const QString out = m_dir.filePath(family + QStringLiteral("_fixed.onnx"));
        QProcess p;
        p.start(QString::fromStdString(m_python),
                QStringList {QStringLiteral(SOLAR_TEST_DATA "/onnx/export_hf.py"), family, out, QStringLiteral("--layers"),
                             QStringLiteral("2"), QStringLiteral("--hidden"), QStringLiteral("64"), QStringLiteral("--heads"),
                             QStringLiteral("4")}
                    + options);
        QVERIFY2(p.waitForFinished(300000) && p.exitCode() == 0, p.readAllStandardError().constData());
        const auto r = analyse(out.toStdString(), "onnx");
        QVERIFY2(r, r ? "" : messages(r.diagnostics()).c_str());
        const AnalysisResult& a = r->result;
        QVERIFY2(a.coverage.complete, notCounted(a, "onnx::") ? "an ONNX operator was not counted" : "incomplete");
        QVERIFY2(a.validation.status == ValidationStatus::Validated, a.validation.details.c_str());
        QCOMPARE(a.digest.totalMacs, macs);
        QVERIFY2(a.programNote.find("recovered as sizes") != std::string::npos
                     && a.programNote.find("input_ids_dim1=8") != std::string::npos,
                 a.programNote.c_str());
        // onnxruntime's transformers optimizer fuses the layer norms and GELUs into its com.microsoft operators
        // (SkipLayerNormalization, Gelu, FastGelu): the same MACs, complete, validated against onnxruntime's kernels.
        const QString fused = m_dir.filePath(family + QStringLiteral("_ort.onnx"));
        QProcess opt;
        opt.start(QString::fromStdString(m_python),
                  {QStringLiteral("-m"), QStringLiteral("onnxruntime.transformers.optimizer"), QStringLiteral("--input"), out,
                   QStringLiteral("--output"), fused, QStringLiteral("--model_type"), family, QStringLiteral("--num_heads"),
                   QStringLiteral("4"), QStringLiteral("--hidden_size"), QStringLiteral("64")});
        QVERIFY2(opt.waitForFinished(300000) && opt.exitCode() == 0, opt.readAllStandardError().constData());
        const auto file = onnx::readOnnxFile(fused.toStdString());
        QVERIFY(file);
        QVERIFY2(file->operators.count("com.microsoft::SkipLayerNormalization"), file->describe().c_str());
        const auto o = analyse(fused.toStdString(), "onnx");
        QVERIFY2(o, o ? "" : messages(o.diagnostics()).c_str());
        QVERIFY2(o->result.coverage.complete, "a com.microsoft operator was not counted");
        QVERIFY2(o->result.validation.status == ValidationStatus::Validated, o->result.validation.details.c_str());
        QCOMPARE(o->result.digest.totalMacs, macs);
    }

    // onnxruntime's com.microsoft Attention (tests/data/onnx/ms_attention.py: batch 2, 20 positions, width 32, 4 heads
    // of 8), validated against onnxruntime's own kernel. MACs by hand: the packed QKV projection 2 x 20 x 32 x 96 =
    // 122,880, then q.k and p.v over the pairs, 2 x (2 x 4 x pairs x 8): 400 pairs = 51,200 (no mask, or a key mask),
    // 210 causal pairs = 26,880 (unidirectional: the masked half is not counted).
    void testMicrosoftAttention_data()
    {
        QTest::addColumn<QString>("name");
        QTest::addColumn<double>("macs");
        QTest::newRow("plain") << QStringLiteral("attention") << 122880.0 + 51200;
        QTest::newRow("causal") << QStringLiteral("attention_causal") << 122880.0 + 26880;
        QTest::newRow("key mask") << QStringLiteral("attention_mask") << 122880.0 + 51200;
    }

    void testMicrosoftAttention()
    {
        QFETCH(QString, name);
        QFETCH(double, macs);
        if (!m_skip.empty())
            QSKIP(m_skip.c_str());
        const QString file = m_dir.filePath(name + QStringLiteral(".onnx"));
        if (!QFile::exists(file)) {
            QProcess p;
            p.start(QString::fromStdString(m_python), {QStringLiteral(SOLAR_TEST_DATA "/onnx/ms_attention.py"), m_dir.path()});
            QVERIFY2(p.waitForFinished(120000) && p.exitCode() == 0, p.readAllStandardError().constData());
        }
        const auto r = analyse(file.toStdString(), "onnx");
        QVERIFY2(r, r ? "" : messages(r.diagnostics()).c_str());
        QVERIFY(r->result.coverage.complete);
        QVERIFY2(r->result.validation.status == ValidationStatus::Validated, r->result.validation.details.c_str());
        QCOMPARE(r->result.digest.totalMacs, macs);
    }

    // Bad files: bytes that are no model, an opset older than 13.
    void testBadFiles()
    {
        if (!m_skip.empty())
            QSKIP(m_skip.c_str());
        const QString garbage = m_dir.filePath(QStringLiteral("garbage.onnx"));
        QFile f(garbage);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write("\x08\x07this is not a protobuf \xff\xfe\x01", 28);
        f.close();
        const auto bad = analyse(garbage.toStdString(), "auto");
        QVERIFY(!bad);
        QVERIFY2(messages(bad.diagnostics()).find("not a readable ONNX model") != std::string::npos, messages(bad.diagnostics()).c_str());

        const QString old = exportFixture("mlp", {QStringLiteral("--opset"), QStringLiteral("11")}, QStringLiteral("mlp_opset11"));
        QVERIFY(!old.isEmpty());
        const auto r = analyse(old.toStdString(), "onnx");
        QVERIFY(!r);
        QVERIFY2(messages(r.diagnostics()).find("opset 11") != std::string::npos, messages(r.diagnostics()).c_str());
    }
};

QTEST_GUILESS_MAIN(TestOnnx)
#include "tst_onnx.moc"
