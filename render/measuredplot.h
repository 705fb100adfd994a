// SPDX-License-Identifier: MIT
// Measured time against bound, one marker per problem and bound (log-log): the diagonal is measured = bound, and
// a marker below it is a violation of that bound. Painted with QtGui only, for `solar plot` and reports alike.
#pragma once

#include "engine/batch/sweep.h"

#include <QColor>
#include <QSizeF>
#include <QString>

#include <vector>

class QPainter;

struct MeasuredSeries
{
    QString label; // "eager vs fused (F3)"
    QColor colour;
    bool filled = true;
    struct Point
    {
        double boundSeconds = 0;
        double measuredSeconds = 0;
    };
    std::vector<Point> points;
};

/// The series of a sweep: every compared problem's measured time against its fused and unfused_per_kernel bounds
/// (at the sizes it was measured at), and the compiled time against the fused bound where there is one.
std::vector<MeasuredSeries> measuredSeries(const solar::batch::SweepResult& sweep);

void paintMeasuredPlot(QPainter& painter, const QSizeF& size, const std::vector<MeasuredSeries>& series, const QString& title);
