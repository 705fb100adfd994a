// SPDX-License-Identifier: MIT
#include "app/studio/analysisjob.h"
#include "app/studio/environmentdialog.h"

#include "engine/core/atomicwrite.h"
#include "engine/worker/session.h"

#include <QDir>
#include <QPointer>
#include <QTemporaryDir>
#include <QtConcurrent/QtConcurrentRun>

AnalysisJob::AnalysisJob(QObject* parent)
    : QObject(parent)
    , m_cancel(std::make_shared<std::atomic<bool>>(false))
{
    connect(&m_watcher, &QFutureWatcher<Outcome>::finished, this, &AnalysisJob::done);
    m_pool.setMaxThreadCount(1);
    m_pool.setExpiryTimeout(-1); // the thread, and the tracer it keeps, live as long as the job object
}

AnalysisJob::~AnalysisJob()
{
    m_cancel->store(true);
    m_watcher.waitForFinished();
    m_pool.waitForDone();
}

bool AnalysisJob::start(const QString& path, const QString& name, const QString& text, bool unsaved, const solar::hw::HwProfile& hardware,
                        solar::SourceAnalysisOptions options, QString* why)
{
    if (isRunning())
        cancel();
    std::string file = path.isEmpty() ? name.toStdString() : path.toStdString();
    m_copyDir.reset();
    if (solar::isPythonFile(name.toStdString()) && (path.isEmpty() || unsaved)) {
        // The tracer reads a file: the editor's text goes to a private copy, under the same name.
        m_copyDir = std::make_unique<QTemporaryDir>();
        const QString copy = QDir(m_copyDir->path()).filePath(name);
        if (!solar::writeFileAtomically(copy, text.toUtf8(), why))
            return false;
        file = copy.toStdString();
    }
    m_cancel = std::make_shared<std::atomic<bool>>(false);
    const int generation = ++m_generation;
    m_running = generation;
    options.cancel = m_cancel.get();
    if (options.python.empty())
        options.python = EnvironmentDialog::pythonSetting().toStdString();
    QPointer<AnalysisJob> self(this);
    // Callbacks come from the worker thread: relay them to the GUI thread, and only for the current job.
    auto relay = [self, generation](auto emitter) {
        QMetaObject::invokeMethod(
            self.data(),
            [self, generation, emitter] {
                if (self && self->m_generation == generation)
                    emitter(self.data());
            },
            Qt::QueuedConnection);
    };
    options.onAttempt
        = [relay](const solar::FrontendAttempt& attempt) { relay([attempt](AnalysisJob* j) { emit j->llmAttempt(attempt); }); };
    options.progress = [relay](const std::string& stage) {
        const QString name = QString::fromStdString(stage);
        relay([name](AnalysisJob* j) { emit j->progress(name); });
    };
    options.onBounds = [relay](const solar::SourceAnalysis& bounds) {
        relay([bounds](AnalysisJob* j) {
            j->m_boundsDelivered = true;
            emit j->boundsReady(bounds);
        });
    };
    m_boundsDelivered = false;
    const std::string source = text.toStdString();
    auto cancelFlag = m_cancel; // keeps the flag alive for the job
    m_watcher.setFuture(QtConcurrent::run(&m_pool, [file, source, hardware, options, cancelFlag]() mutable {
        // The pool's one thread keeps the tracer: its process belongs to this thread, and torch stays imported.
        // A changed interpreter setting starts a new worker (Session::worker).
        thread_local solar::worker::Session session;
        session.setPython(options.python);
        options.session = &session;
        return solar::analyzeSource(file, source, hardware, options);
    }));
    return true;
}

void AnalysisJob::cancel()
{
    if (!isRunning())
        return;
    m_cancel->store(true);
    ++m_generation; // whatever it returns now is stale
    emit cancelled();
}

void AnalysisJob::done()
{
    if (m_running != m_generation)
        return; // cancelled or superseded
    emit finished(m_watcher.result());
}
