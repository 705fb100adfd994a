// SPDX-License-Identifier: MIT
// Tokeniser for ALIR. It never fails: characters it does not know become Invalid tokens, which the parser reports
// with their position. Token texts are views into the source, which must outlive the tokens.
#pragma once

#include "engine/core/diagnostic.h"

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace solar::ir {

enum class Tok : std::uint8_t {
    End,
    Ident,
    Int,
    Float,
    String, // "..." on one line, no escapes; text is the contents without the quotes
    LParen,
    RParen,
    LBrace,
    RBrace,
    LBracket,
    RBracket,
    Comma,
    Semi,
    Colon,
    Question,
    At,
    DotDot,
    Assign,
    PlusAssign,
    StarAssign,
    MinusAssign,
    SlashAssign,
    Plus,
    Minus,
    Star,
    Slash,
    SlashSlash,
    Percent,
    Lt,
    Le,
    Gt,
    Ge,
    EqEq,
    Ne,
    AndAnd,
    OrOr,
    Bang,
    Invalid,
};

struct Token
{
    Tok kind = Tok::End;
    SourceLoc loc;
    std::string_view text;
    std::int64_t intValue = 0;
    double floatValue = 0.0;
    bool outOfRange = false; // numeric literal that does not fit an int64 / a finite double
    bool unterminated = false; // a string literal without its closing quote on the same line
};

std::vector<Token> tokenize(std::string_view source);

/// How a token is named in diagnostics: 'for', ';', end of file, or a printable escape of an invalid byte.
std::string describeToken(const Token& token);

} // namespace solar::ir
