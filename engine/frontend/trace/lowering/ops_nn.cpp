// SPDX-License-Identifier: MIT
// Op templates: Matmul, convolution, pooling (plain and adaptive) and attention.
#include "engine/frontend/trace/lowering/lowerer.h"

#include <cmath>
#include <optional>
#include <sstream>

namespace solar::trace {

namespace {

// Max pooling's second output: the flat spatial index of the first maximum in each window, as torch returns
// it. `cond` guards taps that fall in the padding (empty when every tap is inside).
void poolIndices(Lowerer& ctx, const TracedOp& op, const std::string& x, const Index& v, const Shape& ys, const Index& xi, size_t lead,
                 size_t sp, const std::string& tapLoops, const std::string& cond, const std::string& target)
{
    if (op.outputs.size() < 2 || op.outputs[1].kind != TraceArg::Tensor)
        return;
    const Shape& xs = ctx.info(x).shape;
    const std::string idx = ctx.at(op.outputs[1].text, v);
    std::string flat;
    Dim scale = 1;
    for (size_t d = sp; d-- > 0;) {
        const std::string term = scale == 1 && !scale.symbolic() ? "(" + xi[lead + d] + ")" : scale.atom() + " * (" + xi[lead + d] + ")";
        flat = flat.empty() ? term : term + " + " + flat;
        scale *= xs[lead + d];
    }
    const std::string pick = idx + " min= " + ctx.at(x, xi) + " == " + target + " ? " + flat + " : " + str(scale) + ";";
    ctx.emit(loops(v, ys) + "{\n  " + idx + " = " + str(scale) + ";\n  " + tapLoops + " { "
             + (cond.empty() ? pick : "if (" + cond + ") { " + pick + " }") + " }\n}");
}

} // namespace

// C = beta * bias + alpha * A @ B, batched when the operands are 3-D.
void matmul(Lowerer& ctx, const TracedOp& op, const std::string& name)
{
    const bool withBias = name == "aten::addmm" || name == "aten::baddbmm";
    const std::string a = ctx.arg(op, withBias ? 1 : 0).text, b = ctx.arg(op, withBias ? 2 : 1).text;
    const std::string c = ctx.out(op);
    const Shape& cs = ctx.info(c).shape;
    const Shape& as = ctx.info(a).shape;
    double beta = 1, alpha = 1;
    if (withBias) {
        beta = op.kwargs.count("beta") ? scalar(op.kwargs.at("beta"), 1) : scalar(ctx.arg(op, 3), 1);
        alpha = op.kwargs.count("alpha") ? scalar(op.kwargs.at("alpha"), 1) : scalar(ctx.arg(op, 4), 1);
    }
    const Index v = vars(cs.size());
    const Dim k = as.back();
    Index ai, bi;
    if (name == "aten::mv") {
        ai = {v[0], "_k"};
        bi = {"_k"};
    } else if (cs.size() == 3) {
        ai = {v[0], v[1], "_k"};
        bi = {v[0], "_k", v[2]};
    } else {
        ai = {v[0], "_k"};
        bi = {"_k", v[1]};
    }
    const std::string init = withBias ? (beta == 1 ? "" : num(beta) + " * ") + ctx.bcast(ctx.arg(op, 0), v, cs) : "0";
    const std::string prod = (alpha == 1 ? "" : num(alpha) + " * ") + ctx.at(a, ai) + " * " + ctx.at(b, bi);
    ctx.emit(loops(v, cs) + "{\n  " + ctx.store(c, v, init) + "\n  for _k in 0.." + str(k) + " { " + ctx.at(c, v) + " += " + prod
             + "; }\n}");
}

// torch._scaled_mm (fp8 matmuls): C = (A @ B) * scale_a * scale_b (+ bias), A and B in float8, C in out_dtype.
// The product is the contraction (its operands' fp8 type sets its rate); the scales (a scalar, or one per row of A
// and per column of B) and the bias are an elementwise pass of the same kernel.
void scaledMm(Lowerer& ctx, const TracedOp& op, const std::string& /*name*/)
{
    auto named = [&](size_t i, const char* key) -> const TraceArg& {
        if (const auto it = op.kwargs.find(key); it != op.kwargs.end())
            return it->second;
        return ctx.arg(op, i);
    };
    const std::string a = ctx.arg(op, 0).text, b = ctx.arg(op, 1).text, c = ctx.out(op);
    const TraceArg &scaleA = named(2, "scale_a"), &scaleB = named(3, "scale_b"), &bias = named(4, "bias");
    if (named(5, "scale_result").kind == TraceArg::Tensor)
        throw Unsupported {"an output scale"};
    if (scaleA.kind != TraceArg::Tensor || scaleB.kind != TraceArg::Tensor)
        throw Unsupported {"scales that are not tensors"};
    const Shape& cs = ctx.info(c).shape;
    const Shape& as = ctx.info(a).shape;
    if (cs.size() != 2 || as.size() != 2)
        throw Unsupported {"operands that are not matrices"};
    const Index v = vars(2);
    ctx.emit(loops(v, cs) + "{\n  " + ctx.store(c, v, "0") + "\n  for _k in 0.." + str(as[1]) + " { " + ctx.at(c, v)
             + " += " + ctx.at(a, {v[0], "_k"}) + " * " + ctx.at(b, {"_k", v[1]}) + "; }\n}");
    std::string scaled = ctx.at(c, v) + " * " + ctx.bcast(scaleA, v, cs) + " * " + ctx.bcast(scaleB, v, cs);
    if (bias.kind == TraceArg::Tensor)
        scaled += " + " + ctx.bcast(bias, v, cs);
    ctx.emit(nest(v, cs, ctx.store(c, v, scaled)));
}

// F.linear on an input of any rank (recorded as one op, solar::linear): y[..., n] = bias[n] + sum_k x[..., k] w[n, k].
// Decomposed, torch flattens the leading dimensions into one (a view, an mm, a view back), whose merged index
// leaves the footprint a lower estimate; as one contraction every index stays affine and the equation reads
// "ABK,NK->ABN".
void linear(Lowerer& ctx, const TracedOp& op, const std::string& /*name*/)
{
    const std::string x = ctx.arg(op, 0).text, w = ctx.arg(op, 1).text, y = ctx.out(op);
    const TraceArg& bias = ctx.arg(op, 2);
    const Shape& ys = ctx.info(y).shape;
    const Shape& ws = ctx.info(w).shape;
    if (ws.size() != 2)
        throw Unsupported {"linear with a weight that is not a matrix"};
    // torch's weight is [out, in]; a product folded from view -> mm -> view (flattenedmatmul.cpp) has [in, out].
    const bool inOut = op.kwargs.count("weight_layout") && op.kwargs.at("weight_layout").text == "in_out";
    const Index v = vars(ys.size());
    Index xi(v.begin(), v.end() - 1);
    const Index wi = inOut ? Index {"_k", v.back()} : Index {v.back(), "_k"};
    xi.push_back("_k");
    const std::string init = bias.kind == TraceArg::Tensor ? ctx.bcast(bias, v, ys) : "0";
    ctx.emit(loops(v, ys) + "{\n  " + ctx.store(y, v, init) + "\n  for _k in 0.." + str(ws[inOut ? 0 : 1]) + " { " + ctx.at(y, v)
             + " += " + ctx.at(x, xi) + " * " + ctx.at(w, wi) + "; }\n}");
}

// N-d convolution, grouped, strided, padded, dilated, and transposed.
void convolution(Lowerer& ctx, const TracedOp& op, const std::string& /*name*/)
{
    const std::string x = ctx.arg(op, 0).text, w = ctx.arg(op, 1).text;
    const TraceArg& bias = ctx.arg(op, 2);
    const auto stride = dims(ctx.arg(op, 3)), padding = dims(ctx.arg(op, 4)), dilation = dims(ctx.arg(op, 5));
    const bool transposed = ctx.arg(op, 6).kind == TraceArg::Bool && ctx.arg(op, 6).boolValue;
    const std::int64_t groups = ctx.arg(op, 8).kind == TraceArg::Int ? ctx.arg(op, 8).intValue : 1;
    const std::string y = ctx.out(op);
    const Shape& xs = ctx.info(x).shape;
    const Shape& ws = ctx.info(w).shape;
    const Shape& ys = ctx.info(y).shape;
    const size_t sp = xs.size() - 2;
    auto at3 = [&](const std::vector<Dim>& v, size_t i) { return v.size() == 1 ? v[0] : v[i]; };
    const Dim cin = xs[1], cout = ys[1], g = groups;
    const Dim cg = cin / g, og = cout / g;
    // Output initialised to the bias (or 0).
    const Index yv = vars(ys.size());
    const std::string init = bias.kind == TraceArg::Tensor ? ctx.at(bias.text, {yv[1]}) : "0";
    ctx.emit(nest(yv, ys, ctx.store(y, yv, init)));
    std::string head = "for _b in 0.." + str(xs[0]) + ", _g in 0.." + str(g) + ", _o in 0.." + str(og) + ", _c in 0.." + str(cg);
    Index pos, tap;
    for (size_t d = 0; d < sp; ++d) {
        pos.push_back("_p" + std::to_string(d));
        tap.push_back("_r" + std::to_string(d));
    }
    std::string cond, yIdx, xIdx;
    const std::string outChan = "_g * " + og.atom() + " + _o", inChan = "_g * " + cg.atom() + " + _c";
    std::vector<std::string> window;
    for (size_t d = 0; d < sp; ++d) {
        const Dim s = at3(stride, d), p = at3(padding, d), dl = at3(dilation, d);
        const std::string e = (s == 1 && !s.symbolic() ? pos[d] : s.atom() + " * " + pos[d]) + " + "
            + (dl == 1 && !dl.symbolic() ? tap[d] : dl.atom() + " * " + tap[d]) + (p != 0 || p.symbolic() ? " - " + p.atom() : "");
        window.push_back(e);
        const Dim limit = transposed ? ys[2 + d] : xs[2 + d];
        cond += (cond.empty() ? "" : " && ") + e + " >= 0 && " + e + " < " + limit.atom();
        head += ", " + pos[d] + " in 0.." + str(transposed ? xs[2 + d] : ys[2 + d]) + ", " + tap[d] + " in 0.." + str(ws[2 + d]);
    }
    Index xi {"_b", inChan}, yi {"_b", outChan}, wi;
    if (!transposed) {
        xi.insert(xi.end(), window.begin(), window.end());
        yi.insert(yi.end(), pos.begin(), pos.end());
        wi = {outChan, "_c"};
    } else {
        xi.insert(xi.end(), pos.begin(), pos.end());
        yi.insert(yi.end(), window.begin(), window.end());
        wi = {inChan, "_o"};
    }
    wi.insert(wi.end(), tap.begin(), tap.end());
    const std::string body = ctx.at(y, yi) + " += " + ctx.at(x, xi) + " * " + ctx.at(w, wi) + ";";
    ctx.emit(head + " {\n  " + (cond.empty() ? body : "if (" + cond + ") { " + body + " }") + "\n}");
}

void pool(Lowerer& ctx, const TracedOp& op, const std::string& name)
{
    const bool isMax = name.find("max_pool") != std::string::npos;
    const std::string x = ctx.arg(op, 0).text, y = ctx.out(op, 0);
    const Shape& xs = ctx.info(x).shape;
    const Shape& ys = ctx.info(y).shape;
    const size_t sp = name.find("1d") != std::string::npos ? 1 : name.find("2d") != std::string::npos ? 2 : 3;
    const auto kernel = dims(ctx.arg(op, 1));
    auto strideV = dims(ctx.arg(op, 2));
    if (strideV.empty())
        strideV = kernel;
    const auto padding = dims(ctx.arg(op, 3));
    const auto dilation = isMax ? dims(ctx.arg(op, 4)) : std::vector<Dim> {};
    const bool countIncludePad = isMax ? false : !(ctx.arg(op, 5).kind == TraceArg::Bool && !ctx.arg(op, 5).boolValue);
    const TraceArg& divisorOverride = ctx.arg(op, 6);
    auto pick
        = [](const std::vector<Dim>& v, size_t i, std::int64_t dflt) { return v.empty() ? Dim(dflt) : (v.size() == 1 ? v[0] : v[i]); };
    const size_t lead = xs.size() - sp;
    const Index v = vars(ys.size());
    Index xi(v.begin(), v.begin() + static_cast<std::ptrdiff_t>(lead));
    std::string cond, tapLoops, tapCount;
    Dim window = 1;
    for (size_t d = 0; d < sp; ++d) {
        const std::string t = "_t" + std::to_string(d);
        const Dim s = pick(strideV, d, 1), p = pick(padding, d, 0), dl = pick(dilation, d, 1), k = pick(kernel, d, 1);
        const std::string e = (s == 1 && !s.symbolic() ? v[lead + d] : s.atom() + " * " + v[lead + d]) + " + "
            + (dl == 1 && !dl.symbolic() ? t : dl.atom() + " * " + t) + (p != 0 || p.symbolic() ? " - " + p.atom() : "");
        xi.push_back(e);
        cond += (cond.empty() ? "" : " && ") + e + " >= 0 && " + e + " < " + xs[lead + d].atom();
        tapLoops += (tapLoops.empty() ? "for " : ", ") + t + " in 0.." + str(k);
        window *= k;
    }
    const std::string target = ctx.at(y, v);
    std::string body;
    if (isMax) {
        body = target + " = -inf;\n  " + tapLoops + " { if (" + cond + ") { " + target + " max= " + ctx.at(x, xi) + "; } }";
    } else {
        std::string divisor = real(window);
        if (divisorOverride.kind == TraceArg::Int)
            divisor = num(static_cast<double>(divisorOverride.intValue));
        else if (!countIncludePad)
            throw Unsupported {"average pooling excluding padding"};
        body = target + " = 0;\n  " + tapLoops + " { if (" + cond + ") { " + target + " += " + ctx.at(x, xi) + " / " + divisor + "; } }";
    }
    ctx.emit(loops(v, ys) + "{\n  " + body + "\n}");
    if (isMax)
        poolIndices(ctx, op, x, v, ys, xi, lead, sp, tapLoops, cond, target);
}

// Adaptive pooling: output i of n along an input extent L reads [floor(i*L/n), ceil((i+1)*L/n)), torch's
// windows, which may overlap and differ in length; the average divides by each window's own length.
void adaptivePool(Lowerer& ctx, const TracedOp& op, const std::string& name)
{
    const bool isMax = name.find("max") != std::string::npos;
    const std::string x = ctx.arg(op, 0).text, y = ctx.out(op, 0);
    const Shape& xs = ctx.info(x).shape;
    const Shape& ys = ctx.info(y).shape;
    const size_t sp = name.find("1d") != std::string::npos ? 1 : name.find("2d") != std::string::npos ? 2 : 3;
    const size_t lead = xs.size() - sp;
    const Index v = vars(ys.size());
    Index xi(v.begin(), v.begin() + static_cast<std::ptrdiff_t>(lead));
    std::string tapLoops, length;
    for (size_t d = 0; d < sp; ++d) {
        const std::string t = "_t" + std::to_string(d), i = v[lead + d];
        const std::string L = xs[lead + d].atom(), n = ys[lead + d].atom();
        if (xs[lead + d] % ys[lead + d] == 0) {
            // Equal, disjoint windows: plain pooling with kernel = stride = L / n.
            const std::string k = (xs[lead + d] / ys[lead + d]).atom();
            tapLoops += (tapLoops.empty() ? "for " : ", ") + t + " in 0.." + k;
            length += (length.empty() ? "" : " * ") + k;
            xi.push_back(k == "1" ? i : k + " * " + i + " + " + t);
            continue;
        }
        const std::string start = "(" + i + " * " + L + ") // " + n, end = "((" + i + " + 1) * " + L + " + " + n + " - 1) // " + n;
        tapLoops += (tapLoops.empty() ? "for " : ", ") + t + " in " + start + ".." + end;
        length += (length.empty() ? "" : " * ") + std::string("(") + end + " - " + start + ")";
        xi.push_back(t);
    }
    const std::string target = ctx.at(y, v);
    std::string body;
    if (isMax)
        body = target + " = -inf;\n  " + tapLoops + " { " + target + " max= " + ctx.at(x, xi) + "; }";
    else
        body = target + " = 0;\n  " + tapLoops + " { " + target + " += " + ctx.at(x, xi) + "; }\n  " + target + " = " + target
            + " / cast<f64>(" + length + ");";
    ctx.emit(loops(v, ys) + "{\n  " + body + "\n}");
    if (isMax)
        poolIndices(ctx, op, x, v, ys, xi, lead, sp, tapLoops, "", target);
}

// Attention over the last two dims: scores, softmax (causal rows see keys up to their own position), output.
// Softmax(Q K^T * scale [causal] [+ mask]) V as the math kernel computes it: scores, row max, row sum of
// exponentials, probabilities, then P V. P gets its own statement so both products are plain contractions
// (tensor-core MACs, as FlashAttention runs them) and each exponential is counted once per score, not once per
// output. An explicit mask (boolean: false hides a key; additive: added to the score) broadcasts to the scores'
// shape and is read once per score, as the math kernel reads it; a kernel that skips fully masked blocks can do
// less, which the causal form below states and a data-dependent mask cannot. With enable_gqa, query heads
// h = hk * G + g share key/value head hk (G = query heads / key-value heads): two loops keep every index affine.
void attention(Lowerer& ctx, const TracedOp& op, const std::string& /*name*/)
{
    const std::string q = ctx.arg(op, 0).text, k = ctx.arg(op, 1).text, vv = ctx.arg(op, 2).text, y = ctx.out(op);
    const TraceArg& mask = ctx.arg(op, 3);
    if (mask.kind == TraceArg::Tensor && ctx.info(mask.text).shape.size() > ctx.info(q).shape.size())
        throw Unsupported {"attention mask of a higher rank than the scores"};
    if (scalar(ctx.arg(op, 4), 0) != 0)
        throw Unsupported {"attention dropout"};
    const bool causal = ctx.arg(op, 5).kind == TraceArg::Bool && ctx.arg(op, 5).boolValue;
    const Shape& qs = ctx.info(q).shape;
    const Shape& ks = ctx.info(k).shape;
    const Shape& ys = ctx.info(y).shape;
    const size_t lead = qs.size() - 2;
    const Dim L = qs[lead], S = ks[lead], D = qs[lead + 1], Dv = ys[lead + 1];
    const bool gqa = lead >= 1 && ks.size() == qs.size() && ks[lead - 1] != qs[lead - 1];
    if (gqa
        && (ctx.arg(op, 7).kind != TraceArg::Bool || !ctx.arg(op, 7).boolValue || ks[lead - 1] == 0 || qs[lead - 1] % ks[lead - 1] != 0))
        throw Unsupported {"attention whose key heads differ from its query heads without enable_gqa"};
    const std::string scale = ctx.arg(op, 6).kind == TraceArg::Float ? num(ctx.arg(op, 6).floatValue)
        : D.symbolic()                                               ? "(1.0 / sqrt(" + real(D) + "))"
                                                                     : num(1.0 / std::sqrt(static_cast<double>(D)));
    Shape bshape(qs.begin(), qs.begin() + static_cast<std::ptrdiff_t>(lead));
    Index bv = vars(lead, "_b");
    // The loops over the leading dims; with GQA the head dim is two loops and queries index it as hk * G + g.
    std::string header = loops(bv, bshape);
    Index kvb = bv; // the leading indices of K and V
    if (gqa) {
        const Dim group = qs[lead - 1] / ks[lead - 1];
        Index outer(bv.begin(), bv.end() - 1);
        Shape outerShape(bshape.begin(), bshape.end() - 1);
        outer.push_back("_hk");
        outerShape.push_back(ks[lead - 1]);
        outer.push_back("_g");
        outerShape.push_back(group);
        header = loops(outer, outerShape);
        bv.back() = "_hk * " + group.atom() + " + _g";
        kvb.back() = "_hk";
    }
    Shape sShape = bshape;
    sShape.push_back(L);
    sShape.push_back(S);
    Shape rowShape = bshape;
    rowShape.push_back(L);
    // Half-precision attention keeps its scores and softmax in float32, as torch's kernels (and FlashAttention)
    // do: rounding a score to bf16 before exp() moves a probability by up to 2^-8 times the score.
    const std::string& ydt = ctx.info(y).dtype;
    const std::string inner = ydt == "bfloat16" || ydt == "float16" ? std::string("float32") : ydt;
    const std::string sc = ctx.scratch(y + "_scores", sShape, inner);
    const std::string mx = ctx.scratch(y + "_max", rowShape, inner);
    const std::string sm = ctx.scratch(y + "_sum", rowShape, inner);
    const std::string pr = ctx.scratch(y + "_probs", sShape, inner);
    auto with = [](const Index& base, std::initializer_list<std::string> extra) {
        Index i = base;
        i.insert(i.end(), extra);
        return i;
    };
    const std::string keys = causal ? "_j in 0.._l + 1" : "_j in 0.." + str(S);
    const std::string st = ctx.at(sc, with(bv, {"_l", "_j"})), mt = ctx.at(mx, with(bv, {"_l"})), zt = ctx.at(sm, with(bv, {"_l"}));
    const std::string pt = ctx.at(pr, with(bv, {"_l", "_j"}));
    std::string masked;
    // A boolean mask built from positions (causal, sliding window, chunks: positionmasks.h) becomes a guard on the
    // key loops, so only the pairs it allows are counted; its hidden scores would be -inf, which adds nothing to
    // the max, the sum or the output, so the values are the same. Any other mask is read once per score.
    std::optional<std::string> guard;
    if (mask.kind == TraceArg::Tensor && ctx.info(mask.text).dtype == "bool") {
        Index scoreVars(bv.size() + 2); // the leading dims' variables are left out: a guard may not depend on them
        scoreVars[bv.size()] = "_l";
        scoreVars[bv.size() + 1] = "_j";
        guard = ctx.positionGuard(mask.text, scoreVars);
    }
    if (mask.kind == TraceArg::Tensor && !guard) {
        const std::string m = ctx.bcast(mask, with(bv, {"_l", "_j"}), sShape);
        masked = ctx.info(mask.text).dtype == "bool" ? "\n    " + st + " = " + m + " != 0 ? " + st + " : -inf;"
                                                     : "\n    " + st + " = " + st + " + " + m + ";";
    }
    // `for keys { body }`, the body under the mask's guard when there is one.
    auto overKeys = [&](const std::string& body) {
        return "for " + keys + " { " + (guard && !guard->empty() ? "if (" + *guard + ") { " + body + " }" : body) + " }";
    };
    const std::string text = "for _l in 0.." + str(L) + " {\n  "
        + overKeys(st + " = 0;\n    for _d in 0.." + str(D) + " { " + st + " += " + ctx.at(q, with(bv, {"_l", "_d"})) + " * "
                   + ctx.at(k, with(kvb, {"_j", "_d"})) + " * " + scale + "; }" + masked)
        + "\n  " + mt + " = -inf;\n  " + overKeys(mt + " max= " + st + ";") + "\n  " + zt + " = 0;\n  "
        + overKeys(zt + " += exp(" + st + " - " + mt + ");") + "\n  " + overKeys(pt + " = exp(" + st + " - " + mt + ") / " + zt + ";")
        + "\n  for _e in 0.." + str(Dv) + " {\n    " + ctx.at(y, with(bv, {"_l", "_e"})) + " = 0;\n    "
        + overKeys(ctx.at(y, with(bv, {"_l", "_e"})) + " += " + pt + " * " + ctx.at(vv, with(kvb, {"_j", "_e"})) + ";") + "\n  }\n}";
    std::string wrapped = text;
    if (lead > 0) {
        std::string indented;
        std::istringstream lines(text);
        std::string line;
        while (std::getline(lines, line))
            indented += "  " + line + "\n";
        wrapped = header + "{\n" + indented + "}";
    }
    ctx.emit(wrapped);
}

} // namespace solar::trace
