// SPDX-License-Identifier: MIT
// Lays out an einsum graph with Graphviz's dot, in-process (gvc/cgraph), into plain geometry a QGraphicsScene can
// draw. Thread-safe (Graphviz itself is not: calls are serialised), so it runs off the GUI thread. Graphviz types
// stay out of this header.
#pragma once

#include "engine/graph/einsumgraph.h"

#include <QPainterPath>
#include <QRectF>
#include <QString>

#include <vector>

struct GraphLayout
{
    struct NodeBox
    {
        int node = 0; // einsum-graph node id
        QRectF rect; // scene coordinates (points), y down
        QString title; // "t6@14 · contraction"
        QString detail; // equation and output shape
        QString origin; // module path, op and source line (frontends); empty for hand-written ALIR
    };
    struct EdgePath
    {
        int from = 0, to = 0;
        QPainterPath path;
        QPointF labelPos;
        QString label; // tensor, shape and bytes
    };
    std::vector<NodeBox> nodes;
    std::vector<EdgePath> edges;
    QRectF bounds;
    QString error; // empty on success
    double seconds = 0; // layout wall time
};

GraphLayout layoutGraph(const solar::graph::EinsumGraph& graph);
