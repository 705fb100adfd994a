// SPDX-License-Identifier: MIT
// One selected operator across the window: selecting it in the table, the graph, the roofline or at an editor line
// selects it in every other view (and highlights its lines). A line may have produced several operators: the
// selected one stays if it is among them, otherwise the first, and the status bar names them all. A new program
// clears the selection; new times of the same one keep it. A line's context menu (editor, IR) lists its operators.
#pragma once

#include <QObject>

#include <vector>

class Document;
class GraphView;
class IrPane;
class OperatorPane;
class QMenu;
class ResultsModel;
class RooflineChart;
class SourceEditor;

class SelectionSync : public QObject
{
    Q_OBJECT
public:
    struct Views
    {
        SourceEditor* editor = nullptr;
        IrPane* ir = nullptr;
        OperatorPane* operators = nullptr;
        GraphView* graph = nullptr;
        RooflineChart* roofline = nullptr;
    };
    SelectionSync(const ResultsModel& results, const Document& document, Views views, QObject* parent = nullptr);

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
    Views m_views;
    int m_selected = -1;
    bool m_syncing = false;
};
