// SPDX-License-Identifier: MIT
// The main window offscreen: opening a file analyses it and every view holds the engine's numbers (checked
// against an analysis run here directly); selection is linked across table, graph, chart and editor; a slider
// move changes the summary exactly as the engine's re-solve predicts; errors land as annotations on the right
// line; cancel stops a hanging trace; bounds show before validation ends; comparison and the LLM transcript.
#include "../scriptedserver.h"
#include "engine/analysis/operators.h"
#include "engine/core/format.h"
#include "engine/core/version.h"
#include "engine/ir/parser.h"
#include "tests/widgets/windowtest.h"
#include "widgets/analysis/operatortablemodel.h"
#include "widgets/analysis/summarypane.h"
#include "widgets/compare/comparisonpane.h"
#include "widgets/editor/irpane.h"
#include "widgets/editor/sourceeditor.h"
#include "widgets/graph/graphview.h"
#include "widgets/hardware/hardwarepane.h"
#include "widgets/insights/insightsmodel.h"
#include "widgets/llm/transcriptpane.h"
#include "widgets/roofline/rooflinechart.h"

#include <QAbstractProxyModel>
#include <QDoubleSpinBox>
#include <QFile>
#include <QMenu>
#include <QStatusBar>
#include <QTableView>
#include <QTableWidget>
#include <QTemporaryDir>

using namespace solar::testing;
using solar::bounds::Level;

class TestMainWindow : public QObject
{
    Q_OBJECT
private slots:
    void initTestCase() { enterTestMode(); }

    void testStartsAndShowsVersion()
    {
        MainWindow w;
        w.show();
        QVERIFY(QTest::qWaitForWindowExposed(&w));
        QVERIFY(w.windowTitle().contains(QString::fromLatin1(solar::kVersion)));
        QVERIFY(w.statusBar()->currentMessage().contains(QString::fromLatin1(solar::kVersion)));
    }

    void testOpenFile()
    {
        MainWindow w;
        const QString path = QStringLiteral(SOLAR_TEST_DATA "/alir/matmul.alir");
        QString error;
        QVERIFY(w.openFile(path, &error));
        QVERIFY(w.editor()->text().startsWith(QStringLiteral("kernel matmul(M=5, K=7, N=3) {")));
        QCOMPARE(w.editor()->language(), QStringLiteral("alir"));
        QVERIFY(w.windowTitle().startsWith(QStringLiteral("matmul.alir")));
        QVERIFY(!w.editor()->isModified());
        QVERIFY(waitForAnalysis(w));
    }

    void testOpenMissingFileKeepsEditor()
    {
        MainWindow w;
        QVERIFY(w.openFile(QStringLiteral(SOLAR_TEST_DATA "/alir/softmax.alir")));
        const QString before = w.editor()->text();
        QString error;
        QVERIFY(!w.openFile(QStringLiteral("/nonexistent/model.py"), &error));
        QVERIFY(error.contains(QStringLiteral("/nonexistent/model.py")));
        QCOMPARE(w.editor()->text(), before);
    }

    // The views hold the engine's numbers: the same program analysed here directly gives the same ladder, the
    // table has one row per operator with its FLOPs, the chart one point per operator with arithmetic, the graph
    // one box per operator.
    void testAnalysisFillsEveryView()
    {
        MainWindow w;
        const QString path = kExamples + QStringLiteral("/mlp_softmax.alir");
        QVERIFY(w.openFile(path));
        QVERIFY(waitForAnalysis(w));
        const auto shown = w.shownResult();
        QVERIFY(shown);

        QFile f(path);
        QVERIFY(f.open(QIODevice::ReadOnly));
        const auto program = solar::ir::parseProgram(f.readAll().toStdString(), path.toStdString());
        QVERIFY(program);
        const auto reg = solar::hw::loadDefaultHwRegistry();
        const auto direct = solar::analyzeProgram(*program, *reg.find("h100-pcie"));
        QVERIFY(direct);
        for (Level l : solar::bounds::kLevels)
            QCOMPARE(shown->ladder.at(l).seconds, direct->ladder.at(l).seconds);

        const auto rows = solar::operatorRows(*direct);
        QCOMPARE(w.operatorModel()->rowCount(), static_cast<int>(rows.size()));
        for (const auto& r : rows) {
            const int row = w.operatorModel()->rowOfNode(r.node);
            QVERIFY(row >= 0);
            QCOMPARE(w.operatorModel()->index(row, OperatorTableModel::Flops).data(OperatorTableModel::SortRole).toDouble(), r.flops);
            QCOMPARE(w.operatorModel()->index(row, OperatorTableModel::TimeF3).data(OperatorTableModel::SortRole).toDouble(),
                     r.seconds[static_cast<size_t>(Level::Fused)]);
        }
        // The chart shows the per-kernel level by default and draws what the engine's plot holds: each operator
        // standing alone on its roof (the geometry is checked by hand in tst_report).
        const solar::RooflinePlot plot = solar::rooflinePlot(*shown, {}, Level::UnfusedPerKernel);
        QCOMPARE(w.roofline()->pointCount(), static_cast<int>(plot.points.size()));
        QVERIFY(w.roofline()->roofCount() >= 2); // DRAM and at least one compute roof
        for (const auto& p : plot.points)
            QCOMPARE(w.roofline()->pointOfNode(p.node), QPointF(p.x, p.y));
        QVERIFY(waitForLayout(w.graphView()));
        QCOMPARE(w.graphView()->nodeCount(), static_cast<int>(rows.size()));
        QVERIFY(w.graphView()->layoutResult().error.isEmpty());
        // The summary prints the ladder as the engine formats it.
        QCOMPARE(w.summary()->ladderTable()->item(static_cast<int>(Level::Fused), SummaryPane::Bound)->text(),
                 QString::fromStdString(solar::formatSeconds(direct->ladder.at(Level::Fused).seconds)));
        QVERIFY(w.irPane()->text().contains(QStringLiteral("kernel mlp_softmax")));
        QVERIFY(w.summary()->validationText().contains(QStringLiteral("unvalidated")));
    }

    // ALIR the user wrote is editable in the IR pane and analysable from there; generated IR is not.
    void testIrPaneEditsUserAlir()
    {
        MainWindow w;
        QVERIFY(w.openFile(kExamples + QStringLiteral("/mlp_softmax.alir")));
        QVERIFY(waitForAnalysis(w));
        QVERIFY(!w.irPane()->editor()->isReadOnly());
        const QString edited = w.irPane()->text().replace(QStringLiteral("B=4"), QStringLiteral("B=8"));
        QVERIFY(edited != w.irPane()->text());
        QSignalSpy done(&w, &MainWindow::analysisFinished);
        emit w.irPane()->analyseRequested(edited);
        QVERIFY(done.wait(30000));
        QVERIFY(done.last().at(0).toBool());
        QCOMPARE(w.editor()->text(), edited);
        QVERIFY(w.hasUnsavedEdits());
        QCOMPARE(w.shownResult()->sizes.values.at("B"), std::int64_t(8));
    }

    void testLinkedSelection()
    {
        MainWindow w;
        QVERIFY(w.openFile(kExamples + QStringLiteral("/mlp_softmax.alir")));
        QVERIFY(waitForAnalysis(w));
        QVERIFY(waitForLayout(w.graphView()));
        const auto shown = w.shownResult();
        const int last = static_cast<int>(shown->graph.nodes.size()) - 1;
        QVERIFY(last > 0);

        // From the table.
        const QModelIndex src = w.operatorModel()->index(w.operatorModel()->rowOfNode(last), 0);
        auto* proxy = qobject_cast<QAbstractProxyModel*>(w.operatorTable()->model());
        QVERIFY(proxy);
        w.operatorTable()->selectionModel()->setCurrentIndex(proxy->mapFromSource(src), QItemSelectionModel::ClearAndSelect);
        QCOMPARE(w.selectedNode(), last);
        QCOMPARE(w.graphView()->selectedNode(), last);
        const int line = shown->graph.nodes[static_cast<size_t>(last)].line;
        int caretLine = -1, caretCol = -1;
        w.editor()->getCursorPosition(&caretLine, &caretCol);
        QCOMPARE(caretLine + 1, line);

        // From the graph (a click emits nodeSelected).
        emit w.graphView()->nodeSelected(0);
        QCOMPARE(w.selectedNode(), 0);
        QCOMPARE(w.operatorTable()->currentIndex().data(OperatorTableModel::NodeRole).toInt(), 0);
        QCOMPARE(w.graphView()->selectedNode(), 0);

        // From the chart.
        emit w.roofline()->nodeSelected(last);
        QCOMPARE(w.operatorTable()->currentIndex().data(OperatorTableModel::NodeRole).toInt(), last);

        // From an editor line: the line of node 0's statement.
        const int line0 = shown->graph.nodes[0].line;
        emit w.editor()->lineActivated(line0);
        QCOMPARE(w.selectedNode(), 0);
    }

    // Doubling the DRAM bandwidth: the summary shows what the engine's re-solve gives for that machine.
    void testSliderMatchesEngine()
    {
        MainWindow w;
        QVERIFY(w.openFile(kExamples + QStringLiteral("/mlp_softmax.alir")));
        QVERIFY(waitForAnalysis(w));
        const auto base = w.baseResult();
        w.hardwarePane()->setFactor(HardwarePane::Bandwidth, 2.0);
        const double factor = w.hardwarePane()->factor(HardwarePane::Bandwidth);
        QCOMPARE(factor, 2.0); // set (typed or solved) factors are exact, not the slider's nearest step
        QCOMPARE(w.hardwarePane()->factorBox(HardwarePane::Bandwidth)->value(), 2.0);
        QCOMPARE(w.hardwarePane()->machine().dramBps, 2.0 * base->machine.dramBps);
        solar::bounds::MachineModel m = base->machine;
        m.dramBps *= factor;
        const auto expected = solar::reSolve(*base, m);
        for (Level l : solar::bounds::kLevels) {
            QCOMPARE(w.shownResult()->ladder.at(l).seconds, expected.ladder.at(l).seconds);
            QCOMPARE(w.summary()->ladderTable()->item(static_cast<int>(l), SummaryPane::Bound)->text(),
                     QString::fromStdString(solar::formatSeconds(expected.ladder.at(l).seconds)));
        }
        // The inverse roofline answers for a target: solving for bandwidth reaches it.
        const double now = w.shownResult()->ladder.at(Level::Fused).seconds;
        w.hardwarePane()->setTargetMs(now * 1e3 / 2);
        QVERIFY(w.hardwarePane()->inverse());
        w.hardwarePane()->solveForBandwidth();
        QVERIFY(w.shownResult()->ladder.at(Level::Fused).seconds <= now / 2 * 1.02);
        w.hardwarePane()->reset();
        QCOMPARE(w.shownResult()->ladder.at(Level::Fused).seconds, base->ladder.at(Level::Fused).seconds);
    }

    void testMeasuredTimeBelowBoundWarns()
    {
        MainWindow w;
        QVERIFY(w.openFile(kExamples + QStringLiteral("/mlp_softmax.alir")));
        QVERIFY(waitForAnalysis(w));
        const double bound = w.shownResult()->ladder.at(Level::Fused).seconds;
        double highest = 0;
        for (Level l : solar::bounds::kLevels)
            highest = std::max(highest, w.shownResult()->ladder.at(l).seconds);
        w.summary()->setMeasuredSeconds(highest * 1.5);
        QVERIFY(w.summary()->violationText().isEmpty());
        // Between the speed of light and the eager model (the profile's per-operator floor lifts F0): a note, no violation.
        const double eager = w.shownResult()->ladder.at(Level::UnfusedPerKernel).seconds;
        QVERIFY(eager > bound * 2);
        w.summary()->setMeasuredSeconds(bound * 1.5);
        QVERIFY(w.summary()->violationText().contains(QStringLiteral("eager model")));
        QVERIFY(!w.summary()->violationText().contains(QStringLiteral("SOL violation")));
        w.summary()->setMeasuredSeconds(bound * 10);
        QCOMPARE(w.summary()->ladderTable()->item(static_cast<int>(Level::Fused), SummaryPane::Headroom)->text(), QStringLiteral("10×"));
        w.summary()->setMeasuredSeconds(bound * 12.3456);
        QCOMPARE(w.summary()->ladderTable()->item(static_cast<int>(Level::Fused), SummaryPane::Headroom)->text(), QStringLiteral("12.3×"));
        w.summary()->setMeasuredSeconds(bound / 2);
        QVERIFY(w.summary()->violationText().contains(QStringLiteral("SOL violation")));
    }

    void testAlirErrorLandsOnItsLine()
    {
        MainWindow w;
        QVERIFY(w.openFile(kExamples + QStringLiteral("/mlp_softmax.alir")));
        QVERIFY(waitForAnalysis(w));
        w.editor()->setText(QStringLiteral("kernel k(N=4) {\n  out Y: f32[N];\n  for i in 0..N { Y[i] = ; }\n}\n"));
        QVERIFY(w.resultsStale());
        QSignalSpy done(&w, &MainWindow::analysisFinished);
        w.analyze();
        QVERIFY(done.wait(30000));
        QCOMPARE(done.last().at(0).toBool(), false);
        QVERIFY2(w.editor()->annotationAt(3).contains(QStringLiteral("error")), qPrintable(w.editor()->annotationAt(3)));
        QVERIFY(w.resultsStale()); // the old numbers stay, marked
    }

    void testPythonSyntaxErrorLandsOnItsLine()
    {
        if (!havePython())
            QSKIP("no Python interpreter with torch on this machine");
        MainWindow w;
        QSignalSpy done(&w, &MainWindow::analysisFinished);
        QVERIFY(w.openFile(QStringLiteral(SOLAR_TEST_DATA "/py/syntax_error.py")));
        QVERIFY(done.wait(60000));
        QCOMPARE(done.last().at(0).toBool(), false);
        const auto& d = w.editor()->diagnostics();
        QVERIFY(!d.isEmpty());
        QVERIFY(d.front().line > 0);
        QVERIFY(w.editor()->annotationAt(d.front().line).contains(QStringLiteral("syntax error")));
    }

    // A model stuck in an endless loop: cancel returns control at once and stops the tracer.
    void testCancelStopsATrace()
    {
        if (!havePython())
            QSKIP("no Python interpreter with torch on this machine");
        MainWindow w;
        QSignalSpy done(&w, &MainWindow::analysisFinished);
        QVERIFY(w.openFile(QStringLiteral(SOLAR_TEST_DATA "/py/endless.py")));
        QVERIFY(w.isAnalyzing());
        QTest::qWait(1500);
        QVERIFY(w.isAnalyzing());
        w.cancelAnalysis();
        QCOMPARE(done.count(), 1);
        QCOMPARE(done.last().at(0).toBool(), false);
        QTRY_VERIFY_WITH_TIMEOUT(!w.isAnalyzing(), 10000); // the worker was killed, not left running
        QVERIFY(w.statusBar()->currentMessage().contains(QStringLiteral("cancelled")));
    }

    // Progressive analysis (issue 14, items 10 and 11): the bounds are on screen while validation still runs, and
    // the summary says it runs; Esc pressed in the editor (which takes Esc for itself otherwise) cancels only the
    // validation: the bounds stay, marked unvalidated. Run again, the validation's verdict replaces "validating"
    // without a new graph layout.
    void testBoundsBeforeValidation()
    {
        if (!havePython())
            QSKIP("no Python interpreter with torch on this machine");
        MainWindow w;
        w.show();
        QVERIFY(QTest::qWaitForWindowExposed(&w));
        QSignalSpy bounds(&w, &MainWindow::boundsShown);
        QSignalSpy done(&w, &MainWindow::analysisFinished);
        QVERIFY(w.openFile(kExamples + QStringLiteral("/transformer_block.py")));
        QVERIFY(bounds.wait(120000));
        QVERIFY(w.isAnalyzing());
        QVERIFY(done.isEmpty());
        QVERIFY(w.shownResult());
        const double fused = w.shownResult()->ladder.at(Level::Fused).seconds;
        QVERIFY(fused > 0);
        QVERIFY2(w.summary()->validationText().contains(QStringLiteral("validating")), qPrintable(w.summary()->validationText()));
        QVERIFY(w.irPane()->statusText().contains(QStringLiteral("validating")));
        w.editor()->setFocus();
        QTest::keyClick(w.editor(), Qt::Key_Escape);
        QTRY_VERIFY_WITH_TIMEOUT(!w.isAnalyzing(), 10000);
        QCOMPARE(done.count(), 1);
        QVERIFY(w.shownResult());
        QCOMPARE(w.shownResult()->ladder.at(Level::Fused).seconds, fused);
        QCOMPARE(w.shownResult()->validation.status, solar::ValidationStatus::Unvalidated);
        QVERIFY(w.summary()->validationText().contains(QStringLiteral("cancelled")));
        QVERIFY(!w.summary()->validationText().contains(QStringLiteral("validating")));

        // Again, to the end: the verdict arrives after the bounds.
        QVERIFY(waitForLayout(w.graphView()));
        w.analyze();
        QVERIFY(bounds.wait(120000));
        QVERIFY(waitForAnalysis(w, 300000));
        QVERIFY(!w.summary()->validationText().contains(QStringLiteral("validating")));
        QCOMPARE(QString::fromStdString(w.shownResult()->validation.statusName()), QStringLiteral("validated"));
        QVERIFY(w.summary()->validationText().contains(QStringLiteral("validated")));
    }

    void testLineOffersAllItsOperators()
    {
        QTemporaryDir dir;
        const QString file = dir.filePath(QStringLiteral("two.alir"));
        QFile f(file);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write("kernel two(N=64) {\n  in X: f32[N];\n  tmp A: f32[N];\n  out B: f32[N];\n"
                "  for i in 0..N { A[i] = X[i] * 2; B[i] = A[i] + 1; }\n}\n");
        f.close();
        MainWindow w;
        QVERIFY(w.openFile(file));
        QVERIFY(waitForAnalysis(w));
        const std::vector<int> onLine = w.operatorsOnLine(5, false);
        QCOMPARE(onLine.size(), size_t(2));
        QMenu menu;
        w.operatorMenu(5, false, &menu);
        QList<QAction*> operators;
        for (QAction* a : menu.actions())
            if (a->data().isValid())
                operators << a;
        QCOMPARE(operators.size(), 2);
        QVERIFY(operators[0]->text().startsWith(QString::fromStdString(w.shownResult()->graph.nodes[size_t(onLine[0])].name)));
        operators[1]->trigger();
        QCOMPARE(w.selectedNode(), onLine[1]);
        QCOMPARE(w.operatorsOnLine(2, false).size(), size_t(0));
    }

    // The comparison view: each profile's bounds are that profile's own analysis, speedups are against the
    // chosen baseline.
    void testComparisonPane()
    {
        MainWindow w;
        QVERIFY(w.openFile(kExamples + QStringLiteral("/mlp_softmax.alir")));
        QVERIFY(waitForAnalysis(w));
        w.comparisonPane()->setProfiles({QStringLiteral("a100-sxm"), QStringLiteral("h100-sxm"), QStringLiteral("b200")});
        const auto& c = w.comparisonPane()->comparison();
        QCOMPARE(c.profiles.size(), size_t(3));
        QCOMPARE(c.baseline, std::string("a100-sxm"));
        const auto reg = solar::hw::loadDefaultHwRegistry();
        QFile f(kExamples + QStringLiteral("/mlp_softmax.alir"));
        QVERIFY(f.open(QIODevice::ReadOnly));
        const auto program = solar::ir::parseProgram(f.readAll().toStdString());
        double base = 0;
        for (const auto& col : c.profiles) {
            const auto alone = solar::analyzeProgram(*program, *reg.find(col.id));
            QVERIFY(alone);
            QCOMPARE(col.ladder.at(Level::Fused).seconds, alone->ladder.at(Level::Fused).seconds);
            if (col.id == "a100-sxm")
                base = col.ladder.at(Level::Fused).seconds;
        }
        for (const auto& col : c.profiles)
            QCOMPARE(col.speedup[static_cast<size_t>(Level::Fused)], base / col.ladder.at(Level::Fused).seconds);
        QCOMPARE(w.comparisonPane()->table()->rowCount(), 3);
        w.comparisonPane()->setBaseline(QStringLiteral("b200"));
        QCOMPARE(w.comparisonPane()->comparison().baseline, std::string("b200"));
    }

    // The LLM frontend in the window: the first reply does not parse, the second is the model's program; the
    // transcript lists both attempts with their outcomes, the IR pane shows the program, the summary its status.
    void testLlmFrontendWithTranscript()
    {
        QTemporaryDir cache;
        qputenv("SOLAR_LLM_CACHE", cache.path().toUtf8());
        const bool python = havePython();
        const std::string good = python
            ? readText(QStringLiteral(SOLAR_TEST_DATA "/alir/mlp_for_llm.alir"))
            : std::string("kernel k(N=4) {\n  in input0: f32[N];\n  out Y: f32[N];\n  for i in 0..N { Y[i] = input0[i] * 2.0; }\n}\n");
        ScriptedServer server({{200, completion("```alir\nkernel broken( {\n}\n```")}, {200, completion("```alir\n" + good + "```")}});
        MainWindow w;
        solar::llm::LlmSettings s;
        s.baseUrl = server.url();
        s.model = "scripted-model";
        s.apiKeyEnv.clear();
        w.setLlmSettings(s);
        w.setFrontend("llm");
        QSignalSpy done(&w, &MainWindow::analysisFinished);
        QVERIFY(w.openFile(python ? QStringLiteral(SOLAR_TEST_DATA "/py/mlp.py") : kExamples + QStringLiteral("/mlp_softmax.alir")));
        QVERIFY(done.wait(120000));
        qunsetenv("SOLAR_LLM_CACHE");
        QVERIFY2(done.last().at(0).toBool(), qPrintable(w.lastError()));
        QCOMPARE(w.transcript()->attemptCount(), 2);
        QCOMPARE(w.transcript()->outcomeOf(0), QStringLiteral("parse-error"));
        QCOMPARE(w.transcript()->outcomeOf(1), python ? QStringLiteral("validated") : QStringLiteral("unvalidated"));
        QVERIFY(w.irPane()->text().startsWith(QString::fromStdString(good.substr(0, 10))));
        QVERIFY(w.summary()->validationText().contains(python ? QStringLiteral("validated") : QStringLiteral("unvalidated")));
        QVERIFY(w.transcript()->statusText().contains(QStringLiteral("scripted-model")));
        QCOMPARE(w.currentProject().frontend, QStringLiteral("llm"));
    }
};

QTEST_MAIN(TestMainWindow)
#include "tst_mainwindow.moc"
