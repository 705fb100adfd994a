// SPDX-License-Identifier: MIT
// The einsum graph painted with QPainter from its Graphviz layout (boxes coloured by bottleneck, titles, edges
// and optionally their labels): what the SVG export and the PDF report draw. QtGui only, no widgets.
#pragma once

#include "engine/analysis/analysis.h"
#include "render/graphlayout.h"

#include <QRectF>

class QPainter;

/// Paints `layout` in its own coordinates (points, y down); the caller sets the painter's transform. fontPoints <= 0:
/// boxes and edges without text (an overview).
void paintGraph(QPainter& painter, const solar::AnalysisResult& result, const GraphLayout& layout, double fontPoints, bool edgeLabels);

/// Paints the part `source` of the layout scaled into `target`, keeping the aspect ratio, clipped to `target`.
void paintGraphPart(QPainter& painter, const solar::AnalysisResult& result, const GraphLayout& layout, const QRectF& source,
                    const QRectF& target, double fontPoints, bool edgeLabels);
