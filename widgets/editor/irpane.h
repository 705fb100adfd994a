// SPDX-License-Identifier: MIT
// The IR pane: the ALIR program that was analysed, with its validation status on top. Generated IR (from the
// PyTorch or LLM frontend) is read-only here; "Edit as ALIR" hands it to the editor as a new program. IR the user
// wrote is editable here too, and "Analyse this IR" analyses the edited text.
#pragma once

#include "engine/analysis/analysis.h"

#include <QWidget>

class QLabel;
class QPushButton;
class SourceEditor;

class IrPane : public QWidget
{
    Q_OBJECT
public:
    explicit IrPane(QWidget* parent = nullptr);

    void setProgram(const QString& alir, bool generated, const QString& status, const QString& details);
    /// The validation status line alone (validation finishing after the bounds were shown).
    void setStatus(const QString& status, const QString& details);
    void clear();
    void highlightLine(int line);
    /// Marks the program's lines whose counts are lower bounds (approximations) or left out; `modelSource`: items
    /// left out refer to the model's source lines, not to this program's, and are not marked here.
    void setCoverage(const solar::Coverage& coverage, bool modelSource);
    QString text() const;
    QString statusText() const;
    SourceEditor* editor() const { return m_editor; }

signals:
    void editAsAlirRequested(const QString& alir);
    void analyseRequested(const QString& alir);
    void lineActivated(int line);

private:
    QLabel* m_status = nullptr;
    QPushButton* m_edit = nullptr;
    QPushButton* m_analyse = nullptr;
    SourceEditor* m_editor = nullptr;
    bool m_generated = false;
};
