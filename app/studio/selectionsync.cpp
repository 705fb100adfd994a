// SPDX-License-Identifier: MIT
#include "app/studio/selectionsync.h"

#include "app/studio/document.h"
#include "widgets/analysis/operatorpane.h"
#include "widgets/editor/irpane.h"
#include "widgets/editor/sourceeditor.h"
#include "widgets/graph/graphpane.h"
#include "widgets/graph/graphview.h"
#include "widgets/results/resultsmodel.h"
#include "widgets/roofline/rooflinechart.h"
#include "widgets/roofline/rooflinepane.h"

#include <QMenu>

#include <algorithm>

SelectionSync::SelectionSync(const ResultsModel& results, const Document& document, const Panes& panes, QObject* parent)
    : QObject(parent)
    , m_results(results)
    , m_document(document)
    , m_editor(document.editor())
    , m_panes(panes)
{
    connect(m_editor, &SourceEditor::lineActivated, this, [this](int line) { selectLine(line, false); });
    connect(m_panes.ir, &IrPane::lineActivated, this, [this](int line) { selectLine(line, true); });
    // The context menu of a line offers every operator it produced (a line often produces several).
    for (auto [editor, ir] :
         {std::pair<QsciScintilla*, bool> {m_editor, false}, std::pair<QsciScintilla*, bool> {m_panes.ir->editor(), true}}) {
        editor->setContextMenuPolicy(Qt::CustomContextMenu);
        connect(editor, &QWidget::customContextMenuRequested, this, [this, editor, ir](const QPoint& at) {
            const long position = editor->SendScintilla(QsciScintillaBase::SCI_POSITIONFROMPOINT, at.x(), at.y());
            const int line = static_cast<int>(editor->SendScintilla(QsciScintillaBase::SCI_LINEFROMPOSITION, position)) + 1;
            QMenu* menu = operatorMenu(line, ir, editor->createStandardContextMenu());
            menu->setAttribute(Qt::WA_DeleteOnClose);
            menu->popup(editor->mapToGlobal(at));
        });
    }
    connect(&results, &ResultsModel::resultChanged, this, [this](ResultsModel::Result shown, bool newProgram) {
        if (newProgram)
            m_selected = -1;
        else if (m_selected >= 0 && static_cast<size_t>(m_selected) < shown->graph.nodes.size())
            selectNode(m_selected);
    });
}

void SelectionSync::selectNode(int node)
{
    const auto shown = m_results.shown();
    if (m_syncing || !shown || node < 0 || static_cast<size_t>(node) >= shown->graph.nodes.size())
        return;
    m_syncing = true;
    m_selected = node;
    const auto& n = shown->graph.nodes[static_cast<size_t>(node)];
    m_panes.operators->selectNode(node);
    m_panes.graph->view()->selectNode(node);
    m_panes.roofline->chart()->selectNode(node);
    if (!m_results.ofOtherSource()) // another file's operator has no line in this one
        m_editor->highlightLine(m_document.isPython() ? n.sourceLine : n.line);
    m_panes.ir->highlightLine(n.line);
    m_syncing = false;
}

std::vector<int> SelectionSync::operatorsOnLine(int line, bool irLine) const
{
    std::vector<int> onLine;
    const auto shown = m_results.shown();
    if (!shown)
        return onLine;
    const bool python = !irLine && m_document.isPython();
    for (const auto& n : shown->graph.nodes)
        if ((python && n.sourceLine == line) || (!python && (n.line == line || n.initLine == line)))
            onLine.push_back(n.id);
    return onLine;
}

QMenu* SelectionSync::operatorMenu(int line, bool irLine, QMenu* menu)
{
    const std::vector<int> onLine = operatorsOnLine(line, irLine);
    if (onLine.empty())
        return menu;
    menu->addSeparator();
    menu->addSection(tr("Operators from line %1").arg(line));
    const auto shown = m_results.shown();
    for (int id : onLine) {
        const auto& n = shown->graph.nodes[static_cast<size_t>(id)];
        QString text = QString::fromStdString(n.name);
        if (!n.sourceOp.empty())
            text += QStringLiteral("  ") + QString::fromStdString(n.sourceOp);
        if (!n.modulePath.empty())
            text += QStringLiteral("  (") + QString::fromStdString(n.modulePath) + QLatin1Char(')');
        QAction* a = menu->addAction(text, this, [this, id] { selectNode(id); });
        a->setCheckable(true);
        a->setChecked(id == m_selected);
        a->setData(id);
    }
    return menu;
}

void SelectionSync::selectLine(int line, bool irLine)
{
    const auto shown = m_results.shown();
    if (!shown || m_syncing || (!irLine && m_results.ofOtherSource()))
        return; // a line of this file names no operator of another file's results
    const std::vector<int> onLine = operatorsOnLine(line, irLine);
    if (onLine.empty())
        return;
    QStringList names;
    for (int id : onLine)
        names << QString::fromStdString(shown->graph.nodes[static_cast<size_t>(id)].name);
    if (names.size() > 1)
        emit message(tr("Line %1 produced %n operator(s): %2", nullptr, static_cast<int>(names.size()))
                         .arg(line)
                         .arg(names.join(QStringLiteral(", "))),
                     10000);
    if (std::find(onLine.begin(), onLine.end(), m_selected) != onLine.end())
        return;
    selectNode(onLine.front());
}
