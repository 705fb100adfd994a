// SPDX-License-Identifier: MIT
#include "engine/worker/dim.h"

#include <cctype>
#include <utility>

namespace solar::worker {

Dim::Dim(std::int64_t value, std::string expr)
    : m_value(value)
    , m_expr(std::move(expr))
{
    bool atomic = !m_expr.empty();
    for (const char c : m_expr)
        atomic = atomic && (std::isalnum(static_cast<unsigned char>(c)) || c == '_');
    m_level = atomic ? 0 : 2; // an expression from the tracer may be a sum: parenthesised when combined
}

std::string Dim::text() const
{
    return m_expr.empty() ? std::to_string(m_value) : m_expr;
}

std::string Dim::atom() const
{
    return m_level == 0 && (m_expr.empty() ? m_value >= 0 : true) ? text() : "(" + text() + ")";
}

// Literals fold; x + 0, x * 1, x // 1 simplify, so a trace without symbols lowers to the text it always did.
Dim combine(const Dim& a, const Dim& b, char op, std::int64_t value)
{
    if (!a.symbolic() && !b.symbolic())
        return Dim(value);
    const std::int64_t bv = b.value();
    if (!b.symbolic() && ((op == '+' || op == '-') && bv == 0 || (op == '*' || op == '/') && bv == 1))
        return a;
    if (!a.symbolic() && (op == '+' && a.value() == 0 || op == '*' && a.value() == 1))
        return b;
    if ((op == '*') && (!a.symbolic() && a.value() == 0 || !b.symbolic() && bv == 0))
        return Dim(0);
    Dim r;
    r.m_value = value;
    switch (op) {
    case '+':
        r.m_expr = a.text() + " + " + b.text();
        r.m_level = 2;
        break;
    case '-':
        r.m_expr = a.text() + " - " + (b.level() == 2 || (!b.symbolic() && bv < 0) ? "(" + b.text() + ")" : b.text());
        r.m_level = 2;
        break;
    default: {
        const std::string left = a.level() == 2 || (!a.symbolic() && a.value() < 0) ? "(" + a.text() + ")" : a.text();
        const std::string right = b.level() >= 1 || (!b.symbolic() && bv < 0) ? "(" + b.text() + ")" : b.text();
        r.m_expr = left + (op == '*' ? " * " : op == '/' ? " // " : " % ") + right;
        r.m_level = 1;
    }
    }
    return r;
}

Dim operator+(const Dim& a, const Dim& b)
{
    return combine(a, b, '+', a.value() + b.value());
}
Dim operator-(const Dim& a, const Dim& b)
{
    return combine(a, b, '-', a.value() - b.value());
}
Dim operator*(const Dim& a, const Dim& b)
{
    return combine(a, b, '*', a.value() * b.value());
}
Dim operator/(const Dim& a, const Dim& b)
{
    return combine(a, b, '/', b.value() == 0 ? 0 : a.value() / b.value());
}
Dim operator%(const Dim& a, const Dim& b)
{
    return combine(a, b, '%', b.value() == 0 ? 0 : a.value() % b.value());
}

Dim& Dim::operator+=(const Dim& o)
{
    return *this = *this + o;
}
Dim& Dim::operator-=(const Dim& o)
{
    return *this = *this - o;
}
Dim& Dim::operator*=(const Dim& o)
{
    return *this = *this * o;
}

} // namespace solar::worker
