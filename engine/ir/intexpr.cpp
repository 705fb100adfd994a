// SPDX-License-Identifier: MIT
#include "engine/ir/intexpr.h"

#include <algorithm>
#include <limits>

namespace solar::ir {

namespace {

// `overflows` computes into its argument and says whether the exact result did not fit.
template<typename Op>
std::optional<std::int64_t> checked(Op overflows)
{
    std::int64_t r = 0;
    return overflows(&r) ? std::nullopt : std::optional<std::int64_t>(r);
}

} // namespace

std::optional<std::int64_t> checkedAdd(std::int64_t a, std::int64_t b)
{
    return checked([&](std::int64_t* r) { return __builtin_add_overflow(a, b, r); });
}

std::optional<std::int64_t> checkedSub(std::int64_t a, std::int64_t b)
{
    return checked([&](std::int64_t* r) { return __builtin_sub_overflow(a, b, r); });
}

std::optional<std::int64_t> checkedMul(std::int64_t a, std::int64_t b)
{
    return checked([&](std::int64_t* r) { return __builtin_mul_overflow(a, b, r); });
}

std::optional<std::int64_t> floorDiv(std::int64_t a, std::int64_t b)
{
    if (b == 0 || (a == std::numeric_limits<std::int64_t>::min() && b == -1))
        return std::nullopt;
    std::int64_t q = a / b;
    if ((a % b != 0) && ((a < 0) != (b < 0)))
        --q;
    return q;
}

std::optional<std::int64_t> floorMod(std::int64_t a, std::int64_t b)
{
    if (b == 0)
        return std::nullopt;
    if (b == -1)
        return 0;
    std::int64_t r = a % b;
    if (r != 0 && ((r < 0) != (b < 0)))
        r += b;
    return r;
}

// ---- affine forms ----

std::optional<AffineForm> AffineForm::plus(const AffineForm& o) const
{
    AffineForm r;
    const auto c = checkedAdd(constant, o.constant);
    if (!c)
        return std::nullopt;
    r.constant = *c;
    size_t i = 0, j = 0;
    while (i < terms.size() || j < o.terms.size()) {
        if (j == o.terms.size() || (i < terms.size() && terms[i].first < o.terms[j].first)) {
            r.terms.push_back(terms[i++]);
        } else if (i == terms.size() || o.terms[j].first < terms[i].first) {
            r.terms.push_back(o.terms[j++]);
        } else {
            const auto sum = checkedAdd(terms[i].second, o.terms[j].second);
            if (!sum)
                return std::nullopt;
            if (*sum != 0)
                r.terms.emplace_back(terms[i].first, *sum);
            ++i;
            ++j;
        }
    }
    return r;
}

std::optional<AffineForm> AffineForm::scaled(std::int64_t factor) const
{
    AffineForm r;
    if (factor == 0)
        return r;
    const auto c = checkedMul(constant, factor);
    if (!c)
        return std::nullopt;
    r.constant = *c;
    for (const auto& [slot, coef] : terms) {
        const auto m = checkedMul(coef, factor);
        if (!m)
            return std::nullopt;
        r.terms.emplace_back(slot, *m);
    }
    return r;
}

std::optional<AffineForm> AffineForm::minus(const AffineForm& o) const
{
    const auto neg = o.scaled(-1);
    if (!neg)
        return std::nullopt;
    return plus(*neg);
}

namespace {

// Size arithmetic that is not affine in form (floor division, min, max, ...) but involves no loop variable.
std::optional<AffineForm> constantForm(const Expr& e, const NameResolver& resolve)
{
    const auto v = evalConstInt(e, resolve);
    if (!v)
        return std::nullopt;
    AffineForm f;
    f.constant = *v;
    return f;
}

} // namespace

std::optional<AffineForm> toAffine(const Expr& e, const NameResolver& resolve)
{
    switch (e.kind) {
    case ExprKind::Int: {
        AffineForm f;
        f.constant = e.intValue;
        return f;
    }
    case ExprKind::Name: {
        const NameValue v = resolve(e.name);
        AffineForm f;
        if (v.kind == NameValue::Constant) {
            f.constant = v.value;
            return f;
        }
        if (v.kind == NameValue::Variable) {
            f.terms.emplace_back(static_cast<int>(v.value), 1);
            return f;
        }
        return std::nullopt;
    }
    case ExprKind::Unary: {
        if (e.unaryOp != UnaryOp::Neg || e.args.size() != 1)
            return std::nullopt;
        const auto a = toAffine(e.args[0], resolve);
        return a ? a->scaled(-1) : std::nullopt;
    }
    case ExprKind::Binary: {
        if (e.args.size() != 2)
            return std::nullopt;
        if (e.binaryOp != BinaryOp::Add && e.binaryOp != BinaryOp::Sub && e.binaryOp != BinaryOp::Mul)
            return constantForm(e, resolve); // `(H - 1) // 2` of sizes is a constant, not a loop-dependent index
        const auto a = toAffine(e.args[0], resolve);
        if (!a)
            return std::nullopt;
        const auto b = toAffine(e.args[1], resolve);
        if (!b)
            return std::nullopt;
        if (e.binaryOp == BinaryOp::Add)
            return a->plus(*b);
        if (e.binaryOp == BinaryOp::Sub)
            return a->minus(*b);
        if (a->isConstant())
            return b->scaled(a->constant);
        if (b->isConstant())
            return a->scaled(b->constant);
        return std::nullopt;
    }
    default: return constantForm(e, resolve);
    }
}

// ---- constant evaluation ----

std::optional<std::int64_t> evalConstInt(const Expr& e, const NameResolver& resolve, std::string* error)
{
    auto failWith = [&](std::string message) -> std::optional<std::int64_t> {
        if (error && error->empty())
            *error = std::move(message);
        return std::nullopt;
    };
    switch (e.kind) {
    case ExprKind::Int: return e.intValue;
    case ExprKind::Name: {
        const NameValue v = resolve(e.name);
        if (v.kind != NameValue::Constant)
            return failWith("'" + e.name + "' is not a size parameter or let");
        return v.value;
    }
    case ExprKind::Unary: {
        const auto a = evalConstInt(e.args.at(0), resolve, error);
        if (!a)
            return std::nullopt;
        if (e.unaryOp == UnaryOp::Not)
            return *a == 0 ? 1 : 0;
        const auto r = checkedSub(0, *a);
        return r ? r : failWith("integer overflow");
    }
    case ExprKind::Binary: {
        const auto a = evalConstInt(e.args.at(0), resolve, error);
        if (!a)
            return std::nullopt;
        const auto b = evalConstInt(e.args.at(1), resolve, error);
        if (!b)
            return std::nullopt;
        std::optional<std::int64_t> r;
        switch (e.binaryOp) {
        case BinaryOp::Add: r = checkedAdd(*a, *b); break;
        case BinaryOp::Sub: r = checkedSub(*a, *b); break;
        case BinaryOp::Mul: r = checkedMul(*a, *b); break;
        case BinaryOp::FloorDiv:
        case BinaryOp::Mod:
            if (*b == 0)
                return failWith("division by zero");
            r = e.binaryOp == BinaryOp::FloorDiv ? floorDiv(*a, *b) : floorMod(*a, *b);
            break;
        case BinaryOp::Lt: return *a < *b;
        case BinaryOp::Le: return *a <= *b;
        case BinaryOp::Gt: return *a > *b;
        case BinaryOp::Ge: return *a >= *b;
        case BinaryOp::Eq: return *a == *b;
        case BinaryOp::Ne: return *a != *b;
        case BinaryOp::And: return (*a != 0) && (*b != 0);
        case BinaryOp::Or: return (*a != 0) || (*b != 0);
        case BinaryOp::Div: return failWith("'/' is true division; use '//' for integer sizes");
        }
        return r ? r : failWith("integer overflow");
    }
    case ExprKind::Call: {
        if ((e.name == "min" || e.name == "max") && e.args.size() == 2) {
            const auto a = evalConstInt(e.args[0], resolve, error);
            if (!a)
                return std::nullopt;
            const auto b = evalConstInt(e.args[1], resolve, error);
            if (!b)
                return std::nullopt;
            return e.name == "min" ? std::min(*a, *b) : std::max(*a, *b);
        }
        if (e.name == "abs" && e.args.size() == 1) {
            const auto a = evalConstInt(e.args[0], resolve, error);
            if (!a)
                return std::nullopt;
            if (*a == std::numeric_limits<std::int64_t>::min())
                return failWith("integer overflow");
            return *a < 0 ? -*a : *a;
        }
        return failWith("'" + e.name + "(...)' is not an integer size function (min, max, abs)");
    }
    case ExprKind::Select: {
        const auto c = evalConstInt(e.args.at(0), resolve, error);
        if (!c)
            return std::nullopt;
        return evalConstInt(e.args.at(*c != 0 ? 1 : 2), resolve, error);
    }
    default: return failWith("not an integer size expression");
    }
}

// ---- intervals ----

namespace {

constexpr std::int64_t kInf = Interval::kUnbounded;
__extension__ typedef __int128 Wide; // exact products of two int64 values

std::int64_t clampInf(Wide v)
{
    if (v >= kInf)
        return kInf;
    if (v <= -kInf)
        return -kInf;
    return static_cast<std::int64_t>(v);
}

Interval add(Interval a, Interval b)
{
    if (a.empty() || b.empty())
        return {1, 0};
    return {clampInf(Wide(a.lo) + b.lo), clampInf(Wide(a.hi) + b.hi)};
}

Interval neg(Interval a)
{
    if (a.empty())
        return a;
    return {clampInf(-Wide(a.hi)), clampInf(-Wide(a.lo))};
}

Interval mul(Interval a, Interval b)
{
    if (a.empty() || b.empty())
        return {1, 0};
    const Wide c[4] = {Wide(a.lo) * b.lo, Wide(a.lo) * b.hi, Wide(a.hi) * b.lo, Wide(a.hi) * b.hi};
    return {clampInf(*std::min_element(c, c + 4)), clampInf(*std::max_element(c, c + 4))};
}

Interval divide(Interval a, Interval b)
{
    if (a.empty() || b.empty())
        return {1, 0};
    if (!a.bounded() || !b.bounded() || (b.lo <= 0 && b.hi >= 0))
        return Interval::all();
    // With a divisor of fixed sign, floor(a / b) is monotone in each argument: the corners bound it.
    std::int64_t lo = kInf, hi = -kInf;
    for (std::int64_t x : {a.lo, a.hi}) {
        for (std::int64_t y : {b.lo, b.hi}) {
            const auto q = floorDiv(x, y);
            if (!q)
                return Interval::all();
            lo = std::min(lo, *q);
            hi = std::max(hi, *q);
        }
    }
    return {lo, hi};
}

Interval modulo(Interval a, Interval b)
{
    if (a.empty() || b.empty())
        return {1, 0};
    if (b.lo > 0) {
        if (b.lo == b.hi && a.lo >= 0 && a.hi < b.lo)
            return a;
        return {0, b.hi - 1};
    }
    if (b.hi < 0)
        return {b.lo + 1, 0};
    return Interval::all();
}

Interval hull(Interval a, Interval b)
{
    if (a.empty())
        return b;
    if (b.empty())
        return a;
    return {std::min(a.lo, b.lo), std::max(a.hi, b.hi)};
}

} // namespace

Interval intervalOf(const AffineForm& f, const std::vector<Interval>& slots)
{
    Interval r = Interval::point(f.constant);
    for (const auto& [slot, coef] : f.terms) {
        const Interval v = slot >= 0 && slot < static_cast<int>(slots.size()) ? slots[slot] : Interval::all();
        r = add(r, mul(Interval::point(coef), v));
    }
    return r;
}

Interval intervalOf(const Expr& e, const NameResolver& resolve, const std::vector<Interval>& slots)
{
    switch (e.kind) {
    case ExprKind::Int: return Interval::point(e.intValue);
    case ExprKind::Name: {
        const NameValue v = resolve(e.name);
        if (v.kind == NameValue::Constant)
            return Interval::point(v.value);
        if (v.kind == NameValue::Variable && v.value >= 0 && v.value < static_cast<std::int64_t>(slots.size()))
            return slots[v.value];
        return Interval::all();
    }
    case ExprKind::Unary:
        if (e.unaryOp == UnaryOp::Neg)
            return neg(intervalOf(e.args.at(0), resolve, slots));
        return {0, 1};
    case ExprKind::Binary: {
        if (const auto f = toAffine(e, resolve))
            return intervalOf(*f, slots); // exact for each variable's own contribution (i - i is 0, not [-n, n])
        const Interval a = intervalOf(e.args.at(0), resolve, slots);
        const Interval b = intervalOf(e.args.at(1), resolve, slots);
        switch (e.binaryOp) {
        case BinaryOp::Add: return add(a, b);
        case BinaryOp::Sub: return add(a, neg(b));
        case BinaryOp::Mul: return mul(a, b);
        case BinaryOp::FloorDiv: return divide(a, b);
        case BinaryOp::Mod: return modulo(a, b);
        case BinaryOp::Div: return Interval::all();
        default: return {0, 1};
        }
    }
    case ExprKind::Call: {
        if ((e.name == "min" || e.name == "max") && e.args.size() == 2) {
            const Interval a = intervalOf(e.args[0], resolve, slots);
            const Interval b = intervalOf(e.args[1], resolve, slots);
            if (a.empty() || b.empty())
                return {1, 0};
            if (e.name == "min")
                return {std::min(a.lo, b.lo), std::min(a.hi, b.hi)};
            return {std::max(a.lo, b.lo), std::max(a.hi, b.hi)};
        }
        return Interval::all();
    }
    case ExprKind::Select: return hull(intervalOf(e.args.at(1), resolve, slots), intervalOf(e.args.at(2), resolve, slots));
    default: return Interval::all();
    }
}

} // namespace solar::ir
