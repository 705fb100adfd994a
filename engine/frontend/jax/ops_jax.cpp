// SPDX-License-Identifier: MIT
// Op templates: JAX primitives (jaxprs traced by resources/python/solarworker/jax_trace.py, ops named "jax::<primitive>").
// Layout primitives arrive as views ("jax::view_*") and are folded by the Lowerer like ATen's; these templates
// cover the maths: elementwise primitives, dot_general with any dimension numbers, conv_general_dilated,
// reductions, windowed reductions (pooling), scans, and the indexing primitives.
#include "engine/frontend/trace/lowering/lowerer.h"

#include <algorithm>
#include <set>

namespace solar::trace {

namespace {

std::string primitive(const std::string& name)
{
    return name.substr(5); // "jax::"
}

const TraceArg& param(const TracedOp& op, const std::string& key)
{
    static const TraceArg none;
    const auto it = op.kwargs.find(key);
    return it == op.kwargs.end() ? none : it->second;
}

} // namespace

void jaxUnary(Lowerer& ctx, const TracedOp& op, const std::string& name)
{
    static const std::map<std::string, std::string> functions
        = {{"exp", "exp"},          {"exp2", "exp2"},   {"log", "log"},   {"log1p", "log1p"}, {"expm1", "expm1"}, {"tanh", "tanh"},
           {"logistic", "sigmoid"}, {"sin", "sin"},     {"cos", "cos"},   {"tan", "tan"},     {"asin", "asin"},   {"acos", "acos"},
           {"atan", "atan"},        {"sinh", "sinh"},   {"cosh", "cosh"}, {"sqrt", "sqrt"},   {"rsqrt", "rsqrt"}, {"abs", "abs"},
           {"sign", "sign"},        {"floor", "floor"}, {"ceil", "ceil"}, {"round", "round"}, {"erf", "erf"},     {"erfc", "erfc"}};
    const std::string p = primitive(name);
    if (p == "neg")
        return ctx.unary(op, [](const std::string& x) { return "-(" + x + ")"; });
    if (p == "not") {
        if (dtypeOf(ctx.info(ctx.out(op)).dtype) != "bool")
            throw Unsupported {"bitwise not of integers"};
        return ctx.unary(op, [](const std::string& x) { return "!(" + x + " != 0)"; });
    }
    if (p == "square")
        return ctx.unary(op, [](const std::string& x) { return x + " * " + x; });
    if (p == "convert_element_type" || p == "reduce_precision")
        return ctx.unary(op, [](const std::string& x) { return x; }); // the store converts
    if (p == "integer_pow") {
        const std::int64_t y = param(op, "y").intValue;
        return ctx.unary(op, [&](const std::string& x) { return "pow(" + x + ", " + num(static_cast<double>(y)) + ")"; });
    }
    const auto it = functions.find(p);
    if (it == functions.end())
        throw Unsupported {"no template for this primitive"};
    ctx.unary(op, [&](const std::string& x) { return it->second + "(" + x + ")"; });
}

void jaxBinary(Lowerer& ctx, const TracedOp& op, const std::string& name)
{
    static const std::map<std::string, std::string> operators
        = {{"add", " + "}, {"sub", " - "}, {"mul", " * "}, {"div", " / "}, {"eq", " == "},
           {"ne", " != "}, {"lt", " < "},  {"le", " <= "}, {"gt", " > "},  {"ge", " >= "}};
    static const std::map<std::string, std::string> functions
        = {{"max", "max"}, {"min", "min"}, {"pow", "pow"}, {"atan2", "atan2"}, {"rem", "fmod"}};
    const std::string p = primitive(name);
    if (const auto o = operators.find(p); o != operators.end())
        return ctx.binary(op, [&](const std::string& a, const std::string& b) { return "(" + a + o->second + b + ")"; });
    if (const auto f = functions.find(p); f != functions.end())
        return ctx.binary(op, [&](const std::string& a, const std::string& b) { return f->second + "(" + a + ", " + b + ")"; });
    if (p == "and" || p == "or" || p == "xor") {
        // Logical on booleans; on integers they are bitwise, which ALIR has no operator for.
        if (dtypeOf(ctx.info(ctx.out(op)).dtype) != "bool")
            throw Unsupported {"bitwise " + p + " of integers"};
        const std::string joint = p == "and" ? " && " : p == "or" ? " || " : " != ";
        return ctx.binary(op,
                          [&](const std::string& a, const std::string& b) { return "((" + a + " != 0)" + joint + "(" + b + " != 0))"; });
    }
    throw Unsupported {"no template for this primitive"};
}

// select_n(which, case0, case1, ...): case[which].
void jaxSelect(Lowerer& ctx, const TracedOp& op, const std::string&)
{
    const size_t cases = op.args.size() - 1;
    if (cases < 1)
        throw Unsupported {"select_n without cases"};
    ctx.elementwise(op, [&](const Index& v, const Shape& s) {
        const std::string which = ctx.bcast(ctx.arg(op, 0), v, s);
        std::string e = ctx.bcast(ctx.arg(op, cases), v, s);
        for (size_t k = cases - 1; k-- > 0;)
            e = "(" + which + " == " + std::to_string(k) + " ? " + ctx.bcast(ctx.arg(op, k + 1), v, s) + " : " + e + ")";
        return e;
    });
}

// clamp(lo, x, hi).
void jaxClamp(Lowerer& ctx, const TracedOp& op, const std::string&)
{
    ctx.elementwise(op, [&](const Index& v, const Shape& s) {
        return "min(max(" + ctx.bcast(ctx.arg(op, 1), v, s) + ", " + ctx.bcast(ctx.arg(op, 0), v, s) + "), "
            + ctx.bcast(ctx.arg(op, 2), v, s) + ")";
    });
}

// dot_general: output dims are the batch dims, then lhs's free dims, then rhs's, in order.
void jaxDotGeneral(Lowerer& ctx, const TracedOp& op, const std::string&)
{
    const std::string a = ctx.arg(op, 0).text, b = ctx.arg(op, 1).text, c = ctx.out(op);
    const TraceArg& dn = param(op, "dimension_numbers");
    if (dn.items.size() != 2 || dn.items[0].items.size() != 2 || dn.items[1].items.size() != 2)
        throw Unsupported {"dimension numbers in an unknown form"};
    const auto lc = ints(dn.items[0].items[0]), rc = ints(dn.items[0].items[1]);
    const auto lb = ints(dn.items[1].items[0]), rb = ints(dn.items[1].items[1]);
    const Shape& as = ctx.info(a).shape;
    const Shape& bs = ctx.info(b).shape;
    const Shape& cs = ctx.info(c).shape;
    const Index v = vars(cs.size());
    Index ai(as.size()), bi(bs.size());
    Index kv;
    Shape ks;
    for (size_t j = 0; j < lc.size(); ++j) {
        const std::string k = "_k" + std::to_string(j);
        ai[static_cast<size_t>(lc[j])] = k;
        bi[static_cast<size_t>(rc[j])] = k;
        kv.push_back(k);
        ks.push_back(as[static_cast<size_t>(lc[j])]);
    }
    size_t next = 0;
    for (size_t j = 0; j < lb.size(); ++j, ++next) {
        ai[static_cast<size_t>(lb[j])] = v[next];
        bi[static_cast<size_t>(rb[j])] = v[next];
    }
    for (auto* side : {&ai, &bi})
        for (auto& idx : *side)
            if (idx.empty())
                idx = v[next++];
    if (next != v.size())
        throw Unsupported {"dot_general's output rank does not match its operands"};
    const std::string body = ctx.at(c, v) + " += " + ctx.at(a, ai) + " * " + ctx.at(b, bi) + ";";
    const std::string init = ctx.store(c, v, "0");
    ctx.emit(nest(v, cs, init + (kv.empty() ? "\n  " + body : "\n  " + loops(kv, ks) + "{ " + body + " }")));
}

// reduce_sum / max / min / prod / and / or over `axes`.
void jaxReduce(Lowerer& ctx, const TracedOp& op, const std::string& name)
{
    const std::string p = primitive(name), x = ctx.arg(op, 0).text, y = ctx.out(op);
    const ReduceShape r = reduceShape(ctx.info(x).shape, ints(param(op, "axes")), false);
    const std::string target = ctx.at(y, r.outputIdx), in = ctx.at(x, r.inputIdx);
    std::string init, step;
    if (p == "reduce_sum") {
        init = "0";
        step = target + " += " + in + ";";
    } else if (p == "reduce_prod") {
        init = "1";
        step = target + " *= " + in + ";";
    } else if (p == "reduce_max" || p == "reduce_or") {
        init = p == "reduce_max" ? "-inf" : "0";
        step = target + " max= " + in + ";";
    } else if (p == "reduce_min" || p == "reduce_and") {
        init = p == "reduce_min" ? "inf" : "1";
        step = target + " min= " + in + ";";
    } else {
        throw Unsupported {"no template for this reduction"};
    }
    std::string body
        = ctx.store(y, r.outputIdx, init) + (r.innerV.empty() ? "\n  " + step : "\n  " + loops(r.innerV, r.inner) + "{ " + step + " }");
    ctx.emit(r.outerV.empty() ? body : loops(r.outerV, r.outer) + "{\n  " + body + "\n}");
}

// argmax / argmin over one axis: the first position of the extreme value, as jnp.argmax returns.
void jaxArgReduce(Lowerer& ctx, const TracedOp& op, const std::string& name)
{
    const bool isMax = primitive(name) == "argmax";
    const std::string x = ctx.arg(op, 0).text, y = ctx.out(op);
    const ReduceShape r = reduceShape(ctx.info(x).shape, ints(param(op, "axes")), false);
    const std::string m = ctx.scratch(y + "_value", ctx.info(y).shape, ctx.info(x).dtype);
    const std::string mt = ctx.at(m, r.outputIdx), in = ctx.at(x, r.inputIdx);
    const std::string body = mt + " = " + (isMax ? "-inf" : "inf") + ";\n  " + loops(r.innerV, r.inner) + "{ " + mt
        + (isMax ? " max= " : " min= ") + in + "; }";
    ctx.emit(r.outerV.empty() ? body : loops(r.outerV, r.outer) + "{\n  " + body + "\n}");
    argIndex(ctx, y, r, in, mt);
}

// cumsum / cumprod / cummax / cummin along `axis`, optionally from the end.
void jaxCumulative(Lowerer& ctx, const TracedOp& op, const std::string& name)
{
    const std::string p = primitive(name), x = ctx.arg(op, 0).text, y = ctx.out(op);
    const Shape& xs = ctx.info(x).shape;
    const auto axis = static_cast<size_t>(normDim(param(op, "axis").intValue, xs.size()));
    const bool reverse = param(op, "reverse").kind == TraceArg::Bool && param(op, "reverse").boolValue;
    Index v = vars(xs.size());
    Shape outer;
    Index outerV;
    for (size_t d = 0; d < xs.size(); ++d)
        if (d != axis) {
            outer.push_back(xs[d]);
            outerV.push_back(v[d]);
        }
    // Step _s walks the axis forwards or backwards; position _s of the walk is element `at`.
    const std::string n = xs[axis].atom();
    Index at = v, first = v, prev = v;
    at[axis] = reverse ? n + " - 1 - _s" : "_s";
    first[axis] = reverse ? n + " - 1" : "0";
    prev[axis] = reverse ? n + " - _s" : "_s - 1";
    std::string combine;
    if (p == "cumsum")
        combine = ctx.at(y, prev) + " + " + ctx.at(x, at);
    else if (p == "cumprod")
        combine = ctx.at(y, prev) + " * " + ctx.at(x, at);
    else if (p == "cummax" || p == "cummin")
        combine = std::string(p == "cummax" ? "max(" : "min(") + ctx.at(y, prev) + ", " + ctx.at(x, at) + ")";
    else
        throw Unsupported {"no template for this scan"};
    const std::string body
        = ctx.store(y, first, ctx.at(x, first)) + "\n  for _s in 1.." + str(xs[axis]) + " { " + ctx.store(y, at, combine) + " }";
    ctx.emit(outerV.empty() ? body : loops(outerV, outer) + "{\n  " + body + "\n}");
}

// conv_general_dilated with its dimension numbers, strides, padding, lhs dilation (transposed convolutions) and
// rhs dilation, grouped by feature_group_count.
void jaxConv(Lowerer& ctx, const TracedOp& op, const std::string&)
{
    const std::string x = ctx.arg(op, 0).text, w = ctx.arg(op, 1).text, y = ctx.out(op);
    if (param(op, "batch_group_count").intValue > 1)
        throw Unsupported {"batch_group_count above 1"};
    // ConvDimensionNumbers(lhs_spec, rhs_spec, out_spec): each lists the dimension that is N (O), C (I), spatial...
    const TraceArg& dn = param(op, "dimension_numbers");
    if (dn.items.size() != 3)
        throw Unsupported {"convolution dimension numbers in an unknown form"};
    const auto lhs = ints(dn.items[0]), rhs = ints(dn.items[1]), outSpec = ints(dn.items[2]);
    const Shape& xs = ctx.info(x).shape;
    const Shape& ws = ctx.info(w).shape;
    const Shape& ys = ctx.info(y).shape;
    if (lhs.size() != xs.size() || rhs.size() != ws.size() || outSpec.size() != ys.size())
        throw Unsupported {"convolution dimension numbers in an unknown form"};
    const size_t sp = xs.size() - 2;
    const auto strides = ints(param(op, "window_strides")), ldil = ints(param(op, "lhs_dilation")), rdil = ints(param(op, "rhs_dilation"));
    const TraceArg& padding = param(op, "padding");
    const std::int64_t groups = std::max<std::int64_t>(1, param(op, "feature_group_count").intValue);
    const auto dimOf = [](const std::vector<std::int64_t>& s, size_t k) { return static_cast<size_t>(s[k]); };
    const Dim cout = ys[dimOf(outSpec, 1)], cin = xs[dimOf(lhs, 1)];
    const Dim og = cout / groups, cg = cin / groups;
    Index xi(xs.size()), wi(ws.size()), yi(ys.size());
    xi[dimOf(lhs, 0)] = "_b";
    yi[dimOf(outSpec, 0)] = "_b";
    xi[dimOf(lhs, 1)] = groups == 1 ? "_c" : "_g * " + cg.atom() + " + _c";
    yi[dimOf(outSpec, 1)] = groups == 1 ? "_o" : "_g * " + og.atom() + " + _o";
    wi[dimOf(rhs, 0)] = groups == 1 ? "_o" : "_g * " + og.atom() + " + _o";
    wi[dimOf(rhs, 1)] = "_c";
    std::string head = "for _b in 0.." + str(xs[dimOf(lhs, 0)]) + (groups == 1 ? "" : ", _g in 0.." + std::to_string(groups))
        + ", _o in 0.." + str(og) + ", _c in 0.." + str(cg);
    std::string cond;
    for (size_t d = 0; d < sp; ++d) {
        const std::string p = "_p" + std::to_string(d), t = "_r" + std::to_string(d);
        const std::int64_t s = d < strides.size() ? strides[d] : 1, ld = d < ldil.size() ? ldil[d] : 1, rd = d < rdil.size() ? rdil[d] : 1;
        const std::int64_t lo = d < padding.items.size() && !padding.items[d].items.empty() ? padding.items[d].items[0].intValue : 0;
        // Position in the lhs dilated by ld: p * s + t * rd - lo; a real element where it is a multiple of ld.
        std::string q = (s == 1 ? p : std::to_string(s) + " * " + p) + " + " + (rd == 1 ? t : std::to_string(rd) + " * " + t)
            + (lo > 0       ? " - " + std::to_string(lo)
                   : lo < 0 ? " + " + std::to_string(-lo)
                            : "");
        const Dim in = xs[dimOf(lhs, 2 + d)];
        if (ld == 1) {
            cond += (cond.empty() ? "" : " && ") + q + " >= 0 && " + q + " < " + in.atom();
            xi[dimOf(lhs, 2 + d)] = q;
        } else {
            cond += (cond.empty() ? "" : " && ") + q + " >= 0 && (" + q + ") % " + std::to_string(ld) + " == 0 && (" + q + ") // "
                + std::to_string(ld) + " < " + in.atom();
            xi[dimOf(lhs, 2 + d)] = "(" + q + ") // " + std::to_string(ld);
        }
        yi[dimOf(outSpec, 2 + d)] = p;
        wi[dimOf(rhs, 2 + d)] = t;
        head += ", " + p + " in 0.." + str(ys[dimOf(outSpec, 2 + d)]) + ", " + t + " in 0.." + str(ws[dimOf(rhs, 2 + d)]);
    }
    const Index yv = vars(ys.size());
    ctx.emit(nest(yv, ys, ctx.store(y, yv, "0")));
    const std::string body = ctx.at(y, yi) + " += " + ctx.at(x, xi) + " * " + ctx.at(w, wi) + ";";
    ctx.emit(head + " {\n  " + (cond.empty() ? body : "if (" + cond + ") { " + body + " }") + "\n}");
}

// reduce_window_sum / reduce_window_max / reduce_window_min: pooling windows with strides, padding and dilations.
void jaxReduceWindow(Lowerer& ctx, const TracedOp& op, const std::string& name)
{
    const std::string p = primitive(name), x = ctx.arg(op, 0).text, y = ctx.out(op);
    const Shape& xs = ctx.info(x).shape;
    const Shape& ys = ctx.info(y).shape;
    const auto window = ints(param(op, "window_dimensions")), strides = ints(param(op, "window_strides"));
    const auto base = ints(param(op, "base_dilation")), wdil = ints(param(op, "window_dilation"));
    const TraceArg& padding = param(op, "padding");
    for (auto b : base)
        if (b != 1)
            throw Unsupported {"base dilation in a window reduction"};
    const Index v = vars(ys.size());
    Index xi(xs.size()), taps;
    Shape tapExtents;
    std::string cond;
    for (size_t d = 0; d < xs.size(); ++d) {
        const std::int64_t k = d < window.size() ? window[d] : 1, s = d < strides.size() ? strides[d] : 1,
                           wd = d < wdil.size() ? wdil[d] : 1;
        const std::int64_t lo = d < padding.items.size() && !padding.items[d].items.empty() ? padding.items[d].items[0].intValue : 0;
        if (k == 1 && s == 1 && lo == 0) {
            xi[d] = v[d];
            continue;
        }
        const std::string t = "_t" + std::to_string(d);
        taps.push_back(t);
        tapExtents.push_back(k);
        const std::string e = (s == 1 ? v[d] : std::to_string(s) + " * " + v[d]) + " + " + (wd == 1 ? t : std::to_string(wd) + " * " + t)
            + (lo > 0 ? " - " + std::to_string(lo) : "");
        xi[d] = e;
        if (lo > 0 || (ys[d] - 1) * s + (k - 1) * wd >= xs[d])
            cond += (cond.empty() ? "" : " && ") + e + " >= 0 && " + e + " < " + xs[d].atom();
    }
    const std::string target = ctx.at(y, v), in = ctx.at(x, xi);
    std::string init, step;
    if (p == "reduce_window_sum") {
        init = "0";
        step = target + " += " + in + ";";
    } else if (p == "reduce_window_max") {
        init = "-inf";
        step = target + " max= " + in + ";";
    } else if (p == "reduce_window_min") {
        init = "inf";
        step = target + " min= " + in + ";";
    } else {
        throw Unsupported {"no template for this window reduction"};
    }
    const std::string guarded = cond.empty() ? step : "if (" + cond + ") { " + step + " }";
    ctx.emit(loops(v, ys) + "{\n  " + ctx.store(y, v, init) + "\n  "
             + (taps.empty() ? guarded : loops(taps, tapExtents) + "{ " + guarded + " }") + "\n}");
}

void jaxConcatenate(Lowerer& ctx, const TracedOp& op, const std::string&)
{
    concatenate(ctx, ctx.out(op), op.args, static_cast<size_t>(param(op, "dimension").intValue));
}

// pad(x, value; padding_config = [(lo, hi, interior)]): negative lo crops.
void jaxPad(Lowerer& ctx, const TracedOp& op, const std::string&)
{
    const std::string x = ctx.arg(op, 0).text, y = ctx.out(op);
    const TraceArg& config = param(op, "padding_config");
    const Shape& xs = ctx.info(x).shape;
    const Shape& ys = ctx.info(y).shape;
    const Index v = vars(ys.size());
    Index xi = v;
    std::string cond;
    for (size_t d = 0; d < ys.size() && d < config.items.size(); ++d) {
        const auto c = ints(config.items[d]);
        const std::int64_t lo = c.size() > 0 ? c[0] : 0, interior = c.size() > 2 ? c[2] : 0;
        const std::string shifted = lo > 0 ? v[d] + " - " + std::to_string(lo) : lo < 0 ? v[d] + " + " + std::to_string(-lo) : v[d];
        if (interior == 0) {
            xi[d] = shifted;
            if (lo > 0 || ys[d] > xs[d] + std::min<std::int64_t>(lo, 0))
                cond += (cond.empty() ? "" : " && ") + shifted + " >= 0 && " + shifted + " < " + xs[d].atom();
        } else {
            const std::string step = std::to_string(interior + 1);
            xi[d] = "(" + shifted + ") // " + step;
            cond += (cond.empty() ? "" : " && ") + shifted + " >= 0 && (" + shifted + ") % " + step + " == 0 && (" + shifted + ") // "
                + step + " < " + xs[d].atom();
        }
    }
    const std::string value = ctx.bcast(ctx.arg(op, 1), {}, {});
    ctx.emit(nest(v, ys, ctx.store(y, v, cond.empty() ? ctx.at(x, xi) : "(" + cond + " ? " + ctx.at(x, xi) + " : " + value + ")")));
}

void jaxIota(Lowerer& ctx, const TracedOp& op, const std::string&)
{
    const std::string y = ctx.out(op);
    const auto d = static_cast<size_t>(param(op, "dimension").intValue);
    const Shape& ys = ctx.info(y).shape;
    const Index v = vars(ys.size());
    ctx.emit(nest(v, ys, ctx.store(y, v, v.at(d))));
}

void jaxRev(Lowerer& ctx, const TracedOp& op, const std::string&)
{
    flipAxes(ctx, op, ints(param(op, "dimensions")));
}

// dynamic_slice(x, *starts; slice_sizes): starts clamped into range, as XLA does.
void jaxDynamicSlice(Lowerer& ctx, const TracedOp& op, const std::string&)
{
    const std::string x = ctx.arg(op, 0).text;
    const Shape& xs = ctx.info(x).shape;
    const std::string y = ctx.out(op);
    const Shape& ys = ctx.info(y).shape;
    const Index v = vars(ys.size());
    Index xi = v;
    for (size_t d = 0; d < xs.size(); ++d) {
        const std::string start = ctx.bcast(ctx.arg(op, 1 + d), {}, {});
        xi[d] = "min(max(" + start + ", 0), " + str(xs[d] - ys[d]) + ") + " + v[d];
    }
    ctx.emit(nest(v, ys, ctx.store(y, v, ctx.at(x, xi))));
}

// dynamic_update_slice(x, update, *starts): x with the update written at the clamped start.
void jaxDynamicUpdateSlice(Lowerer& ctx, const TracedOp& op, const std::string&)
{
    const std::string x = ctx.arg(op, 0).text, u = ctx.arg(op, 1).text, y = ctx.out(op);
    const Shape& xs = ctx.info(x).shape;
    const Shape& us = ctx.info(u).shape;
    const Index v = vars(xs.size());
    ctx.emit(nest(v, xs, ctx.store(y, v, ctx.at(x, v))));
    Index yi = v;
    for (size_t d = 0; d < xs.size(); ++d)
        yi[d] = "min(max(" + ctx.bcast(ctx.arg(op, 2 + d), {}, {}) + ", 0), " + str(xs[d] - us[d]) + ") + " + v[d];
    ctx.emit(nest(v, us, ctx.store(y, yi, ctx.at(u, v))));
}

// broadcast_in_dim of a literal (a filled array); of an array it is a view (the tracer's), unless it had to copy.
void jaxBroadcast(Lowerer& ctx, const TracedOp& op, const std::string&)
{
    const TraceArg& x = ctx.arg(op, 0);
    const std::string y = ctx.out(op);
    const Shape& ys = ctx.info(y).shape;
    const Index v = vars(ys.size());
    if (x.kind != TraceArg::Tensor)
        return ctx.emit(nest(v, ys, ctx.store(y, v, ctx.bcast(x, {}, {}))));
    const Shape& xs = ctx.info(x.text).shape;
    const auto dims = ints(param(op, "broadcast_dimensions"));
    Index xi;
    for (size_t i = 0; i < xs.size() && i < dims.size(); ++i) {
        const auto d = static_cast<size_t>(dims[i]);
        xi.push_back(xs[i] == ys[d] ? v[d] : "0");
    }
    ctx.emit(nest(v, ys, ctx.store(y, v, ctx.at(x.text, xi))));
}

// stack(*arrays; axis): each operand at its position along the new axis.
void jaxStack(Lowerer& ctx, const TracedOp& op, const std::string&)
{
    const std::string y = ctx.out(op);
    stackAlong(ctx, y, op.args, static_cast<size_t>(normDim(param(op, "axis").intValue, ctx.info(y).shape.size())));
}

// A scan's loop (jax_trace.py): `for _sK in 0..length {` before its body's statements, `}` after them.
void jaxLoopBegin(Lowerer& ctx, const TracedOp& op, const std::string&)
{
    ctx.emit("for " + ctx.arg(op, 0).text + " in 0.." + std::to_string(ctx.arg(op, 1).intValue) + " {");
}

void jaxLoopEnd(Lowerer& ctx, const TracedOp&, const std::string&)
{
    ctx.emit("}");
}

// A branch of lax.cond / lax.switch (jax_trace.py): `if (index == k) {`, the index clamped as lax.switch does.
void jaxBranchBegin(Lowerer& ctx, const TracedOp& op, const std::string&)
{
    const std::string index = ctx.bcast(ctx.arg(op, 0), {}, {});
    const std::int64_t k = ctx.arg(op, 1).intValue, n = ctx.arg(op, 2).intValue;
    ctx.emit("if (min(max(" + index + ", 0), " + std::to_string(n - 1) + ") == " + std::to_string(k) + ") {");
}

// split(x; sizes, axis): each output a copy of its part.
void jaxSplit(Lowerer& ctx, const TracedOp& op, const std::string&)
{
    const std::string x = ctx.arg(op, 0).text;
    const auto axis = static_cast<size_t>(normDim(param(op, "axis").intValue, ctx.info(x).shape.size()));
    Dim offset = 0;
    for (size_t i = 0; i < op.outputs.size(); ++i) {
        const std::string y = ctx.out(op, i);
        const Shape& ys = ctx.info(y).shape;
        const Index v = vars(ys.size());
        Index xi = v;
        xi[axis] = offset != 0 ? v[axis] + " + " + offset.atom() : v[axis];
        ctx.emit(nest(v, ys, ctx.store(y, v, ctx.at(x, xi))));
        offset += ys[axis];
    }
}

namespace {

bool contains(const std::vector<std::int64_t>& v, size_t x)
{
    return std::find(v.begin(), v.end(), static_cast<std::int64_t>(x)) != v.end();
}

std::string modeOf(const TracedOp& op)
{
    const TraceArg& m = param(op, "mode");
    return m.kind == TraceArg::String ? m.text : "CLIP";
}

// Where one operand dimension of a gather or scatter is addressed: the clamped start (from the index vector) plus
// the window offset, and the start's in-bounds test (for modes that fill or drop out-of-bounds windows).
struct WindowIndex
{
    Index operand; // per operand dimension
    std::string inBounds; // "" when every start is clamped
};

// XLA's gather/scatter addressing. `batchV` are the loop variables over the index array's batch dimensions (the
// trailing dimension is the index vector), `windowV` those over the window dimensions, in operand order (absent
// for collapsed/inserted dimensions, whose window is 1). Starts are clamped into [0, size - window] as XLA does;
// with `checked` the unclamped start's range is also returned as a condition.
WindowIndex windowIndex(Lowerer& ctx, const std::string& indices, const Shape& operandShape, const Index& batchV, const Index& windowV,
                        const std::vector<std::int64_t>& collapsed, const std::vector<std::int64_t>& startMap,
                        const std::vector<std::int64_t>& operandBatch, const std::vector<std::int64_t>& indexBatch,
                        const std::vector<Dim>& windowSizes, bool checked)
{
    WindowIndex w;
    size_t nextWindow = 0;
    for (size_t d = 0; d < operandShape.size(); ++d) {
        if (const auto b = std::find(operandBatch.begin(), operandBatch.end(), static_cast<std::int64_t>(d)); b != operandBatch.end()) {
            const auto k = static_cast<size_t>(indexBatch.at(static_cast<size_t>(b - operandBatch.begin())));
            if (k >= batchV.size())
                throw Unsupported {"a batching dimension outside the indices"};
            w.operand.push_back(batchV[k]);
            continue;
        }
        std::string start;
        if (const auto k = std::find(startMap.begin(), startMap.end(), static_cast<std::int64_t>(d)); k != startMap.end()) {
            Index ii = batchV;
            ii.push_back(std::to_string(k - startMap.begin()));
            const std::string s = ctx.at(indices, ii);
            const Dim hi = operandShape[d] - windowSizes[d];
            if (checked)
                w.inBounds += (w.inBounds.empty() ? "" : " && ") + s + " >= 0 && " + s + " <= " + hi.atom();
            start = "min(max(" + s + ", 0), " + hi.atom() + ")";
        }
        std::string offset;
        if (!contains(collapsed, d)) {
            if (nextWindow >= windowV.size())
                throw Unsupported {"window dimensions do not match the operand"};
            offset = windowV[nextWindow++];
        }
        w.operand.push_back(start.empty() ? (offset.empty() ? "0" : offset) : offset.empty() ? start : start + " + " + offset);
    }
    return w;
}

} // namespace

// gather(operand, indices; GatherDimensionNumbers(offset_dims, collapsed_slice_dims, start_index_map,
// operand_batching_dims, start_indices_batching_dims), slice_sizes, mode, fill_value): what jnp.take,
// take_along_axis and x[idx] produce. The output's offset_dims walk the window, its other dimensions the indices.
void jaxGather(Lowerer& ctx, const TracedOp& op, const std::string&)
{
    const std::string x = ctx.arg(op, 0).text, ids = ctx.arg(op, 1).text, y = ctx.out(op);
    const TraceArg& dn = param(op, "dimension_numbers");
    if (dn.items.size() < 3)
        throw Unsupported {"gather dimension numbers in an unknown form"};
    const auto offsetDims = ints(dn.items[0]), collapsed = ints(dn.items[1]), startMap = ints(dn.items[2]);
    const auto operandBatch = dn.items.size() > 3 ? ints(dn.items[3]) : std::vector<std::int64_t> {};
    const auto indexBatch = dn.items.size() > 4 ? ints(dn.items[4]) : std::vector<std::int64_t> {};
    const std::vector<Dim> sliceSizes = dims(param(op, "slice_sizes"));
    const Shape& xs = ctx.info(x).shape;
    const Shape& ys = ctx.info(y).shape;
    if (sliceSizes.size() != xs.size() || ctx.info(ids).shape.size() != ys.size() - offsetDims.size() + 1)
        throw Unsupported {"gather indices without a trailing index vector"};
    const Index v = vars(ys.size());
    Index batchV, windowV;
    for (size_t d = 0; d < ys.size(); ++d)
        (contains(offsetDims, d) ? windowV : batchV).push_back(v[d]);
    const bool fill = modeOf(op) == "FILL_OR_DROP";
    const WindowIndex w = windowIndex(ctx, ids, xs, batchV, windowV, collapsed, startMap, operandBatch, indexBatch, sliceSizes, fill);
    const std::string value = ctx.at(x, w.operand);
    if (w.inBounds.empty())
        return ctx.emit(nest(v, ys, ctx.store(y, v, value)));
    {
        const TraceArg& given = param(op, "fill_value");
        const std::string dt = dtypeOf(ctx.info(y).dtype);
        std::string filler = given.kind == TraceArg::Float || given.kind == TraceArg::Int ? num(scalar(given, 0)) : "nan";
        if (given.kind == TraceArg::None && dt == "bool")
            filler = "1";
        else if (given.kind == TraceArg::None && isIntegral(dt))
            throw Unsupported {"an integer gather filling out-of-bounds rows with the type's minimum"};
        // The rows are read unconditionally (a select's branches count as maybe-unread), then filled.
        const std::string rows = ctx.scratch(y + "_rows", ys, ctx.info(x).dtype);
        ctx.emit(nest(v, ys, ctx.store(rows, v, value)));
        ctx.emit(nest(v, ys, ctx.store(y, v, "(" + w.inBounds + " ? " + ctx.at(rows, v) + " : " + filler + ")")));
    }
}

// scatter / scatter-add / -mul / -min / -max (x.at[idx].set/add/multiply/min/max): a copy of the operand, then
// each update window combined into it. Out-of-bounds windows are dropped (FILL_OR_DROP, and what XLA does for
// PROMISE_IN_BOUNDS) by combining the neutral value at a clamped position, or clamped (CLIP).
void jaxScatter(Lowerer& ctx, const TracedOp& op, const std::string& name)
{
    const std::string p = primitive(name);
    const std::string x = ctx.arg(op, 0).text, ids = ctx.arg(op, 1).text, u = ctx.arg(op, 2).text, y = ctx.out(op);
    const TraceArg& dn = param(op, "dimension_numbers");
    if (dn.items.size() < 3)
        throw Unsupported {"scatter dimension numbers in an unknown form"};
    const auto windowDims = ints(dn.items[0]), inserted = ints(dn.items[1]), toOperand = ints(dn.items[2]);
    const auto operandBatch = dn.items.size() > 3 ? ints(dn.items[3]) : std::vector<std::int64_t> {};
    const auto indexBatch = dn.items.size() > 4 ? ints(dn.items[4]) : std::vector<std::int64_t> {};
    const Shape& xs = ctx.info(x).shape;
    const Shape& us = ctx.info(u).shape;
    const Index uv = vars(us.size(), "_u");
    Index batchV, windowV;
    std::vector<Dim> windowSizes;
    for (size_t d = 0; d < us.size(); ++d) {
        if (contains(windowDims, d))
            windowV.push_back(uv[d]);
        else
            batchV.push_back(uv[d]);
    }
    size_t next = 0;
    for (size_t d = 0; d < xs.size(); ++d) {
        const bool one = contains(inserted, d) || contains(operandBatch, d);
        windowSizes.push_back(one ? Dim(1) : next < windowDims.size() ? us[static_cast<size_t>(windowDims[next++])] : Dim(1));
    }
    if (ctx.info(ids).shape.size() != batchV.size() + 1)
        throw Unsupported {"scatter indices without a trailing index vector"};
    const bool drop = modeOf(op) != "CLIP";
    const WindowIndex w = windowIndex(ctx, ids, xs, batchV, windowV, inserted, toOperand, operandBatch, indexBatch, windowSizes, drop);
    const Index v = vars(xs.size());
    ctx.emit(nest(v, xs, ctx.store(y, v, ctx.at(x, v))));
    std::string update = ctx.at(u, uv);
    if (!w.inBounds.empty()) { // read unconditionally (a select's branches count as maybe-unread), then combined
        const std::string staged = ctx.scratch(y + "_updates", us, ctx.info(u).dtype);
        ctx.emit(nest(uv, us, ctx.store(staged, uv, update)));
        update = ctx.at(staged, uv);
    }
    const std::string target = ctx.at(y, w.operand);
    auto guarded = [&](const std::string& neutral) {
        return w.inBounds.empty() ? update : "(" + w.inBounds + " ? " + update + " : " + neutral + ")";
    };
    std::string statement;
    if (p == "scatter")
        statement = ctx.store(y, w.operand, guarded(target));
    else if (p == "scatter-add" || p == "scatter_add")
        statement = ctx.store(y, w.operand, guarded("0"), "+=");
    else if (p == "scatter-mul" || p == "scatter_mul")
        statement = ctx.store(y, w.operand, guarded("1"), "*=");
    else if (p == "scatter-max" || p == "scatter_max")
        statement = ctx.store(y, w.operand, guarded("-inf"), "max=");
    else if (p == "scatter-min" || p == "scatter_min")
        statement = ctx.store(y, w.operand, guarded("inf"), "min=");
    else
        throw Unsupported {"no template for this scatter"};
    ctx.emit(nest(uv, us, statement));
}

// sort(*operands; dimension, num_keys=1): every operand permuted into the order of the first (stable: ties keep
// their positions, as jnp.sort and argsort do). Element i's rank is the number of elements before it in that order;
// output position k takes the element of rank k. Bytes and the outputs are counted; the comparisons are not
// arithmetic (see Lowerer::emitComparisons). NaN keys are not ordered as XLA orders them (last).
void jaxSort(Lowerer& ctx, const TracedOp& op, const std::string&)
{
    if (param(op, "num_keys").kind == TraceArg::Int && param(op, "num_keys").intValue != 1)
        throw Unsupported {"a sort on several keys"};
    const std::string key = ctx.arg(op, 0).text;
    const Shape& ks = ctx.info(key).shape;
    const auto axis = static_cast<size_t>(normDim(param(op, "dimension").intValue, ks.size()));
    const Index v = vars(ks.size());
    Index j = v;
    j[axis] = "_j";
    const std::string rank = ctx.scratch(ctx.out(op) + "_rank", ks, "int32");
    const std::string a = ctx.at(key, j), b = ctx.at(key, v);
    const std::string before = "(" + a + " < " + b + " || (" + a + " == " + b + " && _j < " + v[axis] + "))";
    ctx.emitComparisons(loops(v, ks) + "{\n  " + ctx.store(rank, v, "0") + "\n  for _j in 0.." + str(ks[axis]) + " { "
                        + ctx.store(rank, v, "(" + before + " ? 1 : 0)", "+=") + " }\n}");
    for (size_t m = 0; m < op.outputs.size() && m < op.args.size(); ++m) {
        const std::string x = ctx.arg(op, m).text, y = ctx.out(op, m);
        ctx.emitComparisons(loops(v, ks) + "{\n  " + ctx.store(y, v, "0") + "\n  for _j in 0.." + str(ks[axis]) + " { "
                            + ctx.store(y, v, "(" + ctx.at(rank, j) + " == " + v[axis] + " ? " + ctx.at(x, j) + " : 0)", "+=") + " }\n}");
    }
}

} // namespace solar::trace
