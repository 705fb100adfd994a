/* A blocked matrix product with a bias in C: C = A B + bias, the k loop tiled (the last tile cut at K). The LLM route
 * compiles it with a harness and runs it on each candidate program's inputs. */
#include <stddef.h>

#define M 200
#define N 120
#define K 72
#define TILE 16

static float fma_f(float a, float b, float c)
{
    return a * b + c;
}

void matmul_bias(const float* A, const float* B, const float* bias, float* C)
{
    for (int i = 0; i < M; ++i)
        for (int j = 0; j < N; ++j)
            C[i * N + j] = bias[j];
    for (int k0 = 0; k0 < K; k0 += TILE)
        for (int i = 0; i < M; ++i)
            for (int k = k0; k < k0 + TILE && k < K; ++k)
                for (int j = 0; j < N; ++j)
                    C[i * N + j] = fma_f(A[i * K + k], B[k * N + j], C[i * N + j]);
}
