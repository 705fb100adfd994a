// SPDX-License-Identifier: MIT
#include "widgets/editor/sourceeditor.h"
#include "render/palette.h"

#include "widgets/editor/alirlexer.h"

#include <Qsci/qscilexerpython.h>

#include <QEvent>
#include <QFileInfo>
#include <QFontDatabase>
#include <QMap>

#include <algorithm>

namespace {

constexpr int kDiagnosticMargin = 1;
enum Marker { ErrorMarker = 0, WarningMarker = 1, NoteMarker = 2, SelectionMarker = 3 };
// Annotation styles live after the lexers' styles.
constexpr int kAnnotationStyleBase = 120;

} // namespace

SourceEditor::SourceEditor(QWidget* parent)
    : QsciScintilla(parent)
{
    applyCommonStyle();
    connect(this, &QsciScintilla::cursorPositionChanged, this, [this](int line, int) {
        if (line == m_lastLine)
            return;
        m_lastLine = line;
        if (!m_programmaticMove)
            emit lineActivated(line + 1);
    });
}

void SourceEditor::applyCommonStyle()
{
    const QFont mono = QFontDatabase::systemFont(QFontDatabase::FixedFont);
    setFont(mono);
    setMarginsFont(mono);
    setMarginType(0, QsciScintilla::NumberMargin);
    setMarginWidth(0, QStringLiteral("00000"));
    setMarginLineNumbers(0, true);
    setMarginType(kDiagnosticMargin, QsciScintilla::SymbolMargin);
    setMarginWidth(kDiagnosticMargin, 14);
    setMarginMarkerMask(kDiagnosticMargin, (1 << ErrorMarker) | (1 << WarningMarker) | (1 << NoteMarker) | (1 << SelectionMarker));
    markerDefine(QsciScintilla::Circle, ErrorMarker);
    setMarkerBackgroundColor(errorMarkerColour(), ErrorMarker);
    markerDefine(QsciScintilla::Circle, WarningMarker);
    setMarkerBackgroundColor(warningMarkerColour(), WarningMarker);
    markerDefine(QsciScintilla::Circle, NoteMarker);
    setMarkerBackgroundColor(noteMarkerColour(), NoteMarker);
    markerDefine(QsciScintilla::RightArrow, SelectionMarker);
    setMarkerBackgroundColor(lineSelectionMarkerColour(), SelectionMarker);
    setFolding(QsciScintilla::BoxedTreeFoldStyle, 2);
    setAutoIndent(true);
    setIndentationsUseTabs(false);
    setIndentationWidth(4);
    setTabWidth(4);
    setBraceMatching(QsciScintilla::SloppyBraceMatch);
    setCaretLineVisible(true);
    setUtf8(true);
    setAnnotationDisplay(QsciScintilla::AnnotationBoxed);
    applyPalette();
}

// Follow the system palette (light or dark): paper, text, margins and caret line from the palette; lexer colours
// that would be too dark on a dark paper are lightened.
void SourceEditor::applyPalette()
{
    const QPalette pal = palette();
    const QColor base = pal.color(QPalette::Base), text = pal.color(QPalette::Text);
    const bool dark = base.lightness() < 128;
    setPaper(base);
    setColor(text);
    setMarginsBackgroundColor(pal.color(QPalette::Window));
    setMarginsForegroundColor(pal.color(QPalette::WindowText));
    setFoldMarginColors(pal.color(QPalette::Window), pal.color(QPalette::Window));
    setCaretForegroundColor(text);
    setCaretLineBackgroundColor(dark ? base.lighter(135) : base.darker(106));
    if (QsciLexer* l = lexer()) {
        l->setDefaultPaper(base);
        l->setPaper(base, -1);
        l->setDefaultColor(text);
        for (int style = 0; style < 128; ++style) {
            if (l->description(style).isEmpty())
                continue;
            const QColor c = l->color(style);
            if (dark && c.lightness() < 150)
                l->setColor(c.lightness() < 40 ? text : c.lighter(220), style);
        }
    }
}

void SourceEditor::changeEvent(QEvent* event)
{
    QsciScintilla::changeEvent(event);
    if (event->type() == QEvent::PaletteChange)
        applyPalette();
}

void SourceEditor::setLanguageForFile(const QString& fileName)
{
    const QString suffix = QFileInfo(fileName).suffix().toLower();
    if (suffix == QLatin1String("py")) {
        auto* lexer = new QsciLexerPython(this);
        lexer->setDefaultFont(font());
        setLexer(lexer);
        m_language = QStringLiteral("python");
    } else if (suffix == QLatin1String("alir")) {
        setLexer(new AlirLexer(this));
        m_language = QStringLiteral("alir");
    } else {
        setLexer(nullptr);
        m_language = QStringLiteral("text");
    }
    applyCommonStyle();
}

void SourceEditor::clearDiagnostics()
{
    m_diagnostics.clear();
    markerDeleteAll(ErrorMarker);
    markerDeleteAll(WarningMarker);
    markerDeleteAll(NoteMarker);
    clearAnnotations();
}

void SourceEditor::setDiagnostics(const QList<EditorDiagnostic>& diagnostics)
{
    clearDiagnostics();
    m_diagnostics = diagnostics;
    QMap<int, QStringList> byLine;
    QMap<int, int> worst;
    for (const EditorDiagnostic& d : diagnostics) {
        const int line = std::clamp(d.line > 0 ? d.line - 1 : 0, 0, std::max(0, lines() - 1));
        const QString where = d.column > 0 ? tr("col %1: ").arg(d.column) : QString();
        const QString kind = d.severity == EditorDiagnostic::Error ? tr("error")
            : d.severity == EditorDiagnostic::Warning              ? tr("warning")
                                                                   : tr("note");
        byLine[line].append(kind + QStringLiteral(": ") + where + d.message);
        worst[line] = worst.contains(line) ? std::min(worst[line], static_cast<int>(d.severity)) : static_cast<int>(d.severity);
    }
    for (auto it = byLine.cbegin(); it != byLine.cend(); ++it) {
        const int severity = worst[it.key()];
        markerAdd(it.key(),
                  severity == EditorDiagnostic::Error         ? ErrorMarker
                      : severity == EditorDiagnostic::Warning ? WarningMarker
                                                              : NoteMarker);
        annotate(it.key(), it.value().join(QLatin1Char('\n')), kAnnotationStyleBase + severity);
    }
    // Annotation colours: a tinted box per severity that reads in light and dark palettes.
    const QColor text = palette().color(QPalette::Text);
    const QColor base = palette().color(QPalette::Base);
    const QColor tints[] = {errorMarkerColour(), warningMarkerColour(), noteMarkerColour()};
    for (int s = 0; s < 3; ++s) {
        QColor bg = base;
        bg.setRed((base.red() * 4 + tints[s].red()) / 5);
        bg.setGreen((base.green() * 4 + tints[s].green()) / 5);
        bg.setBlue((base.blue() * 4 + tints[s].blue()) / 5);
        SendScintilla(SCI_STYLESETBACK, kAnnotationStyleBase + s, bg);
        SendScintilla(SCI_STYLESETFORE, kAnnotationStyleBase + s, text);
    }
}

QString SourceEditor::annotationAt(int line) const
{
    return annotation(line - 1);
}

void SourceEditor::highlightLine(int line)
{
    markerDeleteAll(SelectionMarker);
    if (line <= 0 || line > lines())
        return;
    markerAdd(line - 1, SelectionMarker);
    // QScintilla reports the caret move later (from its UI update, after this returns), so the flag below alone does
    // not stop it: remembering the line does, and the late report of it is then no user activation.
    m_lastLine = line - 1;
    m_programmaticMove = true;
    ensureLineVisible(line - 1);
    setCursorPosition(line - 1, 0);
    m_programmaticMove = false;
}

QList<EditorDiagnostic> SourceEditor::diagnosticsFrom(const solar::Diagnostics& diagnostics)
{
    QList<EditorDiagnostic> out;
    for (const auto& d : diagnostics) {
        EditorDiagnostic e;
        e.line = d.loc.line;
        e.column = d.loc.column;
        e.severity = d.severity == solar::Severity::Error ? EditorDiagnostic::Error
            : d.severity == solar::Severity::Warning      ? EditorDiagnostic::Warning
                                                          : EditorDiagnostic::Note;
        e.message = QString::fromStdString(d.message);
        out.append(e);
    }
    return out;
}

QList<EditorDiagnostic> SourceEditor::coverageMarks(const solar::Coverage& coverage, bool modelSource, bool programPane)
{
    QList<EditorDiagnostic> marks;
    for (const auto& item : coverage.items) {
        const bool sourceLine = modelSource && !item.counted; // a left-out op of a model names its source line
        if (modelSource && sourceLine == programPane)
            continue;
        EditorDiagnostic d;
        d.line = item.line;
        d.severity = item.counted ? EditorDiagnostic::Note : EditorDiagnostic::Warning;
        d.message = (item.counted ? tr("lower bound: ") : tr("not counted: ")) + QString::fromStdString(item.what + ": " + item.reason);
        marks.append(d);
    }
    return marks;
}
