// SPDX-License-Identifier: MIT
#include "engine/frontend/trace/lowering/positionmasks.h"

namespace solar::trace {

namespace {

using worker::Dim;
using worker::TraceArg;
using worker::TracedOp;

using Sizes = std::vector<std::int64_t>;

Sizes sizesOf(const worker::TracedTensor& t)
{
    Sizes s;
    for (const Dim& d : t.shape)
        s.push_back(d.value());
    return s;
}

// `f` over a tensor of sizes `in`, read at the indices of `out` (numpy broadcasting, aligned right): a size-1 dim
// is read at 0, so its coefficient drops out.
std::optional<AffineForm> broadcast(const AffineForm& f, const Sizes& in, const Sizes& out)
{
    if (in.size() > out.size() || f.coeff.size() != in.size())
        return std::nullopt;
    AffineForm r;
    r.constant = f.constant;
    r.coeff.assign(out.size(), 0);
    const size_t lead = out.size() - in.size();
    for (size_t k = 0; k < in.size(); ++k) {
        if (in[k] == out[lead + k])
            r.coeff[lead + k] = f.coeff[k];
        else if (in[k] != 1)
            return std::nullopt;
    }
    return r;
}

AffineForm scaled(AffineForm f, std::int64_t by)
{
    f.constant = f.constant * Dim(by);
    for (auto& c : f.coeff)
        c *= by;
    return f;
}

AffineForm sum(const AffineForm& a, const AffineForm& b)
{
    AffineForm r = a;
    r.constant = a.constant + b.constant;
    for (size_t k = 0; k < r.coeff.size(); ++k)
        r.coeff[k] += b.coeff[k];
    return r;
}

bool isComparison(const std::string& op)
{
    return op == "aten::gt" || op == "aten::ge" || op == "aten::lt" || op == "aten::le";
}

bool isConjunction(const std::string& op)
{
    return op == "aten::bitwise_and" || op == "aten::logical_and" || op == "aten::__and__" || op == "aten::mul";
}

bool isCopy(const std::string& op)
{
    return op == "aten::lift_fresh" || op == "aten::detach" || op == "aten::clone" || op == "aten::alias" || op == "aten::_to_copy"
        || op == "aten::contiguous" || op == "aten::to" || op == "aten::lift_fresh_copy";
}

// A term "c * v" of a guard, with its sign in front.
std::string term(std::int64_t c, const std::string& v, bool first)
{
    const std::string sign = c < 0 ? (first ? "-" : " - ") : (first ? "" : " + ");
    const std::int64_t a = c < 0 ? -c : c;
    return sign + (a == 1 ? v : std::to_string(a) + " * " + v);
}

} // namespace

void PositionMasks::invalidate(const std::string& tensor)
{
    m_values.erase(tensor);
    m_masks.erase(tensor);
}

void PositionMasks::record(const TracedOp& op, const Info& info)
{
    // Whatever this op writes is unknown unless it is recognised below (an in-place op writes its first argument,
    // named as its output).
    for (const TraceArg& o : op.outputs)
        if (o.kind == TraceArg::Tensor)
            invalidate(o.text);
    if (op.outputs.empty() || op.outputs.front().kind != TraceArg::Tensor)
        return;
    const std::string out = op.outputs.front().text;
    const Sizes outSizes = sizesOf(info(out));
    const bool boolOut = info(out).dtype == "bool";
    auto arg = [&](size_t i) -> const TraceArg* { return i < op.args.size() ? &op.args[i] : nullptr; };
    auto intArg = [&](size_t i, const std::string& kw, std::int64_t fallback) -> std::optional<Dim> {
        const TraceArg* a = arg(i);
        if (!a || a->kind == TraceArg::None) {
            const auto k = op.kwargs.find(kw);
            if (k == op.kwargs.end() || k->second.kind == TraceArg::None)
                return Dim(fallback);
            a = &k->second;
        }
        if (a->kind != TraceArg::Int)
            return std::nullopt;
        return a->dim();
    };
    // A value (integer tensor or scalar) as a form over the output's indices.
    auto valueOf = [&](const TraceArg* a) -> std::optional<AffineForm> {
        if (!a)
            return std::nullopt;
        if (a->kind == TraceArg::Int) {
            AffineForm f;
            f.constant = a->dim();
            f.coeff.assign(outSizes.size(), 0);
            return f;
        }
        if (a->kind != TraceArg::Tensor)
            return std::nullopt;
        const auto it = m_values.find(a->text);
        if (it == m_values.end())
            return std::nullopt;
        return broadcast(it->second, sizesOf(info(a->text)), outSizes);
    };
    auto maskOf = [&](const TraceArg* a) -> std::optional<PositionPredicate> {
        if (!a || a->kind != TraceArg::Tensor)
            return std::nullopt;
        const auto it = m_masks.find(a->text);
        if (it == m_masks.end())
            return std::nullopt;
        PositionPredicate p;
        for (const auto& c : it->second.conditions) {
            const auto f = broadcast(c.form, sizesOf(info(a->text)), outSizes);
            if (!f)
                return std::nullopt;
            p.conditions.push_back({*f, c.strict});
        }
        return p;
    };

    const std::string& name = op.op;
    if (name == "aten::arange") {
        // arange(end), arange(start, end), arange(start, end, step): integers start + step * i.
        const bool withStart = op.overload == "start" || op.overload == "start_step" || op.overload == "start_out";
        const auto start = withStart ? intArg(0, "start", 0) : std::optional<Dim>(Dim(0));
        const auto step = op.overload == "start_step" ? intArg(2, "step", 1) : std::optional<Dim>(Dim(1));
        if (!start || !step || step->symbolic() || outSizes.size() != 1 || info(out).dtype.find("int") == std::string::npos)
            return;
        m_values[out] = AffineForm {*start, {step->value()}};
        return;
    }
    if (isCopy(name)) {
        const TraceArg* a = arg(0);
        if (!a || a->kind != TraceArg::Tensor || sizesOf(info(a->text)) != outSizes)
            return;
        // A cast to a 16-bit float rounds positions above 256 (bf16) or 2048 (fp16): not the same values.
        const std::string& to = info(out).dtype;
        if (to == "bfloat16" || to == "float16" || to.rfind("float8", 0) == 0)
            return;
        if (const auto v = m_values.find(a->text); v != m_values.end() && !boolOut)
            m_values[out] = v->second;
        if (const auto m = m_masks.find(a->text); m != m_masks.end() && boolOut)
            m_masks[out] = m->second;
        return;
    }
    if (name == "aten::unsqueeze" || name == "aten::expand" || name == "aten::view" || name == "aten::reshape"
        || name == "aten::_unsafe_view" || name == "aten::expand_as") {
        const TraceArg* a = arg(0);
        if (!a || a->kind != TraceArg::Tensor)
            return;
        const Sizes in = sizesOf(info(a->text));
        // The same elements in the same order when only size-1 dims come or go (unsqueeze, such a view); expand
        // broadcasts. Anything else (a reshape that merges dims) is not followed.
        std::vector<int> from(outSizes.size(), -1); // output dim -> input dim
        if (name == "aten::expand" || name == "aten::expand_as") {
            if (in.size() > outSizes.size())
                return;
            for (size_t k = 0; k < in.size(); ++k)
                if (in[k] == outSizes[outSizes.size() - in.size() + k])
                    from[outSizes.size() - in.size() + k] = static_cast<int>(k);
        } else {
            size_t k = 0;
            for (size_t o = 0; o < outSizes.size(); ++o) {
                while (k < in.size() && in[k] == 1 && outSizes[o] != 1)
                    ++k;
                if (outSizes[o] == 1 && (k >= in.size() || in[k] != 1))
                    continue; // a new size-1 dim
                if (k >= in.size() || in[k] != outSizes[o])
                    return;
                from[o] = static_cast<int>(k++);
            }
            for (; k < in.size(); ++k)
                if (in[k] != 1)
                    return;
        }
        auto remap = [&](const AffineForm& f) {
            AffineForm r;
            r.constant = f.constant;
            r.coeff.assign(outSizes.size(), 0);
            for (size_t o = 0; o < outSizes.size(); ++o)
                if (from[o] >= 0)
                    r.coeff[o] = f.coeff[static_cast<size_t>(from[o])];
            return r;
        };
        if (const auto v = m_values.find(a->text); v != m_values.end() && v->second.coeff.size() == in.size())
            m_values[out] = remap(v->second);
        if (const auto m = m_masks.find(a->text); m != m_masks.end()) {
            PositionPredicate p;
            for (const auto& c : m->second.conditions)
                p.conditions.push_back({remap(c.form), c.strict});
            m_masks[out] = p;
        }
        return;
    }
    if (name == "aten::slice") {
        // slice(x, dim, start, end, step): output index i reads input index start + step * i.
        const TraceArg* a = arg(0);
        if (!a || a->kind != TraceArg::Tensor || !m_values.count(a->text))
            return;
        const AffineForm& f = m_values.at(a->text);
        const auto dim = intArg(1, "dim", 0), start = intArg(2, "start", 0), step = intArg(4, "step", 1);
        if (!dim || !start || !step || step->symbolic() || start->value() < 0 || f.coeff.size() != outSizes.size())
            return;
        const auto d = static_cast<size_t>(dim->value() < 0 ? dim->value() + static_cast<std::int64_t>(outSizes.size()) : dim->value());
        if (d >= f.coeff.size())
            return;
        AffineForm r = f;
        r.constant = f.constant + *start * Dim(f.coeff[d]);
        r.coeff[d] = f.coeff[d] * step->value();
        m_values[out] = r;
        return;
    }
    if ((name == "aten::add" || name == "aten::sub") && !boolOut) {
        const auto a = valueOf(arg(0)), b = valueOf(arg(1));
        const auto alpha = intArg(2, "alpha", 1);
        if (!a || !b || !alpha || alpha->symbolic())
            return;
        m_values[out] = sum(*a, scaled(*b, (name == "aten::sub" ? -1 : 1) * alpha->value()));
        return;
    }
    if (isComparison(name) && boolOut) {
        const auto a = valueOf(arg(0)), b = valueOf(arg(1));
        if (!a || !b)
            return;
        // gt: a - b > 0; ge: a - b >= 0; lt: b - a > 0; le: b - a >= 0.
        const bool greater = name == "aten::gt" || name == "aten::ge";
        const AffineForm diff = greater ? sum(*a, scaled(*b, -1)) : sum(*b, scaled(*a, -1));
        m_masks[out] = PositionPredicate {{{diff, name == "aten::gt" || name == "aten::lt"}}};
        return;
    }
    if (isConjunction(name) && boolOut) {
        const auto a = maskOf(arg(0)), b = maskOf(arg(1));
        if (!a || !b)
            return;
        PositionPredicate p = *a;
        p.conditions.insert(p.conditions.end(), b->conditions.begin(), b->conditions.end());
        m_masks[out] = p;
        return;
    }
    if (boolOut && (name == "aten::new_ones" || name == "aten::ones" || name == "aten::ones_like")) {
        m_masks[out] = PositionPredicate {}; // true everywhere
        return;
    }
    if (boolOut && (name == "aten::full" || name == "aten::new_full" || name == "aten::scalar_tensor")) {
        const TraceArg* fill = arg(name == "aten::scalar_tensor" ? 0 : 1);
        const bool isTrue
            = fill && ((fill->kind == TraceArg::Bool && fill->boolValue) || (fill->kind == TraceArg::Int && fill->intValue != 0));
        if (isTrue)
            m_masks[out] = PositionPredicate {};
    }
}

const PositionPredicate* PositionMasks::predicate(const std::string& tensor) const
{
    const auto it = m_masks.find(tensor);
    return it == m_masks.end() ? nullptr : &it->second;
}

std::optional<std::string> PositionMasks::guard(const std::string& tensor, const std::vector<std::string>& vars) const
{
    const PositionPredicate* p = predicate(tensor);
    if (!p)
        return std::nullopt;
    std::string text;
    for (const auto& c : p->conditions) {
        if (c.form.coeff.size() > vars.size())
            return std::nullopt;
        const size_t lead = vars.size() - c.form.coeff.size();
        std::string expr;
        for (size_t k = 0; k < c.form.coeff.size(); ++k) {
            if (c.form.coeff[k] == 0)
                continue;
            if (vars[lead + k].empty())
                return std::nullopt;
            expr += term(c.form.coeff[k], vars[lead + k], expr.empty());
        }
        if (expr.empty()) {
            // A condition on no index: constant. True adds nothing; false would hide every pair, which a
            // guard states as well as a tensor does, but no mask builder makes one.
            if (c.form.constant.symbolic() || !(c.strict ? c.form.constant.value() > 0 : c.form.constant.value() >= 0))
                return std::nullopt;
            continue;
        }
        const std::string constant = c.form.constant.symbolic() ? " + " + c.form.constant.atom()
            : c.form.constant.value() == 0                      ? ""
            : c.form.constant.value() < 0                       ? " - " + std::to_string(-c.form.constant.value())
                                                                : " + " + std::to_string(c.form.constant.value());
        text += (text.empty() ? "" : " && ") + std::string("(") + expr + constant + (c.strict ? " > 0)" : " >= 0)");
    }
    return text;
}

} // namespace solar::trace
