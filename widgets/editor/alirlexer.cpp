// SPDX-License-Identifier: MIT
#include "widgets/editor/alirlexer.h"
#include "render/palette.h"

#include "engine/ir/builtins.h"
#include "engine/ir/dtype.h"

#include <Qsci/qsciscintilla.h>

#include <QApplication>
#include <QFontDatabase>
#include <QPalette>
#include <QSet>

#include <cctype>

namespace {

bool isDark()
{
    const QPalette p = QApplication::palette();
    return p.color(QPalette::Base).lightness() < 128;
}

} // namespace

AlirLexer::AlirLexer(QObject* parent)
    : QsciLexerCustom(parent)
{ }

QString AlirLexer::description(int style) const
{
    switch (style) {
    case Default: return tr("Default");
    case Comment: return tr("Comment");
    case Keyword: return tr("Keyword");
    case DType: return tr("Element type");
    case Builtin: return tr("Built-in function");
    case Number: return tr("Number");
    case Operator: return tr("Operator");
    case String: return tr("String");
    default: return {};
    }
}

QColor AlirLexer::defaultColor(int style) const
{
    const bool dark = isDark();
    switch (style) {
    case Comment: return syntaxColour(SyntaxRole::Comment, dark);
    case Keyword: return syntaxColour(SyntaxRole::Keyword, dark);
    case DType: return syntaxColour(SyntaxRole::DType, dark);
    case Builtin: return syntaxColour(SyntaxRole::Builtin, dark);
    case Number: return syntaxColour(SyntaxRole::Number, dark);
    case Operator: return syntaxColour(SyntaxRole::Operator, dark);
    case String: return syntaxColour(SyntaxRole::String, dark);
    default: return QApplication::palette().color(QPalette::Text);
    }
}

QFont AlirLexer::defaultFont(int style) const
{
    QFont f = QFontDatabase::systemFont(QFontDatabase::FixedFont);
    if (style == Keyword)
        f.setBold(true);
    if (style == Comment)
        f.setItalic(true);
    return f;
}

void AlirLexer::styleText(int start, int end)
{
    QsciScintilla* ed = editor();
    if (!ed || start >= end)
        return;
    // Restyle from the start of the line so a token is never split.
    const int line = static_cast<int>(ed->SendScintilla(QsciScintillaBase::SCI_LINEFROMPOSITION, static_cast<unsigned long>(start)));
    start = static_cast<int>(ed->SendScintilla(QsciScintillaBase::SCI_POSITIONFROMLINE, static_cast<unsigned long>(line)));
    QByteArray bytes(end - start + 1, '\0');
    ed->SendScintilla(QsciScintillaBase::SCI_GETTEXTRANGE, start, end, bytes.data());
    bytes.resize(end - start);
    static const QSet<QByteArray> keywords
        = {"kernel", "let", "in", "weight", "out", "tmp", "const", "for", "if", "else", "step", "cast", "inf", "nan", "max=", "min="};
    startStyling(start);
    int i = 0;
    const int n = bytes.size();
    auto isWord = [](char c) { return std::isalnum(static_cast<unsigned char>(c)) || c == '_'; };
    while (i < n) {
        const char c = bytes[i];
        int j = i + 1;
        int style = Default;
        if (c == '#') {
            while (j < n && bytes[j] != '\n')
                ++j;
            style = Comment;
        } else if (c == '"') {
            while (j < n && bytes[j] != '"' && bytes[j] != '\n')
                ++j;
            if (j < n && bytes[j] == '"')
                ++j;
            style = String;
        } else if (c == '@' && j < n && isWord(bytes[j])) {
            while (j < n && isWord(bytes[j]))
                ++j;
            style = Keyword; // @op, @range
        } else if (std::isdigit(static_cast<unsigned char>(c))) {
            while (j < n
                   && (std::isalnum(static_cast<unsigned char>(bytes[j])) || (bytes[j] == '.' && !(j + 1 < n && bytes[j + 1] == '.'))))
                ++j;
            style = Number;
        } else if (isWord(c)) {
            while (j < n && isWord(bytes[j]))
                ++j;
            const QByteArray word = bytes.mid(i, j - i);
            const std::string w = word.toStdString();
            if (keywords.contains(word))
                style = Keyword;
            else if (solar::ir::parseDType(w))
                style = DType;
            else if (solar::ir::findBuiltin(w))
                style = Builtin;
        } else if (std::ispunct(static_cast<unsigned char>(c))) {
            style = Operator;
        }
        setStyling(j - i, style);
        i = j;
    }
}
