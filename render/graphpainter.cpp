// SPDX-License-Identifier: MIT
#include "render/graphpainter.h"

#include "engine/analysis/operators.h"
#include "render/palette.h"

#include <QPainter>

#include <algorithm>
#include <vector>

void paintGraph(QPainter& p, const solar::AnalysisResult& result, const GraphLayout& layout, double fontPoints, bool edgeLabels)
{
    std::vector<char> computeBound(result.graph.nodes.size(), 0);
    for (const auto& r : solar::operatorRows(result))
        computeBound[static_cast<size_t>(r.node)] = r.computeBound;
    p.save();
    p.setRenderHint(QPainter::Antialiasing);
    QFont font = p.font();
    font.setBold(false); // whatever heading the caller drew last
    // Layout coordinates are points: text sizes are given in the same unit, whatever the device's resolution.
    font.setPixelSize(std::max(1, static_cast<int>(std::lround(fontPoints))));
    QFont small = font;
    small.setPixelSize(std::max(1, static_cast<int>(std::lround(fontPoints * 0.8))));
    const Qt::Alignment topLeft = Qt::AlignLeft | Qt::AlignTop;
    constexpr double kWide = 4000; // text boxes are not clipped: Graphviz sized the boxes for the text
    p.setBrush(Qt::NoBrush);
    for (const auto& e : layout.edges) {
        p.setPen(QPen(edgeColour(), 1));
        p.drawPath(e.path);
        if (edgeLabels) {
            p.setFont(small);
            p.setPen(inkColour());
            p.drawText(QRectF(e.labelPos + QPointF(4, -6), QSizeF(kWide, fontPoints * 2)), topLeft, e.label);
        }
    }
    p.setFont(font);
    for (const auto& n : layout.nodes) {
        p.setPen(QPen(inkColour(), 0.8));
        p.setBrush(bottleneckColour(computeBound[static_cast<size_t>(n.node)] != 0));
        p.drawRect(n.rect);
        p.setBrush(Qt::NoBrush);
        if (fontPoints <= 0)
            continue; // an overview: boxes only
        const int lines = n.origin.isEmpty() ? 2 : 3;
        const double h = (n.rect.height() - 4) / lines;
        p.drawText(QRectF(n.rect.left() + 4, n.rect.top() + 2, kWide, h), Qt::AlignLeft | Qt::AlignVCenter, n.title);
        p.drawText(QRectF(n.rect.left() + 4, n.rect.top() + 2 + h, kWide, h), Qt::AlignLeft | Qt::AlignVCenter, n.detail);
        if (lines == 3)
            p.drawText(QRectF(n.rect.left() + 4, n.rect.top() + 2 + 2 * h, kWide, h), Qt::AlignLeft | Qt::AlignVCenter, n.origin);
    }
    p.restore();
}

void paintGraphPart(QPainter& p, const solar::AnalysisResult& result, const GraphLayout& layout, const QRectF& source, const QRectF& target,
                    double fontPoints, bool edgeLabels)
{
    if (source.isEmpty() || target.isEmpty())
        return;
    const double scale = std::min(target.width() / source.width(), target.height() / source.height());
    p.save();
    p.setClipRect(target);
    p.translate(target.topLeft());
    p.scale(scale, scale);
    p.translate(-source.topLeft());
    paintGraph(p, result, layout, fontPoints, edgeLabels);
    p.restore();
}
