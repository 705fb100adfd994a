// SPDX-License-Identifier: MIT
// Op templates: Losses: pointwise (MSE, L1, smooth L1, Huber) and negative log-likelihood.
#include "engine/frontend/trace/lowering/lowerer.h"

#include <cmath>
#include <sstream>

namespace solar::trace {

// Losses reduced to a scalar (reduction 1 = mean, 2 = sum) or kept per element (0).
void pointwiseLoss(Lowerer& ctx, const TracedOp& op, const std::string& name)
{
    const std::string x = ctx.arg(op, 0).text, t = ctx.arg(op, 1).text, y = ctx.out(op);
    const Shape& xs = ctx.info(x).shape;
    const std::int64_t reduction = ctx.arg(op, 2).kind == TraceArg::Int ? ctx.arg(op, 2).intValue : 1;
    const double beta = scalar(ctx.arg(op, 3), 1.0);
    const Index v = vars(xs.size());
    const std::string d = "(" + ctx.at(x, v) + " - " + ctx.at(t, v) + ")";
    std::string e;
    if (name == "aten::mse_loss")
        e = d + " * " + d;
    else if (name == "aten::l1_loss")
        e = "abs" + d;
    else if (name == "aten::smooth_l1_loss")
        e = "(abs" + d + " < " + num(beta) + " ? 0.5 * " + d + " * " + d + " / " + num(beta) + " : abs" + d + " - " + num(0.5 * beta) + ")";
    else
        e = "(abs" + d + " < " + num(beta) + " ? 0.5 * " + d + " * " + d + " : " + num(beta) + " * (abs" + d + " - " + num(0.5 * beta)
            + "))";
    if (reduction == 0)
        return ctx.emit(nest(v, xs, ctx.store(y, v, e)));
    const std::string scale = reduction == 1 ? " / " + real(product(xs)) : "";
    ctx.emit(ctx.at(y, {}) + " = 0;\n" + nest(v, xs, ctx.at(y, {}) + " += " + e + scale + ";"));
}

// Negative log-likelihood of log-probabilities [N, C] at integer targets [N]: a gather.
void nllLoss(Lowerer& ctx, const TracedOp& op, const std::string& /*name*/)
{
    const std::string x = ctx.arg(op, 0).text, t = ctx.arg(op, 1).text, y = ctx.out(op, 0);
    if (ctx.arg(op, 2).kind == TraceArg::Tensor)
        throw Unsupported {"class weights"};
    const std::int64_t reduction = ctx.arg(op, 3).kind == TraceArg::Int ? ctx.arg(op, 3).intValue : 1;
    const std::int64_t ignore = ctx.arg(op, 4).kind == TraceArg::Int ? ctx.arg(op, 4).intValue : -100;
    const Shape& xs = ctx.info(x).shape;
    if (xs.size() != 2)
        throw Unsupported {"nll_loss over more than two dimensions"};
    ctx.noteIndexRange(t, xs[1]);
    const std::string target = ctx.at(t, {"_n"});
    const std::string pick = "(" + target + " == " + std::to_string(ignore) + " ? 0.0 : -" + ctx.at(x, {"_n", target}) + ")";
    if (reduction == 0)
        return ctx.emit("for _n in 0.." + str(xs[0]) + " { " + ctx.store(y, {"_n"}, pick) + " }");
    std::string weight = "total_weight";
    if (op.outputs.size() > 1 && op.outputs[1].kind == TraceArg::Tensor)
        weight = op.outputs[1].text;
    else
        weight = ctx.scratch(y + "_weight", {}, ctx.info(y).dtype);
    const std::string w = ctx.at(weight, {});
    std::string text = w + " = 0;\nfor _n in 0.." + str(xs[0]) + " { " + w + " += " + target + " == " + std::to_string(ignore)
        + " ? 0.0 : 1.0; }\n" + ctx.at(y, {}) + " = 0;\nfor _n in 0.." + str(xs[0]) + " { " + ctx.at(y, {}) + " += " + pick
        + (reduction == 1 ? " / " + w : "") + "; }";
    ctx.emit(text);
}

} // namespace solar::trace
