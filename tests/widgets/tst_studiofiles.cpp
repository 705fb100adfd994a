// SPDX-License-Identifier: MIT
// What the window reads and writes: a torch.profiler trace into the Insights pane, the table and the roofline;
// projects that round-trip every setting; unsaved edits recoverable after a crash; every export format.
#include "engine/graph/export.h"
#include "engine/report/analysisreport.h"
#include "tests/widgets/windowtest.h"
#include "widgets/analysis/operatortablemodel.h"
#include "widgets/analysis/summarypane.h"
#include "widgets/editor/sourceeditor.h"
#include "widgets/graph/graphview.h"
#include "widgets/hardware/hardwarepane.h"
#include "widgets/insights/insightsmodel.h"
#include "widgets/insights/insightspane.h"
#include "widgets/parallel/parallelpane.h"
#include "widgets/roofline/rooflinechart.h"

#include <nlohmann/json.hpp>

#include <QComboBox>
#include <QFile>
#include <QLabel>
#include <QSpinBox>
#include <QTableView>
#include <QTemporaryDir>
#include <QTextBrowser>

#include "widgets/editor/frontendoptionbar.h"

using namespace solar::testing;
using solar::bounds::Level;

class TestStudioFiles : public QObject
{
    Q_OBJECT
private slots:
    void initTestCase() { enterTestMode(); }

    // A binary model (an .onnx file) opens as a read-only note, never as text: saving refuses and leaves the file's
    // bytes as they were; the next text file is editable again.
    void testBinaryModelIsNotEditable()
    {
        QTemporaryDir dir;
        const QString model = dir.filePath(QStringLiteral("model.onnx"));
        const QByteArray bytes("\x08\x07\x12\x00binary\xff\x00model", 17);
        {
            QFile f(model);
            QVERIFY(f.open(QIODevice::WriteOnly));
            f.write(bytes);
        }
        MainWindow w;
        QString why;
        QVERIFY2(w.openFile(model, &why), qPrintable(why));
        w.cancelAnalysis();
        QVERIFY(w.editor()->isReadOnly());
        QVERIFY(w.editor()->text().contains(QStringLiteral("binary model (17 bytes)")));
        QVERIFY(!w.saveFile(model, &why));
        QVERIFY2(why.contains(QStringLiteral("binary model")), qPrintable(why));
        QFile f(model);
        QVERIFY(f.open(QIODevice::ReadOnly));
        QCOMPARE(f.readAll(), bytes);
        QVERIFY(w.openFile(QStringLiteral(SOLAR_TEST_DATA "/alir/matmul.alir")));
        w.cancelAnalysis();
        QVERIFY(!w.editor()->isReadOnly());
    }

    // A SOL-ExecBench problem folder opens its definition.json with the workload option the sol-execbench frontend
    // declares (one entry per workload of its workload.jsonl, the first selected); choosing one asks for an analysis
    // of it, and a project keeps it.
    void testProblemFolderShowsWorkloads()
    {
        MainWindow w;
        QString why;
        QVERIFY(!w.openProblemFolder(QStringLiteral(SOLAR_TEST_DATA "/hf"), &why));
        QVERIFY2(why.contains(QStringLiteral("definition.json")), qPrintable(why));
        QVERIFY(!w.findChild<QComboBox*>(QStringLiteral("option-workload-uuid")));
        QVERIFY2(w.openProblemFolder(QStringLiteral(SOLAR_TEST_DATA "/problems/scaled_add"), &why), qPrintable(why));
        if (havePython()) {
            // The first workload's bounds: y = x * 0.5 + w at M = 6, N = 24 in float32 moves (6*24 + 24 + 6*24) * 4 bytes.
            QVERIFY(waitForAnalysis(w));
            QCOMPARE(w.baseResult()->ladder.at(Level::Fused).bytes, 1248.0);
        }
        w.cancelAnalysis();
        QVERIFY(w.frontendOptionsShown());
        QVERIFY(!w.findChild<QSpinBox*>(QStringLiteral("option-serving-batch")));
        auto* selector = w.findChild<QComboBox*>(QStringLiteral("option-workload-uuid"));
        QVERIFY(selector);
        QCOMPARE(selector->count(), 3);
        QCOMPARE(selector->itemText(0), QStringLiteral("rows-6 (M=6)"));
        QCOMPARE(selector->currentData().toString(), QStringLiteral("rows-6"));
        auto* bar = w.findChild<FrontendOptionBar*>();
        QVERIFY(bar);
        QSignalSpy analysed(bar, &FrontendOptionBar::changed);
        selector->setCurrentIndex(2);
        QCOMPARE(analysed.count(), 1);
        w.cancelAnalysis();
        QCOMPARE(w.currentProject().frontendOptions.value(QStringLiteral("workload-uuid")), QStringLiteral("rows-40-recorded"));
        QTemporaryDir dir;
        const QString project = dir.filePath(QStringLiteral("p.solar"));
        QVERIFY(writeProject(project, w.currentProject(), &why));
        {
            MainWindow again;
            QVERIFY2(again.openFile(project, &why), qPrintable(why));
            again.cancelAnalysis();
            auto* restored = again.findChild<QComboBox*>(QStringLiteral("option-workload-uuid"));
            QVERIFY(restored);
            QCOMPARE(restored->currentData().toString(), QStringLiteral("rows-40-recorded"));
        }
        // A project written before the options were generated kept the uuid under "workload": read as the option.
        QFile old(dir.filePath(QStringLiteral("old.solar")));
        QVERIFY(old.open(QIODevice::WriteOnly));
        old.write(R"({"schema": "solar.project/1", "source": {"text": ""}, "workload": "rows-6",
                      "serving": {"phase": "prefill", "batch": 4, "tokens": 99}})");
        old.close();
        const auto legacy = readProject(old.fileName(), &why);
        QVERIFY2(legacy, qPrintable(why));
        QCOMPARE(legacy->frontendOptions.value(QStringLiteral("workload-uuid")), QStringLiteral("rows-6"));
        QCOMPARE(legacy->frontendOptions.value(QStringLiteral("serving-phase")), QStringLiteral("prefill"));
        QCOMPARE(legacy->frontendOptions.value(QStringLiteral("serving-batch")), QStringLiteral("4"));
        QCOMPARE(legacy->frontendOptions.value(QStringLiteral("serving-tokens")), QStringLiteral("99"));
        // Another source hides it.
        QVERIFY(w.openFile(QStringLiteral(SOLAR_TEST_DATA "/alir/matmul.alir")));
        w.cancelAnalysis();
        QVERIFY(!w.frontendOptionsShown());
        QVERIFY(!w.findChild<QComboBox*>(QStringLiteral("option-workload-uuid")));
    }

    // A model config.json opens like a source (the hf-config frontend) with the serving step's options in the
    // analysis toolbar (step, batch, tokens: generated from the frontend's declarations), which any other file hides;
    // what they hold is the step analysed.
    void testModelConfigShowsServingControls()
    {
        MainWindow w;
        QVERIFY(w.openFile(QStringLiteral(SOLAR_TEST_DATA "/hf/configs/llama_small.json")));
        QVERIFY(w.frontendOptionsShown());
        w.cancelAnalysis(); // tracing needs transformers; the controls do not
        auto* batch = w.findChild<QSpinBox*>(QStringLiteral("option-serving-batch"));
        auto* tokens = w.findChild<QSpinBox*>(QStringLiteral("option-serving-tokens"));
        auto* phase = w.findChild<QComboBox*>(QStringLiteral("option-serving-phase"));
        QVERIFY(batch && tokens && phase);
        QCOMPARE(batch->value(), 1); // the declared defaults
        QCOMPARE(tokens->value(), 2048);
        QCOMPARE(phase->currentData().toString(), QStringLiteral("decode"));
        QVERIFY(!w.findChild<QWidget*>(QStringLiteral("option-serving-dtype"))); // command line only
        auto* bar = w.findChild<FrontendOptionBar*>();
        QSignalSpy changed(bar, &FrontendOptionBar::changed);
        batch->setValue(3);
        tokens->setValue(777);
        phase->setCurrentIndex(phase->findData(QStringLiteral("prefill")));
        QCOMPARE(changed.count(), 3); // each change asks for an analysis
        w.cancelAnalysis();
        const QMap<QString, QString> expected {{QStringLiteral("serving-batch"), QStringLiteral("3")},
                                               {QStringLiteral("serving-tokens"), QStringLiteral("777")},
                                               {QStringLiteral("serving-phase"), QStringLiteral("prefill")}};
        QCOMPARE(w.currentProject().frontendOptions, expected);
        // A project keeps the step: a new window shows it again, with the controls offered for the config.
        QTemporaryDir dir;
        const QString project = dir.filePath(QStringLiteral("config.solar"));
        QString error;
        QVERIFY2(w.saveProject(project, &error), qPrintable(error));
        {
            MainWindow again;
            QVERIFY2(again.openFile(project, &error), qPrintable(error));
            again.cancelAnalysis();
            QVERIFY(again.frontendOptionsShown());
            QCOMPARE(again.findChild<QSpinBox*>(QStringLiteral("option-serving-batch"))->value(), 3);
            QCOMPARE(again.findChild<QSpinBox*>(QStringLiteral("option-serving-tokens"))->value(), 777);
            QCOMPARE(again.findChild<QComboBox*>(QStringLiteral("option-serving-phase"))->currentData().toString(),
                     QStringLiteral("prefill"));
        }
        // A step that cannot be served is refused with the field named, in the old form and in the new.
        QFile bad(dir.filePath(QStringLiteral("bad.solar")));
        QVERIFY(bad.open(QIODevice::WriteOnly));
        bad.write(R"({"schema": "solar.project/1", "source": {"text": ""}, "serving": {"phase": "decode", "batch": 0}})");
        bad.close();
        QVERIFY(!readProject(bad.fileName(), &error));
        QVERIFY2(error.contains(QStringLiteral("serving.batch")), qPrintable(error));
        QFile bad2(dir.filePath(QStringLiteral("bad2.solar")));
        QVERIFY(bad2.open(QIODevice::WriteOnly));
        bad2.write(R"({"schema": "solar.project/1", "source": {"text": ""}, "frontend_options": {"serving-batch": "0"}})");
        bad2.close();
        QVERIFY(!readProject(bad2.fileName(), &error));
        QVERIFY2(error.contains(QStringLiteral("serving-batch")), qPrintable(error));
        QVERIFY(w.openFile(kExamples + QStringLiteral("/mlp_softmax.alir")));
        QVERIFY(!w.frontendOptionsShown());
        QVERIFY(waitForAnalysis(w));
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

        // CPU times only are refused against the window's GPU profile (H100 PCIe), as another machine's timings are.
        const QString cpuTrace = dir.filePath(QStringLiteral("cpu.json"));
        QVERIFY(writeText(cpuTrace, R"({"traceEvents": [
          {"ph": "X", "cat": "cpu_op", "name": "aten::mm", "pid": 1, "tid": 1, "ts": 0, "dur": 100},
          {"ph": "X", "cat": "cpu_op", "name": "aten::relu", "pid": 1, "tid": 1, "ts": 200, "dur": 50}]})"));
        QVERIFY(!w.loadProfileTrace(cpuTrace, &why));
        QVERIFY2(why.contains(QStringLiteral("CPU times only")) && why.contains(QStringLiteral("H100 PCIe")), qPrintable(why));
        QVERIFY(!w.traceMatch().has_value());
        // A trace of the GPU's kernels on that device: operator times are kernel times (100 us, 50 us).
        const QString trace = dir.filePath(QStringLiteral("trace.json"));
        QVERIFY(writeText(trace, R"({"deviceProperties": [{"id": 0, "name": "NVIDIA H100 PCIe"}], "traceEvents": [
          {"ph": "X", "cat": "cpu_op", "name": "aten::mm", "pid": 1, "tid": 1, "ts": 0, "dur": 20},
          {"ph": "X", "cat": "cuda_runtime", "name": "cudaLaunchKernel", "pid": 1, "tid": 1, "ts": 5, "dur": 4, "args": {"correlation": 1}},
          {"ph": "X", "cat": "cpu_op", "name": "aten::relu", "pid": 1, "tid": 1, "ts": 200, "dur": 8},
          {"ph": "X", "cat": "cuda_runtime", "name": "cudaLaunchKernel", "pid": 1, "tid": 1, "ts": 202, "dur": 3, "args": {"correlation": 2}},
          {"ph": "X", "cat": "kernel", "name": "sgemm", "pid": 0, "tid": 7, "ts": 10, "dur": 100, "args": {"correlation": 1}},
          {"ph": "X", "cat": "kernel", "name": "relu_kernel", "pid": 0, "tid": 7, "ts": 210, "dur": 50, "args": {"correlation": 2}}]})"));
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

    void testProjectRoundTrip()
    {
        QTemporaryDir dir;
        const QString project = dir.filePath(QStringLiteral("p.solar"));
        Project saved;
        {
            MainWindow w;
            QVERIFY(w.openFile(kExamples + QStringLiteral("/mlp_softmax.alir")));
            QVERIFY(waitForAnalysis(w));
            w.hardwarePane()->selectProfile(QStringLiteral("h100-sxm"));
            w.hardwarePane()->setFactor(HardwarePane::Bandwidth, 0.5);
            w.hardwarePane()->setFactor(HardwarePane::Clock, 1.5);
            w.hardwarePane()->setTargetMs(0.25);
            w.summary()->setMeasuredSeconds(0.002);
            // The Devices plan is part of the work (issue 49): 2 devices a stage, 2 stages of 4 micro-batches.
            w.parallelPane()->setDevices(2);
            w.parallelPane()->setPlan(2, 4, 1);
            w.parallelPane()->waitForSplit();
            QString error;
            QVERIFY2(w.saveProject(project, &error), qPrintable(error));
            saved = w.currentProject();
            QCOMPARE(saved.devices, 2);
            QCOMPARE(saved.stages, 2);
            QCOMPARE(saved.microBatches, 4);
        }
        MainWindow again;
        QString error;
        QVERIFY2(again.openFile(project, &error), qPrintable(error));
        QVERIFY(waitForAnalysis(again));
        again.parallelPane()->waitForSplit();
        QCOMPARE(again.currentProject(), saved);
        QCOMPARE(again.hardwarePane()->profileId(), QStringLiteral("h100-sxm"));
        QCOMPARE(again.parallelPane()->devices(), 2);
        QCOMPARE(again.parallelPane()->planCounts(), (std::array<int, 4> {2, 4, 1, 1}));
        QVERIFY2(again.parallelPane()->plan(), qPrintable(again.parallelPane()->status()->text()));
        // A plan count that is not one is refused, naming it.
        QFile zero(dir.filePath(QStringLiteral("zero.solar")));
        QVERIFY(zero.open(QIODevice::WriteOnly));
        zero.write(R"({"schema": "solar.project/1", "source": {"text": ""}, "devices": {"pipeline_stages": 0}})");
        zero.close();
        QVERIFY(!readProject(zero.fileName(), &error));
        QVERIFY2(error.contains(QStringLiteral("devices.pipeline_stages")), qPrintable(error));
        // A damaged project is refused with a message, not a crash.
        QFile broken(dir.filePath(QStringLiteral("broken.solar")));
        QVERIFY(broken.open(QIODevice::WriteOnly));
        broken.write("{\"schema\": \"solar.project/1\", \"source\": 3");
        broken.close();
        QVERIFY(!again.openFile(broken.fileName(), &error));
        QVERIFY(error.contains(QStringLiteral("broken.solar")));
    }

    // Solve-for follows the Devices pane (issue 49 item 8): split over 4 devices, the target is each device's, for its
    // share of the program (its bound is the split's per-device one, not the whole program's), with the links it needs.
    void testSolveForFollowsTheDevices()
    {
        MainWindow w;
        QVERIFY(w.openFile(kExamples + QStringLiteral("/mlp_softmax.alir")));
        QVERIFY(waitForAnalysis(w));
        w.hardwarePane()->selectProfile(QStringLiteral("h100-sxm"));
        QVERIFY(waitForAnalysis(w));
        w.hardwarePane()->setTargetMs(1e-3);
        QVERIFY(w.hardwarePane()->inverse());
        const double whole = w.hardwarePane()->inverse()->currentSeconds;
        QVERIFY(!w.hardwarePane()->inverseText().contains(QStringLiteral("devices of the Devices pane")));
        w.parallelPane()->setDevices(4);
        w.parallelPane()->waitForSplit();
        QVERIFY2(w.parallelPane()->analysis(), qPrintable(w.parallelPane()->status()->text()));
        QVERIFY(w.hardwarePane()->inverse());
        const double device = w.parallelPane()->analysis()->device.ladder.at(Level::Fused).seconds;
        QCOMPARE(w.hardwarePane()->inverse()->currentSeconds, device);
        QVERIFY(device < whole);
        const QString text = w.hardwarePane()->inverseText();
        QVERIFY2(text.contains(QStringLiteral("Each of the 4 devices")), qPrintable(text));
        QVERIFY2(text.contains(QStringLiteral("Links")) || text.contains(QStringLiteral("link")), qPrintable(text));
        // A whole plan is not solved for, and the answer says it is for one device.
        w.parallelPane()->setPlan(2, 1, 1);
        w.parallelPane()->waitForSplit();
        QVERIFY2(w.hardwarePane()->inverseText().contains(QStringLiteral("For one device")), qPrintable(w.hardwarePane()->inverseText()));
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
};

QTEST_MAIN(TestStudioFiles)
#include "tst_studiofiles.moc"
