// SPDX-License-Identifier: MIT
#include "engine/graph/flatindex.h"

#include <algorithm>
#include <limits>
#include <vector>

namespace solar::graph {

namespace {

bool isBinary(const ir::Expr& e, ir::BinaryOp op)
{
    return e.kind == ir::ExprKind::Binary && e.binaryOp == op && e.args.size() == 2;
}

struct Digit
{
    const ir::Expr* flat = nullptr;
    std::int64_t stride = 1; // s
    std::int64_t radix = 0; // n; 0: unbounded (no %)
};

// `E // s % n`, `E % n` or `E // s`, with s and n constants.
std::optional<Digit> digitOf(const ir::Expr& e, const ir::NameResolver& resolve)
{
    Digit d;
    const ir::Expr* inner = &e;
    if (isBinary(e, ir::BinaryOp::Mod)) {
        const auto n = ir::evalConstInt(e.args[1], resolve);
        if (!n || *n <= 0)
            return std::nullopt;
        d.radix = *n;
        inner = &e.args[0];
    }
    if (isBinary(*inner, ir::BinaryOp::FloorDiv)) {
        const auto s = ir::evalConstInt(inner->args[1], resolve);
        if (!s || *s <= 0)
            return std::nullopt;
        d.stride = *s;
        inner = &inner->args[0];
    } else if (d.radix == 0) {
        return std::nullopt; // neither // nor %
    }
    d.flat = inner;
    return d;
}

} // namespace

std::optional<FlatIndex> flatIndexOf(const ir::Expr& access, const ir::NameResolver& resolve)
{
    if (access.kind != ir::ExprKind::Access)
        return std::nullopt;
    std::vector<Digit> digits;
    for (const ir::Expr& index : access.args) {
        if (ir::evalConstInt(index, resolve))
            continue; // a fixed coordinate
        auto d = digitOf(index, resolve);
        if (!d || (!digits.empty() && !ir::structurallyEqual(*d->flat, *digits.front().flat)))
            return std::nullopt;
        digits.push_back(*d);
    }
    if (digits.empty())
        return std::nullopt;
    std::sort(digits.begin(), digits.end(), [](const Digit& a, const Digit& b) { return a.stride > b.stride; });
    if (digits.back().stride != 1)
        return std::nullopt;
    for (size_t i = 0; i + 1 < digits.size(); ++i) {
        const Digit& inner = digits[i + 1];
        if (inner.radix <= 0 || inner.stride > std::numeric_limits<std::int64_t>::max() / inner.radix
            || digits[i].stride != inner.stride * inner.radix)
            return std::nullopt;
    }
    const Digit& outer = digits.front();
    FlatIndex f;
    f.flat = *outer.flat;
    if (outer.radix > 0) {
        if (outer.stride > std::numeric_limits<std::int64_t>::max() / outer.radix)
            return std::nullopt;
        f.span = outer.stride * outer.radix;
    }
    return f;
}

} // namespace solar::graph
