// SPDX-License-Identifier: MIT
#include "widgets/report/figures.h"

#include "engine/analysis/operators.h"
#include "widgets/analysis/statuscolour.h"
#include "widgets/graph/graphlayout.h"
#include "widgets/roofline/rooflinechart.h"

#include <QBuffer>
#include <QGraphicsScene>
#include <QGraphicsSimpleTextItem>
#include <QImage>
#include <QPainter>
#include <QSaveFile>
#include <QSvgGenerator>

#include <vector>

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

void populateGraphScene(QGraphicsScene& scene, const solar::AnalysisResult& result, const GraphLayout& layout, double fontPoints, bool edgeLabels)
{
    std::vector<char> computeBound(result.graph.nodes.size(), 0);
    for (const auto& r : solar::operatorRows(result))
        computeBound[static_cast<size_t>(r.node)] = r.computeBound;
    auto sized = [&](QGraphicsSimpleTextItem* t, double points) {
        QFont f = t->font();
        f.setPointSizeF(points);
        t->setFont(f);
        return t;
    };
    for (const auto& e : layout.edges) {
        scene.addPath(e.path, QPen(Qt::darkGray, 1));
        if (edgeLabels)
            sized(scene.addSimpleText(e.label), fontPoints * 0.8)->setPos(e.labelPos + QPointF(4, -6));
    }
    for (const auto& n : layout.nodes) {
        scene.addRect(n.rect, QPen(Qt::black, 0.8), bottleneckColour(computeBound[static_cast<size_t>(n.node)] != 0));
        sized(scene.addSimpleText(n.title), fontPoints)->setPos(n.rect.left() + 4, n.rect.top() + 2);
        sized(scene.addSimpleText(n.detail), fontPoints)->setPos(n.rect.left() + 4, n.rect.center().y());
    }
}

QString exportGraphSvg(const solar::AnalysisResult& result, const QString& path)
{
    const GraphLayout layout = layoutGraph(result.graph);
    if (!layout.error.isEmpty())
        return layout.error;
    QGraphicsScene scene;
    populateGraphScene(scene, result, layout, 8, true);
    const QRectF bounds = layout.bounds.adjusted(-10, -10, 10, 10);
    return writeSvg(path, bounds.size().toSize(), QObject::tr("Einsum graph: %1").arg(QString::fromStdString(result.program.name)),
                    [&](QPainter& p) { scene.render(&p, QRectF(QPointF(0, 0), bounds.size()), bounds); });
}
