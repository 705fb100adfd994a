// SPDX-License-Identifier: MIT
// One analysis at a time off the GUI thread: analyzeSource() on a copy of the editor's text, with progress, LLM
// attempts and a cancel flag relayed to the GUI thread. A newer start() or cancel() supersedes a running job;
// whatever a superseded job returns is dropped, never shown (a generation counter tells them apart).
// Progressive: the bounds are delivered (boundsReady) as soon as they exist; validation, which can take minutes
// on a large model, follows and ends in finished(). Jobs run on one long-lived thread that keeps the Python tracer,
// so torch is imported once per session, not once per analysis.
#pragma once

#include "engine/source/sourceanalysis.h"

#include <QFutureWatcher>
#include <QObject>
#include <QThreadPool>

#include <atomic>
#include <memory>

class QTemporaryDir;

class AnalysisJob : public QObject
{
    Q_OBJECT
public:
    using Outcome = solar::Expected<solar::SourceAnalysis>;

    explicit AnalysisJob(QObject* parent = nullptr);
    ~AnalysisJob() override;

    /// Analyses `text` as the file `path` (named `name`). A Python source that is unsaved or edited is written to a
    /// private copy first, because the tracer reads files; false and why when that copy cannot be written.
    bool start(const QString& path, const QString& name, const QString& text, bool unsaved, const solar::hw::HwProfile& hardware,
               solar::SourceAnalysisOptions options, QString* why = nullptr);
    /// Stops the running job (if any) and emits cancelled().
    void cancel();
    bool isRunning() const { return m_watcher.isRunning(); }
    /// The running job delivered its bounds and is validating them.
    bool isValidating() const { return isRunning() && m_boundsDelivered; }

signals:
    void progress(const QString& stage);
    void boundsReady(const solar::SourceAnalysis& bounds);
    void llmAttempt(const solar::FrontendAttempt& attempt);
    void finished(const AnalysisJob::Outcome& outcome);
    void cancelled();

private:
    void done();

    QThreadPool m_pool; // one thread, kept: it owns the tracer between jobs
    QFutureWatcher<Outcome> m_watcher;
    std::shared_ptr<std::atomic<bool>> m_cancel;
    std::unique_ptr<QTemporaryDir> m_copyDir;
    int m_generation = 0;
    int m_running = 0; // generation of the job the watcher watches
    bool m_boundsDelivered = false;
};
