// SPDX-License-Identifier: MIT
// The Devices pane and the hardware panel's link slider (issue 34): sol-model.md C.5 split over 4 H100s shows one
// all-reduce of 2 MiB through NVLink SHARP (2,097,152 B / 450 GB/s, by hand), a link factor of 1/100 makes the links
// bind, the DRAM slider re-solves each device without splitting again, a count nothing divides splits nothing, and
// a profile without links says so and disables its link slider.
#include "engine/hw/registry.h"
#include "engine/ir/parser.h"
#include "widgets/hardware/hardwarepane.h"
#include "widgets/parallel/parallelpane.h"
#include "widgets/results/resultsmodel.h"

#include <QDoubleSpinBox>
#include <QLabel>
#include <QPlainTextEdit>
#include <QSignalSpy>
#include <QSlider>
#include <QSpinBox>
#include <QTableWidget>
#include <QTest>

#include <fstream>
#include <sstream>

namespace {

std::shared_ptr<const solar::AnalysisResult> analysed(const std::string& file, const solar::hw::HwProfile& hardware)
{
    std::ifstream in(std::string(SOLAR_TEST_DATA) + "/alir/" + file);
    std::ostringstream ss;
    ss << in.rdbuf();
    const auto program = solar::ir::parseProgram(ss.str(), file);
    return std::make_shared<solar::AnalysisResult>(solar::analyzeProgram(*program, hardware).value());
}

} // namespace

class TestParallelPane : public QObject
{
    Q_OBJECT

private slots:
    void splitFollowsTheSlidersAndTheCount()
    {
        const solar::hw::HwRegistry registry = solar::hw::loadDefaultHwRegistry();
        const solar::hw::HwProfile* sxm = registry.find("h100-sxm");
        QVERIFY(sxm);
        HardwarePane panel;
        ResultsModel results;
        ParallelPane pane;
        panel.setRegistry(&registry);
        QVERIFY(panel.selectProfile(QStringLiteral("h100-sxm")));
        results.setHardware(*sxm, panel.whatIf());
        // As the window wires them (panewiring.cpp): the sliders feed the results model alone, the pane follows it.
        connect(&panel, &HardwarePane::whatIfChanged, &results, &ResultsModel::setWhatIf);
        pane.follow(results);
        results.setAnalysis(analysed("mlp_c5.alir", *sxm), true);
        pane.waitForSplit();
        QVERIFY(!pane.analysis()); // one device: nothing to split
        QVERIFY(pane.status()->text().contains(ParallelPane::tr("One device").left(10)));

        QSignalSpy split(&pane, &ParallelPane::splitChanged);
        pane.setDevices(4);
        pane.waitForSplit();
        QVERIFY(pane.analysis());
        QCOMPARE(pane.analysis()->split.exchanges.size(), size_t(1));
        QVERIFY(std::abs(pane.analysis()->communicationSeconds - 2097152.0 / 450e9) < 1e-15);
        QCOMPARE(pane.table()->rowCount(), solar::bounds::kLevelCount);
        QVERIFY(pane.analysis()->validation && pane.analysis()->validation->ok);
        const auto& fused = pane.analysis()->device.ladder.at(solar::bounds::Level::Fused);
        const double compute = fused.computeSeconds, memory = fused.memorySeconds;
        QVERIFY(memory > compute); // memory-bound at one times the bandwidth

        // The link slider: a hundredth of NVLink makes the all-reduce 466 us, above each device's 21 us. One move is
        // one re-solve of the model (the what-if's one owner) and one update of the split shown, no new split.
        QVERIFY(panel.slider(HardwarePane::Link)->isEnabled());
        QSignalSpy resolved(&results, &ResultsModel::resultChanged);
        QSignalSpy shownOnce(&pane, &ParallelPane::splitChanged);
        panel.setFactor(HardwarePane::Link, 0.01);
        QCOMPARE(resolved.count(), 1);
        QCOMPARE(shownOnce.count(), 1);
        QCOMPARE(results.whatIf().link, 0.01);
        QVERIFY(std::abs(pane.analysis()->communicationSeconds - 2097152.0 / 4.5e9) < 1e-12);
        QVERIFY(pane.analysis()->levels[static_cast<size_t>(solar::bounds::Level::Fused)].communicationBinds);
        QCOMPARE(panel.factors().value(QStringLiteral("link")), 0.01);
        panel.setFactor(HardwarePane::Link, 1);

        // Twice the DRAM bandwidth: each device re-solved (the larger of its compute and half its memory time), no
        // new split.
        panel.setFactor(HardwarePane::Bandwidth, 2.0);
        QVERIFY(pane.analysis()); // shown at once: a split would have cleared it until the background job ends
        const double now = pane.analysis()->levels[static_cast<size_t>(solar::bounds::Level::Fused)].deviceSeconds;
        QVERIFY2(std::abs(now / std::max(compute, memory / 2) - 1) < 1e-9, qPrintable(QString::number(now)));
        QVERIFY(split.count() > 0);

        // 7 devices: none of 256, 4096 and 16384 divides, so every device runs the whole program.
        pane.setDevices(7);
        pane.waitForSplit();
        QVERIFY(pane.analysis());
        QCOMPARE(pane.analysis()->split.splitStatements, 0);
        QVERIFY(pane.details()->toPlainText().contains(QStringLiteral("nothing was split")));
    }

    void pipelineStagesAndTheirLinks()
    {
        // Four equal layers over 4 stages of 8 micro-batches (docs/parallel.md): 4 cold and 7 warm micro-batch stage times, by hand
        // (128 MiB of weight and 2 x 2 x 8192 bf16 per micro-batch at 3.35 TB/s); a hundredth of NVLink slows the
        // sends 100 times and the plan runs again on them.
        const solar::hw::HwRegistry registry = solar::hw::loadDefaultHwRegistry();
        const solar::hw::HwProfile* sxm = registry.find("h100-sxm");
        ResultsModel results;
        ParallelPane pane;
        pane.follow(results);
        results.setHardware(*sxm, {});
        results.setAnalysis(analysed("four_layers.alir", *sxm), true);
        pane.setPlan(4, 8, 1);
        pane.waitForSplit();
        QVERIFY2(pane.plan(), qPrintable(pane.status()->text()));
        QCOMPARE(pane.plan()->stages.size(), size_t(4));
        const double t = (8192.0 * 8192 * 2 + 2 * 2 * 8192 * 2) / 3.35e12;
        const auto fused = static_cast<size_t>(solar::bounds::Level::Fused);
        // The stages' micro-batches after the first run warm (the H100's 50 MiB L2 of the weight stays): 4 t + 7 w.
        const double w = (8192.0 * 8192 * 2 + 2 * 8192 * 2 - 50.0 * 1024 * 1024) / 3.35e12;
        QVERIFY(std::abs(pane.plan()->levels[fused].deviceSeconds / (4 * t + 7 * w) - 1) < 1e-9);
        QVERIFY(pane.details()->toPlainText().contains(QStringLiteral("fill and drain")));
        const double sends = pane.plan()->communicationSeconds;
        QVERIFY(std::abs(sends - 8 * 2 * 8192 * 2 / 450e9) < 1e-15); // a stage's 8 sends: the stages send side by side
        solar::hw::WhatIfFactors slow;
        slow.link = 0.01;
        results.setWhatIf(slow); // what the link slider does: the model owns the factors, the pane follows
        pane.waitForSplit();
        QVERIFY(pane.plan());
        QVERIFY(std::abs(pane.plan()->communicationSeconds / sends - 100) < 1e-9);
        // Twice the DRAM bandwidth: the memory-bound stages take half as long, and the plan runs again on it.
        solar::hw::WhatIfFactors twice;
        twice.bandwidth = 2;
        results.setWhatIf(twice);
        pane.waitForSplit();
        QVERIFY(pane.plan());
        QVERIFY(std::abs(pane.plan()->levels[fused].deviceSeconds / ((4 * t + 7 * w) / 2) - 1) < 1e-9);
        QVERIFY(std::abs(pane.plan()->communicationSeconds / sends - 1) < 1e-9); // the links are the profile's again
        results.setWhatIf({});
        // Experts over 2 devices: tokens to their experts and back all-to-all (tst_plan checks the bytes by hand).
        results.setAnalysis(analysed("moe_top1.alir", *sxm), true);
        pane.setPlan(1, 1, 1, 2);
        pane.waitForSplit();
        QVERIFY2(pane.plan(), qPrintable(pane.status()->text()));
        QCOMPARE(pane.plan()->experts.size(), size_t(2));
        QVERIFY(pane.details()->toPlainText().contains(QStringLiteral("all-to-all")));
        // Back to one stage: tensor parallelism alone, in the pane's other view.
        pane.setPlan(1, 1, 1, 1);
        pane.setDevices(1);
        pane.waitForSplit();
        QVERIFY(!pane.plan());
        QCOMPARE(pane.stagesBox()->value(), 1);

        // Issue 49: where no cut, stage or split could run, the status line says so rather than "validated".
        results.setAnalysis(analysed("fixed_layers.alir", *sxm), true);
        pane.setPlan(2, 1, 1);
        pane.waitForSplit();
        QVERIFY2(pane.plan(), qPrintable(pane.status()->text()));
        QVERIFY(!pane.plan()->anyValidated());
        QVERIFY2(pane.status()->text().contains(QStringLiteral("not validated: no cut, stage or split could run")),
                 qPrintable(pane.status()->text()));
        QVERIFY(!pane.status()->text().contains(QStringLiteral("were validated")));
    }

    void profileWithoutLinks()
    {
        const solar::hw::HwRegistry registry = solar::hw::loadDefaultHwRegistry();
        HardwarePane panel;
        panel.setRegistry(&registry);
        QVERIFY(panel.selectProfile(QStringLiteral("h100-pcie")));
        QVERIFY(!panel.slider(HardwarePane::Link)->isEnabled());
        QCOMPARE(panel.valueLabel(HardwarePane::Link)->text(), HardwarePane::tr("no link"));
        ResultsModel results;
        ParallelPane pane;
        pane.follow(results);
        results.setHardware(*registry.find("h100-pcie"), panel.whatIf());
        results.setAnalysis(analysed("mlp_c5.alir", *registry.find("h100-pcie")), true);
        pane.setDevices(2);
        pane.waitForSplit();
        QVERIFY(!pane.analysis());
        QVERIFY2(pane.status()->text().contains(QStringLiteral("no link")), qPrintable(pane.status()->text()));
    }
};

QTEST_MAIN(TestParallelPane)
#include "tst_parallelpane.moc"
