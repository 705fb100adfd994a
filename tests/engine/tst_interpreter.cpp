// SPDX-License-Identifier: MIT
// Interpreter results against independent computations: small cases worked by hand with given inputs, and
// seeded runs compared with the same operator written directly in C++ (double precision) over the inputs the
// interpreter generated. Plus instance counts, caps, cancellation and run-time faults.
#include "engine/ir/builtins.h"
#include "engine/ir/interpreter.h"
#include "testutil.h"

#include <QTest>

#include <cmath>
#include <map>

using namespace solar;
using namespace solar::ir;
using testutil::data;
using testutil::runOk;
using testutil::tensor;

namespace {

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

    void testConstTensors()
    {
        const Program p = testutil::parseOk(R"(kernel k() {
  const C: f32[2, 2] = {1, 2, 3, 4.5};
  out Y: f32[2];
  for i in 0..2 { Y[i] = C[i, 0] + C[i, 1]; }
})");
        QCOMPARE(data(runOk(p), "Y"), (std::vector<double> {3, 7.5}));
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
