// SPDX-License-Identifier: MIT
// Complex tensors (DeepSeek-V2's rotary embedding: torch.polar, view_as_complex, a complex product, view_as_real).
// ALIR has real types only, so a complex tensor is lowered as the real tensor torch itself stores: its shape with a
// trailing dimension of 2 (real, imaginary), strides and offset in real elements. view_as_complex and view_as_real
// are then views that change nothing, and the few complex ops models use get templates here; any other op on a
// complex tensor has none and is listed as not counted.
#include "engine/frontend/trace/lowering/lowerer.h"

namespace solar::trace {

namespace {

bool isComplex(const std::string& dtype)
{
    return dtype == "complex64" || dtype == "complex128" || dtype == "complex32";
}

std::string realOf(const std::string& dtype)
{
    return dtype == "complex128" ? "float64" : dtype == "complex32" ? "float16" : "float32";
}

// The complex operand's element: part "0" (real) or "1" (imaginary) at the output's variables.
std::string part(Lowerer& ctx, const TraceArg& a, const Index& v, const Shape& outer, const char* which)
{
    Index vk = v;
    vk.push_back(which);
    Shape sk = outer;
    sk.push_back(2);
    return ctx.bcast(a, vk, sk);
}

void emitParts(Lowerer& ctx, const TracedOp& op,
               const std::function<std::pair<std::string, std::string>(const Index&, const Shape&)>& parts)
{
    const std::string o = ctx.out(op);
    const Shape& shape = ctx.info(o).shape;
    const Shape outer(shape.begin(), shape.end() - 1);
    const Index v = vars(outer.size());
    const auto [re, im] = parts(v, outer);
    Index v0 = v, v1 = v;
    v0.push_back("0");
    v1.push_back("1");
    ctx.emit(nest(v, outer, ctx.store(o, v0, re) + "\n  " + ctx.store(o, v1, im)));
}

} // namespace

// (a + ib)(c + id) = (ac - bd) + i(ad + bc); a real operand scales both parts. The third argument says which
// operands are complex ("cc", "cr", "rc"; complexAsReal writes it).
void complexMul(Lowerer& ctx, const TracedOp& op, const std::string&)
{
    const std::string kinds = ctx.arg(op, 2).text;
    emitParts(ctx, op, [&](const Index& v, const Shape& outer) -> std::pair<std::string, std::string> {
        const TraceArg &x = ctx.arg(op, 0), &y = ctx.arg(op, 1);
        if (kinds == "cc") {
            const std::string a = part(ctx, x, v, outer, "0"), b = part(ctx, x, v, outer, "1");
            const std::string c = part(ctx, y, v, outer, "0"), d = part(ctx, y, v, outer, "1");
            return {"(" + a + " * " + c + " - " + b + " * " + d + ")", "(" + a + " * " + d + " + " + b + " * " + c + ")"};
        }
        if (kinds == "cr" || kinds == "rc") {
            const TraceArg& z = kinds == "cr" ? x : y;
            const std::string r = ctx.bcast(kinds == "cr" ? y : x, v, outer);
            return {"(" + part(ctx, z, v, outer, "0") + " * " + r + ")", "(" + part(ctx, z, v, outer, "1") + " * " + r + ")"};
        }
        throw Unsupported {"a complex product of two real operands"};
    });
}

// torch.polar(abs, angle) = abs * (cos(angle) + i sin(angle)).
void polar(Lowerer& ctx, const TracedOp& op, const std::string&)
{
    emitParts(ctx, op, [&](const Index& v, const Shape& outer) -> std::pair<std::string, std::string> {
        const std::string r = ctx.bcast(ctx.arg(op, 0), v, outer), t = ctx.bcast(ctx.arg(op, 1), v, outer);
        return {"(" + r + " * cos(" + t + "))", "(" + r + " * sin(" + t + "))"};
    });
}

TraceResult complexAsReal(const TraceResult& trace)
{
    std::set<std::string> complex;
    for (const auto& t : trace.tensors)
        if (isComplex(t.dtype))
            complex.insert(t.name);
    if (complex.empty())
        return trace;
    TraceResult out = trace;
    for (auto& t : out.tensors) {
        if (!complex.count(t.name))
            continue;
        t.dtype = realOf(t.dtype);
        for (auto& s : t.stride)
            s = s * Dim(2);
        t.shape.push_back(2);
        t.stride.push_back(1);
        t.offset = t.offset * Dim(2);
    }
    auto isComplexArg = [&](const TraceArg& a) { return a.kind == TraceArg::Tensor && complex.count(a.text); };
    for (auto& op : out.ops) {
        const bool any
            = std::any_of(op.args.begin(), op.args.end(), isComplexArg) || std::any_of(op.outputs.begin(), op.outputs.end(), isComplexArg);
        if (!any || viewOps().count(op.op) || op.op == "aten::polar")
            continue;
        const bool allComplex = std::all_of(op.args.begin(), op.args.end(),
                                            [&](const TraceArg& a) { return a.kind != TraceArg::Tensor || complex.count(a.text); })
            && std::all_of(op.outputs.begin(), op.outputs.end(), isComplexArg);
        if (op.op == "aten::mul" && op.args.size() == 2) {
            op.runsAs = op.op;
            op.op = "solar::complex_mul";
            op.args.push_back({});
            op.args.back().kind = TraceArg::String;
            op.args.back().text = std::string(isComplexArg(op.args[0]) ? "c" : "r") + (isComplexArg(op.args[1]) ? "c" : "r");
        } else if (allComplex
                   && (op.op == "aten::add" || op.op == "aten::sub" || op.op == "aten::clone" || op.op == "aten::_to_copy"
                       || op.op == "aten::to" || op.op == "aten::contiguous")) {
            continue; // part by part, as the real ops do: the layouts agree
        } else {
            op.op += " (on complex tensors)"; // no template: listed as not counted
        }
    }
    return out;
}

} // namespace solar::trace
