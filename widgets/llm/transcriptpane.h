// SPDX-License-Identifier: MIT
// The LLM transcript: one row per attempt with its outcome (validated, mismatch, parse error, ...), the
// diagnostics or mismatch summary, and the model's reply and the feedback it got, selectable.
#pragma once

#include "engine/frontend/llm/translator.h"

#include <QWidget>

class QLabel;
class QPlainTextEdit;
class QTreeWidget;

class TranscriptPane : public QWidget
{
    Q_OBJECT
public:
    explicit TranscriptPane(QWidget* parent = nullptr);

    void clear(const QString& status = {});
    void addAttempt(const solar::llm::Attempt& attempt);
    void setStatus(const QString& status);
    int attemptCount() const;
    QString outcomeOf(int row) const;
    QString statusText() const;

private:
    QLabel* m_status = nullptr;
    QTreeWidget* m_attempts = nullptr;
    QPlainTextEdit* m_detail = nullptr;
    std::vector<solar::llm::Attempt> m_data;
};
