// SPDX-License-Identifier: MIT
#include "engine/frontend/validate/cudacheck.h"

#include "engine/frontend/native/csource.h"
#include "engine/frontend/validate/comparison.h"
#include "engine/ir/bindings.h"
#include "engine/ir/dtype.h"

#include <algorithm>
#include <array>
#include <cctype>
#include <cstring>
#include <map>
#include <optional>
#include <regex>
#include <set>

namespace solar::validate {

namespace {

using Values = std::map<std::string, std::int64_t>;

// Integer expressions as kernel sources write extents and launch configurations: names, literals (with u/l
// suffixes), + - * / % and parentheses, min/max. nullopt for anything else or a name without a value.
class IntExpr
{
public:
    IntExpr(const std::string& text, const Values& values)
        : m_text(text)
        , m_values(values)
    { }
    std::optional<std::int64_t> value()
    {
        auto v = sum();
        skip();
        return v && m_at == m_text.size() ? v : std::nullopt;
    }

private:
    void skip()
    {
        while (m_at < m_text.size() && std::isspace(static_cast<unsigned char>(m_text[m_at])))
            ++m_at;
    }
    bool eat(char c)
    {
        skip();
        if (m_at < m_text.size() && m_text[m_at] == c) {
            ++m_at;
            return true;
        }
        return false;
    }
    std::optional<std::int64_t> sum()
    {
        auto v = product();
        while (v) {
            if (eat('+')) {
                auto r = product();
                v = r ? std::optional(*v + *r) : std::nullopt;
            } else if (eat('-')) {
                auto r = product();
                v = r ? std::optional(*v - *r) : std::nullopt;
            } else {
                break;
            }
        }
        return v;
    }
    std::optional<std::int64_t> product()
    {
        auto v = atom();
        while (v) {
            const char op = (skip(), m_at < m_text.size() ? m_text[m_at] : '\0');
            if (op != '*' && op != '/' && op != '%')
                break;
            ++m_at;
            auto r = atom();
            if (!r || (op != '*' && *r == 0))
                return std::nullopt;
            v = op == '*' ? *v * *r : op == '/' ? *v / *r : *v % *r;
        }
        return v;
    }
    std::optional<std::int64_t> atom()
    {
        skip();
        if (eat('('))
            return [&]() -> std::optional<std::int64_t> {
                auto v = sum();
                return v && eat(')') ? v : std::nullopt;
            }();
        if (eat('-')) {
            auto v = atom();
            return v ? std::optional(-*v) : std::nullopt;
        }
        const size_t start = m_at;
        if (m_at < m_text.size() && std::isdigit(static_cast<unsigned char>(m_text[m_at]))) {
            while (m_at < m_text.size() && std::isdigit(static_cast<unsigned char>(m_text[m_at])))
                ++m_at;
            const std::int64_t v = std::stoll(m_text.substr(start, m_at - start));
            while (m_at < m_text.size() && std::strchr("uUlL", m_text[m_at]))
                ++m_at;
            return v;
        }
        while (m_at < m_text.size() && (std::isalnum(static_cast<unsigned char>(m_text[m_at])) || m_text[m_at] == '_'))
            ++m_at;
        const std::string name = m_text.substr(start, m_at - start);
        if (name == "min" || name == "max" || name == "std::min" || name == "std::max") {
            if (!eat('('))
                return std::nullopt;
            auto a = sum();
            if (!a || !eat(','))
                return std::nullopt;
            auto b = sum();
            if (!b || !eat(')'))
                return std::nullopt;
            return name.find("min") != std::string::npos ? std::min(*a, *b) : std::max(*a, *b);
        }
        if (const auto it = m_values.find(name); !name.empty() && it != m_values.end())
            return it->second;
        return std::nullopt;
    }

    std::string m_text;
    const Values& m_values;
    size_t m_at = 0;
};

std::optional<std::int64_t> evaluate(const std::string& text, const Values& values)
{
    return IntExpr(text, values).value();
}

// A launch dimension's x, y and z: `dim3(a, b)`, `dim3 name(a, b)` declared before the launch, `name` assigned
// an integer expression, or an integer expression.
std::optional<std::array<std::int64_t, 3>> dims(const std::string& expr, const std::string& hostText, const Values& values)
{
    static const std::regex kDim3(R"(^\s*dim3\s*\(([^()]*(?:\([^()]*\)[^()]*)*)\)\s*$)");
    std::smatch m;
    std::string inner = expr;
    if (std::regex_match(expr, m, kDim3)) {
        inner = m.str(1);
    } else if (std::regex_match(expr, std::regex(R"(\s*[A-Za-z_]\w*\s*)"))) {
        const std::string name = std::regex_replace(expr, std::regex(R"(\s)"), "");
        if (!values.count(name)) {
            std::smatch d;
            if (std::regex_search(hostText, d, std::regex(R"(\bdim3\s+)" + name + R"(\s*[\({]([^;]*)[\)}]\s*;)")))
                inner = d.str(1);
            else if (std::regex_search(hostText, d, std::regex(R"(\b)" + name + R"(\s*=\s*([^;]+);)")))
                inner = std::regex_replace(d.str(1), std::regex(R"(^\s*dim3\s*\((.*)\)\s*$)"), "$1");
        }
    }
    std::array<std::int64_t, 3> out {1, 1, 1};
    std::vector<std::string> parts;
    int depth = 0;
    std::string cur;
    for (char c : inner) {
        depth += c == '(' ? 1 : c == ')' ? -1 : 0;
        if (c == ',' && depth == 0) {
            parts.push_back(cur);
            cur.clear();
        } else {
            cur += c;
        }
    }
    parts.push_back(cur);
    if (parts.size() > 3)
        return std::nullopt;
    for (size_t i = 0; i < parts.size(); ++i) {
        const auto v = evaluate(parts[i], values);
        if (!v)
            return std::nullopt;
        out[i] = *v;
    }
    return out;
}

Validation refused(const std::string& why)
{
    Validation v;
    v.status = ValidationStatus::Mismatch;
    v.ran = false;
    v.details = why;
    return v;
}

} // namespace

Validation checkCudaProgram(const ir::Program& program, const std::string& file, const std::string& text)
{
    Validation v;
    const auto source = native::readCSource(text, file);
    if (!source) {
        v.details = "not validated (CUDA cannot run here), and the source cannot be read: " + source.diagnostics().front().format();
        return v;
    }
    const native::CFunction* kernel = native::entryFunction(*source, true);
    if (!kernel) {
        v.details = "not validated: CUDA cannot run here, and the source has no __global__ kernel to check the program against";
        return v;
    }
    const std::string body = source->text.substr(kernel->bodyBegin, kernel->bodyEnd - kernel->bodyBegin);
    Values values; // the file's constants, then the program's sizes (its defaults)
    for (const auto& c : source->constants)
        values[c.name] = c.value;
    if (const std::string wrong = wrongDefaults(program, values); !wrong.empty())
        return refused(wrong);
    const auto bound = ir::bindSizes(program);
    if (!bound)
        return refused("the program's sizes do not bind: " + bound.diagnostics().front().message);
    for (const auto& [name, value] : bound->values)
        values.emplace(name, value);
    std::vector<std::string> checked;
    // Every array the kernel indexes is a tensor of the program.
    int arrays = 0;
    for (const auto& p : kernel->params) {
        if (!p.pointer || !std::regex_search(body, std::regex(R"(\b)" + p.name + R"(\s*\[)")))
            continue;
        ++arrays;
        const ir::Decl* d = nullptr;
        for (const auto& x : program.decls)
            if (x.kind == ir::DeclKind::Tensor && x.name == p.name)
                d = &x;
        const std::string type = native::alirTypeOf(p.type);
        if (!d)
            return refused("the kernel indexes " + p.name + ", which is not a tensor of the program: declare `"
                           + (p.isConst ? "in " : "out ") + p.name + ": " + (type.empty() ? p.type : type) + "[...]`");
        if (!type.empty() && std::string(ir::dtypeName(d->dtype)) != type)
            return refused(p.name + " is declared " + std::string(ir::dtypeName(d->dtype)) + ", the kernel's is " + p.type + " (" + type
                           + ")");
        const bool input = d->tensorKind == ir::TensorKind::In || d->tensorKind == ir::TensorKind::Weight;
        if (input != p.isConst && p.isConst)
            return refused(p.name + " is const in the kernel (read only) but an output of the program");
    }
    checked.push_back(std::to_string(arrays) + " indexed array(s) named and typed as the kernel's");
    // The launch: the kernel's integer arguments there, and the threads it starts.
    const native::CLaunch* launch = nullptr;
    for (const auto& l : source->launches)
        if (l.kernel == kernel->name)
            launch = &l;
    // Host integers the launch may use (`const int blocks = (ROWS + threads - 1) / threads;`), a few passes so
    // that one may use another.
    static const std::regex kHostInt(R"(\b(?:const\s+)?(?:int|long|size_t|unsigned|int64_t|auto)\s+([A-Za-z_]\w*)\s*=\s*([^;{}]+);)");
    for (int pass = 0; pass < 3; ++pass)
        for (auto it = std::sregex_iterator(source->text.begin(), source->text.end(), kHostInt); it != std::sregex_iterator(); ++it)
            if (!values.count(it->str(1)))
                if (const auto x = evaluate(it->str(2), values))
                    values[it->str(1)] = *x;
    Values kernelValues = values;
    std::optional<std::array<std::int64_t, 3>> threads;
    if (launch && launch->args.size() == kernel->params.size()) {
        for (size_t i = 0; i < kernel->params.size(); ++i) {
            const auto& p = kernel->params[i];
            if (p.pointer)
                continue;
            const auto at = evaluate(launch->args[i], values);
            if (!at)
                continue;
            kernelValues[p.name] = *at;
            for (const auto& q : program.params)
                if (q.name == p.name && q.value != *at)
                    return refused("the kernel's " + p.name + " is " + launch->args[i] + " = " + std::to_string(*at)
                                   + " at its launch (line " + std::to_string(launch->line) + "), and the program's " + p.name
                                   + " defaults to " + std::to_string(q.value));
        }
        const auto grid = dims(launch->grid, source->text, values), block = dims(launch->block, source->text, values);
        if (grid && block)
            threads = std::array<std::int64_t, 3> {(*grid)[0] * (*block)[0], (*grid)[1] * (*block)[1], (*grid)[2] * (*block)[2]};
        checked.push_back("the launch on line " + std::to_string(launch->line)
                          + (threads ? " (" + std::to_string((*threads)[0]) + " x " + std::to_string((*threads)[1]) + " x "
                                     + std::to_string((*threads)[2]) + " threads)"
                                     : std::string(" (its grid not evaluated)")));
    } else {
        checked.push_back(launch ? "no launch arguments (their count differs from the kernel's)" : "no launch in the file");
    }
    // The program's extents: every dimension of its tensors, and each tensor's element count (a flattened index).
    std::set<std::int64_t> sizes;
    for (const auto& [name, shape] : bound->shapes) {
        sizes.insert(shape.begin(), shape.end());
        std::int64_t count = 1;
        for (std::int64_t d : shape)
            count *= d;
        sizes.insert(count);
    }
    std::set<std::string> integerParams;
    for (const auto& p : kernel->params)
        if (!p.pointer)
            integerParams.insert(p.name);
    // Thread indices (blockIdx.d * blockDim.d + threadIdx.d) and the extents the kernel runs them and its loops to.
    std::map<std::string, int> threadIndex; // variable -> dimension
    static const std::regex kIndex(
        R"(\b([A-Za-z_]\w*)\s*=\s*(?:blockIdx\.([xyz])\s*\*\s*blockDim\.\2\s*\+\s*threadIdx\.\2|threadIdx\.([xyz])\s*\+\s*blockIdx\.\3\s*\*\s*blockDim\.\3)\s*;)");
    for (auto it = std::sregex_iterator(body.begin(), body.end(), kIndex); it != std::sregex_iterator(); ++it)
        threadIndex[it->str(1)] = (it->str(2).empty() ? it->str(3) : it->str(2))[0] - 'x';
    static const std::regex kBound(R"(\b([A-Za-z_]\w*)\s*<\s*([A-Za-z_0-9][\w\s\+\-\*/%()]*?)\s*(?:;|\)|&&|\|\|))");
    int extents = 0;
    const bool gridStride = body.find("gridDim") != std::string::npos;
    for (auto it = std::sregex_iterator(body.begin(), body.end(), kBound); it != std::sregex_iterator(); ++it) {
        // Only an extent that is one of the kernel's integer parameters (`c < cols`): a tile count or an offset
        // need not be an extent of the program.
        const std::string limit = std::regex_replace(it->str(2), std::regex(R"(\s)"), "");
        const auto extent = integerParams.count(limit) ? evaluate(limit, kernelValues) : std::nullopt;
        if (!extent)
            continue;
        ++extents;
        if (!sizes.count(*extent))
            return refused(
                "the kernel runs " + it->str(1) + " up to " + it->str(2) + " = " + std::to_string(*extent)
                + ", which is no dimension of the program's tensors (nor any one's element count): its tensors must have the extents "
                  "the kernel runs over");
        if (const auto t = threadIndex.find(it->str(1));
            t != threadIndex.end() && threads && !gridStride && (*threads)[static_cast<size_t>(t->second)] < *extent)
            return refused("the launch starts " + std::to_string((*threads)[static_cast<size_t>(t->second)]) + " threads along "
                           + std::string(1, static_cast<char>('x' + t->second)) + " but the kernel guards " + it->str(1) + " < "
                           + std::to_string(*extent) + ": the source leaves elements unwritten, so no program can state its work");
    }
    checked.push_back(std::to_string(extents) + " loop and guard extent(s) among the program's sizes");
    v.status = ValidationStatus::Unvalidated;
    v.details = "not validated: CUDA kernels cannot run here (no GPU); checked without running: ";
    for (size_t i = 0; i < checked.size(); ++i)
        v.details += (i ? "; " : "") + checked[i];
    return v;
}

} // namespace solar::validate
