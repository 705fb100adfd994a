// SPDX-License-Identifier: MIT
#include "engine/ir/loopkernels.h"

#include "engine/ir/dtype.h"

#include <algorithm>

namespace solar::ir::kernels {

bool clipToFacts(const std::int64_t* coef, const std::int64_t* rest, std::size_t count, std::int64_t& lo, std::int64_t& hi)
{
    for (std::size_t k = 0; k < count; ++k) {
        const std::int64_t a = coef[k], r = rest[k];
        // Window guards have coefficients of +-1 almost always: no division on that path.
        if (a == 1)
            lo = std::max(lo, -r);
        else if (a == -1)
            hi = std::min(hi, r + 1);
        else if (a > 1)
            lo = std::max(lo, -(r >= 0 ? r / a : -((-r + a - 1) / a))); // ceil(-r / a)
        else if (a < -1)
            hi = std::min(hi, (r >= 0 ? r / -a : -((-r - a - 1) / -a)) + 1); // floor(r / -a) + 1
        else if (r < 0)
            return false;
    }
    return lo < hi;
}

namespace {

// One loop per rounding, with the common strides (a weight invariant along the row, unit steps) made constant so
// the compiler can keep the operand in a register and vectorise: the order of the roundings is unchanged.
template<typename Round>
void multiplyAddWith(double* d, std::int64_t sd, const double* a, std::int64_t sa, const double* b, std::int64_t sb, std::int64_t count,
                     Round round)
{
    if (sd == 0) {
        double acc = *d;
        for (std::int64_t i = 0; i < count; ++i)
            acc = round(acc + a[i * sa] * b[i * sb]);
        *d = acc;
        return;
    }
    if (sb == 0 && sd == 1 && sa == 1) {
        const double w = *b;
        for (std::int64_t i = 0; i < count; ++i)
            d[i] = round(d[i] + a[i] * w);
        return;
    }
    if (sb == 0) {
        const double w = *b;
        for (std::int64_t i = 0; i < count; ++i)
            d[i * sd] = round(d[i * sd] + a[i * sa] * w);
        return;
    }
    for (std::int64_t i = 0; i < count; ++i)
        d[i * sd] = round(d[i * sd] + a[i * sa] * b[i * sb]);
}

} // namespace

void multiplyAdd(double* d, std::int64_t sd, const double* a, std::int64_t sa, const double* b, std::int64_t sb, std::int64_t count,
                 DType dtype)
{
    // The product of a and b commutes exactly, so a weight invariant in `a` is moved to `b`.
    if (sa == 0 && sb != 0) {
        std::swap(a, b);
        std::swap(sa, sb);
    }
    switch (dtype) {
    case DType::F32:
        multiplyAddWith(d, sd, a, sa, b, sb, count, [](double v) { return static_cast<double>(static_cast<float>(v)); });
        return;
    case DType::F64: multiplyAddWith(d, sd, a, sa, b, sb, count, [](double v) { return v; }); return;
    default: multiplyAddWith(d, sd, a, sa, b, sb, count, [dtype](double v) { return roundToDType(v, dtype); }); return;
    }
}

} // namespace solar::ir::kernels
