// SPDX-License-Identifier: MIT
// Op templates: Reductions, scans, softmax and normalisations (layer, group, batch norm, var/std).
#include "engine/frontend/trace/lowering/lowerer.h"

#include <cmath>
#include <sstream>

namespace solar::trace {

// The first position (in row-major order of the reduced dims) holding the extreme value, as torch (and jnp) return.
void argIndex(Lowerer& ctx, const std::string& indices, const ReduceShape& r, const std::string& in, const std::string& extreme)
{
    std::string flat;
    Dim scale = 1;
    for (int d = static_cast<int>(r.innerV.size()) - 1; d >= 0; --d) {
        const std::string term = scale == 1 && !scale.symbolic() ? r.innerV[d] : scale.atom() + " * " + r.innerV[d];
        flat = flat.empty() ? term : term + " + " + flat;
        scale *= r.inner[d];
    }
    const std::string target = ctx.at(indices, r.outputIdx);
    const std::string body = target + " = " + str(scale) + ";\n  " + loops(r.innerV, r.inner) + "{ " + target + " min= " + in
        + " == " + extreme + " ? " + flat + " : " + str(scale) + "; }";
    ctx.emit(r.outerV.empty() ? body : loops(r.outerV, r.outer) + "{\n  " + body + "\n}");
}

namespace {

// Normalisation over the trailing dims: y = (x - mean) * rstd * w + b, with mean and rstd written too.
void normalize(Lowerer& ctx, const std::string& x, const std::string& y, const ReduceShape& r, const std::string& mean,
               const std::string& rstd, double eps, const std::function<std::string(const Index&)>& affine)
{
    const std::string count = real(product(r.inner));
    const std::string mt = ctx.at(mean, r.outputIdx), rt = ctx.at(rstd, r.outputIdx), in = ctx.at(x, r.inputIdx);
    std::string text = mt + " = 0;\n  " + loops(r.innerV, r.inner) + "{ " + mt + " += " + in + " / " + count + "; }\n  " + rt + " = 0;\n  "
        + loops(r.innerV, r.inner) + "{ " + rt + " += (" + in + " - " + mt + ") * (" + in + " - " + mt + ") / " + count + "; }\n  " + rt
        + " = rsqrt(" + rt + " + " + num(eps) + ");\n  " + loops(r.innerV, r.inner) + "{ "
        + ctx.store(y, r.inputIdx, "(" + in + " - " + mt + ") * " + rt + affine(r.inputIdx)) + " }";
    ctx.emit(r.outerV.empty() ? text : loops(r.outerV, r.outer) + "{\n  " + text + "\n}");
}

} // namespace

// var / std (with Bessel's correction as given) and their _mean variants: the mean, then the centred sum of
// squares, as torch's two-pass kernel computes them.
void variance(Lowerer& ctx, const TracedOp& op, const std::string& name)
{
    const std::string x = ctx.arg(op, 0).text;
    const Shape& xs = ctx.info(x).shape;
    std::vector<std::int64_t> dims = ints(ctx.arg(op, 1));
    if (dims.empty())
        for (size_t d = 0; d < xs.size(); ++d)
            dims.push_back(static_cast<std::int64_t>(d));
    double correction = 1;
    bool keepdim = false;
    if (ctx.arg(op, 2).kind == TraceArg::Bool)
        correction = ctx.arg(op, 2).boolValue ? 1 : 0; // var.dim(self, dim, unbiased, keepdim)
    else if (ctx.arg(op, 2).kind == TraceArg::Int || ctx.arg(op, 2).kind == TraceArg::Float)
        correction = scalar(ctx.arg(op, 2), 1);
    if (ctx.arg(op, 3).kind == TraceArg::Bool)
        keepdim = ctx.arg(op, 3).boolValue;
    if (op.kwargs.count("correction") && op.kwargs.at("correction").kind != TraceArg::None)
        correction = scalar(op.kwargs.at("correction"), 1);
    if (op.kwargs.count("unbiased"))
        correction = op.kwargs.at("unbiased").boolValue ? 1 : 0;
    if (op.kwargs.count("keepdim"))
        keepdim = op.kwargs.at("keepdim").boolValue;
    const ReduceShape r = reduceShape(xs, dims, keepdim);
    const std::string y = ctx.out(op, 0);
    const bool withMean = name == "aten::var_mean" || name == "aten::std_mean";
    const std::string m = withMean ? ctx.out(op, 1) : ctx.scratch(y + "_mean", ctx.info(y).shape, ctx.info(y).dtype);
    const std::string count = real(product(r.inner));
    const std::string in = ctx.at(x, r.inputIdx), mt = ctx.at(m, r.outputIdx), vt = ctx.at(y, r.outputIdx);
    const std::string finish = name == "aten::std" || name == "aten::std_mean" ? "sqrt(" + vt + " / " : "(" + vt + " / ";
    const std::string denominator = correction == 0 ? count : "(" + count + " - " + num(correction) + ")";
    const std::string body = mt + " = 0;\n  " + loops(r.innerV, r.inner) + "{ " + mt + " += " + in + " / " + count + "; }\n  " + vt
        + " = 0;\n  " + loops(r.innerV, r.inner) + "{ " + vt + " += (" + in + " - " + mt + ") * (" + in + " - " + mt + "); }\n  " + vt
        + " = " + finish + denominator + ");";
    ctx.emit(r.outerV.empty() ? body : loops(r.outerV, r.outer) + "{\n  " + body + "\n}");
}

void reduction(Lowerer& ctx, const TracedOp& op, const std::string& name)
{
    const std::string x = ctx.arg(op, 0).text;
    const Shape& xs = ctx.info(x).shape;
    std::vector<std::int64_t> dims;
    bool keepdim = false;
    if (name == "aten::max" || name == "aten::min" || name == "aten::argmax" || name == "aten::argmin") {
        if (ctx.arg(op, 1).kind == TraceArg::Int)
            dims = {ctx.arg(op, 1).intValue};
        keepdim = ctx.arg(op, 2).kind == TraceArg::Bool && ctx.arg(op, 2).boolValue;
    } else if (name == "aten::norm" || name == "aten::linalg_vector_norm") {
        if (scalar(ctx.arg(op, 1), 2) != 2)
            throw Unsupported {"norm order other than 2"};
        dims = ints(ctx.arg(op, 2));
        keepdim = ctx.arg(op, 3).kind == TraceArg::Bool && ctx.arg(op, 3).boolValue;
    } else {
        dims = ints(ctx.arg(op, 1));
        keepdim = ctx.arg(op, 2).kind == TraceArg::Bool && ctx.arg(op, 2).boolValue;
    }
    if (op.kwargs.count("keepdim"))
        keepdim = op.kwargs.at("keepdim").boolValue;
    const ReduceShape r = reduceShape(xs, dims, keepdim);
    const std::string o = ctx.out(op);
    const std::string in = ctx.at(x, r.inputIdx);
    const std::string count = real(product(r.inner));
    auto nestBody = [&](const std::string& init, const std::string& accumulate, const std::string& finish) {
        std::string s = loops(r.outerV, r.outer) + "{\n  " + init + "\n  " + loops(r.innerV, r.inner) + "{ " + accumulate + " }";
        if (!finish.empty())
            s += "\n  " + finish;
        s += "\n}";
        if (r.outerV.empty()) {
            s = init + "\n" + loops(r.innerV, r.inner) + "{ " + accumulate + " }" + (finish.empty() ? "" : "\n" + finish);
        }
        ctx.emit(s);
    };
    const std::string target = ctx.at(o, r.outputIdx);
    if (name == "aten::sum" || name == "aten::mean") {
        const std::string scale = name == "aten::mean" ? " / " + count : "";
        return nestBody(target + " = 0;", target + " += " + in + scale + ";", "");
    }
    if (name == "aten::prod")
        return nestBody(target + " = 1;", target + " *= " + in + ";", "");
    if (name == "aten::amax" || name == "aten::amin" || name == "aten::max" || name == "aten::min") {
        const bool isMax = name == "aten::amax" || name == "aten::max";
        nestBody(target + " = " + (isMax ? "-inf" : "inf") + ";", target + (isMax ? " max= " : " min= ") + in + ";", "");
        if (op.outputs.size() > 1 && op.outputs[1].kind == TraceArg::Tensor && !r.innerV.empty())
            argIndex(ctx, op.outputs[1].text, r, in, target);
        return;
    }
    if (name == "aten::argmax" || name == "aten::argmin") {
        const bool isMax = name == "aten::argmax";
        const std::string m = ctx.scratch(o + "_value", r.outputIdx.empty() ? Shape {} : ctx.info(o).shape, ctx.info(x).dtype);
        const std::string mt = ctx.alirName(m) + "[" + join(r.outputIdx) + "]";
        nestBody(mt + " = " + (isMax ? "-inf" : "inf") + ";", mt + (isMax ? " max= " : " min= ") + in + ";", "");
        return argIndex(ctx, o, r, in, mt);
    }
    if (name == "aten::logsumexp") {
        const std::string m = ctx.scratch(o + "_max", ctx.info(o).shape, ctx.info(o).dtype);
        const std::string mt = ctx.alirName(m) + "[" + join(r.outputIdx) + "]";
        nestBody(mt + " = -inf;", mt + " max= " + in + ";", "");
        return nestBody(target + " = 0;", target + " += exp(" + in + " - " + mt + ");", target + " = log(" + target + ") + " + mt + ";");
    }
    // L2 norm.
    return nestBody(target + " = 0;", target + " += " + in + " * " + in + ";", target + " = sqrt(" + target + ");");
}

void softmax(Lowerer& ctx, const TracedOp& op, const std::string& name)
{
    const bool log = name.find("log") != std::string::npos;
    const std::string x = ctx.arg(op, 0).text, y = ctx.out(op);
    const Shape& xs = ctx.info(x).shape;
    const std::int64_t dim = normDim(ctx.arg(op, 1).intValue, xs.size());
    const ReduceShape r = reduceShape(xs, {dim}, true);
    Shape rowShape = xs;
    rowShape[dim] = 1;
    const std::string m = ctx.scratch(y + "_max", rowShape, ctx.info(y).dtype);
    const std::string z = ctx.scratch(y + "_sum", rowShape, ctx.info(y).dtype);
    const std::string mt = ctx.alirName(m) + "[" + join(r.outputIdx) + "]", zt = ctx.alirName(z) + "[" + join(r.outputIdx) + "]";
    const std::string in = ctx.at(x, r.inputIdx);
    const std::string value = log ? in + " - " + mt + " - log(" + zt + ")" : "exp(" + in + " - " + mt + ") / " + zt;
    std::string body = mt + " = -inf;\n  " + loops(r.innerV, r.inner) + "{ " + mt + " max= " + in + "; }\n  " + zt + " = 0;\n  "
        + loops(r.innerV, r.inner) + "{ " + zt + " += exp(" + in + " - " + mt + "); }\n  " + loops(r.innerV, r.inner) + "{ "
        + ctx.store(y, r.inputIdx, value) + " }";
    ctx.emit(r.outerV.empty() ? body : loops(r.outerV, r.outer) + "{\n  " + body + "\n}");
}

void scan(Lowerer& ctx, const TracedOp& op, const std::string& name)
{
    const bool sum = name == "aten::cumsum";
    const std::string x = ctx.arg(op, 0).text, y = ctx.out(op);
    const Shape& xs = ctx.info(x).shape;
    const std::int64_t dim = normDim(ctx.arg(op, 1).intValue, xs.size());
    Index v = vars(xs.size());
    Shape outer;
    Index outerV;
    for (size_t d = 0; d < xs.size(); ++d) {
        if (static_cast<std::int64_t>(d) != dim) {
            outer.push_back(xs[d]);
            outerV.push_back(v[d]);
        }
    }
    Index first = v, prev = v;
    first[dim] = "0";
    prev[dim] = v[dim] + " - 1";
    const std::string body = ctx.store(y, first, ctx.at(x, first)) + "\n  for " + v[dim] + " in 1.." + str(xs[dim]) + " { "
        + ctx.store(y, v, ctx.at(y, prev) + (sum ? " + " : " * ") + ctx.at(x, v)) + " }";
    ctx.emit(outerV.empty() ? body : loops(outerV, outer) + "{\n  " + body + "\n}");
}

void layerNorm(Lowerer& ctx, const TracedOp& op, const std::string& /*name*/)
{
    const std::string x = ctx.arg(op, 0).text;
    const Shape& xs = ctx.info(x).shape;
    const auto normalized = ints(ctx.arg(op, 1));
    const TraceArg& w = ctx.arg(op, 2);
    const TraceArg& b = ctx.arg(op, 3);
    const double eps = scalar(ctx.arg(op, 4), 1e-5);
    std::vector<std::int64_t> dims;
    for (size_t i = 0; i < normalized.size(); ++i)
        dims.push_back(static_cast<std::int64_t>(xs.size() - normalized.size() + i));
    const ReduceShape r = reduceShape(xs, dims, true);
    const std::string y = ctx.out(op, 0), mean = ctx.out(op, 1), rstd = ctx.out(op, 2);
    normalize(ctx, x, y, r, mean, rstd, eps, [&](const Index& idx) {
        Index tail(idx.end() - static_cast<std::ptrdiff_t>(normalized.size()), idx.end());
        std::string s;
        if (w.kind == TraceArg::Tensor)
            s += " * " + ctx.at(w.text, tail);
        if (b.kind == TraceArg::Tensor)
            s += " + " + ctx.at(b.text, tail);
        return s;
    });
}

void groupNorm(Lowerer& ctx, const TracedOp& op, const std::string& /*name*/)
{
    // x [N, C, *] viewed as [N, G, C/G * HxW]; mean/rstd [N, G].
    const std::string x = ctx.arg(op, 0).text;
    const Shape& xs = ctx.info(x).shape;
    const TraceArg& w = ctx.arg(op, 1);
    const TraceArg& b = ctx.arg(op, 2);
    const Dim g = ctx.arg(op, 6).dim();
    const double eps = scalar(ctx.arg(op, 7), 1e-5);
    const std::string y = ctx.out(op, 0), mean = ctx.out(op, 1), rstd = ctx.out(op, 2);
    const Dim cg = xs[1] / g;
    Dim hw = 1;
    for (size_t d = 2; d < xs.size(); ++d)
        hw *= xs[d];
    const std::string count = real(cg * hw);
    Index spatial;
    std::string sLoops;
    for (size_t d = 2; d < xs.size(); ++d) {
        spatial.push_back("_s" + std::to_string(d - 2));
        sLoops += ", " + spatial.back() + " in 0.." + str(xs[d]);
    }
    Index xi {"_n", "_g * " + cg.atom() + " + _c"};
    xi.insert(xi.end(), spatial.begin(), spatial.end());
    const std::string in = ctx.at(x, xi), mt = ctx.at(mean, {"_n", "_g"}), rt = ctx.at(rstd, {"_n", "_g"});
    const std::string inner = "for _c in 0.." + str(cg) + sLoops + " ";
    std::string affine;
    if (w.kind == TraceArg::Tensor)
        affine += " * " + ctx.at(w.text, {xi[1]});
    if (b.kind == TraceArg::Tensor)
        affine += " + " + ctx.at(b.text, {xi[1]});
    ctx.emit("for _n in 0.." + str(xs[0]) + ", _g in 0.." + str(g) + " {\n  " + mt + " = 0;\n  " + inner + "{ " + mt + " += " + in + " / "
             + count + "; }\n  " + rt + " = 0;\n  " + inner + "{ " + rt + " += (" + in + " - " + mt + ") * (" + in + " - " + mt + ") / "
             + count + "; }\n  " + rt + " = rsqrt(" + rt + " + " + num(eps) + ");\n  " + inner + "{ "
             + ctx.store(y, xi, "(" + in + " - " + mt + ") * " + rt + affine) + " }\n}");
}

void batchNorm(Lowerer& ctx, const TracedOp& op, const std::string& name)
{
    const std::string x = ctx.arg(op, 0).text;
    const Shape& xs = ctx.info(x).shape;
    const TraceArg& w = ctx.arg(op, 1);
    const TraceArg& b = ctx.arg(op, 2);
    const TraceArg& rm = ctx.arg(op, 3);
    const TraceArg& rv = ctx.arg(op, 4);
    const bool noTraining = name == "aten::_native_batch_norm_legit_no_training";
    const bool training = !noTraining && ctx.arg(op, 5).kind == TraceArg::Bool && ctx.arg(op, 5).boolValue;
    const double momentum = scalar(ctx.arg(op, noTraining ? 5 : 6), 0.1), eps = scalar(ctx.arg(op, noTraining ? 6 : 7), 1e-5);
    const std::string y = ctx.out(op, 0);
    std::vector<std::int64_t> dims {0};
    for (size_t d = 2; d < xs.size(); ++d)
        dims.push_back(static_cast<std::int64_t>(d));
    auto affine = [&](const Index& idx) {
        std::string s;
        if (w.kind == TraceArg::Tensor)
            s += " * " + ctx.at(w.text, {idx[1]});
        if (b.kind == TraceArg::Tensor)
            s += " + " + ctx.at(b.text, {idx[1]});
        return s;
    };
    if (!training) {
        if (rm.kind != TraceArg::Tensor || rv.kind != TraceArg::Tensor)
            throw Unsupported {"eval mode without running statistics"};
        const Index v = vars(xs.size());
        return ctx.emit(nest(v, xs,
                             ctx.store(y, v,
                                       "(" + ctx.at(x, v) + " - " + ctx.at(rm.text, {v[1]}) + ") * rsqrt(" + ctx.at(rv.text, {v[1]}) + " + "
                                           + num(eps) + ")" + affine(v))));
    }
    // Batch statistics per channel; save_mean and save_invstd are outputs 1 and 2 ([C]).
    const ReduceShape r = reduceShape(xs, dims, false);
    const std::string mean = ctx.out(op, 1), rstd = ctx.out(op, 2);
    normalize(ctx, x, y, r, mean, rstd, eps, affine);
    if (rm.kind == TraceArg::Tensor && rv.kind == TraceArg::Tensor) {
        // Running statistics (unbiased variance), as torch updates them in training mode.
        Dim count = 1;
        for (size_t d = 0; d < xs.size(); ++d)
            if (d != 1)
                count *= xs[d];
        // n / (n - 1) written out, so the count stays visible as a size (sizefit.h) instead of a folded float.
        const std::string unbiased = count > 1 ? " * " + real(count) + " / (" + real(count) + " - 1.0)" : "";
        const std::string inv = ctx.at(rstd, {"_c"});
        const std::string newMean
            = num(1 - momentum) + " * " + ctx.at(rm.text, {"_c"}) + " + " + num(momentum) + " * " + ctx.at(mean, {"_c"});
        const std::string newVar = num(1 - momentum) + " * " + ctx.at(rv.text, {"_c"}) + " + " + num(momentum) + unbiased + " * (1.0 / ("
            + inv + " * " + inv + ") - " + num(eps) + ")";
        const std::string s1 = ctx.store(rm.text, {"_c"}, newMean);
        const std::string s2 = ctx.store(rv.text, {"_c"}, newVar);
        ctx.emit("for _c in 0.." + str(xs[1]) + " {\n  " + s1 + "\n  " + s2 + "\n}");
    }
}

} // namespace solar::trace
