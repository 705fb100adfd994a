// SPDX-License-Identifier: MIT
// Compiled with -O2 (see CMakeLists.txt), as the issue asks: the baseline an interpreter is measured against.
#include "native_kernels.h"

void nativeMatmul(const float* A, const float* B, float* C, int M, int K, int N)
{
    for (int m = 0; m < M; ++m)
        for (int n = 0; n < N; ++n) {
            C[m * N + n] = 0;
            for (int k = 0; k < K; ++k)
                C[m * N + n] += A[m * K + k] * B[k * N + n];
        }
}

void nativeConv3x3(const float* X, const float* W, float* Y, int Bn, int C, int H, int Wd, int O)
{
    for (int b = 0; b < Bn; ++b)
        for (int o = 0; o < O; ++o)
            for (int p = 0; p < H; ++p)
                for (int q = 0; q < Wd; ++q) {
                    float& y = Y[((b * O + o) * H + p) * Wd + q];
                    y = 0;
                    for (int c = 0; c < C; ++c)
                        for (int r = 0; r < 3; ++r)
                            for (int s = 0; s < 3; ++s)
                                if (p + r - 1 >= 0 && p + r - 1 < H && q + s - 1 >= 0 && q + s - 1 < Wd)
                                    y += X[((b * C + c) * H + p + r - 1) * Wd + q + s - 1] * W[((o * C + c) * 3 + r) * 3 + s];
                }
}

// The trace route's loop order (engine/frontend/trace/lowering/ops_nn.cpp): the output initialised, then for each
// input channel, output row, kernel row, output column and kernel column, one guarded multiply-add.
void nativeConv3x3Traced(const float* X, const float* W, float* Y, int Bn, int C, int H, int Wd, int O)
{
    for (int i = 0; i < Bn * O * H * Wd; ++i)
        Y[i] = 0;
    for (int b = 0; b < Bn; ++b)
        for (int o = 0; o < O; ++o)
            for (int c = 0; c < C; ++c)
                for (int p = 0; p < H; ++p)
                    for (int r = 0; r < 3; ++r)
                        for (int q = 0; q < Wd; ++q)
                            for (int s = 0; s < 3; ++s)
                                if (p + r - 1 >= 0 && p + r - 1 < H && q + s - 1 >= 0 && q + s - 1 < Wd)
                                    Y[((b * O + o) * H + p) * Wd + q]
                                        += X[((b * C + c) * H + p + r - 1) * Wd + q + s - 1] * W[((o * C + c) * 3 + r) * 3 + s];
}
