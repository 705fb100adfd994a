// SPDX-License-Identifier: MIT
#include "widgets/llm/llmsettingsdialog.h"
#include "render/palette.h"

#include <QDialogButtonBox>
#include <QDoubleSpinBox>
#include <QFormLayout>
#include <QLabel>
#include <QLineEdit>
#include <QSettings>
#include <QSpinBox>

LlmSettingsDialog::LlmSettingsDialog(const solar::llm::LlmSettings& s, QWidget* parent)
    : QDialog(parent)
    , m_url(new QLineEdit(QString::fromStdString(s.baseUrl), this))
    , m_model(new QLineEdit(QString::fromStdString(s.model), this))
    , m_keyEnv(new QLineEdit(QString::fromStdString(s.apiKeyEnv), this))
    , m_keyStatus(new QLabel(this))
    , m_temperature(new QDoubleSpinBox(this))
    , m_timeout(new QSpinBox(this))
    , m_attempts(new QSpinBox(this))
{
    setWindowTitle(tr("LLM frontend settings"));
    m_url->setPlaceholderText(QStringLiteral("https://api.openai.com/v1"));
    m_url->setToolTip(tr("Any OpenAI-compatible endpoint: hosted APIs, vLLM, llama.cpp server, Ollama (…/v1)"));
    m_keyEnv->setToolTip(tr("The name of the environment variable that holds the API key; empty for servers without keys. "
                            "The key itself is never stored by SOLAR Studio."));
    m_temperature->setRange(0, 2);
    m_temperature->setSingleStep(0.1);
    m_temperature->setValue(s.temperature);
    m_timeout->setRange(5, 3600);
    m_timeout->setSuffix(tr(" s"));
    m_timeout->setValue(s.timeoutMs / 1000);
    m_attempts->setRange(1, 20);
    m_attempts->setValue(s.attempts);
    auto* form = new QFormLayout(this);
    form->addRow(tr("Base URL:"), m_url);
    form->addRow(tr("Model:"), m_model);
    form->addRow(tr("API key variable:"), m_keyEnv);
    form->addRow(QString(), m_keyStatus);
    form->addRow(tr("Temperature:"), m_temperature);
    form->addRow(tr("Timeout per request:"), m_timeout);
    form->addRow(tr("Attempts (feedback rounds):"), m_attempts);
    auto* buttons = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel, this);
    form->addRow(buttons);
    connect(buttons, &QDialogButtonBox::accepted, this, &QDialog::accept);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    connect(m_keyEnv, &QLineEdit::textChanged, this, &LlmSettingsDialog::updateKeyStatus);
    updateKeyStatus();
}

void LlmSettingsDialog::updateKeyStatus()
{
    const QString name = m_keyEnv->text().trimmed();
    if (name.isEmpty())
        m_keyStatus->setText(tr("No key is sent."));
    else if (qEnvironmentVariableIsEmpty(name.toLocal8Bit().constData()))
        m_keyStatus->setText(
            withPalette(tr("<span style=\"color:{error}\">%1 is not set in SOLAR Studio's environment.</span>").arg(name.toHtmlEscaped())));
    else
        m_keyStatus->setText(tr("%1 is set (its value is not shown).").arg(name.toHtmlEscaped()));
}

solar::llm::LlmSettings LlmSettingsDialog::settings() const
{
    solar::llm::LlmSettings s;
    s.baseUrl = m_url->text().trimmed().toStdString();
    s.model = m_model->text().trimmed().toStdString();
    s.apiKeyEnv = m_keyEnv->text().trimmed().toStdString();
    s.temperature = m_temperature->value();
    s.timeoutMs = m_timeout->value() * 1000;
    s.attempts = m_attempts->value();
    return s;
}

solar::llm::LlmSettings LlmSettingsDialog::load()
{
    QSettings q;
    solar::llm::LlmSettings s;
    q.beginGroup(QStringLiteral("llm"));
    s.baseUrl = q.value(QStringLiteral("baseUrl"), QString::fromStdString(s.baseUrl)).toString().toStdString();
    s.model = q.value(QStringLiteral("model"), QString::fromStdString(s.model)).toString().toStdString();
    s.apiKeyEnv = q.value(QStringLiteral("apiKeyEnv"), QString::fromStdString(s.apiKeyEnv)).toString().toStdString();
    s.temperature = q.value(QStringLiteral("temperature"), s.temperature).toDouble();
    s.timeoutMs = q.value(QStringLiteral("timeoutMs"), s.timeoutMs).toInt();
    s.attempts = q.value(QStringLiteral("attempts"), s.attempts).toInt();
    return s;
}

void LlmSettingsDialog::save(const solar::llm::LlmSettings& s)
{
    QSettings q;
    q.beginGroup(QStringLiteral("llm"));
    q.setValue(QStringLiteral("baseUrl"), QString::fromStdString(s.baseUrl));
    q.setValue(QStringLiteral("model"), QString::fromStdString(s.model));
    q.setValue(QStringLiteral("apiKeyEnv"), QString::fromStdString(s.apiKeyEnv));
    q.setValue(QStringLiteral("temperature"), s.temperature);
    q.setValue(QStringLiteral("timeoutMs"), s.timeoutMs);
    q.setValue(QStringLiteral("attempts"), s.attempts);
}

void LlmSettingsDialog::edit(solar::llm::LlmSettings& settings, QWidget* parent)
{
    LlmSettingsDialog dialog(settings, parent);
    if (dialog.exec() != QDialog::Accepted)
        return;
    settings = dialog.settings();
    save(settings);
}
