// SPDX-License-Identifier: MIT
// Settings of the LLM frontend: endpoint, model, the *name* of the environment variable holding the API key (the
// key itself is never asked for, shown or stored), temperature, timeout and attempts. Kept in QSettings.
#pragma once

#include "engine/frontend/llm/llmclient.h"

#include <QDialog>

class QDoubleSpinBox;
class QLabel;
class QLineEdit;
class QSpinBox;

class LlmSettingsDialog : public QDialog
{
    Q_OBJECT
public:
    explicit LlmSettingsDialog(const solar::llm::LlmSettings& settings, QWidget* parent = nullptr);
    solar::llm::LlmSettings settings() const;

    static solar::llm::LlmSettings load();
    static void save(const solar::llm::LlmSettings& settings);
    /// Shows the dialog on `settings`; when accepted, updates and saves them.
    static void edit(solar::llm::LlmSettings& settings, QWidget* parent);

private:
    void updateKeyStatus();

    QLineEdit* m_url = nullptr;
    QLineEdit* m_model = nullptr;
    QLineEdit* m_keyEnv = nullptr;
    QLabel* m_keyStatus = nullptr;
    QDoubleSpinBox* m_temperature = nullptr;
    QSpinBox* m_timeout = nullptr;
    QSpinBox* m_attempts = nullptr;
};
