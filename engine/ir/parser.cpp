// SPDX-License-Identifier: MIT
#include "engine/ir/parser.h"

#include "engine/ir/lexer.h"

#include <cmath>
#include <limits>

namespace solar::ir {

bool isKeyword(std::string_view s)
{
    static constexpr std::string_view kKeywords[]
        = {"kernel", "let", "in", "weight", "out", "tmp", "const", "for", "if", "else", "step", "cast", "inf", "nan"};
    for (auto k : kKeywords) {
        if (k == s)
            return true;
    }
    return false;
}

namespace {

// The declaration words: a tensor may carry one as its name (a model's top-level `self.weight`), since where a name
// stands — after a declaration word, or before '[' — none of them can start a declaration.
bool isContextualKeyword(std::string_view s)
{
    return s == "in" || s == "weight" || s == "out" || s == "tmp" || s == "const";
}

// Thrown at the first error inside a declaration or statement and caught where the parser can resynchronise.
struct ParseError
{
};

std::optional<TensorKind> tensorKindFromWord(std::string_view s)
{
    if (s == "in")
        return TensorKind::In;
    if (s == "weight")
        return TensorKind::Weight;
    if (s == "out")
        return TensorKind::Out;
    if (s == "tmp")
        return TensorKind::Tmp;
    if (s == "const")
        return TensorKind::Const;
    return std::nullopt;
}

class Parser
{
public:
    Parser(std::string_view source, const std::string& file)
        : m_tokens(tokenize(source))
        , m_file(file)
    { }

    Expected<Program> run()
    {
        Program program;
        program.file = m_file;
        try {
            parseHeader(program);
        } catch (const ParseError&) {
            return Expected<Program>::failure(m_diags);
        }
        parseItems(program);
        program.ops = std::move(m_ops);
        if (hasErrors(m_diags))
            return Expected<Program>::failure(m_diags);
        return Expected<Program>(std::move(program), m_diags);
    }

private:
    const Token& peek(size_t ahead = 0) const
    {
        const size_t i = std::min(m_pos + ahead, m_tokens.size() - 1);
        return m_tokens[i];
    }
    bool at(Tok kind) const { return peek().kind == kind; }
    bool atWord(std::string_view word) const { return peek().kind == Tok::Ident && peek().text == word; }
    const Token& advance()
    {
        const Token& t = m_tokens[m_pos];
        if (m_pos + 1 < m_tokens.size())
            ++m_pos;
        return t;
    }

    [[noreturn]] void fail(const Token& at, std::string message, std::string code = "parse.syntax")
    {
        report(at.loc, std::move(message), std::move(code));
        throw ParseError {};
    }

    void report(SourceLoc loc, std::string message, std::string code)
    {
        if (static_cast<int>(m_diags.size()) >= kMaxParseErrors) {
            if (!m_truncated) {
                m_truncated = true;
                m_diags.push_back({Severity::Error, m_file, loc, "parse.too-many-errors", "too many errors; stopping here"});
            }
            return;
        }
        m_diags.push_back({Severity::Error, m_file, loc, std::move(code), std::move(message)});
    }

    const Token& expect(Tok kind, std::string_view what, std::string_view context)
    {
        if (!at(kind))
            fail(peek(), "expected " + std::string(what) + " " + std::string(context) + ", found " + describeToken(peek()),
                 "parse.expected-token");
        return advance();
    }

    void expectWord(std::string_view word, std::string_view context)
    {
        if (!atWord(word))
            fail(peek(), "expected '" + std::string(word) + "' " + std::string(context) + ", found " + describeToken(peek()),
                 "parse.expected-token");
        advance();
    }

    std::string expectName(std::string_view what, bool contextual = false)
    {
        const Token& t = peek();
        if (t.kind != Tok::Ident)
            fail(t, "expected " + std::string(what) + ", found " + describeToken(t), "parse.expected-name");
        if (isKeyword(t.text) && !(contextual && isContextualKeyword(t.text)))
            fail(t, "'" + std::string(t.text) + "' is a keyword and cannot be used as " + std::string(what), "parse.keyword-as-name");
        advance();
        return std::string(t.text);
    }

    struct DepthGuard
    {
        DepthGuard(Parser& p, const Token& t)
            : parser(p)
        {
            if (parser.m_depth >= kMaxNestingDepth)
                parser.fail(t, "nesting deeper than " + std::to_string(kMaxNestingDepth) + " levels", "parse.too-deep");
            ++parser.m_depth;
        }
        ~DepthGuard() { --parser.m_depth; }
        Parser& parser;
    };

    // kernel NAME ( params ) {
    void parseHeader(Program& program)
    {
        program.loc = peek().loc;
        expectWord("kernel", "at the start of the program");
        program.name = expectName("a kernel name");
        expect(Tok::LParen, "'('", "after the kernel name");
        if (!at(Tok::RParen)) {
            for (;;) {
                Param p;
                p.loc = peek().loc;
                p.name = expectName("a size parameter name");
                expect(Tok::Assign, "'='", "after parameter '" + p.name + "' (every parameter needs a default)");
                bool negative = false;
                if (at(Tok::Minus)) {
                    advance();
                    negative = true;
                }
                const Token& v = peek();
                if (v.kind != Tok::Int)
                    fail(v, "expected an integer default for parameter '" + p.name + "', found " + describeToken(v), "parse.param-default");
                if (v.outOfRange)
                    fail(v, "integer literal " + describeToken(v) + " does not fit in 64 bits", "parse.int-range");
                advance();
                p.value = negative ? -v.intValue : v.intValue;
                program.params.push_back(std::move(p));
                if (at(Tok::Comma)) {
                    advance();
                    continue;
                }
                break;
            }
        }
        expect(Tok::RParen, "')' or ','", "in the parameter list");
        expect(Tok::LBrace, "'{'", "to open the kernel body");
    }

    bool atDeclStart() const
    {
        return atWord("let") || (peek().kind == Tok::Ident && tensorKindFromWord(peek().text) && peek(1).kind == Tok::Ident);
    }

    void parseItems(Program& program)
    {
        bool sawStatement = false;
        for (;;) {
            if (m_truncated)
                return;
            if (at(Tok::End)) {
                report(peek().loc, "expected '}' to close kernel '" + program.name + "', found end of file", "parse.unclosed");
                return;
            }
            if (at(Tok::RBrace)) {
                advance();
                if (!at(Tok::End))
                    report(peek().loc, "unexpected " + describeToken(peek()) + " after the end of the kernel", "parse.trailing");
                return;
            }
            const size_t before = m_pos;
            try {
                if (atDeclStart()) {
                    if (sawStatement)
                        fail(peek(),
                             "declaration of '" + std::string(peek(1).text) + "' after the first statement; declarations must come first",
                             "parse.decl-after-stmt");
                    program.decls.push_back(parseDecl());
                } else {
                    sawStatement = true;
                    parseStmtInto(program.body);
                }
            } catch (const ParseError&) {
                synchronize(before);
            }
        }
    }

    // Skip to the end of the broken item: past the next ';' or balanced '{...}' at this level, or up to a '}'
    // that closes the enclosing block.
    void synchronize(size_t itemStart)
    {
        int depth = 0;
        if (m_pos == itemStart && !at(Tok::End) && !at(Tok::RBrace))
            advance(); // always make progress
        while (!at(Tok::End)) {
            const Tok k = peek().kind;
            if (k == Tok::LBrace) {
                ++depth;
            } else if (k == Tok::RBrace) {
                if (depth == 0)
                    return;
                if (--depth == 0) {
                    advance();
                    return;
                }
            } else if (k == Tok::Semi && depth == 0) {
                advance();
                return;
            }
            advance();
        }
    }

    Decl parseDecl()
    {
        Decl d;
        d.loc = peek().loc;
        if (atWord("let")) {
            advance();
            d.kind = DeclKind::Let;
            d.name = expectName("a name after 'let'");
            expect(Tok::Assign, "'='", "after 'let " + d.name + "'");
            d.value = parseExpr();
            expect(Tok::Semi, "';'", "after the definition of '" + d.name + "'");
            return d;
        }
        d.kind = DeclKind::Tensor;
        d.tensorKind = *tensorKindFromWord(advance().text);
        d.name = expectName("a tensor name", true);
        expect(Tok::Colon, "':'", "after tensor name '" + d.name + "'");
        const Token& dt = peek();
        if (dt.kind != Tok::Ident)
            fail(dt, "expected an element type for '" + d.name + "', found " + describeToken(dt), "parse.dtype");
        const auto dtype = parseDType(dt.text);
        if (!dtype)
            fail(dt,
                 "unknown element type " + describeToken(dt)
                     + " (expected f64, f32, tf32, bf16, f16, fp8e4m3, fp8e5m2, nvfp4, i64, i32, i16, i8, u8 or bool)",
                 "parse.dtype");
        advance();
        d.dtype = *dtype;
        expect(Tok::LBracket, "'['", "after the element type of '" + d.name + "'");
        if (!at(Tok::RBracket)) {
            for (;;) {
                d.dims.push_back(parseExpr());
                if (at(Tok::Comma)) {
                    advance();
                    continue;
                }
                break;
            }
        }
        expect(Tok::RBracket, "']' or ','", "in the shape of '" + d.name + "'");
        while (at(Tok::At)) {
            advance();
            const Token& attr = peek();
            if (attr.kind != Tok::Ident || attr.text != "range")
                fail(attr, "unknown attribute " + describeToken(attr) + " (ALIR knows '@range(lo, hi)')", "parse.attribute");
            if (d.hasRange)
                fail(attr, "duplicate '@range' on '" + d.name + "'", "parse.attribute");
            advance();
            expect(Tok::LParen, "'('", "after '@range'");
            d.rangeLo = parseExpr();
            expect(Tok::Comma, "','", "between the bounds of '@range'");
            d.rangeHi = parseExpr();
            expect(Tok::RParen, "')'", "to close '@range'");
            d.hasRange = true;
        }
        if (at(Tok::Assign)) {
            const Token& eq = advance();
            if (d.tensorKind != TensorKind::Const)
                fail(eq,
                     "only 'const' tensors take initial values; '" + d.name + "' is '" + std::string(tensorKindName(d.tensorKind)) + "'",
                     "parse.init");
            expect(Tok::LBrace, "'{'", "to open the values of '" + d.name + "'");
            if (!at(Tok::RBrace)) {
                for (;;) {
                    d.init.push_back(parseSignedNumber());
                    if (at(Tok::Comma)) {
                        advance();
                        continue;
                    }
                    break;
                }
            }
            expect(Tok::RBrace, "'}' or ','", "in the values of '" + d.name + "'");
        } else if (d.tensorKind == TensorKind::Const) {
            fail(peek(), "const tensor '" + d.name + "' needs values: '= {v, ...}'", "parse.init");
        }
        expect(Tok::Semi, "';'", "after the declaration of '" + d.name + "'");
        return d;
    }

    double parseSignedNumber()
    {
        bool negative = false;
        if (at(Tok::Minus)) {
            advance();
            negative = true;
        }
        const Token& t = peek();
        double v = 0.0;
        if (t.kind == Tok::Int || t.kind == Tok::Float) {
            if (t.outOfRange)
                fail(t, "number " + describeToken(t) + " is out of range", "parse.number-range");
            v = t.kind == Tok::Int ? static_cast<double>(t.intValue) : t.floatValue;
        } else if (t.kind == Tok::Ident && t.text == "inf") {
            v = std::numeric_limits<double>::infinity();
        } else if (t.kind == Tok::Ident && t.text == "nan") {
            v = std::numeric_limits<double>::quiet_NaN();
        } else {
            fail(t, "expected a number, found " + describeToken(t), "parse.expected-number");
        }
        advance();
        return negative ? -v : v;
    }

    std::vector<Stmt> parseBlock(std::string_view context)
    {
        expect(Tok::LBrace, "'{'", context);
        std::vector<Stmt> body;
        for (;;) {
            if (m_truncated)
                throw ParseError {};
            if (at(Tok::RBrace)) {
                advance();
                return body;
            }
            if (at(Tok::End))
                fail(peek(), "expected '}' to close the block, found end of file", "parse.unclosed");
            const size_t before = m_pos;
            try {
                if (atDeclStart())
                    fail(peek(), "declarations are only allowed at the top of the kernel, not inside a block", "parse.nested-decl");
                parseStmtInto(body);
            } catch (const ParseError&) {
                synchronize(before);
            }
        }
    }

    // A statement, or an @op block whose statements join the enclosing list, each marked with the block.
    void parseStmtInto(std::vector<Stmt>& out)
    {
        if (!at(Tok::At)) {
            out.push_back(parseStmt());
            return;
        }
        const Token& start = advance();
        const Token& word = peek();
        if (word.kind != Tok::Ident || word.text != "op")
            fail(word, "unknown statement annotation " + describeToken(word) + " (ALIR knows '@op(\"label\", line) { ... }')",
                 "parse.attribute");
        advance();
        if (m_openOp != 0)
            fail(start, "an @op block cannot be inside another one (the statements of one source operation form one block)",
                 "parse.nested-op");
        expect(Tok::LParen, "'('", "after '@op'");
        OpAnnotation op;
        op.loc = start.loc;
        const Token& label = peek();
        if (label.kind != Tok::String)
            fail(label, "expected the operation's label as a string (@op(\"nn.Conv2d\", 12)), found " + describeToken(label),
                 "parse.op-label");
        if (label.unterminated)
            fail(label, "the string is not closed on this line (write \"...\")", "parse.string");
        if (label.text.empty())
            fail(label, "the operation's label is empty", "parse.op-label");
        op.label = std::string(label.text);
        advance();
        if (at(Tok::Comma)) {
            advance();
            const Token& line = peek();
            if (line.kind != Tok::Int || line.outOfRange || line.intValue <= 0 || line.intValue > std::numeric_limits<int>::max())
                fail(line, "expected the source line as a positive integer, found " + describeToken(line), "parse.op-line");
            op.sourceLine = static_cast<int>(line.intValue);
            advance();
        }
        expect(Tok::RParen, "')'", "to close '@op'");
        m_ops.push_back(std::move(op));
        const int block = static_cast<int>(m_ops.size());
        m_openOp = block;
        std::vector<Stmt> body;
        try {
            body = parseBlock("to open the @op block");
        } catch (const ParseError&) {
            m_openOp = 0;
            throw;
        }
        m_openOp = 0;
        if (body.empty())
            fail(start, "the @op block has no statements", "parse.op-empty");
        for (auto& st : body) {
            markOpBlock(st, block);
            out.push_back(std::move(st));
        }
    }

    static void markOpBlock(Stmt& s, int block)
    {
        s.opBlock = block;
        for (auto& b : s.body)
            markOpBlock(b, block);
        for (auto& b : s.orelse)
            markOpBlock(b, block);
    }

    Stmt parseStmt()
    {
        const Token& first = peek();
        DepthGuard guard(*this, first);
        Stmt s;
        s.loc = first.loc;
        if (atWord("for")) {
            advance();
            s.kind = StmtKind::For;
            for (;;) {
                LoopRange r;
                r.loc = peek().loc;
                r.var = expectName("a loop variable");
                expectWord("in", "after loop variable '" + r.var + "'");
                r.lo = parseExpr();
                expect(Tok::DotDot, "'..'", "in the range of '" + r.var + "' (write lo..hi)");
                r.hi = parseExpr();
                if (atWord("step")) {
                    advance();
                    const Token& st = peek();
                    if (st.kind != Tok::Int || st.outOfRange || st.intValue <= 0)
                        fail(st, "expected a positive integer step for '" + r.var + "', found " + describeToken(st), "parse.step");
                    r.step = st.intValue;
                    advance();
                }
                s.ranges.push_back(std::move(r));
                if (at(Tok::Comma)) {
                    advance();
                    continue;
                }
                break;
            }
            s.body = parseBlock("to open the loop body");
            return s;
        }
        if (atWord("if")) {
            advance();
            s.kind = StmtKind::If;
            expect(Tok::LParen, "'('", "after 'if'");
            s.cond = parseExpr();
            expect(Tok::RParen, "')'", "to close the condition");
            s.body = parseBlock("to open the 'if' body");
            if (atWord("else")) {
                advance();
                if (atWord("if"))
                    s.orelse.push_back(parseStmt());
                else
                    s.orelse = parseBlock("after 'else'");
            }
            return s;
        }
        if (first.kind == Tok::Ident && (!isKeyword(first.text) || isContextualKeyword(first.text)) && peek(1).kind == Tok::LBracket) {
            s.kind = StmtKind::Assign;
            s.target = parsePostfix();
            const Token& op = peek();
            switch (op.kind) {
            case Tok::Assign: s.op = AssignOp::Set; break;
            case Tok::PlusAssign: s.op = AssignOp::Add; break;
            case Tok::StarAssign: s.op = AssignOp::Mul; break;
            case Tok::MinusAssign: fail(op, "'-=' is not an ALIR assignment; write '+= -(...)'", "parse.assign-op");
            case Tok::SlashAssign: fail(op, "'/=' is not an ALIR assignment; write 'X[...] = X[...] / (...)'", "parse.assign-op");
            case Tok::Ident:
                if ((op.text == "max" || op.text == "min") && peek(1).kind == Tok::Assign && peek(1).loc.line == op.loc.line
                    && peek(1).loc.column == op.loc.column + 3) {
                    s.op = op.text == "max" ? AssignOp::Max : AssignOp::Min;
                    advance();
                    break;
                }
                [[fallthrough]];
            default:
                fail(op,
                     "expected an assignment ('=', '+=', '*=', 'max=' or 'min=') after '" + s.target.name + "[...]', found "
                         + describeToken(op),
                     "parse.assign-op");
            }
            advance();
            s.value = parseExpr();
            expect(Tok::Semi, "';'", "after the assignment to '" + s.target.name + "'");
            return s;
        }
        if (first.kind == Tok::Ident && !isKeyword(first.text))
            fail(peek(1),
                 "expected '[' after '" + std::string(first.text) + "' (assignments write tensor elements: NAME[i, ...] = ...), found "
                     + describeToken(peek(1)),
                 "parse.expected-token");
        fail(first, "expected a statement ('for', 'if' or an assignment), found " + describeToken(first), "parse.expected-statement");
    }

    // ---- expressions, lowest precedence first ----
    Expr parseExpr()
    {
        DepthGuard guard(*this, peek());
        Expr cond = parseOr();
        if (!at(Tok::Question))
            return cond;
        Expr e;
        e.kind = ExprKind::Select;
        e.loc = cond.loc;
        advance();
        Expr a = parseExpr();
        expect(Tok::Colon, "':'", "in the conditional expression 'c ? a : b'");
        Expr b = parseExpr();
        e.args.push_back(std::move(cond));
        e.args.push_back(std::move(a));
        e.args.push_back(std::move(b));
        return e;
    }

    // A binary expression is located where its left operand starts, so diagnostics point at the whole expression.
    Expr binary(BinaryOp op, Expr lhs, Expr rhs)
    {
        Expr e;
        e.kind = ExprKind::Binary;
        e.binaryOp = op;
        e.loc = lhs.loc;
        e.args.push_back(std::move(lhs));
        e.args.push_back(std::move(rhs));
        return e;
    }

    Expr parseOr()
    {
        Expr lhs = parseAnd();
        while (at(Tok::OrOr)) {
            advance();
            lhs = binary(BinaryOp::Or, std::move(lhs), parseAnd());
        }
        return lhs;
    }

    Expr parseAnd()
    {
        Expr lhs = parseCompare();
        while (at(Tok::AndAnd)) {
            advance();
            lhs = binary(BinaryOp::And, std::move(lhs), parseCompare());
        }
        return lhs;
    }

    static std::optional<BinaryOp> comparisonOp(Tok k)
    {
        switch (k) {
        case Tok::Lt: return BinaryOp::Lt;
        case Tok::Le: return BinaryOp::Le;
        case Tok::Gt: return BinaryOp::Gt;
        case Tok::Ge: return BinaryOp::Ge;
        case Tok::EqEq: return BinaryOp::Eq;
        case Tok::Ne: return BinaryOp::Ne;
        default: return std::nullopt;
        }
    }

    Expr parseCompare()
    {
        Expr lhs = parseAdditive();
        if (const auto op = comparisonOp(peek().kind)) {
            advance();
            lhs = binary(*op, std::move(lhs), parseAdditive());
            if (comparisonOp(peek().kind))
                fail(peek(), "comparisons cannot be chained; write 'a < b && b < c'", "parse.chained-comparison");
        }
        return lhs;
    }

    Expr parseAdditive()
    {
        Expr lhs = parseMultiplicative();
        while (at(Tok::Plus) || at(Tok::Minus)) {
            const bool plus = advance().kind == Tok::Plus;
            lhs = binary(plus ? BinaryOp::Add : BinaryOp::Sub, std::move(lhs), parseMultiplicative());
        }
        return lhs;
    }

    Expr parseMultiplicative()
    {
        Expr lhs = parseUnary();
        for (;;) {
            BinaryOp op;
            switch (peek().kind) {
            case Tok::Star: op = BinaryOp::Mul; break;
            case Tok::Slash: op = BinaryOp::Div; break;
            case Tok::SlashSlash: op = BinaryOp::FloorDiv; break;
            case Tok::Percent: op = BinaryOp::Mod; break;
            default: return lhs;
            }
            advance();
            lhs = binary(op, std::move(lhs), parseUnary());
        }
    }

    static bool isNumberToken(const Token& t)
    {
        return t.kind == Tok::Int || t.kind == Tok::Float || (t.kind == Tok::Ident && (t.text == "inf" || t.text == "nan"));
    }

    Expr parseUnary()
    {
        const Token& t = peek();
        if (t.kind == Tok::Minus || t.kind == Tok::Bang) {
            DepthGuard guard(*this, t);
            advance();
            // A minus directly before a number is part of the literal, so "-1" prints and re-parses identically.
            if (t.kind == Tok::Minus && isNumberToken(peek())) {
                Expr lit = parsePrimary();
                lit.loc = t.loc;
                if (lit.kind == ExprKind::Int)
                    lit.intValue = -lit.intValue;
                else
                    lit.floatValue = -lit.floatValue;
                return lit;
            }
            Expr e;
            e.kind = ExprKind::Unary;
            e.unaryOp = t.kind == Tok::Minus ? UnaryOp::Neg : UnaryOp::Not;
            e.loc = t.loc;
            e.args.push_back(parseUnary());
            return e;
        }
        return parsePostfix();
    }

    std::vector<Expr> parseArgs(Tok close, std::string_view closeText, const std::string& context)
    {
        std::vector<Expr> args;
        if (!at(close)) {
            for (;;) {
                args.push_back(parseExpr());
                if (at(Tok::Comma)) {
                    advance();
                    continue;
                }
                break;
            }
        }
        expect(close, "'" + std::string(closeText) + "' or ','", context);
        return args;
    }

    Expr parsePostfix()
    {
        const Token& t = peek();
        if (t.kind == Tok::Ident && (!isKeyword(t.text) || isContextualKeyword(t.text)) && peek(1).kind == Tok::LBracket) {
            advance();
            advance();
            Expr e;
            e.kind = ExprKind::Access;
            e.loc = t.loc;
            e.name = std::string(t.text);
            e.args = parseArgs(Tok::RBracket, "]", "in the index of '" + e.name + "'");
            return e;
        }
        if (t.kind == Tok::Ident && !isKeyword(t.text) && peek(1).kind == Tok::LParen) {
            advance();
            advance();
            Expr e;
            e.kind = ExprKind::Call;
            e.loc = t.loc;
            e.name = std::string(t.text);
            e.args = parseArgs(Tok::RParen, ")", "in the call of '" + e.name + "'");
            return e;
        }
        return parsePrimary();
    }

    Expr parsePrimary()
    {
        const Token& t = peek();
        Expr e;
        e.loc = t.loc;
        switch (t.kind) {
        case Tok::Int:
            if (t.outOfRange)
                fail(t, "integer literal " + describeToken(t) + " does not fit in 64 bits", "parse.int-range");
            e.kind = ExprKind::Int;
            e.intValue = t.intValue;
            advance();
            return e;
        case Tok::Float:
            if (t.outOfRange)
                fail(t, "number " + describeToken(t) + " is out of range of f64", "parse.number-range");
            e.kind = ExprKind::Float;
            e.floatValue = t.floatValue;
            advance();
            return e;
        case Tok::LParen: {
            advance();
            e = parseExpr();
            expect(Tok::RParen, "')'", "to close '('");
            return e;
        }
        case Tok::Ident:
            if (t.text == "inf" || t.text == "nan") {
                e.kind = ExprKind::Float;
                e.floatValue = t.text == "inf" ? std::numeric_limits<double>::infinity() : std::numeric_limits<double>::quiet_NaN();
                advance();
                return e;
            }
            if (t.text == "cast") {
                advance();
                e.kind = ExprKind::Cast;
                expect(Tok::Lt, "'<'", "after 'cast' (write cast<f32>(x))");
                const Token& dt = peek();
                const auto dtype = dt.kind == Tok::Ident ? parseDType(dt.text) : std::nullopt;
                if (!dtype)
                    fail(dt, "expected an element type in 'cast<...>', found " + describeToken(dt), "parse.dtype");
                advance();
                e.castType = *dtype;
                expect(Tok::Gt, "'>'", "after the type in 'cast<...>'");
                expect(Tok::LParen, "'('", "after 'cast<...>'");
                e.args.push_back(parseExpr());
                expect(Tok::RParen, "')'", "to close 'cast<...>('");
                return e;
            }
            if (isKeyword(t.text))
                fail(t, "unexpected keyword " + describeToken(t) + " in an expression", "parse.expected-expression");
            e.kind = ExprKind::Name;
            e.name = std::string(t.text);
            advance();
            return e;
        case Tok::Invalid: fail(t, "unexpected character " + describeToken(t), "parse.invalid-character");
        default: fail(t, "expected an expression, found " + describeToken(t), "parse.expected-expression");
        }
    }

    std::vector<Token> m_tokens;
    size_t m_pos = 0;
    std::string m_file;
    Diagnostics m_diags;
    int m_depth = 0;
    bool m_truncated = false;
    std::vector<OpAnnotation> m_ops;
    int m_openOp = 0; // the @op block being parsed (1-based), 0 outside any
};

} // namespace

Expected<Program> parseProgram(std::string_view source, const std::string& fileName)
{
    Parser parser(source, fileName);
    return parser.run();
}

} // namespace solar::ir
