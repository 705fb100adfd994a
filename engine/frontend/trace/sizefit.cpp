// SPDX-License-Identifier: MIT
#include "engine/frontend/trace/sizefit.h"

#include "engine/ir/builtins.h"
#include "engine/ir/parser.h"
#include "engine/ir/printer.h"

#include <algorithm>
#include <cctype>
#include <cmath>
#include <cstdlib>
#include <limits>
#include <optional>
#include <set>
#include <unordered_map>

namespace solar::trace {

namespace {

using Vec = std::vector<std::int64_t>; // one value per sample

struct Token
{
    bool number = false;
    bool comment = false; // may differ between samples (it is not part of the program)
    bool isFloat = false;
    std::string text;
    double value = 0;
    int line = 1, col = 1;
};

// Splits ALIR text into numbers and everything else. Identifiers are never split (t10, _i0), comments are text,
// and `0..8` is two integers around a range operator.
std::vector<Token> tokenize(const std::string& s)
{
    std::vector<Token> out;
    int line = 1, col = 1;
    auto text = [&](size_t from, size_t to) {
        if (out.empty() || out.back().number || out.back().comment)
            out.push_back({});
        out.back().text.append(s, from, to - from);
    };
    size_t i = 0;
    auto advance = [&](size_t to) {
        for (; i < to; ++i) {
            if (s[i] == '\n') {
                ++line;
                col = 1;
            } else {
                ++col;
            }
        }
    };
    while (i < s.size()) {
        const char c = s[i];
        size_t j = i;
        if (c == '#') {
            while (j < s.size() && s[j] != '\n')
                ++j;
            Token t;
            t.comment = true;
            t.text = s.substr(i, j - i);
            out.push_back(std::move(t));
        } else if (std::isalpha(static_cast<unsigned char>(c)) || c == '_') {
            while (j < s.size() && (std::isalnum(static_cast<unsigned char>(s[j])) || s[j] == '_'))
                ++j;
            text(i, j);
        } else if (std::isdigit(static_cast<unsigned char>(c))) {
            bool isFloat = false;
            while (j < s.size() && std::isdigit(static_cast<unsigned char>(s[j])))
                ++j;
            if (j < s.size() && s[j] == '.' && !(j + 1 < s.size() && s[j + 1] == '.')) {
                isFloat = true;
                ++j;
                while (j < s.size() && std::isdigit(static_cast<unsigned char>(s[j])))
                    ++j;
            }
            if (j < s.size() && (s[j] == 'e' || s[j] == 'E')) {
                size_t k = j + 1;
                if (k < s.size() && (s[k] == '+' || s[k] == '-'))
                    ++k;
                if (k < s.size() && std::isdigit(static_cast<unsigned char>(s[k]))) {
                    isFloat = true;
                    j = k;
                    while (j < s.size() && std::isdigit(static_cast<unsigned char>(s[j])))
                        ++j;
                }
            }
            Token t;
            t.number = true;
            t.isFloat = isFloat;
            t.text = s.substr(i, j - i);
            t.value = std::strtod(t.text.c_str(), nullptr);
            t.line = line;
            t.col = col;
            out.push_back(std::move(t));
        } else {
            j = i + 1;
            text(i, j);
        }
        advance(j);
    }
    return out;
}

std::set<std::string> identifiers(const std::string& s)
{
    std::set<std::string> out;
    for (size_t i = 0; i < s.size();) {
        if (std::isalpha(static_cast<unsigned char>(s[i])) || s[i] == '_') {
            size_t j = i;
            while (j < s.size() && (std::isalnum(static_cast<unsigned char>(s[j])) || s[j] == '_'))
                ++j;
            out.insert(s.substr(i, j - i));
            i = j;
        } else {
            ++i;
        }
    }
    return out;
}

std::optional<std::int64_t> mul(std::int64_t a, std::int64_t b)
{
    std::int64_t p = 0;
    if (__builtin_mul_overflow(a, b, &p) || p > (std::int64_t(1) << 62) || p < -(std::int64_t(1) << 62))
        return std::nullopt;
    return p;
}

struct VecHash
{
    size_t operator()(const Vec& v) const
    {
        size_t h = 1469598103934665603ull;
        for (std::int64_t x : v)
            h = (h ^ static_cast<size_t>(x)) * 1099511628211ull;
        return h;
    }
};

std::string plus(const std::string& e, std::int64_t c)
{
    if (c == 0)
        return e;
    return e + (c > 0 ? " + " : " - ") + std::to_string(c > 0 ? c : -c);
}

// Floor division as Python does it (sizes can be negative in intermediate fits).
std::int64_t floorDiv(std::int64_t a, std::int64_t b)
{
    std::int64_t q = a / b;
    if ((a % b != 0) && ((a < 0) != (b < 0)))
        --q;
    return q;
}

std::string parenthesized(const std::string& e)
{
    const bool bare = std::all_of(e.begin(), e.end(), [](char c) { return std::isalnum(static_cast<unsigned char>(c)) || c == '_'; });
    return bare ? e : "(" + e + ")";
}

class Fitter
{
public:
    explicit Fitter(std::vector<std::pair<std::string, Vec>> params)
        : m_params(std::move(params))
    {
        for (const auto& [name, v] : m_params)
            addAtom(v, name);
    }

    /// Fits every vector with one-parameter forms first, so the products and sums of the second pass can be
    /// built from them (a flattened size is channels times two fitted spatial sizes).
    void prepare(const std::vector<Vec>& targets)
    {
        for (const Vec& v : targets)
            if (!m_atomOf.count(v))
                if (const auto e = singleParam(v))
                    addAtom(v, *e);
        for (size_t i = 0; i < m_atoms.size(); ++i) {
            for (size_t j = i; j < m_atoms.size(); ++j) {
                Vec sum(m_atoms[i].first.size());
                for (size_t s = 0; s < sum.size(); ++s)
                    sum[s] = m_atoms[i].first[s] + m_atoms[j].first[s];
                if (!m_sums.count(sum))
                    m_sums.emplace(sum, m_atoms[i].second + " + " + m_atoms[j].second);
            }
        }
    }

    std::optional<std::string> fitInt(const Vec& v) const
    {
        if (const auto it = m_atomOf.find(v); it != m_atomOf.end())
            return m_atoms[it->second].second;
        if (const auto e = singleParam(v))
            return e;
        if (const auto e = product(v, 4))
            return e;
        if (const auto it = m_sums.find(v); it != m_sums.end())
            return it->second;
        return std::nullopt;
    }

    /// A float that is a constant times or over one fitted size (`-log(10000) / half` in a timestep embedding).
    std::optional<std::string> fitScaled(const std::vector<double>& v) const
    {
        auto same = [](double a, double b) { return std::fabs(a - b) <= 1e-12 * std::max(std::fabs(a), std::fabs(b)); };
        for (const auto& [a, expr] : m_atoms) {
            if (std::any_of(a.begin(), a.end(), [](std::int64_t x) { return x == 0; }))
                continue;
            const double over = v[0] * static_cast<double>(a[0]), times = v[0] / static_cast<double>(a[0]);
            bool isOver = true, isTimes = true;
            for (size_t s = 1; s < v.size(); ++s) {
                isOver = isOver && same(v[s] * static_cast<double>(a[s]), over);
                isTimes = isTimes && same(v[s] / static_cast<double>(a[s]), times);
            }
            if (isOver)
                return "(" + ir::formatNumber(over) + " / cast<f64>(" + expr + "))";
            if (isTimes)
                return "(" + ir::formatNumber(times) + " * cast<f64>(" + expr + "))";
        }
        return std::nullopt;
    }

private:
    // v as a product of up to `depth` fitted sizes and a constant (a flattened [C, H', W'], a group norm's count
    // channels // groups * D' * H' * W').
    std::optional<std::string> product(const Vec& v, int depth) const
    {
        if (const auto it = m_atomOf.find(v); it != m_atomOf.end())
            return m_atoms[it->second].second;
        if (std::all_of(v.begin(), v.end(), [&](std::int64_t x) { return x == v[0]; }) && v[0] > 1)
            return std::to_string(v[0]);
        if (depth <= 1)
            return std::nullopt;
        Vec rest(v.size());
        for (const auto& [a, expr] : m_atoms) {
            bool divides = true, smaller = false;
            for (size_t s = 0; s < v.size() && divides; ++s) {
                divides = a[s] > 0 && v[s] % a[s] == 0;
                if (divides) {
                    rest[s] = v[s] / a[s];
                    smaller = smaller || a[s] > 1;
                }
            }
            if (!divides || !smaller)
                continue;
            if (const auto r = product(rest, depth - 1))
                return parenthesized(expr) + " * " + parenthesized(*r);
        }
        return std::nullopt;
    }

    void addAtom(const Vec& v, const std::string& expr)
    {
        if (m_atomOf.count(v))
            return;
        m_atomOf[v] = m_atoms.size();
        m_atoms.emplace_back(v, expr);
    }

    std::optional<std::string> singleParam(const Vec& v) const
    {
        for (const auto& [name, p] : m_params)
            if (const auto e = affine(v, name, p))
                return e;
        for (const auto& [name, p] : m_params)
            if (const auto e = quotient(v, name, p))
                return e;
        for (const auto& [name, p] : m_params)
            if (const auto e = shiftedQuotient(v, name, p))
                return e;
        return std::nullopt;
    }

    // v = p * c + d (padded sizes, transposed-convolution outputs, multiples).
    static std::optional<std::string> affine(const Vec& v, const std::string& name, const Vec& p)
    {
        size_t other = 0;
        while (other < p.size() && p[other] == p[0])
            ++other;
        if (other == p.size())
            return std::nullopt; // the parameter does not vary
        const std::int64_t dv = v[other] - v[0], dp = p[other] - p[0];
        if (dv % dp != 0)
            return std::nullopt;
        const std::int64_t c = dv / dp, d = v[0] - c * p[0];
        if (c <= 0)
            return std::nullopt;
        for (size_t s = 0; s < v.size(); ++s)
            if (mul(p[s], c).value_or(std::numeric_limits<std::int64_t>::min()) + d != v[s])
                return std::nullopt;
        return plus(c == 1 ? name : name + " * " + std::to_string(c), d);
    }

    // v = p // c (a size split into c parts, head_dim = d_model // heads).
    static std::optional<std::string> quotient(const Vec& v, const std::string& name, const Vec& p)
    {
        std::int64_t lo = 2, hi = std::numeric_limits<std::int64_t>::max();
        for (size_t s = 0; s < v.size(); ++s) {
            if (p[s] < 0 || v[s] < 0)
                return std::nullopt;
            lo = std::max(lo, p[s] / (v[s] + 1) + 1);
            if (v[s] > 0)
                hi = std::min(hi, p[s] / v[s]);
        }
        if (lo > hi)
            return std::nullopt;
        // Prefer a divisor of the default value: the split the model made.
        for (std::int64_t c = lo; c <= hi && c < lo + 4096; ++c)
            if (p[0] % c == 0)
                return name + " // " + std::to_string(c);
        return name + " // " + std::to_string(lo);
    }

    // v = (p + c) // s: convolution and pooling outputs, and chains of them.
    static std::optional<std::string> shiftedQuotient(const Vec& v, const std::string& name, const Vec& p)
    {
        const std::int64_t maxS = std::min<std::int64_t>(1 << 16, 2 * *std::max_element(p.begin(), p.end()) + 2);
        for (std::int64_t s = 2; s <= maxS; ++s) {
            std::int64_t lo = std::numeric_limits<std::int64_t>::min(), hi = std::numeric_limits<std::int64_t>::max();
            for (size_t k = 0; k < v.size() && lo <= hi; ++k) {
                const std::int64_t first = s * v[k] - p[k];
                lo = std::max(lo, first);
                hi = std::min(hi, first + s - 1);
            }
            if (lo > hi)
                continue;
            const std::int64_t c = lo <= 0 && hi >= 0 ? 0 : (std::abs(lo) < std::abs(hi) ? lo : hi);
            bool ok = true;
            for (size_t k = 0; k < v.size() && ok; ++k)
                ok = floorDiv(p[k] + c, s) == v[k];
            if (ok)
                return "(" + plus(name, c) + ") // " + std::to_string(s);
        }
        return std::nullopt;
    }

    std::vector<std::pair<std::string, Vec>> m_params;
    std::vector<std::pair<Vec, std::string>> m_atoms;
    std::unordered_map<Vec, size_t, VecHash> m_atomOf;
    std::unordered_map<Vec, std::string, VecHash> m_sums;
};

std::optional<Vec> integral(const std::vector<double>& values, double (*f)(double))
{
    Vec out;
    for (double x : values) {
        const double y = f(x);
        const double r = std::round(y);
        if (!std::isfinite(y) || std::fabs(r) > 1e15 || std::fabs(y - r) > 1e-9 * std::max(1.0, std::fabs(r)) || r < 1)
            return std::nullopt;
        out.push_back(static_cast<std::int64_t>(r));
    }
    return out;
}

Diagnostic fitError(const Token& t, std::string message)
{
    Diagnostic d;
    d.code = "sizes.fit";
    d.loc.line = t.line;
    d.loc.column = t.col;
    d.message = std::move(message);
    return d;
}

} // namespace

Expected<SizeFit> fitSizes(const std::vector<SizeSample>& samples, const std::map<std::string, std::int64_t>* defaults)
{
    if (samples.empty())
        return Expected<SizeFit>::failure(Diagnostic {Severity::Error, {}, {}, "sizes.fit", "no samples"});
    std::vector<std::vector<Token>> tokens;
    for (const auto& s : samples)
        tokens.push_back(tokenize(s.text));
    for (size_t k = 1; k < samples.size(); ++k) {
        bool same = tokens[k].size() == tokens[0].size();
        for (size_t i = 0; same && i < tokens[0].size(); ++i)
            same = tokens[k][i].number == tokens[0][i].number && tokens[k][i].comment == tokens[0][i].comment
                && (tokens[0][i].number || tokens[0][i].comment || tokens[k][i].text == tokens[0][i].text);
        if (!same)
            return Expected<SizeFit>::failure(Diagnostic {
                Severity::Error, {}, {}, "sizes.fit", "the programs lowered at different sizes differ in more than their numbers"});
    }

    // Parameters: the constants that change between samples, named as in the model unless that collides.
    SizeFit fit;
    const std::set<std::string> taken = identifiers(samples[0].text);
    std::vector<std::pair<std::string, Vec>> params;
    for (const auto& [name, value] : samples[0].sizes) {
        Vec v;
        bool varies = false;
        for (const auto& s : samples) {
            const auto it = s.sizes.find(name);
            v.push_back(it == s.sizes.end() ? value : it->second);
            varies = varies || v.back() != value;
        }
        if (!varies) {
            if (defaults && defaults->count(name) && defaults->at(name) != value)
                return Expected<SizeFit>::failure(
                    Diagnostic {Severity::Error,
                                {},
                                {},
                                "sizes.fit",
                                "'" + name + "' has one value in every sample but another at the requested sizes"});
            continue;
        }
        std::string alir = name;
        while (taken.count(alir) || ir::isKeyword(alir) || ir::findBuiltin(alir))
            alir += "_size";
        fit.paramOf[name] = alir;
        fit.defaults[alir] = value;
        if (defaults) {
            const auto d = defaults->find(name);
            if (d == defaults->end())
                return Expected<SizeFit>::failure(
                    Diagnostic {Severity::Error, {}, {}, "sizes.fit", "no default for size constant '" + name + "'"});
            fit.defaults[alir] = d->second;
        }
        params.emplace_back(alir, v);
    }
    // Two constants that agree at every sample cannot be told apart; the first in name order is used, which is
    // exact at every sample either way.
    Fitter fitter(params);

    std::vector<Vec> intTargets;
    for (size_t i = 0; i < tokens[0].size(); ++i) {
        const Token& t = tokens[0][i];
        if (!t.number || t.isFloat)
            continue;
        Vec v;
        for (const auto& tk : tokens)
            v.push_back(static_cast<std::int64_t>(tk[i].value));
        if (std::any_of(v.begin(), v.end(), [&](std::int64_t x) { return x != v[0]; }))
            intTargets.push_back(v);
    }
    fitter.prepare(intTargets);

    std::string out;
    for (size_t i = 0; i < tokens[0].size(); ++i) {
        const Token& t = tokens[0][i];
        if (!t.number) {
            out += t.text;
            continue;
        }
        std::vector<double> values;
        for (const auto& tk : tokens)
            values.push_back(tk[i].value);
        if (std::all_of(values.begin(), values.end(), [&](double x) { return x == values[0]; })) {
            out += t.text;
            continue;
        }
        // Literal-only positions: a loop step and a constant tensor's values.
        const std::string& before = i > 0 ? tokens[0][i - 1].text : std::string();
        const auto lineStart = out.rfind('\n');
        const std::string lineSoFar = out.substr(lineStart == std::string::npos ? 0 : lineStart + 1);
        const auto firstChar = lineSoFar.find_first_not_of(' ');
        const bool inConstValues = firstChar != std::string::npos && lineSoFar.compare(firstChar, 6, "const ") == 0
            && lineSoFar.find("= {") != std::string::npos;
        if (before.size() >= 5 && before.compare(before.size() - 5, 5, "step ") == 0)
            return Expected<SizeFit>::failure(fitError(t, "a loop step changes with the sizes"));
        if (inConstValues)
            return Expected<SizeFit>::failure(fitError(t, "a constant tensor's values change with the sizes"));
        std::optional<std::string> expr;
        if (!t.isFloat) {
            Vec v;
            for (double x : values)
                v.push_back(static_cast<std::int64_t>(x));
            if (const auto e = fitter.fitInt(v))
                expr = parenthesized(*e);
        } else if (const auto n = integral(values, [](double x) { return x; })) {
            if (const auto e = fitter.fitInt(*n))
                expr = "cast<f64>(" + *e + ")";
        } else if (const auto r = integral(values, [](double x) { return 1 / x; })) {
            if (const auto e = fitter.fitInt(*r))
                expr = "(1.0 / cast<f64>(" + *e + "))";
        } else if (const auto r2 = integral(values, [](double x) { return 1 / (x * x); })) {
            if (const auto e = fitter.fitInt(*r2))
                expr = "rsqrt(cast<f64>(" + *e + "))";
        } else if (const auto sq = integral(values, [](double x) { return x * x; })) {
            if (const auto e = fitter.fitInt(*sq))
                expr = "sqrt(cast<f64>(" + *e + "))";
        }
        if (!expr && t.isFloat)
            expr = fitter.fitScaled(values);
        if (!expr) {
            std::string seen;
            for (size_t k = 0; k < values.size(); ++k)
                seen += (k ? ", " : "") + tokens[k][i].text;
            return Expected<SizeFit>::failure(fitError(t, "no expression in the size constants gives " + seen + " at the sampled sizes"));
        }
        out += *expr;
        ++fit.numbersReplaced;
    }

    // The header: `kernel NAME()` becomes `kernel NAME(p=default, ...)`.
    const auto kernel = out.find("kernel ");
    const auto open = kernel == std::string::npos ? std::string::npos : out.find('(', kernel);
    if (open == std::string::npos || open + 1 >= out.size() || out[open + 1] != ')')
        return Expected<SizeFit>::failure(Diagnostic {Severity::Error, {}, {}, "sizes.fit", "the program has parameters already"});
    std::string header;
    for (const auto& [name, value] : params)
        header += (header.empty() ? "" : ", ") + name + "=" + std::to_string(fit.defaults.at(name));
    out.insert(open + 1, header);
    fit.text = std::move(out);
    return fit;
}

} // namespace solar::trace
