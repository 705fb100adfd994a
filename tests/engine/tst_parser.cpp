// SPDX-License-Identifier: MIT
// Parser: valid programs parse into the expected tree; each malformed program gets its specific diagnostic at
// the offending token's line and column; several errors are reported per file; no input crashes or recurses
// without bound.
#include "engine/ir/parser.h"
#include "engine/ir/printer.h"
#include "testutil.h"

#include <QTest>

using namespace solar;
using namespace solar::ir;

class TestParser : public QObject
{
    Q_OBJECT
private slots:
    void testValidProgram()
    {
        const Program p = testutil::parseOk(testutil::readData("alir/mlp_softmax.alir"));
        QCOMPARE(p.name, std::string("mlp_softmax"));
        QCOMPARE(p.params.size(), size_t(3));
        QCOMPARE(p.params[1].name, std::string("K"));
        QCOMPARE(p.params[1].value, std::int64_t(16));
        QCOMPARE(p.decls.size(), size_t(6));
        QCOMPARE(p.decls[1].tensorKind, TensorKind::Weight);
        QCOMPARE(p.decls[1].dims.size(), size_t(2));
        QCOMPARE(p.body.size(), size_t(2));
        const Stmt& band = p.body[0];
        QCOMPARE(band.kind, StmtKind::For);
        QCOMPARE(band.ranges.size(), size_t(2));
        QCOMPARE(band.ranges[1].var, std::string("n"));
        QCOMPARE(band.body.size(), size_t(2));
        const Stmt& acc = band.body[1].body[0];
        QCOMPARE(acc.kind, StmtKind::Assign);
        QCOMPARE(acc.op, AssignOp::Add);
        QCOMPARE(acc.loc.line, 11);
        QCOMPARE(acc.loc.column, 21);
        QCOMPARE(printExpr(acc.value), std::string("X[b, k] * W[n, k]"));
    }

    void testPrecedenceAndLiterals()
    {
        const Program p = testutil::parseOk(
            "kernel k(N=-3) { out Y: f32[1]; Y[0] = 1 + 2 * 3 - -4 // 2 % 5 < 7 && !(1 == 2) || 0 > 1 ? 1.5e3 : -inf; }");
        QCOMPARE(p.params[0].value, std::int64_t(-3));
        const Expr& v = p.body[0].value;
        QCOMPARE(v.kind, ExprKind::Select);
        QCOMPARE(v.args[0].binaryOp, BinaryOp::Or);
        QCOMPARE(v.args[0].args[0].binaryOp, BinaryOp::And);
        const Expr& lt = v.args[0].args[0].args[0];
        QCOMPARE(lt.binaryOp, BinaryOp::Lt);
        const Expr& sub = lt.args[0];
        QCOMPARE(sub.binaryOp, BinaryOp::Sub); // (1 + 2*3) - ((-4 // 2) % 5)
        QCOMPARE(sub.args[0].binaryOp, BinaryOp::Add);
        QCOMPARE(sub.args[1].binaryOp, BinaryOp::Mod);
        QCOMPARE(sub.args[1].args[0].binaryOp, BinaryOp::FloorDiv);
        QCOMPARE(sub.args[1].args[0].args[0].intValue, std::int64_t(-4)); // a minus before a literal folds into it
        QCOMPARE(v.args[1].floatValue, 1500.0);
        QVERIFY(std::isinf(v.args[2].floatValue) && v.args[2].floatValue < 0);
    }

    void testStatementsAndAttributes()
    {
        const Program p = testutil::parseOk(R"(kernel k(N=4) {
  let M = N // 2 + 1;
  in I: i64[N] @range(0, M);
  const C: f32[2] = {1, -2.5};
  out Y: f32[N];
  for i in 0..N step 2, j in i..min(i + 2, N) {
    if (j > 0 && j < N) { Y[j] = C[0]; } else if (j == 0) { Y[j] max= 1; } else { Y[j] min= 0; }
  }
})");
        QCOMPARE(p.decls[0].kind, DeclKind::Let);
        QVERIFY(p.decls[1].hasRange);
        QCOMPARE(p.decls[2].init, (std::vector<double> {1.0, -2.5}));
        const Stmt& loop = p.body[0];
        QCOMPARE(loop.ranges[0].step, std::int64_t(2));
        const Stmt& guard = loop.body[0];
        QCOMPARE(guard.kind, StmtKind::If);
        QCOMPARE(guard.orelse.size(), size_t(1));
        QCOMPARE(guard.orelse[0].kind, StmtKind::If);
        QCOMPARE(guard.orelse[0].body[0].op, AssignOp::Max);
        QCOMPARE(guard.orelse[0].orelse[0].op, AssignOp::Min);
    }

    // @op blocks: their statements join the enclosing list, each marked with its block, nested statements too;
    // the annotations are kept in order with their source lines.
    void testOpBlocks()
    {
        const Program p = testutil::parseOk(testutil::readData("alir/op_blocks.alir"));
        QCOMPARE(p.ops.size(), size_t(2));
        QCOMPARE(p.ops[0].label, std::string("nn.Conv2d"));
        QCOMPARE(p.ops[0].sourceLine, 14);
        QCOMPARE(p.ops[0].loc.line, 8);
        QCOMPARE(p.ops[1].label, std::string("F.relu"));
        QCOMPARE(p.ops[1].sourceLine, 0);
        QCOMPARE(p.body.size(), size_t(3)); // two nests of the convolution, then the ReLU's outer loops
        QCOMPARE(p.body[0].opBlock, 1);
        QCOMPARE(p.body[1].opBlock, 1);
        QCOMPARE(p.body[1].body[0].body[0].body[0].opBlock, 1); // the guarded accumulation inside
        QCOMPARE(p.body[2].opBlock, 0); // the loops around the ReLU's block are outside it
        QCOMPARE(p.body[2].body.size(), size_t(1));
        QCOMPARE(p.body[2].body[0].opBlock, 2);
        QCOMPARE(p.body[2].body[0].body[0].opBlock, 2);
    }

    // Issue 51: the declaration words are names where a name stands (a model's top-level self.weight), still
    // keywords where a declaration or a statement starts; `for` stays reserved.
    void testDeclarationWordsAsNames()
    {
        const auto p = parseProgram("kernel k(N=4) {\n  in in: f32[N];\n  weight weight: f32[N];\n  out out: f32[N];\n"
                                    "  tmp tmp: f32[N];\n  for i in 0..N { tmp[i] = in[i] * weight[i]; }\n"
                                    "  for i in 0..N { out[i] = tmp[i] + 1.0; }\n}",
                                    "names.alir");
        QVERIFY2(p.hasValue(), p ? "" : p.diagnostics().front().format().c_str());
        QCOMPARE(p->decls.size(), size_t(4));
        QCOMPARE(p->decls[1].name, std::string("weight"));
        QCOMPARE(p->decls[1].tensorKind, TensorKind::Weight);
        QCOMPARE(p->body[0].body[0].target.name, std::string("tmp"));
        QVERIFY(!parseProgram("kernel k() { in for: f32[1]; }", "bad.alir").hasValue());
    }

    void testMalformed_data()
    {
        QTest::addColumn<QString>("source");
        QTest::addColumn<int>("line");
        QTest::addColumn<int>("column");
        QTest::addColumn<QString>("message");
        auto row = [](const char* name, const char* src, int line, int col, const char* msg) {
            QTest::addRow("%s", name) << QString::fromUtf8(src) << line << col << QString::fromUtf8(msg);
        };
        row("empty", "", 1, 1, "expected 'kernel' at the start of the program, found end of file");
        row("no name", "kernel", 1, 7, "expected a kernel name, found end of file");
        row("number as name", "kernel 3x() {}", 1, 8, "expected a kernel name, found '3'");
        row("keyword as name", "kernel for() {}", 1, 8, "'for' is a keyword and cannot be used as a kernel name");
        row("param without default", "kernel k(N) {}", 1, 11,
            "expected '=' after parameter 'N' (every parameter needs a default), found ')'");
        row("param default not int", "kernel k(N=a) {}", 1, 12, "expected an integer default for parameter 'N', found 'a'");
        row("param default too big", "kernel k(N=99999999999999999999) {}", 1, 12,
            "integer literal '99999999999999999999' does not fit in 64 bits");
        row("unclosed kernel", "kernel k() {", 1, 13, "expected '}' to close kernel 'k', found end of file");
        row("trailing tokens", "kernel k() {} x", 1, 15, "unexpected 'x' after the end of the kernel");
        row("decl without colon", "kernel k() { in X f32[4]; }", 1, 19, "expected ':' after tensor name 'X', found 'f32'");
        row("unknown dtype", "kernel k() { in X: f33[4]; }", 1, 20, "unknown element type 'f33'");
        row("shape parens", "kernel k() { in X: f32(4); }", 1, 23, "expected '[' after the element type of 'X', found '('");
        row("shape missing comma", "kernel k() { in X: f32[4 4]; }", 1, 26, "expected ']' or ',' in the shape of 'X', found '4'");
        row("decl missing semicolon", "kernel k() { in X: f32[4] }", 1, 27, "expected ';' after the declaration of 'X', found '}'");
        row("init on out", "kernel k() { out Y: f32[1] = {1}; }", 1, 28, "only 'const' tensors take initial values; 'Y' is 'out'");
        row("const without values", "kernel k() { const C: f32[2]; }", 1, 29, "const tensor 'C' needs values: '= {v, ...}'");
        row("unknown attribute", "kernel k() { in X: f32[4] @foo; }", 1, 28, "unknown attribute 'foo' (ALIR knows '@range(lo, hi)')");
        row("for without in", "kernel k() { for i 0..4 { } }", 1, 20, "expected 'in' after loop variable 'i', found '0'");
        row("three dots", "kernel k() { for i in 0...4 { } }", 1, 26, "unexpected character '.'");
        row("zero step", "kernel k() { for i in 0..4 step 0 { } }", 1, 33, "expected a positive integer step for 'i', found '0'");
        row("loop without block", "kernel k() { for i in 0..4 Y[i] = 1; }", 1, 28, "expected '{' to open the loop body, found 'Y'");
        row("if without parens", "kernel k() { if x > 1 { } }", 1, 17, "expected '(' after 'if', found 'x'");
        row("minus assign", "kernel k() { Y[0] -= 1; }", 1, 19, "'-=' is not an ALIR assignment; write '+= -(...)'");
        row("divide assign", "kernel k() { Y[0] /= 2; }", 1, 19, "'/=' is not an ALIR assignment");
        row("comparison as statement", "kernel k() { Y[0] == 1; }", 1, 19,
            "expected an assignment ('=', '+=', '*=', 'max=' or 'min=') after 'Y[...]', found '=='");
        row("missing semicolon", "kernel k() { Y[0] = 1 }", 1, 23, "expected ';' after the assignment to 'Y', found '}'");
        row("scalar assignment", "kernel k() { Y = 1; }", 1, 16,
            "expected '[' after 'Y' (assignments write tensor elements: NAME[i, ...] = ...), found '='");
        row("unclosed paren", "kernel k() { Y[0] = (1 + 2; }", 1, 27, "expected ')' to close '(', found ';'");
        row("chained comparison", "kernel k() { Y[0] = 1 < 2 < 3; }", 1, 27, "comparisons cannot be chained");
        row("bad cast type", "kernel k() { Y[0] = cast<f99>(1); }", 1, 26, "expected an element type in 'cast<...>', found 'f99'");
        row("invalid character", "kernel k() { Y[0] = $; }", 1, 21, "unexpected character '$'");
        row("control byte", "kernel k() { Y[0] = \x01; }", 1, 21, "unexpected character byte 0x01");
        row("float overflow", "kernel k() { Y[0] = 1e999; }", 1, 21, "number '1e999' is out of range of f64");
        row("keyword in expression", "kernel k() { Y[0] = for; }", 1, 21, "unexpected keyword 'for' in an expression");
        row("decl after statement", "kernel k() { Y[0] = 1; in X: f32[1]; }", 1, 24,
            "declaration of 'X' after the first statement; declarations must come first");
        row("decl in block", "kernel k() { for i in 0..2 { in X: f32[1]; } }", 1, 30,
            "declarations are only allowed at the top of the kernel, not inside a block");
        row("ternary without colon", "kernel k() { Y[0] = a ? b; }", 1, 26,
            "expected ':' in the conditional expression 'c ? a : b', found ';'");
        row("single ampersand", "kernel k() { Y[0] = 1 & 2; }", 1, 23, "expected ';' after the assignment to 'Y', found '&'");
        row("statement keyword", "kernel k() { else { } }", 1, 14, "expected a statement ('for', 'if' or an assignment), found 'else'");
        row("multiline position", "kernel k(N=2) {\n  out Y: f32[N];\n  for i in 0..N {\n    Y[i] = 1 +* 2;\n  }\n}", 4, 15,
            "expected an expression, found '*'");
        row("unclosed index", "kernel k() { Y[0 = 1; }", 1, 18, "expected ']' or ',' in the index of 'Y', found '='");
        row("missing range hi", "kernel k() { for i in 0.. { } }", 1, 27, "expected an expression, found '{'");
        row("op without label", "kernel k() { @op(conv) { Y[0] = 1; } }", 1, 18,
            "expected the operation's label as a string (@op(\"nn.Conv2d\", 12)), found 'conv'");
        row("op label unclosed", "kernel k() { @op(\"conv) { Y[0] = 1; } }", 1, 18, "the string is not closed on this line");
        row("op empty label", "kernel k() { @op(\"\") { Y[0] = 1; } }", 1, 18, "the operation's label is empty");
        row("op line zero", "kernel k() { @op(\"conv\", 0) { Y[0] = 1; } }", 1, 26,
            "expected the source line as a positive integer, found '0'");
        row("op nested", "kernel k() { @op(\"a\") { @op(\"b\") { Y[0] = 1; } } }", 1, 25, "an @op block cannot be inside another one");
        row("op empty", "kernel k() { @op(\"a\") { } }", 1, 14, "the @op block has no statements");
        row("op unknown annotation", "kernel k() { @kernel(\"a\") { Y[0] = 1; } }", 1, 15, "unknown statement annotation 'kernel'");
        row("op without block", "kernel k() { @op(\"a\") Y[0] = 1; }", 1, 23, "expected '{' to open the @op block, found 'Y'");
    }

    void testMalformed()
    {
        QFETCH(QString, source);
        QFETCH(int, line);
        QFETCH(int, column);
        QFETCH(QString, message);
        const auto r = parseProgram(source.toStdString(), "bad.alir");
        QVERIFY(!r.hasValue());
        QVERIFY(!r.diagnostics().empty());
        const Diagnostic& d = r.diagnostics().front();
        QCOMPARE(d.severity, Severity::Error);
        QCOMPARE(d.file, std::string("bad.alir"));
        QVERIFY2(QString::fromStdString(d.message).startsWith(message), d.message.c_str());
        QCOMPARE(d.loc.line, line);
        QCOMPARE(d.loc.column, column);
        const std::string formatted = d.format();
        const std::string prefix = "bad.alir:" + std::to_string(line) + ":" + std::to_string(column) + ": error: ";
        QVERIFY2(formatted.rfind(prefix, 0) == 0, formatted.c_str());
    }

    void testSeveralErrorsReported()
    {
        const char* src = "kernel k(N=4) {\n"
                          "  out Y: f32[N];\n"
                          "  Y[0] = ;\n"
                          "  Y[1] = 1 +;\n"
                          "  for i in 0..N { Y[i] = ) ; }\n"
                          "  Y[2] = 3;\n"
                          "}\n";
        const auto r = parseProgram(src, "multi.alir");
        QVERIFY(!r.hasValue());
        QCOMPARE(r.diagnostics().size(), size_t(3));
        QCOMPARE(r.diagnostics()[0].loc.line, 3);
        QCOMPARE(r.diagnostics()[1].loc.line, 4);
        QCOMPARE(r.diagnostics()[2].loc.line, 5);
        QCOMPARE(r.diagnostics()[2].loc.column, 26);
    }

    void testErrorCountIsBounded()
    {
        std::string src = "kernel k() {\n";
        for (int i = 0; i < 500; ++i)
            src += "  Y[0] = ;\n";
        src += "}\n";
        const auto r = parseProgram(src);
        QVERIFY(!r.hasValue());
        QCOMPARE(r.diagnostics().size(), size_t(kMaxParseErrors + 1));
        QCOMPARE(r.diagnostics().back().code, std::string("parse.too-many-errors"));
    }

    void testDeepNesting()
    {
        const std::string deepExpr = "kernel k() { Y[0] = " + std::string(100000, '(') + "1" + std::string(100000, ')') + "; }";
        auto r = parseProgram(deepExpr);
        QVERIFY(!r.hasValue());
        QCOMPARE(r.diagnostics().front().code, std::string("parse.too-deep"));

        std::string deepLoops = "kernel k() {";
        for (int i = 0; i < 5000; ++i)
            deepLoops += "for i in 0..1 {";
        r = parseProgram(deepLoops);
        QVERIFY(!r.hasValue());
        QCOMPARE(r.diagnostics().front().code, std::string("parse.too-deep"));

        const std::string unary = "kernel k() { Y[0] = " + std::string(100000, '-') + "x; }";
        r = parseProgram(unary);
        QVERIFY(!r.hasValue());
        QCOMPARE(r.diagnostics().front().code, std::string("parse.too-deep"));

        // Nesting just under the limit is fine.
        const std::string ok = "kernel k() { out Y: f32[1]; Y[0] = " + std::string(150, '(') + "1" + std::string(150, ')') + "; }";
        QVERIFY(parseProgram(ok).hasValue());
    }
};

QTEST_GUILESS_MAIN(TestParser)
#include "tst_parser.moc"
