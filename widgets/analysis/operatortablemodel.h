// SPDX-License-Identifier: MIT
// The operator table's model: one row per einsum-graph node of an analysis (engine/analysis/operators.h), with
// units in the headers. Display text is formatted; Qt::UserRole holds the raw number so a sort proxy sorts by
// value, and NodeRole holds the node id for linked selection.
#pragma once

#include "engine/analysis/analysis.h"
#include "engine/analysis/operators.h"

#include <QAbstractTableModel>

#include <memory>
#include <optional>
#include <vector>

class OperatorTableModel : public QAbstractTableModel
{
    Q_OBJECT
public:
    // The key columns first (what a user scans at a glance: which operator, where in the model, its bound and
    // share), the details after.
    enum Column {
        Name,
        Module,
        SourceOp,
        Line,
        Bottleneck,
        Share,
        Measured, // a profiler trace's time for the operator ("-" without one)
        PercentOfSol, // its eager bound standing alone (F0) / its measured time
        TimeF0,
        TimeF1,
        TimeF2,
        TimeF3,
        TimeF4,
        Flops,
        Bytes,
        Intensity,
        Kind,
        Equation,
        Shape,
        ColumnCount
    };
    static constexpr int NodeRole = Qt::UserRole + 1;
    static constexpr int SortRole = Qt::UserRole;

    explicit OperatorTableModel(QObject* parent = nullptr);

    void setResult(std::shared_ptr<const solar::AnalysisResult> result);
    const solar::AnalysisResult* result() const { return m_result.get(); }
    /// The level whose share is shown in the Share column.
    void setShareLevel(solar::bounds::Level level);
    /// Per graph node, its measured time (insights::measuredNodeSeconds); empty: no measurement.
    void setMeasured(std::vector<std::optional<double>> measuredNodeSeconds);
    bool hasMeasured() const { return !m_measured.empty(); }

    int rowOfNode(int node) const;

    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role) const override;

private:
    std::shared_ptr<const solar::AnalysisResult> m_result;
    std::vector<solar::OperatorRow> m_rows;
    solar::bounds::Level m_shareLevel = solar::bounds::Level::Fused;
    std::vector<std::optional<double>> m_measured;
};
