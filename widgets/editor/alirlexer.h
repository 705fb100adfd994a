// SPDX-License-Identifier: MIT
// Syntax colouring for ALIR in QScintilla: keywords, dtypes, built-in functions, numbers, comments. The word lists
// come from the engine (builtins) so the editor never disagrees with the parser about what a name is.
#pragma once

#include <Qsci/qscilexercustom.h>

class AlirLexer : public QsciLexerCustom
{
    Q_OBJECT
public:
    enum Style { Default = 0, Comment, Keyword, DType, Builtin, Number, Operator, String };

    explicit AlirLexer(QObject* parent = nullptr);
    const char* language() const override { return "ALIR"; }
    QString description(int style) const override;
    void styleText(int start, int end) override;
    QColor defaultColor(int style) const override;
    QFont defaultFont(int style) const override;
};
