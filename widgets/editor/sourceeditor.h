// SPDX-License-Identifier: MIT
// The source editor: QScintilla with line numbers, folding and undo/redo, with the Python lexer for .py files.
#pragma once

#include <Qsci/qsciscintilla.h>

class SourceEditor : public QsciScintilla
{
    Q_OBJECT
public:
    explicit SourceEditor(QWidget* parent = nullptr);

    /// Chooses the lexer from the file name's suffix.
    void setLanguageForFile(const QString& fileName);
    QString language() const { return m_language; }

private:
    void applyCommonStyle();
    QString m_language;
};
