// SPDX-License-Identifier: MIT
#include "app/studio/analysissession.h"

#include "app/studio/document.h"
#include "engine/frontend/llm/llmoptions.h"
#include "engine/source/registry.h"
#include "render/enginetext.h"
#include "widgets/analysis/summarypane.h"
#include "widgets/editor/irpane.h"
#include "widgets/editor/sourceeditor.h"
#include "widgets/llm/transcriptpane.h"
#include "widgets/results/resultsmodel.h"

#include <QApplication>
#include <QDockWidget>
#include <QKeyEvent>

#include <algorithm>
#include <cmath>

AnalysisSession::AnalysisSession(ResultsModel& results, Document& document, const Panes& panes, QObject* parent)
    : QObject(parent)
    , m_results(results)
    , m_document(document)
    , m_editor(document.editor())
    , m_panes(panes)
    , m_job(new AnalysisJob(this))
{
    connect(m_job, &AnalysisJob::finished, this, &AnalysisSession::done);
    connect(m_job, &AnalysisJob::progress, this, [this](const QString& s) { emit message(tr("Analysing: %1…").arg(s), 0); });
    connect(m_job, &AnalysisJob::llmAttempt, m_panes.transcript, &TranscriptPane::addAttempt);
    connect(m_job, &AnalysisJob::boundsReady, this, &AnalysisSession::boundsReady);
    connect(m_job, &AnalysisJob::cancelled, this, &AnalysisSession::cancelled);
}

bool AnalysisSession::analyze(const solar::hw::HwProfile& hardware, const solar::SourceAnalysisOptions& options)
{
    const QString name = m_document.name().isEmpty() ? QStringLiteral("untitled.alir") : m_document.name();
    QString why;
    if (!m_job->start(m_document.path(), name, m_editor->text(), m_document.hasUnsavedEdits(), hardware, options, &why)) {
        emit message(tr("Cannot write a copy for the tracer: %1").arg(why), 8000);
        return false;
    }
    const solar::Frontend* frontend = solar::findFrontend(options.frontend);
    m_llm = frontend && frontend->reportsAttempts();
    if (m_llm) {
        const solar::llm::LlmSettings llm = solar::llm::llmSettingsFrom(options.settings);
        m_panes.transcript->clear(tr("Asking %1 at %2…").arg(QString::fromStdString(llm.model), QString::fromStdString(llm.baseUrl)));
        if (auto* dock = qobject_cast<QDockWidget*>(m_panes.transcript->parentWidget()))
            dock->raise();
    }
    m_editedSinceStart = false;
    emit busyChanged(true);
    emit message(tr("Analysing…"), 0);
    return true;
}

void AnalysisSession::cancelled()
{
    emit busyChanged(false);
    if (m_boundsShown) {
        // The bounds stand; only their validation was stopped.
        m_boundsShown = false;
        solar::Validation v;
        v.status = solar::ValidationStatus::Unvalidated;
        v.details = "validation cancelled by the user: the bounds were not compared with the source";
        applyValidation(v);
        emit message(tr("Validation cancelled; the bounds stand, unvalidated"), 5000);
        emit finished(true);
        return;
    }
    emit message(tr("Analysis cancelled"), 5000);
    emit finished(false);
}

void AnalysisSession::done(const AnalysisJob::Outcome& outcome)
{
    emit busyChanged(false);
    if (m_llm)
        m_panes.transcript->setStatus(outcome ? tr("%1: %2 — %3")
                                                    .arg(validationLabelText(outcome->result.validation),
                                                         QString::fromStdString(outcome->result.programNote),
                                                         QString::fromStdString(outcome->result.validation.details))
                                              : tr("Failed: %1").arg(QString::fromStdString(outcome.diagnostics().front().message)));
    if (!outcome) {
        m_lastError = QString::fromStdString(solar::formatAll(outcome.diagnostics()));
        m_editor->setDiagnostics(SourceEditor::diagnosticsFrom(outcome.diagnostics()));
        const bool other = m_results.ofOtherSource();
        m_results.setStale(m_results.base() != nullptr,
                           other ? tr("The analysis of this file failed (see the editor); the numbers shown are of the file open before.")
                                 : tr("The last analysis failed (see the editor); the numbers shown are from the one before."),
                           other);
        emit message(tr("Analysis failed: %1").arg(QString::fromStdString(outcome.diagnostics().front().message)), 10000);
        emit finished(false);
        return;
    }
    m_lastError.clear();
    const auto base = m_results.base();
    if (m_boundsShown && base && sameBounds(*base, outcome->result)) {
        // The bounds are on screen already: validation finished, and only its verdict (and the program's size
        // parameters, fitted for it) change. No new graph layout, selection and zoom stay.
        m_boundsShown = false;
        m_panes.ir->setProgram(QString::fromStdString(outcome->irText), outcome->irGenerated,
                               QString::fromStdString(base->validation.label()), QString());
        applyValidation(outcome->result.validation, outcome->result.programNote);
        emit message(tr("Validation finished: %1").arg(validationLabelText(outcome->result.validation)), 8000);
        emit finished(true);
        return;
    }
    m_boundsShown = false;
    show(*outcome);
    emit message(tr("Analysed: %1 operators, validation %2")
                     .arg(m_results.base()->graph.nodes.size())
                     .arg(validationLabelText(m_results.base()->validation)),
                 8000);
    emit finished(true);
}

bool AnalysisSession::sameBounds(const solar::AnalysisResult& a, const solar::AnalysisResult& b)
{
    if (a.graph.nodes.size() != b.graph.nodes.size())
        return false;
    for (solar::bounds::Level l : solar::bounds::kLevels) {
        const double x = a.ladder.at(l).seconds, y = b.ladder.at(l).seconds;
        if (std::abs(x - y) > 1e-9 * std::max(std::abs(x), std::abs(y)))
            return false;
    }
    return true;
}

void AnalysisSession::boundsReady(const solar::SourceAnalysis& bounds)
{
    show(bounds);
    m_boundsShown = true;
    m_panes.summary->setValidationRunning(true);
    m_panes.ir->setStatus(QStringLiteral("validating"), tr("the comparison with the source runs in the background"));
    emit message(tr("Bounds ready; validating against the source in the background (Esc cancels the validation)…"), 0);
    emit boundsShown();
}

void AnalysisSession::show(const solar::SourceAnalysis& a)
{
    auto base = std::make_shared<solar::AnalysisResult>(a.result);
    m_editor->setDiagnostics(SourceEditor::coverageMarks(base->coverage, m_document.isPython()));
    m_panes.ir->setProgram(QString::fromStdString(a.irText), a.irGenerated, QString::fromStdString(base->validation.label()),
                           QString::fromStdString(base->validation.details + (base->programNote.empty() ? "" : "\n" + base->programNote)));
    m_panes.ir->setCoverage(base->coverage, m_document.isPython());
    m_results.setStale(m_editedSinceStart);
    m_panes.summary->setValidationRunning(false);
    m_results.setAnalysis(std::move(base), true);
}

void AnalysisSession::applyValidation(const solar::Validation& validation, const std::optional<std::string>& programNote)
{
    const auto base = m_results.base();
    if (!base)
        return;
    const std::string note = programNote.value_or(base->programNote);
    m_panes.summary->setValidationRunning(false);
    m_panes.ir->setStatus(QString::fromStdString(validation.label()),
                          QString::fromStdString(validation.details + (note.empty() ? "" : "\n" + note)));
    m_results.setValidation(validation, programNote);
}

void AnalysisSession::cancelOnEscape(QWidget* window)
{
    m_escapeWindow = window;
    qApp->installEventFilter(this);
}

bool AnalysisSession::eventFilter(QObject* watched, QEvent* event)
{
    if (event->type() == QEvent::KeyPress && m_escapeWindow && isRunning() && !QApplication::activePopupWidget()
        && !QApplication::activeModalWidget()) {
        const auto* key = static_cast<QKeyEvent*>(event);
        auto* widget = qobject_cast<QWidget*>(watched);
        if (key->key() == Qt::Key_Escape && key->modifiers() == Qt::NoModifier && widget && widget->window()
            && (widget->window() == m_escapeWindow || widget->window()->parentWidget() == m_escapeWindow)) {
            cancel();
            return true;
        }
    }
    return QObject::eventFilter(watched, event);
}

void AnalysisSession::sourceEdited()
{
    m_editedSinceStart = true;
    if (m_results.base() && !m_results.isStale()) {
        m_results.setStale(true);
        emit message(tr("Source changed: results are stale (Ctrl+R analyses again)"), 5000);
    }
}
