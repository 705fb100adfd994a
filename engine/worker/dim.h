// SPDX-License-Identifier: MIT
// A size in a trace: its value at the traced sizes and, when the trace is symbolic (torch 2.x dynamic shapes), the
// ALIR expression over the size constants that it equals at every size. Lowering computes with Dims as with
// integers: decisions read the value (the conversion to int64), emitted text reads `text()`, and arithmetic keeps
// both, so a program lowered from a symbolic trace carries its sizes as expressions, exact by construction.
#pragma once

#include <concepts>
#include <cstdint>
#include <string>

namespace solar::worker {

class Dim
{
public:
    Dim() = default;
    Dim(std::int64_t value) // NOLINT(google-explicit-constructor): a literal size is a Dim
        : m_value(value)
    { }
    Dim(std::int64_t value, std::string expr);

    operator std::int64_t() const { return m_value; } // NOLINT(google-explicit-constructor): decisions read the value
    std::int64_t value() const { return m_value; }
    bool symbolic() const { return !m_expr.empty(); }
    /// The expression (or the number) as ALIR text.
    std::string text() const;
    /// The same, parenthesised unless it is a name or a number.
    std::string atom() const;
    /// Precedence of the text: 0 atom, 1 product, 2 sum (parentheses are added by the operators below).
    int level() const { return m_level; }

    Dim& operator+=(const Dim& o);
    Dim& operator-=(const Dim& o);
    Dim& operator*=(const Dim& o);

private:
    friend Dim combine(const Dim& a, const Dim& b, char op, std::int64_t value);
    std::int64_t m_value = 0;
    std::string m_expr; // empty: the number m_value
    int m_level = 0;
};

Dim operator+(const Dim& a, const Dim& b);
Dim operator-(const Dim& a, const Dim& b);
Dim operator*(const Dim& a, const Dim& b);
/// Floor division and modulo (sizes are non-negative: C++'s / and % agree with ALIR's // and %).
Dim operator/(const Dim& a, const Dim& b);
Dim operator%(const Dim& a, const Dim& b);

template<std::integral T>
Dim operator+(const Dim& a, T b)
{
    return a + Dim(static_cast<std::int64_t>(b));
}
template<std::integral T>
Dim operator+(T a, const Dim& b)
{
    return Dim(static_cast<std::int64_t>(a)) + b;
}
template<std::integral T>
Dim operator-(const Dim& a, T b)
{
    return a - Dim(static_cast<std::int64_t>(b));
}
template<std::integral T>
Dim operator-(T a, const Dim& b)
{
    return Dim(static_cast<std::int64_t>(a)) - b;
}
template<std::integral T>
Dim operator*(const Dim& a, T b)
{
    return a * Dim(static_cast<std::int64_t>(b));
}
template<std::integral T>
Dim operator*(T a, const Dim& b)
{
    return Dim(static_cast<std::int64_t>(a)) * b;
}
template<std::integral T>
Dim operator/(const Dim& a, T b)
{
    return a / Dim(static_cast<std::int64_t>(b));
}
template<std::integral T>
Dim operator/(T a, const Dim& b)
{
    return Dim(static_cast<std::int64_t>(a)) / b;
}
template<std::integral T>
Dim operator%(const Dim& a, T b)
{
    return a % Dim(static_cast<std::int64_t>(b));
}
template<std::integral T>
Dim operator%(T a, const Dim& b)
{
    return Dim(static_cast<std::int64_t>(a)) % b;
}

/// ALIR text of a size: `str(dim)` where lowering used std::to_string.
inline std::string str(const Dim& d)
{
    return d.text();
}

} // namespace solar::worker
