// SPDX-License-Identifier: MIT
// The result panes the window docks that tst_panes does not cover, each alone: IrPane (read-only generated IR,
// editable user IR, the requests it hands on), ComparisonPane (speedups against the
// profiles' own peaks, the baseline choice), InsightsPane (its model under QAbstractItemModelTester, selection asks
// for the opportunity's operators, the trace buttons) and TranscriptPane (attempts, outcomes in their colours, the
// selected attempt's reply and feedback). The numbers are derived from the hardware profiles, not from the panes.
#include "engine/analysis/analysis.h"
#include "engine/hw/registry.h"
#include "engine/insights/insights.h"
#include "engine/ir/parser.h"
#include "render/palette.h"
#include "widgets/compare/comparisonpane.h"
#include "widgets/editor/irpane.h"
#include "widgets/editor/sourceeditor.h"
#include "widgets/insights/insightsmodel.h"
#include "widgets/insights/insightspane.h"
#include "widgets/llm/transcriptpane.h"

#include <QAbstractItemModelTester>
#include <QComboBox>
#include <QLabel>
#include <QListWidget>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QSignalSpy>
#include <QTableView>
#include <QTableWidget>
#include <QTest>
#include <QTextBrowser>
#include <QTreeWidget>

#include <fstream>
#include <sstream>

using solar::bounds::Level;

namespace {

std::shared_ptr<const solar::AnalysisResult> mmRelu(const solar::hw::HwProfile& hardware)
{
    std::ifstream in(std::string(SOLAR_TEST_DATA) + "/alir/mm_relu.alir");
    std::ostringstream text;
    text << in.rdbuf();
    const auto program = solar::ir::parseProgram(text.str(), "mm_relu.alir");
    return std::make_shared<solar::AnalysisResult>(solar::analyzeProgram(*program, hardware).value());
}

double fp32Peak(const solar::hw::HwProfile& p)
{
    return p.peakFlops(solar::hw::Unit::Simt, solar::hw::Precision::FP32);
}

} // namespace

class TestResultPanes : public QObject
{
    Q_OBJECT

    solar::hw::HwRegistry m_registry = solar::hw::loadDefaultHwRegistry();

private slots:
    // mm_relu (256³ fp32 under PyTorch's default) is bound by the SIMT fp32 units on each of these profiles
    // (33.6 MFLOP against 0.79 MB: far above every ridge point), so the fused speedup against a baseline is the ratio
    // of the profiles' fp32 peaks.
    void comparisonPaneSpeedupsAreTheRatioOfPeaks()
    {
        const auto* h100 = m_registry.find("h100-sxm");
        const auto* a100 = m_registry.find("a100-sxm");
        const auto* b200 = m_registry.find("b200");
        QVERIFY(h100 && a100 && b200);
        ComparisonPane pane;
        pane.setRegistry(&m_registry);
        pane.setResult(mmRelu(*h100));
        pane.setProfiles({QStringLiteral("h100-sxm"), QStringLiteral("a100-sxm"), QStringLiteral("b200")});
        const auto& c = pane.comparison();
        QCOMPARE(c.profiles.size(), size_t(3));
        QCOMPARE(c.baseline, std::string("h100-sxm"));
        QCOMPARE(pane.table()->rowCount(), 3);
        QCOMPARE(pane.table()->columnCount(), 1 + solar::bounds::kLevelCount + 2);
        for (const auto& col : c.profiles)
            QCOMPARE(col.ladder.at(Level::Fused).bottleneck, std::string("compute:simt_fp32"));
        // Rows follow the registry's order; find each profile's row by its id.
        auto row = [&](const std::string& id) {
            for (size_t i = 0; i < pane.comparison().profiles.size(); ++i)
                if (pane.comparison().profiles[i].id == id)
                    return static_cast<int>(i);
            return -1;
        };
        auto speedup = [&](const std::string& id) {
            return pane.comparison().profiles[static_cast<size_t>(row(id))].speedup[static_cast<size_t>(Level::Fused)];
        };
        QVERIFY(std::abs(speedup("h100-sxm") - 1.0) < 1e-12);
        QVERIFY(std::abs(speedup("a100-sxm") - fp32Peak(*a100) / fp32Peak(*h100)) < 1e-3);
        QVERIFY(std::abs(speedup("b200") - fp32Peak(*b200) / fp32Peak(*h100)) < 1e-3);
        QCOMPARE(pane.table()->item(row("a100-sxm"), 1 + solar::bounds::kLevelCount)->text(),
                 QStringLiteral("×") + QString::number(fp32Peak(*a100) / fp32Peak(*h100), 'f', 2));
        // Another baseline: every speedup is against it.
        pane.setBaseline(QStringLiteral("a100-sxm"));
        QCOMPARE(pane.comparison().baseline, std::string("a100-sxm"));
        QVERIFY(std::abs(speedup("h100-sxm") - fp32Peak(*h100) / fp32Peak(*a100)) < 1e-3);
        // Unchecking a profile drops its row; the list offers every profile of the registry.
        QCOMPARE(pane.profileList()->count(), static_cast<int>(m_registry.profiles.size()));
        for (int i = 0; i < pane.profileList()->count(); ++i)
            if (pane.profileList()->item(i)->data(Qt::UserRole).toString() == QLatin1String("b200"))
                pane.profileList()->item(i)->setCheckState(Qt::Unchecked);
        QCOMPARE(pane.table()->rowCount(), 2);
    }

    void insightsPaneListsAndSelectsOpportunities()
    {
        const auto result = mmRelu(*m_registry.find("h100-sxm"));
        const solar::insights::Insights in = solar::insights::computeInsights(*result);
        QVERIFY(in.opportunities.size() >= 2); // launch, precision, fusion (tst_golden's insights.txt)
        InsightsPane pane;
        QAbstractItemModelTester tester(pane.model(), QAbstractItemModelTester::FailureReportingMode::QtTest);
        pane.setInsights(result, in, std::nullopt);
        QCOMPARE(pane.model()->rowCount(), static_cast<int>(in.opportunities.size()));
        QVERIFY(!pane.clearTraceButton()->isEnabled()); // no trace loaded
        QVERIFY2(pane.summary()->text().contains(QStringLiteral("the eager model, no measurement")), qPrintable(pane.summary()->text()));
        QSignalSpy selected(&pane, &InsightsPane::opportunitySelected);
        pane.selectOpportunity(1);
        QCOMPARE(selected.count(), 1);
        const auto nodes = selected.takeFirst().at(0).value<QList<int>>();
        QCOMPARE(std::vector<int>(nodes.begin(), nodes.end()), in.opportunities[1].nodes);
        QVERIFY2(pane.explanation()->toPlainText().contains(QString::fromStdString(in.opportunities[1].title)),
                 qPrintable(pane.explanation()->toPlainText()));
        QSignalSpy load(&pane, &InsightsPane::loadTraceRequested);
        pane.loadTraceButton()->click();
        QCOMPARE(load.count(), 1);
        pane.clear();
        QCOMPARE(pane.model()->rowCount(), 0);
    }

    // Generated IR is read-only with "Edit as ALIR" (handing the text on); IR the user wrote is editable with
    // "Analyse this IR" (handing the edited text on); the status names the validation in its colour.
    void irPaneKeepsGeneratedIrReadOnly()
    {
        IrPane pane;
        auto button = [&](const QString& text) -> QPushButton* {
            for (auto* b : pane.findChildren<QPushButton*>())
                if (b->text() == text)
                    return b;
            return nullptr;
        };
        QPushButton* edit = button(QStringLiteral("Edit as ALIR"));
        QPushButton* analyse = button(QStringLiteral("Analyse this IR"));
        QVERIFY(edit && analyse);
        QVERIFY(!edit->isEnabled());
        const QString alir = QStringLiteral("kernel k(N=4) {\n  in X: f32[N];\n  out Y: f32[N];\n  for i in 0..N { Y[i] = X[i]; }\n}\n");
        pane.setProgram(alir, true, QStringLiteral("validated"), QStringLiteral("2 size points"));
        QVERIFY(pane.editor()->isReadOnly());
        QVERIFY(edit->isEnabled());
        QVERIFY(analyse->isHidden());
        QVERIFY(pane.statusText().contains(QStringLiteral("validated")));
        QSignalSpy editAs(&pane, &IrPane::editAsAlirRequested);
        edit->click();
        QCOMPARE(editAs.count(), 1);
        QCOMPARE(editAs.takeFirst().at(0).toString(), alir);
        pane.setProgram(alir, false, QStringLiteral("unvalidated"), QString());
        QVERIFY(!pane.editor()->isReadOnly());
        QVERIFY(!analyse->isHidden());
        pane.editor()->setText(QString(alir).replace(QStringLiteral("N=4"), QStringLiteral("N=8")));
        QSignalSpy analyseAs(&pane, &IrPane::analyseRequested);
        analyse->click();
        QCOMPARE(analyseAs.count(), 1);
        QVERIFY(analyseAs.takeFirst().at(0).toString().contains(QStringLiteral("N=8")));
        pane.clear();
        QVERIFY(pane.text().isEmpty());
        QVERIFY(!edit->isEnabled());
    }

    void transcriptPaneShowsEachAttempt()
    {
        TranscriptPane pane;
        QCOMPARE(pane.attemptCount(), 0);
        QVERIFY(pane.statusText().contains(QStringLiteral("has not run")));
        solar::llm::Attempt first {1, "reply one", "kernel k() {}", "mismatch", "output 0 differs by 0.5", "Y[0] differs"};
        solar::llm::Attempt second {2, "reply two", "kernel k() {}", "validated", "", "validated at 2 size points"};
        pane.addAttempt(first);
        pane.addAttempt(second);
        QCOMPARE(pane.attemptCount(), 2);
        QCOMPARE(pane.outcomeOf(0), QStringLiteral("mismatch"));
        QCOMPARE(pane.outcomeOf(1), QStringLiteral("validated"));
        auto* tree = pane.findChild<QTreeWidget*>();
        QVERIFY(tree);
        QCOMPARE(tree->topLevelItem(0)->foreground(1).color(), statusColour(QStringLiteral("mismatch")));
        QCOMPARE(tree->topLevelItem(1)->foreground(1).color(), statusColour(QStringLiteral("validated")));
        // The newest attempt is current; selecting the first shows its reply and the feedback it got.
        auto* detail = pane.findChild<QPlainTextEdit*>();
        QVERIFY(detail && detail->toPlainText().contains(QStringLiteral("reply two")));
        tree->setCurrentItem(tree->topLevelItem(0));
        QVERIFY(detail->toPlainText().contains(QStringLiteral("reply one")));
        QVERIFY(detail->toPlainText().contains(QStringLiteral("output 0 differs by 0.5")));
        pane.clear(QStringLiteral("asking again"));
        QCOMPARE(pane.attemptCount(), 0);
        QCOMPARE(pane.statusText(), QStringLiteral("asking again"));
        QVERIFY(detail->toPlainText().isEmpty());
    }
};

QTEST_MAIN(TestResultPanes)
#include "tst_resultpanes.moc"
