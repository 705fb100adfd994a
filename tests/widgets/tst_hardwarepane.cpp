// SPDX-License-Identifier: MIT
// The Hardware pane alone: its sliders' values named by the peak they scale, the mouse wheel that scrolls past its
// controls, and the pane wired to a results model as the main window wires it (what-if factors, the inverse).
#include "engine/analysis/analysis.h"
#include "engine/hw/registry.h"
#include "engine/ir/parser.h"
#include "render/units.h"
#include "widgets/hardware/hardwarepane.h"
#include "widgets/results/resultsmodel.h"

#include <QApplication>
#include <QLabel>
#include <QPushButton>
#include <QScrollArea>
#include <QSignalSpy>
#include <QSlider>
#include <QTest>
#include <QWheelEvent>

#include <fstream>
#include <sstream>

namespace {

std::shared_ptr<const solar::AnalysisResult> analysed(const std::string& file)
{
    std::ifstream in(std::string(SOLAR_TEST_DATA) + "/alir/" + file);
    std::ostringstream ss;
    ss << in.rdbuf();
    const auto registry = solar::hw::loadDefaultHwRegistry();
    const auto program = solar::ir::parseProgram(ss.str(), file);
    auto r = solar::analyzeProgram(*program, *registry.find("h100-sxm"));
    return std::make_shared<solar::AnalysisResult>(std::move(r).value());
}

} // namespace

class TestHardwarePane : public QObject
{
    Q_OBJECT

private slots:
    // The peak sliders' values name their dtype: the SIMT one showed H100 PCIe's 102 TFLOP/s (the fp16 rate) while
    // the fp32 roof and the bottleneck used 51.2 (issue 30, item 9). Every dtype the slider scales is in the tooltip.
    void hardwareSliderValuesNameTheirPeaks()
    {
        const auto registry = solar::hw::loadDefaultHwRegistry();
        HardwarePane pane;
        pane.setRegistry(&registry);
        QVERIFY(pane.selectProfile(QStringLiteral("h100-pcie")));
        const auto m = solar::bounds::machineFromProfile(*registry.find("h100-pcie"));
        using solar::hw::Precision;
        using solar::hw::Unit;
        QVERIFY(m.peak(Unit::Simt, Precision::FP16) > m.peak(Unit::Simt, Precision::FP32)); // the case that misled
        QCOMPARE(pane.valueLabel(HardwarePane::SimtPeak)->text(),
                 QStringLiteral("fp32 ") + siText(m.peak(Unit::Simt, Precision::FP32), "FLOP/s"));
        QCOMPARE(pane.valueLabel(HardwarePane::TensorPeak)->text(),
                 QStringLiteral("bf16 ") + siText(m.peak(Unit::Tensor, Precision::BF16), "FLOP/s"));
        const QString simtTip = pane.valueLabel(HardwarePane::SimtPeak)->toolTip();
        QVERIFY2(simtTip.contains(QStringLiteral("fp16 ") + siText(m.peak(Unit::Simt, Precision::FP16), "FLOP/s")), qPrintable(simtTip));
        QVERIFY(pane.valueLabel(HardwarePane::TensorPeak)->toolTip().contains(QStringLiteral("fp8 ")));
        // The slider scales them all: twice the SIMT peaks reads twice the fp32 value.
        pane.setFactor(HardwarePane::SimtPeak, 2);
        QCOMPARE(pane.valueLabel(HardwarePane::SimtPeak)->text(),
                 QStringLiteral("fp32 ") + siText(2 * m.peak(Unit::Simt, Precision::FP32), "FLOP/s"));
    }

    // Issue 49: the wheel turned to scroll the pane passes over its sliders and boxes without changing them; once a
    // control has focus the wheel is its own.
    void wheelScrollsPastTheHardwareControls()
    {
        const solar::hw::HwRegistry registry = solar::hw::loadDefaultHwRegistry();
        HardwarePane panel;
        panel.setRegistry(&registry);
        QVERIFY(panel.selectProfile(QStringLiteral("h100-sxm")));
        panel.resize(420, 300);
        panel.show();
        QVERIFY(QTest::qWaitForWindowExposed(&panel));
        QSlider* clock = panel.slider(HardwarePane::Clock);
        const int before = clock->value();
        auto wheel = [&] {
            const QPointF at(clock->width() / 2.0, clock->height() / 2.0);
            QWheelEvent event(at, clock->mapToGlobal(at), QPoint(), QPoint(0, -120), Qt::NoButton, Qt::NoModifier, Qt::NoScrollPhase,
                              false);
            QCoreApplication::sendEvent(clock, &event);
        };
        clock->clearFocus();
        wheel();
        QCOMPARE(clock->value(), before);
        QCOMPARE(panel.factor(HardwarePane::Clock), 1.0);
        panel.activateWindow();
        QVERIFY(QTest::qWaitForWindowActive(&panel));
        clock->setFocus(Qt::MouseFocusReason);
        QVERIFY(clock->hasFocus());
        wheel();
        QVERIFY(clock->value() != before);
    }

    // The hardware panel alone, wired to a results model as the window wires it: a slider's factor reaches the
    // model's machine (twice the profile's bandwidth), and a target below the bound gets its inverse: at a target
    // above the compute term the least bandwidth is the fused level's DRAM bytes over the target.
    void hardwarePanelDrivesTheResultsModel()
    {
        const solar::hw::HwRegistry registry = solar::hw::loadDefaultHwRegistry();
        const solar::hw::HwProfile* sxm = registry.find("h100-sxm");
        QVERIFY(sxm);
        HardwarePane panel;
        ResultsModel results;
        panel.setRegistry(&registry);
        QVERIFY(panel.selectProfile(QStringLiteral("h100-sxm")));
        results.setHardware(*sxm, panel.whatIf());
        connect(&panel, &HardwarePane::whatIfChanged, &results, &ResultsModel::setWhatIf);
        panel.follow(results);
        results.setAnalysis(analysed("mlp_c5.alir"), true);
        QSignalSpy shown(&results, &ResultsModel::resultChanged);
        panel.setFactor(HardwarePane::Bandwidth, 2.0);
        QCOMPARE(shown.count(), 1);
        QCOMPARE(results.machine().dramBps, 2 * sxm->dramBandwidthBps.value);
        QCOMPARE(panel.machine().dramBps, results.machine().dramBps);
        panel.reset();
        QCOMPARE(shown.count(), 2);
        QCOMPARE(results.machine().dramBps, sxm->dramBandwidthBps.value);
        const auto& fused = results.shown()->ladder.at(solar::bounds::Level::Fused);
        QVERIFY(fused.computeSeconds < fused.memorySeconds); // memory-bound at these sizes
        const double target = (fused.computeSeconds + fused.memorySeconds) / 2;
        panel.setTargetMs(target * 1e3);
        QVERIFY(panel.inverse() && panel.inverse()->minDramBps);
        QVERIFY(qAbs(*panel.inverse()->minDramBps / (fused.bytes / target) - 1) < 1e-3);
        QVERIFY(!panel.inverseText().isEmpty());

        // Issue 30, item 11: an answer is shown, nothing changes until applied; "apply on-chip" never switches the
        // level from fused to cache_aware behind the user's back; a long answer scrolls inside the pane instead
        // of growing it; saving a user profile is in the pane.
        QCOMPARE(panel.targetLevel(), solar::bounds::Level::Fused);
        QCOMPARE(panel.factor(HardwarePane::Clock), 1.0);
        QCOMPARE(shown.count(), 2); // the target alone re-solved nothing
        QPushButton* applyOnchip = nullptr;
        QPushButton* save = nullptr;
        for (auto* b : panel.findChildren<QPushButton*>()) {
            applyOnchip = b->text() == HardwarePane::tr("Apply on-chip") ? b : applyOnchip;
            save = b->text() == HardwarePane::tr("Save as user profile…") ? b : save;
        }
        QVERIFY(applyOnchip && save);
        QVERIFY(!applyOnchip->isEnabled());
        panel.solveForOnchip();
        QCOMPARE(panel.targetLevel(), solar::bounds::Level::Fused);
        QCOMPARE(panel.factor(HardwarePane::Onchip), 1.0);
        QCOMPARE(shown.count(), 2);
        QVERIFY(panel.findChild<QScrollArea*>());
        const int tall = panel.minimumSizeHint().height();
        panel.setTargetMs(1e-9); // an unreachable target: the longest answers
        QCOMPARE(panel.minimumSizeHint().height(), tall);
    }
};

QTEST_MAIN(TestHardwarePane)
#include "tst_hardwarepane.moc"
