// SPDX-License-Identifier: MIT
// Op templates: what mixture-of-experts routing uses (issue 29) — topk and sort (ranks by comparison), histc,
// floor_divide, index_put_, index_copy_ and scatter/scatter_add (scatters), and grouped GEMMs (torch._grouped_mm: the experts' matrices, each row of the
// stacked input multiplied by its group's matrix). Ranks and histograms are bookkeeping: their comparisons are not
// arithmetic (Lowerer::emitComparisons), the grouped GEMM's multiply-adds are, every one of them.
#include "engine/frontend/trace/lowering/lowerer.h"

namespace solar::trace {

namespace {

// The position of element v of `key` along `axis` in the order `descending` (stable: ties keep their order), as a
// scratch tensor of the key's shape.
std::string ranks(Lowerer& ctx, const std::string& key, size_t axis, bool descending, const std::string& name)
{
    const Shape& ks = ctx.info(key).shape;
    const Index v = vars(ks.size());
    Index j = v;
    j[axis] = "_j";
    const std::string rank = ctx.scratch(name, ks, "int32");
    const std::string a = ctx.at(key, j), b = ctx.at(key, v);
    const std::string before = "(" + a + (descending ? " > " : " < ") + b + " || (" + a + " == " + b + " && _j < " + v[axis] + "))";
    ctx.emitComparisons(loops(v, ks) + "{\n  " + ctx.store(rank, v, "0") + "\n  for _j in 0.." + str(ks[axis]) + " { "
                        + ctx.store(rank, v, "(" + before + " ? 1 : 0)", "+=") + " }\n}");
    return rank;
}

// Output position p along `axis` takes the element of rank p: its value (values) or its position (indices).
void pick(Lowerer& ctx, const std::string& key, const std::string& rank, size_t axis, const std::string& y, bool positions)
{
    const Shape& ys = ctx.info(y).shape;
    const Dim n = ctx.info(key).shape[axis];
    const Index v = vars(ys.size());
    Index j = v;
    j[axis] = "_j";
    const std::string taken = positions ? std::string("_j") : ctx.at(key, j);
    ctx.emitComparisons(loops(v, ys) + "{\n  " + ctx.store(y, v, "0") + "\n  for _j in 0.." + str(n) + " { "
                        + ctx.store(y, v, "(" + ctx.at(rank, j) + " == " + v[axis] + " ? " + taken + " : 0)", "+=") + " }\n}");
}

bool boolArg(Lowerer& ctx, const TracedOp& op, size_t i, const char* kw, bool fallback)
{
    const TraceArg& a = op.kwargs.count(kw) ? op.kwargs.at(kw) : ctx.arg(op, i);
    return a.kind == TraceArg::Bool ? a.boolValue : fallback;
}

} // namespace

// sort(self, dim=-1, descending=False) -> (values, indices), stable (torch's default sort may order ties otherwise;
// only which element lands where among equal keys can differ, never the values).
void sortOp(Lowerer& ctx, const TracedOp& op, const std::string&)
{
    const std::string x = ctx.arg(op, 0).text;
    const TraceArg& d = op.kwargs.count("dim") ? op.kwargs.at("dim") : ctx.arg(op, 1);
    const auto axis = static_cast<size_t>(normDim(d.kind == TraceArg::Int ? d.intValue : -1, ctx.info(x).shape.size()));
    const bool descending = boolArg(ctx, op, 2, "descending", false);
    const std::string rank = ranks(ctx, x, axis, descending, ctx.out(op) + "_rank");
    pick(ctx, x, rank, axis, ctx.out(op, 0), false);
    if (op.outputs.size() > 1)
        pick(ctx, x, rank, axis, ctx.out(op, 1), true);
}

// topk(self, k, dim=-1, largest=True, sorted=True) -> (values, indices): the k first in rank order.
void topk(Lowerer& ctx, const TracedOp& op, const std::string&)
{
    const std::string x = ctx.arg(op, 0).text;
    const TraceArg& d = op.kwargs.count("dim") ? op.kwargs.at("dim") : ctx.arg(op, 2);
    const auto axis = static_cast<size_t>(normDim(d.kind == TraceArg::Int ? d.intValue : -1, ctx.info(x).shape.size()));
    const bool largest = boolArg(ctx, op, 3, "largest", true);
    const std::string rank = ranks(ctx, x, axis, largest, ctx.out(op) + "_rank");
    pick(ctx, x, rank, axis, ctx.out(op, 0), false);
    if (op.outputs.size() > 1)
        pick(ctx, x, rank, axis, ctx.out(op, 1), true);
}

// histc(self, bins, min, max): how many elements fall in each of `bins` equal bins over [min, max] (the last bin
// closed), elements outside ignored. With min == max torch takes the data's own range, which the program cannot
// state.
void histc(Lowerer& ctx, const TracedOp& op, const std::string&)
{
    const std::string x = ctx.arg(op, 0).text, y = ctx.out(op);
    const double bins = scalar(op.kwargs.count("bins") ? op.kwargs.at("bins") : ctx.arg(op, 1), 100);
    const double lo = scalar(op.kwargs.count("min") ? op.kwargs.at("min") : ctx.arg(op, 2), 0);
    const double hi = scalar(op.kwargs.count("max") ? op.kwargs.at("max") : ctx.arg(op, 3), 0);
    if (!(hi > lo))
        throw Unsupported {"histc over the data's own range (min >= max)"};
    const Shape& xs = ctx.info(x).shape;
    const Index v = vars(xs.size());
    const std::string e = ctx.at(x, v);
    const std::string bin
        = "(" + e + " == " + num(hi) + " ? " + num(bins - 1) + " : floor((" + e + " - " + num(lo) + ") * " + num(bins / (hi - lo)) + "))";
    const std::string inside = "(" + e + " >= " + num(lo) + " && " + e + " <= " + num(hi) + " && " + bin + " == _h)";
    ctx.emitComparisons("for _h in 0.." + std::to_string(static_cast<std::int64_t>(bins)) + " {\n  " + ctx.store(y, {"_h"}, "0") + "\n  "
                        + loops(v, xs) + "{ " + ctx.store(y, {"_h"}, "(" + inside + " ? 1 : 0)", "+=") + " }\n}");
}

// floor_divide(a, b): floor(a / b), as Python's // rounds.
void floorDivide(Lowerer& ctx, const TracedOp& op, const std::string&)
{
    ctx.binary(op, [](const std::string& a, const std::string& b) { return "floor(cast<f64>(" + a + ") / cast<f64>(" + b + "))"; });
}

// index_put_(self, indices, values, accumulate): self[i0, ..., ik] = values (or +=) with index tensors broadcast
// together, in place; positions not indexed keep their values. Duplicate indices without accumulate leave one of
// the values, as torch does.
void indexPut(Lowerer& ctx, const TracedOp& op, const std::string&)
{
    const std::string self = ctx.arg(op, 0).text;
    const TraceArg& list = ctx.arg(op, 1);
    const TraceArg& values = ctx.arg(op, 2);
    const bool accumulate = boolArg(ctx, op, 3, "accumulate", false);
    const Shape& xs = ctx.info(self).shape;
    std::vector<size_t> positions;
    for (size_t k = 0; k < list.items.size(); ++k) {
        if (list.items[k].kind == TraceArg::Tensor) {
            if (dtypeOf(ctx.info(list.items[k].text).dtype) == "bool")
                throw Unsupported {"index_put_ with a boolean mask"};
            positions.push_back(k);
        } else if (list.items[k].kind != TraceArg::None) {
            throw Unsupported {"index_put_ with a non-tensor index"};
        }
    }
    if (positions.empty() || positions.back() - positions.front() + 1 != positions.size() || positions.front() != 0)
        throw Unsupported {"index_put_ other than on the leading dimensions"};
    // The written shape: the index tensors' broadcast shape, then the dimensions taken whole.
    Shape bs;
    for (size_t k : positions) {
        const Shape& is = ctx.info(list.items[k].text).shape;
        if (is.size() > bs.size())
            bs.insert(bs.begin(), is.begin(), is.begin() + static_cast<std::ptrdiff_t>(is.size() - bs.size()));
        for (size_t d = 0; d < is.size(); ++d) {
            Dim& b = bs[bs.size() - is.size() + d];
            if (b == 1)
                b = is[d];
        }
    }
    Shape ws = bs;
    ws.insert(ws.end(), xs.begin() + static_cast<std::ptrdiff_t>(positions.size()), xs.end());
    const Index v = vars(ws.size());
    const Index bv(v.begin(), v.begin() + static_cast<std::ptrdiff_t>(bs.size()));
    Index xi;
    for (size_t k : positions) {
        xi.push_back(ctx.bcast(list.items[k], bv, bs));
        ctx.noteIndexRange(list.items[k].text, xs[k]);
    }
    xi.insert(xi.end(), v.begin() + static_cast<std::ptrdiff_t>(bs.size()), v.end());
    std::string target = self;
    if (op.op.back() != '_') { // index_put: a copy of self, then the writes
        target = ctx.out(op);
        const Index c = vars(xs.size());
        ctx.emit(nest(c, xs, ctx.store(target, c, ctx.at(self, c))));
    } else {
        ctx.prepareWrite(self);
    }
    ctx.emit(nest(v, ws, ctx.store(target, xi, ctx.bcast(values, v, ws), accumulate ? "+=" : "=")));
}

// index_copy_(self, dim, index, source): self[..., index[i], ...] = source[..., i, ...] along `dim` (a StaticCache
// writing the new tokens' keys and values at their positions), in place; index_copy makes a copy first.
void indexCopy(Lowerer& ctx, const TracedOp& op, const std::string&)
{
    const std::string self = ctx.arg(op, 0).text, index = ctx.arg(op, 2).text, source = ctx.arg(op, 3).text;
    const Shape& xs = ctx.info(self).shape;
    const Shape& ss = ctx.info(source).shape;
    if (ctx.arg(op, 1).kind != TraceArg::Int || ctx.info(index).shape.size() > 1 || ss.size() != xs.size())
        throw Unsupported {"index_copy other than along one dimension with a vector of positions"};
    const auto dim = static_cast<size_t>(normDim(ctx.arg(op, 1).intValue, xs.size()));
    const Index v = vars(ss.size());
    Index xi = v;
    xi[dim] = ctx.at(index, ctx.info(index).shape.empty() ? Index {} : Index {v[dim]});
    ctx.noteIndexRange(index, xs[dim]);
    std::string target = self;
    if (op.op.back() != '_') {
        target = ctx.out(op);
        const Index c = vars(xs.size());
        ctx.emit(nest(c, xs, ctx.store(target, c, ctx.at(self, c))));
    } else {
        ctx.prepareWrite(self);
    }
    ctx.emit(nest(v, ss, ctx.store(target, xi, ctx.at(source, v))));
}

// scatter(self, dim, index, src | value [, reduce]) and scatter_add: along `dim`, element i of `index` names the
// position its src element (or the scalar) is written to — self[..., index[i], ...] = src[i] (+= for scatter_add and
// reduce="add"); the other dimensions follow the index's own position. DeepSeek's grouped routing marks the chosen
// groups this way. Duplicate positions without accumulation keep one of the values, as torch's scatter does.
void scatter(Lowerer& ctx, const TracedOp& op, const std::string&)
{
    const std::string self = ctx.arg(op, 0).text, index = ctx.arg(op, 2).text;
    const TraceArg& src = op.kwargs.count("src") ? op.kwargs.at("src") : op.kwargs.count("value") ? op.kwargs.at("value") : ctx.arg(op, 3);
    const Shape& xs = ctx.info(self).shape;
    const Shape& is = ctx.info(index).shape;
    if (ctx.arg(op, 1).kind != TraceArg::Int || is.size() != xs.size() || xs.empty())
        throw Unsupported {"scatter other than along one dimension with an index of the tensor's rank"};
    bool accumulate = op.op.rfind("aten::scatter_add", 0) == 0;
    const TraceArg& reduce = op.kwargs.count("reduce") ? op.kwargs.at("reduce") : ctx.arg(op, 4);
    if (reduce.kind == TraceArg::String) {
        if (reduce.text != "add" && reduce.text != "sum")
            throw Unsupported {"scatter with reduce=\"" + reduce.text + "\""};
        accumulate = true;
    } else if (reduce.kind != TraceArg::None) {
        throw Unsupported {"scatter with a reduce argument that is not a string"};
    }
    if (src.kind == TraceArg::Tensor && ctx.info(src.text).shape.size() != is.size())
        throw Unsupported {"scatter from a source of another rank than its index"};
    const auto dim = static_cast<size_t>(normDim(ctx.arg(op, 1).intValue, xs.size()));
    const Index v = vars(is.size());
    Index xi = v;
    xi[dim] = ctx.at(index, v);
    ctx.noteIndexRange(index, xs[dim]);
    std::string target = self;
    if (op.op.back() != '_') {
        target = ctx.out(op);
        const Index c = vars(xs.size());
        ctx.emit(nest(c, xs, ctx.store(target, c, ctx.at(self, c))));
    } else {
        ctx.prepareWrite(self);
    }
    const std::string value = src.kind == TraceArg::Tensor ? ctx.at(src.text, v) : ctx.bcast(src, v, is);
    ctx.emit(nest(v, is, ctx.store(target, xi, value, accumulate ? "+=" : "=")));
}

// _grouped_mm(a [M, K], b [G, K, N], offs [G]): rows [offs[g-1], offs[g]) of a times b[g]. Each row's group is the
// number of offsets at or below it (a count, not arithmetic); every row then makes K x N multiply-adds with its
// group's matrix, which it reads through that data-dependent index (so the experts' weights count as at least one
// matrix: which experts the tokens reach is decided at run time).
void groupedMm(Lowerer& ctx, const TracedOp& op, const std::string&)
{
    const std::string a = ctx.arg(op, 0).text, b = ctx.arg(op, 1).text, y = ctx.out(op);
    const TraceArg& offs = op.kwargs.count("offs") ? op.kwargs.at("offs") : ctx.arg(op, 2);
    const Shape& as = ctx.info(a).shape;
    const Shape& bs = ctx.info(b).shape;
    if (as.size() != 2 || bs.size() != 3 || offs.kind != TraceArg::Tensor)
        throw Unsupported {"grouped GEMM other than 2-D rows by 3-D group matrices with offsets"};
    if ((op.kwargs.count("bias") && op.kwargs.at("bias").kind == TraceArg::Tensor) || ctx.arg(op, 3).kind == TraceArg::Tensor)
        throw Unsupported {"grouped GEMM with a bias"};
    const Dim m = as[0], k = as[1], g = bs[0], n = bs[2];
    const std::string group = ctx.scratch(y + "_group", {m}, "int32");
    ctx.emitComparisons("for _r in 0.." + str(m) + " {\n  " + ctx.store(group, {"_r"}, "0") + "\n  for _g in 0.." + str(g) + " { "
                        + ctx.store(group, {"_r"}, "(" + ctx.at(offs.text, {"_g"}) + " <= _r ? 1 : 0)", "+=") + " }\n}");
    const std::string gi = ctx.at(group, {"_r"});
    const std::string which = "(" + gi + " < " + g.atom() + " ? " + gi + " : " + (g - 1).atom() + ")";
    ctx.emit("for _r in 0.." + str(m) + ", _n in 0.." + str(n) + " {\n  " + ctx.store(y, {"_r", "_n"}, "0") + "\n  for _k in 0.." + str(k)
             + " { " + ctx.at(y, {"_r", "_n"}) + " += " + ctx.at(a, {"_r", "_k"}) + " * " + ctx.at(b, {which, "_k", "_n"}) + "; }\n}");
}

} // namespace solar::trace
