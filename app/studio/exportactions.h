// SPDX-License-Identifier: MIT
// File → Export, from the export table (render/exports.h): one action per format, plus the report's print
// preview. What is exported comes from the window through `input` (empty when nothing is analysed yet).
#pragma once

#include "render/exports.h"

#include <QObject>

#include <functional>
#include <optional>

class QMenu;
class QWidget;

class ExportActions : public QObject
{
    Q_OBJECT
public:
    using InputProvider = std::function<std::optional<ReportInput>()>;

    ExportActions(QMenu* menu, QWidget* dialogParent, InputProvider input);

    /// Asks for a file name and writes `kind` there.
    void exportWithDialog(ExportKind kind);
    void previewReport();

signals:
    void message(const QString& text, int timeoutMs);

private:
    QWidget* m_parent;
    InputProvider m_input;
};
