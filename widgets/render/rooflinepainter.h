// SPDX-License-Identifier: MIT
// The roofline painted with QPainter (exports, reports, and any paint device): log-log axes with ticks in
// engineering units, every roof as a labelled line (name and value at the line), operators as points sized by
// their share of the time and coloured by bottleneck, and a legend. QtGui only, no widgets and no Qt Charts.
#pragma once

#include "engine/analysis/roofline.h"

#include <QSizeF>
#include <QString>

class QPainter;

/// Paints `plot` into the rectangle (0, 0, size) in the painter's coordinates (text sizes in the same unit).
void paintRoofline(QPainter& painter, const QSizeF& size, const solar::RooflinePlot& plot, const QString& title);

/// "1 TFLOP/s", "10 GFLOP/s" for the y axis; "0.1", "10", "1 K" for the x axis (FLOP/byte).
QString rooflineTickText(double value, bool flopsAxis);
