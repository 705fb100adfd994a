// SPDX-License-Identifier: MIT
// Nothing a view shows outlives or misnames what it describes: a profiler trace belongs to the program it
// measured, the roofline's details panel to the operator, file and machine it was written for, a share to the
// level it is of, and numbers on what-if hardware say so with the factors (issue 30, items 2, 6, 7 and 8).
#include "render/units.h"
#include "tests/widgets/windowtest.h"
#include "widgets/analysis/operatorpane.h"
#include "widgets/analysis/operatortablemodel.h"
#include "widgets/analysis/summarypane.h"
#include "widgets/common/stalebanner.h"
#include "widgets/graph/graphpane.h"
#include "widgets/graph/graphview.h"
#include "widgets/hardware/hardwarepane.h"
#include "widgets/insights/insightsmodel.h"
#include "widgets/insights/insightspane.h"
#include "widgets/roofline/rooflinechart.h"
#include "widgets/roofline/rooflinepane.h"

#include "app/studio/selectionsync.h"

#include <QComboBox>
#include <QGraphicsScene>
#include <QGraphicsTextItem>
#include <QLabel>
#include <QMouseEvent>
#include <QTableView>
#include <QTemporaryDir>

using namespace solar::testing;
using solar::bounds::Level;

namespace {

// Kernels of an H100 PCIe (the window's default profile), launched by the two ATen ops.
const char* kTrace = R"({"deviceProperties": [{"id": 0, "name": "NVIDIA H100 PCIe"}], "traceEvents": [
          {"ph": "X", "cat": "cpu_op", "name": "aten::mm", "pid": 1, "tid": 1, "ts": 0, "dur": 20},
          {"ph": "X", "cat": "cuda_runtime", "name": "cudaLaunchKernel", "pid": 1, "tid": 1, "ts": 5, "dur": 4, "args": {"correlation": 1}},
          {"ph": "X", "cat": "cpu_op", "name": "aten::relu", "pid": 1, "tid": 1, "ts": 200, "dur": 8},
          {"ph": "X", "cat": "cuda_runtime", "name": "cudaLaunchKernel", "pid": 1, "tid": 1, "ts": 202, "dur": 3, "args": {"correlation": 2}},
          {"ph": "X", "cat": "kernel", "name": "sgemm", "pid": 0, "tid": 7, "ts": 10, "dur": 100, "args": {"correlation": 1}},
          {"ph": "X", "cat": "kernel", "name": "relu_kernel", "pid": 0, "tid": 7, "ts": 210, "dur": 50, "args": {"correlation": 2}}]})";

// The same operators as mm_relu.alir at other sizes, and a copy (no arithmetic: never drawn on a log-log roofline).
const char* kOther = R"(kernel other(M=96, N=160, K=200) {
  in A: f32[M, K];
  weight W: f32[K, N];
  tmp T: f32[M, N];
  out Y: f32[M, N];
  out C: f32[M, K];
  @op("aten::mm", 2) {
    for m in 0..M, n in 0..N {
      T[m, n] = 0;
      for k in 0..K { T[m, n] += A[m, k] * W[k, n]; }
    }
  }
  @op("aten::relu", 3) {
    for m in 0..M, n in 0..N { Y[m, n] = relu(T[m, n]); }
  }
  @op("aten::clone", 4) {
    for m in 0..M, k in 0..K { C[m, k] = A[m, k]; }
  }
}
)";

int nodeOfOp(const solar::AnalysisResult& r, const std::string& op)
{
    for (const auto& n : r.graph.nodes)
        if (n.sourceOp == op)
            return n.id;
    return -1;
}

// Opens `path` and waits for its own analysis (waitForAnalysis would accept the previous file's result).
bool openAndAnalyse(MainWindow& w, const QString& path)
{
    QSignalSpy done(&w, &MainWindow::analysisFinished);
    if (!w.openFile(path))
        return false;
    return (!done.isEmpty() || done.wait(120000)) && done.last().at(0).toBool();
}

void hoverAt(RooflineChart* chart, QPointF at)
{
    QMouseEvent move(QEvent::MouseMove, at, chart->canvas()->mapToGlobal(at), Qt::NoButton, Qt::NoButton, Qt::NoModifier);
    QCoreApplication::sendEvent(chart->canvas(), &move);
}

} // namespace

class TestStaleViews : public QObject
{
    Q_OBJECT
private slots:
    void initTestCase() { enterTestMode(); }

    // A resnet trace went on "measuring" huge.py's aten::relu after huge.py was opened: the trace is cleared when
    // another file opens (the file here has the very operators the trace names, so matching would succeed).
    void testTraceClearedByAnotherFile()
    {
        QTemporaryDir dir;
        MainWindow w;
        QVERIFY(w.openFile(QStringLiteral(SOLAR_TEST_DATA "/alir/mm_relu.alir")));
        QVERIFY(waitForAnalysis(w));
        const QString trace = dir.filePath(QStringLiteral("trace.json"));
        QVERIFY(writeText(trace, kTrace));
        QString why;
        QVERIFY2(w.loadProfileTrace(trace, &why), qPrintable(why));
        QCOMPARE(w.roofline()->measuredPointCount(), 2);
        QCOMPARE(w.insightsPane()->model()->insights().reference, std::string("measured"));

        const QString other = dir.filePath(QStringLiteral("other.alir"));
        QVERIFY(writeText(other, kOther));
        QVERIFY(openAndAnalyse(w, other));
        QCOMPARE(w.shownResult()->program.name, std::string("other"));
        QVERIFY(!w.traceMatch().has_value());
        QCOMPARE(w.roofline()->measuredPointCount(), 0);
        QVERIFY(w.operatorTable()->isColumnHidden(OperatorTableModel::Measured));
        QVERIFY(w.insightsPane()->model()->insights().reference != "measured");
        for (const auto& o : w.insightsPane()->model()->insights().opportunities)
            QVERIFY(o.kind != solar::insights::Kind::MeasuredGap);

        // Loaded for this file, it stays while the file is analysed again.
        QVERIFY2(w.loadProfileTrace(trace, &why), qPrintable(why));
        QSignalSpy again(&w, &MainWindow::analysisFinished);
        w.analyze();
        QVERIFY(again.wait(120000));
        QVERIFY(w.traceMatch().has_value());
        QCOMPARE(w.roofline()->measuredPointCount(), 2);
        // Another profile it was not measured on (an A100): dropped, as it would be refused.
        QVERIFY(w.hardwarePane()->selectProfile(QStringLiteral("a100-sxm")));
        QVERIFY(!w.traceMatch().has_value());
        QCOMPARE(w.roofline()->measuredPointCount(), 0);
    }

    // The details panel under the roofline describes what is on screen now: not the previous file's operator, not
    // a hovered point's numbers at the old clock, not another operator when the selected one is not drawn.
    void testRooflineDetailsFollow()
    {
        QTemporaryDir dir;
        MainWindow w;
        w.resize(1600, 1000);
        w.show();
        QVERIFY(w.openFile(QStringLiteral(SOLAR_TEST_DATA "/alir/mm_relu.alir")));
        QVERIFY(waitForAnalysis(w));
        RooflineChart* chart = w.roofline();
        QLabel* details = chart->hoverPanel();
        const QString placeholder = details->text();
        const int mm = nodeOfOp(*w.shownResult(), "aten::mm"), relu = nodeOfOp(*w.shownResult(), "aten::relu");
        QVERIFY(mm >= 0 && relu >= 0);
        // What the panel should say: the selected operator at the numbers shown now, else how to get one.
        auto expected = [&] { return w.selectedNode() >= 0 ? chart->tooltipOfNode(w.selectedNode()) : placeholder; };
        w.selectNode(mm);
        QCOMPARE(details->text(), expected());

        // Another point hovered, then the clock doubles: the hovered numbers are gone with the old machine.
        hoverAt(chart, chart->canvasPointOfNode(relu));
        const QString hovered = details->text();
        QVERIFY2(hovered.contains(QStringLiteral("aten::relu")), qPrintable(hovered));
        const QString before = chart->tooltipOfNode(mm);
        w.hardwarePane()->setFactor(HardwarePane::Clock, 2);
        QCOMPARE(details->text(), expected());
        QVERIFY(details->text() != before); // the selected operator's numbers at the new clock

        // Another file: nothing of mm_relu's operators remains.
        const QString shownBefore = details->text();
        const QString other = dir.filePath(QStringLiteral("other.alir"));
        QVERIFY(writeText(other, kOther));
        QVERIFY(openAndAnalyse(w, other));
        QCOMPARE(w.shownResult()->program.name, std::string("other"));
        QCOMPARE(details->text(), expected());
        QVERIFY(details->text() != shownBefore);

        // An operator that is not drawn (a copy has no arithmetic) says so instead of leaving another one there.
        const int relu2 = nodeOfOp(*w.shownResult(), "aten::relu"), copy = nodeOfOp(*w.shownResult(), "aten::clone");
        QVERIFY(relu2 >= 0 && copy >= 0);
        w.selectNode(relu2);
        QVERIFY(details->text().contains(QStringLiteral("aten::relu")));
        QCOMPARE(chart->pointOfNode(copy), QPointF(0, 0));
        w.selectNode(copy);
        QVERIFY2(details->text().contains(QStringLiteral("not drawn")), qPrintable(details->text()));
        QVERIFY(!details->text().contains(QStringLiteral("aten::relu")));
    }

    // The table's Share column is a share of one level: its header names it and follows the roofline's level
    // selector (it was F3's share under a roofline at F0, whose hover said "share of the F0 time").
    void testShareNamesItsLevel()
    {
        MainWindow w;
        QVERIFY(w.openFile(QStringLiteral(SOLAR_TEST_DATA "/alir/mm_relu.alir")));
        QVERIFY(waitForAnalysis(w));
        const auto header
            = [&] { return w.operatorModel()->headerData(OperatorTableModel::Share, Qt::Horizontal, Qt::DisplayRole).toString(); };
        auto* level = w.findChild<RooflinePane*>()->findChild<QComboBox*>();
        QVERIFY(level);
        for (const Level l : {Level::UnfusedPerKernel, Level::Fused, Level::CacheAware}) {
            level->setCurrentIndex(level->findData(QString::fromLatin1(solar::bounds::levelName(l).data())));
            QCOMPARE(w.findChild<RooflinePane*>()->level(), l);
            const QString shortName = QString::fromLatin1(solar::bounds::levelShortName(l).data());
            QVERIFY2(header().contains(shortName), qPrintable(header()));
            // The column's numbers are that level's node shares.
            const auto& r = *w.shownResult();
            for (const auto& n : r.graph.nodes) {
                const int row = w.operatorModel()->rowOfNode(n.id);
                if (row < 0)
                    continue;
                const double share = w.operatorModel()->index(row, OperatorTableModel::Share).data(OperatorTableModel::SortRole).toDouble();
                QCOMPARE(share, r.ladder.at(l).nodeShare[static_cast<size_t>(n.id)]);
            }
        }
    }

    // Numbers on changed hardware say "what-if" and the factors in every view that shows them, also after another
    // file opens with the sliders where they were (the Summary said "on NVIDIA H100 ..." with DRAM at x1.47).
    void testWhatIfIsMarkedEverywhere()
    {
        QTemporaryDir dir;
        MainWindow w;
        QVERIFY(openAndAnalyse(w, QStringLiteral(SOLAR_TEST_DATA "/alir/mm_relu.alir")));
        auto marked = [&](bool on) -> QString {
            const QString factors = QStringLiteral("DRAM bandwidth \u00d71.47");
            const QStringList texts = {w.summary()->programText(), w.roofline()->title(), w.insightsPane()->summary()->text(),
                                       w.findChild<OperatorPane*>()->whatIfLabel()->text()};
            for (const QString& t : texts) {
                if (on && !(t.contains(QStringLiteral("what-if"), Qt::CaseInsensitive) && t.contains(factors)))
                    return QStringLiteral("not marked: ") + t;
            }
            for (const QString& t : texts.mid(0, 2))
                if (!on && t.contains(QStringLiteral("what-if"), Qt::CaseInsensitive))
                    return QStringLiteral("marked: ") + t;
            if (w.findChild<OperatorPane*>()->whatIfLabel()->isVisibleTo(w.findChild<OperatorPane*>()) != on)
                return QStringLiteral("the operators pane's label");
            return QString();
        };
        QCOMPARE(marked(false), QString());
        w.hardwarePane()->setFactor(HardwarePane::Bandwidth, 1.47);
        QCOMPARE(marked(true), QString());
        const QString other = dir.filePath(QStringLiteral("other.alir"));
        QVERIFY(writeText(other, kOther));
        QVERIFY(openAndAnalyse(w, other));
        QCOMPARE(w.hardwarePane()->factor(HardwarePane::Bandwidth), 1.47);
        QCOMPARE(marked(true), QString());
        w.hardwarePane()->reset();
        QCOMPARE(marked(false), QString());
    }

    // Issue 49, item 10: another file opened (and failing to analyse) left the roofline, graph and table showing the
    // previous file unmarked, and a click on a stale graph box selected an operator of another program. Now every
    // view carries the banner while the numbers are another file's, an editor line of the new file selects nothing of
    // them, and the graph drops its old boxes the moment a new program arrives, saying it is laying out.
    void testOtherFilesResultsAreMarked()
    {
        QTemporaryDir dir;
        MainWindow w;
        QVERIFY(openAndAnalyse(w, QStringLiteral(SOLAR_TEST_DATA "/alir/mm_relu.alir")));
        auto banners = [&] {
            return QList<StaleBanner*> {w.findChild<GraphPane*>()->staleBanner(), w.findChild<RooflinePane*>()->staleBanner(),
                                        w.findChild<OperatorPane*>()->staleBanner()};
        };
        for (StaleBanner* b : banners())
            QVERIFY(!b->isVisibleTo(b->parentWidget()));
        // A file whose analysis fails (a parse error): the previous file's numbers stay, marked in every view.
        const QString broken = dir.filePath(QStringLiteral("broken.alir"));
        QVERIFY(writeText(broken, "kernel broken(N=4) {\n  in X: f32[N];\n  out Y: f32[N];\n  for i in 0..N { Y[i] = X[i] +; }\n}\n"));
        QSignalSpy done(&w, &MainWindow::analysisFinished);
        QVERIFY(w.openFile(broken));
        for (StaleBanner* b : banners()) {
            QVERIFY(b->isVisibleTo(b->parentWidget()));
            QVERIFY2(b->text().contains(QStringLiteral("mm_relu.alir")) && b->text().contains(QStringLiteral("broken.alir")),
                     qPrintable(b->text()));
        }
        QVERIFY(done.wait(120000));
        QVERIFY(!done.last().at(0).toBool());
        for (StaleBanner* b : banners()) {
            QVERIFY(b->isVisibleTo(b->parentWidget()));
            QVERIFY2(b->text().contains(QStringLiteral("failed")) && b->text().contains(QStringLiteral("file open before")),
                     qPrintable(b->text()));
        }
        // mm_relu's matmul sits on its line 11; line 11 of the broken file selects nothing of it.
        w.findChild<SelectionSync*>()->selectLine(11, false);
        QCOMPARE(w.findChild<SelectionSync*>()->selectedNode(), -1);
        // The next good file clears the banners.
        const QString other = dir.filePath(QStringLiteral("other.alir"));
        QVERIFY(writeText(other, kOther));
        QVERIFY(openAndAnalyse(w, other));
        for (StaleBanner* b : banners())
            QVERIFY(!b->isVisibleTo(b->parentWidget()));
        // A new program: the graph holds no box of the old one while it lays out, only the note.
        GraphView* view = w.findChild<GraphPane*>()->view();
        view->setResult(w.shownResult()); // supersedes a layout still running
        const auto items = view->scene()->items();
        QCOMPARE(items.size(), qsizetype(1));
        auto* text = dynamic_cast<QGraphicsTextItem*>(items.front());
        QVERIFY(text);
        QVERIFY2(text->toPlainText().startsWith(QStringLiteral("Laying out")), qPrintable(text->toPlainText()));
        QVERIFY(waitForLayout(view));
        QVERIFY(view->scene()->items().size() > 1);
    }

    // "Recoverable 436 us (97.3 %)" under "speed of light 129 us" read as recovering past the speed of light: the
    // total is capped by the reference down to the lowest speed of light (a faster precision's), which the pane
    // names with its value. mm_relu's fp32 matmul in bf16 lowers the fused bound on H100.
    void testInsightsNameTheirCap()
    {
        MainWindow w;
        QVERIFY(openAndAnalyse(w, QStringLiteral(SOLAR_TEST_DATA "/alir/mm_relu.alir")));
        const auto& in = w.insightsPane()->model()->insights();
        QVERIFY(in.lowestSolSeconds < in.solSeconds * 0.99);
        const QString text = w.insightsPane()->summary()->text();
        QVERIFY2(text.contains(secondsText(in.lowestSolSeconds)), qPrintable(text));
        QVERIFY2(text.contains(secondsText(in.referenceSeconds - in.lowestSolSeconds)), qPrintable(text));
        QVERIFY(text.contains(QStringLiteral("lowest speed of light")));
        QVERIFY(in.totalSavedSeconds <= in.referenceSeconds - in.lowestSolSeconds + 1e-15);
    }
};

QTEST_MAIN(TestStaleViews)
#include "tst_staleviews.moc"
