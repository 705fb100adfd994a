// SPDX-License-Identifier: MIT
// Interpreter results against independent computations: small cases worked by hand with given inputs, and
// seeded runs compared with the same operator written directly in C++ (double precision) over the inputs the
// interpreter generated. Plus instance counts, caps, cancellation and run-time faults.
#include "engine/ir/boundsanalysis.h"
#include "engine/ir/builtins.h"
#include "engine/ir/interpreter.h"
#include "engine/ir/nestorder.h"
#include "testutil.h"

#include <QTest>

#include <cmath>
#include <map>

using namespace solar;
using namespace solar::ir;
using testutil::tensor;

namespace {

RunResult runOk(const Program& p, const RunOptions& o = {})
{
    auto r = runProgram(p, o);
    if (!r) {
        qWarning("%s", formatAll(r.diagnostics()).c_str());
        return {};
    }
    return std::move(r).value();
}

const std::vector<double>& data(const RunResult& r, const char* name)
{
    static const std::vector<double> empty;
    const TensorValue* t = r.find(name);
    return t ? t->data : empty;
}

// Values are rounded to f32 on every store, so compare with a relative tolerance a few f32 ulps wide.
bool close(double a, double b, double rel = 2e-6)
{
    return std::fabs(a - b) <= rel * std::max({1.0, std::fabs(a), std::fabs(b)});
}

#define COMPARE_ALL(actual, expected)                                                                                                      \
    do {                                                                                                                                   \
        QCOMPARE((actual).size(), (expected).size());                                                                                      \
        for (size_t i_ = 0; i_ < (expected).size(); ++i_)                                                                                  \
            QVERIFY2(close((actual)[i_], (expected)[i_]),                                                                                  \
                     qPrintable(QStringLiteral("element %1: %2 vs %3").arg(i_).arg((actual)[i_]).arg((expected)[i_])));                    \
    } while (0)

} // namespace

class TestInterpreter : public QObject
{
    Q_OBJECT
private slots:
    void testMatmulByHand()
    {
        const Program p = testutil::parseOk(testutil::readData("alir/matmul.alir"));
        RunOptions o;
        o.sizes = {{"M", 2}, {"K", 2}, {"N", 2}};
        o.inputs["A"] = tensor("A", {2, 2}, {1, 2, 3, 4});
        o.inputs["B"] = tensor("B", {2, 2}, {5, 6, 7, 8});
        const RunResult r = runOk(p, o);
        QCOMPARE(data(r, "C"), (std::vector<double> {19, 22, 43, 50}));
    }

    void testMatmulSeeded()
    {
        const Program p = testutil::parseOk(testutil::readData("alir/matmul.alir"));
        RunOptions o;
        o.seed = 7;
        const RunResult r = runOk(p, o);
        const auto& A = data(r, "A");
        const auto& B = data(r, "B");
        const int M = 5, K = 7, N = 3;
        std::vector<double> C(M * N, 0.0);
        for (int m = 0; m < M; ++m)
            for (int n = 0; n < N; ++n)
                for (int k = 0; k < K; ++k)
                    C[m * N + n] += A[m * K + k] * B[k * N + n];
        COMPARE_ALL(data(r, "C"), C);
        QCOMPARE(r.instanceCounts, (std::vector<std::uint64_t> {M * N, M * N * K}));
        QCOMPARE(r.totalInstances, std::uint64_t(M * N + M * N * K));
        for (double v : A)
            QVERIFY(v >= -1.0 && v < 1.0 && v == double(float(v)));
    }

    void testConvByHand()
    {
        // One 3x3 input channel of ones-to-nine, all-ones kernel, stride 2, padding 1 -> 2x2 output:
        // each output sums the in-bounds part of a 3x3 window centred on (2p, 2q).
        const Program p = testutil::parseOk(testutil::readData("alir/conv2d.alir"));
        RunOptions o;
        o.sizes = {{"B", 1}, {"C", 1}, {"H", 3}, {"W", 3}, {"O", 1}};
        o.inputs["X"] = tensor("X", {1, 1, 3, 3}, {1, 2, 3, 4, 5, 6, 7, 8, 9});
        o.inputs["Wt"] = tensor("Wt", {1, 1, 3, 3}, std::vector<double>(9, 1.0));
        o.inputs["Bias"] = tensor("Bias", {1}, {0.5});
        const RunResult r = runOk(p, o);
        // (0,0): 1+2+4+5 = 12; (0,1): 2+3+5+6 = 16; (1,0): 4+5+7+8 = 24; (1,1): 5+6+8+9 = 28; plus bias.
        QCOMPARE(data(r, "Y"), (std::vector<double> {12.5, 16.5, 24.5, 28.5}));
        // 4 outputs x 9 taps, of which 4 taps per output are in bounds.
        QCOMPARE(r.instanceCounts, (std::vector<std::uint64_t> {4, 16}));
    }

    void testConvSeeded()
    {
        const Program p = testutil::parseOk(testutil::readData("alir/conv2d.alir"));
        const RunResult r = runOk(p);
        const int B = 2, C = 3, H = 7, W = 6, O = 4, P = 4, Q = 3; // P = (7+2-3)//2+1, Q = (6+2-3)//2+1
        const auto& X = data(r, "X");
        const auto& Wt = data(r, "Wt");
        const auto& Bias = data(r, "Bias");
        std::vector<double> Y;
        std::uint64_t taps = 0;
        for (int b = 0; b < B; ++b)
            for (int o = 0; o < O; ++o)
                for (int pp = 0; pp < P; ++pp)
                    for (int q = 0; q < Q; ++q) {
                        double acc = Bias[o];
                        for (int c = 0; c < C; ++c)
                            for (int kr = 0; kr < 3; ++kr)
                                for (int ks = 0; ks < 3; ++ks) {
                                    const int h = 2 * pp + kr - 1, w = 2 * q + ks - 1;
                                    if (h < 0 || h >= H || w < 0 || w >= W)
                                        continue;
                                    acc += X[((b * C + c) * H + h) * W + w] * Wt[((o * C + c) * 3 + kr) * 3 + ks];
                                    ++taps;
                                }
                        Y.push_back(acc);
                    }
        COMPARE_ALL(data(r, "Y"), Y);
        QCOMPARE(r.find("Y")->shape, (std::vector<std::int64_t> {B, O, P, Q}));
        QCOMPARE(r.instanceCounts, (std::vector<std::uint64_t> {std::uint64_t(B * O * P * Q), taps}));
    }

    void testSoftmax()
    {
        const Program p = testutil::parseOk(testutil::readData("alir/softmax.alir"));
        RunOptions o;
        o.sizes = {{"N", 1}, {"D", 2}};
        o.inputs["X"] = tensor("X", {1, 2}, {0.0, std::log(3.0)});
        const RunResult r = runOk(p, o); // e^0 : e^ln3 = 1 : 3
        COMPARE_ALL(data(r, "Y"), (std::vector<double> {0.25, 0.75}));

        const RunResult s = runOk(p);
        const auto& X = data(s, "X");
        std::vector<double> Y;
        for (int n = 0; n < 3; ++n) {
            double z = 0;
            for (int d = 0; d < 5; ++d)
                z += std::exp(X[n * 5 + d]);
            for (int d = 0; d < 5; ++d)
                Y.push_back(std::exp(X[n * 5 + d]) / z);
        }
        COMPARE_ALL(data(s, "Y"), Y);
    }

    void testLayerNorm()
    {
        const Program p = testutil::parseOk(testutil::readData("alir/layernorm.alir"));
        RunOptions o;
        o.sizes = {{"N", 1}, {"D", 4}};
        o.inputs["X"] = tensor("X", {1, 4}, {1, 2, 3, 4});
        o.inputs["G"] = tensor("G", {4}, {1, 1, 1, 2});
        o.inputs["Bt"] = tensor("Bt", {4}, {0, 0, 0, 1});
        const RunResult r = runOk(p, o);
        // mean 2.5, biased variance (2.25 + 0.25 + 0.25 + 2.25) / 4 = 1.25.
        const double inv = 1.0 / std::sqrt(1.25 + 1e-5);
        COMPARE_ALL(data(r, "Y"), (std::vector<double> {-1.5 * inv, -0.5 * inv, 0.5 * inv, 2 * 1.5 * inv + 1}));
    }

    void testCausalAttention()
    {
        const Program p = testutil::parseOk(testutil::readData("alir/causal_attention.alir"));
        const RunResult r = runOk(p);
        const int T = 6, D = 4;
        const auto& Q = data(r, "Q");
        const auto& K = data(r, "K");
        const auto& V = data(r, "V");
        std::vector<double> O;
        for (int i = 0; i < T; ++i) {
            std::vector<double> w(i + 1);
            double mx = -INFINITY, sum = 0;
            for (int j = 0; j <= i; ++j) {
                double s = 0;
                for (int d = 0; d < D; ++d)
                    s += Q[i * D + d] * K[j * D + d] / std::sqrt(double(D));
                w[j] = s;
                mx = std::max(mx, s);
            }
            for (int j = 0; j <= i; ++j)
                sum += (w[j] = std::exp(w[j] - mx));
            for (int d = 0; d < D; ++d) {
                double acc = 0;
                for (int j = 0; j <= i; ++j)
                    acc += w[j] / sum * V[j * D + d];
                O.push_back(acc);
            }
        }
        COMPARE_ALL(data(r, "O"), O);
        const std::uint64_t tri = T * (T + 1) / 2; // 21 of the 36 score entries
        QCOMPARE(r.instanceCounts[0], tri);
        QCOMPARE(r.instanceCounts[1], tri * D);
        QCOMPARE(r.instanceCounts[3], tri);
        QCOMPARE(r.instanceCounts[7], tri * D);
    }

    void testCumsum()
    {
        const Program p = testutil::parseOk(testutil::readData("alir/cumsum.alir"));
        RunOptions o;
        o.sizes = {{"N", 1}, {"L", 4}};
        o.inputs["X"] = tensor("X", {1, 4}, {1, 2, 3, 4});
        QCOMPARE(data(runOk(p, o), "Y"), (std::vector<double> {1, 3, 6, 10}));
    }

    void testMaxPool()
    {
        const Program p = testutil::parseOk(testutil::readData("alir/maxpool2d.alir"));
        RunOptions o;
        o.sizes = {{"B", 1}, {"C", 1}, {"H", 4}, {"W", 4}};
        // 4x4 input; P = Q = (4 + 2 - 3) // 2 + 1 = 2; windows rows/cols {-1,0,1} and {1,2,3}.
        o.inputs["X"] = tensor("X", {1, 1, 4, 4}, {1, -2, 3, 0, 5, 6, -7, 8, 9, 1, 2, 3, -4, 5, 16, -1});
        const RunResult r = runOk(p, o);
        // (0,0): rows 0-1, cols 0-1 -> max(1,-2,5,6) = 6; (0,1): rows 0-1, cols 1-3 -> 8;
        // (1,0): rows 1-3, cols 0-1 -> 9; (1,1): rows 1-3, cols 1-3 -> 16.
        QCOMPARE(data(r, "Y"), (std::vector<double> {6, 8, 9, 16}));
    }

    void testGather()
    {
        const Program p = testutil::parseOk(testutil::readData("alir/embedding.alir"));
        RunOptions o;
        o.sizes = {{"N", 3}, {"V", 4}, {"D", 2}};
        o.inputs["I"] = tensor("I", {3}, {3, 0, 3});
        o.inputs["E"] = tensor("E", {4, 2}, {0, 1, 10, 11, 20, 21, 30, 31});
        QCOMPARE(data(runOk(p, o), "Y"), (std::vector<double> {30, 31, 0, 1, 30, 31}));

        const RunResult s = runOk(p); // generated indices respect @range(0, V)
        for (double v : data(s, "I"))
            QVERIFY(v >= 0 && v < 7 && v == std::trunc(v));
    }

    void testGatherOutOfBoundsIsARuntimeError()
    {
        const Program p = testutil::parseOk(testutil::readData("alir/embedding.alir"));
        RunOptions o;
        o.sizes = {{"N", 2}, {"V", 4}, {"D", 2}};
        o.inputs["I"] = tensor("I", {2}, {1, 4});
        o.inputs["E"] = tensor("E", {4, 2}, std::vector<double>(8, 1.0));
        const auto r = runProgram(p, o);
        QVERIFY(!r);
        const Diagnostic& d = r.diagnostics().front();
        QCOMPARE(d.code, std::string("run.out-of-bounds"));
        QCOMPARE(d.loc.line, 6);
        QCOMPARE(d.message,
                 std::string("index 4 ('I[n]') is out of bounds for dimension 0 of 'E' (size 4) in 'E[I[n], d]' at n = 1, d = 0"));
    }

    void testRoundingOnStore()
    {
        const Program p = testutil::parseOk(R"(kernel r() {
  out A: bf16[1]; out B: f16[2]; out C: i32[2]; out D: bool[1]; out E: f64[1]; out F: f32[1];
  A[0] = 1.0 / 3.0;
  B[0] = 65519.0; B[1] = 65520.0;
  C[0] = cast<i32>(-3.7); C[1] = 7 // 2;
  D[0] = 0.5 > 0.25;
  E[0] = 0.1;
  F[0] = cast<bf16>(1.0 / 3.0) * 3;
})");
        const RunResult r = runOk(p);
        QCOMPARE(data(r, "A")[0], 0.333984375);
        QCOMPARE(data(r, "B")[0], 65504.0);
        QVERIFY(std::isinf(data(r, "B")[1]));
        QCOMPARE(data(r, "C"), (std::vector<double> {-3, 3}));
        QCOMPARE(data(r, "D")[0], 1.0);
        QCOMPARE(data(r, "E")[0], 0.1);
        QCOMPARE(data(r, "F")[0], 1.001953125);
    }

    void testExpressionSemantics()
    {
        const Program p = testutil::parseOk(R"(kernel e(N=4) {
  out Y: f64[12];
  Y[0] = -7 // 2;
  Y[1] = -7 % 3;
  Y[2] = 7.5 % -2;
  Y[3] = N > 3 && N < 5 ? 1 : 0;
  Y[4] = where(N == 3, 1, 2);
  Y[5] = max(nan, 1);
  Y[6] = clamp(5, 0, 3);
  Y[7] = gelu(1);
  Y[8] = sigmoid(0) + relu(-2) + silu(0);
  Y[9] = pow(2, 10) + sqrt(16) + abs(-1);
  Y[10] = !(N == 4) || N != 4 ? 10 : 20;
  Y[11] = round(2.5) + round(3.5) + fmod(-7, 3);
})");
        const RunResult r = runOk(p);
        const auto& y = data(r, "Y");
        QCOMPARE(y[0], -4.0); // floor division
        QCOMPARE(y[1], 2.0); // the remainder takes the divisor's sign
        QCOMPARE(y[2], -0.5);
        QCOMPARE(y[3], 1.0);
        QCOMPARE(y[4], 2.0);
        QVERIFY(std::isnan(y[5])); // max propagates NaN, as torch.maximum
        QCOMPARE(y[6], 3.0);
        QVERIFY(close(y[7], 0.8413447460685429, 1e-15)); // 1 * Phi(1)
        QCOMPARE(y[8], 0.5);
        QCOMPARE(y[9], 1024.0 + 4 + 1);
        QCOMPARE(y[10], 20.0);
        QCOMPARE(y[11], 2.0 + 4.0 - 1.0); // half to even; fmod keeps the dividend's sign
    }

    void testEveryBuiltin()
    {
        // Expected values written from each function's definition (PyTorch's for the activations).
        const double x = 0.7, y = 1.3;
        const auto sig = [](double v) { return 1.0 / (1.0 + std::exp(-v)); };
        const std::map<std::string, double> expected = {
            {"exp", std::exp(x)},
            {"exp2", std::pow(2.0, x)},
            {"log", std::log(x)},
            {"log2", std::log(x) / std::log(2.0)},
            {"log10", std::log(x) / std::log(10.0)},
            {"log1p", std::log(1 + x)},
            {"expm1", std::exp(x) - 1},
            {"sqrt", std::pow(x, 0.5)},
            {"rsqrt", 1 / std::pow(x, 0.5)},
            {"reciprocal", 1 / x},
            {"tanh", (std::exp(2 * x) - 1) / (std::exp(2 * x) + 1)},
            {"sinh", (std::exp(x) - std::exp(-x)) / 2},
            {"cosh", (std::exp(x) + std::exp(-x)) / 2},
            {"sin", std::sin(x)},
            {"cos", std::cos(x)},
            {"tan", std::sin(x) / std::cos(x)},
            {"asin", std::asin(x)},
            {"acos", std::acos(x)},
            {"atan", std::atan(x)},
            {"atan2", std::atan(x / y)},
            {"erf", std::erf(x)},
            {"erfc", 1 - std::erf(x)},
            {"sigmoid", sig(x)},
            {"relu", x},
            {"gelu", x * 0.5 * (1 + std::erf(x / std::sqrt(2.0)))},
            {"gelu_tanh", 0.5 * x * (1 + std::tanh(std::sqrt(2 / M_PI) * (x + 0.044715 * x * x * x)))},
            {"silu", x * sig(x)},
            {"mish", x * std::tanh(std::log(1 + std::exp(x)))},
            {"softplus", std::log(1 + std::exp(x))},
            {"elu", x},
            {"leaky_relu", x},
            {"hardsigmoid", x / 6 + 0.5},
            {"hardswish", x * (x / 6 + 0.5)},
            {"abs", x},
            {"sign", 1},
            {"floor", 0},
            {"ceil", 1},
            {"round", 1},
            {"trunc", 0},
            {"square", x * x},
            {"max", y},
            {"min", x},
            {"pow", std::exp(y * std::log(x))},
            {"clamp", x},
            {"fmod", x},
            {"where", y},
            {"isnan", 0},
        };
        QCOMPARE(expected.size(), builtins().size());
        for (const BuiltinInfo& b : builtins()) {
            std::string call = std::string(b.name) + "(0.7)";
            if (b.id == Builtin::Where)
                call = "where(0.7 < 1.3, 1.3, 0.7)";
            else if (b.arity == 2)
                call = std::string(b.name) + "(0.7, 1.3)";
            else if (b.arity == 3)
                call = std::string(b.name) + "(0.7, -0.4, 1.3)";
            const Program p = testutil::parseOk("kernel b() { out Y: f64[1]; Y[0] = " + call + "; }");
            const RunResult r = runOk(p);
            QVERIFY2(!data(r, "Y").empty(), call.c_str());
            QVERIFY2(close(data(r, "Y")[0], expected.at(std::string(b.name)), 1e-14), call.c_str());
        }
    }

    void testSelectOnlyEvaluatesChosenBranch()
    {
        const Program p = testutil::parseOk(R"(kernel s(N=4) {
  in X: f32[N];
  out Y: f32[N];
  for i in 0..N { Y[i] = i > 0 ? X[i - 1] : 0; }
})");
        RunOptions o;
        o.inputs["X"] = tensor("X", {4}, {1, 2, 3, 4});
        QCOMPARE(data(runOk(p, o), "Y"), (std::vector<double> {0, 1, 2, 3}));
    }

    void testUninitialisedOutputIsNaN()
    {
        const Program p = testutil::parseOk(R"(kernel u(N=3) {
  in X: f32[N];
  out Y: f32[N];
  for i in 0..N { Y[i] += X[i]; }
})");
        const RunResult r = runOk(p);
        QCOMPARE(data(r, "Y").size(), size_t(3));
        for (double v : data(r, "Y"))
            QVERIFY(std::isnan(v));
    }

    void testSizesAndDefaults()
    {
        const Program p = testutil::parseOk(testutil::readData("alir/conv2d.alir"));
        RunOptions o;
        o.sizes = {{"H", 9}};
        const RunResult r = runOk(p, o);
        QCOMPARE(r.sizes.values.at("P"), std::int64_t(5)); // (9 + 2 - 3) // 2 + 1
        QCOMPARE(r.find("Y")->shape, (std::vector<std::int64_t> {2, 4, 5, 3}));

        o.sizes = {{"Nope", 1}};
        const auto bad = runProgram(p, o);
        QVERIFY(!bad);
        QCOMPARE(bad.diagnostics().front().code, std::string("bind.unknown-param"));

        o.sizes = {{"H", -5}};
        const auto negative = runProgram(p, o);
        QVERIFY(!negative);
        QCOMPARE(negative.diagnostics().front().code, std::string("bind.negative-dim"));
    }

    void testSeedsAreDeterministic()
    {
        const Program p = testutil::parseOk(testutil::readData("alir/matmul.alir"));
        RunOptions o;
        o.seed = 42;
        const RunResult a = runOk(p, o);
        const RunResult b = runOk(p, o);
        QCOMPARE(data(a, "C"), data(b, "C"));
        o.seed = 43;
        QVERIFY(data(runOk(p, o), "A") != data(a, "A"));
        // Inputs depend on the tensor's own name and the seed only.
        QCOMPARE(generateInput("A", DType::F32, 35, 42, -1, 1), data(a, "A"));
    }

    void testWorkCap()
    {
        const Program p = testutil::parseOk(testutil::readData("alir/matmul.alir"));
        RunOptions o;
        o.maxInstances = 50;
        const auto r = runProgram(p, o);
        QVERIFY(!r);
        QCOMPARE(r.diagnostics().front().code, std::string("run.work-cap"));
        // The message names the statement that did the work and asks for the direct algorithm (issue 31, item 6):
        // "run with smaller sizes" is nothing a model writing ALIR can act on.
        const std::string& m = r.diagnostics().front().message;
        QVERIFY2(m.find("of them this one (line " + std::to_string(r.diagnostics().front().loc.line) + ")") != std::string::npos,
                 m.c_str());
        QVERIFY2(m.find("compute it directly") != std::string::npos, m.c_str());
    }

    void testMemoryCap()
    {
        const Program p = testutil::parseOk(testutil::readData("alir/matmul.alir"));
        RunOptions o;
        o.sizes = {{"M", 1000000}, {"K", 1000000}};
        const auto r = runProgram(p, o);
        QVERIFY(!r);
        QCOMPARE(r.diagnostics().front().code, std::string("run.memory-cap"));
    }

    void testCancel()
    {
        const Program p = testutil::parseOk(testutil::readData("alir/matmul.alir"));
        RunOptions o;
        o.sizes = {{"M", 64}, {"K", 64}, {"N", 64}};
        int polls = 0;
        o.isCancelled = [&polls] { return ++polls >= 2; };
        const auto r = runProgram(p, o);
        QVERIFY(!r);
        QCOMPARE(r.diagnostics().front().code, std::string("run.cancelled"));
        QCOMPARE(polls, 2);
    }

    void testRefusesProgramsWithErrors()
    {
        const Program p = testutil::parseOk("kernel k(N=2) { in X: f32[N]; out Y: f32[N]; for i in 0..N { Y[0] = X[i]; } }");
        const auto r = runProgram(p);
        QVERIFY(!r);
        QCOMPARE(r.diagnostics().front().code, std::string("check.write-race"));
    }

    void testRuntimeCheckOfUnprovenAccess()
    {
        // In bounds at the defaults (so the checker accepts it), out of bounds once N grows past 4.
        const Program p = testutil::parseOk(R"(kernel k(N=4) {
  in X: f32[8];
  out Y: f32[N];
  for i in 0..N { Y[i] = X[2 * i]; }
})");
        QVERIFY(runProgram(p).hasValue());
        RunOptions o;
        o.sizes = {{"N", 5}};
        const auto r = runProgram(p, o);
        QVERIFY(!r);
        QCOMPARE(r.diagnostics().front().code, std::string("run.out-of-bounds"));
        QCOMPARE(r.diagnostics().front().loc.line, 4);
        QCOMPARE(r.diagnostics().front().loc.column, 28);
    }

    // A folded view's indices are the digits of one flat address (boundsanalysis.h): read as that address, they
    // must give exactly the elements Python's // and % pick — counted here by hand from X's values 0..23.
    void testFoldedViewDigits()
    {
        const Program p = testutil::parseOk(R"(kernel k(B=2) {
  in X: f32[B, 3, 4];
  in U: f32[1, 6];
  out Y: f32[24];
  out Z: f32[19];
  out W: f32[24];
  out V: f32[12];
  out S: f32[6];
  for i in 0..24 { Y[i] = X[i // 12, i // 4 % 3, i % 4]; }
  for i in 0..19 { Z[i] = X[(i + 5) // 12 % B, (i + 5) // 4 % 3, (i + 5) % 4]; }
  for i in 0..24 { W[i] = X[(i + 5) // 12 % B, (i + 5) // 4 % 3, (i + 5) % 4]; }
  for i in 0..12 { V[i] = X[i // 12, i // 3 % 3, i % 4]; }
  for i in 0..6 { S[i] = U[0, (5 - i) % 6]; }
})");
        RunOptions o;
        TensorValue x;
        x.shape = {2, 3, 4};
        for (int i = 0; i < 24; ++i)
            x.data.push_back(i);
        o.inputs["X"] = x;
        TensorValue u;
        u.shape = {1, 6};
        u.data = {10, 11, 12, 13, 14, 15};
        o.inputs["U"] = u;
        const RunResult r = runOk(p, o);
        std::vector<double> y, z, w, v;
        for (int i = 0; i < 24; ++i)
            y.push_back(i);
        for (int i = 0; i < 19; ++i)
            z.push_back(i + 5);
        for (int i = 0; i < 24; ++i)
            w.push_back((i + 5) % 24); // the first digit wraps: (i + 5) // 12 % 2
        for (int i = 0; i < 12; ++i)
            v.push_back(i / 3 % 3 * 4 + i % 4); // // 3 is not the stride of the second dimension
        QCOMPARE(data(r, "Y"), y);
        QCOMPARE(data(r, "Z"), z);
        QCOMPARE(data(r, "W"), w);
        QCOMPARE(data(r, "V"), v);
        QCOMPARE(data(r, "S"), (std::vector<double> {15, 14, 13, 12, 11, 10}));
        // Which reads are taken as one flat address: not W's (its address wraps) nor V's (not digits).
        const auto bound = bindSizes(p);
        QVERIFY(bound.hasValue());
        const BoundsMap bounds = analyzeBounds(p, *bound);
        std::vector<bool> flat;
        for (const Stmt& loop : p.body)
            flat.push_back(bounds.at(&loop.body.front().value).flat.has_value());
        QCOMPARE(flat, (std::vector<bool> {true, true, false, false, true}));
    }

    // Which order each band runs in, derived by hand from nestorder.h's rules.
    void testExecutionOrder()
    {
        const Program p = testutil::parseOk(R"(kernel k(C=40, H=56, W=56) {
  in X: f32[C, H, W];
  in Wt: f32[4, C, 3, 3];
  out Y: f32[4, H, W];
  out Z: f32[4, 5, 6];
  out T: f32[4, 113, 113];
  for o in 0..4, p in 0..H, q in 0..W { Y[o, p, q] = 0; }
  for o in 0..4, c in 0..C, p in 0..H, r in 0..3, q in 0..W, s in 0..3 {
    if (p + r - 1 >= 0 && p + r - 1 < H && q + s - 1 >= 0 && q + s - 1 < W) { Y[o, p, q] += X[c, p + r - 1, q + s - 1] * Wt[o, c, r, s]; }
  }
  for o in 0..4, c in 0..C, p in 0..5, r in 0..1, q in 0..6, s in 0..1 { Z[o, p, q] += X[c, p + r, q + s] * Wt[o, c, r, s]; }
  for o in 0..4, c in 0..C, p in 0..H, r in 0..3, q in 0..W, s in 0..3 { T[o, 2 * p + r, 2 * q + s] += X[c, p, q] * Wt[o, c, r, s]; }
  for o in 0..4, p in 0..5, q in 0..6 { Z[o, p, q] += Z[o, p, 0]; }
})");
        const auto bound = bindSizes(p);
        QVERIFY(bound.hasValue());
        const NameResolver outer = bound->resolver();
        auto plain = [](std::vector<size_t> ranges) { return LoopOrder {ranges, std::vector<bool>(ranges.size(), false)}; };
        const std::vector<LoopOrder> expected {
            plain({0, 1, 2}), // Y's initialiser: already row-innermost
            plain({0, 1, 2, 3, 5, 4}), // the output column (56) inside the column taps (3)
            plain({3, 5, 0, 2, 4, 1}), // taps of one iteration out; channels (40) inside rows of 5 and 6
            // A transposed convolution: `2 * q + s` sends two iterations to one element, but with s descending and
            // q innermost each element's updates keep their order (q ascending).
            LoopOrder {{0, 1, 2, 3, 5, 4}, {false, false, false, false, true, false}}, plain({0, 1, 2}), // the target read by its own value
        };
        QCOMPARE(p.body.size(), expected.size());
        for (size_t i = 0; i < expected.size(); ++i)
            QVERIFY2(executionOrder(p.body[i], outer, bound->shapes, true) == expected[i], std::to_string(i).c_str());
        // Without the bounds analysis' proof, colliding flat addresses may come from indices out of their range.
        QVERIFY(executionOrder(p.body[3], outer, bound->shapes, false) == plain({0, 1, 2, 3, 4, 5}));
    }

    void testConstTensors()
    {
        const Program p = testutil::parseOk(R"(kernel k() {
  const C: f32[2, 2] = {1, 2, 3, 4.5};
  out Y: f32[2];
  for i in 0..2 { Y[i] = C[i, 0] + C[i, 1]; }
})");
        QCOMPARE(data(runOk(p), "Y"), (std::vector<double> {3, 7.5}));
    }

    void testSpecialisedLoopsMatchPlainExecution_data()
    {
        QTest::addColumn<QString>("source");
        for (const char* f :
             {"matmul", "conv2d", "softmax", "layernorm", "causal_attention", "cumsum", "maxpool2d", "embedding", "mlp_softmax"})
            QTest::addRow("%s", f) << QString::fromStdString(testutil::readData(std::string("alir/") + f + ".alir"));
        QTest::addRow("strided guard") << QStringLiteral(R"(kernel k(N=11) {
  in X: f32[N];
  out Y: f32[N];
  for i in 0..N {
    Y[i] = 0;
    for j in 1..N step 3 { if (j >= i - 2 && 2 * j <= i + 7) { Y[i] += X[N - 1 - j] * X[j]; } }
  }
})");
        QTest::addRow("reversed, variables and equality guard") << QStringLiteral(R"(kernel k(N=9, M=4) {
  in X: f64[N, M];
  out Y: f64[N, M];
  out Z: f64[N];
  for i in 0..N, j in 0..M { Y[i, j] = X[N - 1 - i, M - 1 - j] * i - j; }
  for i in 0..N {
    Z[i] = 1;
    for j in max(0, i - 3)..min(N, i + 2) { if (j == i - 1) { Z[i] *= Y[j, 0] + 0.5; } }
    for j in 0..M { Z[i] max= Y[i, j]; }
  }
})");
        // Four dots of a parent loop interleaved (issue 52): an initialiser that reads another tensor, a parent
        // step of 2 and remainders, an f64 accumulator, and an initialiser of another element (run as written).
        QTest::addRow("interleaved dots") << QStringLiteral(R"(kernel k(M=5, N=11, K=13) {
  in A: f32[M, K];
  in B: f32[K, N];
  in bias: f32[N];
  out C: f32[M, N];
  out D: f64[M, N];
  out E: f32[M, N];
  for m in 0..M, n in 0..N { C[m, n] = bias[n]; for k in 0..K { C[m, n] += A[m, k] * B[k, n]; } }
  for m in 0..M, n in 0..N { D[m, n] = 0; }
  for m in 0..M, n in 0..N step 2 { D[m, n] = 1; for k in 0..K { D[m, n] += A[m, k] * B[k, n]; } }
  for m in 0..M, n in 0..N { E[m, n] = 0; }
  for m in 0..M, n in 0..N { E[m, N - 1 - n] = 0.5; for k in 0..K { E[m, n] += A[m, k] * B[k, n]; } }
})");
        // Reduction nests run as rows over the loop whose iterations own an element (issue 52): the trace route's
        // convolution (strided, padded, dilated), a textbook convolution with a bias initialiser, a parent step of 2,
        // a reversed row, f64 and bf16 targets, a transposed convolution (the target moves with the taps), and an
        // initialiser of another element and a target shared across the nest, which must run as written.
        QTest::addRow("convolution rows") << QStringLiteral(R"(kernel k(C=3, H=13, W=17, O=2) {
  in X: f32[1, C, H, W];
  weight Wt: f32[O, C, 3, 3];
  in bias: f32[O];
  out Y: f32[1, O, 7, 8];
  out Z: f32[1, O, H, W];
  out D: f64[O, 6, 8];
  out T: f32[O, 27, 35];
  out U: f32[O, 27, 35];
  out R: bf16[O, W];
  out S: f32[O, W];
  for b in 0..1, o in 0..O, p in 0..7, q in 0..8 { Y[b, o, p, q] = bias[o]; }
  for b in 0..1, o in 0..O, c in 0..C, p in 0..7, r in 0..3, q in 0..8, s in 0..3 {
    if (2 * p + 2 * r - 2 >= 0 && 2 * p + 2 * r - 2 < H && 2 * q + s - 1 >= 0 && 2 * q + s - 1 < W) {
      Y[b, o, p, q] += X[b, c, 2 * p + 2 * r - 2, 2 * q + s - 1] * Wt[o, c, r, s];
    }
  }
  for b in 0..1, o in 0..O, p in 0..H, q in 0..W {
    Z[b, o, p, q] = bias[o];
    for c in 0..C, r in 0..3, s in 0..3 {
      if (p + r - 1 >= 0 && p + r - 1 < H && q + s - 1 >= 0 && q + s - 1 < W) { Z[b, o, p, q] += X[b, c, p + r - 1, q + s - 1] * Wt[o, c, r, s]; }
    }
  }
  for o in 0..O, p in 0..6, q in 0..8 { D[o, p, q] = 0; }
  for o in 0..O, c in 0..C, p in 0..6, r in 0..3, q in 0..8 step 2, s in 0..3 {
    if (W - 5 - 2 * q - s >= 0) { D[o, p, q] += X[0, c, p + r, W - 5 - 2 * q - s] * Wt[o, c, r, s]; }
  }
  for o in 0..O, p in 0..27, q in 0..35 { T[o, p, q] = 0; }
  for o in 0..O, c in 0..C, p in 0..H, r in 0..3, q in 0..W, s in 0..3 {
    if (2 * p + r - 1 >= 0 && 2 * p + r - 1 < 27 && 2 * q + s - 1 >= 0 && 2 * q + s - 1 < 35) {
      T[o, 2 * p + r - 1, 2 * q + s - 1] += X[0, c, p, q] * Wt[o, c, r, s];
    }
  }
  for o in 0..O, p in 0..27, q in 0..35 { U[o, p, q] = 0; }
  for o in 0..O, c in 0..C, p in 0..H, r in 0..3, q in 0..W, s in 0..3 {
    if (2 * p + r - 1 >= 0 && 2 * p + r - 1 < 27 && 2 * q + s - 1 >= 0 && 2 * q + s - 1 < 35) {
      U[o, 2 * p + r - 1, 2 * q + s - 1] += X[0, c, p, q] * Wt[c % O, o, r, s];
    }
  }
  for o in 0..O, q in 0..W { R[o, q] = 0; for c in 0..C, s in 0..3 { if (q + s < W) { R[o, q] += X[0, c, 4, q + s] * Wt[o, c, 1, s]; } } }
  for o in 0..O, q in 0..W { S[o, W - 1 - q] = 0.5; for c in 0..C, s in 0..3 { if (q + s < W) { S[o, q] += X[0, c, 2, q + s] * Wt[o, c, 0, s]; } } }
  for o in 0..O, q in 0..W { S[o, 0] += 1; for c in 0..C, s in 0..3 { if (q + s < W) { S[o, 0] += X[0, c, 3, q + s] * Wt[o, c, 2, s]; } } }
})");
        // Bands run in another order (nestorder.h): a 1x1 convolution with its channels innermost and its taps
        // moved out, a max-reduction, and bands that must keep their order — targets that collide (a transposed
        // convolution's, a sum over anti-diagonals), a target read by its own value, a bound that moves.
        QTest::addRow("reordered bands") << QStringLiteral(R"(kernel k(C=40, H=3, W=4) {
  in X: f32[C, H, W];
  in V: f32[2, C];
  out P: f32[2, H, W];
  out M: f32[H, W];
  out A: f32[7];
  out Q: f32[C];
  out L: f32[H, C];
  for o in 0..2, p in 0..H, q in 0..W { P[o, p, q] = 0; }
  for o in 0..2, c in 0..C, p in 0..H, r in 0..1, q in 0..W, s in 0..1 { P[o, p + r, q + s] += X[c, p + r, q + s] * V[o, c]; }
  for p in 0..H, q in 0..W { M[p, q] = -inf; }
  for c in 0..C, p in 0..H, q in 0..W { M[p, q] max= X[c, p, q] * 2; }
  for i in 0..7 { A[i] = 0; }
  for i in 0..H, j in 0..W { A[i + j] += X[i, i, j] * X[j, 0, i]; }
  for c in 0..C { Q[c] = 1; }
  for c in 1..C, p in 0..H { Q[c] += Q[c - 1] * X[c, p, 0]; }
  for p in 0..H, c in 0..C { L[p, c] = 0; }
  for p in 0..H, c in 0..C, q in 0..p + 1 { L[p, c] += X[c, p, q]; }
})");
        QTest::addRow("bf16 accumulation") << QStringLiteral(R"(kernel k(N=7, K=300) {
  in A: bf16[N, K];
  in B: bf16[K];
  out C: bf16[N];
  for n in 0..N { C[n] = 0; for k in 0..K { C[n] += A[n, k] * B[k]; } }
})");
    }

    void testSpecialisedLoopsMatchPlainExecution()
    {
        QFETCH(QString, source);
        const Program p = testutil::parseOk(source.toStdString());
        RunOptions fast;
        fast.seed = 11;
        RunOptions plain = fast;
        plain.specialize = false;
        const RunResult a = runOk(p, fast);
        const RunResult b = runOk(p, plain);
        QVERIFY(!a.tensors.empty());
        QCOMPARE(a.instanceCounts, b.instanceCounts);
        for (size_t t = 0; t < a.tensors.size(); ++t) {
            QCOMPARE(a.tensors[t].data.size(), b.tensors[t].data.size());
            for (size_t i = 0; i < a.tensors[t].data.size(); ++i) {
                const double x = a.tensors[t].data[i], y = b.tensors[t].data[i];
                QVERIFY2(x == y || (std::isnan(x) && std::isnan(y)), qPrintable(QString::fromStdString(a.tensors[t].name)));
            }
        }
    }

    void testSummary()
    {
        TensorValue t = tensor("t", {4}, {1, -2, 3, std::nan("")});
        const TensorSummary s = summarize(t);
        QCOMPARE(s.min, -2.0);
        QCOMPARE(s.max, 3.0);
        QCOMPARE(s.mean, 2.0 / 3.0);
        QCOMPARE(s.nanCount, std::uint64_t(1));
        TensorValue u = t;
        QCOMPARE(summarize(u).checksum, s.checksum);
        u.data[0] = 1.0000001;
        QVERIFY(summarize(u).checksum != s.checksum);
    }
};

QTEST_GUILESS_MAIN(TestInterpreter)
#include "tst_interpreter.moc"
