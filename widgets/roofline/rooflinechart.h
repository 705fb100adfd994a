// SPDX-License-Identifier: MIT
// The roofline chart (all Qt Charts code lives in this class): log-log axes, the DRAM roof, one compute roof per
// unit and precision the machine has, ridge points, and one point per operator at (arithmetic intensity, attained
// FLOP/s at the chosen level), sized by its share of the time and coloured by its bottleneck. Other hardware
// profiles can be overlaid (dashed roofs) for cross-platform comparison.
#pragma once

#include "engine/analysis/analysis.h"
#include "engine/analysis/operators.h"

#include <QWidget>

#include <map>
#include <memory>
#include <vector>

QT_BEGIN_NAMESPACE
class QChart;
class QChartView;
class QLogValueAxis;
class QScatterSeries;
class QLineSeries;
class QLabel;
QT_END_NAMESPACE

class RooflineChart : public QWidget
{
    Q_OBJECT
public:
    explicit RooflineChart(QWidget* parent = nullptr);

    void setResult(std::shared_ptr<const solar::AnalysisResult> result);
    /// The result drawn against `machine` (named `name`): one rebuild for a slider move.
    void setResult(std::shared_ptr<const solar::AnalysisResult> result, const solar::bounds::MachineModel& machine, const QString& name);
    void setLevel(solar::bounds::Level level);
    void setOverlays(const std::vector<std::pair<QString, solar::bounds::MachineModel>>& overlays);
    void selectNode(int node);
    void clear();

    // For tests and reports.
    int pointCount() const; // operators drawn
    int roofCount() const; // roof lines drawn (all machines)
    QPointF pointOfNode(int node) const; // (FLOP/B, FLOP/s); (0, 0) when not drawn
    QChartView* view() const { return m_view; }

signals:
    void nodeSelected(int node);

private:
    void rebuild();
    void clearSeries();
    QString tooltip(int node) const;

    QChartView* m_view = nullptr;
    QChart* m_chart = nullptr;
    QLabel* m_hover = nullptr;
    std::shared_ptr<const solar::AnalysisResult> m_result;
    solar::bounds::MachineModel m_machine;
    QString m_machineName;
    std::vector<std::pair<QString, solar::bounds::MachineModel>> m_overlays;
    solar::bounds::Level m_level = solar::bounds::Level::UnfusedPerKernel; // each op its own kernel: y is its own rate
    std::map<const QScatterSeries*, std::vector<int>> m_nodesOfSeries; // point index -> node
    std::map<int, QPointF> m_pointOfNode;
    std::vector<solar::OperatorRow> m_rows; // of the current result, for tooltips (computed once per rebuild)
    QScatterSeries* m_selection = nullptr;
    QLogValueAxis* m_axisX = nullptr;
    QLogValueAxis* m_axisY = nullptr;
    std::vector<QLineSeries*> m_roofSeries;
    std::vector<QScatterSeries*> m_opSeries; // 4 share buckets x {memory, compute}
    QStringList m_roofKey; // which roofs exist: reuse the series while it is unchanged
    int m_roofs = 0;
    int m_selectedNode = -1;
};
