// SPDX-License-Identifier: MIT
// The ALIR interpreter against the same loops in plain C++ (-O2), in one Google Benchmark run: a 256x256x256
// matmul and a 3x3 same-padded convolution, the latter twice: in the textbook order (window innermost) and in the
// order the trace route's lowering writes (ops_nn.cpp: output row and kernel row, then output column and kernel
// column innermost), which is what validation runs. The interpreter's time includes everything runProgram does
// (check, bind, input generation, bounds analysis, compile, execute); the native time is the loops alone.
// Results and the command are in docs/perf.md.
#include "engine/ir/interpreter.h"
#include "engine/ir/parser.h"
#include "native_kernels.h"

#include <benchmark/benchmark.h>

#include <vector>

namespace {

constexpr const char* kMatmul = R"(kernel matmul(M=256, K=256, N=256) {
  in A: f32[M, K];
  in B: f32[K, N];
  out C: f32[M, N];
  for m in 0..M, n in 0..N {
    C[m, n] = 0;
    for k in 0..K { C[m, n] += A[m, k] * B[k, n]; }
  }
})";

constexpr const char* kConv = R"(kernel conv3x3(B=1, C=32, H=56, W=56, O=32) {
  in X: f32[B, C, H, W];
  weight Wt: f32[O, C, 3, 3];
  out Y: f32[B, O, H, W];
  for b in 0..B, o in 0..O, p in 0..H, q in 0..W {
    Y[b, o, p, q] = 0;
    for c in 0..C, r in 0..3, s in 0..3 {
      if (p + r - 1 >= 0 && p + r - 1 < H && q + s - 1 >= 0 && q + s - 1 < W) {
        Y[b, o, p, q] += X[b, c, p + r - 1, q + s - 1] * Wt[o, c, r, s];
      }
    }
  }
})";

// Exactly as `solar trace --format alir` writes a Conv2d(32, 32, 3, padding=1) on a 1x32x56x56 input.
constexpr const char* kConvTraced = R"(kernel conv3x3_traced(B=1, C=32, H=56, W=56, O=32) {
  in X: f32[B, C, H, W];
  weight Wt: f32[O, C, 3, 3];
  out Y: f32[B, O, H, W];
  for b in 0..B, o in 0..O, p in 0..H, q in 0..W { Y[b, o, p, q] = 0; }
  for b in 0..B, o in 0..O, c in 0..C, p in 0..H, r in 0..3, q in 0..W, s in 0..3 {
    if (p + r - 1 >= 0 && p + r - 1 < H && q + s - 1 >= 0 && q + s - 1 < W) {
      Y[b, o, p, q] += X[b, c, p + r - 1, q + s - 1] * Wt[o, c, r, s];
    }
  }
})";

std::vector<float> randomFloats(size_t n)
{
    std::vector<float> v(n);
    unsigned x = 12345;
    for (auto& f : v) {
        x = x * 1664525u + 1013904223u;
        f = static_cast<float>(x >> 8) / 16777216.0f - 0.5f;
    }
    return v;
}

void runInterpreter(benchmark::State& state, const char* source)
{
    const auto program = solar::ir::parseProgram(source).value();
    std::uint64_t instances = 0;
    for (auto _ : state) {
        auto r = solar::ir::runProgram(program);
        if (!r) {
            state.SkipWithError("interpreter failed");
            return;
        }
        instances = r->totalInstances;
        benchmark::DoNotOptimize(r->tensors.back().data.data());
    }
    state.counters["instances"] = static_cast<double>(instances);
}

void BM_Matmul256_Native(benchmark::State& state)
{
    const int n = 256;
    auto A = randomFloats(n * n), B = randomFloats(n * n);
    std::vector<float> C(n * n);
    for (auto _ : state) {
        nativeMatmul(A.data(), B.data(), C.data(), n, n, n);
        benchmark::DoNotOptimize(C.data());
        benchmark::ClobberMemory();
    }
}

void BM_Matmul256_Interpreter(benchmark::State& state)
{
    runInterpreter(state, kMatmul);
}

using NativeConv = void (*)(const float*, const float*, float*, int, int, int, int, int);

void runNativeConv(benchmark::State& state, NativeConv conv)
{
    const int C = 32, H = 56, W = 56, O = 32;
    auto X = randomFloats(C * H * W), Wt = randomFloats(O * C * 9);
    std::vector<float> Y(O * H * W);
    for (auto _ : state) {
        conv(X.data(), Wt.data(), Y.data(), 1, C, H, W, O);
        benchmark::DoNotOptimize(Y.data());
        benchmark::ClobberMemory();
    }
}

void BM_Conv3x3_Native(benchmark::State& state)
{
    runNativeConv(state, nativeConv3x3);
}

void BM_Conv3x3_Interpreter(benchmark::State& state)
{
    runInterpreter(state, kConv);
}

void BM_Conv3x3Traced_Native(benchmark::State& state)
{
    runNativeConv(state, nativeConv3x3Traced);
}

void BM_Conv3x3Traced_Interpreter(benchmark::State& state)
{
    runInterpreter(state, kConvTraced);
}

} // namespace

BENCHMARK(BM_Matmul256_Native)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_Matmul256_Interpreter)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_Conv3x3_Native)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_Conv3x3_Interpreter)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_Conv3x3Traced_Native)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_Conv3x3Traced_Interpreter)->Unit(benchmark::kMillisecond);

BENCHMARK_MAIN();
