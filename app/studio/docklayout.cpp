// SPDX-License-Identifier: MIT
#include "app/studio/docklayout.h"

#include "widgets/analysis/operatorpane.h"
#include "widgets/analysis/summarypane.h"
#include "widgets/compare/comparisonpane.h"
#include "widgets/editor/irpane.h"
#include "widgets/graph/graphpane.h"
#include "widgets/hardware/hardwarepane.h"
#include "widgets/insights/insightspane.h"
#include "widgets/llm/transcriptpane.h"
#include "widgets/parallel/parallelpane.h"
#include "widgets/roofline/rooflinepane.h"

#include <QCoreApplication>
#include <QDockWidget>
#include <QMainWindow>

Panes createDockedPanes(QMainWindow* window)
{
    window->setDockOptions(QMainWindow::AnimatedDocks | QMainWindow::AllowTabbedDocks | QMainWindow::AllowNestedDocks);
    auto dock = [window](const QString& title, const QString& name, QWidget* widget, Qt::DockWidgetArea area) {
        auto* d = new QDockWidget(title, window);
        d->setObjectName(name); // saveState() keys on it
        d->setWidget(widget);
        d->setMinimumWidth(200);
        window->addDockWidget(area, d);
        return d;
    };
    Panes p;
    p.ir = new IrPane(window);
    p.graph = new GraphPane(window);
    p.roofline = new RooflinePane(window);
    p.hardware = new HardwarePane(window);
    p.operators = new OperatorPane(window);
    p.summary = new SummaryPane(window);
    p.transcript = new TranscriptPane(window);
    p.compare = new ComparisonPane(window);
    p.insights = new InsightsPane(window);
    p.parallel = new ParallelPane(window);
    // First start at 1600 x 1000: the editor with the roofline and the graph (IR behind it) above; operators,
    // summary (LLM transcript and comparison behind it) and the hardware sliders below, side by side, every one
    // wide enough for its key columns. Bottom corners belong to the bottom area so that row spans the window.
    window->setCorner(Qt::BottomLeftCorner, Qt::BottomDockWidgetArea);
    window->setCorner(Qt::BottomRightCorner, Qt::BottomDockWidgetArea);
    // Translated in MainWindow's context, where the catalogues have them.
    auto* rooflineDock
        = dock(QCoreApplication::translate("MainWindow", "Roofline"), QStringLiteral("dock-roofline"), p.roofline, Qt::RightDockWidgetArea);
    auto* graphDock
        = dock(QCoreApplication::translate("MainWindow", "Einsum graph"), QStringLiteral("dock-graph"), p.graph, Qt::RightDockWidgetArea);
    auto* irDock = dock(QCoreApplication::translate("MainWindow", "IR"), QStringLiteral("dock-ir"), p.ir, Qt::RightDockWidgetArea);
    auto* tableDock = dock(QCoreApplication::translate("MainWindow", "Operators"), QStringLiteral("dock-operators"), p.operators,
                           Qt::BottomDockWidgetArea);
    auto* summaryDock
        = dock(QCoreApplication::translate("MainWindow", "Summary"), QStringLiteral("dock-summary"), p.summary, Qt::BottomDockWidgetArea);
    auto* transcriptDock = dock(QCoreApplication::translate("MainWindow", "LLM transcript"), QStringLiteral("dock-transcript"),
                                p.transcript, Qt::BottomDockWidgetArea);
    auto* compareDock = dock(QCoreApplication::translate("MainWindow", "Compare hardware"), QStringLiteral("dock-compare"), p.compare,
                             Qt::BottomDockWidgetArea);
    auto* insightsDock = dock(QCoreApplication::translate("MainWindow", "Insights"), QStringLiteral("dock-insights"), p.insights,
                              Qt::BottomDockWidgetArea);
    auto* parallelDock
        = dock(QCoreApplication::translate("MainWindow", "Devices"), QStringLiteral("dock-parallel"), p.parallel, Qt::BottomDockWidgetArea);
    auto* hardwareDock = dock(QCoreApplication::translate("MainWindow", "Hardware"), QStringLiteral("dock-hardware"), p.hardware,
                              Qt::BottomDockWidgetArea);
    window->splitDockWidget(rooflineDock, graphDock, Qt::Horizontal);
    window->tabifyDockWidget(graphDock, irDock);
    graphDock->raise();
    window->splitDockWidget(tableDock, summaryDock, Qt::Horizontal);
    window->splitDockWidget(summaryDock, hardwareDock, Qt::Horizontal);
    window->tabifyDockWidget(summaryDock, transcriptDock);
    window->tabifyDockWidget(summaryDock, compareDock);
    window->tabifyDockWidget(summaryDock, insightsDock);
    window->tabifyDockWidget(summaryDock, parallelDock);
    summaryDock->raise();
    window->resizeDocks({rooflineDock, graphDock}, {560, 440}, Qt::Horizontal);
    window->resizeDocks({tableDock, summaryDock, hardwareDock}, {580, 610, 410}, Qt::Horizontal);
    window->resizeDocks({tableDock}, {430}, Qt::Vertical);
    return p;
}
