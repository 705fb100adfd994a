// SPDX-License-Identifier: MIT
#include "app/studio/panewiring.h"

#include "app/studio/selectionsync.h"
#include "widgets/analysis/operatorpane.h"
#include "widgets/analysis/summarypane.h"
#include "widgets/compare/comparisonpane.h"
#include "widgets/graph/graphpane.h"
#include "widgets/graph/graphview.h"
#include "widgets/hardware/hardwarepane.h"
#include "widgets/insights/insightspane.h"
#include "widgets/parallel/parallelpane.h"
#include "widgets/results/resultsmodel.h"
#include "widgets/roofline/rooflinepane.h"

void wirePanes(const Panes& panes, ResultsModel& results, SelectionSync& selection)
{
    panes.operators->follow(results);
    panes.roofline->follow(results);
    panes.graph->follow(results);
    panes.summary->follow(results);
    panes.insights->follow(results);
    panes.compare->follow(results);
    panes.parallel->follow(results);
    panes.hardware->follow(results);
    HardwarePane* hardware = panes.hardware;
    RooflinePane* roofline = panes.roofline;
    QObject::connect(hardware, &HardwarePane::profileChanged, &results, [&results, hardware, roofline](const QString& id) {
        if (const auto* p = hardware->profile()) // the panel has reset its factors for the new profile
            results.setHardware(*p, hardware->whatIf());
        roofline->setCurrentProfileId(id);
    });
    // Every factor, the link's too: the model re-solves once and every pane, the split over devices included, follows.
    QObject::connect(hardware, &HardwarePane::whatIfChanged, &results, &ResultsModel::setWhatIf);
    QObject::connect(panes.insights, &InsightsPane::clearTraceRequested, &results, &ResultsModel::clearTrace);
    // Solve-for follows the Devices pane: a split's per-device program and its links (issue 49: with 16 devices it
    // answered for one).
    ParallelPane* parallel = panes.parallel;
    QObject::connect(parallel, &ParallelPane::splitChanged, hardware, [parallel, hardware] {
        hardware->setSplit(parallel->analysis(), parallel->plan() ? QString::fromStdString(parallel->plan()->plan.text()) : QString());
    });

    QObject::connect(panes.graph, &GraphPane::nodeSelected, &selection, &SelectionSync::selectNode);
    QObject::connect(panes.roofline, &RooflinePane::nodeSelected, &selection, &SelectionSync::selectNode);
    QObject::connect(panes.operators, &OperatorPane::nodeSelected, &selection, &SelectionSync::selectNode);
    GraphPane* graph = panes.graph;
    QObject::connect(panes.insights, &InsightsPane::opportunitySelected, &selection, [graph, &selection](const QList<int>& nodes) {
        graph->view()->highlightNodes(std::vector<int>(nodes.begin(), nodes.end()));
        if (!nodes.isEmpty())
            selection.selectNode(nodes.front());
    });
    OperatorPane* operators = panes.operators;
    QObject::connect(roofline, &RooflinePane::levelChanged, graph, [graph, operators](solar::bounds::Level l) {
        graph->view()->setLevel(l);
        operators->setShareLevel(l);
    });
    // The table's Share column is the roofline's level from the start (it said F3 while the roofline showed F0).
    graph->view()->setLevel(roofline->level());
    operators->setShareLevel(roofline->level());
}
