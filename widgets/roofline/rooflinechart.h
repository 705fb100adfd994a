// SPDX-License-Identifier: MIT
// The interactive roofline: the figure reports and exports paint (render/rooflinepainter.h), with zoom (wheel, or a
// rubber band dragged with the left button), pan (right or middle button, or Shift and the left one), reset
// (double-click or Home), hover details in a panel of fixed height, and click-to-select linked to the other panes.
// Other hardware profiles can be overlaid (dashed roofs) for cross-platform comparison.
#pragma once

#include "engine/analysis/analysis.h"
#include "engine/analysis/roofline.h"
#include "render/rooflinepainter.h"

#include <QWidget>

#include <memory>
#include <optional>
#include <vector>

QT_BEGIN_NAMESPACE
class QLabel;
class QRubberBand;
QT_END_NAMESPACE

class RooflineCanvas;

class RooflineChart : public QWidget
{
    Q_OBJECT
public:
    explicit RooflineChart(QWidget* parent = nullptr);

    /// The result on its own machine (result->machine, named by its hardware profile).
    void setResult(std::shared_ptr<const solar::AnalysisResult> result);
    void setLevel(solar::bounds::Level level);
    void setOverlays(const std::vector<solar::RooflineMachine>& overlays);
    void selectNode(int node);
    /// Per graph node, its measured time (a profiler trace; empty: none): drawn as a ring under its bound point.
    void setMeasured(std::vector<std::optional<double>> measuredNodeSeconds);
    int measuredPointCount() const;
    void clear();

    /// Zoom by `factor` (> 1: in) about the data point under `at` (canvas coordinates; default: the centre).
    void zoomBy(double factor, std::optional<QPointF> at = std::nullopt);
    void zoomToRect(const QRect& canvasRect);
    void panBy(const QPointF& canvasDelta);
    void resetZoom();
    bool isZoomed() const { return !m_range.isEmpty(); }

    // For tests and reports.
    const solar::RooflinePlot& plot() const { return m_plot; }
    RooflineRange visibleRange() const; // the part of the data space shown
    int pointCount() const; // operators drawn
    int roofCount() const; // roof lines drawn (all machines)
    QStringList roofLabels() const; // as written at the lines
    QPointF pointOfNode(int node) const; // (FLOP/B, FLOP/s); (0, 0) when not drawn
    QPointF canvasPointOfNode(int node) const; // where it is drawn, in canvas coordinates
    QPointF canvasPointOf(double flopsPerByte, double flopsPerSecond) const; // a data point, in canvas coordinates
    QString tooltipOfNode(int node) const;
    QString title() const { return m_title; }
    QWidget* canvas() const;
    QLabel* hoverPanel() const { return m_hover; }

signals:
    void nodeSelected(int node);
    void zoomChanged(bool zoomed);

private:
    friend class RooflineCanvas;
    void rebuild();
    void showRange(const RooflineRange& range); // a zoomed or panned view
    int nodeAt(const QPointF& canvasPoint) const;
    void showHover(const QPointF& canvasPoint);
    QString programTooltip() const;
    QString detailsText() const; // the panel under the chart: the selected operator, else how to get one

    RooflineCanvas* m_canvas = nullptr;
    QLabel* m_hover = nullptr;
    std::shared_ptr<const solar::AnalysisResult> m_result;
    std::vector<solar::RooflineMachine> m_overlays;
    solar::bounds::Level m_level = solar::bounds::Level::UnfusedPerKernel;
    solar::RooflinePlot m_plot;
    RooflineRange m_range; // empty: everything
    QString m_title;
    int m_selectedNode = -1;
    std::vector<std::optional<double>> m_measured;
};
