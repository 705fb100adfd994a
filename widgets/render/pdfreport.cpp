// SPDX-License-Identifier: MIT
#include "widgets/render/pdfreport.h"
#include "widgets/render/units.h"

#include "engine/analysis/operators.h"
#include "engine/bounds/inverse.h"
#include "engine/core/atomicwrite.h"
#include "engine/core/version.h"
#include "engine/report/analysisreport.h"
#include "engine/report/comparison.h"
#include "widgets/render/figures.h"
#include "widgets/render/graphlayout.h"
#include "widgets/render/graphpainter.h"
#include "widgets/render/rooflinepainter.h"

#include <QAbstractTextDocumentLayout>
#include <QDateTime>
#include <QFileInfo>
#include <QPainter>
#include <QPdfWriter>
#include <QTextDocument>

#include <algorithm>

using solar::bounds::Level;

namespace {

QString esc(const std::string& s)
{
    return QString::fromStdString(s).toHtmlEscaped();
}

QString row(const QStringList& cells, bool header = false)
{
    QString r = QStringLiteral("<tr>");
    for (const QString& c : cells)
        r += (header ? QStringLiteral("<th>") : QStringLiteral("<td>")) + c + (header ? QStringLiteral("</th>") : QStringLiteral("</td>"));
    return r + QStringLiteral("</tr>");
}

QString table(const QString& rows)
{
    return QStringLiteral("<table width=\"100%\" border=\"1\" cellspacing=\"0\" cellpadding=\"3\">") + rows + QStringLiteral("</table>");
}

QString hardwareSection(const solar::hw::HwProfile& p)
{
    auto numberRow = [](const QString& what, const QString& value, const solar::hw::Number& n) {
        return row(
            {what, value,
             QStringLiteral("[") + esc(n.source) + QStringLiteral("]") + (n.note.empty() ? QString() : QLatin1Char(' ') + esc(n.note))});
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

QString ladderSection(const solar::AnalysisResult& r, const std::optional<double>& measured)
{
    QString rows = row({QObject::tr("Level"), QObject::tr("Bound"), QObject::tr("Bottleneck"), QObject::tr("Compute"),
                        QObject::tr("Memory"), QObject::tr("DRAM bytes"), QObject::tr("FLOP/byte"), QObject::tr("Headroom")},
                       true);
    for (Level l : solar::bounds::kLevels) {
        const auto& x = r.ladder.at(l);
        rows += row({QString::fromLatin1(solar::bounds::levelShortName(l).data()) + QLatin1Char(' ')
                         + QString::fromLatin1(solar::bounds::levelName(l).data()),
                     secondsText(x.seconds), esc(x.bottleneck), secondsText(x.computeSeconds), secondsText(x.memorySeconds),
                     siText(x.bytes, "B"), QLocale().toString(x.intensity, 'g', 4),
                     measured && x.seconds > 0 ? fixedText(*measured / x.seconds, 2) + QStringLiteral("×") : QString()});
    }
    return QStringLiteral("<h3>") + esc(r.hardware.name) + QStringLiteral("</h3>") + table(rows);
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
                     QString::fromLatin1(solar::kVersion), in.frontend.toHtmlEscaped(), esc(r.validation.statusName()),
                     esc(r.validation.details));
    if (!r.programNote.empty())
        html += QStringLiteral("<p>") + esc(r.programNote) + QStringLiteral("</p>");
    html += QObject::tr("<p><b>Work:</b> %1 multiply-accumulates, %2 in total, %3 elementwise operations (1 MAC = 2 FLOP).</p>")
                .arg(siText(r.digest.totalMacs, "MAC"), siText(r.ladder.at(Level::Fused).flops, "FLOP"),
                     siText(r.digest.totalOtherOps, "op"));

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
        const auto c = solar::report::compareHardware(r, profiles);
        QString rows = row({QObject::tr("Profile"), QObject::tr("fused bound"), QObject::tr("speedup"), QObject::tr("bottleneck")}, true);
        for (const auto& col : c.profiles)
            rows += row({esc(col.name), secondsText(col.ladder.at(Level::Fused).seconds),
                         fixedText(col.speedup[static_cast<size_t>(Level::Fused)], 2) + QStringLiteral("×"),
                         esc(col.ladder.at(Level::Fused).bottleneck)});
        html += QObject::tr("<h2>Cross-hardware comparison</h2><p>Baseline: %1.</p>").arg(esc(c.baseline)) + table(rows);
        if (!c.bottleneckMoves.empty()) {
            html += QObject::tr("<p>Where the bottleneck moves:</p><ul>");
            for (const auto& m : c.bottleneckMoves)
                html += QStringLiteral("<li>") + esc(m) + QStringLiteral("</li>");
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
        rows += row({esc(o.name), esc(o.kind), esc(o.sourceOp) + (o.sourceLine ? QObject::tr(" line %1").arg(o.sourceLine) : QString()),
                     siText(o.flops, "FLOP"), siText(o.bytes, "B"), secondsText(o.seconds[0]),
                     fixedText(100 * o.share[static_cast<size_t>(Level::Fused)], 1) + QLatin1Char('%'),
                     o.computeBound ? QObject::tr("compute") : QObject::tr("memory")});
    }
    html += QObject::tr("<h2>Top operators</h2><p>%1 operators; the 15 with the largest share of the fused bound.</p>").arg(ops.size())
        + table(rows);

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
                   ? QObject::tr("compute needed at today's bandwidth: ×%1 on every peak").arg(*inv.minComputeScale, 0, 'g', 4)
                   : QObject::tr("no compute reaches it: %1").arg(esc(inv.computeWhy)))
            + QStringLiteral("</li><li>")
            + QObject::tr("necessary whatever the rest: %1 and ×%2 compute")
                  .arg(siText(inv.necessaryDramBps, "B/s"))
                  .arg(inv.necessaryComputeScale, 0, 'g', 4)
            + QStringLiteral("</li></ul>");
    }

    html += QObject::tr("<h2>Coverage and assumptions</h2><p>Coverage: %1.</p>")
                .arg(r.coverage.complete ? QObject::tr("complete — every operation is counted")
                                         : QObject::tr("<b>INCOMPLETE</b> — see below"));
    QString ledger;
    for (const auto& item : r.coverage.items)
        ledger += QStringLiteral("<li>")
            + (item.counted ? QObject::tr("approximated (a lower bound): ") : QObject::tr("<b>not counted</b>: ")) + esc(item.what)
            + QObject::tr(" (line %1): ").arg(item.line) + esc(item.reason) + QStringLiteral("</li>");
    for (const auto& n : r.ladder.notes)
        ledger += QStringLiteral("<li>") + esc(n) + QStringLiteral("</li>");
    for (const auto& a : solar::bounds::uncoveredAssumptions())
        ledger += QStringLiteral("<li>") + QObject::tr("Not covered by any bound: ") + esc(a) + QStringLiteral("</li>");
    html += QObject::tr("<ul><li>Precision policy: %1</li><li>Cache assumption: %2</li><li>On-chip capacity: %3 (%4)</li>"
                        "<li>Peaks are dense (never 2:4 sparse); each number's source is listed under Hardware.</li>%5</ul>")
                .arg(QString::fromLatin1(solar::bounds::policyName(r.options.policy).data()),
                     QString::fromLatin1(solar::bounds::cacheName(r.options.cache).data()), siText(r.machine.onchipBytes, "B"),
                     esc(r.hardware.name), ledger);

    html += QObject::tr("<h2>Hardware</h2>");
    for (const auto& res : in.results)
        html += hardwareSection(res->hardware);
    html += QStringLiteral("</body></html>");

    // ---- layout and pages ----
    QPainter painter;
    if (!painter.begin(&pdf))
        return fail(why, QObject::tr("cannot paint the report"));
    const QRectF page = pdf.pageLayout().paintRectPixels(pdf.logicalDpiX());
    const double footer = 0.035 * page.height();
    const QSizeF body(page.width(), page.height() - footer);

    QTextDocument doc;
    doc.documentLayout()->setPaintDevice(&pdf);
    doc.setPageSize(body);
    doc.setHtml(html);
    const int textPages = doc.pageCount();

    // Figures: the roofline (one page) and the einsum graph (one page, or split over pages when large).
    const solar::RooflinePlot plot = rooflinePlotOf(r, Level::UnfusedPerKernel);
    GraphLayout layout = layoutGraph(r.graph);
    const int graphPages = layout.error.isEmpty() ? std::clamp(static_cast<int>(layout.nodes.size() / 120) + 1, 1, 8) : 0;
    const int total = textPages + 1 + graphPages;
    int pageNumber = 0;
    auto finishPage = [&] {
        ++pageNumber;
        painter.save();
        painter.setPen(Qt::black);
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
    for (int i = 0; i < textPages; ++i) {
        painter.save();
        painter.translate(0, -i * body.height());
        doc.drawContents(&painter, QRectF(0, i * body.height(), body.width(), body.height()));
        painter.restore();
        finishPage();
    }
    QFont heading = painter.font();
    heading.setPointSizeF(12);
    heading.setBold(true);
    painter.setFont(heading);
    painter.drawText(QRectF(0, 0, body.width(), footer * 2), Qt::AlignLeft,
                     QObject::tr("Roofline (per-kernel level, %1)").arg(esc(r.hardware.name)));
    {
        // The figure in its own 1400 x 1000 coordinates, scaled into the page (vector on a PDF device).
        const QSizeF figure(1400, 1000);
        const QRectF target(0, footer * 2, body.width(), body.height() - footer * 2);
        const double scale = std::min(target.width() / figure.width(), target.height() / figure.height());
        painter.save();
        painter.translate(target.topLeft());
        painter.scale(scale, scale);
        paintRoofline(painter, figure, plot, rooflineTitle(r, Level::UnfusedPerKernel, plot));
        painter.restore();
    }
    finishPage();
    if (graphPages > 0) {
        // The graph in horizontal bands, one per page, at a common scale that fits the width.
        const QRectF bounds = layout.bounds;
        // Fit the width, but never larger than life (72 points per inch): a small graph stays small.
        const double scale = std::min(body.width() / std::max(1.0, bounds.width()), pdf.logicalDpiX() / 72.0);
        const double bandHeight = (body.height() - footer * 2) / scale;
        for (int g = 0; g < graphPages; ++g) {
            painter.setFont(heading);
            painter.drawText(QRectF(0, 0, body.width(), footer * 2), Qt::AlignLeft,
                             QObject::tr("Einsum graph (%1 operators), part %2 of %3").arg(layout.nodes.size()).arg(g + 1).arg(graphPages));
            const QRectF source(bounds.left(), bounds.top() + g * bandHeight, bounds.width(), bandHeight);
            if (source.top() < bounds.bottom())
                paintGraphPart(painter, r, layout, source, QRectF(0, footer * 2, body.width(), bandHeight * scale), 7, false);
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
