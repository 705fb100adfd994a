// SPDX-License-Identifier: MIT
#include "render/figures.h"

#include "render/hardwarecaption.h"
#include "render/palette.h"

#include "engine/core/atomicwrite.h"
#include "render/graphpainter.h"
#include "render/measuredplot.h"
#include "render/rooflinepainter.h"

#include <QBuffer>
#include <QCoreApplication>
#include <QImage>
#include <QPainter>
#include <QSvgGenerator>

#include <algorithm>

namespace {

// What `paint` draws on an SVG generator of `size`, as bytes.
template<typename Paint>
QByteArray svgBytes(const QSize& size, const QString& title, Paint paint)
{
    QBuffer buffer;
    QSvgGenerator svg;
    svg.setOutputDevice(&buffer);
    svg.setSize(size);
    svg.setViewBox(QRect(QPoint(0, 0), size));
    svg.setTitle(title);
    QPainter p;
    if (!p.begin(&svg))
        return {};
    paint(p);
    p.end();
    return buffer.data();
}

} // namespace

solar::RooflinePlot rooflinePlotOf(const solar::AnalysisResult& result, solar::bounds::Level level)
{
    return solar::rooflinePlot(result, {}, level);
}

QString rooflineTitle(const solar::AnalysisResult& result, solar::bounds::Level level, const solar::RooflinePlot& plot)
{
    return QCoreApplication::translate("Figures", "Roofline of %1 on %2 at %3 %4 — %5 operators")
        .arg(QString::fromStdString(result.program.name), hardwareCaption(result),
             QString::fromLatin1(solar::bounds::levelShortName(level).data()), QString::fromLatin1(solar::bounds::levelName(level).data()))
        .arg(plot.points.size());
}

namespace {

bool fail(QString* why, const QString& text)
{
    if (why)
        *why = text;
    return false;
}

} // namespace

namespace {

// A figure of `size` painted by `paint` as `format` (png at twice the resolution, or svg), written atomically.
template<typename Paint>
bool writeFigure(const QString& path, const QString& format, const QSize& size, const QString& title, Paint paint, QString* why)
{
    if (format == QLatin1String("svg")) {
        const QByteArray bytes = svgBytes(size, title, paint);
        if (bytes.isEmpty())
            return fail(why, QCoreApplication::translate("Figures", "cannot paint the SVG"));
        return solar::writeFileAtomically(path, bytes, why);
    }
    if (format != QLatin1String("png"))
        return fail(why, QCoreApplication::translate("Figures", "unknown figure format '%1' (png, svg)").arg(format));
    QImage image(size * 2, QImage::Format_ARGB32);
    image.setDevicePixelRatio(2);
    image.fill(paperColour());
    QPainter p(&image);
    paint(p);
    p.end();
    return solar::writeFileAtomically(
        path, [&](QIODevice& device) { return image.save(&device, "PNG"); }, why);
}

} // namespace

bool exportRoofline(const solar::AnalysisResult& result, const QString& path, const QString& format, QString* why,
                    solar::bounds::Level level)
{
    const solar::RooflinePlot plot = rooflinePlotOf(result, level);
    const QString title = rooflineTitle(result, level, plot);
    const QSize size(1200, 800);
    return writeFigure(
        path, format, size, title, [&](QPainter& p) { paintRoofline(p, size, plot, title); }, why);
}

bool exportMeasuredPlot(const solar::batch::SweepResult& sweep, const QString& path, const QString& format, QString* why)
{
    const std::vector<MeasuredSeries> series = measuredSeries(sweep);
    std::size_t problems = 0;
    for (const auto& s : series)
        problems = std::max(problems, s.points.size());
    if (problems == 0)
        return fail(why, QCoreApplication::translate("Figures", "the sweep has no measured problem to plot"));
    const QString title = QCoreApplication::translate("Figures", "Measured time against bound: %1 problems on %2")
                              .arg(problems)
                              .arg(QString::fromStdString(sweep.hardware));
    const QSize size(1000, 900);
    return writeFigure(
        path, format, size, title, [&](QPainter& p) { paintMeasuredPlot(p, size, series, title); }, why);
}

bool exportGraphSvg(const solar::AnalysisResult& result, const QString& path, QString* why)
{
    const GraphLayout layout = layoutGraph(result.graph);
    if (!layout.error.isEmpty())
        return fail(why, layout.error);
    const QRectF bounds = layout.bounds.adjusted(-10, -10, 10, 10);
    const QByteArray bytes = svgBytes(
        bounds.size().toSize(), QCoreApplication::translate("Figures", "Einsum graph: %1").arg(QString::fromStdString(result.program.name)),
        [&](QPainter& p) { paintGraphPart(p, result, layout, bounds, QRectF(QPointF(0, 0), bounds.size()), 8, true); });
    if (bytes.isEmpty())
        return fail(why, QCoreApplication::translate("Figures", "cannot paint the SVG"));
    return solar::writeFileAtomically(path, bytes, why);
}
