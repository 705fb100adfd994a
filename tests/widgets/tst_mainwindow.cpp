// SPDX-License-Identifier: MIT
// The main window offscreen: opening a file analyses it and every view holds the engine's numbers (checked
// against an analysis run here directly); selection is linked across table, graph, chart and editor; a slider
// move changes the summary exactly as the engine's re-solve predicts; errors land as annotations on the right
// line; cancel stops a hanging trace; a project round-trips; unsaved edits are recoverable; and screenshots of
// the main window and its panes are written to the build directory.
#include "../scriptedserver.h"
#include "app/studio/documentation.h"
#include "app/studio/environmentdialog.h"
#include "app/studio/mainwindow.h"
#include "app/studio/translations.h"
#include "engine/analysis/operators.h"
#include "engine/core/version.h"
#include "engine/frontend/trace/pythonlocator.h"
#include "engine/graph/export.h"
#include "engine/ir/parser.h"
#include "engine/report/analysisreport.h"
#include "render/units.h"
#include "widgets/analysis/operatortablemodel.h"
#include "widgets/analysis/summarypanel.h"
#include "widgets/compare/comparisonview.h"
#include "widgets/editor/findbar.h"
#include "widgets/editor/irpane.h"
#include "widgets/editor/sourceeditor.h"
#include "widgets/graph/graphview.h"
#include "widgets/hardware/calibratedialog.h"
#include "widgets/hardware/hardwarepanel.h"
#include "widgets/insights/insightsmodel.h"
#include "widgets/insights/insightspane.h"
#include "widgets/llm/transcriptpane.h"
#include "widgets/roofline/rooflinechart.h"

#include <nlohmann/json.hpp>

#include <QAbstractButton>
#include <QAbstractProxyModel>
#include <QDir>
#include <QDoubleSpinBox>
#include <QFile>
#include <QLabel>
#include <QLineEdit>
#include <QListWidget>
#include <QMenu>
#include <QMenuBar>
#include <QPlainTextEdit>
#include <QProcess>
#include <QPushButton>
#include <QSet>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QStatusBar>
#include <QTableView>
#include <QTableWidget>
#include <QTemporaryDir>
#include <QTest>
#include <QTextBrowser>
#include <Qsci/qscilexer.h>

using solar::bounds::Level;

namespace {

const QString kExamples = QStringLiteral(SOLAR_EXAMPLES);

bool waitForAnalysis(MainWindow& w, int timeoutMs = 120000)
{
    QSignalSpy done(&w, &MainWindow::analysisFinished);
    if (!w.isAnalyzing() && w.baseResult())
        return true;
    return done.wait(timeoutMs) && done.last().at(0).toBool();
}

bool waitForLayout(GraphView* g)
{
    if (!g->layoutPending() && g->nodeCount() > 0)
        return true;
    QSignalSpy ready(g, &GraphView::layoutReady);
    return ready.wait(30000);
}

// Distinct colours in an image: a blank or single-colour grab has a handful.
int distinctColours(const QImage& image)
{
    QSet<QRgb> colours;
    for (int y = 0; y < image.height(); y += 3)
        for (int x = 0; x < image.width(); x += 3)
            colours.insert(image.pixel(x, y));
    return colours.size();
}

bool writeText(const QString& path, const char* text)
{
    QFile f(path);
    return f.open(QIODevice::WriteOnly) && f.write(text) == static_cast<qint64>(qstrlen(text));
}

std::string readText(const QString& path)
{
    QFile f(path);
    return f.open(QIODevice::ReadOnly) ? f.readAll().toStdString() : std::string();
}

bool havePython()
{
    static const bool ok = static_cast<bool>(solar::trace::locatePython());
    return ok;
}

} // namespace

class TestMainWindow : public QObject
{
    Q_OBJECT
private slots:
    void initTestCase()
    {
        QStandardPaths::setTestModeEnabled(true); // settings, recent files and autosaves stay out of the user's
        QDir(solar_autosaveDir()).removeRecursively();
    }

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
        QCOMPARE(w.summary()->ladderTable()->item(static_cast<int>(Level::Fused), SummaryPanel::Bound)->text(),
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
        w.hardwarePanel()->setFactor(HardwarePanel::Bandwidth, 2.0);
        const double factor = w.hardwarePanel()->factor(HardwarePanel::Bandwidth);
        QCOMPARE(factor, 2.0); // set (typed or solved) factors are exact, not the slider's nearest step
        QCOMPARE(w.hardwarePanel()->factorBox(HardwarePanel::Bandwidth)->value(), 2.0);
        QCOMPARE(w.hardwarePanel()->machine().dramBps, 2.0 * base->machine.dramBps);
        solar::bounds::MachineModel m = base->machine;
        m.dramBps *= factor;
        const auto expected = solar::reSolve(*base, m);
        for (Level l : solar::bounds::kLevels) {
            QCOMPARE(w.shownResult()->ladder.at(l).seconds, expected.ladder.at(l).seconds);
            QCOMPARE(w.summary()->ladderTable()->item(static_cast<int>(l), SummaryPanel::Bound)->text(),
                     QString::fromStdString(solar::formatSeconds(expected.ladder.at(l).seconds)));
        }
        // The inverse roofline answers for a target: solving for bandwidth reaches it.
        const double now = w.shownResult()->ladder.at(Level::Fused).seconds;
        w.hardwarePanel()->setTargetMs(now * 1e3 / 2);
        QVERIFY(w.hardwarePanel()->inverse());
        w.hardwarePanel()->solveForBandwidth();
        QVERIFY(w.shownResult()->ladder.at(Level::Fused).seconds <= now / 2 * 1.02);
        w.hardwarePanel()->reset();
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
        QCOMPARE(w.summary()->ladderTable()->item(static_cast<int>(Level::Fused), SummaryPanel::Headroom)->text(), QStringLiteral("10×"));
        w.summary()->setMeasuredSeconds(bound * 12.3456);
        QCOMPARE(w.summary()->ladderTable()->item(static_cast<int>(Level::Fused), SummaryPanel::Headroom)->text(), QStringLiteral("12.3×"));
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

    // Missing basics (issue 14, item 12): an Edit menu whose find/replace works on the editor (replace all is one
    // undo step), Save As on Ctrl+Shift+S, Help → Documentation reading docs/ offline, and a user profile saved from
    // the sliders listed (and checked) in the Compare pane at once.
    void testEditHelpAndUserProfiles()
    {
        QTemporaryDir config;
        const QByteArray oldConfig = qgetenv("XDG_CONFIG_HOME");
        qputenv("XDG_CONFIG_HOME", config.path().toUtf8());
        {
            MainWindow w;
            w.show();
            QVERIFY(QTest::qWaitForWindowExposed(&w));
            QStringList menus, editActions, fileShortcuts;
            for (QAction* a : w.menuBar()->actions())
                menus << a->text().remove(QLatin1Char('&'));
            QVERIFY2(menus.contains(QStringLiteral("Edit")), qPrintable(menus.join(QLatin1Char(','))));
            for (QAction* a : w.menuBar()->actions()) {
                if (!a->menu())
                    continue;
                for (QAction* b : a->menu()->actions()) {
                    if (a->text().remove(QLatin1Char('&')) == QLatin1String("Edit"))
                        editActions << b->text().remove(QLatin1Char('&'));
                    if (b->text().contains(QStringLiteral("As…")))
                        fileShortcuts << b->shortcut().toString();
                }
            }
            for (const char* name : {"Undo", "Redo", "Find…", "Replace…"})
                QVERIFY2(editActions.contains(QString::fromUtf8(name)), name);
            QCOMPARE(fileShortcuts, QStringList {QStringLiteral("Ctrl+Shift+S")});

            QVERIFY(w.openFile(kExamples + QStringLiteral("/mlp_softmax.alir")));
            QVERIFY(waitForAnalysis(w));
            const QString before = w.editor()->text();
            const int relus = before.count(QStringLiteral("relu("));
            QVERIFY(relus >= 2);
            w.findBar()->open(true);
            QVERIFY(w.findBar()->isVisible());
            w.findBar()->findField()->setText(QStringLiteral("relu("));
            QVERIFY(w.findBar()->findNext());
            QCOMPARE(w.editor()->selectedText(), QStringLiteral("relu("));
            w.findBar()->replaceField()->setText(QStringLiteral("abs("));
            QCOMPARE(w.findBar()->replaceAll(), relus);
            QCOMPARE(w.editor()->text().count(QStringLiteral("relu(")), 0);
            QCOMPARE(w.editor()->text().count(QStringLiteral("abs(")), before.count(QStringLiteral("abs(")) + relus);
            w.editor()->undo(); // one step undoes all of them
            QCOMPARE(w.editor()->text(), before);

            DocumentationDialog* docs = w.showDocumentation(QStringLiteral("gui.md"));
            QVERIFY(docs->documents()->count() >= 5);
            QCOMPARE(docs->documents()->item(0)->text(), QStringLiteral("gui.md"));
            QVERIFY(docs->browser()->toPlainText().contains(QStringLiteral("SOLAR Studio")));
            docs->close();

            const int before_ = w.comparisonView()->profileList()->count();
            QVERIFY(w.hardwarePanel()->saveAsUserProfile(QStringLiteral("h100-pcie-fast-dram")));
            QCOMPARE(w.comparisonView()->profileList()->count(), before_ + 1);
            bool listed = false;
            for (int i = 0; i < w.comparisonView()->profileList()->count(); ++i) {
                const auto* item = w.comparisonView()->profileList()->item(i);
                if (item->data(Qt::UserRole).toString() == QLatin1String("h100-pcie-fast-dram"))
                    listed = item->checkState() == Qt::Checked;
            }
            QVERIFY(listed);
            bool compared = false;
            for (const auto& col : w.comparisonView()->comparison().profiles)
                compared = compared || col.id == "h100-pcie-fast-dram";
            QVERIFY(compared);
        }
        if (oldConfig.isNull())
            qunsetenv("XDG_CONFIG_HOME");
        else
            qputenv("XDG_CONFIG_HOME", oldConfig);
    }

    // Hardware → "Calibrate this machine" (issue 18): measures off the GUI thread with its steps in a log, saves the
    // user profile 'host', which the panel then selects and the comparison view lists; a cancelled run saves nothing.
    void testCalibrateThisMachine()
    {
        QTemporaryDir config;
        const QByteArray oldConfig = qgetenv("XDG_CONFIG_HOME");
        qputenv("XDG_CONFIG_HOME", config.path().toUtf8());
        {
            MainWindow w;
            w.show();
            QVERIFY(QTest::qWaitForWindowExposed(&w));
            {
                CalibrateDialog cancelled(&w, QStringLiteral("never-saved"));
                cancelled.start();
                QVERIFY(cancelled.running());
                cancelled.reject(); // while running: cancels after the current step
                QTRY_VERIFY_WITH_TIMEOUT(!cancelled.running() && cancelled.log().contains(QStringLiteral("Not saved")), 120000);
                QVERIFY(cancelled.savedId().isEmpty());
                QVERIFY2(cancelled.log().contains(QStringLiteral("cancelled")), qPrintable(cancelled.log()));
            }
            QVERIFY(!QFile::exists(config.filePath(QStringLiteral("solar-studio/hwprofiles/never-saved.json"))));

            w.hardwarePanel()->calibrateButton()->click();
            auto* dialog = w.hardwarePanel()->findChild<CalibrateDialog*>();
            QVERIFY(dialog);
            QTRY_VERIFY_WITH_TIMEOUT(!dialog->running() && !dialog->log().isEmpty() && dialog->log().contains(QStringLiteral("Saved")),
                                     120000);
            QVERIFY2(dialog->log().contains(QStringLiteral("compute:")) && dialog->log().contains(QStringLiteral("memory:")),
                     qPrintable(dialog->log()));
            QCOMPARE(dialog->savedId(), QStringLiteral("host"));
            QVERIFY(QFile::exists(config.filePath(QStringLiteral("solar-studio/hwprofiles/host.json"))));
            QCOMPARE(w.hardwarePanel()->profileId(), QStringLiteral("host"));
            bool listed = false;
            for (int i = 0; i < w.comparisonView()->profileList()->count(); ++i)
                listed = listed || w.comparisonView()->profileList()->item(i)->data(Qt::UserRole).toString() == QLatin1String("host");
            QVERIFY(listed);
            dialog->close();
        }
        if (oldConfig.isNull())
            qunsetenv("XDG_CONFIG_HOME");
        else
            qputenv("XDG_CONFIG_HOME", oldConfig);
    }

    // Help -> Environment (issue 16): the probe of every interpreter, run in the background; the chosen one is the
    // interpreter locatePython() picks; a path typed into the setting is probed as the setting and kept for the
    // next analysis.
    void testEnvironmentDialog()
    {
        QTemporaryDir config;
        const QByteArray oldConfig = qgetenv("XDG_CONFIG_HOME");
        qputenv("XDG_CONFIG_HOME", config.path().toUtf8());
        {
            MainWindow w;
            QAction* action = nullptr;
            for (QAction* a : w.menuBar()->actions())
                if (a->menu() && a->text().remove(QLatin1Char('&')) == QLatin1String("Help"))
                    for (QAction* b : a->menu()->actions())
                        if (b->text().remove(QLatin1Char('&')).startsWith(QLatin1String("Environment")))
                            action = b;
            QVERIFY(action);
            action->trigger();
            auto* dialog = w.findChild<EnvironmentDialog*>();
            QVERIFY(dialog);
            QSignalSpy probed(dialog, &EnvironmentDialog::probed);
            QVERIFY(probed.wait(120000));
            const QString text = dialog->report()->toPlainText();
            if (const auto python = solar::trace::locatePython())
                QVERIFY2(text.contains(QString::fromStdString(python->executable) + QStringLiteral("  ("))
                             && text.contains(QStringLiteral("<- chosen")),
                         qPrintable(text));
            dialog->pythonEdit()->setText(QStringLiteral("/nonexistent/bin/python"));
            dialog->probe();
            QVERIFY(probed.wait(120000));
            QVERIFY2(dialog->report()->toPlainText().contains(QStringLiteral("/nonexistent/bin/python  (the setting)")),
                     qPrintable(dialog->report()->toPlainText()));
            QCOMPARE(EnvironmentDialog::pythonSetting(), QStringLiteral("/nonexistent/bin/python"));
            dialog->pythonEdit()->clear();
            dialog->probe();
            QVERIFY(probed.wait(120000));
            QVERIFY(EnvironmentDialog::pythonSetting().isEmpty());
        }
        if (oldConfig.isNull())
            qunsetenv("XDG_CONFIG_HOME");
        else
            qputenv("XDG_CONFIG_HOME", oldConfig);
    }

    // A line that produced several operators offers them all in its context menu; picking one selects that very
    // operator (issue 14, item 1).
    void testInsightsPaneAndProfilerTrace()
    {
        // A matmul and a ReLU in two @op kernels; a profiler trace (written here) says the matmul took 100 us and
        // the ReLU 50 us.
        QTemporaryDir dir;
        const QString file = QStringLiteral(SOLAR_TEST_DATA "/alir/mm_relu.alir");
        MainWindow w;
        QVERIFY(w.openFile(file));
        QVERIFY(waitForAnalysis(w));
        InsightsPane* pane = w.insightsPane();
        const auto expected = solar::insights::computeInsights(*w.shownResult());
        QVERIFY(!expected.opportunities.empty());
        QCOMPARE(pane->model()->rowCount(), static_cast<int>(expected.opportunities.size()));
        QVERIFY(!w.operatorTable()->isColumnHidden(OperatorTableModel::Name));
        QVERIFY(w.operatorTable()->isColumnHidden(OperatorTableModel::Measured)); // no trace yet
        // Selecting an opportunity selects its first operator everywhere and rings all of them in the graph.
        QVERIFY(waitForLayout(w.graphView()));
        pane->selectOpportunity(0);
        const std::vector<int> nodes = expected.opportunities.front().nodes;
        QCOMPARE(w.graphView()->highlightedNodes(), nodes);
        QCOMPARE(w.selectedNode(), nodes.front());
        QVERIFY(pane->explanation()->toPlainText().contains(QString::fromStdString(expected.opportunities.front().explanation)));

        const QString bad = dir.filePath(QStringLiteral("bad.json"));
        QVERIFY(writeText(bad, "[\n  {\"ph\": "));
        QString why;
        QVERIFY(!w.loadProfileTrace(bad, &why));
        QVERIFY2(why.contains(QStringLiteral("bad.json:2:")), qPrintable(why));

        const QString trace = dir.filePath(QStringLiteral("trace.json"));
        QVERIFY(writeText(trace, R"({"traceEvents": [
          {"ph": "X", "cat": "cpu_op", "name": "aten::mm", "pid": 1, "tid": 1, "ts": 0, "dur": 100},
          {"ph": "X", "cat": "cpu_op", "name": "aten::relu", "pid": 1, "tid": 1, "ts": 200, "dur": 50}]})"));
        QVERIFY2(w.loadProfileTrace(trace, &why), qPrintable(why));
        QVERIFY(w.traceMatch().has_value());
        QCOMPARE(solar::measure::matchedFraction(*w.traceMatch()), 1.0);
        QVERIFY(!w.operatorTable()->isColumnHidden(OperatorTableModel::Measured));
        const auto& g = w.shownResult()->graph;
        for (const auto& n : g.nodes) {
            const int row = w.operatorModel()->rowOfNode(n.id);
            const double measured
                = w.operatorModel()->index(row, OperatorTableModel::Measured).data(OperatorTableModel::SortRole).toDouble();
            QCOMPARE(measured, n.sourceOp == "aten::mm" ? 100e-6 : 50e-6);
            const double f0 = w.shownResult()->ladder.at(Level::UnfusedPerKernel).nodeSeconds[static_cast<size_t>(n.id)];
            QVERIFY(std::abs(w.operatorModel()->index(row, OperatorTableModel::PercentOfSol).data(OperatorTableModel::SortRole).toDouble()
                             - 100 * f0 / measured)
                    < 1e-9);
        }
        QCOMPARE(w.roofline()->measuredPointCount(), 2);
        bool gap = false;
        for (const auto& o : pane->model()->insights().opportunities)
            gap = gap || o.kind == solar::insights::Kind::MeasuredGap;
        QVERIFY(gap);
        QCOMPARE(pane->model()->insights().reference, std::string("measured"));
        // The exports carry the measured times and the opportunities.
        const QString json = dir.filePath(QStringLiteral("a.json"));
        QVERIFY(w.exportAs(ExportKind::Json, json, &why));
        const auto j = nlohmann::json::parse(readText(json));
        QVERIFY(j["ops"][0].contains("measured_seconds"));
        QCOMPARE(j["insights"]["reference"].get<std::string>(), std::string("measured"));
        const QString csv = dir.filePath(QStringLiteral("o.csv"));
        QVERIFY(w.exportAs(ExportKind::InsightsCsv, csv, &why));
        QVERIFY(readText(csv).rfind("rank,kind,saved_seconds", 0) == 0);
        w.clearProfileTrace();
        QVERIFY(w.operatorTable()->isColumnHidden(OperatorTableModel::Measured));
        QCOMPARE(w.roofline()->measuredPointCount(), 0);
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

    void testProjectRoundTrip()
    {
        QTemporaryDir dir;
        const QString project = dir.filePath(QStringLiteral("p.solar"));
        Project saved;
        {
            MainWindow w;
            QVERIFY(w.openFile(kExamples + QStringLiteral("/mlp_softmax.alir")));
            QVERIFY(waitForAnalysis(w));
            w.hardwarePanel()->selectProfile(QStringLiteral("h100-sxm"));
            w.hardwarePanel()->setFactor(HardwarePanel::Bandwidth, 0.5);
            w.hardwarePanel()->setFactor(HardwarePanel::Clock, 1.5);
            w.hardwarePanel()->setTargetMs(0.25);
            w.summary()->setMeasuredSeconds(0.002);
            QString error;
            QVERIFY2(w.saveProject(project, &error), qPrintable(error));
            saved = w.currentProject();
        }
        MainWindow again;
        QString error;
        QVERIFY2(again.openFile(project, &error), qPrintable(error));
        QVERIFY(waitForAnalysis(again));
        QCOMPARE(again.currentProject(), saved);
        QCOMPARE(again.hardwarePanel()->profileId(), QStringLiteral("h100-sxm"));
        // A damaged project is refused with a message, not a crash.
        QFile broken(dir.filePath(QStringLiteral("broken.solar")));
        QVERIFY(broken.open(QIODevice::WriteOnly));
        broken.write("{\"schema\": \"solar.project/1\", \"source\": 3");
        broken.close();
        QVERIFY(!again.openFile(broken.fileName(), &error));
        QVERIFY(error.contains(QStringLiteral("broken.solar")));
    }

    void testUnsavedEditsAreRecoverable()
    {
        QString text;
        {
            MainWindow w;
            QVERIFY(w.openFile(kExamples + QStringLiteral("/mlp_softmax.alir")));
            QVERIFY(waitForAnalysis(w));
            w.editor()->append(QStringLiteral("# an edit that was never saved\n"));
            text = w.editor()->text();
            w.autosaveNow();
            // The window "crashes": it goes away without saving.
        }
        MainWindow next;
        const auto pending = next.autosave().pending();
        QCOMPARE(pending.size(), 1);
        QCOMPARE(pending.front().text, text);
        next.recover(pending.front());
        QCOMPARE(next.editor()->text(), text);
        QVERIFY(next.hasUnsavedEdits());
        QVERIFY(next.autosave().pending().isEmpty());
        QVERIFY(waitForAnalysis(next));
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

    // The comparison view: each profile's bounds are that profile's own analysis, speedups are against the
    // chosen baseline.
    void testComparisonView()
    {
        MainWindow w;
        QVERIFY(w.openFile(kExamples + QStringLiteral("/mlp_softmax.alir")));
        QVERIFY(waitForAnalysis(w));
        w.comparisonView()->setProfiles({QStringLiteral("a100-sxm"), QStringLiteral("h100-sxm"), QStringLiteral("b200")});
        const auto& c = w.comparisonView()->comparison();
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
        QCOMPARE(w.comparisonView()->table()->rowCount(), 3);
        w.comparisonView()->setBaseline(QStringLiteral("b200"));
        QCOMPARE(w.comparisonView()->comparison().baseline, std::string("b200"));
    }

    // Every export writes the same content the CLI writes (JSON, CSV, DOT, YAML from the engine's reporters), and
    // the figures and the report are real files of their kind.
    void testExports()
    {
        MainWindow w;
        QVERIFY(w.openFile(kExamples + QStringLiteral("/mlp_softmax.alir")));
        QVERIFY(waitForAnalysis(w));
        QTemporaryDir dir;
        auto read = [](const QString& path) {
            QFile f(path);
            return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
        };
        struct Case
        {
            const char* kind;
            const char* file;
            QByteArray expected;
            QByteArray magic;
        };
        const auto shown = w.shownResult();
        const std::vector<Case> cases = {
            {"json", "a.json", QByteArray::fromStdString(solar::report::analysisJson(*shown)), {}},
            {"csv", "a.csv", QByteArray::fromStdString(solar::report::analysisCsv(*shown)), {}},
            {"graph-dot", "g.dot", QByteArray::fromStdString(solar::graph::graphToDot(shown->graph)), {}},
            {"graph-yaml", "g.yaml", QByteArray::fromStdString(solar::graph::graphToSolarYaml(shown->graph)), {}},
            {"graph-svg", "g.svg", {}, "<svg"},
            {"roofline-svg", "r.svg", {}, "<svg"},
            {"roofline-png", "r.png", {}, "\x89PNG"},
            {"report-pdf", "report.pdf", {}, "%PDF"},
        };
        for (const auto& c : cases) {
            const QString path = dir.filePath(QString::fromLatin1(c.file));
            QString why;
            const auto kind = parseExportKind(c.kind);
            QVERIFY2(kind, c.kind);
            QVERIFY2(w.exportAs(*kind, path, &why), qPrintable(why));
            const QByteArray got = read(path);
            if (!c.expected.isEmpty())
                QCOMPARE(got, c.expected);
            else
                QVERIFY2(got.contains(c.magic), c.kind);
        }
        QVERIFY(!parseExportKind("bogus"));
    }

    // German and Simplified Chinese: the translations load from the build (or install) tree, the window's menus
    // and the summary speak the language, numbers take the locale's decimal separator, and the PDF report is
    // written in it. English is restored afterwards.
    void testTranslations()
    {
        struct Lang
        {
            const char* code;
            QString file;
            QString noAnalysis;
            QString report;
        };
        const std::vector<Lang> langs
            = {{"de", QStringLiteral("&Datei"), QStringLiteral("Noch keine Analyse"), QStringLiteral("Schrankenleiter")},
               {"zh_CN", QStringLiteral("文件(&F)"), QStringLiteral("尚无分析"), QStringLiteral("界限阶梯")}};
        for (const auto& lang : langs) {
            QCOMPARE(installTranslations(*qApp, QString::fromLatin1(lang.code)), QString::fromLatin1(lang.code));
            {
                MainWindow w;
                QStringList menus;
                for (QAction* a : w.menuBar()->actions())
                    menus << a->text();
                QVERIFY2(menus.contains(lang.file), qPrintable(menus.join(QLatin1Char(' '))));
                QVERIFY(w.summary()->findChild<QLabel*>() != nullptr);
                bool found = false;
                for (QLabel* l : w.summary()->findChildren<QLabel*>())
                    found = found || l->text().contains(lang.noAnalysis);
                QVERIFY2(found, lang.code);
                QVERIFY(w.openFile(kExamples + QStringLiteral("/mlp_softmax.alir")));
                QVERIFY(waitForAnalysis(w));
                // Not clipped at 1600 x 1000: every visible button, check box and one-line label gets at least the
                // width its translated text needs (a missing translation would not fail this; a long one would).
                w.resize(1600, 1000);
                w.show();
                QVERIFY(QTest::qWaitForWindowExposed(&w));
                QCoreApplication::processEvents();
                QStringList clipped;
                for (QWidget* widget : w.findChildren<QWidget*>()) {
                    if (!widget->isVisible() || widget->window() != &w)
                        continue;
                    const auto* label = qobject_cast<QLabel*>(widget);
                    const auto* button = qobject_cast<QAbstractButton*>(widget);
                    const bool text = (button && !button->text().isEmpty()) || (label && !label->wordWrap() && !label->text().isEmpty());
                    if (text && widget->width() + 1 < widget->minimumSizeHint().width())
                        clipped << QStringLiteral("%1 '%2' (%3 < %4)")
                                       .arg(QString::fromLatin1(widget->metaObject()->className()),
                                            label ? label->text() : qobject_cast<QAbstractButton*>(widget)->text())
                                       .arg(widget->width())
                                       .arg(widget->minimumSizeHint().width());
                }
                QVERIFY2(clipped.isEmpty(),
                         qPrintable(QString::fromLatin1(lang.code) + QStringLiteral(": ") + clipped.join(QStringLiteral("; "))));
                QDir().mkpath(QStringLiteral(SOLAR_SCREENSHOT_DIR));
                w.grab().save(QStringLiteral(SOLAR_SCREENSHOT_DIR "/main-window-%1.png").arg(QString::fromLatin1(lang.code)));
                const double bound = w.shownResult()->ladder.at(Level::Fused).seconds;
                const QString shown = w.summary()->ladderTable()->item(static_cast<int>(Level::Fused), SummaryPanel::Bound)->text();
                QCOMPARE(shown, localizedNumbers(solar::formatSeconds(bound)));
                if (QString::fromLatin1(lang.code) == QLatin1String("de")
                    && QString::fromStdString(solar::formatSeconds(bound)).contains(QLatin1Char('.')))
                    QVERIFY2(shown.contains(QLatin1Char(',')), qPrintable(shown));
                QTemporaryDir dir;
                const QString pdf = dir.filePath(QStringLiteral("report.pdf"));
                QVERIFY(w.exportAs(ExportKind::ReportPdf, pdf));
                if (!QStandardPaths::findExecutable(QStringLiteral("pdftotext")).isEmpty()) {
                    QProcess text;
                    text.start(QStringLiteral("pdftotext"), {pdf, QStringLiteral("-")});
                    QVERIFY(text.waitForFinished(30000));
                    QVERIFY2(QString::fromUtf8(text.readAllStandardOutput()).contains(lang.report), lang.code);
                }
                // Exports stay locale-independent.
                QVERIFY(w.exportAs(ExportKind::Csv, dir.filePath(QStringLiteral("a.csv"))));
                QFile csv(dir.filePath(QStringLiteral("a.csv")));
                QVERIFY(csv.open(QIODevice::ReadOnly));
                QCOMPARE(csv.readAll(), QByteArray::fromStdString(solar::report::analysisCsv(*w.shownResult())));
            }
            removeTranslations(*qApp);
            QLocale::setDefault(QLocale::c());
        }
    }

    // A dark system palette: the editor's paper turns dark and keyword colours stay readable on it.
    void testFollowsDarkPalette()
    {
        QPalette dark;
        dark.setColor(QPalette::Base, QColor(0x1e, 0x1e, 0x1e));
        dark.setColor(QPalette::Window, QColor(0x2b, 0x2b, 0x2b));
        dark.setColor(QPalette::Text, QColor(0xe0, 0xe0, 0xe0));
        dark.setColor(QPalette::WindowText, QColor(0xe0, 0xe0, 0xe0));
        SourceEditor editor;
        editor.setPalette(dark);
        editor.setLanguageForFile(QStringLiteral("model.py"));
        QVERIFY(editor.lexer());
        QVERIFY(editor.lexer()->paper(0).lightness() < 128);
        for (int style = 0; style < 16; ++style)
            if (!editor.lexer()->description(style).isEmpty())
                QVERIFY2(editor.lexer()->color(style).lightness() >= 100, qPrintable(editor.lexer()->description(style)));
        editor.setLanguageForFile(QStringLiteral("program.alir"));
        QVERIFY(editor.lexer()->paper(0).lightness() < 128);
    }

    // Screenshots of the window on an example and of the graph and roofline panes, for a person to look at; the
    // test checks that they are not blank.
    void testScreenshots()
    {
        MainWindow w;
        const bool python = havePython();
        const QString example = kExamples + (python ? QStringLiteral("/transformer_block.py") : QStringLiteral("/mlp_softmax.alir"));
        w.resize(1600, 1000);
        w.show();
        QVERIFY(QTest::qWaitForWindowExposed(&w));
        QVERIFY(w.openFile(example));
        QVERIFY2(waitForAnalysis(w, 300000), qPrintable(w.lastError()));
        QVERIFY(waitForLayout(w.graphView()));
        w.selectNode(0);
        QTest::qWait(200);
        const QString dir = QStringLiteral(SOLAR_SCREENSHOT_DIR);
        QDir().mkpath(dir);
        const QImage window = w.grab().toImage();
        QVERIFY(window.save(dir + QStringLiteral("/main-window.png")));
        QVERIFY(distinctColours(window) > 50);
        // The panes at a size a person would give them: the graph as an overview and zoomed in on one operator,
        // the roofline with its legend.
        GraphView graphView;
        graphView.resize(900, 700);
        graphView.setResult(w.shownResult());
        QVERIFY(waitForLayout(&graphView));
        graphView.show();
        QVERIFY(QTest::qWaitForWindowExposed(&graphView));
        graphView.fitAll();
        const QImage graph = graphView.grab().toImage();
        QVERIFY(graph.save(dir + QStringLiteral("/einsum-graph.png")));
        QVERIFY(distinctColours(graph) > 10);
        graphView.resetTransform();
        graphView.find(QStringLiteral("scores"));
        const QImage detail = graphView.grab().toImage();
        QVERIFY(detail.save(dir + QStringLiteral("/einsum-graph-detail.png")));
        QVERIFY(distinctColours(detail) > 10);
        RooflineChart chartView;
        chartView.resize(1000, 700);
        chartView.setResult(w.shownResult());
        chartView.selectNode(0);
        chartView.show();
        QVERIFY(QTest::qWaitForWindowExposed(&chartView));
        const QImage chart = chartView.grab().toImage();
        QVERIFY(chart.save(dir + QStringLiteral("/roofline.png")));
        QVERIFY(distinctColours(chart) > 10);
        const QImage hardware = w.hardwarePanel()->grab().toImage();
        QVERIFY(hardware.save(dir + QStringLiteral("/hardware.png")));
    }

private:
    static QString solar_autosaveDir() { return Autosave::defaultDirectory(); }
};

QTEST_MAIN(TestMainWindow)
#include "tst_mainwindow.moc"
