// SPDX-License-Identifier: MIT
#include "render/rooflinepainter.h"

#include "render/palette.h"
#include "render/units.h"

#include <QCoreApplication>
#include <QFontMetricsF>
#include <QPainter>
#include <QPainterPath>

#include <algorithm>
#include <cmath>
#include <map>
#include <string>

namespace {

QFont pixelFont(const QFont& base, double pixels, bool bold = false)
{
    QFont f = base;
    f.setPixelSize(std::max(1, static_cast<int>(std::lround(pixels))));
    f.setBold(bold);
    return f;
}

// The scale of a figure: the layout is designed at 1200 x 800 and grows or shrinks with it, but never so far that
// text falls under 8 pt in a report (the PDF paints at its resolution) or a small pane's labels overlap.
double figureUnit(const QSizeF& size)
{
    return std::max(0.6, std::min(size.width() / 1200.0, size.height() / 800.0));
}

} // namespace

QPointF RooflineFrame::map(double x, double y) const
{
    const double lx0 = std::log10(range.xMin), lx1 = std::log10(range.xMax);
    const double ly0 = std::log10(range.yMin), ly1 = std::log10(range.yMax);
    return QPointF(area.left() + (std::log10(x) - lx0) / (lx1 - lx0) * area.width(),
                   area.bottom() - (std::log10(y) - ly0) / (ly1 - ly0) * area.height());
}

QPointF RooflineFrame::unmap(const QPointF& at) const
{
    const double lx0 = std::log10(range.xMin), lx1 = std::log10(range.xMax);
    const double ly0 = std::log10(range.yMin), ly1 = std::log10(range.yMax);
    return QPointF(std::pow(10.0, lx0 + (at.x() - area.left()) / area.width() * (lx1 - lx0)),
                   std::pow(10.0, ly0 + (area.bottom() - at.y()) / area.height() * (ly1 - ly0)));
}

RooflineFrame rooflineFrame(const QSizeF& size, const solar::RooflinePlot& plot, const RooflineRange& range, double fontScale)
{
    RooflineFrame f;
    f.unit = figureUnit(size);
    f.text = f.unit * fontScale;
    f.range = range.isEmpty() ? RooflineRange {plot.xMin, plot.xMax, plot.yMin, plot.yMax} : range;
    QFont probe;
    probe.setPixelSize(std::max(1, static_cast<int>(std::lround(13 * f.text))));
    const double left = QFontMetricsF(probe).horizontalAdvance(QStringLiteral("999 PFLOP/s")) + 40 * f.text;
    // Room for a title of two lines (a long program or machine name wraps).
    const double top = 62 * f.text;
    f.area = QRectF(left, top, size.width() - left - 24 * f.unit, size.height() - top - 130 * f.text);
    return f;
}

double rooflineMarkerRadius(int bucket)
{
    static const double radii[] = {3.5, 5.5, 8, 11};
    return radii[std::clamp(bucket, 0, 3)];
}

QString rooflineTickText(double value, bool flopsAxis)
{
    if (flopsAxis)
        return siText(value, "FLOP/s");
    if (value < 1)
        return QLocale().toString(value, 'g', 3);
    return siText(value, "").trimmed();
}

std::vector<double> rooflineTicks(double lo, double hi)
{
    std::vector<double> ticks;
    if (!(lo > 0) || !(hi > lo))
        return ticks;
    const bool fine = std::log10(hi / lo) < 3;
    for (int d = static_cast<int>(std::floor(std::log10(lo))); d <= static_cast<int>(std::ceil(std::log10(hi))); ++d)
        for (double m : {1.0, 2.0, 5.0}) {
            if (m != 1 && !fine)
                continue;
            const double v = m * std::pow(10.0, d);
            if (v >= lo * (1 - 1e-9) && v <= hi * (1 + 1e-9))
                ticks.push_back(v);
        }
    return ticks;
}

QString rooflineRoofText(const solar::RooflineRoof& r)
{
    const QString text = r.dram ? QCoreApplication::translate("RooflinePainter", "DRAM %1").arg(siText(r.value, "B/s"))
                                : QString::fromStdString(r.label) + QLatin1Char(' ') + siText(r.value, "FLOP/s");
    return r.primary ? text : QString::fromStdString(r.machine) + QStringLiteral(": ") + text;
}

void paintRoofline(QPainter& p, const QSizeF& size, const solar::RooflinePlot& plot, const QString& title, const RooflineRange& range,
                   int selectedNode, double fontScale)
{
    p.save();
    p.setRenderHint(QPainter::Antialiasing);
    p.fillRect(QRectF(QPointF(0, 0), size), paperColour());
    const RooflineFrame frame = rooflineFrame(size, plot, range, fontScale);
    const double unit = frame.text; // text and the space around it
    const double mark = frame.unit; // markers and lines
    const QFont titleFont = pixelFont(p.font(), 16 * unit, true);
    const QFont tickFont = pixelFont(p.font(), 13 * unit);
    const QFont labelFont = pixelFont(p.font(), 12 * unit);
    p.setPen(inkColour());
    p.setFont(titleFont);
    p.drawText(QRectF(8 * unit, 4 * unit, size.width() - 16 * unit, 54 * unit), Qt::AlignHCenter | Qt::AlignVCenter | Qt::TextWordWrap,
               title);
    if (plot.xMax <= 0) {
        p.setFont(tickFont);
        p.drawText(QRectF(QPointF(0, 0), size), Qt::AlignCenter,
                   QCoreApplication::translate("RooflinePainter", "Nothing to plot: no operator has both arithmetic and bytes"));
        p.restore();
        return;
    }
    const QRectF area = frame.area;
    const RooflineRange& view = frame.range;
    auto map = [&](double x, double y) { return frame.map(x, y); };

    // Grid and ticks.
    p.setFont(tickFont);
    for (double x : rooflineTicks(view.xMin, view.xMax)) {
        const QPointF at = map(x, view.yMin);
        p.setPen(QPen(gridColour(), 1 * mark));
        p.drawLine(QPointF(at.x(), area.top()), QPointF(at.x(), area.bottom()));
        p.setPen(inkColour());
        p.drawText(QRectF(at.x() - 60 * unit, area.bottom() + 4 * unit, 120 * unit, 20 * unit), Qt::AlignHCenter | Qt::AlignTop,
                   rooflineTickText(x, false));
    }
    for (double y : rooflineTicks(view.yMin, view.yMax)) {
        const QPointF at = map(view.xMin, y);
        p.setPen(QPen(gridColour(), 1 * mark));
        p.drawLine(QPointF(area.left(), at.y()), QPointF(area.right(), at.y()));
        p.setPen(inkColour());
        p.drawText(QRectF(0, at.y() - 10 * unit, area.left() - 8 * unit, 20 * unit), Qt::AlignRight | Qt::AlignVCenter,
                   rooflineTickText(y, true));
    }
    p.setPen(QPen(inkColour(), 1.2 * mark));
    p.setBrush(Qt::NoBrush);
    p.drawRect(area);
    p.drawText(QRectF(area.left(), area.bottom() + 26 * unit, area.width(), 22 * unit), Qt::AlignHCenter | Qt::AlignTop,
               QCoreApplication::translate("RooflinePainter", "arithmetic intensity (FLOP/byte)"));
    p.save();
    p.translate(14 * unit, area.center().y());
    p.rotate(-90);
    {
        // The long title when it fits along the axis, else the unit alone.
        const QString full = QCoreApplication::translate("RooflinePainter", "attainable performance (FLOP/s)");
        const QString text = QFontMetricsF(p.font()).horizontalAdvance(full) <= area.height()
            ? full
            : QCoreApplication::translate("RooflinePainter", "FLOP/s");
        p.drawText(QRectF(-area.height() / 2, -10 * unit, area.height(), 22 * unit), Qt::AlignCenter, text);
    }
    p.restore();

    // Roofs, each with its name and value written at the line.
    p.save();
    p.setClipRect(area);
    p.setFont(labelFont);
    const QFontMetricsF labelMetrics(labelFont);
    // Compute roofs of one machine at the same value share one line and one label ("tensor fp8, tensor int8").
    std::map<std::pair<std::string, double>, QStringList> sameValue;
    for (const auto& r : plot.roofs)
        if (!r.dram)
            sameValue[{r.machine, r.value}] << QString::fromStdString(r.label);
    std::vector<QRectF> placedLabels; // the flat roofs' labels so far
    for (const auto& r : plot.roofs) {
        if (!r.dram && sameValue[{r.machine, r.value}].isEmpty())
            continue; // drawn with the first of its group
        const QPointF a = map(r.x0, r.y0), b = map(r.x1, r.y1);
        // Several units at once (a split schedule's summed peaks) dash-dot, an overlay's roofs and the measured
        // achievable ceilings dashed (the latter in the machine's colour, thinner).
        QPen pen(roofColour(r.primary),
                 (r.achievable ? 1.0
                      : r.dram ? 2.4
                               : 1.6)
                     * mark,
                 !r.primary || r.achievable ? Qt::DashLine
                     : r.combined           ? Qt::DashDotLine
                                            : Qt::SolidLine);
        p.setPen(pen);
        p.drawLine(a, b);
        solar::RooflineRoof named = r;
        if (!r.dram) {
            QStringList& names = sameValue[{r.machine, r.value}];
            named.label = names.join(QStringLiteral(", ")).toStdString();
            names.clear();
        }
        const QString text = rooflineRoofText(named);
        p.setPen(roofColour(r.primary));
        if (r.dram) {
            // Along the slope, a third of the way up its visible part.
            const QLineF line = QLineF(a, b);
            const QPointF lo
                = area.contains(a) ? a : QPointF(area.left(), a.y() + (area.left() - a.x()) * (b.y() - a.y()) / (b.x() - a.x()));
            const QPointF at = lo + (b - lo) * 0.35;
            p.save();
            p.translate(at);
            p.rotate(-line.angle());
            p.drawText(QPointF(0, -5 * unit), text);
            p.restore();
        } else {
            // Inside the chart, right-aligned above the roof; two roofs close in value (TF32 410 and its split
            // schedule's 461 TFLOP/s) would print one label over the other, so the later one goes under its roof,
            // else to the left of the labels in its way.
            const double w = labelMetrics.horizontalAdvance(text);
            const double right = std::max(area.left() + 4 * unit, area.right() - w - 6 * unit);
            auto boxAt = [&](double x, double baseline) { return QRectF(x, baseline - labelMetrics.ascent(), w, labelMetrics.height()); };
            auto clashes = [&](const QRectF& box) {
                for (const QRectF& placed : placedLabels)
                    if (placed.intersects(box))
                        return true;
                return false;
            };
            QRectF box = boxAt(right, a.y() - 4 * unit);
            if (clashes(box)) {
                const QRectF below = boxAt(right, a.y() + labelMetrics.ascent() + 3 * unit);
                double left = right;
                for (const QRectF& placed : placedLabels)
                    if (placed.intersects(box.adjusted(-1e6, 0, 0, 0)))
                        left = std::min(left, placed.left() - w - 12 * unit);
                const QRectF beside = boxAt(left, a.y() - 4 * unit);
                box = !clashes(below) && area.contains(below) ? below : left >= area.left() ? beside : box;
            }
            placedLabels.push_back(box);
            p.drawText(QPointF(box.left(), box.top() + labelMetrics.ascent()), text);
        }
    }
    // Operators: larger markers for larger shares, drawn small-first so the big ones stay visible.
    for (int bucket = 0; bucket < 4; ++bucket)
        for (const auto& pt : plot.points) {
            if (solar::rooflineShareBucket(pt.share) != bucket)
                continue;
            p.setPen(QPen(paperColour(), 1 * mark));
            p.setBrush(bottleneckMarkerColour(pt.computeBound));
            p.drawEllipse(map(pt.x, pt.y), rooflineMarkerRadius(bucket) * mark, rooflineMarkerRadius(bucket) * mark);
        }
    // Measured operators (a profiler trace): a hollow ring at the measured rate, joined to the bound point above it.
    bool anyMeasured = false;
    for (const auto& pt : plot.points) {
        if (pt.measuredY <= 0)
            continue;
        anyMeasured = true;
        p.setPen(QPen(guideColour(), 1 * mark, Qt::DotLine));
        p.drawLine(map(pt.x, pt.y), map(pt.x, pt.measuredY));
        p.setPen(QPen(bottleneckMarkerColour(pt.computeBound), 2 * mark));
        p.setBrush(Qt::NoBrush);
        p.drawEllipse(map(pt.x, pt.measuredY), 5 * mark, 5 * mark);
    }
    // The program at this level: a diamond.
    auto diamond = [&](const QPointF& c, double r) {
        QPainterPath path;
        path.moveTo(c.x(), c.y() - r);
        path.lineTo(c.x() + r, c.y());
        path.lineTo(c.x(), c.y() + r);
        path.lineTo(c.x() - r, c.y());
        path.closeSubpath();
        return path;
    };
    if (plot.program.present) {
        p.setPen(QPen(paperColour(), 1.5 * mark));
        p.setBrush(markColour());
        p.drawPath(diamond(map(plot.program.x, plot.program.y), 10 * mark));
    }
    for (const auto& pt : plot.points)
        if (pt.node == selectedNode) {
            p.setPen(QPen(selectionColour(), 3 * mark));
            p.setBrush(Qt::NoBrush);
            p.drawEllipse(map(pt.x, pt.y), 14 * mark, 14 * mark);
        }
    p.restore();

    // Legend under the axis title, wrapped to the width.
    p.setFont(labelFont);
    double x = area.left();
    double y = area.bottom() + 56 * unit;
    auto place = [&](double width) {
        if (x > area.left() && x + width > size.width() - 8 * unit) {
            x = area.left();
            y += 20 * unit;
        }
    };
    auto legendItem = [&](const QPainterPath& marker, const QColor& c, const QString& text) {
        const double width = 16 * unit + labelMetrics.horizontalAdvance(text);
        place(width);
        p.setPen(QPen(paperColour(), 1 * unit));
        p.setBrush(c);
        p.drawPath(marker.translated(x + 6 * unit, y + 8 * unit));
        p.setPen(inkColour());
        p.drawText(QPointF(x + 16 * unit, y + 12 * unit), text);
        x += width + 24 * unit;
    };
    QPainterPath circle;
    circle.addEllipse(QPointF(0, 0), 6 * unit, 6 * unit);
    legendItem(circle, bottleneckMarkerColour(false), QCoreApplication::translate("RooflinePainter", "memory-bound operator"));
    legendItem(circle, bottleneckMarkerColour(true), QCoreApplication::translate("RooflinePainter", "compute-bound operator"));
    if (anyMeasured) {
        const double width = 16 * unit + labelMetrics.horizontalAdvance(QCoreApplication::translate("RooflinePainter", "measured (trace)"));
        place(width);
        p.setPen(QPen(guideColour(), 2 * unit));
        p.setBrush(Qt::NoBrush);
        p.drawEllipse(QPointF(x + 6 * unit, y + 8 * unit), 5 * unit, 5 * unit);
        p.setPen(inkColour());
        p.drawText(QPointF(x + 16 * unit, y + 12 * unit), QCoreApplication::translate("RooflinePainter", "measured (trace)"));
        x += width + 24 * unit;
    }
    if (plot.program.present)
        legendItem(diamond(QPointF(0, 0), 7 * unit), markColour(),
                   QCoreApplication::translate("RooflinePainter", "the program at this level"));
    auto legendText = [&](const QString& text) {
        const double width = labelMetrics.horizontalAdvance(text);
        place(width);
        p.setPen(inkColour());
        p.drawText(QPointF(x, y + 12 * unit), text);
        x += width + 24 * unit;
    };
    legendText(QCoreApplication::translate("RooflinePainter", "operators standing alone, each on or under the roof that bounds it"));
    legendText(QCoreApplication::translate("RooflinePainter", "size: share of the time"));
    if (std::any_of(plot.roofs.begin(), plot.roofs.end(), [](const auto& r) { return !r.primary; }))
        legendText(QCoreApplication::translate("RooflinePainter", "dashed: overlaid profiles"));
    if (std::any_of(plot.roofs.begin(), plot.roofs.end(), [](const auto& r) { return r.achievable; }))
        legendText(QCoreApplication::translate("RooflinePainter", "thin dashed: measured on this device (achievable, not a bound)"));
    if (std::any_of(plot.roofs.begin(), plot.roofs.end(), [](const auto& r) { return r.combined && r.primary; }))
        legendText(QCoreApplication::translate("RooflinePainter", "dash-dot: units working at once (peaks summed)"));
    if (plot.skipped > 0)
        legendText(QCoreApplication::translate("RooflinePainter", "%n operator(s) without arithmetic not shown", nullptr, plot.skipped));
    if (plot.fusedAway > 0)
        legendText(QCoreApplication::translate(
            "RooflinePainter", "%n operator(s) with no DRAM bytes at this level (operands on chip) not shown", nullptr, plot.fusedAway));
    p.restore();
}
