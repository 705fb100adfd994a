// SPDX-License-Identifier: MIT
#include "render/pdfreport.h"
#include "render/enginetext.h"
#include "render/palette.h"
#include "render/reportpages.h"
#include "render/units.h"

#include "engine/analysis/comparison.h"
#include "engine/analysis/operators.h"
#include "engine/bounds/inverse.h"
#include "engine/bounds/machinechanges.h"
#include "engine/core/atomicwrite.h"
#include "engine/core/version.h"
#include "engine/report/analysisreport.h"
#include "engine/report/leastorderreport.h"
#include "render/figures.h"
#include "render/graphlayout.h"
#include "render/graphpainter.h"
#include "render/rooflinepainter.h"

#include <QAbstractTextDocumentLayout>
#include <QDateTime>
#include <QFileInfo>
#include <QPainter>
#include <QPdfWriter>
#include <QRegularExpression>
#include <QTextDocument>

#include <algorithm>
#include <cmath>

using solar::bounds::Level;

solar::insights::Insights ReportInput::insightsOrComputed() const
{
    return results.empty() || !results.front() ? solar::insights::Insights {} : extras.insightsFor(*results.front());
}

namespace {

QString esc(const std::string& s)
{
    return QString::fromStdString(s).toHtmlEscaped();
}

QString table(const QString& rows)
{
    return QStringLiteral("<table width=\"100%\" border=\"1\" cellspacing=\"0\" cellpadding=\"3\">") + rows + QStringLiteral("</table>");
}

// A number and its unit stay on one line in running text too ("1.1 ms", not "1.1" / "ms").
QString unitsUnbroken(const QString& html)
{
    static const QRegularExpression numberSpaceUnit(
        QStringLiteral("(\\d) (?=(?:[kKMGTPE]?(?:FLOP/s|FLOP|B/s|B|MAC|op|Hz)|[mµnp]?s)(?![\\w/]))"));
    QString out = html;
    return out.replace(numberSpaceUnit, QStringLiteral("\\1") + QChar(0x00A0));
}

// Cells are kept whole ("compute:simt_fp32", "3.35 TB/s": the column widens instead), except headers and those
// given in `wrap` (free text, which breaks between words only). Whole means nowrap on the cell itself: Qt sizes a
// column by its blocks' non-breakable lines and ignores nowrap on a span, and its line breaker breaks a number
// after its decimal separator ("6." / "42 MFLOP") in a squeezed column.
QString row(const QStringList& cells, bool header = false, const QList<int>& wrap = {})
{
    // A header row goes in <thead>: a page that continues the table repeats it (reportpages.h).
    QString r = header ? QStringLiteral("<thead><tr>") : QStringLiteral("<tr>");
    for (int i = 0; i < cells.size(); ++i) {
        const QString& c = cells[i];
        r += (header                 ? QStringLiteral("<th>")
                  : wrap.contains(i) ? QStringLiteral("<td>")
                                     : QStringLiteral("<td style=\"white-space: nowrap\">"))
            + c + (header ? QStringLiteral("</th>") : QStringLiteral("</td>"));
    }
    return r + (header ? QStringLiteral("</tr></thead>") : QStringLiteral("</tr>"));
}

QString changeValue(double value, const std::string& unit)
{
    return unit.empty() ? QLocale().toString(value, 'g', 4) : siText(value, unit.c_str());
}

// The numbers a what-if result was computed with beside the stock ones.
QString whatIfTable(const std::vector<solar::bounds::MachineChange>& changes)
{
    QString rows = row({QObject::tr("Quantity"), QObject::tr("Used (what-if)"), QObject::tr("Stock profile"), QObject::tr("Factor")}, true);
    for (const auto& c : changes)
        rows += row({QString::fromStdString(c.quantity), changeValue(c.used, c.unit), changeValue(c.stock, c.unit),
                     c.stock > 0 ? QStringLiteral("×") + factorText(c.used / c.stock) : QString()});
    return table(rows);
}

// Where an operator comes from: its op, module path and source line (frontends).
QString sourceCell(const solar::OperatorRow& o)
{
    QString text = esc(o.sourceOp);
    if (!o.modulePath.empty())
        text += QStringLiteral(" ") + QObject::tr("in %1").arg(esc(o.modulePath));
    if (o.sourceLine)
        text += QObject::tr(" line %1").arg(o.sourceLine);
    return text;
}

std::vector<solar::bounds::MachineChange> changesOf(const solar::AnalysisResult& r)
{
    return solar::bounds::machineChanges(r.machine, solar::bounds::machineFromProfile(r.hardware));
}

QString hardwareSection(const solar::hw::HwProfile& p)
{
    auto numberRow = [](const QString& what, const QString& value, const solar::hw::Number& n) {
        return row(
            {what, value,
             QStringLiteral("[") + esc(n.source) + QStringLiteral("]") + (n.note.empty() ? QString() : QLatin1Char(' ') + esc(n.note))},
            false, {2});
    };
    QString rows = row({QObject::tr("Quantity"), QObject::tr("Value"), QObject::tr("Source")}, true);
    rows += numberRow(QObject::tr("clock"), siText(p.clockHz.value, "Hz"), p.clockHz);
    for (const auto& peak : p.peaks)
        rows += numberRow(QString::fromLatin1(solar::hw::unitName(peak.unit).data()) + QLatin1Char(' ')
                              + QString::fromLatin1(solar::hw::precisionName(peak.precision).data()) + QObject::tr(" (dense)"),
                          siText(peak.flops.value, "FLOP/s"), peak.flops);
    rows += numberRow(QObject::tr("DRAM bandwidth"), siText(p.dramBandwidthBps.value, "B/s"), p.dramBandwidthBps);
    rows += numberRow(QObject::tr("DRAM capacity"), siText(p.dramCapacityBytes.value, "B"), p.dramCapacityBytes);
    rows += numberRow(QObject::tr("L2"), siText(p.l2Bytes.value, "B"), p.l2Bytes);
    rows += numberRow(QObject::tr("on-chip total"), siText(p.onchipBytes.value, "B"), p.onchipBytes);
    QString sources = QStringLiteral("<ul>");
    for (const auto& s : p.sources)
        sources += QStringLiteral("<li>[") + esc(s.key) + QStringLiteral("] ") + esc(s.citation)
            + (s.url.empty() ? QString() : QStringLiteral(" &lt;") + esc(s.url) + QStringLiteral("&gt;"))
            + (s.date.empty() ? QString() : QStringLiteral(" (") + esc(s.date) + QStringLiteral(")")) + QStringLiteral("</li>");
    sources += QStringLiteral("</ul>");
    return QStringLiteral("<h3>") + esc(p.name) + QStringLiteral(" (") + esc(p.id) + QStringLiteral(")</h3>") + table(rows) + sources;
}

QString hardwareSection(const solar::AnalysisResult& r)
{
    const auto changes = changesOf(r);
    QString html;
    if (!changes.empty())
        html += QObject::tr("<h3>%1: what-if values used</h3><p>The bounds for %1 were computed with these values, not the stock "
                            "ones listed after them.</p>")
                    .arg(esc(r.hardware.name))
            + whatIfTable(changes);
    return html + hardwareSection(r.hardware);
}

QString ladderSection(const solar::AnalysisResult& r, const std::optional<double>& measured)
{
    // Headroom only beside a measurement: an empty column would squeeze the others.
    QStringList header {QObject::tr("Level"),  QObject::tr("Bound"),      QObject::tr("Bottleneck"), QObject::tr("Compute"),
                        QObject::tr("Memory"), QObject::tr("DRAM bytes"), QObject::tr("FLOP/byte")};
    if (measured)
        header << QObject::tr("Headroom");
    QString rows = row(header, true);
    for (Level l : solar::bounds::kLevels) {
        const auto& x = r.ladder.at(l);
        QStringList cells {QString::fromLatin1(solar::bounds::levelShortName(l).data()) + QLatin1Char(' ')
                               + QString::fromLatin1(solar::bounds::levelName(l).data()),
                           secondsText(x.seconds),
                           bottleneckText(x.bottleneck).toHtmlEscaped(),
                           secondsText(x.computeSeconds),
                           secondsText(x.memorySeconds),
                           siText(x.bytes, "B"),
                           QLocale().toString(x.intensity, 'g', 4)};
        if (measured)
            cells << (x.seconds > 0 ? QLocale().toString(*measured / x.seconds, 'g', 3) + QStringLiteral("×") : QString());
        rows += row(cells, false, {0}); // "F0" and the level's name may go on two lines
    }
    const bool whatIf = !changesOf(r).empty();
    return QStringLiteral("<h3>") + esc(r.hardware.name) + (whatIf ? QObject::tr(" — what-if values") : QString()) + QStringLiteral("</h3>")
        + table(rows);
}

bool fail(QString* why, const QString& text)
{
    if (why)
        *why = text;
    return false;
}

} // namespace

bool paintReport(QPagedPaintDevice& pdf, const ReportInput& in, QString* why)
{
    if (in.results.empty() || !in.results.front())
        return fail(why, QObject::tr("nothing to report"));
    const solar::AnalysisResult& r = *in.results.front();

    // ---- text ----
    QString html = QStringLiteral("<html><body style=\"font-family: sans-serif; font-size: 9pt\">");
    html += QObject::tr("<h1>SOLAR Studio report</h1><p><b>Program:</b> %1 (%2)<br><b>Date:</b> %3<br><b>Tool:</b> SOLAR Studio %4<br>"
                        "<b>Frontend:</b> %5<br><b>Validation:</b> %6 — %7</p>")
                .arg(esc(r.program.name), in.sourceFile.toHtmlEscaped(), QDateTime::currentDateTimeUtc().toString(Qt::ISODate),
                     QString::fromLatin1(solar::kVersion), in.frontend.toHtmlEscaped(), validationLabelText(r.validation).toHtmlEscaped(),
                     esc(r.validation.details));
    if (!r.programNote.empty())
        html += QStringLiteral("<p>") + esc(r.programNote) + QStringLiteral("</p>");
    for (const auto& res : in.results) {
        const auto changes = changesOf(*res);
        if (changes.empty())
            continue;
        QStringList what;
        for (const auto& c : changes)
            what << QObject::tr("%1 %2 (stock %3)")
                        .arg(QString::fromStdString(c.quantity), changeValue(c.used, c.unit), changeValue(c.stock, c.unit));
        html += withPalette(QObject::tr("<p style=\"color:{caution}\"><b>What-if hardware:</b> the bounds for %1 use values that "
                                        "differ from its stock profile: %2. Both are listed under Hardware.</p>")
                                .arg(esc(res->hardware.name), what.join(QStringLiteral("; ")).toHtmlEscaped()));
    }
    html += QObject::tr("<p><b>Work:</b> %1 multiply-accumulates, %2 in total, %3 elementwise operations (1 MAC = 2 FLOP).</p>")
                .arg(siText(r.digest.totalMacs, "MAC"), siText(r.ladder.at(Level::Fused).flops, "FLOP"),
                     siText(r.digest.totalOtherOps, "op"));
    if (const auto order = solar::report::leastOrderLines(r); !order.empty()) {
        html += QObject::tr("<p><b>Least contraction order.</b> %1</p><ul>").arg(esc(order.front()));
        for (size_t i = 1; i < order.size(); ++i)
            html += QStringLiteral("<li>") + esc(order[i]) + QStringLiteral("</li>");
        html += QStringLiteral("</ul>");
    }

    html += QObject::tr(
                "<h2>Bound ladder</h2><p>Each level is a lower bound on the runtime; a measured time below one is a SOL violation.%1</p>")
                .arg(in.measuredSeconds ? QObject::tr(" Measured: %1; headroom = measured / bound.").arg(secondsText(*in.measuredSeconds))
                                        : QString());
    for (const auto& res : in.results)
        html += ladderSection(*res, in.measuredSeconds);
    if (in.measuredSeconds)
        for (Level l : solar::bounds::kLevels)
            if (*in.measuredSeconds < r.ladder.at(l).seconds)
                html += QObject::tr("<p><b>SOL violation</b> at %1: the measured time is below the bound.</p>")
                            .arg(QString::fromLatin1(solar::bounds::levelName(l).data()));

    if (in.results.size() > 1) {
        std::vector<const solar::hw::HwProfile*> profiles;
        for (const auto& res : in.results)
            profiles.push_back(&res->hardware);
        const auto c = solar::compareHardware(r, profiles);
        QString rows = row({QObject::tr("Profile"), QObject::tr("fused bound"), QObject::tr("speedup"), QObject::tr("bottleneck")}, true);
        for (const auto& col : c.profiles)
            rows += row({esc(col.name), secondsText(col.ladder.at(Level::Fused).seconds),
                         fixedText(col.speedup[static_cast<size_t>(Level::Fused)], 2) + QStringLiteral("×"),
                         bottleneckText(col.ladder.at(Level::Fused).bottleneck).toHtmlEscaped()});
        html += QObject::tr("<h2>Cross-hardware comparison</h2><p>Baseline: %1.</p>").arg(esc(c.baseline)) + table(rows);
        if (!c.bottleneckMoves.empty()) {
            html += QObject::tr("<p>Where the bottleneck moves:</p><ul>");
            for (const auto& m : c.bottleneckMoves)
                html += QStringLiteral("<li>") + bottleneckMoveText(m).toHtmlEscaped() + QStringLiteral("</li>");
            html += QStringLiteral("</ul>");
        }
    }

    auto ops = solar::operatorRows(r);
    std::stable_sort(ops.begin(), ops.end(), [](const auto& a, const auto& b) {
        return a.share[static_cast<size_t>(Level::Fused)] > b.share[static_cast<size_t>(Level::Fused)];
    });
    QString rows = row({QObject::tr("Operator"), QObject::tr("Kind"), QObject::tr("Source"), QObject::tr("FLOPs"), QObject::tr("Bytes"),
                        QObject::tr("F0 time"), QObject::tr("Share (fused)"), QObject::tr("Bound by")},
                       true);
    for (size_t i = 0; i < ops.size() && i < 15; ++i) {
        const auto& o = ops[i];
        rows += row({esc(o.name), esc(o.kind), sourceCell(o), siText(o.flops, "FLOP"), siText(o.bytes, "B"), secondsText(o.seconds[0]),
                     fixedText(100 * o.share[static_cast<size_t>(Level::Fused)], 1) + QLatin1Char('%'),
                     o.computeBound ? QObject::tr("compute") : QObject::tr("memory")},
                    false, {2});
    }
    html += QObject::tr("<h2>Top operators</h2><p>%1 operators; the 15 with the largest share of the fused bound.</p>").arg(ops.size())
        + table(rows);

    // Optimisation opportunities: the ten largest with their evidence.
    {
        const solar::insights::Insights insights = in.insightsOrComputed();
        html += QObject::tr("<h2>Optimisation opportunities</h2><p>Taken from %1 (%2) down to the speed of light %3: %4 recoverable in "
                            "all; the kinds are disjoint segments of the bound ladder and alternatives count once, so the savings add "
                            "up.</p>")
                    .arg(secondsText(insights.referenceSeconds),
                         insights.reference == "measured" ? QObject::tr("measured: %1").arg(esc(insights.measuredSource))
                                                          : QObject::tr("the eager model; no measurement"),
                         secondsText(insights.solSeconds), secondsText(insights.totalSavedSeconds));
        html += QObject::tr("<p>The total is at most %1: the reference down to the lowest speed of light, %2 (fused%3).</p>")
                    .arg(secondsText(std::max(0.0, insights.referenceSeconds - insights.lowestSolSeconds)),
                         secondsText(insights.lowestSolSeconds),
                         insights.lowestSolSeconds < insights.solSeconds ? QObject::tr(", with the fastest precision alternative listed")
                                                                         : QString());
        if (in.extras.trace)
            html += QObject::tr("<p>Profiler trace %1: %2 of ATen time matched to the operators, %3 not.</p>")
                        .arg(esc(in.extras.trace->file), secondsText(in.extras.trace->matchedSeconds),
                             secondsText(in.extras.trace->unmatchedSeconds));
        if (insights.opportunities.empty()) {
            html += QObject::tr("<p>No opportunity above 0.5 % of the reference.</p>");
        } else {
            QString orows = row({QObject::tr("#"), QObject::tr("Kind"), QObject::tr("Saved"), QObject::tr("Lines"),
                                 QObject::tr("Opportunity and evidence")},
                                true);
            for (size_t i = 0; i < insights.opportunities.size() && i < 10; ++i) {
                const auto& o = insights.opportunities[i];
                QStringList lines;
                for (int l : o.lines)
                    lines << QString::number(l);
                orows += row({QString::number(i + 1), esc(std::string(solar::insights::kindName(o.kind))), secondsText(o.savedSeconds),
                              lines.join(QLatin1Char(',')),
                              QStringLiteral("<b>") + esc(o.title) + QStringLiteral("</b><br>") + esc(o.explanation)},
                             false, {3, 4});
            }
            html += table(orows);
        }
    }

    if (in.targetSeconds) {
        const auto inv
            = solar::bounds::solveInverse(r.digest, r.machine, r.options.policy, r.options.cache, Level::Fused, *in.targetSeconds);
        html += QObject::tr("<h2>Inverse roofline</h2><p>Target %1 at the fused level (now %2) on %3:</p><ul>")
                    .arg(secondsText(*in.targetSeconds), secondsText(inv.currentSeconds), esc(r.hardware.name));
        html += QStringLiteral("<li>")
            + (inv.minDramBps ? QObject::tr("DRAM bandwidth needed at today's compute: %1").arg(siText(*inv.minDramBps, "B/s"))
                              : QObject::tr("no bandwidth reaches it: %1").arg(esc(inv.dramWhy)))
            + QStringLiteral("</li><li>")
            + (inv.minComputeScale
                   ? QObject::tr("compute needed at today's bandwidth: ×%1 on every peak").arg(factorText(*inv.minComputeScale))
                   : QObject::tr("no compute reaches it: %1").arg(esc(inv.computeWhy)))
            + QStringLiteral("</li><li>")
            + QObject::tr("necessary whatever the rest: %1 and ×%2 compute")
                  .arg(siText(inv.necessaryDramBps, "B/s"))
                  .arg(factorText(inv.necessaryComputeScale))
            + QStringLiteral("</li></ul>");
    }

    html += QObject::tr("<h2>Coverage and assumptions</h2><p>Coverage: %1.</p>")
                .arg(!r.coverage.complete ? QObject::tr("<b>INCOMPLETE</b> — see below")
                         : r.coverage.approximate()
                         ? QObject::tr("<b>approximate</b> — every operation is counted, some as lower bounds (below)")
                         : QObject::tr("complete — every operation is counted"));
    QString ledger;
    for (const auto& item : r.coverage.items)
        ledger += QStringLiteral("<li>")
            + (item.counted ? QObject::tr("approximated (a lower bound): ") : QObject::tr("<b>not counted</b>: ")) + esc(item.what)
            + (item.sourceLine > 0 ? QObject::tr(" (line %1): ").arg(item.sourceLine) : QObject::tr(" (ALIR line %1): ").arg(item.line))
            + esc(item.reason) + QStringLiteral("</li>");
    for (const auto& n : r.ladder.notes)
        ledger += QStringLiteral("<li>") + engineText(n).toHtmlEscaped() + QStringLiteral("</li>");
    for (const auto& a : solar::bounds::uncoveredAssumptions())
        ledger += QStringLiteral("<li>") + QObject::tr("Not covered by any bound: ") + esc(a) + QStringLiteral("</li>");
    html += QObject::tr("<ul><li>Precision policy: %1</li><li>Cache assumption: %2</li><li>On-chip capacity: %3 (%4)</li>"
                        "<li>Peaks are dense (never 2:4 sparse); each number's source is listed under Hardware.</li>%5</ul>")
                .arg(QString::fromLatin1(solar::bounds::policyName(r.options.policy).data()),
                     QString::fromLatin1(solar::bounds::cacheName(r.options.cache).data()), siText(r.machine.onchipBytes, "B"),
                     esc(r.hardware.name), ledger);

    html += QObject::tr("<h2>Hardware</h2>");
    for (const auto& res : in.results)
        html += hardwareSection(*res);
    html += QStringLiteral("</body></html>");

    // ---- layout and pages ----
    QPainter painter;
    if (!painter.begin(&pdf))
        return fail(why, QObject::tr("cannot paint the report"));
    const QRectF page = pdf.pageLayout().paintRectPixels(pdf.logicalDpiX());
    const double footer = 0.035 * page.height();
    const QSizeF body(page.width(), page.height() - footer);

    // Laid out as one tall page and cut where nothing is split (reportpages.h), not by QTextDocument's pages.
    QTextDocument doc;
    doc.documentLayout()->setPaintDevice(&pdf);
    doc.setTextWidth(body.width());
    // Break lines between words only (the default also breaks inside a word that does not fit its cell,
    // "unfused_per_ker / nel"): a table column widens instead.
    QTextOption wrap = doc.defaultTextOption();
    wrap.setWrapMode(QTextOption::WordWrap);
    doc.setDefaultTextOption(wrap);
    doc.setHtml(unitsUnbroken(html));

    // Figures: the roofline (one page) and the einsum graph. The graph is drawn at life size (8 pt text) in tiles,
    // every operator on some page; one too big for kMaxGraphPages is shown as a one-page overview instead, every
    // operator then listed in "All operators", and the report says so.
    const solar::RooflinePlot plot = rooflinePlotOf(r, Level::UnfusedPerKernel);
    GraphLayout layout = layoutGraph(r.graph);
    constexpr int kMaxGraphPages = 16;
    constexpr double kGraphFontPoints = 8;
    const double lifeScale = pdf.logicalDpiX() / 72.0; // layout points -> device pixels
    const QRectF graphBounds = layout.bounds.adjusted(-4, -4, 4, 4);
    const QSizeF tile(body.width() / lifeScale, (body.height() - footer * 2) / lifeScale); // in layout points
    const int tileColumns = layout.error.isEmpty() ? std::max(1, static_cast<int>(std::ceil(graphBounds.width() / tile.width()))) : 0;
    const int tileRows = layout.error.isEmpty() ? std::max(1, static_cast<int>(std::ceil(graphBounds.height() / tile.height()))) : 0;
    const bool tiled = tileColumns * tileRows <= kMaxGraphPages;
    const int graphPages = layout.error.isEmpty() ? (tiled ? tileColumns * tileRows : 1) : 0;
    if (!tiled) {
        // Appended to the text: the complete listing the overview stands in for.
        QString listing = row({QObject::tr("Operator"), QObject::tr("Kind"), QObject::tr("Equation"), QObject::tr("Source"),
                               QObject::tr("FLOPs"), QObject::tr("Bytes")},
                              true);
        for (const auto& o : solar::operatorRows(r))
            listing += row({esc(o.name), esc(o.kind), esc(o.equation), sourceCell(o), siText(o.flops, "FLOP"), siText(o.bytes, "B")}, false,
                           {2, 3});
        html.insert(html.lastIndexOf(QStringLiteral("</body>")),
                    QObject::tr("<h2>All operators</h2><p>The einsum graph's drawing would take %1 pages at a readable size; the "
                                "report shows it as a one-page overview (boxes and edges, no labels) and lists every one of its "
                                "%2 operators here.</p>")
                            .arg(tileColumns * tileRows)
                            .arg(r.graph.nodes.size())
                        + table(listing));
        doc.setHtml(unitsUnbroken(html));
    }
    const std::vector<ReportPage> textPages = paginateReport(doc, body.height());
    const int allTextPages = static_cast<int>(textPages.size());
    const int total = allTextPages + 1 + graphPages;
    int pageNumber = 0;
    auto finishPage = [&] {
        ++pageNumber;
        painter.save();
        painter.setPen(inkColour());
        QFont f = painter.font();
        f.setPointSizeF(8);
        painter.setFont(f);
        painter.drawText(
            QRectF(0, page.height() - footer * 0.8, page.width(), footer * 0.8), Qt::AlignCenter,
            QObject::tr("SOLAR Studio report — %1 — Page %2 of %3").arg(QString::fromStdString(r.program.name)).arg(pageNumber).arg(total));
        painter.restore();
        if (pageNumber < total)
            pdf.newPage();
    };
    for (const ReportPage& textPage : textPages) {
        paintReportPage(painter, doc, textPage);
        finishPage();
    }
    QFont heading = painter.font();
    heading.setPointSizeF(12);
    heading.setBold(true);
    painter.setFont(heading);
    painter.drawText(QRectF(0, 0, body.width(), footer * 2), Qt::AlignLeft | Qt::TextWordWrap,
                     QObject::tr("Roofline (per-kernel level, %1)").arg(QString::fromStdString(r.hardware.name)));
    {
        // The figure in its own 1400 x 1000 coordinates, scaled into the page (vector on a PDF device), its text
        // enlarged so that it prints at 8 pt or more.
        const QRectF target(0, footer * 2, body.width(), body.height() - footer * 2);
        const QSizeF figure(1400, std::min(1400 * target.height() / target.width(), 1400.0)); // fills the page's width
        const double scale = std::min(target.width() / figure.width(), target.height() / figure.height());
        const double labelPoints = 12 * std::min(figure.width() / 1200.0, figure.height() / 800.0) * scale * 72.0 / pdf.logicalDpiY();
        painter.save();
        painter.translate(target.topLeft());
        painter.scale(scale, scale);
        paintRoofline(painter, figure, plot, rooflineTitle(r, Level::UnfusedPerKernel, plot), {}, -1, std::max(1.0, 8.5 / labelPoints));
        painter.restore();
    }
    finishPage();
    if (graphPages > 0) {
        const QString name = QObject::tr("Einsum graph (%1 operators)").arg(layout.nodes.size());
        if (tiled) {
            for (int row = 0; row < tileRows; ++row)
                for (int column = 0; column < tileColumns; ++column) {
                    painter.setFont(heading);
                    painter.drawText(QRectF(0, 0, body.width(), footer * 2), Qt::AlignLeft | Qt::TextWordWrap,
                                     graphPages == 1 ? name
                                                     : QObject::tr("%1, page %2 of %3 (row %4, column %5)")
                                                           .arg(name)
                                                           .arg(row * tileColumns + column + 1)
                                                           .arg(graphPages)
                                                           .arg(row + 1)
                                                           .arg(column + 1));
                    const QRectF source(graphBounds.left() + column * tile.width(), graphBounds.top() + row * tile.height(), tile.width(),
                                        tile.height());
                    paintGraphPart(painter, r, layout, source, QRectF(0, footer * 2, tile.width() * lifeScale, tile.height() * lifeScale),
                                   kGraphFontPoints, false);
                    finishPage();
                }
        } else {
            painter.setFont(heading);
            painter.drawText(QRectF(0, 0, body.width(), footer * 2), Qt::AlignLeft | Qt::TextWordWrap,
                             QObject::tr("%1: overview; every operator is listed under All operators").arg(name));
            paintGraphPart(painter, r, layout, graphBounds, QRectF(0, footer * 2, body.width(), body.height() - footer * 2), 0, false);
            finishPage();
        }
    }
    painter.end();
    return true;
}

bool writePdfReport(const QString& path, const ReportInput& in, QString* why)
{
    if (in.results.empty() || !in.results.front())
        return fail(why, QObject::tr("nothing to report"));
    QString paintWhy;
    const bool ok = solar::writeFileAtomically(
        path,
        [&](QIODevice& device) {
            QPdfWriter pdf(&device);
            pdf.setPageSize(QPageSize(QPageSize::A4));
            pdf.setPageMargins(QMarginsF(15, 15, 15, 18), QPageLayout::Millimeter);
            pdf.setTitle(QObject::tr("SOLAR Studio report: %1").arg(QString::fromStdString(in.results.front()->program.name)));
            pdf.setCreator(QStringLiteral("SOLAR Studio ") + QString::fromLatin1(solar::kVersion));
            pdf.setResolution(300);
            return paintReport(pdf, in, &paintWhy);
        },
        why);
    if (!ok && !paintWhy.isEmpty() && why)
        *why = paintWhy;
    return ok;
}
