// SPDX-License-Identifier: MIT
// The input widgets alone: the seconds field (typed with a unit, shown with three digits), the ALIR lexer's
// styles and the frontend selector's ids.
#include "engine/source/registry.h"
#include "widgets/common/secondsedit.h"
#include "widgets/editor/alirlexer.h"
#include "widgets/editor/frontendselector.h"
#include "widgets/editor/sourceeditor.h"

#include <QSignalSpy>
#include <QTest>

class TestInputs : public QObject
{
    Q_OBJECT

private slots:
    // Times are typed with their unit and shown with 3 significant digits and a unit (issue 14, item 9).
    void secondsEditParsesAndShowsUnits()
    {
        QCOMPARE(SecondsEdit::parse(QStringLiteral("190 µs")).value(), 190e-6);
        QCOMPARE(SecondsEdit::parse(QStringLiteral("190us")).value(), 190e-6);
        QCOMPARE(SecondsEdit::parse(QStringLiteral("0,19 ms")).value(), 0.19e-3);
        QCOMPARE(SecondsEdit::parse(QStringLiteral("2e-4 s")).value(), 2e-4);
        QCOMPARE(SecondsEdit::parse(QStringLiteral("12")).value(), 12e-3); // a bare number is in milliseconds
        QCOMPARE(SecondsEdit::parse(QStringLiteral("850 ps")).value(), 850e-12);
        QCOMPARE(SecondsEdit::parse(QString()).value(), 0.0);
        QVERIFY(!SecondsEdit::parse(QStringLiteral("fast")));
        QVERIFY(!SecondsEdit::parse(QStringLiteral("-3 ms")));
        SecondsEdit edit(QStringLiteral("none"));
        QSignalSpy changed(&edit, &SecondsEdit::secondsChanged);
        edit.setSeconds(1.9e-4);
        QCOMPARE(edit.text(), QStringLiteral("190 µs"));
        QCOMPARE(changed.count(), 1);
        edit.setText(QStringLiteral("not a time"));
        emit edit.editingFinished();
        QCOMPARE(edit.seconds().value(), 1.9e-4); // refused: the last value stays
        edit.setText(QStringLiteral("2 ms"));
        emit edit.editingFinished();
        QCOMPARE(edit.seconds().value(), 2e-3);
        QCOMPARE(edit.text(), QStringLiteral("2 ms"));
        QCOMPARE(changed.count(), 2);
    }

    // The ALIR lexer: each kind of token gets its style (comments, keywords and @-annotations, dtypes, built-ins,
    // numbers with exponents, strings, operators; `0..N` is a number, a range and a name).
    void alirLexerStylesEveryTokenKind()
    {
        SourceEditor editor;
        auto* lexer = new AlirLexer(&editor);
        editor.setLexer(lexer);
        const QByteArray text = "# note\nkernel k(N=3) {\n  out y: bf16[N];\n  for i in 0..N { y[i] = exp(1.5e0); }\n}\n@op(\"x\", 3)\n";
        editor.setText(QString::fromLatin1(text));
        lexer->styleText(0, text.size());
        auto styleOf = [&](const char* token, int occurrence = 0) {
            int at = -1;
            for (int k = 0; k <= occurrence; ++k)
                at = text.indexOf(token, at + 1);
            return static_cast<int>(editor.SendScintilla(QsciScintillaBase::SCI_GETSTYLEAT, static_cast<unsigned long>(at)));
        };
        QCOMPARE(styleOf("# note"), int(AlirLexer::Comment));
        QCOMPARE(styleOf("kernel"), int(AlirLexer::Keyword));
        QCOMPARE(styleOf("out"), int(AlirLexer::Keyword));
        QCOMPARE(styleOf("for"), int(AlirLexer::Keyword));
        QCOMPARE(styleOf("@op"), int(AlirLexer::Keyword));
        QCOMPARE(styleOf("bf16"), int(AlirLexer::DType));
        QCOMPARE(styleOf("exp"), int(AlirLexer::Builtin));
        QCOMPARE(styleOf("1.5e0"), int(AlirLexer::Number));
        QCOMPARE(styleOf("3"), int(AlirLexer::Number));
        QCOMPARE(styleOf("0..N"), int(AlirLexer::Number));
        QCOMPARE(styleOf(".."), int(AlirLexer::Operator));
        QCOMPARE(styleOf("\"x\""), int(AlirLexer::String));
        QCOMPARE(styleOf("y[i]"), int(AlirLexer::Default));
        QCOMPARE(styleOf("{"), int(AlirLexer::Operator));
    }

    void frontendSelectorRoundTrips()
    {
        FrontendSelector selector;
        // Automatic, then the registry's frontends, each by its id; an unknown id selects automatic.
        const std::vector<std::string> ids {"auto", "trace", "jax", "sol-execbench", "onnx", "hf-config", "alir", "llm"};
        QCOMPARE(solar::frontendIds(), ids);
        for (const auto& id : ids) {
            selector.setFrontend(id);
            QCOMPARE(selector.frontend(), id);
            QVERIFY(solar::isFrontendId(id));
        }
        selector.setFrontend("onnx-someday");
        QCOMPARE(selector.frontend(), std::string("auto"));
        QVERIFY(!solar::isFrontendId("onnx-someday"));
        QCOMPARE(selector.count(), 8);
    }
};

QTEST_MAIN(TestInputs)
#include "tst_inputs.moc"
