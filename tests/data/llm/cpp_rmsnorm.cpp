// RMSNorm over the rows of x in C++, the sizes passed as arguments: y = x / sqrt(mean(x^2) + eps) * g.
#include <cmath>
#include <cstdint>

void rmsnorm(const float* x, const float* g, float* y, int rows, int cols)
{
    for (int r = 0; r < rows; ++r) {
        double ss = 0;
        for (int c = 0; c < cols; ++c)
            ss += double(x[r * cols + c]) * x[r * cols + c];
        const float scale = 1.0f / std::sqrt(float(ss / cols) + 1e-6f);
        for (int c = 0; c < cols; ++c)
            y[r * cols + c] = x[r * cols + c] * scale * g[c];
    }
}
