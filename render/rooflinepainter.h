// SPDX-License-Identifier: MIT
// The roofline painted with QPainter (the interactive chart, exports, reports, any paint device): log-log axes with
// ticks in engineering units, every roof as a labelled line (name and value at the line), operators as points
// sized by their share of the time and coloured by bottleneck, the program's point at the level, and a legend that
// wraps to the width. QtGui only, no widgets.
#pragma once

#include "engine/analysis/roofline.h"

#include <QPointF>
#include <QRectF>
#include <QSizeF>
#include <QString>

class QPainter;

/// The visible part of the data space (FLOP/byte x FLOP/s); empty: the plot's own ranges.
struct RooflineRange
{
    double xMin = 0, xMax = 0, yMin = 0, yMax = 0;
    bool isEmpty() const { return xMax <= xMin || yMax <= yMin; }
};

/// Where the axes sit in a figure of a given size, and the mapping between data and figure coordinates.
struct RooflineFrame
{
    QRectF area; // the plotting area
    RooflineRange range;
    QPointF map(double x, double y) const;
    QPointF unmap(const QPointF& at) const; // figure coordinates -> (FLOP/byte, FLOP/s)
    double unit = 1; // figure scale: markers and lines grow with the figure
    double text = 1; // text scale: unit times the caller's font scale (reports enlarge text to print at 8 pt or more)
};

RooflineFrame rooflineFrame(const QSizeF& size, const solar::RooflinePlot& plot, const RooflineRange& range = {}, double fontScale = 1);

/// The radius at which operator points of each share bucket are drawn, in figure units (times frame.unit).
double rooflineMarkerRadius(int bucket);

/// Paints `plot` into the rectangle (0, 0, size) in the painter's coordinates (text sizes in the same unit), showing
/// `range` (empty: all of it), ringing `selectedNode` (-1: none), with text `fontScale` times its default size.
void paintRoofline(QPainter& painter, const QSizeF& size, const solar::RooflinePlot& plot, const QString& title,
                   const RooflineRange& range = {}, int selectedNode = -1, double fontScale = 1);

/// "1 TFLOP/s", "10 GFLOP/s" for the y axis; "0.1", "10", "1 K" for the x axis (FLOP/byte).
QString rooflineTickText(double value, bool flopsAxis);

/// The ticks of a log axis from `lo` to `hi`: each decade, and 2 and 5 times it when fewer than three decades show.
std::vector<double> rooflineTicks(double lo, double hi);

/// The roof's label as drawn at its line ("DRAM 3.35 TB/s", "tensor fp16 989 TFLOP/s"; overlays prefixed by name).
QString rooflineRoofText(const solar::RooflineRoof& roof);
