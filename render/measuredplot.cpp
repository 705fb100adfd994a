// SPDX-License-Identifier: MIT
#include "render/measuredplot.h"
#include "render/palette.h"

#include "engine/core/format.h"
#include "render/rooflinepainter.h"

#include <QCoreApplication>
#include <QFontMetricsF>
#include <QPainter>
#include <QPainterPath>

#include <algorithm>
#include <cmath>
#include <limits>

namespace {

using solar::bounds::Level;

QFont pixelFont(double pixels, bool bold = false)
{
    QFont f;
    f.setPixelSize(std::max(1, static_cast<int>(std::lround(pixels))));
    f.setBold(bold);
    return f;
}

} // namespace

std::vector<MeasuredSeries> measuredSeries(const solar::batch::SweepResult& sweep)
{
    MeasuredSeries fused {
        QCoreApplication::translate("MeasuredPlot", "eager against fused (F3, speed of light)"), seriesColour(0), true, {}};
    MeasuredSeries eager {
        QCoreApplication::translate("MeasuredPlot", "eager against unfused_per_kernel (F0, eager model)"), seriesColour(1), false, {}};
    MeasuredSeries compiled {QCoreApplication::translate("MeasuredPlot", "torch.compile against fused (F3)"), seriesColour(2), true, {}};
    for (const auto& p : sweep.problems) {
        if (p.status == solar::batch::ProblemStatus::Error || !p.measuredSeconds || !p.excluded.empty())
            continue;
        const auto& b = solar::batch::comparedBounds(p);
        const double f3 = b[static_cast<int>(Level::Fused)], f0 = b[static_cast<int>(Level::UnfusedPerKernel)];
        if (f3 > 0)
            fused.points.push_back({f3, *p.measuredSeconds});
        if (f0 > 0)
            eager.points.push_back({f0, *p.measuredSeconds});
        if (p.compiledSeconds && f3 > 0)
            compiled.points.push_back({f3, *p.compiledSeconds});
    }
    std::vector<MeasuredSeries> out;
    for (auto* s : {&fused, &eager, &compiled})
        if (!s->points.empty())
            out.push_back(std::move(*s));
    return out;
}

void paintMeasuredPlot(QPainter& p, const QSizeF& size, const std::vector<MeasuredSeries>& series, const QString& title)
{
    const double unit = std::max(0.6, std::min(size.width() / 1000.0, size.height() / 900.0));
    p.save();
    p.setRenderHint(QPainter::Antialiasing);
    p.fillRect(QRectF(QPointF(0, 0), size), paperColour());

    // One range for both axes, so the diagonal is the 45-degree line: whole decades around every point.
    double lo = std::numeric_limits<double>::infinity(), hi = 0;
    for (const auto& s : series)
        for (const auto& pt : s.points) {
            lo = std::min({lo, pt.boundSeconds, pt.measuredSeconds});
            hi = std::max({hi, pt.boundSeconds, pt.measuredSeconds});
        }
    if (!(lo > 0) || !(hi >= lo)) {
        lo = 1e-6;
        hi = 1;
    }
    lo = std::pow(10.0, std::floor(std::log10(lo)));
    hi = std::pow(10.0, std::ceil(std::log10(hi * 1.0001)));

    const QFont titleFont = pixelFont(20 * unit, true), tickFont = pixelFont(14 * unit), legendFont = pixelFont(15 * unit);
    const double left = QFontMetricsF(tickFont).horizontalAdvance(QStringLiteral("999 ms")) + 70 * unit;
    const double top = 60 * unit, legendHeight = (static_cast<double>(series.size()) + 1) * 24 * unit + 20 * unit;
    const double side = std::max(50.0, std::min(size.width() - left - 30 * unit, size.height() - top - 70 * unit - legendHeight));
    const QRectF area(left, top, side, side);
    auto map = [&](double x, double y) {
        const double fx = (std::log10(x) - std::log10(lo)) / (std::log10(hi) - std::log10(lo));
        const double fy = (std::log10(y) - std::log10(lo)) / (std::log10(hi) - std::log10(lo));
        return QPointF(area.left() + fx * area.width(), area.bottom() - fy * area.height());
    };

    p.setFont(titleFont);
    p.setPen(inkColour());
    p.drawText(QRectF(0, 8 * unit, size.width(), top - 16 * unit), Qt::AlignCenter | Qt::TextWordWrap, title);

    // Below the diagonal the measured time is under the bound: the violation region, tinted.
    QPainterPath below;
    below.moveTo(area.bottomLeft());
    below.lineTo(area.topRight());
    below.lineTo(area.bottomRight());
    below.closeSubpath();
    p.fillPath(below, shade(errorColour(), 22));

    p.setFont(tickFont);
    const QFontMetricsF tm(tickFont);
    for (double t : rooflineTicks(lo, hi)) {
        const QPointF x = map(t, lo), y = map(lo, t);
        p.setPen(QPen(gridColour(), 1 * unit));
        p.drawLine(QPointF(x.x(), area.top()), QPointF(x.x(), area.bottom()));
        p.drawLine(QPointF(area.left(), y.y()), QPointF(area.right(), y.y()));
        p.setPen(inkColour());
        const QString text = QString::fromStdString(solar::formatSeconds(t));
        p.drawText(QPointF(x.x() - tm.horizontalAdvance(text) / 2, area.bottom() + tm.height() + 4 * unit), text);
        p.drawText(QPointF(area.left() - tm.horizontalAdvance(text) - 8 * unit, y.y() + tm.ascent() / 2), text);
    }
    p.setPen(QPen(inkColour(), 1.2 * unit));
    p.drawRect(area);
    p.setPen(QPen(errorColour(), 1.6 * unit, Qt::DashLine));
    p.drawLine(area.bottomLeft(), area.topRight());
    p.setPen(errorColour());
    p.save();
    p.translate(area.right() - 12 * unit, area.bottom() - 40 * unit);
    p.drawText(QRectF(-area.width() + 24 * unit, -tm.height(), area.width() - 24 * unit, tm.height()), Qt::AlignRight,
               QCoreApplication::translate("MeasuredPlot", "below the line: measured < bound (a violation)"));
    p.restore();

    p.setPen(inkColour());
    p.drawText(QRectF(area.left(), area.bottom() + tm.height() + 10 * unit, area.width(), tm.height() + 8 * unit), Qt::AlignCenter,
               QCoreApplication::translate("MeasuredPlot", "bound (seconds, at the sizes measured)"));
    p.save();
    p.translate(18 * unit, area.center().y());
    p.rotate(-90);
    p.drawText(QRectF(-area.height() / 2, -tm.height(), area.height(), tm.height() + 6 * unit), Qt::AlignCenter,
               QCoreApplication::translate("MeasuredPlot", "measured (seconds, minimum of the timed runs)"));
    p.restore();

    const double r = 4.5 * unit;
    auto marker = [&](const MeasuredSeries& s, const QPointF& at) {
        p.setPen(QPen(s.colour, 1.4 * unit));
        p.setBrush(s.filled ? QBrush(s.colour) : Qt::NoBrush);
        p.drawEllipse(at, r, r);
    };
    for (const auto& s : series)
        for (const auto& pt : s.points)
            marker(s, map(pt.boundSeconds, pt.measuredSeconds));

    p.setFont(legendFont);
    double y = area.bottom() + 2 * tm.height() + 36 * unit;
    for (const auto& s : series) {
        int violations = 0;
        for (const auto& pt : s.points)
            violations += pt.measuredSeconds < pt.boundSeconds;
        marker(s, QPointF(area.left() + 10 * unit, y - 5 * unit));
        p.setPen(inkColour());
        p.drawText(QPointF(area.left() + 24 * unit, y),
                   QCoreApplication::translate("MeasuredPlot", "%1: %2 problems, %3 below their bound")
                       .arg(s.label)
                       .arg(s.points.size())
                       .arg(violations));
        y += 24 * unit;
    }
    p.restore();
}
