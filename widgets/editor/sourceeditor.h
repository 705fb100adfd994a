// SPDX-License-Identifier: MIT
// The source editor: QScintilla with line numbers, folding and undo/redo; the Python lexer for .py files and the
// ALIR lexer for .alir. Diagnostics (trace errors, IR errors, ops that were not counted) appear as a margin marker
// and an annotation under their line.
#pragma once

#include "engine/analysis/analysis.h"
#include "engine/core/diagnostic.h"

#include <Qsci/qsciscintilla.h>

#include <QList>

struct EditorDiagnostic
{
    int line = 0; // 1-based; 0 = no line (shown on the first line)
    int column = 0; // 1-based; 0 = none
    enum Severity { Error, Warning, Note } severity = Error;
    QString message;
};

class SourceEditor : public QsciScintilla
{
    Q_OBJECT
public:
    explicit SourceEditor(QWidget* parent = nullptr);

    /// The engine's diagnostics as editor markers (file:line:col -> line and column).
    static QList<EditorDiagnostic> diagnosticsFrom(const solar::Diagnostics& diagnostics);
    /// What an analysis left uncounted (warnings) or approximated (notes), at the lines concerned. For a model's
    /// source only what was not counted: footprint notes are about ALIR lines, which the IR pane shows.
    /// Coverage items as marks: for a model's source editor (`modelSource`) only the ops left out (their lines are
    /// source lines); for the program's own pane (`programPane`) the lower bounds always and the left-out items unless
    /// their lines are a model's.
    static QList<EditorDiagnostic> coverageMarks(const solar::Coverage& coverage, bool modelSource, bool programPane = false);

    /// Chooses the lexer from the file name's suffix.
    void setLanguageForFile(const QString& fileName);
    QString language() const { return m_language; }

    void setDiagnostics(const QList<EditorDiagnostic>& diagnostics);
    void clearDiagnostics();
    const QList<EditorDiagnostic>& diagnostics() const { return m_diagnostics; }
    /// The annotation text under a 1-based line (empty when none).
    QString annotationAt(int line) const;
    /// Marks a 1-based line as the current selection's (a linked selection from another view).
    void highlightLine(int line);

signals:
    /// The caret moved to another 1-based line by the user.
    void lineActivated(int line);

protected:
    void changeEvent(QEvent* event) override;

private:
    void applyCommonStyle();
    void applyPalette();
    QString m_language;
    QList<EditorDiagnostic> m_diagnostics;
    int m_lastLine = -1;
    bool m_programmaticMove = false;
};
