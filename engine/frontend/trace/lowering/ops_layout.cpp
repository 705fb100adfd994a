// SPDX-License-Identifier: MIT
// Op templates: Layout and indexing: cat, pad, embedding, index_select, gather, x[idx].
#include "engine/frontend/trace/lowering/lowerer.h"

#include <algorithm>

#include <cmath>
#include <sstream>

namespace solar::trace {

void concatenate(Lowerer& ctx, const std::string& y, const std::vector<TraceArg>& parts, size_t dim)
{
    Dim offset = 0;
    for (const auto& t : parts) {
        if (t.kind != TraceArg::Tensor)
            throw Unsupported {"a non-tensor operand"};
        const Shape& s = ctx.info(t.text).shape;
        if (product(s) == 0)
            continue; // torch.cat skips empty tensors (an empty JAX array adds nothing either)
        const Index v = vars(s.size());
        Index yi = v;
        yi[dim] = offset != 0 ? v[dim] + " + " + offset.atom() : v[dim];
        ctx.emit(nest(v, s, ctx.store(y, yi, ctx.at(t.text, v))));
        offset += s[dim];
    }
}

void stackAlong(Lowerer& ctx, const std::string& y, const std::vector<TraceArg>& parts, size_t dim)
{
    for (size_t k = 0; k < parts.size(); ++k) {
        if (parts[k].kind != TraceArg::Tensor)
            throw Unsupported {"a non-tensor operand"};
        const Shape& s = ctx.info(parts[k].text).shape;
        const Index v = vars(s.size());
        Index yi = v;
        yi.insert(yi.begin() + static_cast<std::ptrdiff_t>(dim), std::to_string(k));
        ctx.emit(nest(v, s, ctx.store(y, yi, ctx.at(parts[k].text, v))));
    }
}

void flipAxes(Lowerer& ctx, const TracedOp& op, const std::vector<std::int64_t>& axes)
{
    const std::string x = ctx.arg(op, 0).text;
    const Shape& xs = ctx.info(x).shape;
    std::set<size_t> dims;
    for (auto d : axes)
        dims.insert(static_cast<size_t>(normDim(d, xs.size())));
    ctx.elementwise(op, [&](const Index& v, const Shape&) {
        Index xi = v;
        for (auto d : dims)
            xi[d] = (xs[d] - 1).atom() + " - " + v[d];
        return ctx.at(x, xi);
    });
}

void cat(Lowerer& ctx, const TracedOp& op, const std::string& /*name*/)
{
    const std::string y = ctx.out(op);
    const std::int64_t dim = normDim(ctx.arg(op, 1).kind == TraceArg::Int ? ctx.arg(op, 1).intValue : 0, ctx.info(y).shape.size());
    concatenate(ctx, y, ctx.arg(op, 0).items, static_cast<size_t>(dim));
}

void pad(Lowerer& ctx, const TracedOp& op, const std::string& /*name*/)
{
    const std::string x = ctx.arg(op, 0).text, y = ctx.out(op);
    const auto p = dims(ctx.arg(op, 1));
    const double value = scalar(ctx.arg(op, 2), 0);
    const Shape& ys = ctx.info(y).shape;
    const Shape& xs = ctx.info(x).shape;
    const Index v = vars(ys.size());
    Index xi = v;
    std::string cond;
    // pad lists (left, right) pairs from the last dimension backwards.
    for (size_t i = 0; i * 2 < p.size(); ++i) {
        const size_t d = ys.size() - 1 - i;
        const Dim left = p[2 * i];
        xi[d] = left != 0 ? v[d] + " - " + left.atom() : v[d];
        cond += (cond.empty() ? "" : " && ") + xi[d] + " >= 0 && " + xi[d] + " < " + xs[d].atom();
    }
    ctx.emit(nest(v, ys, ctx.store(y, v, cond.empty() ? ctx.at(x, xi) : cond + " ? " + ctx.at(x, xi) + " : " + num(value))));
}

// Reads at integer positions taken from a tensor: embedding rows, index_select, gather, and x[i0, ..., ik] with
// index tensors (advanced indexing: mask building, batch-and-position lookups). The indices' valid range is
// recorded so generated inputs stay in bounds.
void indexing(Lowerer& ctx, const TracedOp& op, const std::string& name)
{
    const std::string y = ctx.out(op);
    const Shape& ys = ctx.info(y).shape;
    const Index v = vars(ys.size());
    if (name == "aten::embedding") {
        const std::string w = ctx.arg(op, 0).text, ids = ctx.arg(op, 1).text;
        const Shape& is = ctx.info(ids).shape;
        const Index iv(v.begin(), v.begin() + static_cast<std::ptrdiff_t>(is.size()));
        ctx.noteIndexRange(ids, ctx.info(w).shape[0]);
        return ctx.emit(nest(v, ys, ctx.store(y, v, ctx.at(w, {ctx.at(ids, iv), v.back()}))));
    }
    const std::string x = ctx.arg(op, 0).text;
    const Shape& xs = ctx.info(x).shape;
    if (name == "aten::index") {
        // x[i0, :, i1] with index tensors (None for a dimension taken whole): the index tensors broadcast to one
        // shape B; as in NumPy, B replaces the indexed dimensions in place when they are adjacent, and comes first
        // when they are not. Boolean masks would make the size data-dependent.
        const TraceArg& list = ctx.arg(op, 1);
        std::vector<size_t> positions;
        for (size_t k = 0; k < list.items.size(); ++k) {
            if (list.items[k].kind == TraceArg::Tensor) {
                if (dtypeOf(ctx.info(list.items[k].text).dtype) == "bool")
                    throw Unsupported {"boolean mask indexing (data-dependent output size)"};
                positions.push_back(k);
            } else if (list.items[k].kind != TraceArg::None) {
                throw Unsupported {"indexing with a non-tensor index"};
            }
        }
        if (positions.empty())
            throw Unsupported {"indexing without an index tensor"};
        const bool adjacent = positions.back() - positions.front() + 1 == positions.size();
        const size_t rankB = ys.size() + positions.size() - xs.size();
        const size_t bStart = adjacent ? positions.front() : 0;
        const Index bv(v.begin() + static_cast<std::ptrdiff_t>(bStart), v.begin() + static_cast<std::ptrdiff_t>(bStart + rankB));
        const Shape bs(ys.begin() + static_cast<std::ptrdiff_t>(bStart), ys.begin() + static_cast<std::ptrdiff_t>(bStart + rankB));
        Index xi;
        size_t taken = 0; // dimensions of x taken whole so far
        for (size_t d = 0; d < xs.size(); ++d) {
            if (std::find(positions.begin(), positions.end(), d) != positions.end()) {
                xi.push_back(ctx.bcast(list.items[d], bv, bs));
                ctx.noteIndexRange(list.items[d].text, xs[d]);
            } else {
                const size_t out = adjacent ? (d < positions.front() ? d : d + rankB - positions.size()) : rankB + taken;
                xi.push_back(v[out]);
                ++taken;
            }
        }
        return ctx.emit(nest(v, ys, ctx.store(y, v, ctx.at(x, xi))));
    }
    const std::int64_t dim = normDim(ctx.arg(op, 1).intValue, xs.size());
    const std::string ids = ctx.arg(op, 2).text;
    ctx.noteIndexRange(ids, xs[static_cast<size_t>(dim)]);
    Index xi = v;
    xi[static_cast<size_t>(dim)] = name == "aten::index_select" ? ctx.at(ids, {v[static_cast<size_t>(dim)]}) : ctx.at(ids, v);
    ctx.emit(nest(v, ys, ctx.store(y, v, ctx.at(x, xi))));
}

void flip(Lowerer& ctx, const TracedOp& op, const std::string&)
{
    flipAxes(ctx, op, ints(ctx.arg(op, 1)));
}

// roll(x, shifts, dims): y[..., i, ...] = x[..., (i - shift) mod n, ...] along each rolled dimension (Swin's cyclic
// shift). A copy, as torch makes one; `%` is Python's, so negative shifts wrap the same way.
void roll(Lowerer& ctx, const TracedOp& op, const std::string&)
{
    const std::string x = ctx.arg(op, 0).text;
    const Shape& xs = ctx.info(x).shape;
    const std::vector<std::int64_t> shifts = ints(ctx.arg(op, 1)), dims = ints(ctx.arg(op, 2));
    if (dims.empty() || dims.size() != shifts.size())
        throw Unsupported {"roll of the flattened tensor"};
    ctx.elementwise(op, [&](const Index& v, const Shape&) {
        Index xi = v;
        for (size_t i = 0; i < dims.size(); ++i) {
            const auto d = static_cast<size_t>(normDim(dims[i], xs.size()));
            const Dim size = xs[d];
            const std::int64_t shift = ((shifts[i] % size) + size) % size;
            // size - shift: a literal shift in range keeps the size symbolic
            const Dim back = shift == shifts[i] ? size - shift : Dim(size - shift);
            if (shift != 0)
                xi[d] = "(" + xi[d] + " + " + back.atom() + ") % " + size.atom();
        }
        return ctx.at(x, xi);
    });
}

void stack(Lowerer& ctx, const TracedOp& op, const std::string&)
{
    const std::string y = ctx.out(op);
    const std::int64_t dim = normDim(ctx.arg(op, 1).kind == TraceArg::Int ? ctx.arg(op, 1).intValue : 0, ctx.info(y).shape.size());
    stackAlong(ctx, y, ctx.arg(op, 0).items, static_cast<size_t>(dim));
}

} // namespace solar::trace
