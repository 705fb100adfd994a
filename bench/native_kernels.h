// SPDX-License-Identifier: MIT
// The benchmark's baselines: the same loops as the ALIR programs in bench_interpreter.cpp, in plain C++.
#pragma once

void nativeMatmul(const float* A, const float* B, float* C, int M, int K, int N);
void nativeConv3x3(const float* X, const float* W, float* Y, int Bn, int C, int H, int Wd, int O);
void nativeConv3x3Traced(const float* X, const float* W, float* Y, int Bn, int C, int H, int Wd, int O);
