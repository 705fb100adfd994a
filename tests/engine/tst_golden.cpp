// SPDX-License-Identifier: MIT
// Golden tests of the text reporters (engine/report/): a small program's whole report compared line by line with
// tests/data/golden/*.txt, so a changed column, a dropped note or a reordered line is caught, not just a missing
// substring. The program is mm_relu.alir at M=256, N=192, K=320 on the shipped h100-sxm profile; the numbers the
// goldens hold were checked by hand once (the work and byte lines below are asserted again from first principles:
// 256*192*320 = 15,728,640 MACs; 2 FLOP per MAC plus one op per ReLU output, 49,152; compulsory bytes A 256x320 +
// W 320x192 + Y 256x192 in fp32). Set SOLAR_UPDATE_GOLDEN=1 to rewrite the files after an intended change, then
// read the diff before committing it.
#include "engine/analysis/analysis.h"
#include "engine/analysis/comparison.h"
#include "engine/batch/sweep.h"
#include "engine/bounds/inverse.h"
#include "engine/hw/registry.h"
#include "engine/insights/insights.h"
#include "engine/measure/measurement.h"
#include "engine/report/analysisreport.h"
#include "engine/report/benchreport.h"
#include "engine/report/comparereport.h"
#include "engine/report/hardwarereport.h"
#include "engine/report/insightsreport.h"
#include "engine/report/inversereport.h"
#include "engine/report/measurereport.h"
#include "testutil.h"

#include <QTest>

#include <cmath>
#include <fstream>
#include <sstream>

using namespace solar;

namespace {

const std::string kShipped = SOLAR_TEST_DATA "/../../hwprofiles";
const std::string kGolden = SOLAR_TEST_DATA "/golden/";

std::vector<std::string> linesOf(const std::string& text)
{
    std::vector<std::string> out;
    std::istringstream in(text);
    for (std::string line; std::getline(in, line);)
        out.push_back(line);
    return out;
}

// Paths that differ between checkouts are replaced before comparing.
std::string portable(std::string text)
{
    for (std::size_t at = text.find(kShipped); at != std::string::npos; at = text.find(kShipped))
        text.replace(at, kShipped.size(), "<hwprofiles>");
    return text;
}

// The first line that differs, or empty when the report equals the golden file.
std::string goldenDifference(const std::string& name, const std::string& actualText)
{
    const std::string path = kGolden + name;
    const std::string actual = portable(actualText);
    if (qEnvironmentVariableIsSet("SOLAR_UPDATE_GOLDEN")) {
        std::ofstream(path, std::ios::binary) << actual;
        return {};
    }
    std::ifstream file(path, std::ios::binary);
    if (!file)
        return path + ": missing (SOLAR_UPDATE_GOLDEN=1 writes it)";
    const std::string expected((std::istreambuf_iterator<char>(file)), std::istreambuf_iterator<char>());
    const auto want = linesOf(expected), got = linesOf(actual);
    for (std::size_t i = 0; i < std::max(want.size(), got.size()); ++i) {
        const std::string w = i < want.size() ? want[i] : "<end of file>", g = i < got.size() ? got[i] : "<end of report>";
        if (w != g)
            return path + ":" + std::to_string(i + 1) + ":\n  expected: " + w + "\n  actual:   " + g;
    }
    return {};
}

#define QCOMPARE_GOLDEN(name, text)                                                                                                        \
    do {                                                                                                                                   \
        const std::string why_ = goldenDifference(name, text);                                                                             \
        QVERIFY2(why_.empty(), why_.c_str());                                                                                              \
    } while (0)

} // namespace

class TestGolden : public QObject
{
    Q_OBJECT

    hw::HwRegistry m_registry;
    const hw::HwProfile* m_h100 = nullptr;
    AnalysisResult m_result;

private slots:
    void initTestCase()
    {
        m_registry = hw::loadHwRegistry({kShipped});
        m_h100 = m_registry.find("h100-sxm");
        QVERIFY(m_h100);
        ir::Program p = testutil::parseOk(testutil::readData("alir/mm_relu.alir"));
        p.file = "mm_relu.alir";
        AnalysisOptions o;
        o.sizes = {{"M", 256}, {"N", 192}, {"K", 320}};
        auto r = analyzeProgram(p, *m_h100, o);
        QVERIFY(r.hasValue());
        m_result = r.value();
    }

    void analysisTable()
    {
        const std::string text = report::analysisTable(m_result);
        // Independent of the golden: the work and the compulsory bytes by hand.
        QVERIFY2(text.find("work      15.7 MMAC, 31.5 MFLOP total, 49.2 Kop elementwise") != std::string::npos, text.c_str());
        const double compulsoryBytes = (256.0 * 320 + 320.0 * 192 + 256.0 * 192) * 4; // 770,048 B
        QCOMPARE(m_result.ladder.at(bounds::Level::Fused).bytes, compulsoryBytes);
        // fp32 under PyTorch's default runs on the SIMT fp32 units (66.9 TFLOP/s): the speed of light is their time.
        const double flops = 2.0 * 256 * 192 * 320 + 256 * 192;
        QVERIFY(std::abs(m_result.ladder.at(bounds::Level::Fused).seconds - flops / 66.9e12) < 1e-3 * flops / 66.9e12);
        QCOMPARE_GOLDEN("analysis.txt", text);
    }

    void insightsText() { QCOMPARE_GOLDEN("insights.txt", report::insightsText(m_result, insights::computeInsights(m_result))); }

    void inverseTable()
    {
        // Half the fused bound as the target: needs both more bandwidth and more compute at the current other one.
        const double target = m_result.ladder.at(bounds::Level::Fused).seconds / 2;
        const auto inv = bounds::solveInverse(m_result.digest, m_result.machine, m_result.options.policy, m_result.options.cache,
                                              bounds::Level::Fused, target);
        QCOMPARE_GOLDEN("inverse.txt", report::inverseTable(m_result, inv));
    }

    void comparisonTable()
    {
        const auto c = compareHardware(m_result, {m_h100, m_registry.find("a100-sxm"), m_registry.find("b200")});
        QCOMPARE_GOLDEN("compare.txt", report::comparisonTable(c));
    }

    void hardwareTable() { QCOMPARE_GOLDEN("hardware.txt", report::hwShowTable(*m_h100)); }

    void benchTable()
    {
        // Two problems by hand: one compared (measured 2x its fused bound), one that failed to trace.
        batch::SweepResult s;
        s.hardware = "h100-sxm";
        s.policy = "default";
        s.cache = "cold";
        s.wallSeconds = 12.5;
        batch::ProblemResult ok;
        ok.file = "level1/1_mm.py";
        ok.level = "level1";
        ok.status = batch::ProblemStatus::Ok;
        ok.boundsSeconds = {40e-6, 30e-6, 25e-6, 20e-6, 20e-6};
        ok.measuredSeconds = 80e-6;
        ok.validation = ValidationStatus::Validated;
        batch::ProblemResult bad;
        bad.file = "level2/7_broken.py";
        bad.level = "level2";
        bad.error = "trace failed: NameError at line 3";
        s.problems = {ok, bad};
        QCOMPARE_GOLDEN("bench.txt", report::sweepTable(s));
    }

    void measurementTable()
    {
        measure::Measurement m;
        m.file = "mm_relu.py";
        m.sizes = {{"M", 256}, {"N", 192}, {"K", 320}};
        m.seconds = 3 * m_result.ladder.at(bounds::Level::UnfusedPerKernel).seconds;
        m.runs = 5;
        m.threads = 2;
        m.device = "cpu";
        m.torchVersion = "2.13.0";
        m.analysis = m_result;
        QCOMPARE_GOLDEN("measure.txt", report::measurementTable(m));
    }
};

QTEST_GUILESS_MAIN(TestGolden)
#include "tst_golden.moc"
