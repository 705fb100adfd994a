// SPDX-License-Identifier: MIT
#include "app/studio/environmentdialog.h"

#include "engine/source/availability.h"

#include <QDialogButtonBox>
#include <QFileDialog>
#include <QFontDatabase>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QSettings>
#include <QVBoxLayout>
#include <QtConcurrent/QtConcurrentRun>

namespace {
const char* kSetting = "python/interpreter";
}

QString EnvironmentDialog::pythonSetting()
{
    return QSettings().value(QLatin1String(kSetting)).toString();
}

void EnvironmentDialog::setPythonSetting(const QString& path)
{
    QSettings settings;
    if (path.trimmed().isEmpty())
        settings.remove(QLatin1String(kSetting));
    else
        settings.setValue(QLatin1String(kSetting), path.trimmed());
}

EnvironmentDialog::EnvironmentDialog(QWidget* parent)
    : QDialog(parent)
    , m_python(new QLineEdit(pythonSetting(), this))
    , m_report(new QPlainTextEdit(this))
    , m_probe(new QPushButton(tr("&Probe again"), this))
{
    setWindowTitle(tr("Environment"));
    resize(1000, 560);
    m_python->setPlaceholderText(tr("search SOLAR_PYTHON, the active environment, PATH"));
    m_python->setToolTip(tr("The Python interpreter of your own environment (a venv's or conda's bin/python) that traces PyTorch "
                            "models and runs references. SOLAR_PYTHON, when set, comes first. Supported: torch 1.13 and 2.x."));
    auto* browse = new QPushButton(tr("&Browse…"), this);
    auto* row = new QHBoxLayout;
    row->addWidget(m_python, 1);
    row->addWidget(browse);
    row->addWidget(m_probe);
    auto* form = new QFormLayout;
    form->addRow(tr("Python interpreter:"), row);
    m_report->setReadOnly(true);
    m_report->setFont(QFontDatabase::systemFont(QFontDatabase::FixedFont));
    m_report->setLineWrapMode(QPlainTextEdit::NoWrap);
    auto* buttons = new QDialogButtonBox(QDialogButtonBox::Close, this);
    auto* layout = new QVBoxLayout(this);
    layout->addLayout(form);
    layout->addWidget(m_report, 1);
    layout->addWidget(new QLabel(tr("The next analysis uses the interpreter marked as chosen."), this));
    layout->addWidget(buttons);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    connect(browse, &QPushButton::clicked, this, [this] {
        const QString path = QFileDialog::getOpenFileName(this, tr("Python interpreter"), m_python->text());
        if (!path.isEmpty()) {
            m_python->setText(path);
            probe();
        }
    });
    connect(m_probe, &QPushButton::clicked, this, &EnvironmentDialog::probe);
    connect(m_python, &QLineEdit::returnPressed, this, &EnvironmentDialog::probe);
    connect(&m_watcher, &QFutureWatcher<std::string>::finished, this, [this] {
        m_report->setPlainText(QString::fromStdString(m_watcher.result()));
        m_probe->setEnabled(true);
        emit probed();
    });
    probe();
}

// A probe still running when the dialog closes finishes on its own in the pool (it holds nothing of the dialog);
// waiting for it here would freeze the window for as long as an interpreter takes to import torch.
EnvironmentDialog::~EnvironmentDialog() = default;

void EnvironmentDialog::probe()
{
    if (m_watcher.isRunning())
        return;
    setPythonSetting(m_python->text());
    m_probe->setEnabled(false);
    m_report->setPlainText(tr("Probing the Python interpreters (importing torch can take a few seconds)…"));
    const std::string preferred = m_python->text().trimmed().toStdString();
    m_watcher.setFuture(QtConcurrent::run([preferred] { return solar::formatEnvironment(solar::worker::probeEnvironment(preferred)); }));
}
