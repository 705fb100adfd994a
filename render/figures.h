// SPDX-License-Identifier: MIT
// The figures as files, for the GUI's Export menu and `solar export` alike: the roofline as PNG or SVG, the
// einsum graph as SVG (its DOT and YAML come from the engine's exporters). Painted with QtGui only: a
// QGuiApplication (offscreen is enough) and no widgets.
#pragma once

#include "engine/analysis/analysis.h"
#include "engine/analysis/roofline.h"
#include "engine/batch/sweep.h"

#include <QString>

/// The roofline of `result` at `level` as `format` (png or svg), written atomically.
bool exportRoofline(const solar::AnalysisResult& result, const QString& path, const QString& format, QString* why = nullptr,
                    solar::bounds::Level level = solar::bounds::Level::UnfusedPerKernel);
/// Measured time against bound for every problem of a sweep measured on a machine (measuredplot.h), png or svg.
bool exportMeasuredPlot(const solar::batch::SweepResult& sweep, const QString& path, const QString& format, QString* why = nullptr);
bool exportGraphSvg(const solar::AnalysisResult& result, const QString& path, QString* why = nullptr);

/// The plot and title the roofline figure shows for `result` at `level` (one machine, no overlays).
solar::RooflinePlot rooflinePlotOf(const solar::AnalysisResult& result, solar::bounds::Level level);
QString rooflineTitle(const solar::AnalysisResult& result, solar::bounds::Level level, const solar::RooflinePlot& plot);
