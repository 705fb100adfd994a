// SPDX-License-Identifier: MIT
// A matrix product on rows flattened through a view, folded back into one op on the unflattened tensor. torch
// multiplies an N-d tensor by a matrix as view(-1, K) -> mm/addmm -> view(..., N): transformers' Conv1D (GPT-2's
// projections), `x @ W` on a 3-d x, any hand-written flatten-and-multiply. Lowered as traced, every row of the
// product is read through the flattening view, whose merged index unravels with // and % — the equation is
// unreadable ({(0+48*A+B)//960%2}...). The same product as a linear layer on the N-d tensor (solar::linear with the
// weight stored input-major) reads and writes with plain loop indices, and its values are identical: the view is a
// row-major reshape on both sides.
#include "engine/frontend/trace/lowering/lowerer.h"

#include <map>

namespace solar::trace {
namespace {

bool isReshape(const std::string& op)
{
    return op == "aten::view" || op == "aten::_unsafe_view" || op == "aten::reshape" || op == "aten::_reshape_alias";
}

// Each tensor's readers (ops whose arguments name it) and the model's outputs.
std::map<std::string, int> useCounts(const TraceResult& t)
{
    std::map<std::string, int> uses;
    auto count = [&](const TraceArg& a, auto&& self) -> void {
        if (a.kind == TraceArg::Tensor)
            ++uses[a.text];
        for (const auto& item : a.items)
            self(item, self);
    };
    for (const auto& op : t.ops) {
        for (const auto& a : op.args)
            count(a, count);
        for (const auto& [key, a] : op.kwargs)
            count(a, count);
    }
    for (const auto& o : t.outputs)
        uses[o] += 1;
    return uses;
}

bool isOne(const TracedOp& op, const char* key, size_t position)
{
    const TraceArg* a = op.kwargs.count(key) ? &op.kwargs.at(key) : position < op.args.size() ? &op.args[position] : nullptr;
    return !a || a->kind == TraceArg::None || ((a->kind == TraceArg::Int || a->kind == TraceArg::Float) && scalar(*a, 0) == 1.0);
}

} // namespace

TraceResult foldFlattenedMatmuls(const TraceResult& trace)
{
    TraceResult t = trace;
    const auto uses = useCounts(trace);
    std::map<std::string, int> producer; // tensor -> the op that writes it
    for (size_t i = 0; i < t.ops.size(); ++i)
        for (const auto& o : t.ops[i].outputs)
            if (o.kind == TraceArg::Tensor)
                producer[o.text] = static_cast<int>(i);
    auto single = [&](const TracedOp& op) { return op.outputs.size() == 1 && op.outputs[0].kind == TraceArg::Tensor; };
    for (size_t i = 0; i + 1 < t.ops.size(); ++i) {
        TracedOp& mm = t.ops[i];
        const bool addmm = mm.op == "aten::addmm";
        if ((!addmm && mm.op != "aten::mm") || !single(mm))
            continue;
        const size_t a = addmm ? 1 : 0;
        if (mm.args.size() < a + 2 || mm.args[a].kind != TraceArg::Tensor || mm.args[a + 1].kind != TraceArg::Tensor)
            continue;
        if (addmm && (!isOne(mm, "beta", 3) || !isOne(mm, "alpha", 4)))
            continue;
        if (addmm && mm.args[0].kind == TraceArg::Tensor && (!t.tensor(mm.args[0].text) || t.tensor(mm.args[0].text)->shape.size() > 1))
            continue; // a bias per flattened row does not broadcast over the unflattened ones
        // The rows: a reshape of an N-d tensor (N >= 3) keeping its last dimension.
        const auto from = producer.find(mm.args[a].text);
        if (from == producer.end() || !isReshape(t.ops[from->second].op) || !single(t.ops[from->second]))
            continue;
        const TracedTensor* rows = t.tensor(mm.args[a].text);
        const TracedTensor* x = t.tensor(firstTensor(t.ops[from->second]));
        const TracedTensor* w = t.tensor(mm.args[a + 1].text);
        if (!rows || !x || !w || x->shape.size() < 3 || rows->shape.size() != 2 || w->shape.size() != 2)
            continue;
        const Shape lead(x->shape.begin(), x->shape.end() - 1);
        if (rows->shape[1].value() != x->shape.back().value() || rows->shape[0].value() != product(lead).value())
            continue;
        // The product: read once, by a reshape back to the same leading dimensions (the very next op that names it).
        const std::string y2 = mm.outputs[0].text;
        const auto read = uses.find(y2);
        if (read == uses.end() || read->second != 1)
            continue;
        size_t j = i + 1;
        while (j < t.ops.size() && firstTensor(t.ops[j]) != y2)
            ++j;
        if (j == t.ops.size() || !isReshape(t.ops[j].op) || !single(t.ops[j]))
            continue;
        const TracedTensor* y = t.tensor(t.ops[j].outputs[0].text);
        if (!y || y->shape.size() != x->shape.size())
            continue;
        bool sameLead = y->shape.back().value() == w->shape[1].value();
        for (size_t d = 0; d + 1 < x->shape.size(); ++d)
            sameLead = sameLead && y->shape[d].value() == x->shape[d].value();
        if (!sameLead)
            continue;
        TracedOp linear;
        linear.op = "solar::linear";
        linear.overload = "";
        linear.args = {t.ops[from->second].args[0], mm.args[a + 1], addmm ? mm.args[0] : TraceArg {}};
        linear.kwargs["weight_layout"] = TraceArg {TraceArg::String, false, 0, 0, "in_out", {}, {}};
        linear.outputs = t.ops[j].outputs;
        linear.line = mm.line;
        linear.module = mm.module;
        linear.runsAs = mm.op;
        // Op indices stay as traced (provenance points into the trace): the product takes the back-reshape's
        // place, where its result is first read, and the multiply's own place becomes a folded view.
        t.ops[j] = std::move(linear);
        mm.op = "solar::folded";
        mm.args = {mm.args[a]};
        mm.kwargs.clear();
    }
    return t;
}

} // namespace solar::trace
