// SPDX-License-Identifier: MIT
// One selected operator across the window: selecting it in the table, the graph, the roofline or at an editor line
// selects it in every other view (and highlights its lines). A line may have produced several operators: the
// selected one stays if it is among them, otherwise the first, and the status bar names them all. A new program
// clears the selection; new times of the same one keep it. A line's context menu (editor, IR) lists its operators.
#pragma once

#include "app/studio/docklayout.h"

#include <QObject>

#include <vector>

class Document;
class QMenu;
class ResultsModel;
class SourceEditor;

class SelectionSync : public QObject
{
    Q_OBJECT
public:
    /// Links `document`'s editor and the operator, graph, roofline and IR views of `panes`.
    SelectionSync(const ResultsModel& results, const Document& document, const Panes& panes, QObject* parent = nullptr);

    void selectNode(int node);
    int selectedNode() const { return m_selected; }
    /// The operators a line produced (source line of a model, or ALIR line), in graph order.
    std::vector<int> operatorsOnLine(int line, bool irLine) const;
    /// Appends a section to `menu` with one action per operator of `line` (checked: the selected one); returns menu.
    QMenu* operatorMenu(int line, bool irLine, QMenu* menu);
    void selectLine(int line, bool irLine);

signals:
    void message(const QString& text, int timeoutMs);

private:
    const ResultsModel& m_results;
    const Document& m_document;
    SourceEditor* m_editor;
    const Panes& m_panes;
    int m_selected = -1;
    bool m_syncing = false;
};
