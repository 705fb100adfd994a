// SPDX-License-Identifier: MIT
#include "widgets/render/rooflinepainter.h"

#include "widgets/render/palette.h"
#include "widgets/render/units.h"

#include <QCoreApplication>
#include <QFontMetricsF>
#include <QPainter>
#include <QPainterPath>

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

} // namespace

QString rooflineTickText(double value, bool flopsAxis)
{
    if (flopsAxis)
        return siText(value, "FLOP/s");
    if (value < 1)
        return QLocale().toString(value, 'g', 3);
    return siText(value, "").trimmed();
}

void paintRoofline(QPainter& p, const QSizeF& size, const solar::RooflinePlot& plot, const QString& title)
{
    p.save();
    p.setRenderHint(QPainter::Antialiasing);
    p.fillRect(QRectF(QPointF(0, 0), size), Qt::white);
    const double unit = std::min(size.width() / 1200.0, size.height() / 800.0); // sizes scale with the figure
    const QFont titleFont = pixelFont(p.font(), 18 * unit, true);
    const QFont tickFont = pixelFont(p.font(), 13 * unit);
    const QFont labelFont = pixelFont(p.font(), 12 * unit);
    p.setPen(Qt::black);
    p.setFont(titleFont);
    p.drawText(QRectF(0, 6 * unit, size.width(), 28 * unit), Qt::AlignHCenter | Qt::AlignTop, title);
    if (plot.xMax <= 0) {
        p.setFont(tickFont);
        p.drawText(QRectF(QPointF(0, 0), size), Qt::AlignCenter,
                   QCoreApplication::translate("RooflinePainter", "Nothing to plot: no operator has both arithmetic and bytes"));
        p.restore();
        return;
    }
    const QFontMetricsF tickMetrics(tickFont);
    const double left = tickMetrics.horizontalAdvance(QStringLiteral("999 PFLOP/s")) + 40 * unit;
    const QRectF area(left, 44 * unit, size.width() - left - 24 * unit, size.height() - 44 * unit - 110 * unit);
    const double lx0 = std::log10(plot.xMin), lx1 = std::log10(plot.xMax), ly0 = std::log10(plot.yMin), ly1 = std::log10(plot.yMax);
    auto map = [&](double x, double y) {
        return QPointF(area.left() + (std::log10(x) - lx0) / (lx1 - lx0) * area.width(),
                       area.bottom() - (std::log10(y) - ly0) / (ly1 - ly0) * area.height());
    };

    // Grid and ticks: one per decade.
    p.setFont(tickFont);
    for (int d = static_cast<int>(std::ceil(lx0 - 1e-9)); d <= static_cast<int>(std::floor(lx1 + 1e-9)); ++d) {
        const double x = std::pow(10.0, d);
        const QPointF at = map(x, plot.yMin);
        p.setPen(QPen(QColor(0xe0, 0xe0, 0xe0), 1 * unit));
        p.drawLine(QPointF(at.x(), area.top()), QPointF(at.x(), area.bottom()));
        p.setPen(Qt::black);
        p.drawText(QRectF(at.x() - 60 * unit, area.bottom() + 4 * unit, 120 * unit, 20 * unit), Qt::AlignHCenter | Qt::AlignTop,
                   rooflineTickText(x, false));
    }
    for (int d = static_cast<int>(std::ceil(ly0 - 1e-9)); d <= static_cast<int>(std::floor(ly1 + 1e-9)); ++d) {
        const double y = std::pow(10.0, d);
        const QPointF at = map(plot.xMin, y);
        p.setPen(QPen(QColor(0xe0, 0xe0, 0xe0), 1 * unit));
        p.drawLine(QPointF(area.left(), at.y()), QPointF(area.right(), at.y()));
        p.setPen(Qt::black);
        p.drawText(QRectF(0, at.y() - 10 * unit, area.left() - 8 * unit, 20 * unit), Qt::AlignRight | Qt::AlignVCenter,
                   rooflineTickText(y, true));
    }
    p.setPen(QPen(Qt::black, 1.2 * unit));
    p.setBrush(Qt::NoBrush);
    p.drawRect(area);
    p.drawText(QRectF(area.left(), area.bottom() + 26 * unit, area.width(), 22 * unit), Qt::AlignHCenter | Qt::AlignTop,
               QCoreApplication::translate("RooflinePainter", "arithmetic intensity (FLOP/byte)"));
    p.save();
    p.translate(14 * unit, area.center().y());
    p.rotate(-90);
    p.drawText(QRectF(-area.height() / 2, -10 * unit, area.height(), 22 * unit), Qt::AlignCenter,
               QCoreApplication::translate("RooflinePainter", "attainable performance (FLOP/s)"));
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
    for (const auto& r : plot.roofs) {
        if (!r.dram) {
            QStringList& names = sameValue[{r.machine, r.value}];
            if (names.isEmpty())
                continue; // drawn with the first of its group
        }
        const QPointF a = map(r.x0, r.y0), b = map(r.x1, r.y1);
        QPen pen(roofColour(r.primary), (r.dram ? 2.4 : 1.6) * unit, r.primary ? Qt::SolidLine : Qt::DashLine);
        p.setPen(pen);
        p.drawLine(a, b);
        QString text;
        if (r.dram) {
            text = QCoreApplication::translate("RooflinePainter", "DRAM %1").arg(siText(r.value, "B/s"));
        } else {
            QStringList& names = sameValue[{r.machine, r.value}];
            text = names.join(QStringLiteral(", ")) + QLatin1Char(' ') + siText(r.value, "FLOP/s");
            names.clear();
        }
        if (!r.primary)
            text = QString::fromStdString(r.machine) + QStringLiteral(": ") + text;
        p.setPen(roofColour(r.primary));
        if (r.dram) {
            // Along the slope, a third of the way up the visible part.
            const QPointF at = a + (b - a) * 0.35;
            const double angle = std::atan2(b.y() - a.y(), b.x() - a.x()) * 180 / M_PI;
            p.save();
            p.translate(at);
            p.rotate(angle);
            p.drawText(QPointF(0, -5 * unit), text);
            p.restore();
        } else {
            const double w = labelMetrics.horizontalAdvance(text);
            p.drawText(QPointF(area.right() - w - 6 * unit, a.y() - 4 * unit), text);
        }
    }
    // Operators: larger markers for larger shares, drawn small-first so the big ones stay visible.
    const double radii[] = {3.5, 5.5, 8, 11};
    for (int bucket = 0; bucket < 4; ++bucket)
        for (const auto& pt : plot.points) {
            if (solar::rooflineShareBucket(pt.share) != bucket)
                continue;
            p.setPen(QPen(Qt::white, 1 * unit));
            p.setBrush(bottleneckMarkerColour(pt.computeBound));
            p.drawEllipse(map(pt.x, pt.y), radii[bucket] * unit, radii[bucket] * unit);
        }
    p.restore();

    // Legend under the axis title.
    p.setFont(labelFont);
    double x = area.left();
    const double y = area.bottom() + 62 * unit;
    auto legendMarker = [&](const QColor& c, const QString& text) {
        p.setPen(QPen(Qt::white, 1 * unit));
        p.setBrush(c);
        p.drawEllipse(QPointF(x + 6 * unit, y + 8 * unit), 6 * unit, 6 * unit);
        p.setPen(Qt::black);
        p.drawText(QPointF(x + 16 * unit, y + 12 * unit), text);
        x += 16 * unit + labelMetrics.horizontalAdvance(text) + 24 * unit;
    };
    legendMarker(bottleneckMarkerColour(false), QCoreApplication::translate("RooflinePainter", "memory-bound operator"));
    legendMarker(bottleneckMarkerColour(true), QCoreApplication::translate("RooflinePainter", "compute-bound operator"));
    p.setPen(Qt::black);
    p.drawText(QPointF(x, y + 12 * unit),
               QCoreApplication::translate("RooflinePainter", "marker size: share of the time; lines: roofs (dashed: overlaid profiles)"));
    if (plot.skipped > 0)
        p.drawText(
            QPointF(area.left(), y + 32 * unit),
            QCoreApplication::translate("RooflinePainter", "%n operator(s) without arithmetic or bytes not shown", nullptr, plot.skipped));
    p.restore();
}
