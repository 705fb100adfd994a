// SPDX-License-Identifier: MIT
// solar-screenshots OUTDIR: the screenshots in docs/gui.md, taken offscreen at 1600 x 1000 (scripts/screenshots
// runs it and renders the PDF report's pages): first start, a ResNet-class model with an operator selected, the
// roofline zoomed, a hardware what-if, the hardware comparison, and the report itself. Not installed.
#include "app/studio/exportactions.h"
#include "app/studio/filemenus.h"
#include "app/studio/mainwindow.h"

#include "engine/analysis/operators.h"
#include "render/exports.h"
#include "widgets/analysis/summarypane.h"
#include "widgets/hardware/hardwarepane.h"
#include "widgets/insights/insightspane.h"
#include "widgets/roofline/rooflinechart.h"

#include <QApplication>
#include <QDir>
#include <QDockWidget>
#include <QElapsedTimer>
#include <QImage>
#include <QSettings>
#include <QStandardPaths>
#include <QTest>

#include <algorithm>
#include <cstdio>

namespace {

bool waitUntil(const std::function<bool()>& done, int timeoutMs)
{
    QElapsedTimer t;
    t.start();
    while (!done() && t.elapsed() < timeoutMs)
        QTest::qWait(50);
    return done();
}

bool analyse(MainWindow& w, const QString& file)
{
    QString error;
    if (!w.openFile(file, &error)) {
        std::fprintf(stderr, "solar-screenshots: %s\n", qPrintable(error));
        return false;
    }
    return waitUntil([&] { return !w.isAnalyzing() && w.shownResult(); }, 600000);
}

void raise(MainWindow& w, const char* dock)
{
    if (auto* d = w.findChild<QDockWidget*>(QString::fromLatin1(dock)))
        d->raise();
    QTest::qWait(300);
}

bool save(QWidget& w, const QString& dir, const char* name)
{
    QTest::qWait(300);
    const QString path = QDir(dir).filePath(QString::fromLatin1(name));
    const bool ok = w.grab().toImage().save(path);
    std::fprintf(stderr, "solar-screenshots: %s %s\n", ok ? "wrote" : "cannot write", qPrintable(path));
    return ok;
}

} // namespace

int main(int argc, char** argv)
{
    QApplication app(argc, argv);
    QApplication::setApplicationName(QStringLiteral("SOLAR Studio screenshots"));
    QStandardPaths::setTestModeEnabled(true); // no saved layout, recent files or autosaves of the user's
    QSettings().clear();
    if (argc < 2) {
        std::fprintf(stderr, "usage: solar-screenshots OUTDIR\n");
        return 2;
    }
    const QString dir = QString::fromLocal8Bit(argv[1]);
    QDir().mkpath(dir);
    const QDir examples(FileMenus::examplesDirectory());
    bool ok = true;

    MainWindow w;
    w.resize(1600, 1000);
    w.show();
    // First start: the bundled transformer block, analysed.
    ok = analyse(w, examples.filePath(QStringLiteral("transformer_block.py"))) && ok;
    ok = save(w, dir, "first-start.png") && ok;

    // A ResNet-class model with its largest operator selected (linked in every pane).
    ok = analyse(w, examples.filePath(QStringLiteral("resnet.py"))) && ok;
    if (const auto result = w.shownResult()) {
        const auto rows = solar::operatorRows(*result);
        const auto top = std::max_element(rows.begin(), rows.end(), [](const auto& a, const auto& b) { return a.share[3] < b.share[3]; });
        if (top != rows.end())
            w.selectNode(top->node);
    }
    ok = save(w, dir, "resnet-selected.png") && ok;

    // The roofline zoomed on the ridge, in its own pane at a readable size.
    RooflineChart* chart = w.roofline();
    chart->zoomBy(2.5);
    raise(w, "dock-roofline");
    ok = save(w, dir, "roofline-zoomed.png") && ok;
    chart->resetZoom();

    // A what-if: twice the DRAM bandwidth, 1.5 times the tensor cores, and a target latency.
    w.hardwarePane()->setFactor(HardwarePane::Bandwidth, 2.0);
    w.hardwarePane()->setFactor(HardwarePane::TensorPeak, 1.5);
    if (const auto result = w.shownResult())
        w.hardwarePane()->setTargetMs(result->ladder.at(solar::bounds::Level::Fused).seconds * 1e3 * 0.8);
    ok = save(w, dir, "hardware-what-if.png") && ok;

    // The comparison across profiles (stock hardware).
    w.hardwarePane()->reset();
    raise(w, "dock-compare");
    ok = save(w, dir, "compare.png") && ok;

    // The optimisation opportunities, the largest selected (its region ringed in the graph).
    raise(w, "dock-insights");
    w.insightsPane()->selectOpportunity(0);
    ok = save(w, dir, "insights.png") && ok;
    raise(w, "dock-summary");

    // The report of the what-if, for scripts/screenshots to render page by page.
    w.hardwarePane()->setFactor(HardwarePane::Bandwidth, 2.0);
    const QString pdf = QDir(dir).filePath(QStringLiteral("report.pdf"));
    ok = w.exportAs(ExportKind::ReportPdf, pdf) && ok;
    std::fprintf(stderr, "solar-screenshots: %s %s\n", ok ? "wrote" : "failed at", qPrintable(pdf));
    return ok ? 0 : 1;
}
