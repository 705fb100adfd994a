// SPDX-License-Identifier: MIT
// Hardware → "Calibrate this machine": measures this CPU off the GUI thread (calibrate.h and the eager per-op floor,
// the same code as `solar hw calibrate`), shows every step as it happens, can be cancelled, and saves the result
// as a user profile that the caller then selects.
#pragma once

#include "engine/hw/hwprofile.h"

#include <QDialog>
#include <QFutureWatcher>

#include <atomic>
#include <memory>
#include <optional>

class QDialogButtonBox;
class QPlainTextEdit;
class QProgressBar;

class CalibrateDialog : public QDialog
{
    Q_OBJECT
public:
    explicit CalibrateDialog(QWidget* parent = nullptr, QString id = QStringLiteral("host"));
    ~CalibrateDialog() override;

    /// Starts the measurement (the dialog's exec() also starts it).
    void start();
    bool running() const { return m_watcher.isRunning(); }
    /// After a successful run: the saved profile's id.
    QString savedId() const { return m_savedId; }
    QString log() const;
    /// While measuring: cancels after the current step (nothing is saved); afterwards: closes.
    void reject() override;

signals:
    void saved(const QString& id);

private:
    struct Outcome
    {
        std::optional<solar::hw::HwProfile> profile;
        QString error;
    };
    void done();
    void showEvent(QShowEvent* event) override;

    QString m_id;
    QPlainTextEdit* m_log = nullptr;
    QProgressBar* m_busy = nullptr;
    QDialogButtonBox* m_buttons = nullptr;
    QFutureWatcher<Outcome> m_watcher;
    std::shared_ptr<std::atomic<bool>> m_cancel = std::make_shared<std::atomic<bool>>(false);
    QString m_savedId;
    bool m_started = false;
};
