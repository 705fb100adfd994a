// SPDX-License-Identifier: MIT
// The figures as files, for the GUI's Export menu and `solar export` alike: the roofline as PNG or SVG, the
// einsum graph as SVG (its DOT and YAML come from the engine's exporters). Needs a QApplication (offscreen is
// enough).
#pragma once

#include "engine/analysis/analysis.h"

#include <QString>

#include <memory>

/// `format`: png or svg. Empty on success, else why not.
QString exportRoofline(std::shared_ptr<const solar::AnalysisResult> result, const QString& path, const QString& format);
QString exportGraphSvg(const solar::AnalysisResult& result, const QString& path);

class QGraphicsScene;
struct GraphLayout;
/// The einsum graph as static items (boxes coloured by bottleneck, titles, edges and optionally their labels):
/// what the SVG export and the PDF report draw.
void populateGraphScene(QGraphicsScene& scene, const solar::AnalysisResult& result, const GraphLayout& layout, double fontPoints, bool edgeLabels);
