// SPDX-License-Identifier: MIT
#include "widgets/hardware/calibratedialog.h"

#include "engine/hw/hostprobe.h"
#include "engine/hw/whatif.h"
#include "engine/measure/measurement.h"

#include <QDialogButtonBox>
#include <QLabel>
#include <QMetaObject>
#include <QPlainTextEdit>
#include <QPointer>
#include <QProgressBar>
#include <QPushButton>
#include <QVBoxLayout>
#include <QtConcurrent/QtConcurrentRun>

CalibrateDialog::CalibrateDialog(QWidget* parent, QString id)
    : QDialog(parent)
    , m_id(std::move(id))
{
    setWindowTitle(tr("Calibrate this machine"));
    auto* layout = new QVBoxLayout(this);
    auto* intro = new QLabel(tr("Measures this CPU's FMA throughput on one and on all threads, its memory bandwidth and, with torch, the "
                                "least time one ATen operator takes; reads its caches from sysfs. Takes under a minute; other programs "
                                "running now make the numbers lower. The result is saved as the user profile '%1'.")
                                 .arg(m_id),
                             this);
    intro->setWordWrap(true);
    layout->addWidget(intro);
    m_busy = new QProgressBar(this);
    m_busy->setRange(0, 0); // the steps' durations are not known in advance
    layout->addWidget(m_busy);
    m_log = new QPlainTextEdit(this);
    m_log->setReadOnly(true);
    m_log->setMinimumSize(560, 260);
    layout->addWidget(m_log);
    m_buttons = new QDialogButtonBox(QDialogButtonBox::Cancel, this);
    layout->addWidget(m_buttons);
    connect(m_buttons, &QDialogButtonBox::rejected, this, &CalibrateDialog::reject);
    connect(m_buttons, &QDialogButtonBox::accepted, this, &QDialog::accept);
    connect(&m_watcher, &QFutureWatcher<Outcome>::finished, this, &CalibrateDialog::done);
}

CalibrateDialog::~CalibrateDialog()
{
    m_cancel->store(true);
    m_watcher.waitForFinished(); // the measurement checks the flag between steps: a short wait
}

void CalibrateDialog::showEvent(QShowEvent* event)
{
    QDialog::showEvent(event);
    start();
}

void CalibrateDialog::start()
{
    if (m_started)
        return;
    m_started = true;
    const QString id = m_id;
    const auto cancel = m_cancel;
    QPointer<QPlainTextEdit> log = m_log;
    m_watcher.setFuture(QtConcurrent::run([id, cancel, log]() -> Outcome {
        solar::hw::CalibrationOptions options;
        options.id = id.toStdString();
        options.cancel = cancel.get();
        options.progress = [log](const std::string& line) {
            const QString text = QString::fromStdString(line);
            QMetaObject::invokeMethod(
                log,
                [log, text] {
                    if (log)
                        log->appendPlainText(text);
                },
                Qt::QueuedConnection);
        };
        const solar::hw::HostInfo host = solar::hw::probeHost();
        options.progress((host.modelName.empty() ? std::string("unknown CPU") : host.modelName) + ", " + std::to_string(host.cores)
                         + " cores, " + std::to_string(host.logicalCpus) + " logical CPUs, " + host.isa.describe());
        auto profile = solar::measure::calibrateThisMachine(options, host);
        if (!profile)
            return {std::nullopt, QString::fromStdString(profile.diagnostics().front().message)};
        return {std::move(profile).value(), {}};
    }));
}

void CalibrateDialog::done()
{
    m_busy->setRange(0, 1);
    m_busy->setValue(1);
    const Outcome outcome = m_watcher.result();
    m_buttons->setStandardButtons(QDialogButtonBox::Close);
    connect(m_buttons->button(QDialogButtonBox::Close), &QPushButton::clicked, this, &QDialog::accept);
    if (!outcome.profile) {
        m_log->appendPlainText(tr("Not saved: %1").arg(outcome.error));
        return;
    }
    const auto written = solar::hw::saveUserProfile(*outcome.profile);
    if (!written) {
        m_log->appendPlainText(tr("Not saved: %1").arg(QString::fromStdString(written.diagnostics().front().message)));
        return;
    }
    m_savedId = m_id;
    m_log->appendPlainText(tr("Saved as the user profile '%1' (%2).").arg(m_id, QString::fromStdString(*written)));
    emit saved(m_id);
}

void CalibrateDialog::reject()
{
    if (m_watcher.isRunning()) {
        m_cancel->store(true); // the result arrives as "cancelled" and is not saved
        m_log->appendPlainText(tr("Cancelling after the current step…"));
        return;
    }
    QDialog::reject();
}

QString CalibrateDialog::log() const
{
    return m_log->toPlainText();
}
