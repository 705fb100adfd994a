// SPDX-License-Identifier: MIT
#include "engine/problem/axisexpr.h"

#include <algorithm>
#include <cctype>
#include <cmath>
#include <numeric>
#include <optional>
#include <stdexcept>

namespace solar::problem {

namespace {

struct ExprError : std::runtime_error
{
    ExprError(size_t at, const std::string& what)
        : std::runtime_error(what)
        , column(static_cast<int>(at) + 1)
    { }
    int column;
};

// Recursive descent over the text; `values` null: syntax and names only.
class Evaluator
{
public:
    Evaluator(const std::string& text, const AxisValues* values, const TensorValues* tensors = nullptr)
        : m_text(text)
        , m_values(values)
        , m_tensorValues(tensors)
    { }

    double run()
    {
        const double v = orExpr();
        skip();
        if (m_at != m_text.size())
            throw ExprError(m_at, "unexpected '" + m_text.substr(m_at, 1) + "'");
        return v;
    }
    const std::vector<std::string>& names() const { return m_names; }
    const std::vector<std::string>& tensors() const { return m_tensors; }

private:
    void skip()
    {
        while (m_at < m_text.size() && std::isspace(static_cast<unsigned char>(m_text[m_at])))
            ++m_at;
    }
    bool symbol(const char* s)
    {
        skip();
        const std::string_view sv(s);
        if (m_text.compare(m_at, sv.size(), sv) != 0)
            return false;
        // "*" must not take the first half of "**", "/" of "//", "<" of "<=".
        const char next = m_at + sv.size() < m_text.size() ? m_text[m_at + sv.size()] : '\0';
        if ((sv == "*" && next == '*') || (sv == "/" && next == '/') || ((sv == "<" || sv == ">" || sv == "=" || sv == "!") && next == '='))
            return false;
        m_at += sv.size();
        return true;
    }
    bool keyword(const char* word)
    {
        skip();
        const std::string_view w(word);
        if (m_text.compare(m_at, w.size(), w) != 0)
            return false;
        const size_t end = m_at + w.size();
        if (end < m_text.size() && (std::isalnum(static_cast<unsigned char>(m_text[end])) || m_text[end] == '_'))
            return false;
        m_at = end;
        return true;
    }
    static double truth(bool b) { return b ? 1.0 : 0.0; }

    double orExpr()
    {
        double v = andExpr();
        while (keyword("or")) {
            const double r = andExpr();
            v = v != 0 ? v : r;
        }
        return v;
    }
    double andExpr()
    {
        double v = notExpr();
        while (keyword("and")) {
            const double r = notExpr();
            v = v == 0 ? v : r;
        }
        return v;
    }
    double notExpr()
    {
        if (keyword("not"))
            return truth(notExpr() == 0);
        return comparison();
    }
    double comparison()
    {
        double left = arith();
        bool all = true, any = false;
        for (;;) {
            int op = -1;
            static const char* const ops[] = {"==", "!=", "<=", ">=", "<", ">"};
            for (int i = 0; i < 6 && op < 0; ++i)
                if (symbol(ops[i]))
                    op = i;
            if (op < 0)
                break;
            any = true;
            const double right = arith();
            const bool holds = op == 0 ? left == right
                : op == 1              ? left != right
                : op == 2              ? left <= right
                : op == 3              ? left >= right
                : op == 4              ? left < right
                                       : left > right;
            all = all && holds;
            left = right;
        }
        return any ? truth(all) : left;
    }
    double arith()
    {
        double v = term();
        for (;;) {
            if (symbol("+"))
                v += term();
            else if (symbol("-"))
                v -= term();
            else
                return v;
        }
    }
    double term()
    {
        double v = factor();
        for (;;) {
            const size_t at = m_at;
            if (symbol("*")) {
                v *= factor();
            } else if (symbol("//")) {
                const double d = factor();
                v = std::floor(divide(v, d, at));
            } else if (symbol("/")) {
                v = divide(v, factor(), at);
            } else if (symbol("%")) {
                const double d = factor();
                divide(v, d, at);
                if (m_values)
                    v = v - d * std::floor(v / d);
            } else {
                return v;
            }
        }
    }
    double divide(double a, double b, size_t at) const
    {
        if (m_values && b == 0)
            throw ExprError(at, "division by zero");
        return m_values ? a / b : 0;
    }
    double factor()
    {
        if (symbol("+"))
            return factor();
        if (symbol("-"))
            return -factor();
        return power();
    }
    double power()
    {
        const double base = atom();
        if (symbol("**"))
            return std::pow(base, factor());
        return base;
    }
    double atom()
    {
        skip();
        if (m_at >= m_text.size())
            throw ExprError(m_at, "the expression ends where a value was expected");
        const char c = m_text[m_at];
        if (symbol("(")) {
            const double v = orExpr();
            if (!symbol(")"))
                throw ExprError(m_at, "')' expected");
            return v;
        }
        if (std::isdigit(static_cast<unsigned char>(c)) || c == '.') {
            size_t used = 0;
            double v = 0;
            try {
                v = std::stod(m_text.substr(m_at), &used);
            } catch (const std::exception&) {
                throw ExprError(m_at, "not a number");
            }
            m_at += used;
            return v;
        }
        if (std::isalpha(static_cast<unsigned char>(c)) || c == '_') {
            const size_t start = m_at;
            while (m_at < m_text.size() && (std::isalnum(static_cast<unsigned char>(m_text[m_at])) || m_text[m_at] == '_'))
                ++m_at;
            const std::string name = m_text.substr(start, m_at - start);
            if (name == "True" || name == "False")
                return truth(name == "True");
            if (name == "and" || name == "or" || name == "not")
                throw ExprError(start, "'" + name + "' where a value was expected");
            if (m_text.compare(m_at, 1, "(") == 0 || (skip(), m_at < m_text.size() && m_text[m_at] == '('))
                throw ExprError(start, "'" + name + "(...)': calls are not part of an axis expression");
            if (m_at < m_text.size() && (m_text[m_at] == '[' || m_text[m_at] == '.'))
                return tensorValue(name, start);
            m_names.push_back(name);
            if (!m_values)
                return 1;
            const auto it = m_values->find(name);
            if (it == m_values->end())
                throw ExprError(start, "'" + name + "' is not an axis with a value here");
            return it->second;
        }
        throw ExprError(m_at, std::string("unexpected '") + c + "'");
    }

    // An input tensor's value, FlashInfer's data-dependent constraints ("num_kv_indices == kv_indptr[-1].item()"):
    // the name, then subscripts and the accessors item(), sum(), max(), min(), numel() and shape[k]. Only the syntax
    // is checked here; the values exist once the inputs are made (problemsource.cpp checks them there).
    double tensorValue(const std::string& name, size_t start)
    {
        // The value as Python computes it: a view of the tensor (offset, shape, strides) or, after a reduction, a number.
        const TensorData* data = nullptr;
        if (m_values) {
            const auto it = m_tensorValues ? m_tensorValues->find(name) : TensorValues::const_iterator();
            if (!m_tensorValues || it == m_tensorValues->end())
                throw ExprError(start, "'" + name + "' is an input tensor: its values are checked when the inputs are made");
            data = &it->second;
        }
        std::int64_t offset = 0;
        std::vector<std::int64_t> shape = data ? data->shape : std::vector<std::int64_t> {}, strides(shape.size(), 1);
        for (size_t i = shape.size(); i-- > 1;)
            strides[i - 1] = strides[i] * shape[i];
        std::optional<double> number;
        auto elements = [&] {
            std::vector<double> out;
            std::vector<std::int64_t> at(shape.size(), 0);
            std::int64_t total = 1;
            for (auto n : shape)
                total *= n;
            for (std::int64_t k = 0; k < total; ++k) {
                std::int64_t flat = offset, rest = k;
                for (size_t i = shape.size(); i-- > 0;) {
                    flat += rest % shape[i] * strides[i];
                    rest /= shape[i];
                }
                out.push_back(data->values.at(static_cast<size_t>(flat)));
            }
            return out;
        };
        for (;;) {
            const size_t at = m_at;
            if (symbol("[")) {
                const double index = orExpr();
                if (!symbol("]"))
                    throw ExprError(m_at, "']' expected");
                if (!data)
                    continue;
                if (number || shape.empty())
                    throw ExprError(at, "a subscript of a number");
                const auto i
                    = static_cast<std::int64_t>(index) < 0 ? static_cast<std::int64_t>(index) + shape[0] : static_cast<std::int64_t>(index);
                if (i < 0 || i >= shape[0])
                    throw ExprError(at,
                                    "index " + std::to_string(static_cast<std::int64_t>(index)) + " is out of range for '" + name
                                        + "' (length " + std::to_string(shape[0]) + ")");
                offset += i * strides[0];
                shape.erase(shape.begin());
                strides.erase(strides.begin());
            } else if (symbol(".")) {
                skip();
                const size_t memberAt = m_at;
                while (m_at < m_text.size() && (std::isalnum(static_cast<unsigned char>(m_text[m_at])) || m_text[m_at] == '_'))
                    ++m_at;
                const std::string member = m_text.substr(memberAt, m_at - memberAt);
                if (member == "shape") {
                    if (!symbol("["))
                        throw ExprError(m_at, "'.shape' takes a subscript: '.shape[0]'");
                    const double k = orExpr();
                    if (!symbol("]"))
                        throw ExprError(m_at, "']' expected");
                    if (data) {
                        const auto d = static_cast<std::int64_t>(k) < 0
                            ? static_cast<std::int64_t>(k) + static_cast<std::int64_t>(shape.size())
                            : static_cast<std::int64_t>(k);
                        if (number || d < 0 || d >= static_cast<std::int64_t>(shape.size()))
                            throw ExprError(memberAt, "'.shape' has no dimension " + std::to_string(static_cast<std::int64_t>(k)));
                        number = static_cast<double>(shape[static_cast<size_t>(d)]);
                    }
                } else if (member == "item" || member == "sum" || member == "max" || member == "min" || member == "numel") {
                    if (!symbol("(") || !symbol(")"))
                        throw ExprError(m_at, "'." + member + "()' takes no arguments");
                    if (!data || (number && member == "item"))
                        continue;
                    const std::vector<double> v = number ? std::vector<double> {*number} : elements();
                    if (member == "item" && v.size() != 1)
                        throw ExprError(memberAt, "'.item()' of " + std::to_string(v.size()) + " values");
                    if ((member == "max" || member == "min") && v.empty())
                        throw ExprError(memberAt, "'." + member + "()' of no values");
                    number = member == "numel" ? static_cast<double>(v.size())
                        : member == "sum"      ? std::accumulate(v.begin(), v.end(), 0.0)
                        : member == "max"      ? *std::max_element(v.begin(), v.end())
                        : member == "min"      ? *std::min_element(v.begin(), v.end())
                                               : v.front();
                } else {
                    throw ExprError(memberAt,
                                    "'." + member
                                        + "': a tensor's value is read with [i], .item(), .sum(), .max(), .min(), "
                                          ".numel() or .shape[k]");
                }
            } else {
                break;
            }
        }
        m_tensors.push_back(name);
        if (!data)
            return 1;
        if (number)
            return *number;
        const std::vector<double> v = elements();
        if (v.size() != 1)
            throw ExprError(start, "'" + name + "...' is " + std::to_string(v.size()) + " values, not one number");
        return v.front();
    }

    const std::string& m_text;
    const AxisValues* m_values;
    const TensorValues* m_tensorValues = nullptr;
    size_t m_at = 0;
    std::vector<std::string> m_names;
    std::vector<std::string> m_tensors; // names read as tensor values
};

Diagnostic exprError(const ExprError& e, const std::string& text)
{
    return {
        Severity::Error, {}, {1, e.column}, "problem.expression", "'" + text + "', column " + std::to_string(e.column) + ": " + e.what()};
}

} // namespace

Expected<double> evaluateAxisExpression(const std::string& text, const AxisValues& values, const TensorValues* tensors)
{
    Evaluator e(text, &values, tensors);
    try {
        return e.run();
    } catch (const ExprError& error) {
        return Expected<double>::failure(exprError(error, text));
    }
}

Expected<std::vector<std::string>> axisExpressionNames(const std::string& text)
{
    Evaluator e(text, nullptr);
    try {
        e.run();
    } catch (const ExprError& error) {
        return Expected<std::vector<std::string>>::failure(exprError(error, text));
    }
    return e.names();
}

std::pair<std::string, std::string> definedAxis(const std::string& constraint)
{
    const size_t eq = constraint.find("==");
    if (eq == std::string::npos || constraint.find("==", eq + 2) != std::string::npos)
        return {};
    auto trim = [](std::string s) {
        const auto b = s.find_first_not_of(" \t"), e = s.find_last_not_of(" \t");
        return b == std::string::npos ? std::string() : s.substr(b, e - b + 1);
    };
    const std::string left = trim(constraint.substr(0, eq)), right = trim(constraint.substr(eq + 2));
    auto bareName = [](const std::string& s) {
        return !s.empty() && (std::isalpha(static_cast<unsigned char>(s[0])) || s[0] == '_')
            && std::all_of(s.begin(), s.end(), [](char c) { return std::isalnum(static_cast<unsigned char>(c)) || c == '_'; });
    };
    for (const auto& [axis, other] : {std::pair {left, right}, std::pair {right, left}}) {
        if (!bareName(axis))
            continue;
        const auto names = axisExpressionNames(other);
        if (names && std::find(names->begin(), names->end(), axis) == names->end())
            return {axis, other};
    }
    return {};
}

std::vector<std::string> axisExpressionTensors(const std::string& text)
{
    Evaluator e(text, nullptr);
    try {
        e.run();
    } catch (const ExprError&) {
        return {};
    }
    return e.tensors();
}

} // namespace solar::problem
