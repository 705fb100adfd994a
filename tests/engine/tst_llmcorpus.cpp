// SPDX-License-Identifier: MIT
// The LLM route judged by the trace (issues 15 and 31), on the reply corpus in tests/data/llm/: every good reply
// validates and every flawed one is refused with feedback; @op blocks group kernels as the trace route runs them
// (one per block, and one per iteration of a loop that encloses a block); labels, math modes and per-line work are
// checked against the traced ops. A scripted OpenAI-compatible server on 127.0.0.1 plays the model.
#include "../scriptedserver.h"
#include "engine/analysis/analysis.h"
#include "engine/hw/registry.h"
#include "engine/source/sourceanalysis.h"
#include "engine/worker/pythonlocator.h"
#include "llmtest.h"
#include "testutil.h"

#include <QTemporaryDir>
#include <QTest>

#include <nlohmann/json.hpp>

#include <cmath>
#include <sstream>

using namespace solar;
using testutil::llmSource;
using testutil::serve;

namespace {

// Every comparison here is on the H100 PCIe profile.
const hw::HwProfile& gpu()
{
    static const auto registry = hw::loadDefaultHwRegistry();
    return *registry.find("h100-pcie");
}

// The source analysed by the trace route.
Expected<SourceAnalysis> traced(const std::string& path)
{
    SourceAnalysisOptions o;
    o.frontend = "trace";
    return analyzeSource(path, {}, gpu(), o);
}

// The source analysed by the LLM route, `server` playing the model, one attempt.
Expected<SourceAnalysis> replied(const std::string& path, const ScriptedServer& server)
{
    QTemporaryDir cache;
    return serve([&] { return analyzeSource(path, {}, gpu(), llmSource(server, cache.path().toStdString(), 1)); });
}

// The source in tests/data/llm by both routes, the LLM's with `reply` (a file there) as the model's only answer,
// and the user prompt the model was sent.
struct Routes
{
    Expected<SourceAnalysis> traced, replied;
    std::string prompt;
};
Routes bothRoutes(const QString& source, const QString& reply);

// A model whose only reply is `alir`.
std::vector<Scripted> replyWith(const std::string& alir)
{
    return {{200, completion("```alir\n" + alir + "```")}};
}

Routes bothRoutes(const QString& source, const QString& reply)
{
    const std::string path = std::string(SOLAR_TEST_DATA) + "/llm/" + source.toStdString();
    ScriptedServer server(replyWith(testutil::readData("llm/" + reply.toStdString())));
    auto t = traced(path);
    auto r = replied(path, server);
    const std::string prompt = server.requests.empty()
        ? std::string()
        : nlohmann::json::parse(server.requests.at(0).body.toStdString())["messages"][1]["content"].get<std::string>();
    return {std::move(t), std::move(r), prompt};
}

// Correct replies whose blocks are not the traced ops one for one (issue 51, item 1).
std::vector<std::pair<const char*, const char*>> formVariants()
{
    return {{"softmax.py", "softmax_twoblocks.alir"}, {"rmsnorm.py", "rmsnorm_oneblock.alir"}, {"scale.py", "scale_inplace.alir"},
            {"maxpool.py", "maxpool_padcopy.alir"},   {"rnn.py", "rnn_folded.alir"},           {"affine.py", "affine_weight.alir"}};
}

} // namespace

class TestLlmCorpus : public QObject
{
    Q_OBJECT
private slots:
    // The reply corpus (tests/data/llm/, issue 15 items 1-3): each good reply validates; each flawed one is caught
    // and fed back (one attempt, so the flawed program is the final one). A wrong head layout matches where the
    // head size collapses to 1, so validation needs two size points that collapse nothing; a wrong size default
    // is refused before any comparison, and its feedback does not claim that the program ran; different maths
    // (biased against unbiased variance, GELU's tanh form) fails with the tolerance scaled to the reduction depth.
    void replyCorpus_data()
    {
        QTest::addColumn<QString>("source");
        QTest::addColumn<QString>("reply");
        QTest::addColumn<bool>("good");
        QTest::addColumn<QString>("says");
        QTest::newRow("heads good") << "heads.py"
                                    << "heads_good.alir" << true << "seeds 0 and 1";
        QTest::newRow("heads wrong layout") << "heads.py"
                                            << "heads_wrong_layout.alir" << false << "output 0";
        QTest::newRow("heads wrong default") << "heads.py"
                                             << "heads_wrong_default.alir" << false
                                             << "seq_len defaults to 8, the source sets seq_len = 16";
        QTest::newRow("layernorm good") << "layernorm.py"
                                        << "layernorm_good.alir" << true << "seeds 0 and 1";
        QTest::newRow("layernorm unbiased") << "layernorm.py"
                                            << "layernorm_unbiased.alir" << false << "output 0";
        QTest::newRow("gelu good") << "gelu.py"
                                   << "gelu_good.alir" << true << "seeds 0 and 1";
        QTest::newRow("gelu tanh") << "gelu.py"
                                   << "gelu_tanh.alir" << false << "output 0";
        // Issue 31, item 3: the mean divided by the wrong constant matches wherever batch_size = features (every
        // uniform reduction clamps both at 8); the points that tell the constants apart refuse it.
        QTest::newRow("rmsnorm good") << "rmsnorm.py"
                                      << "rmsnorm_good.alir" << true << "batch_size=11, features=13";
        QTest::newRow("rmsnorm wrong dimension") << "rmsnorm.py"
                                                 << "rmsnorm_wrong_dim.alir" << false << "output 0";
        // Issue 31, item 4: a max-pool that starts from 0 (zero padding) matches on torch.rand's non-negative inputs;
        // the second seed's signed inputs refuse it.
        QTest::newRow("maxpool good") << "maxpool.py"
                                      << "maxpool_good.alir" << true << "seed 1 with signed inputs";
        QTest::newRow("maxpool zero padding") << "maxpool.py"
                                              << "maxpool_zero_pad.alir" << false << "(seed 1, signed inputs)";
        QTest::newRow("log, finite on its own inputs only") << "logsoftplus.py"
                                                            << "logsoftplus_good.alir" << true << "the source's own inputs only";
        // Issue 31, item 2: a softmax whose denominator is off by 3e-4 passed with two unused reductions of its own
        // widening the tolerance (and the absolute floor of 1 on outputs below 1); the source's reductions set it now.
        QTest::newRow("softmax good") << "softmax.py"
                                      << "softmax_good.alir" << true << "tolerance from the source's reductions";
        QTest::newRow("softmax padded with reductions") << "softmax.py"
                                                        << "softmax_padded.alir" << false << "output 0";
        // Issue 31, item 5: a top-level `self.weight` is written weight_ (weight is an ALIR keyword); refused before.
        QTest::newRow("parameter named weight") << "affine.py"
                                                << "affine_good.alir" << true << "seeds 0 and 1";
        // Issue 31, item 6: a wrong output is described by its shape, not its element count.
        QTest::newRow("rmsnorm wrong shape") << "rmsnorm.py"
                                             << "rmsnorm_wrong_shape.alir" << false << "has shape [11], the model's has shape [11, 13]";
        // Issue 31, item 1: sum(x W^T + b) rewritten as x . colsum(W) + sum(b) has the source's outputs but a
        // fifteenth of its multiply-accumulates here (and 8,000x fewer at a real size): refused on the work.
        QTest::newRow("linear then sum") << "linsum.py"
                                         << "linsum_good.alir" << true << "seeds 0 and 1";
        QTest::newRow("linear then sum, rewritten") << "linsum.py"
                                                    << "linsum_rewrite.alir" << false << "less work than the source states";
        // Issue 31, item 4: GELU's tanh form before a global average pool: the final difference averages out
        // below the tolerance; the @op block's own result, compared with what its source line computes, does not.
        QTest::newRow("gelu then mean") << "gelu_pool.py"
                                        << "gelu_pool_good.alir" << true << "results also match what their source lines compute";
        QTest::newRow("gelu tanh then mean") << "gelu_pool.py"
                                             << "gelu_pool_tanh.alir" << false << "source line 20";
        // Issue 31, item 3: the recurrence summed over output_size instead of hidden_size: equal at every uniform
        // reduction (both clamp at 8), refused at the points that tell the constants apart.
        QTest::newRow("rnn good") << "rnn.py"
                                  << "rnn_good.alir" << true << "seeds 0 and 1";
        QTest::newRow("rnn summed over the wrong size") << "rnn.py"
                                                        << "rnn_wrong_sum.alir" << false << "output 0";
        // Issue 51, item 1: how a reply splits a line into blocks is form, not math. Once its values validate, the
        // per-kernel levels are the traced kernels' (formVariantsHaveTheTraceRoutesPerKernelLevels), so these
        // correct replies, refused before, validate: `x * w + b` in one block where eager runs two kernels, a
        // reply with no blocks, a softmax in two blocks on its line, RMSNorm's lines as one block each, a scalar
        // multiply done in place, a max-pool that copies a padded input first, an RNN whose cat and stack are
        // folded into the Linear's indices, and a top-level self.weight written `weight` (a declaration word is a
        // name where a name stands).
        QTest::newRow("affine merged") << "affine.py"
                                       << "affine_merged.alir" << true << "seeds 0 and 1";
        QTest::newRow("log, no blocks") << "logsoftplus.py"
                                        << "logsoftplus_noblock.alir" << true << "the source's own inputs only";
        for (const auto& [source, reply] : formVariants())
            QTest::newRow(reply) << source << reply << true << "seeds 0 and 1";
        // The bytes a block moves: the mask kept as bool where the source converts it to float32 has the same
        // outputs and moves 7 bytes an element on line 15 where eager moves 10.
        QTest::newRow("mask good") << "mask.py"
                                   << "mask_good.alir" << true << "seeds 0 and 1";
        QTest::newRow("mask kept as bool") << "mask.py"
                                           << "mask_bool.alir" << false << "a narrower dtype";
        // A result eager returns as a view (a transpose of the product): the reply's copy into the output is that
        // view, no kernel, as the trace route counts it; refused as an extra kernel before.
        QTest::newRow("view returned") << "view_out.py"
                                       << "view_out_good.alir" << true << "seeds 0 and 1";
        QTest::newRow("heads partial") << "heads.py"
                                       << "heads_partial.alir" << false << "reads an element it never wrote";
        QTest::newRow("heads f64") << "heads.py"
                                   << "heads_f64.alir" << false << "input0 is declared f64, the source's is f32 (float32)";
    }

    void replyCorpus()
    {
        if (!worker::locatePython())
            QSKIP("no Python interpreter with torch on this machine");
        QFETCH(QString, source);
        QFETCH(QString, reply);
        QFETCH(bool, good);
        QFETCH(QString, says);
        ScriptedServer server(replyWith(testutil::readData("llm/" + reply.toStdString())));
        const auto r = replied(std::string(SOLAR_TEST_DATA) + "/llm/" + source.toStdString(), server);
        QVERIFY2(r, r ? "" : formatAll(r.diagnostics()).c_str());
        const Validation& v = r->result.validation;
        QVERIFY2(v.status == (good ? ValidationStatus::Validated : ValidationStatus::Mismatch), v.details.c_str());
        QVERIFY2(v.details.find(says.toStdString()) != std::string::npos, v.details.c_str());
        if (good) {
            QVERIFY2(v.caveat.empty(), v.caveat.c_str());
        } else {
            QCOMPARE(r->attempts.size(), size_t(1));
            const std::string& feedback = r->attempts.front().feedback;
            QVERIFY(!feedback.empty());
            // A refused default never ran: the feedback must not say it did.
            QCOMPARE(feedback.find("The program runs") == 0,
                     !says.contains(QStringLiteral("defaults")) && !says.contains(QStringLiteral("declared"))
                         && !says.contains(QStringLiteral("has shape")) && !says.contains(QStringLiteral("less work"))
                         && !says.contains(QStringLiteral("merged")) && !says.contains(QStringLiteral("no @op block"))
                         && !says.contains(QStringLiteral("narrower")));
        }
    }

    // Issue 31, item 7: a correct reply's bounds are the trace route's within 1 %: the speed of light (F3, F4)
    // whatever its blocks, and the eager levels (F0, F1) because a reply has one block per traced op (the kernel
    // check refuses any other grouping where a trace exists), and F2 because each kernel's elementwise count is its
    // traced op's (gelu_pool's GELU spelled 0.5 * x * (1 + erf(x c)) made F2 2.9 % above the trace route's).
    // Issue 51, item 1: a reply whose blocks are not the traced ops one for one (a form variant) validates too, with
    // per-kernel levels (F0-F2) exactly the trace route's — eager launches one kernel per traced op however the reply
    // groups them — and its fused levels (F3, F4) its own program's, at most the trace route's and within 1 % here.
    void goodRepliesHaveTheTraceRoutesBounds_data()
    {
        QTest::addColumn<QString>("source");
        QTest::addColumn<QString>("reply");
        QTest::addColumn<bool>("variant");
        for (const char* name : {"heads", "layernorm", "maxpool", "softmax", "linsum", "gelu_pool", "conv", "rnn", "gelu", "rmsnorm",
                                 "logsoftplus", "affine", "mask", "view_out"})
            QTest::newRow(name) << QStringLiteral("%1.py").arg(QLatin1String(name))
                                << QStringLiteral("%1_good.alir").arg(QLatin1String(name)) << false;
        auto variants = formVariants();
        variants.insert(
            variants.end(),
            {{"affine.py", "affine_merged.alir"}, {"logsoftplus.py", "logsoftplus_noblock.alir"}, {"conv.py", "conv_split.alir"}});
        for (const auto& [source, reply] : variants)
            QTest::newRow(reply) << source << reply << true;
    }

    void goodRepliesHaveTheTraceRoutesBounds()
    {
        if (!worker::locatePython())
            QSKIP("no Python interpreter with torch on this machine");
        QFETCH(QString, source);
        QFETCH(QString, reply);
        QFETCH(bool, variant);
        const auto [t, r, user] = bothRoutes(source, reply);
        QVERIFY2(t, t ? "" : formatAll(t.diagnostics()).c_str());
        QVERIFY2(r, r ? "" : formatAll(r.diagnostics()).c_str());
        QVERIFY2(r->result.validation.statusName() == "validated", r->result.validation.details.c_str());
        std::string ratios;
        for (bounds::Level level : bounds::kLevels)
            ratios += std::string(bounds::levelShortName(level)) + " "
                + std::to_string(r->result.ladder.at(level).seconds / t->result.ladder.at(level).seconds) + "  ";
        qInfo("%s", ratios.c_str());
        for (bounds::Level level : bounds::kLevels) {
            const double traced = t->result.ladder.at(level).seconds, replied = r->result.ladder.at(level).seconds;
            if (variant && (bounds::isPerKernel(level) || level == bounds::Level::UnfusedOverlapped))
                QVERIFY2(std::fabs(replied - traced) <= 1e-9 * traced, ratios.c_str());
            else if (variant)
                QVERIFY2(replied <= traced * (1 + 1e-9) && replied >= 0.99 * traced, ratios.c_str());
            else
                QVERIFY2(std::fabs(replied / traced - 1) <= 0.01, ratios.c_str());
        }
        // The nodes' shares still add up to each level, shown on the reply's own nodes.
        for (const auto& level : r->result.ladder.levels) {
            double sum = 0;
            for (double seconds : level.nodeSeconds)
                sum += seconds;
            QCOMPARE(level.nodeSeconds.size(), r->result.graph.nodes.size());
            QVERIFY(std::fabs(sum - level.seconds) <= 1e-9 * level.seconds);
        }
        bool noted = false;
        for (const auto& d : r->result.diagnostics)
            noted = noted || d.code == "llm.eager-kernels";
        QVERIFY(noted);
    }

    // An @op block inside a loop is one kernel per iteration (issue 31, item 5), as the trace route runs one ATen
    // op per step of a Python loop: the RNN's weights are read again at every step. Counted as one kernel, the
    // correct reply's F0 was 0.038 ms against the trace route's 5.84 ms (KernelBench's VanillaRNNHidden).
    void blocksInsideLoopsLaunchPerIteration()
    {
        if (!worker::locatePython())
            QSKIP("no Python interpreter with torch on this machine");
        const std::string path = std::string(SOLAR_TEST_DATA) + "/llm/rnn.py";
        const auto t = traced(path);
        QVERIFY2(t, t ? "" : formatAll(t.diagnostics()).c_str());
        ScriptedServer server(replyWith(testutil::readData("llm/rnn_good.alir")));
        const auto r = replied(path, server);
        QVERIFY2(r, r ? "" : formatAll(r.diagnostics()).c_str());
        QVERIFY2(r->result.validation.statusName() == "validated", r->result.validation.details.c_str());
        // The trace route: a cat, an addmm, a tanh and an addmm per step, then the stack: 4 x 16 + 1 kernels.
        double launches = 0;
        for (const auto& k : r->result.digest.kernels)
            launches += k.launches;
        QCOMPARE(t->result.digest.kernels.size(), size_t(4 * 16 + 1));
        QCOMPARE(launches, 4.0 * 16 + 1);
        for (bounds::Level level : bounds::kLevels) {
            const double traceSeconds = t->result.ladder.at(level).seconds, replySeconds = r->result.ladder.at(level).seconds;
            const std::string what = std::string(bounds::levelShortName(level)) + ": " + std::to_string(replySeconds / traceSeconds);
            QVERIFY2(std::fabs(replySeconds - traceSeconds) <= 0.01 * traceSeconds, what.c_str());
        }
    }

    // Op provenance (issue 15, item 4): an @op block is one kernel, as the trace route runs one kernel per ATen op,
    // so a reply that initialises the convolution's bias in its own loop nest has the trace route's eager-model
    // bound (F0); before, the split made it 1.65x the trace's. The same reply without the block would fall back to
    // the most merged grouping (F0 lower than eager's): where a trace exists it is refused, naming the statements
    // in no block. LayerNorm's three passes in one block are the trace's one kernel.
    void opBlocksGroupKernelsLikeTheTrace_data()
    {
        QTest::addColumn<QString>("source");
        QTest::addColumn<QString>("reply");
        QTest::addColumn<bool>("annotated");
        QTest::newRow("conv, one block") << "conv.py"
                                         << "conv_good.alir" << true;
        QTest::newRow("conv, no block") << "conv.py"
                                        << "conv_split.alir" << false;
        QTest::newRow("layernorm, one block") << "layernorm.py"
                                              << "layernorm_good.alir" << true;
    }

    void opBlocksGroupKernelsLikeTheTrace()
    {
        if (!worker::locatePython())
            QSKIP("no Python interpreter with torch on this machine");
        QFETCH(QString, source);
        QFETCH(QString, reply);
        QFETCH(bool, annotated);
        const auto [t, r, user] = bothRoutes(source, reply);
        QVERIFY2(t, t ? "" : formatAll(t.diagnostics()).c_str());
        QVERIFY2(r, r ? "" : formatAll(r.diagnostics()).c_str());
        QVERIFY2(r->result.validation.statusName() == "validated", r->result.validation.details.c_str());
        if (!annotated) {
            // Issue 51: validated, and its eager level is the traced kernels' whatever the statement split.
            QCOMPARE(r->result.ladder.at(bounds::Level::UnfusedPerKernel).seconds,
                     t->result.ladder.at(bounds::Level::UnfusedPerKernel).seconds);
            return;
        }
        const double f0Trace = t->result.ladder.at(bounds::Level::UnfusedPerKernel).seconds;
        const double f0Reply = r->result.ladder.at(bounds::Level::UnfusedPerKernel).seconds;
        const std::string ratio = std::to_string(f0Reply / f0Trace);
        QVERIFY2(f0Reply <= f0Trace * (1 + 1e-9), ratio.c_str());
        for (const auto& d : r->result.diagnostics)
            QVERIFY(d.code != "lift.unattributed");
        // The same kernels as the trace's, up to what the trace's op also writes (LayerNorm's mean and rstd).
        QVERIFY2(f0Reply >= 0.99 * f0Trace, ratio.c_str());
        QCOMPARE(r->result.digest.kernels.size(), t->result.digest.kernels.size());
        for (const auto& node : r->result.graph.nodes) {
            QVERIFY(node.sourceOp.rfind("self.", 0) == 0);
            QCOMPARE(node.sourceLine, source == QStringLiteral("conv.py") ? 18 : 15);
        }
        // The prompt numbers the source's lines, so that a block can name its line.
        QVERIFY2(user.find("  15|") != std::string::npos, user.c_str());
    }

    // The trace judges an LLM's @op labels (issue 31, item 1): a label on a line where the source runs nothing, or
    // a Linear called nn.Conv2d, is refused with the line's real ops, so a label can no longer buy a convolution's
    // TF32 rate (9x below the trace route's bound). Each line's work is the traced ops' on it: blocks naming the
    // wrong line are refused even when the total is right; statements in no block are refused where a trace exists.
    void opLabelsAreCheckedAgainstTheTrace()
    {
        if (!worker::locatePython())
            QSKIP("no Python interpreter with torch on this machine");
        const std::string mlp = testutil::readData("alir/mlp_for_llm.alir");
        const std::string path = SOLAR_TEST_DATA "/py/mlp.py";
        const auto t = traced(path);
        QVERIFY(t);
        auto analysed = [&](const std::string& label, int fc1Line, int fc2Line, bool blocks) {
            // mlp_for_llm.alir with its Linear blocks labelled `label` at lines fc1Line and fc2Line (mlp.py: fc1 on
            // 12, fc2 on 13; the relu and the softmax keep their blocks), or with no block at all.
            std::string text;
            if (blocks) {
                text = mlp;
                auto relabel = [&](const std::string& from, int line) {
                    text.replace(text.find(from), from.size(), "@op(\"" + label + "\", " + std::to_string(line) + ")");
                };
                relabel("@op(\"self.fc1\", 12)", fc1Line);
                relabel("@op(\"self.fc2\", 13)", fc2Line);
            } else {
                std::istringstream in(mlp);
                for (std::string line; std::getline(in, line);)
                    if (line.rfind("  @op(", 0) != 0 && line != "  }") // a block's first and last lines
                        text += line + "\n";
            }
            ScriptedServer server(replyWith(text));
            auto r = replied(path, server);
            if (!r)
                qFatal("%s", formatAll(r.diagnostics()).c_str());
            return std::move(r).value();
        };
        const double traceCompute = t->result.ladder.at(bounds::Level::Fused).computeSeconds;
        const auto right = analysed("nn.Linear", 12, 13, true);
        QVERIFY2(right.result.validation.statusName() == "validated", right.result.validation.details.c_str());
        QVERIFY(std::fabs(right.result.ladder.at(bounds::Level::Fused).computeSeconds - traceCompute) <= 1e-6 * traceCompute);

        const auto offByLines = analysed("nn.Linear", 3, 4, true);
        QCOMPARE(offByLines.result.validation.statusName(), std::string("mismatch"));
        QVERIFY2(offByLines.result.validation.details.find("names source line 3, where the source runs no operation") != std::string::npos,
                 offByLines.result.validation.details.c_str());
        QVERIFY(offByLines.attempts.front().feedback.find("lines 12, 13") != std::string::npos);

        const auto calledConvolution = analysed("nn.Conv2d", 12, 13, true);
        QCOMPARE(calledConvolution.result.validation.statusName(), std::string("mismatch"));
        QVERIFY2(calledConvolution.result.validation.details.find(
                     "runs aten::t, aten::addmm, aten::relu, aten::detach on that line, no convolution")
                     != std::string::npos,
                 calledConvolution.result.validation.details.c_str());

        // Both Linear layers' blocks naming line 13: every label passes, the total work is the source's, but line
        // 12's traced addmm has no block doing its multiply-accumulates.
        const auto elsewhere = analysed("nn.Linear", 13, 13, true);
        QCOMPARE(elsewhere.result.validation.statusName(), std::string("mismatch"));
        QVERIFY2(elsewhere.result.validation.details.find("operations on source line 12 (the @op blocks naming it) do")
                     != std::string::npos,
                 elsewhere.result.validation.details.c_str());

        // The same statements without blocks (issue 51): validated, the per-kernel levels the traced kernels' and
        // the speed of light's compute the source's.
        const auto noBlocks = analysed("", 0, 0, false);
        QVERIFY2(noBlocks.result.validation.statusName() == "validated", noBlocks.result.validation.details.c_str());
        QCOMPARE(noBlocks.result.ladder.at(bounds::Level::UnfusedPerKernel).seconds,
                 t->result.ladder.at(bounds::Level::UnfusedPerKernel).seconds);
        QVERIFY(std::fabs(noBlocks.result.ladder.at(bounds::Level::Fused).computeSeconds - traceCompute) <= 1e-6 * traceCompute);
    }
};

QTEST_GUILESS_MAIN(TestLlmCorpus)
#include "tst_llmcorpus.moc"
