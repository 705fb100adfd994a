// SPDX-License-Identifier: MIT
// Views folded into strided reads: where element idx of a traced view sits in its base tensor.
#include "engine/frontend/trace/lowering/lowerer.h"

#include <algorithm>
#include <cctype>
#include <numeric>
#include <string>
#include <vector>

namespace solar::trace {

// Element (i_0, ..., i_n) of a view sits at storage offset + sum(stride_d * i_d); the base's element at
// multi-index r sits at sum(baseStride_d * r_d). Each view dimension whose stride is a multiple of one base
// stride maps to that base dimension (affine); when the digits would not stay in range (a reshape that merges
// dimensions) the flat position is unravelled with // and % (quasi-affine).
namespace {

// An index a template built ("15 - _i1", "(_i1 + 14) % 16") multiplied by a stride needs its parentheses.
std::string atom(const std::string& index)
{
    for (const char c : index)
        if (!std::isalnum(static_cast<unsigned char>(c)) && c != '_')
            return "(" + index + ")";
    return index;
}

} // namespace

Index Lowerer::mapView(const TracedTensor& view, const TracedTensor& base, const Index& idx)
{
    const size_t br = base.shape.size();
    Shape bstride = base.stride;
    if (bstride.size() != br) {
        bstride.assign(br, 1);
        for (int d = static_cast<int>(br) - 2; d >= 0; --d)
            bstride[d] = bstride[d + 1] * (base.shape[d + 1] >= 1 ? base.shape[d + 1] : Dim(1));
    }
    // Base dimensions by decreasing stride (the storage order).
    std::vector<int> order(br);
    std::iota(order.begin(), order.end(), 0);
    std::stable_sort(order.begin(), order.end(), [&](int a, int b) { return bstride[a] > bstride[b]; });
    const Dim offset = viewOffset(view);
    // Affine attempt.
    std::vector<Dim> digit(br, 0);
    Dim rest = offset;
    for (int d : order) {
        if (base.shape[d] <= 1 || bstride[d] <= 0)
            continue;
        digit[d] = rest / bstride[d];
        rest = rest % bstride[d];
    }
    bool affine = rest == 0;
    std::vector<std::vector<std::pair<Dim, size_t>>> terms(br); // coefficient, view dim
    std::vector<std::int64_t> maxDigit(digit.begin(), digit.end());
    for (size_t v = 0; v < view.shape.size() && affine; ++v) {
        const Dim s = v < view.stride.size() ? view.stride[v] : Dim(0);
        if (view.shape[v] <= 1 || s == 0)
            continue;
        bool placed = false;
        for (int d : order) {
            if (base.shape[d] <= 1 || bstride[d] <= 0 || s % bstride[d] != 0)
                continue;
            const Dim coef = s / bstride[d];
            terms[d].push_back({coef, v});
            maxDigit[d] += coef * (view.shape[v] - 1);
            placed = true;
            break;
        }
        affine = placed;
    }
    for (size_t d = 0; d < br && affine; ++d)
        affine = maxDigit[d] < std::max<std::int64_t>(base.shape[d], 1);
    // A loop step moves the view along one dimension of a stacked base (a JAX scan's slices).
    std::vector<std::string> stepAt(br);
    for (const auto& [stride, index] : view.steps) {
        bool placed = false;
        for (int d : order)
            if (!placed && bstride[d] == stride && stepAt[d].empty()) {
                stepAt[d] = "(" + index + ")";
                placed = true;
            }
        affine = affine && placed;
    }
    Index out(br);
    if (affine) {
        for (size_t d = 0; d < br; ++d) {
            std::string e = stepAt[d];
            if (digit[d] != 0)
                e += (e.empty() ? "" : " + ") + str(digit[d]);
            for (const auto& [coef, v] : terms[d]) {
                const std::string term = coef == 1 && !coef.symbolic() ? idx[v] : coef.atom() + " * " + atom(idx[v]);
                e = e.empty() ? term : e + " + " + term;
            }
            out[d] = e.empty() ? "0" : e;
        }
        return out;
    }
    std::string flat = str(offset);
    for (const auto& [stride, index] : view.steps)
        flat += " + " + std::to_string(stride) + " * (" + index + ")";
    for (size_t v = 0; v < view.shape.size(); ++v) {
        const Dim s = v < view.stride.size() ? view.stride[v] : Dim(0);
        if (s != 0 && view.shape[v] > 1)
            flat += " + " + (s == 1 && !s.symbolic() ? idx[v] : s.atom() + " * " + atom(idx[v]));
    }
    for (size_t d = 0; d < br; ++d)
        out[d] = base.shape[d] <= 1 ? "0" : "(" + flat + ") // " + bstride[d].atom() + " % " + base.shape[d].atom();
    return out;
}

} // namespace solar::trace
