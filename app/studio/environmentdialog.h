// SPDX-License-Identifier: MIT
// Help -> Environment: what `solar doctor` prints (every Python found, its torch / numpy / einops / JAX / Flax, which
// frontends work with it and why not, the chosen one), probed in the background, and the setting that names the
// user's own interpreter (a venv or conda environment). SOLAR_PYTHON, when set, still comes first.
#pragma once

#include <QDialog>
#include <QFutureWatcher>

#include <string>

class QLineEdit;
class QPlainTextEdit;
class QPushButton;

namespace solar::trace {
struct EnvironmentReport;
}

class EnvironmentDialog : public QDialog
{
    Q_OBJECT
public:
    explicit EnvironmentDialog(QWidget* parent = nullptr);
    ~EnvironmentDialog() override;

    /// The interpreter the user chose (empty: search as usual); what analyses pass to the frontends.
    static QString pythonSetting();
    static void setPythonSetting(const QString& path);

    QPlainTextEdit* report() const { return m_report; }
    QLineEdit* pythonEdit() const { return m_python; }
    /// Probes again with the interpreter in the edit (saved as the setting first).
    void probe();

signals:
    void probed();

private:
    QLineEdit* m_python;
    QPlainTextEdit* m_report;
    QPushButton* m_probe;
    QFutureWatcher<std::string> m_watcher;
};
