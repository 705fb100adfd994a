// SPDX-License-Identifier: MIT
// The window's analyses, from the request to what is shown: starts the background job on the editor's text, puts
// its bounds into the results model as soon as they exist and its validation verdict when it arrives, marks the
// results stale when the source changes (or an analysis fails: the numbers shown are then the previous ones), and
// tells the editor, the IR pane, the summary and the LLM transcript what they show of the analysis itself.
#pragma once

#include "app/studio/analysisjob.h"
#include "app/studio/docklayout.h"

#include <QObject>

#include <QString>
#include <optional>
#include <string>

class Document;
class ResultsModel;
class SourceEditor;
class QWidget;

class AnalysisSession : public QObject
{
    Q_OBJECT
public:
    /// Analyses `document`'s editor; tells the IR pane, the summary and the transcript of `panes` about them.
    AnalysisSession(ResultsModel& results, Document& document, const Panes& panes, QObject* parent = nullptr);

    /// Analyses the editor's text on `hardware` (a running analysis is cancelled first); false when the tracer's
    /// copy of an unsaved source cannot be written (the message says why).
    bool analyze(const solar::hw::HwProfile& hardware, const solar::SourceAnalysisOptions& options);
    void cancel() { m_job->cancel(); }
    bool isRunning() const { return m_job->isRunning(); }
    QString lastError() const { return m_lastError; }
    /// The source changed: results shown are stale, and those of the running analysis will be too.
    void sourceEdited();
    /// Esc cancels a running analysis (or its validation) from whichever widget of `window` (or of a window it
    /// owns) has the focus: the editor, a line edit or a table would otherwise take the key before the menu's
    /// shortcut sees it. Menus and dialogs keep their own Esc.
    void cancelOnEscape(QWidget* window);

protected:
    bool eventFilter(QObject* watched, QEvent* event) override;

signals:
    void busyChanged(bool busy);
    void message(const QString& text, int timeoutMs);
    void finished(bool ok);
    void boundsShown(); // the bounds of the running analysis are on screen; its validation goes on

private:
    void done(const AnalysisJob::Outcome& outcome);
    void boundsReady(const solar::SourceAnalysis& bounds);
    void show(const solar::SourceAnalysis& analysis);
    /// The verdict (and the note on the program, when it changed) of the bounds on screen.
    void applyValidation(const solar::Validation& validation, const std::optional<std::string>& programNote = {});
    void cancelled();
    /// The same bounds (the quick trace's program and the fitted one agree at the analysed sizes).
    static bool sameBounds(const solar::AnalysisResult& a, const solar::AnalysisResult& b);

    ResultsModel& m_results;
    Document& m_document;
    SourceEditor* m_editor;
    const Panes& m_panes;
    AnalysisJob* m_job = nullptr;
    bool m_llm = false; // the running analysis goes through the LLM frontend
    bool m_editedSinceStart = false; // the source changed after the running analysis started
    bool m_boundsShown = false; // the running job's bounds are shown; it is validating them
    QString m_lastError;
    QWidget* m_escapeWindow = nullptr;
};
