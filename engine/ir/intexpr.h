// SPDX-License-Identifier: MIT
// Integer semantics shared by the checker, the bounds analysis and the interpreter: Python-style floor division
// and modulo (sources are Python), overflow-checked arithmetic, affine forms of index expressions and interval
// evaluation. Names are looked up through a resolver, so the same code serves default sizes (checker) and bound
// sizes (interpreter).
#pragma once

#include "engine/core/smallvector.h"
#include "engine/ir/ast.h"

#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace solar::ir {

struct NameValue
{
    enum Kind { Unknown, Constant, Variable } kind = Unknown;
    std::int64_t value = 0; // the constant, or the loop variable's slot
};
using NameResolver = std::function<NameValue(const std::string&)>;

std::optional<std::int64_t> checkedAdd(std::int64_t a, std::int64_t b);
std::optional<std::int64_t> checkedSub(std::int64_t a, std::int64_t b);
std::optional<std::int64_t> checkedMul(std::int64_t a, std::int64_t b);
/// Python semantics: the quotient rounds toward -infinity and the remainder has the divisor's sign.
/// Both return nullopt for a zero divisor (and for INT64_MIN // -1).
std::optional<std::int64_t> floorDiv(std::int64_t a, std::int64_t b);
std::optional<std::int64_t> floorMod(std::int64_t a, std::int64_t b);

/// constant + sum(coef * var[slot]); terms sorted by slot, no zero coefficients.
struct AffineForm
{
    struct Term
    {
        int first = 0; // loop-variable slot
        std::int64_t second = 0; // coefficient
        bool operator==(const Term&) const = default;
    };
    std::int64_t constant = 0;
    SmallVector<Term, 4> terms;

    bool isConstant() const { return terms.empty(); }
    bool sameLinearPart(const AffineForm& other) const { return terms == other.terms; }
    std::optional<AffineForm> plus(const AffineForm& other) const;
    std::optional<AffineForm> scaled(std::int64_t factor) const;
    std::optional<AffineForm> minus(const AffineForm& other) const;
};

/// The affine form of an integer expression, or nullopt when it is not affine (tensor reads, //, %, min, max,
/// products of variables, float parts) or a coefficient overflows.
std::optional<AffineForm> toAffine(const Expr& e, const NameResolver& resolve);

/// Value of an expression that only involves constants (parameters, lets, literals, + - * // % min max abs and
/// the comparison/logical operators as 0/1). Returns nullopt with `error` set on overflow, division by zero or an
/// unknown or non-constant name.
std::optional<std::int64_t> evalConstInt(const Expr& e, const NameResolver& resolve, std::string* error = nullptr);

/// Closed integer interval; kUnbounded marks an unknown side. lo > hi means empty.
struct Interval
{
    static constexpr std::int64_t kUnbounded = std::int64_t(1) << 62;
    std::int64_t lo = -kUnbounded;
    std::int64_t hi = kUnbounded;
    bool empty() const { return lo > hi; }
    bool bounded() const { return lo > -kUnbounded && hi < kUnbounded; }
    static Interval point(std::int64_t v) { return {v, v}; }
    static Interval all() { return {}; }
};

/// Sound over-approximation of the values an integer expression takes when each loop variable slot lies in its
/// interval. Tensor reads give an unbounded interval.
Interval intervalOf(const Expr& e, const NameResolver& resolve, const std::vector<Interval>& slotIntervals);
Interval intervalOf(const AffineForm& f, const std::vector<Interval>& slotIntervals);

} // namespace solar::ir
