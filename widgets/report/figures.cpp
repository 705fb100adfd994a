// SPDX-License-Identifier: MIT
#include "widgets/report/figures.h"

#include "engine/analysis/operators.h"
#include "widgets/graph/graphlayout.h"
#include "widgets/roofline/rooflinechart.h"

#include <QBuffer>
#include <QGraphicsScene>
#include <QGraphicsSimpleTextItem>
#include <QImage>
#include <QPainter>
#include <QSaveFile>
#include <QSvgGenerator>

#include <algorithm>

namespace {

// Writes what `paint` draws on an SVG generator of `size`, atomically.
template<typename Paint>
QString writeSvg(const QString& path, const QSize& size, const QString& title, Paint paint)
{
    QBuffer buffer;
    QSvgGenerator svg;
    svg.setOutputDevice(&buffer);
    svg.setSize(size);
    svg.setViewBox(QRect(QPoint(0, 0), size));
    svg.setTitle(title);
    QPainter p;
    if (!p.begin(&svg))
        return QObject::tr("cannot paint the SVG");
    paint(p);
    p.end();
    QSaveFile file(path);
    if (!file.open(QIODevice::WriteOnly) || file.write(buffer.data()) != buffer.size() || !file.commit())
        return QObject::tr("cannot write %1: %2").arg(path, file.errorString());
    return {};
}

} // namespace

QString exportRoofline(std::shared_ptr<const solar::AnalysisResult> result, const QString& path, const QString& format)
{
    if (!result)
        return QObject::tr("nothing to export");
    RooflineChart chart;
    chart.resize(1200, 800);
    chart.setResult(result);
    const QString title = QObject::tr("Roofline: %1 on %2").arg(QString::fromStdString(result->program.name), QString::fromStdString(result->hardware.name));
    if (format == QLatin1String("svg"))
        return writeSvg(path, chart.size(), title, [&](QPainter& p) { chart.render(&p); });
    if (format != QLatin1String("png"))
        return QObject::tr("unknown figure format '%1' (png, svg)").arg(format);
    QImage image(chart.size() * 2, QImage::Format_ARGB32);
    image.setDevicePixelRatio(2);
    image.fill(Qt::white);
    QPainter p(&image);
    chart.render(&p);
    p.end();
    QSaveFile file(path);
    if (!file.open(QIODevice::WriteOnly) || !image.save(&file, "PNG") || !file.commit())
        return QObject::tr("cannot write %1: %2").arg(path, file.errorString());
    return {};
}

QString exportGraphSvg(const solar::AnalysisResult& result, const QString& path)
{
    const GraphLayout layout = layoutGraph(result.graph);
    if (!layout.error.isEmpty())
        return layout.error;
    const auto rows = solar::operatorRows(result);
    QGraphicsScene scene;
    for (const auto& e : layout.edges) {
        scene.addPath(e.path, QPen(Qt::darkGray, 1));
        auto* label = scene.addSimpleText(e.label);
        QFont f = label->font();
        f.setPointSizeF(6.5);
        label->setFont(f);
        label->setPos(e.labelPos + QPointF(4, -6));
    }
    for (const auto& n : layout.nodes) {
        const auto row = std::find_if(rows.begin(), rows.end(), [&](const auto& r) { return r.node == n.node; });
        const bool compute = row != rows.end() && row->computeBound;
        scene.addRect(n.rect, QPen(Qt::black, 0.8), compute ? QColor(0xf2, 0xa0, 0x70) : QColor(0x8c, 0xb8, 0xf0));
        auto* title = scene.addSimpleText(n.title);
        auto* detail = scene.addSimpleText(n.detail);
        for (auto* t : {title, detail}) {
            QFont f = t->font();
            f.setPointSizeF(8);
            t->setFont(f);
        }
        title->setPos(n.rect.left() + 4, n.rect.top() + 2);
        detail->setPos(n.rect.left() + 4, n.rect.center().y());
    }
    const QRectF bounds = layout.bounds.adjusted(-10, -10, 10, 10);
    return writeSvg(path, bounds.size().toSize(), QObject::tr("Einsum graph: %1").arg(QString::fromStdString(result.program.name)),
                    [&](QPainter& p) { scene.render(&p, QRectF(QPointF(0, 0), bounds.size()), bounds); });
}
