// Row sums plus a bias as a CUDA kernel, one thread per row, and its host launch. No GPU runs it where the tests
// do: the LLM route checks a program against it without running and marks the result unvalidated.
#include <cuda_runtime.h>

#define ROWS 1000
#define COLS 256

__global__ void row_sum(const float* __restrict__ x, const float* __restrict__ bias, float* out, int rows, int cols)
{
    int r = blockIdx.x * blockDim.x + threadIdx.x;
    if (r < rows) {
        float s = bias[r];
        for (int c = 0; c < cols; ++c)
            s += x[r * cols + c];
        out[r] = s;
    }
}

void launch(const float* x, const float* bias, float* out)
{
    const int threads = 128;
    const int blocks = (ROWS + threads - 1) / threads;
    row_sum<<<blocks, threads>>>(x, bias, out, ROWS, COLS);
}
