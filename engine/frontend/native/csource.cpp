// SPDX-License-Identifier: MIT
#include "engine/frontend/native/csource.h"

#include <algorithm>
#include <regex>
#include <set>

namespace solar::native {

namespace {

// Comments, string and character literals as spaces (newlines kept), so that nothing inside them reads as code and
// every offset keeps its line. An unterminated comment or string is an error with its line.
Expected<std::string> blanked(const std::string& text, const std::string& file)
{
    std::string out = text;
    int line = 1;
    for (std::size_t i = 0; i < out.size(); ++i) {
        const char c = out[i];
        if (c == '\n') {
            ++line;
            continue;
        }
        auto blankUntil = [&](std::size_t end) {
            for (std::size_t k = i; k < end && k < out.size(); ++k)
                if (out[k] != '\n')
                    out[k] = ' ';
                else
                    ++line;
            i = end - 1;
        };
        if (c == '/' && i + 1 < out.size() && out[i + 1] == '/') {
            blankUntil(std::min(out.find('\n', i), out.size()));
        } else if (c == '/' && i + 1 < out.size() && out[i + 1] == '*') {
            const std::size_t end = out.find("*/", i + 2);
            if (end == std::string::npos)
                return Expected<std::string>::failure(
                    Diagnostic {Severity::Error, file, {line, 0}, "native.comment", "a /* comment is never closed"});
            blankUntil(end + 2);
        } else if (c == '"' || c == '\'') {
            std::size_t k = i + 1;
            while (k < out.size() && out[k] != c && out[k] != '\n')
                k += out[k] == '\\' ? 2 : 1;
            if (k >= out.size() || out[k] != c)
                return Expected<std::string>::failure(Diagnostic {
                    Severity::Error, file, {line, 0}, "native.string", "a string or character literal is not closed on its line"});
            blankUntil(k + 1);
        }
    }
    return out;
}

std::string trim(const std::string& s)
{
    const auto b = s.find_first_not_of(" \t\r\n");
    if (b == std::string::npos)
        return {};
    return s.substr(b, s.find_last_not_of(" \t\r\n") - b + 1);
}

// Splits at the commas outside (), [], {} and <>.
std::vector<std::string> splitTopLevel(const std::string& s)
{
    std::vector<std::string> parts;
    int depth = 0;
    std::string cur;
    for (char c : s) {
        if (c == '(' || c == '[' || c == '{' || c == '<')
            ++depth;
        else if (c == ')' || c == ']' || c == '}' || c == '>')
            --depth;
        if (c == ',' && depth == 0) {
            parts.push_back(trim(cur));
            cur.clear();
        } else {
            cur += c;
        }
    }
    if (!trim(cur).empty())
        parts.push_back(trim(cur));
    return parts;
}

std::optional<CParam> readParam(const std::string& text)
{
    static const std::set<std::string> kQualifiers = {"const",    "restrict",   "__restrict__", "__restrict",        "volatile", "struct",
                                                      "register", "__device__", "__shared__",   "__grid_constant__", "__const__"};
    static const std::regex kWord(R"([A-Za-z_]\w*|\*|\[[^\]]*\]|&)");
    CParam p;
    std::vector<std::string> words;
    bool sawStar = false;
    for (auto it = std::sregex_iterator(text.begin(), text.end(), kWord); it != std::sregex_iterator(); ++it) {
        const std::string w = it->str();
        if (w == "*" || w.front() == '[') {
            p.pointer = true;
            sawStar = true;
        } else if (w == "const" && !sawStar) {
            p.isConst = true;
        } else if (w != "&" && !kQualifiers.count(w)) {
            words.push_back(w);
        }
    }
    if (words.size() < 2)
        return std::nullopt; // `void`, or a parameter without a name
    p.name = words.back();
    words.pop_back();
    for (const auto& w : words)
        p.type += (p.type.empty() ? "" : " ") + w;
    return p;
}

} // namespace

Expected<CSource> readCSource(const std::string& text, const std::string& file)
{
    auto clean = blanked(text, file);
    if (!clean)
        return Expected<CSource>::failure(clean.diagnostics());
    CSource src;
    src.text = std::move(clean).value();
    const std::string& t = src.text;
    std::vector<int> lineAt(t.size() + 1, 1), depthAt(t.size() + 1, 0);
    {
        int line = 1, depth = 0;
        for (std::size_t i = 0; i < t.size(); ++i) {
            lineAt[i] = line;
            depthAt[i] = depth;
            if (t[i] == '\n')
                ++line;
            else if (t[i] == '{')
                ++depth;
            else if (t[i] == '}')
                depth = std::max(0, depth - 1);
        }
        lineAt[t.size()] = line;
        depthAt[t.size()] = depth;
    }
    auto offset = [&](const std::smatch& m, int group) { return static_cast<std::size_t>(m.position(group)); };
    static const std::regex kDefine(R"((^|\n)[ \t]*#[ \t]*define[ \t]+([A-Za-z_]\w*)[ \t]+\(?[ \t]*([0-9]+)[ \t]*\)?[ \t]*(?=\n|$))");
    for (auto it = std::sregex_iterator(t.begin(), t.end(), kDefine); it != std::sregex_iterator(); ++it) {
        const std::smatch& m = *it;
        src.constants.push_back({m.str(2), std::stoll(m.str(3)), lineAt[offset(m, 2)], offset(m, 3), offset(m, 3) + m.str(3).size()});
    }
    static const std::regex kConst(
        R"(\b(?:static\s+)?(?:const|constexpr)\s+(?:static\s+)?(?:unsigned\s+)?(?:int|long long|long|size_t|int64_t|int32_t|uint32_t|uint64_t)\s+([A-Za-z_]\w*)\s*=\s*([0-9]+)\s*;)");
    for (auto it = std::sregex_iterator(t.begin(), t.end(), kConst); it != std::sregex_iterator(); ++it) {
        const std::smatch& m = *it;
        if (depthAt[offset(m, 0)] == 0)
            src.constants.push_back({m.str(1), std::stoll(m.str(2)), lineAt[offset(m, 1)], offset(m, 2), offset(m, 2) + m.str(2).size()});
    }
    static const std::set<std::string> kNotFunctions = {"if", "for", "while", "switch", "return", "sizeof", "catch", "defined"};
    static const std::regex kFunction(R"(([A-Za-z_]\w*)\s*\(([^(){};]*)\)\s*(?:const\s*)?(?:noexcept\s*)?\{)");
    for (auto it = std::sregex_iterator(t.begin(), t.end(), kFunction); it != std::sregex_iterator(); ++it) {
        const std::smatch& m = *it;
        const std::size_t at = offset(m, 1);
        if (depthAt[at] != 0 || kNotFunctions.count(m.str(1)))
            continue;
        // The declaration's start: after the previous statement, block or preprocessor line.
        std::size_t start = at;
        while (start > 0 && t[start - 1] != ';' && t[start - 1] != '}' && t[start - 1] != '{') {
            if (t[start - 1] == '\n') {
                const std::size_t lineStart = t.rfind('\n', start - 2) == std::string::npos ? 0 : t.rfind('\n', start - 2) + 1;
                if (trim(t.substr(lineStart, start - 1 - lineStart)).rfind('#', 0) == 0)
                    break;
            }
            --start;
        }
        const std::string prefix = trim(t.substr(start, at - start));
        if (prefix.empty())
            continue; // a call, or a macro's use
        CFunction f;
        f.name = m.str(1);
        f.line = lineAt[at];
        f.isStatic = std::regex_search(prefix, std::regex(R"(\bstatic\b)"));
        f.global = std::regex_search(prefix, std::regex(R"(\b__global__\b)"));
        static const std::regex kLastType(R"(([A-Za-z_]\w*)\s*\**\s*$)");
        std::smatch r;
        if (std::regex_search(prefix, r, kLastType))
            f.returnType = r.str(1);
        for (const auto& part : splitTopLevel(m.str(2)))
            if (auto p = readParam(part))
                f.params.push_back(*p);
        f.bodyBegin = offset(m, 0) + static_cast<std::size_t>(m.length(0));
        f.bodyEnd = f.bodyBegin;
        while (f.bodyEnd < t.size() && depthAt[f.bodyEnd] > 0)
            ++f.bodyEnd;
        if (f.bodyEnd > f.bodyBegin)
            --f.bodyEnd; // the closing brace's own position has depth 1 before it
        f.bodyEnd = std::max(f.bodyBegin, f.bodyEnd);
        src.functions.push_back(std::move(f));
    }
    static const std::regex kLaunch(R"(([A-Za-z_]\w*)\s*<<<([\s\S]*?)>>>\s*\(([^;]*)\)\s*;)");
    for (auto it = std::sregex_iterator(t.begin(), t.end(), kLaunch); it != std::sregex_iterator(); ++it) {
        const std::smatch& m = *it;
        const auto config = splitTopLevel(m.str(2));
        CLaunch l;
        l.kernel = m.str(1);
        l.grid = config.empty() ? std::string() : config[0];
        l.block = config.size() > 1 ? config[1] : std::string();
        l.args = splitTopLevel(m.str(3));
        l.line = lineAt[offset(m, 1)];
        src.launches.push_back(std::move(l));
    }
    return src;
}

const CFunction* entryFunction(const CSource& source, bool cuda)
{
    const CFunction* entry = nullptr;
    for (const auto& f : source.functions)
        if (cuda ? f.global : (!f.isStatic && !f.global && f.returnType == "void"))
            entry = &f;
    return entry;
}

std::string alirTypeOf(const std::string& cType)
{
    static const std::vector<std::pair<std::set<std::string>, std::string>> kTypes = {
        {{"float"}, "f32"},
        {{"double"}, "f64"},
        {{"__half", "half"}, "f16"},
        {{"__nv_bfloat16"}, "bf16"},
        {{"int", "int32_t", "signed int"}, "i32"},
        {{"int64_t", "long", "long long", "long int", "ptrdiff_t"}, "i64"},
        {{"int16_t", "short"}, "i16"},
        {{"int8_t", "signed char"}, "i8"},
        {{"uint8_t", "unsigned char"}, "u8"},
        {{"bool"}, "bool"},
    };
    for (const auto& [names, alir] : kTypes)
        if (names.count(cType))
            return alir;
    return {};
}

std::string withConstants(const std::string& original, const CSource& source,
                          const std::vector<std::pair<std::string, std::int64_t>>& values)
{
    std::vector<std::pair<const CConstant*, std::int64_t>> edits;
    for (const auto& [name, value] : values)
        for (const auto& c : source.constants)
            if (c.name == name)
                edits.emplace_back(&c, value);
    // From the end, so that earlier offsets stay valid.
    std::sort(edits.begin(), edits.end(), [](const auto& a, const auto& b) { return a.first->valueBegin > b.first->valueBegin; });
    std::string out = original;
    for (const auto& [c, value] : edits)
        out.replace(c->valueBegin, c->valueEnd - c->valueBegin, std::to_string(value));
    return out;
}

} // namespace solar::native
