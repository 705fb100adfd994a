// SPDX-License-Identifier: MIT
#include "widgets/editor/sourceeditor.h"

#include <Qsci/qscilexerpython.h>

#include <QFileInfo>
#include <QFontDatabase>

SourceEditor::SourceEditor(QWidget* parent)
    : QsciScintilla(parent)
{
    applyCommonStyle();
}

void SourceEditor::applyCommonStyle()
{
    const QFont mono = QFontDatabase::systemFont(QFontDatabase::FixedFont);
    setFont(mono);
    setMarginsFont(mono);
    setMarginType(0, QsciScintilla::NumberMargin);
    setMarginWidth(0, QStringLiteral("00000"));
    setMarginLineNumbers(0, true);
    setFolding(QsciScintilla::BoxedTreeFoldStyle, 2);
    setAutoIndent(true);
    setIndentationsUseTabs(false);
    setIndentationWidth(4);
    setTabWidth(4);
    setBraceMatching(QsciScintilla::SloppyBraceMatch);
    setCaretLineVisible(true);
    setUtf8(true);
}

void SourceEditor::setLanguageForFile(const QString& fileName)
{
    const QString suffix = QFileInfo(fileName).suffix().toLower();
    if (suffix == QLatin1String("py")) {
        auto* lexer = new QsciLexerPython(this);
        lexer->setDefaultFont(font());
        setLexer(lexer);
        m_language = QStringLiteral("python");
    } else {
        setLexer(nullptr);
        m_language = suffix == QLatin1String("alir") ? QStringLiteral("alir") : QStringLiteral("text");
    }
    applyCommonStyle();
}
