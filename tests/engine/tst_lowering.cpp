// SPDX-License-Identifier: MIT
// Lowering of recorded traces (tests/data/trace, written by the tracer from tests/data/py) without Python: the
// lowered ALIR is run by the interpreter and compared with the model computed here by plain loops, and its
// counts are compared with hand-derived MAC totals.
#include "engine/bounds/ladder.h"
#include "engine/frontend/trace/lowering.h"
#include "engine/graph/lifting.h"
#include "engine/hw/registry.h"
#include "engine/ir/bindings.h"
#include "engine/ir/checker.h"
#include "testutil.h"

#include <QTest>

#include <algorithm>
#include <cmath>
#include <map>
#include <set>

using namespace solar;

namespace {

trace::Lowered lowerFixture(const std::string& name, const std::string& patchFrom = {}, const std::string& patchTo = {})
{
    std::string json = testutil::readData("trace/" + name);
    if (!patchFrom.empty()) {
        const auto at = json.find(patchFrom);
        if (at == std::string::npos)
            qFatal("fixture %s has no '%s'", name.c_str(), patchFrom.c_str());
        json.replace(at, patchFrom.size(), patchTo);
    }
    auto traced = worker::parseTraceReply(json, name);
    if (!traced)
        qFatal("%s", formatAll(traced.diagnostics()).c_str());
    auto lowered = trace::lowerTrace(*traced);
    if (!lowered)
        qFatal("%s", formatAll(lowered.diagnostics()).c_str());
    return std::move(lowered).value();
}

const std::vector<double>& valuesOf(const ir::RunResult& run, const std::string& name)
{
    const ir::TensorValue* t = run.find(name);
    if (!t)
        qFatal("no tensor %s in the run", name.c_str());
    return t->data;
}

// y[b][o] = bias[o] + sum_i x[b][i] * w[o][i]   (nn.Linear, weight [out, in])
std::vector<double> linear(const std::vector<double>& x, const std::vector<double>& w, const std::vector<double>& bias, int batch, int in,
                           int out)
{
    std::vector<double> y(std::size_t(batch) * out);
    for (int b = 0; b < batch; ++b)
        for (int o = 0; o < out; ++o) {
            double acc = bias[o];
            for (int i = 0; i < in; ++i)
                acc += x[b * in + i] * w[o * in + i];
            y[b * out + o] = acc;
        }
    return y;
}

void softmaxRows(std::vector<double>& y, int rows, int cols)
{
    for (int b = 0; b < rows; ++b) {
        double* row = &y[std::size_t(b) * cols];
        const double mx = *std::max_element(row, row + cols);
        double sum = 0;
        for (int o = 0; o < cols; ++o)
            sum += std::exp(row[o] - mx);
        for (int o = 0; o < cols; ++o)
            row[o] = std::exp(row[o] - mx) / sum;
    }
}

void compareClose(const std::vector<double>& got, const std::vector<double>& want, double tolerance)
{
    QCOMPARE(got.size(), want.size());
    for (std::size_t i = 0; i < got.size(); ++i)
        if (std::abs(got[i] - want[i]) > tolerance * (1 + std::abs(want[i])))
            QFAIL(qPrintable(QStringLiteral("element %1: got %2, want %3").arg(i).arg(got[i]).arg(want[i])));
}

double totalMacs(const graph::EinsumGraph& g)
{
    double macs = 0;
    for (const auto& n : g.nodes)
        macs += n.macs;
    return macs;
}

graph::EinsumGraph lift(const trace::Lowered& lowered)
{
    auto sizes = ir::bindSizes(lowered.program);
    if (!sizes)
        qFatal("%s", formatAll(sizes.diagnostics()).c_str());
    auto g = graph::liftProgram(lowered.program, *sizes);
    if (!g)
        qFatal("%s", formatAll(g.diagnostics()).c_str());
    graph::EinsumGraph graph = std::move(g).value();
    trace::applyProvenance(graph, lowered);
    return graph;
}

} // namespace

class TestLowering : public QObject
{
    Q_OBJECT

private slots:
    // Linear -> relu -> Linear -> softmax, batch 8, 32 -> 64 -> 16.
    void testMlpComputesTheModel()
    {
        const auto lowered = lowerFixture("mlp.json");
        QVERIFY(lowered.unsupported.empty());
        QCOMPARE(lowered.outputs.size(), std::size_t(1));
        QVERIFY(lowered.viewsFolded >= 2); // the two weight transposes are read in place

        auto run = ir::runProgram(lowered.program);
        QVERIFY2(run.hasValue(), formatAll(run.diagnostics()).c_str());
        auto h = linear(valuesOf(*run, "input0"), valuesOf(*run, "fc1_weight"), valuesOf(*run, "fc1_bias"), 8, 32, 64);
        for (double& v : h)
            v = std::max(v, 0.0);
        auto y = linear(h, valuesOf(*run, "fc2_weight"), valuesOf(*run, "fc2_bias"), 8, 64, 16);
        softmaxRows(y, 8, 16);
        compareClose(valuesOf(*run, lowered.outputs[0]), y, 1e-5); // float32 intermediates
    }

    void testMlpCounts()
    {
        const auto lowered = lowerFixture("mlp.json");
        const auto g = lift(lowered);
        QCOMPARE(totalMacs(g), 8.0 * 32 * 64 + 8.0 * 64 * 16);
        // A folded view is never materialised: the transposes (traced t5, t9) get no ALIR tensor, and no node is
        // attributed to aten::t.
        QVERIFY(lowered.alirNameOf.count("fc1.weight") && !lowered.alirNameOf.count("t5"));
        QVERIFY(lowered.alirNameOf.count("fc2.weight") && !lowered.alirNameOf.count("t9"));
        for (const auto& n : g.nodes)
            QVERIFY(n.sourceOp != "aten::t");
    }

    // Conv2d(3->4, k3, s2, p1) -> BatchNorm2d (training: batch statistics) -> relu -> MaxPool2d(2) -> flatten ->
    // Linear(16->5) -> log_softmax, batch 2, 8x8 input.
    void testConvNetComputesTheModel()
    {
        const auto lowered = lowerFixture("convnet.json");
        QVERIFY(lowered.unsupported.empty());
        auto run = ir::runProgram(lowered.program);
        QVERIFY2(run.hasValue(), formatAll(run.diagnostics()).c_str());

        const int B = 2, C = 3, K = 4, H = 8, Ho = 4, P = 2, classes = 5;
        const auto& x = valuesOf(*run, "input0");
        const auto& w = valuesOf(*run, "conv_weight");
        const auto& cb = valuesOf(*run, "conv_bias");
        std::vector<double> conv(std::size_t(B) * K * Ho * Ho);
        auto at = [&](int b, int k, int i, int j) -> double& { return conv[((b * K + k) * Ho + i) * Ho + j]; };
        for (int b = 0; b < B; ++b)
            for (int k = 0; k < K; ++k)
                for (int i = 0; i < Ho; ++i)
                    for (int j = 0; j < Ho; ++j) {
                        double acc = cb[k];
                        for (int c = 0; c < C; ++c)
                            for (int r = 0; r < 3; ++r)
                                for (int s = 0; s < 3; ++s) {
                                    const int y = 2 * i - 1 + r, xx = 2 * j - 1 + s;
                                    if (y >= 0 && y < H && xx >= 0 && xx < H)
                                        acc += x[((b * C + c) * H + y) * H + xx] * w[((k * C + c) * 3 + r) * 3 + s];
                                }
                        at(b, k, i, j) = acc;
                    }
        const auto& gamma = valuesOf(*run, "bn_weight");
        const auto& beta = valuesOf(*run, "bn_bias");
        for (int k = 0; k < K; ++k) {
            double mean = 0, var = 0;
            const double n = B * Ho * Ho;
            for (int b = 0; b < B; ++b)
                for (int i = 0; i < Ho; ++i)
                    for (int j = 0; j < Ho; ++j)
                        mean += at(b, k, i, j) / n;
            for (int b = 0; b < B; ++b)
                for (int i = 0; i < Ho; ++i)
                    for (int j = 0; j < Ho; ++j)
                        var += (at(b, k, i, j) - mean) * (at(b, k, i, j) - mean) / n; // biased, as in training
            for (int b = 0; b < B; ++b)
                for (int i = 0; i < Ho; ++i)
                    for (int j = 0; j < Ho; ++j)
                        at(b, k, i, j) = std::max(0.0, (at(b, k, i, j) - mean) / std::sqrt(var + 1e-5) * gamma[k] + beta[k]);
        }
        std::vector<double> pooled(std::size_t(B) * K * P * P); // flattened in (k, i, j) order
        for (int b = 0; b < B; ++b)
            for (int k = 0; k < K; ++k)
                for (int i = 0; i < P; ++i)
                    for (int j = 0; j < P; ++j)
                        pooled[((b * K + k) * P + i) * P + j] = std::max({at(b, k, 2 * i, 2 * j), at(b, k, 2 * i, 2 * j + 1),
                                                                          at(b, k, 2 * i + 1, 2 * j), at(b, k, 2 * i + 1, 2 * j + 1)});
        auto logits = linear(pooled, valuesOf(*run, "fc_weight"), valuesOf(*run, "fc_bias"), B, K * P * P, classes);
        for (int b = 0; b < B; ++b) {
            double* row = &logits[b * classes];
            const double mx = *std::max_element(row, row + classes);
            double sum = 0;
            for (int o = 0; o < classes; ++o)
                sum += std::exp(row[o] - mx);
            for (int o = 0; o < classes; ++o)
                row[o] = row[o] - mx - std::log(sum);
        }
        compareClose(valuesOf(*run, lowered.outputs[0]), logits, 1e-4);
    }

    void testConvNetCounts()
    {
        const auto g = lift(lowerFixture("convnet.json"));
        // conv: B*K*Ho*Wo output points x C*3*3 taps, of which the taps landing in the zero padding are guarded
        // out (lifting counts guarded domains exactly): count the in-bounds taps by hand.
        double convMacs = 0;
        for (int i = 0; i < 4; ++i)
            for (int j = 0; j < 4; ++j)
                for (int r = 0; r < 3; ++r)
                    for (int s = 0; s < 3; ++s) {
                        const int y = 2 * i - 1 + r, x = 2 * j - 1 + s;
                        convMacs += (y >= 0 && y < 8 && x >= 0 && x < 8) ? 1 : 0;
                    }
        convMacs *= 2 /*B*/ * 4 /*K*/ * 3 /*C*/;
        const double linearMacs = 2.0 * 16 * 5;
        const double total = totalMacs(g);
        QCOMPARE(total, convMacs + linearMacs);
        QVERIFY(convMacs < 2.0 * 4 * 16 * 27); // the padding really was excluded
        int convNodes = 0;
        for (const auto& n : g.nodes)
            if (n.sourceOp == "aten::convolution" && n.macs > 0) {
                ++convNodes;
                QCOMPARE(n.sourceLine, 14);
            }
        QCOMPARE(convNodes, 1);
    }

    // LayerNorm(4) -> causal SDPA (scale 1/sqrt(4)) -> sum over the last dim -> cumsum over the sequence, B=2, S=8.
    void testAttentionBlockComputesTheModel()
    {
        const auto lowered = lowerFixture("attention_block.json");
        QVERIFY(lowered.unsupported.empty());
        auto run = ir::runProgram(lowered.program);
        QVERIFY2(run.hasValue(), formatAll(run.diagnostics()).c_str());
        const int B = 2, S = 8, D = 4;
        const auto& q = valuesOf(*run, "input0");
        const auto& k = valuesOf(*run, "input1");
        const auto& v = valuesOf(*run, "input2");
        const auto& gamma = valuesOf(*run, "norm_weight");
        const auto& beta = valuesOf(*run, "norm_bias");
        std::vector<double> want(std::size_t(B) * S);
        for (int b = 0; b < B; ++b) {
            double running = 0;
            for (int i = 0; i < S; ++i) {
                const double* row = &q[(b * S + i) * D];
                double mean = 0, var = 0;
                for (int d = 0; d < D; ++d)
                    mean += row[d] / D;
                for (int d = 0; d < D; ++d)
                    var += (row[d] - mean) * (row[d] - mean) / D;
                double qn[D];
                for (int d = 0; d < D; ++d)
                    qn[d] = (row[d] - mean) / std::sqrt(var + 1e-5) * gamma[d] + beta[d];
                std::vector<double> score(i + 1);
                double mx = -1e300, sum = 0;
                for (int j = 0; j <= i; ++j) { // causal: keys up to the query's position
                    double dot = 0;
                    for (int d = 0; d < D; ++d)
                        dot += qn[d] * k[(b * S + j) * D + d];
                    score[j] = dot / std::sqrt(double(D));
                    mx = std::max(mx, score[j]);
                }
                for (int j = 0; j <= i; ++j)
                    sum += std::exp(score[j] - mx);
                double rowSum = 0;
                for (int d = 0; d < D; ++d)
                    for (int j = 0; j <= i; ++j)
                        rowSum += std::exp(score[j] - mx) / sum * v[(b * S + j) * D + d];
                running += rowSum;
                want[b * S + i] = running;
            }
        }
        compareClose(valuesOf(*run, lowered.outputs[0]), want, 1e-5);
    }

    // A sliding-window mask built from positions (tests/data/trace/window_mask.json: arange, unsqueezed, key > query
    // - 3 and key <= query, and-ed, as transformers builds it) is followed to a guard on attention's loops: query q
    // sees min(q + 1, 3) keys, 1 + 2 + 3 x 6 = 21 pairs, so Q.K^T and P.V each do 4 x 21 MACs (the full square would
    // be 4 x 64), and the values are attention over exactly those keys (computed here by hand). The same mask and-ed
    // in place with an input (window_mask_written.json) is data: read once per score, every pair counted.
    void testPositionMaskBecomesAGuard()
    {
        const auto lowered = lowerFixture("window_mask.json");
        QVERIFY(lowered.unsupported.empty());
        QVERIFY2(lowered.text.find("if ((") != std::string::npos, lowered.text.c_str());
        QCOMPARE(totalMacs(lift(lowered)), 2.0 * 4 * 21);
        auto run = ir::runProgram(lowered.program);
        QVERIFY2(run.hasValue(), formatAll(run.diagnostics()).c_str());
        const auto& q = valuesOf(*run, "input0");
        const auto& k = valuesOf(*run, "input1");
        const auto& v = valuesOf(*run, "input2");
        const int S = 8, D = 4;
        std::vector<double> want(std::size_t(S) * D);
        for (int i = 0; i < S; ++i) {
            const int first = std::max(0, i - 2);
            std::vector<double> score;
            double mx = -1e300, sum = 0;
            for (int j = first; j <= i; ++j) {
                double dot = 0;
                for (int d = 0; d < D; ++d)
                    dot += q[i * D + d] * k[j * D + d];
                score.push_back(dot / std::sqrt(double(D)));
                mx = std::max(mx, score.back());
            }
            for (double x : score)
                sum += std::exp(x - mx);
            for (int d = 0; d < D; ++d)
                for (int j = first; j <= i; ++j)
                    want[i * D + d] += std::exp(score[j - first] - mx) / sum * v[j * D + d];
        }
        compareClose(valuesOf(*run, lowered.outputs[0]), want, 1e-5);

        const auto written = lowerFixture("window_mask_written.json");
        QVERIFY(written.unsupported.empty());
        QVERIFY(written.text.find("if ((") == std::string::npos);
        QCOMPARE(totalMacs(lift(written)), 2.0 * 4 * 64);
    }

    void testAttentionBlockCounts()
    {
        const auto g = lift(lowerFixture("attention_block.json"));
        // Causal attention: query i meets i+1 keys, so Q.K^T and P.V each do B * D * (1 + 2 + ... + S) MACs,
        // against B * D * S * S for the full square.
        const double triangle = 2.0 * 4 * (8 * 9 / 2);
        QCOMPARE(totalMacs(g), 2 * triangle);
        int attentionNodes = 0;
        for (const auto& n : g.nodes)
            attentionNodes += n.sourceOp == "solar::scaled_dot_product_attention";
        QVERIFY(attentionNodes >= 2); // one ATen op, several ALIR statements: one kernel in the per-kernel levels
        // Each exponential once per score (B * 36 of them, in the row sum and the probabilities), never per output.
        double transcendental = 0;
        for (const auto& n : g.nodes)
            if (n.sourceOp == "solar::scaled_dot_product_attention")
                transcendental += n.transcendentalOps;
        QCOMPARE(transcendental, 2 * 2.0 * 36);
        std::set<int> kernels;
        for (const auto& n : g.nodes)
            if (n.sourceOp == "solar::scaled_dot_product_attention")
                kernels.insert(n.kernel);
        QCOMPARE(kernels.size(), std::size_t(1));
    }

    // cat -> pad (1, 2) -> flip -> argmax and L2 norm; MSE and cross-entropy (log_softmax + NLL gather), B=4, F=6.
    void testFamiliesComputeTheModel()
    {
        const auto lowered = lowerFixture("families.json");
        QVERIFY(lowered.unsupported.empty());
        QCOMPARE(lowered.outputs.size(), std::size_t(4));
        // The targets index the classes: generated values must stay below F.
        QVERIFY2(lowered.text.find("in input2: i64[4] @range(0, 6);") != std::string::npos, lowered.text.c_str());
        auto run = ir::runProgram(lowered.program);
        QVERIFY2(run.hasValue(), formatAll(run.diagnostics()).c_str());
        const int B = 4, F = 6, Z = 2 * F + 3;
        const auto& x = valuesOf(*run, "input0");
        const auto& y = valuesOf(*run, "input1");
        const auto& t = valuesOf(*run, "input2");
        std::vector<double> idx(B), norm(B);
        double mse = 0, ce = 0;
        for (int b = 0; b < B; ++b) {
            std::vector<double> z(Z, 0.0); // [0, x, y, 0, 0], then reversed
            for (int f = 0; f < F; ++f) {
                z[1 + f] = x[b * F + f];
                z[1 + F + f] = y[b * F + f];
            }
            std::reverse(z.begin(), z.end());
            idx[b] = double(std::max_element(z.begin(), z.end()) - z.begin()); // the first maximum
            double sq = 0;
            for (double v : z)
                sq += v * v;
            norm[b] = std::sqrt(sq);
            double mx = -1e300, sum = 0;
            for (int f = 0; f < F; ++f) {
                mse += (x[b * F + f] - y[b * F + f]) * (x[b * F + f] - y[b * F + f]) / (B * F);
                mx = std::max(mx, x[b * F + f]);
            }
            for (int f = 0; f < F; ++f)
                sum += std::exp(x[b * F + f] - mx);
            ce += -(x[b * F + int(t[b])] - mx - std::log(sum)) / B;
        }
        compareClose(valuesOf(*run, lowered.outputs[0]), idx, 0);
        compareClose(valuesOf(*run, lowered.outputs[1]), norm, 1e-6);
        compareClose(valuesOf(*run, lowered.outputs[2]), {mse}, 1e-6);
        compareClose(valuesOf(*run, lowered.outputs[3]), {ce}, 1e-6);
    }

    void testFamiliesCounts()
    {
        const auto g = lift(lowerFixture("families.json"));
        // The only product of two tensor reads is the norm's z * z: one multiply-accumulate per element of z.
        QCOMPARE(totalMacs(g), 4.0 * 15);
        // Bytes written per ATen op (one kernel each), derived from the shapes: a copying layout op writes its
        // whole result; argmax writes the i64 indices and its f32 running maxima; cross-entropy's log_softmax
        // writes row maxima, row sums and the [4, 6] result, the NLL its weight total and the loss.
        std::map<std::string, double> written;
        std::map<std::string, std::set<int>> kernels;
        for (const auto& n : g.nodes) {
            written[n.sourceOp] += n.bytesWritten;
            kernels[n.sourceOp].insert(n.kernel);
        }
        QCOMPARE(written["aten::cat"], 4.0 * 12 * 4);
        QCOMPARE(written["aten::constant_pad_nd"], 4.0 * 15 * 4);
        QCOMPARE(written["aten::flip"], 4.0 * 15 * 4);
        QCOMPARE(written["aten::argmax"], 4.0 * 8 + 4.0 * 4);
        QCOMPARE(written["aten::linalg_vector_norm"], 2 * 4.0 * 4); // the sum of squares, then its square root in place
        QCOMPARE(written["aten::mse_loss"], 4.0);
        QCOMPARE(written["aten::_log_softmax"], 4.0 * 4 + 4.0 * 4 + 4.0 * 6 * 4);
        QCOMPARE(written["aten::nll_loss_forward"], 4.0 + 4.0);
        for (const auto& [op, ks] : kernels)
            QVERIFY2(ks.size() == 1, op.c_str()); // one ATen op, one kernel, however many statements
    }

    // nn.LSTM(4 -> 5), batch 2, 3 steps, batch_first, then Linear(5 -> 3) on the last step: torch's unrolled ops.
    void testLstmComputesTheModel()
    {
        const auto lowered = lowerFixture("lstm.json");
        QVERIFY(lowered.unsupported.empty());
        auto run = ir::runProgram(lowered.program);
        QVERIFY2(run.hasValue(), formatAll(run.diagnostics()).c_str());
        const int B = 2, T = 3, I = 4, H = 5, C = 3;
        const auto& x = valuesOf(*run, "input0");
        const auto& wih = valuesOf(*run, "lstm_weight_ih_l0"); // [4H, I], gates i, f, g, o
        const auto& whh = valuesOf(*run, "lstm_weight_hh_l0"); // [4H, H]
        const auto& bih = valuesOf(*run, "lstm_bias_ih_l0");
        const auto& bhh = valuesOf(*run, "lstm_bias_hh_l0");
        auto sigmoid = [](double v) { return 1 / (1 + std::exp(-v)); };
        std::vector<double> h(std::size_t(B) * H, 0.0), c(std::size_t(B) * H, 0.0);
        for (int s = 0; s < T; ++s) {
            std::vector<double> hn(h.size()), cn(c.size());
            for (int b = 0; b < B; ++b)
                for (int u = 0; u < H; ++u) {
                    double gate[4];
                    for (int k = 0; k < 4; ++k) {
                        const int row = k * H + u;
                        double acc = bih[row] + bhh[row];
                        for (int i = 0; i < I; ++i)
                            acc += wih[row * I + i] * x[(b * T + s) * I + i];
                        for (int j = 0; j < H; ++j)
                            acc += whh[row * H + j] * h[b * H + j];
                        gate[k] = acc;
                    }
                    cn[b * H + u] = sigmoid(gate[1]) * c[b * H + u] + sigmoid(gate[0]) * std::tanh(gate[2]);
                    hn[b * H + u] = sigmoid(gate[3]) * std::tanh(cn[b * H + u]);
                }
            h = hn;
            c = cn;
        }
        const auto y = linear(h, valuesOf(*run, "fc_weight"), valuesOf(*run, "fc_bias"), B, H, C);
        compareClose(valuesOf(*run, lowered.outputs[0]), y, 1e-5);
    }

    void testLstmCounts()
    {
        const auto g = lift(lowerFixture("lstm.json"));
        // Input projection for all steps at once (T*B x I x 4H), one recurrent addmm per step (B x H x 4H, the
        // first one on h0 = 0 too, as torch runs it), and the classifier (B x H x C).
        const double input = 3.0 * 2 * 4 * 20, recurrent = 3 * (2.0 * 5 * 20), classifier = 2.0 * 5 * 3;
        QCOMPARE(totalMacs(g), input + recurrent + classifier);
        // The gate non-linearities: per step 3 sigmoids, 2 tanh over [2, 5], each transcendental once per element.
        double transcendental = 0;
        for (const auto& n : g.nodes)
            transcendental += n.transcendentalOps;
        QCOMPARE(transcendental, 3 * 5 * 2.0 * 5);
    }

    // An op without a template is listed with its source line, never silently free; the rest still lowers.
    void testUnsupportedOpIsListed()
    {
        const auto lowered = lowerFixture("mlp.json", "\"op\": \"aten::relu\"", "\"op\": \"aten::made_up_op\"");
        QCOMPARE(lowered.unsupported.size(), std::size_t(1));
        QCOMPARE(lowered.unsupported[0].aten, std::string("aten::made_up_op"));
        QCOMPARE(lowered.unsupported[0].sourceLine, 12);
        QVERIFY(lowered.text.find("fc2_weight") != std::string::npos);
    }

    // An op without a template that writes in place through a view changed the view's base: the base enters the
    // program as a given value from there on (t2_given, with the index range it is used with), listed as not counted, and the program
    // still checks — it used to read the base without any statement writing it. tests/data/trace/inplace_view.json
    // was traced from inv.view(-1)[perm] = arange(n) (index_put_ on the view, which has a template since), its op
    // renamed to one that has none.
    void testUnsupportedInPlaceWriteThroughAView()
    {
        const auto lowered = lowerFixture("inplace_view.json");
        QCOMPARE(lowered.unsupported.size(), std::size_t(1));
        QCOMPARE(lowered.unsupported[0].aten, std::string("aten::scatter_made_up_"));
        QVERIFY2(lowered.text.find("in t2_given: i64[6] @range(0, 6);") != std::string::npos, lowered.text.c_str());
        const auto check = ir::checkProgram(lowered.program);
        QVERIFY2(check.ok(), formatAll(check.diagnostics).c_str());
    }

    // An op without a template that writes in place into a tensor earlier statements computed (y = x * 2, then
    // y.i0_() on it, renamed here to an op that will never have a template): the multiplication stays as written,
    // and from the op on the tensor is a new given value, read by what follows — it used to turn the computed
    // tensor itself into an input, which its own statement then could not assign ("declared 'in'").
    void testUnsupportedInPlaceOpOnAComputedTensor()
    {
        const auto lowered = lowerFixture("inplace_computed.json");
        QCOMPARE(lowered.unsupported.size(), std::size_t(1));
        QCOMPARE(lowered.unsupported[0].aten, std::string("aten::made_up_inplace_"));
        const auto check = ir::checkProgram(lowered.program);
        QVERIFY2(check.ok(), formatAll(check.diagnostics).c_str());
        QVERIFY2(lowered.text.find("tmp t1: f32[N, N];") != std::string::npos
                     || lowered.text.find("tmp t1: f32[24, 24];") != std::string::npos,
                 lowered.text.c_str());
        QVERIFY2(lowered.text.find("in t1_given") != std::string::npos, lowered.text.c_str());
        QVERIFY2(lowered.text.find("t1_given[") != std::string::npos && lowered.text.find(" + 1") != std::string::npos,
                 lowered.text.c_str());
    }

    // A random op is counted (one write per element) with its distribution's mean as a stand-in value, and the
    // program is marked random. Here relu becomes bernoulli(p=0.8): the hidden layer is 0.8 everywhere.
    void testRandomOpWritesItsMean()
    {
        const auto lowered = lowerFixture("mlp.json", R"("op": "aten::relu", "overload": "default", "args": [{"t": "t6"}])",
                                          R"("op": "aten::bernoulli", "overload": "p", "args": [{"t": "t6"}, 0.8])");
        QVERIFY(lowered.unsupported.empty());
        QCOMPARE(lowered.randomOps.size(), std::size_t(1));
        QCOMPARE(lowered.randomOps[0].sourceLine, 12);
        auto run = ir::runProgram(lowered.program);
        QVERIFY2(run.hasValue(), formatAll(run.diagnostics()).c_str());
        const std::vector<double> hidden(8 * 64, 0.8);
        auto y = linear(hidden, valuesOf(*run, "fc2_weight"), valuesOf(*run, "fc2_bias"), 8, 64, 16);
        softmaxRows(y, 8, 16);
        compareClose(valuesOf(*run, lowered.outputs[0]), y, 1e-5);
        const auto g = lift(lowered);
        bool counted = false;
        for (const auto& n : g.nodes)
            if (n.sourceOp == "aten::bernoulli")
                counted = n.bytesWritten == 8 * 64 * 4.0; // the mask's f32 writes
        QVERIFY(counted);
    }

    // A view returned as the output (issue 13, item 4): eager PyTorch runs no kernel for it, so it moves no bytes
    // at any level; behind a real op, only that op's traffic counts, its result being the output's storage.
    void testViewOutputsAreFree()
    {
        const auto registry = hw::loadHwRegistry({SOLAR_TEST_DATA "/../../hwprofiles"});
        QVERIFY(registry.find("h100-sxm"));
        const auto machine = bounds::machineFromProfile(*registry.find("h100-sxm"));

        const auto plain = lowerFixture("view_output.json");
        const auto g = lift(plain);
        QCOMPARE(g.nodes.size(), std::size_t(1));
        QVERIFY(g.nodes[0].view);
        const auto ladder
            = bounds::solve(bounds::prepare(g), machine, bounds::PrecisionPolicy::PytorchDefault, bounds::CacheAssumption::Cold);
        for (const auto& level : ladder.levels) {
            QCOMPARE(level.bytes, 0.0);
            QCOMPARE(level.seconds, 0.0);
        }
        // relu then transpose: relu reads 64 * 32 floats and writes as many (the output's storage); nothing else.
        const auto behind = lowerFixture("view_behind_op.json");
        const auto h = lift(behind);
        const auto l2 = bounds::solve(bounds::prepare(h), machine, bounds::PrecisionPolicy::PytorchDefault, bounds::CacheAssumption::Cold);
        const double relu = 2.0 * 64 * 32 * 4;
        for (auto level : bounds::kLevels)
            QCOMPARE(l2.at(level).bytes, relu);
    }

    void testViewClassification()
    {
        for (const char* op : {"aten::t", "aten::view", "aten::transpose", "aten::expand", "aten::detach"})
            QVERIFY2(trace::isViewOp(op), op);
        for (const char* op : {"aten::clone", "aten::addmm", "aten::relu", "aten::copy_"})
            QVERIFY2(!trace::isViewOp(op), op);
    }
};

QTEST_GUILESS_MAIN(TestLowering)
#include "tst_lowering.moc"
