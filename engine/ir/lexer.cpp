// SPDX-License-Identifier: MIT
#include "engine/ir/lexer.h"

#include <cctype>
#include <charconv>
#include <cmath>
#include <cstdio>

namespace solar::ir {

namespace {

bool isIdentStart(char c)
{
    return std::isalpha(static_cast<unsigned char>(c)) || c == '_';
}

bool isIdentChar(char c)
{
    return std::isalnum(static_cast<unsigned char>(c)) || c == '_';
}

bool isDigit(char c)
{
    return c >= '0' && c <= '9';
}

} // namespace

std::vector<Token> tokenize(std::string_view src)
{
    std::vector<Token> out;
    size_t i = 0;
    int line = 1;
    size_t lineStart = 0;
    auto make = [&](Tok kind, size_t begin, size_t len) {
        Token t;
        t.kind = kind;
        t.loc = {line, static_cast<int>(begin - lineStart) + 1};
        t.text = src.substr(begin, len);
        out.push_back(t);
    };
    while (i < src.size()) {
        const char c = src[i];
        if (c == '\n') {
            ++line;
            lineStart = ++i;
            continue;
        }
        if (c == ' ' || c == '\t' || c == '\r' || c == '\f' || c == '\v') {
            ++i;
            continue;
        }
        if (c == '#') {
            while (i < src.size() && src[i] != '\n')
                ++i;
            continue;
        }
        const size_t begin = i;
        if (isIdentStart(c)) {
            while (i < src.size() && isIdentChar(src[i]))
                ++i;
            make(Tok::Ident, begin, i - begin);
            continue;
        }
        if (c == '"') {
            // Strings only label things (@op); one line, no escapes, so a stray quote cannot swallow the program.
            size_t j = i + 1;
            while (j < src.size() && src[j] != '"' && src[j] != '\n')
                ++j;
            make(Tok::String, begin + 1, j - begin - 1);
            out.back().loc.column = static_cast<int>(begin - lineStart) + 1;
            out.back().unterminated = j >= src.size() || src[j] != '"';
            i = out.back().unterminated ? j : j + 1;
            continue;
        }
        if (isDigit(c)) {
            bool isFloatLit = false;
            while (i < src.size() && isDigit(src[i]))
                ++i;
            // "1..N" is a range, not the float "1." followed by ".N".
            if (i < src.size() && src[i] == '.' && !(i + 1 < src.size() && src[i + 1] == '.')) {
                isFloatLit = true;
                ++i;
                while (i < src.size() && isDigit(src[i]))
                    ++i;
            }
            if (i < src.size() && (src[i] == 'e' || src[i] == 'E')) {
                size_t j = i + 1;
                if (j < src.size() && (src[j] == '+' || src[j] == '-'))
                    ++j;
                if (j < src.size() && isDigit(src[j])) {
                    isFloatLit = true;
                    i = j;
                    while (i < src.size() && isDigit(src[i]))
                        ++i;
                }
            }
            make(isFloatLit ? Tok::Float : Tok::Int, begin, i - begin);
            Token& t = out.back();
            if (isFloatLit) {
                const auto r = std::from_chars(t.text.data(), t.text.data() + t.text.size(), t.floatValue);
                t.outOfRange = r.ec != std::errc() || !std::isfinite(t.floatValue);
            } else {
                const auto r = std::from_chars(t.text.data(), t.text.data() + t.text.size(), t.intValue);
                t.outOfRange = r.ec != std::errc();
            }
            continue;
        }
        auto next = [&](char expected) { return i + 1 < src.size() && src[i + 1] == expected; };
        Tok kind = Tok::Invalid;
        size_t len = 1;
        switch (c) {
        case '(': kind = Tok::LParen; break;
        case ')': kind = Tok::RParen; break;
        case '{': kind = Tok::LBrace; break;
        case '}': kind = Tok::RBrace; break;
        case '[': kind = Tok::LBracket; break;
        case ']': kind = Tok::RBracket; break;
        case ',': kind = Tok::Comma; break;
        case ';': kind = Tok::Semi; break;
        case ':': kind = Tok::Colon; break;
        case '?': kind = Tok::Question; break;
        case '@': kind = Tok::At; break;
        case '%': kind = Tok::Percent; break;
        case '.':
            if (next('.')) {
                kind = Tok::DotDot;
                len = 2;
            }
            break;
        case '=':
            if (next('=')) {
                kind = Tok::EqEq;
                len = 2;
            } else {
                kind = Tok::Assign;
            }
            break;
        case '+':
            if (next('=')) {
                kind = Tok::PlusAssign;
                len = 2;
            } else {
                kind = Tok::Plus;
            }
            break;
        case '-':
            if (next('=')) {
                kind = Tok::MinusAssign;
                len = 2;
            } else {
                kind = Tok::Minus;
            }
            break;
        case '*':
            if (next('=')) {
                kind = Tok::StarAssign;
                len = 2;
            } else {
                kind = Tok::Star;
            }
            break;
        case '/':
            if (next('/')) {
                kind = Tok::SlashSlash;
                len = 2;
            } else if (next('=')) {
                kind = Tok::SlashAssign;
                len = 2;
            } else {
                kind = Tok::Slash;
            }
            break;
        case '<':
            if (next('=')) {
                kind = Tok::Le;
                len = 2;
            } else {
                kind = Tok::Lt;
            }
            break;
        case '>':
            if (next('=')) {
                kind = Tok::Ge;
                len = 2;
            } else {
                kind = Tok::Gt;
            }
            break;
        case '!':
            if (next('=')) {
                kind = Tok::Ne;
                len = 2;
            } else {
                kind = Tok::Bang;
            }
            break;
        case '&':
            if (next('&')) {
                kind = Tok::AndAnd;
                len = 2;
            }
            break;
        case '|':
            if (next('|')) {
                kind = Tok::OrOr;
                len = 2;
            }
            break;
        default: break;
        }
        make(kind, begin, len);
        i += len;
    }
    Token end;
    end.kind = Tok::End;
    end.loc = {line, static_cast<int>(i - lineStart) + 1};
    out.push_back(end);
    return out;
}

std::string describeToken(const Token& token)
{
    switch (token.kind) {
    case Tok::End: return "end of file";
    case Tok::String: return "the string \"" + std::string(token.text.substr(0, 40)) + (token.text.size() > 40 ? "...\"" : "\"");
    case Tok::Invalid: {
        const unsigned char c = token.text.empty() ? 0 : static_cast<unsigned char>(token.text[0]);
        if (std::isprint(c))
            return "'" + std::string(1, static_cast<char>(c)) + "'";
        char buf[16];
        std::snprintf(buf, sizeof buf, "byte 0x%02X", c);
        return buf;
    }
    default: {
        std::string text(token.text.substr(0, 40));
        if (token.text.size() > 40)
            text += "...";
        return "'" + text + "'";
    }
    }
}

} // namespace solar::ir
