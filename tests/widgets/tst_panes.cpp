// SPDX-License-Identifier: MIT
// Each pane and each piece the main window wires, alone: the operator table model under QAbstractItemModelTester,
// the operator, graph and roofline panes, the background analysis job (result, cancel, a superseded job's result
// dropped), the document (open, save, unsaved state, autosave and recovery), the File-menu lists and the export
// actions. tst_mainwindow keeps to how they are wired together.
#include "app/studio/analysisjob.h"
#include "app/studio/document.h"
#include "app/studio/exportactions.h"
#include "app/studio/filemenus.h"
#include "engine/analysis/analysis.h"
#include "engine/hw/registry.h"
#include "engine/ir/parser.h"
#include "render/units.h"
#include "widgets/analysis/operatorpane.h"
#include "widgets/analysis/operatortablemodel.h"
#include "widgets/analysis/summarypane.h"
#include "widgets/compare/comparisonpane.h"
#include "widgets/editor/irpane.h"
#include "widgets/editor/sourceeditor.h"
#include "widgets/graph/graphpane.h"
#include "widgets/graph/graphview.h"
#include "widgets/results/resultsmodel.h"
#include "widgets/roofline/rooflinechart.h"
#include "widgets/roofline/rooflinepane.h"

#include <QAbstractItemModelTester>
#include <QApplication>
#include <QComboBox>
#include <QLabel>
#include <QLineEdit>
#include <QListWidget>
#include <QMenu>
#include <QPushButton>
#include <QSettings>
#include <QSignalSpy>
#include <QSortFilterProxyModel>
#include <QTemporaryDir>

#include <QTableView>
#include <QTemporaryDir>
#include <QTest>
#include <QWheelEvent>
#include <unistd.h>

#include <algorithm>
#include <cmath>
#include <fstream>
#include <sstream>

using solar::bounds::Level;

namespace {

const std::string kData = SOLAR_TEST_DATA;

std::string readData(const std::string& relative)
{
    std::ifstream in(kData + "/" + relative);
    std::ostringstream ss;
    ss << in.rdbuf();
    return ss.str();
}

std::shared_ptr<const solar::AnalysisResult> analysed(const std::string& file)
{
    const auto registry = solar::hw::loadDefaultHwRegistry();
    const auto program = solar::ir::parseProgram(readData("alir/" + file), file);
    auto r = solar::analyzeProgram(*program, *registry.find("h100-sxm"));
    return std::make_shared<solar::AnalysisResult>(std::move(r).value());
}

} // namespace

class TestPanes : public QObject
{
    Q_OBJECT

private slots:

    // Linked selection by identity (issue 14, item 1): QScintilla reports a programmatic caret move late, after
    // highlightLine() returns; that late report must not count as the user activating the line (it used to
    // re-select the first operator of the line, not the one picked in the table).
    void testHighlightIsNoActivation()
    {
        SourceEditor editor;
        editor.setText(QStringLiteral("a\nb\nc\nd\ne\n"));
        QSignalSpy activated(&editor, &SourceEditor::lineActivated);
        editor.highlightLine(4);
        emit editor.cursorPositionChanged(3, 0); // the deferred notification of that move
        QCOMPARE(activated.count(), 0);
        emit editor.cursorPositionChanged(1, 0); // the user clicks line 2
        QCOMPARE(activated.count(), 1);
        QCOMPARE(activated.front().front().toInt(), 2);
    }

    // A measured time belongs to (program, sizes, hardware) (issue 14, item 2): another program clears it with a
    // note, never headroom or a SOL violation against bounds it was not measured for; a re-solve of the same program
    // keeps it; a project's time is adopted by the result that follows.
    void testMeasuredTimeBelongsToItsProgram()
    {
        SummaryPane panel;
        const auto matmul = analysed("matmul.alir");
        const auto softmax = analysed("softmax.alir");
        panel.setResult(matmul);
        panel.setMeasuredSeconds(1e-3);
        QCOMPARE(panel.measuredSeconds(), std::optional<double>(1e-3));
        panel.setResult(std::make_shared<solar::AnalysisResult>(*matmul)); // the same program again: kept
        QCOMPARE(panel.measuredSeconds(), std::optional<double>(1e-3));
        QVERIFY(panel.measurementNote().isEmpty());
        panel.setResult(softmax);
        QVERIFY(!panel.measuredSeconds());
        QVERIFY(panel.measurementNote().contains(QStringLiteral("cleared")));
        QVERIFY(panel.violationText().isEmpty());
        // Another profile for the same program is another subject too.
        const auto registry = solar::hw::loadDefaultHwRegistry();
        panel.setResult(matmul);
        panel.setMeasuredSeconds(2e-3);
        auto onB200 = std::make_shared<solar::AnalysisResult>(*matmul);
        onB200->hardware = *registry.find("b200");
        panel.setResult(onB200);
        QVERIFY(!panel.measuredSeconds());
        // Pending (a project being opened): the next result adopts it, whatever was shown before.
        panel.setPendingMeasuredSeconds(3e-3);
        panel.setResult(softmax);
        QCOMPARE(panel.measuredSeconds(), std::optional<double>(3e-3));
        QVERIFY(panel.measurementNote().isEmpty());
    }

    // A warning of the analysis (a serving point that does not fit, issue 49) stands out in the Summary's header.
    void testSummaryShowsWarnings()
    {
        SummaryPane panel;
        auto result = std::make_shared<solar::AnalysisResult>(*analysed("matmul.alir"));
        panel.setResult(result);
        QVERIFY(!panel.programText().contains(QStringLiteral("DOES NOT FIT")));
        result->diagnostics.push_back({solar::Severity::Warning, "config.json", {}, "serving.fit", "DOES NOT FIT: weights 141 GB"});
        result->diagnostics.push_back({solar::Severity::Note, "config.json", {}, "serving.step", "a note stays out of the header"});
        panel.setResult(std::make_shared<solar::AnalysisResult>(*result));
        QVERIFY2(panel.programText().contains(QStringLiteral("DOES NOT FIT: weights 141 GB")), qPrintable(panel.programText()));
        QVERIFY(!panel.programText().contains(QStringLiteral("a note stays out")));
    }

    // Lower-bound approximations are visible in the Summary next to "complete" (issue 14, item 5).
    void testSummaryListsApproximations()
    {
        SummaryPane panel;
        panel.setResult(analysed("embedding.alir")); // a gather: its rows are a lower bound
        QVERIFY(panel.coverageText().contains(QStringLiteral("lower bound")));
        panel.setResult(analysed("matmul.alir"));
        QVERIFY(!panel.coverageText().contains(QStringLiteral("lower bound")));
        // And in the IR pane, on the line of the node whose count is a lower bound.
        IrPane ir;
        const auto embedding = analysed("embedding.alir");
        ir.setProgram(QString::fromStdString(readData("alir/embedding.alir")), false, QStringLiteral("unvalidated"), QString());
        ir.setCoverage(embedding->coverage, false);
        QVERIFY(!embedding->coverage.items.empty());
        QCOMPARE(ir.editor()->diagnostics().size(), static_cast<qsizetype>(embedding->coverage.items.size()));
        QCOMPARE(ir.editor()->diagnostics().front().line, embedding->coverage.items.front().line);
        QVERIFY(ir.editor()->diagnostics().front().message.startsWith(QStringLiteral("lower bound")));
        // The list cites the source's line where the operator has one, as the table does ("line 169" in a 60-line
        // source was the IR's line; issue 30, item 15), and says "ALIR line" otherwise.
        panel.setResult(analysed("embedding.alir"));
        QVERIFY2(panel.coverageText().contains(QStringLiteral("(ALIR line 6)")), qPrintable(panel.coverageText()));
        const auto program = solar::ir::parseProgram("kernel gather(N=5, V=7, D=3) {\n  in I: i64[N] @range(0, V);\n"
                                                     "  weight E: f32[V, D];\n  out Y: f32[N, D];\n  @op(\"aten::embedding\", 41) {\n"
                                                     "    for n in 0..N, d in 0..D { Y[n, d] = E[I[n], d]; }\n  }\n}\n",
                                                     "gather.alir");
        QVERIFY(program);
        const auto registry = solar::hw::loadDefaultHwRegistry();
        panel.setResult(std::make_shared<solar::AnalysisResult>(solar::analyzeProgram(*program, *registry.find("h100-sxm")).value()));
        QVERIFY2(panel.coverageText().contains(QStringLiteral("(line 41)")), qPrintable(panel.coverageText()));
        QVERIFY(!panel.coverageText().contains(QStringLiteral("line 6")));
    }
    void operatorModelIsAWellBehavedModel()
    {
        OperatorTableModel model;
        QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
        model.setResult(analysed("mlp_softmax.alir"));
        QVERIFY(model.rowCount() > 0);
        model.setShareLevel(Level::UnfusedPerKernel);
        model.setResult(analysed("conv2d.alir"));
        model.setResult(nullptr);
        QCOMPARE(model.rowCount(), 0);
    }

    // Issue 49, item 15: names with numbers sort as people count (t2 before t10), not as text.
    void operatorNamesSortNaturally()
    {
        std::string text = "kernel k(N=4) {\n  in X: f32[N];\n";
        for (int i : {10, 2, 11, 1})
            text += "  out t" + std::to_string(i) + ": f32[N];\n";
        for (int i : {10, 2, 11, 1})
            text += "  for n in 0..N { t" + std::to_string(i) + "[n] = X[n] * " + std::to_string(i) + "; }\n";
        const auto program = solar::ir::parseProgram(text + "}\n", "names.alir");
        QVERIFY(program);
        const auto registry = solar::hw::loadDefaultHwRegistry();
        OperatorPane pane;
        pane.setResult(std::make_shared<solar::AnalysisResult>(solar::analyzeProgram(*program, *registry.find("h100-sxm")).value()));
        pane.table()->sortByColumn(OperatorTableModel::Name, Qt::AscendingOrder);
        QStringList names;
        for (int row = 0; row < pane.proxy()->rowCount(); ++row)
            names << pane.proxy()->index(row, OperatorTableModel::Name).data().toString();
        QCOMPARE(names.size(), 4);
        QStringList tensors; // "t10@7": the tensor, then where it is written
        for (const QString& name : names)
            tensors << name.section(QLatin1Char('@'), 0, 0);
        QCOMPARE(tensors, (QStringList {QStringLiteral("t1"), QStringLiteral("t2"), QStringLiteral("t10"), QStringLiteral("t11")}));
    }

    void operatorPaneFiltersAndSelectsByNode()
    {
        OperatorPane pane;
        QAbstractItemModelTester tester(pane.proxy(), QAbstractItemModelTester::FailureReportingMode::QtTest);
        const auto r = analysed("mlp_softmax.alir");
        pane.setResult(r);
        const int all = pane.proxy()->rowCount();
        QCOMPARE(all, static_cast<int>(r->graph.nodes.size()));
        QSignalSpy selected(&pane, &OperatorPane::nodeSelected);
        // Showing a node is not a user's selection: no signal back (no loop through the window).
        pane.selectNode(r->graph.nodes.back().id);
        QCOMPARE(selected.count(), 0);
        const QModelIndex current = pane.table()->currentIndex();
        QCOMPARE(pane.proxy()->data(current, OperatorTableModel::NodeRole).toInt(), r->graph.nodes.back().id);
        // A user's click on another row is.
        const int other = current.row() == 0 ? 1 : 0;
        pane.table()->setCurrentIndex(pane.proxy()->index(other, 0));
        QCOMPARE(selected.count(), 1);
        pane.filter()->setText(QString::fromStdString(r->graph.nodes.front().name));
        QVERIFY(pane.proxy()->rowCount() >= 1 && pane.proxy()->rowCount() < all);
        QSignalSpy csv(&pane, &OperatorPane::exportCsvRequested);
        QTest::mouseClick(pane.findChild<QPushButton*>(), Qt::LeftButton);
        QCOMPARE(csv.count(), 1);
    }

    void graphPaneKeepsItsColourAndReportsMisses()
    {
        GraphPane pane;
        QCOMPARE(pane.colourKey(), QStringLiteral("bottleneck"));
        pane.setColourKey(QStringLiteral("share"));
        QCOMPARE(pane.colourKey(), QStringLiteral("share"));
        pane.setColourKey(QStringLiteral("nonsense"));
        QCOMPARE(pane.colourKey(), QStringLiteral("bottleneck"));
        pane.view()->setResult(analysed("mlp_softmax.alir"));
        QSignalSpy ready(pane.view(), &GraphView::layoutReady);
        QVERIFY(ready.wait(30000));
        QSignalSpy message(&pane, &GraphPane::message);
        auto* find = pane.findChild<QLineEdit*>();
        find->setText(QStringLiteral("no-such-operator"));
        QTest::keyClick(find, Qt::Key_Return);
        QCOMPARE(message.count(), 1);
    }

    // A long graph at Fit was a hairline and selecting a row did not bring its box into view (issue 30, item 14):
    // a 300-operator chain fits its width at a legible scale, and a selected box far down is scrolled to.
    void graphFitStaysLegibleAndFollowsTheSelection()
    {
        std::string text = "kernel chain(N=64) {\n  in T0: f32[N];\n";
        const int ops = 300;
        for (int k = 1; k < ops; ++k)
            text += "  tmp T" + std::to_string(k) + ": f32[N];\n";
        text += "  out Y: f32[N];\n";
        for (int k = 1; k <= ops; ++k)
            text += "  for i in 0..N { " + (k == ops ? std::string("Y") : "T" + std::to_string(k)) + "[i] = relu(T" + std::to_string(k - 1)
                + "[i]); }\n";
        text += "}\n";
        const auto program = solar::ir::parseProgram(text, "chain.alir");
        QVERIFY(program);
        const auto registry = solar::hw::loadDefaultHwRegistry();
        const auto result = std::make_shared<solar::AnalysisResult>(solar::analyzeProgram(*program, *registry.find("h100-sxm")).value());
        QCOMPARE(result->graph.nodes.size(), size_t(ops));
        GraphView view;
        view.resize(800, 600);
        view.show();
        QVERIFY(QTest::qWaitForWindowExposed(&view));
        QSignalSpy ready(&view, &GraphView::layoutReady);
        view.setResult(result);
        QVERIFY(ready.wait(60000));
        view.fitAll();
        QVERIFY2(view.transform().m11() >= kLegibleScale, qPrintable(QString::number(view.transform().m11())));
        const int last = result->graph.nodes.back().id;
        auto onScreen = [&](int node) {
            const QRectF box = view.nodeRect(node);
            return !box.isEmpty() && view.viewport()->rect().contains(view.mapFromScene(box).boundingRect());
        };
        QVERIFY(!onScreen(last)); // the chain is far longer than the view
        view.selectNode(last);
        QVERIFY(onScreen(last));
        QVERIFY(view.transform().m11() >= kLegibleScale);
    }

    void rooflinePaneChangesLevel()
    {
        RooflinePane pane;
        QCOMPARE(pane.level(), Level::UnfusedPerKernel); // each operator at its own attained rate by default
        QSignalSpy changed(&pane, &RooflinePane::levelChanged);
        pane.setLevelKey(QStringLiteral("fused"));
        QCOMPARE(pane.level(), Level::Fused);
        QCOMPARE(pane.levelKey(), QStringLiteral("fused"));
        QCOMPARE(changed.count(), 1);
        pane.chart()->setResult(analysed("mlp_softmax.alir"));
        QVERIFY(pane.chart()->pointCount() > 0);
    }

    // The roofline (issue 14, items 6 and 7): zoom by wheel and rubber band keeps the data point under the cursor,
    // pan moves the view, reset restores it; the hover panel has a fixed height; the roofs drawn are the program's
    // (DRAM and the compute roofs its fp32 work uses) with their values at the lines; each tooltip names the roof
    // the point sits on.
    // Every operator point is drawn on or under the line of the roof its tooltip names (issue 30: a TF32
    // convolution at 461 TFLOP/s = TF32 410 + SIMT fp32 51.2 sat above the only tensor roof drawn, 410). An fp32
    // GEMM without provenance may use TF32 under pytorch-default and split its tiles onto the SIMT pipes, so
    // standing alone it reaches the two peaks summed: that roof is drawn, named, and the point lies on it.
    void rooflinePointsSitOnDrawnRoofs()
    {
        RooflineChart chart;
        chart.resize(900, 650);
        chart.show();
        QVERIFY(QTest::qWaitForWindowExposed(&chart));
        const auto registry = solar::hw::loadDefaultHwRegistry();
        const auto program = solar::ir::parseProgram("kernel big(M=4096, N=4096, K=4096) {\n"
                                                     "  in A: f32[M, K];\n  weight W: f32[K, N];\n  out C: f32[M, N];\n"
                                                     "  for m in 0..M, n in 0..N {\n    C[m, n] = 0;\n"
                                                     "    for k in 0..K { C[m, n] += A[m, k] * W[k, n]; }\n  }\n}\n",
                                                     "big.alir");
        QVERIFY(program);
        for (const char* id : {"h100-pcie", "h100-sxm", "a100-sxm", "b200"}) {
            const auto* profile = registry.find(id);
            QVERIFY(profile);
            chart.setResult(std::make_shared<solar::AnalysisResult>(solar::analyzeProgram(*program, *profile).value()));
            QCOMPARE(chart.plot().points.size(), size_t(1));
            const auto& p = chart.plot().points.front();
            QVERIFY2(p.computeBound && p.bound == "tensor tf32 + simt fp32", p.bound.c_str());
            const double tf32 = solar::bounds::machineFromProfile(*profile).peak(solar::hw::Unit::Tensor, solar::hw::Precision::TF32);
            const double simt = solar::bounds::machineFromProfile(*profile).peak(solar::hw::Unit::Simt, solar::hw::Precision::FP32);
            QVERIFY(std::abs(p.y - (tf32 + simt)) <= 1e-9 * p.y); // above either roof alone
            const auto roof = std::find_if(chart.plot().roofs.begin(), chart.plot().roofs.end(),
                                           [&](const auto& r) { return r.primary && r.label == p.bound; });
            QVERIFY(roof != chart.plot().roofs.end());
            QVERIFY(roof->combined);
            const QString drawn = chart.roofLabels().join(QLatin1Char('\n'));
            QVERIFY2(drawn.contains(QString::fromStdString(p.bound) + QLatin1Char(' ') + siText(roof->value, "FLOP/s")), qPrintable(drawn));
            // In pixels: the point is on its roof's line, not above it.
            const QPointF point = chart.canvasPointOfNode(p.node), line = chart.canvasPointOf(p.x, roof->value);
            QVERIFY2(std::abs(point.y() - line.y()) < 0.5, qPrintable(QStringLiteral("%1 vs %2").arg(point.y()).arg(line.y())));
            for (const auto& r : chart.plot().roofs)
                if (r.primary && !r.dram && !r.combined)
                    QVERIFY(point.y() < chart.canvasPointOf(p.x, r.value).y()); // above every single unit's roof
            QVERIFY(chart.tooltipOfNode(p.node).contains(QStringLiteral("on its ") + QString::fromStdString(p.bound)));
        }
    }

    // Compare at F0 mixes profiles with an eager per-operator floor and without one: the pane says which applies
    // where, with the floor and its total (issue 30, item 10); profile names are shown whole (item 15: "NVIDIA
    // H100 PCIe 8").
    void comparisonNamesFloorsAndWholeNames()
    {
        // Every shipped GPU profile has a dispatch floor: the B200's is taken out, so that one column is the pure bound.
        auto registry = solar::hw::loadDefaultHwRegistry();
        for (auto& p : registry.profiles)
            if (p.id == "b200")
                p.opFloorSeconds.reset();
        ComparisonPane pane;
        pane.resize(480, 400); // a dock beside the operators at 1600 x 1000
        pane.setRegistry(&registry);
        pane.setResult(analysed("mlp_softmax.alir"));
        pane.setProfiles({QStringLiteral("h100-pcie"), QStringLiteral("b200")});
        pane.show();
        QVERIFY(QTest::qWaitForWindowExposed(&pane));
        const auto* pcie = registry.find("h100-pcie");
        QVERIFY(pcie->opFloorSeconds && !registry.find("b200")->opFloorSeconds);
        const auto& cols = pane.comparison().profiles;
        const auto at = std::find_if(cols.begin(), cols.end(), [](const auto& c) { return c.id == "h100-pcie"; });
        QVERIFY(at != cols.end());
        const auto& col = *at;
        QVERIFY(col.ladder.at(Level::UnfusedPerKernel).opFloorSeconds > 0);
        const QString floors = pane.floorsText();
        QVERIFY2(floors.contains(QString::fromStdString(pcie->name) + QStringLiteral(" (") + secondsText(pcie->opFloorSeconds->value)),
                 qPrintable(floors));
        QVERIFY(floors.contains(secondsText(col.ladder.at(Level::UnfusedPerKernel).opFloorSeconds)));
        QVERIFY(floors.contains(QStringLiteral("none on ") + QString::fromStdString(registry.find("b200")->name)));
        // Whole names: the baseline box and the list are as wide as their longest name.
        const QComboBox* baseline = pane.baselineBox();
        for (int i = 0; i < baseline->count(); ++i)
            QVERIFY(baseline->width() > baseline->fontMetrics().horizontalAdvance(baseline->itemText(i)));
        const QListWidget* list = pane.profileList();
        for (int i = 0; i < list->count(); ++i)
            QVERIFY(list->viewport()->width()
                    >= list->visualItemRect(list->item(i)).left() + list->fontMetrics().horizontalAdvance(list->item(i)->text()));
    }

    void rooflineZoomPanAndRoofs()
    {
        RooflinePane pane;
        pane.resize(900, 650);
        pane.show();
        QVERIFY(QTest::qWaitForWindowExposed(&pane));
        RooflineChart* chart = pane.chart();
        const auto result = analysed("mlp_softmax.alir");
        chart->setResult(result);
        QVERIFY(chart->pointCount() > 0);
        const RooflineRange full = chart->visibleRange();
        QVERIFY(!chart->isZoomed());
        // Only relevant roofs: this fp32 program (hand-written, so its contraction may use TF32 tensor cores under
        // pytorch-default) never draws the fp8, int8 or fp64 roofs of the machine.
        const QStringList roofs = chart->roofLabels();
        QVERIFY(roofs.first().startsWith(QStringLiteral("DRAM 3.35 TB/s")));
        for (const QString& label : roofs)
            QVERIFY2(!label.contains(QStringLiteral("fp8")) && !label.contains(QStringLiteral("int8"))
                         && !label.contains(QStringLiteral("fp64")),
                     qPrintable(label));
        // Each tooltip names the roof its point sits on.
        for (const auto& p : chart->plot().points) {
            const QString tip = chart->tooltipOfNode(p.node);
            QVERIFY2(tip.contains(p.computeBound ? QString::fromStdString(p.bound) : QStringLiteral("DRAM 3.35 TB/s")), qPrintable(tip));
            QVERIFY(tip.contains(QStringLiteral(" roof")));
        }
        // At F1 an operator's share of the time differs from its own bound; the tooltip says which way and why.
        chart->setLevel(Level::UnfusedOverlapped);
        int explained = 0;
        for (const auto& p : chart->plot().points) {
            const QString tip = chart->tooltipOfNode(p.node);
            if (p.levelSeconds > p.standaloneSeconds * 1.001)
                explained += tip.contains(QStringLiteral("above its own bound"));
            else if (p.levelSeconds < p.standaloneSeconds * 0.999)
                explained += tip.contains(QStringLiteral("below its own bound"));
            else
                explained += !tip.contains(QStringLiteral("own bound"));
        }
        QCOMPARE(explained, static_cast<int>(chart->plot().points.size()));
        chart->setLevel(Level::UnfusedPerKernel);
        // Wheel in: the range shrinks, and the data point under the cursor stays under it.
        QWidget* canvas = chart->canvas();
        const QPoint at(canvas->width() / 3, canvas->height() / 2);
        const int heightBefore = chart->hoverPanel()->height();
        QWheelEvent wheel(QPointF(at), QPointF(canvas->mapToGlobal(at)), QPoint(), QPoint(0, 240), Qt::NoButton, Qt::NoModifier,
                          Qt::NoScrollPhase, false);
        QApplication::sendEvent(canvas, &wheel);
        QVERIFY(chart->isZoomed());
        const RooflineRange zoomed = chart->visibleRange();
        QVERIFY(zoomed.xMax / zoomed.xMin < full.xMax / full.xMin);
        QVERIFY(zoomed.yMax / zoomed.yMin < full.yMax / full.yMin);
        // Rubber band to a rectangle, then pan by dragging with the right button.
        QTest::mousePress(canvas, Qt::LeftButton, Qt::NoModifier, QPoint(canvas->width() / 2, 80));
        QMouseEvent move(QEvent::MouseMove, QPointF(canvas->width() / 2 + 120, 200),
                         QPointF(canvas->mapToGlobal(QPoint(canvas->width() / 2 + 120, 200))), Qt::NoButton, Qt::LeftButton,
                         Qt::NoModifier);
        QApplication::sendEvent(canvas, &move);
        QTest::mouseRelease(canvas, Qt::LeftButton, Qt::NoModifier, QPoint(canvas->width() / 2 + 120, 200));
        const RooflineRange band = chart->visibleRange();
        QVERIFY(band.xMax / band.xMin < zoomed.xMax / zoomed.xMin);
        chart->panBy(QPointF(-50, 0));
        QVERIFY(chart->visibleRange().xMin > band.xMin);
        QCOMPARE(chart->hoverPanel()->height(), heightBefore);
        // Hovering a point fills the panel without resizing it.
        const auto& first = chart->plot().points.front();
        chart->resetZoom();
        QVERIFY(!chart->isZoomed());
        QCOMPARE(chart->visibleRange().xMin, full.xMin);
        QTest::mouseMove(canvas, chart->canvasPointOfNode(first.node).toPoint());
        QVERIFY(chart->hoverPanel()->text().contains(QString::fromStdString(result->graph.nodes[size_t(first.node)].name)));
        QCOMPARE(chart->hoverPanel()->height(), heightBefore);
        // A click on a point selects it.
        QSignalSpy selected(chart, &RooflineChart::nodeSelected);
        QTest::mouseClick(canvas, Qt::LeftButton, Qt::NoModifier, chart->canvasPointOfNode(first.node).toPoint());
        QCOMPARE(selected.count(), 1);
        QCOMPARE(selected.front().front().toInt(), first.node);
        // Several overlaid profiles at once: their roofs are added, prefixed with their names.
        const int own = chart->roofCount();
        const solar::hw::HwRegistry registry = solar::hw::loadDefaultHwRegistry();
        pane.setRegistry(&registry);
        pane.setCurrentProfileId(QStringLiteral("h100-sxm"));
        pane.setOverlayIds({QStringLiteral("a100-sxm"), QStringLiteral("b200")});
        QCOMPARE(pane.overlayIds().size(), 2);
        QVERIFY(chart->roofCount() > own);
        QVERIFY(chart->roofLabels().join(QLatin1Char('|')).contains(QStringLiteral("B200")));
    }

    // The results model: a what-if change is one re-solve (one resultChanged, insights once with it), on the
    // profile's numbers times the factors; the DRAM term of a fused bound is its bytes over that bandwidth.
    void resultsModelResolvesOncePerChange()
    {
        const solar::hw::HwRegistry registry = solar::hw::loadDefaultHwRegistry();
        const solar::hw::HwProfile* sxm = registry.find("h100-sxm");
        QVERIFY(sxm);
        ResultsModel results;
        results.setHardware(*sxm, {});
        QSignalSpy shown(&results, &ResultsModel::resultChanged);
        QSignalSpy insights(&results, &ResultsModel::insightsChanged);
        const auto base = analysed("matmul.alir");
        results.setAnalysis(base, true);
        QCOMPARE(shown.count(), 1);
        QCOMPARE(shown.front().at(1).toBool(), true);
        solar::hw::WhatIfFactors twice;
        twice.bandwidth = 2;
        results.setWhatIf(twice);
        QCOMPARE(shown.count(), 2);
        QCOMPARE(insights.count(), 2);
        QCOMPARE(shown.back().at(1).toBool(), false);
        const double bw = 2 * sxm->dramBandwidthBps.value;
        QCOMPARE(results.machine().dramBps, bw);
        // Twice the bandwidth halves the DRAM term of every level (this profile has no L2 term), the bytes stay.
        for (solar::bounds::Level l : solar::bounds::kLevels) {
            QCOMPARE(results.shown()->ladder.at(l).memorySeconds, base->ladder.at(l).memorySeconds / 2);
            QCOMPARE(results.shown()->ladder.at(l).bytes, base->ladder.at(l).bytes);
        }
        results.setWhatIf(twice); // the same factors again: no re-solve
        QCOMPARE(shown.count(), 2);
        QCOMPARE(results.base(), base); // the analysis as computed is untouched
        QCOMPARE(base->machine.dramBps, sxm->dramBandwidthBps.value);
    }

    void analysisJobDeliversAndCancels()
    {
        AnalysisJob job;
        const auto registry = solar::hw::loadDefaultHwRegistry();
        const auto* hw = registry.find("h100-sxm");
        // Expected<> has no default constructor, so no QVariant: the outcomes are collected by hand.
        std::vector<AnalysisJob::Outcome> outcomes;
        connect(&job, &AnalysisJob::finished, this, [&](const AnalysisJob::Outcome& o) { outcomes.push_back(o); });
        QSignalSpy finished(&job, &AnalysisJob::finished);
        QSignalSpy cancelled(&job, &AnalysisJob::cancelled);
        const QString text = QString::fromStdString(readData("alir/matmul.alir"));
        QVERIFY(job.start({}, QStringLiteral("matmul.alir"), text, true, *hw, {}));
        // A second start supersedes the first: the first is cancelled and only the second's result arrives.
        QVERIFY(job.start({}, QStringLiteral("matmul.alir"), text, true, *hw, {}));
        QVERIFY(finished.wait(30000));
        QTest::qWait(200);
        QCOMPARE(outcomes.size(), size_t(1));
        QVERIFY(cancelled.count() <= 1); // the first job may already have finished: then there is nothing to cancel
        QVERIFY(outcomes.front());
        QCOMPARE(outcomes.front()->result.digest.totalMacs, 5.0 * 7 * 3); // the file's defaults: M=5, K=7, N=3
        // A parse error comes back as a failure with its line.
        QVERIFY(job.start({}, QStringLiteral("bad.alir"), QStringLiteral("kernel k() {\n  oops oops\n}\n"), true, *hw, {}));
        QVERIFY(finished.wait(30000));
        QCOMPARE(outcomes.size(), size_t(2));
        QVERIFY(!outcomes.back());
        QCOMPARE(outcomes.back().diagnostics().front().loc.line, 2);
    }

    void documentOpensSavesAndRecovers()
    {
        QTemporaryDir dir;
        SourceEditor editor;
        QWidget parent;
        Document doc(&editor, &parent);
        QSignalSpy state(&doc, &Document::stateChanged);
        QString why;
        QVERIFY(!doc.open(dir.filePath(QStringLiteral("missing.py")), &why));
        QVERIFY(why.contains(QStringLiteral("missing.py")));
        const QString path = dir.filePath(QStringLiteral("prog.alir"));
        QFile f(path);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write("kernel k() {}\n");
        f.close();
        QVERIFY(doc.open(path));
        QCOMPARE(doc.name(), QStringLiteral("prog.alir"));
        QVERIFY(!doc.hasUnsavedEdits());
        QVERIFY(!doc.isPython());
        editor.append(QStringLiteral("# edited\n"));
        QVERIFY(doc.hasUnsavedEdits());
        QVERIFY(state.count() >= 2);
        const QString copy = dir.filePath(QStringLiteral("copy.alir"));
        QVERIFY(doc.save(copy, &why));
        QVERIFY(!doc.hasUnsavedEdits());
        QCOMPARE(doc.path(), QFileInfo(copy).absoluteFilePath());
        QFile saved(copy);
        QVERIFY(saved.open(QIODevice::ReadOnly));
        QVERIFY(saved.readAll().contains("# edited"));
        // Generated text is unsaved until saved; the autosave keeps it and recovery restores it.
        Document other(&editor, &parent);
        other.setUnsavedSource({}, QStringLiteral("program.alir"), QStringLiteral("kernel g() {}\n"));
        QVERIFY(other.hasUnsavedEdits());
        other.writeAutosave();
        const auto pending = other.autosave().pending();
        QVERIFY(!pending.isEmpty());
        QSignalSpy recovered(&other, &Document::recovered);
        other.recover(pending.first());
        QCOMPARE(recovered.count(), 1);
        QVERIFY(editor.text().contains(QStringLiteral("kernel g()")));
        QVERIFY(other.hasUnsavedEdits());
    }

    void fileMenusKeepTenRecentFilesNewestFirst()
    {
        QSettings().remove(QStringLiteral("recentFiles"));
        QMenu recent, examples;
        FileMenus menus(&recent, &examples, nullptr);
        QVERIFY(!recent.isEnabled());
        for (int i = 0; i < 12; ++i)
            menus.addRecent(QStringLiteral("/tmp/f%1.py").arg(i));
        menus.addRecent(QStringLiteral("/tmp/f5.py")); // again: moves to the top, no duplicate
        QCOMPARE(recent.actions().size(), 10);
        QCOMPARE(recent.actions().first()->text(), QStringLiteral("f5.py"));
        QSignalSpy open(&menus, &FileMenus::openRequested);
        recent.actions().at(1)->trigger();
        QCOMPARE(open.first().first().toString(), QStringLiteral("/tmp/f11.py"));
        QVERIFY(!examples.actions().isEmpty()); // the bundled examples
        QSettings().remove(QStringLiteral("recentFiles"));
    }

    void exportActionsOfferEveryFormat()
    {
        QWidget parent;
        QMenu menu;
        bool asked = false;
        ExportActions actions(&menu, &parent, [&]() -> std::optional<ReportInput> {
            asked = true;
            return std::nullopt;
        });
        int formats = 0;
        for (QAction* a : menu.actions())
            formats += !a->isSeparator();
        QCOMPARE(formats, static_cast<int>(exportFormats().size()) + 1); // and the report preview
        QSignalSpy message(&actions, &ExportActions::message);
        actions.exportWithDialog(ExportKind::Json); // nothing analysed: says so instead of asking for a file
        QVERIFY(asked);
        QCOMPARE(message.count(), 1);
    }

    // Issue 49, item 15: what-if factors read as numbers, not "×3.834e-05" (by hand, in English and German).
    void factorsReadAsNumbers()
    {
        const QLocale before;
        QLocale::setDefault(QLocale(QLocale::English, QLocale::UnitedStates));
        QCOMPARE(factorText(3.834e-05), QStringLiteral("1/26,082"));
        QCOMPARE(factorText(0.52), QStringLiteral("0.52"));
        QCOMPARE(factorText(3.8341), QStringLiteral("3.834"));
        QCOMPARE(factorText(1.0), QStringLiteral("1"));
        QCOMPARE(factorText(12345.4), QStringLiteral("12,345"));
        QLocale::setDefault(QLocale(QLocale::German, QLocale::Germany));
        QCOMPARE(factorText(3.834e-05), QStringLiteral("1/26.082"));
        QCOMPARE(factorText(0.52), QStringLiteral("0,52"));
        QLocale::setDefault(before);
    }

    // Issue 49, item 15: the save dialog suggests a name after the analysed file, in its folder, not "report.pdf".
    void exportNamesFollowTheSource()
    {
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        ReportInput input;
        QCOMPARE(suggestedExportPath(ExportKind::ReportPdf, input), QStringLiteral("report.pdf"));
        input.sourceFile = dir.filePath(QStringLiteral("llama3_8b.json"));
        QCOMPARE(suggestedExportPath(ExportKind::ReportPdf, input), dir.filePath(QStringLiteral("llama3_8b-report.pdf")));
        QCOMPARE(suggestedExportPath(ExportKind::Csv, input), dir.filePath(QStringLiteral("llama3_8b-operators.csv")));
        input.sourceFile = dir.filePath(QStringLiteral("model.v2.py"));
        QCOMPARE(suggestedExportPath(ExportKind::GraphSvg, input), dir.filePath(QStringLiteral("model.v2-graph.svg")));
        QVERIFY(QDir(dir.path()).mkdir(QStringLiteral("problem")));
        input.sourceFile = dir.filePath(QStringLiteral("problem")); // a SOL-ExecBench problem folder
        QCOMPARE(suggestedExportPath(ExportKind::Json, input), dir.filePath(QStringLiteral("problem-analysis.json")));
        if (::geteuid() != 0) { // root writes anywhere
            QFile(dir.path()).setPermissions(QFileDevice::ReadOwner | QFileDevice::ExeOwner);
            input.sourceFile = dir.filePath(QStringLiteral("llama3_8b.json"));
            QCOMPARE(suggestedExportPath(ExportKind::ReportPdf, input), QStringLiteral("llama3_8b-report.pdf"));
            QFile(dir.path()).setPermissions(QFileDevice::ReadOwner | QFileDevice::WriteOwner | QFileDevice::ExeOwner);
        }
    }
};

QTEST_MAIN(TestPanes)
#include "tst_panes.moc"
