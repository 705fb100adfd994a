// SPDX-License-Identifier: MIT
// The PDF report read back with poppler: what it says (what-if values, every operator, the overview and listing of
// a large graph) and how its pages are cut (issue 30, item 12): a table row never split over two pages, a table
// continued on a new page under its header again, a heading never the last line of a page, a figure's heading
// whole, and a number never broken from its digits or its unit — in English and in German number format.
#include "engine/analysis/analysis.h"
#include "engine/hw/registry.h"
#include "engine/ir/parser.h"
#include "render/pdfreport.h"

#include <QGuiApplication>
#include <QLocale>
#include <QProcess>
#include <QRegularExpression>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>

#include <algorithm>
#include <fstream>
#include <sstream>

namespace {

std::shared_ptr<const solar::AnalysisResult> analysed(const std::string& file, const std::string& profile = "h100-sxm")
{
    std::ifstream in(std::string(SOLAR_TEST_DATA) + "/alir/" + file);
    std::stringstream text;
    text << in.rdbuf();
    const auto registry = solar::hw::loadDefaultHwRegistry();
    const auto program = solar::ir::parseProgram(text.str(), file);
    auto r = solar::analyzeProgram(*program, *registry.find(profile));
    return std::make_shared<solar::AnalysisResult>(std::move(r).value());
}

QString run(const QString& program, const QStringList& arguments)
{
    QProcess p;
    p.start(program, arguments);
    p.waitForFinished(120000);
    // No-break spaces and word joiners keep numbers whole on the page, and the font joins "fl": read back as plain
    // text (compatibility normalisation), they are spaces, nothing and two letters.
    return QString::fromUtf8(p.readAllStandardOutput()).normalized(QString::NormalizationForm_KC).remove(QChar(0x2060));
}

QString plainText(const QString& pdf)
{
    return run(QStringLiteral("pdftotext"), {pdf, QStringLiteral("-")});
}

struct Word
{
    double x0 = 0, y0 = 0, x1 = 0, y1 = 0;
    QString text;
};

// A line as the eye reads it: the words of one page at one baseline, left to right, over every table column.
struct Row
{
    int page = 0;
    double y = 0, left = 0, height = 0;
    QString text;
};

// poppler's word boxes (pdftotext -bbox), grouped into rows per page.
std::vector<std::vector<Row>> rowsOf(const QString& pdf)
{
    const QString xml = run(QStringLiteral("pdftotext"), {QStringLiteral("-bbox"), pdf, QStringLiteral("-")});
    static const QRegularExpression pageTag(QStringLiteral("<page "));
    static const QRegularExpression wordTag(
        QStringLiteral("<word xMin=\"([-\\d.]+)\" yMin=\"([-\\d.]+)\" xMax=\"([-\\d.]+)\" yMax=\"([-\\d.]+)\">([^<]*)</word>"));
    std::vector<std::vector<Row>> pages;
    const QStringList pageTexts = xml.split(pageTag);
    for (qsizetype p = 1; p < pageTexts.size(); ++p) {
        std::vector<Word> words;
        for (auto it = wordTag.globalMatch(pageTexts[p]); it.hasNext();) {
            const auto m = it.next();
            QString text = m.captured(5);
            text.replace(QStringLiteral("&lt;"), QStringLiteral("<")).replace(QStringLiteral("&gt;"), QStringLiteral(">"));
            text.replace(QStringLiteral("&quot;"), QStringLiteral("\"")).replace(QStringLiteral("&apos;"), QStringLiteral("'"));
            text.replace(QStringLiteral("&amp;"), QStringLiteral("&"));
            words.push_back({m.captured(1).toDouble(), m.captured(2).toDouble(), m.captured(3).toDouble(), m.captured(4).toDouble(), text});
        }
        std::sort(words.begin(), words.end(), [](const Word& a, const Word& b) { return a.y1 < b.y1 || (a.y1 == b.y1 && a.x0 < b.x0); });
        std::vector<Row> rows;
        std::vector<std::vector<Word>> grouped;
        for (const Word& w : words) {
            if (grouped.empty() || std::abs(grouped.back().front().y1 - w.y1) > 1.5)
                grouped.push_back({});
            grouped.back().push_back(w);
        }
        for (auto& g : grouped) {
            std::sort(g.begin(), g.end(), [](const Word& a, const Word& b) { return a.x0 < b.x0; });
            Row r {static_cast<int>(p), g.front().y1, g.front().x0, 0, {}};
            QStringList texts;
            for (const Word& w : g) {
                r.height = std::max(r.height, w.y1 - w.y0);
                texts << w.text;
            }
            r.text = texts.join(QLatin1Char(' '));
            rows.push_back(r);
        }
        pages.push_back(rows);
    }
    return pages;
}

// Opportunities whose explanations run over several lines, more of them than one page holds.
solar::insights::Insights longInsights(const solar::AnalysisResult& r)
{
    solar::insights::Insights in = solar::report::ReportExtras {}.insightsFor(r);
    in.opportunities.clear();
    for (int i = 0; i < 10; ++i) {
        solar::insights::Opportunity o;
        o.kind = solar::insights::Kind::Fusion;
        o.title = "opportunity number " + std::to_string(i + 1);
        for (int w = 0; w < 70 + 9 * i; ++w)
            o.explanation += "evidence" + std::to_string(w) + " ";
        o.explanation += "end" + std::to_string(i + 1) + ".";
        o.savedSeconds = 1e-6 * (10 - i);
        o.lines = {1, 2, 3};
        in.opportunities.push_back(o);
    }
    return in;
}

} // namespace

class TestPdfReport : public QObject
{
    Q_OBJECT

private slots:
    // The PDF report (issue 14, items 3, 4, 11), read back with poppler: a what-if result says so on its cover and
    // prints the values used beside the stock ones; every operator of a small graph is on a graph page; a graph too
    // big to draw readably is an overview plus a listing of every operator, and the report says so; table cells
    // never break inside a word.
    void reportWhatIfGraphAndTables()
    {
        if (QStandardPaths::findExecutable(QStringLiteral("pdftotext")).isEmpty())
            QSKIP("poppler-utils (pdftotext) not installed");
        QTemporaryDir dir;
        auto textOf = [&](const ReportInput& in) -> QString {
            const QString pdf = dir.filePath(QStringLiteral("r.pdf"));
            QString why;
            if (!writePdfReport(pdf, in, &why))
                return QStringLiteral("FAILED: ") + why;
            return plainText(pdf);
        };
        const auto stock = analysed("mlp_softmax.alir");
        ReportInput in;
        in.results = {stock};
        const QString plain = textOf(in);
        QVERIFY2(!plain.contains(QStringLiteral("What-if")) && !plain.contains(QStringLiteral("what-if")), qPrintable(plain.left(400)));
        for (const auto& n : stock->graph.nodes)
            QVERIFY2(plain.count(QString::fromStdString(n.name)) >= 1, n.name.c_str());
        for (solar::bounds::Level l : solar::bounds::kLevels) {
            QVERIFY2(plain.contains(QString::fromStdString(stock->ladder.at(l).bottleneck)), stock->ladder.at(l).bottleneck.c_str());
            QVERIFY2(plain.contains(QString::fromLatin1(solar::bounds::levelName(l).data())), solar::bounds::levelName(l).data());
        }

        // Sliders at 8 TB/s DRAM: the cover says what-if, and both 8 TB/s and the stock 3.35 TB/s are printed.
        solar::bounds::MachineModel fast = stock->machine;
        fast.dramBps = 8e12;
        in.results = {std::make_shared<solar::AnalysisResult>(solar::reSolve(*stock, fast))};
        const QString whatIf = textOf(in);
        QVERIFY2(whatIf.contains(QStringLiteral("What-if hardware")), qPrintable(whatIf.left(600)));
        QVERIFY(whatIf.indexOf(QStringLiteral("What-if hardware")) < whatIf.indexOf(QStringLiteral("Bound ladder")));
        QVERIFY(whatIf.contains(QStringLiteral("DRAM bandwidth 8 TB/s (stock 3.35 TB/s)")));
        QVERIFY(whatIf.contains(QStringLiteral("what-if values used")));

        // 400 chained operators: too tall to draw readably on 16 pages.
        std::string alir = "kernel chain(N=64) {\n  in X: f32[N];\n  out Y: f32[N];\n";
        for (int i = 0; i < 399; ++i)
            alir += "  tmp T" + std::to_string(i) + ": f32[N];\n";
        alir += "  for i in 0..N { T0[i] = X[i] + 1; }\n";
        for (int i = 1; i < 399; ++i)
            alir += "  for i in 0..N { T" + std::to_string(i) + "[i] = T" + std::to_string(i - 1) + "[i] * 2; }\n";
        alir += "  for i in 0..N { Y[i] = T398[i] + 1; }\n}\n";
        const auto program = solar::ir::parseProgram(alir, "chain.alir");
        QVERIFY(program);
        const auto registry = solar::hw::loadDefaultHwRegistry();
        auto big = solar::analyzeProgram(*program, *registry.find("h100-sxm"));
        QVERIFY(big);
        QCOMPARE(big->graph.nodes.size(), size_t(400));
        in.results = {std::make_shared<solar::AnalysisResult>(std::move(big).value())};
        const QString listing = textOf(in);
        QVERIFY2(listing.contains(QStringLiteral("All operators")), qPrintable(listing.left(400)));
        QVERIFY(listing.contains(QStringLiteral("overview")));
        for (const auto& n : in.results.front()->graph.nodes)
            QVERIFY2(listing.contains(QString::fromStdString(n.name)), n.name.c_str());
    }

    // Rows, headings and numbers on every page (issue 30, item 12).
    void pagesKeepRowsHeadingsAndNumbersWhole()
    {
        if (QStandardPaths::findExecutable(QStringLiteral("pdftotext")).isEmpty())
            QSKIP("poppler-utils (pdftotext) not installed");
        for (const QLocale& locale : {QLocale(QLocale::English, QLocale::UnitedStates), QLocale(QLocale::German, QLocale::Germany)}) {
            QLocale::setDefault(locale);
            QTemporaryDir dir;
            const QString pdf = dir.filePath(QStringLiteral("r.pdf"));
            ReportInput in;
            // A compute-bound GEMM on H100 PCIe: the ladder's widest cells ("compute:simt_fp32"), where Qt broke "1.16 ms".
            const auto result = analysed("matmul_large.alir", "h100-pcie");
            in.results = {result};
            in.measuredSeconds = 1.234e-3; // the ladder's widest form: a headroom column
            in.targetSeconds = 1e-6;
            in.extras.insights = longInsights(*result);
            QString why;
            QVERIFY2(writePdfReport(pdf, in, &why), qPrintable(why));
            const auto pages = rowsOf(pdf);
            QVERIFY(pages.size() > 3);

            // The text pages come before the roofline's.
            size_t textPages = 0;
            while (textPages < pages.size()
                   && !(pages[textPages].size() > 0 && pages[textPages].front().text.startsWith(QStringLiteral("Roofline"))))
                ++textPages;
            QVERIFY2(textPages >= 3 && textPages < pages.size(),
                     qPrintable(QStringLiteral("%1 of %2 pages before the roofline").arg(textPages).arg(pages.size())));

            std::vector<double> heights;
            std::vector<Row> all;
            for (size_t p = 0; p < textPages; ++p)
                for (const Row& r : pages[p])
                    if (!r.text.contains(QStringLiteral("Page ")) || !r.text.contains(QStringLiteral(" of "))) { // not the footer
                        all.push_back(r);
                        heights.push_back(r.height);
                    }
            std::sort(heights.begin(), heights.end());
            const double body = heights[heights.size() / 2];
            auto isHeading = [&](const Row& r) { return r.height > 1.25 * body; };

            static const QRegularExpression bareNumber(QStringLiteral("(^|\\s)\\d+[.,](\\s|$)"));
            static const QRegularExpression leadingUnit(
                QStringLiteral("^(?:[kKMGTPE]?(?:FLOP/s|FLOP|B/s|B|MAC)|[kKMG]op|[mµnp]?s)(\\s|$)"));
            for (size_t i = 0; i < all.size(); ++i) {
                const Row& r = all[i];
                // A number is never broken from its digits or its unit.
                QVERIFY2(!bareNumber.match(r.text).hasMatch(), qPrintable(QStringLiteral("page %1: '%2'").arg(r.page).arg(r.text)));
                QVERIFY2(!leadingUnit.match(r.text).hasMatch(), qPrintable(QStringLiteral("page %1: '%2'").arg(r.page).arg(r.text)));
                // A heading is never a page's last line.
                const bool lastOnPage = i + 1 == all.size() || all[i + 1].page != r.page;
                QVERIFY2(!(lastOnPage && isHeading(r)), qPrintable(QStringLiteral("page %1 ends with '%2'").arg(r.page).arg(r.text)));
            }

            // The opportunities table: rows 1..10 in order, each begun in the first column and ended on its page; a page
            // it goes on to starts with its header again.
            const QString header = QStringLiteral("# Kind Saved Lines Opportunity and evidence");
            size_t at = 0;
            while (at < all.size() && all[at].text != header)
                ++at;
            QVERIFY2(at < all.size(), "no opportunities table");
            const double firstColumn = all[at].left;
            int next = 1;
            int pageBreaks = 0;
            std::vector<int> begunOn(12, -1); // the page each row begins on
            for (size_t i = at + 1; i < all.size() && next <= 11; ++i) {
                const Row& r = all[i];
                if (isHeading(r))
                    break; // the next section
                if (r.page != all[i - 1].page) {
                    ++pageBreaks;
                    QCOMPARE(r.text, header); // the header again, then a row's beginning
                    QVERIFY(i + 1 < all.size());
                    const Row& first = all[i + 1];
                    QVERIFY2(std::abs(first.left - firstColumn) < 3 && first.text.startsWith(QString::number(next) + QLatin1Char(' ')),
                             qPrintable(QStringLiteral("page %1 goes on with '%2', not row %3").arg(first.page).arg(first.text).arg(next)));
                    continue;
                }
                if (std::abs(r.left - firstColumn) < 3 && r.text.startsWith(QString::number(next) + QLatin1Char(' ')))
                    begunOn[static_cast<size_t>(next++)] = r.page;
                // A row's last words are on the page it began on.
                static const QRegularExpression ending(QStringLiteral("end(\\d+)\\."));
                if (const auto m = ending.match(r.text); m.hasMatch())
                    QCOMPARE(r.page, begunOn[static_cast<size_t>(m.captured(1).toInt())]);
            }
            QCOMPARE(next, 11);
            QVERIFY2(pageBreaks >= 1, "the table fits on one page: the test shows nothing");
        }
        QLocale::setDefault(QLocale(QLocale::English, QLocale::UnitedStates));
    }

    // A figure page's heading is whole, however long (a 5,000-operator graph's "… listed under All operators").
    void figureHeadingsAreWhole()
    {
        if (QStandardPaths::findExecutable(QStringLiteral("pdftotext")).isEmpty())
            QSKIP("poppler-utils (pdftotext) not installed");
        std::string alir = "kernel chain(N=64) {\n  in X: f32[N];\n  out Y: f32[N];\n";
        const int n = 5000;
        for (int i = 0; i < n - 1; ++i)
            alir += "  tmp T" + std::to_string(i) + ": f32[N];\n";
        alir += "  for i in 0..N { T0[i] = X[i] + 1; }\n";
        for (int i = 1; i < n - 1; ++i)
            alir += "  for i in 0..N { T" + std::to_string(i) + "[i] = T" + std::to_string(i - 1) + "[i] * 2; }\n";
        alir += "  for i in 0..N { Y[i] = T" + std::to_string(n - 2) + "[i] + 1; }\n}\n";
        const auto program = solar::ir::parseProgram(alir, "chain.alir");
        QVERIFY(program);
        const auto registry = solar::hw::loadDefaultHwRegistry();
        auto big = solar::analyzeProgram(*program, *registry.find("h100-pcie"));
        QVERIFY(big);
        ReportInput in;
        in.results = {std::make_shared<solar::AnalysisResult>(std::move(big).value())};
        QTemporaryDir dir;
        const QString pdf = dir.filePath(QStringLiteral("big.pdf"));
        QVERIFY(writePdfReport(pdf, in, nullptr));
        const QString text = plainText(pdf).simplified();
        QVERIFY2(text.contains(QStringLiteral("Einsum graph (5000 operators): overview; every operator is listed under All operators")),
                 qPrintable(text.right(300)));
    }
};

int main(int argc, char** argv)
{
    QGuiApplication app(argc, argv);
    TestPdfReport test;
    return QTest::qExec(&test, argc, argv);
}
#include "tst_pdfreport.moc"
