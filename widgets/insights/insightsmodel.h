// SPDX-License-Identifier: MIT
// The Insights pane's model: one row per optimisation opportunity (engine/insights/insights.h), ranked. Display text
// is formatted; SortRole holds the raw number, BarRole the saved time as a fraction of the largest one (the bar the
// pane draws), NodesRole the operators it concerns.
#pragma once

#include "engine/analysis/analysis.h"
#include "engine/insights/insights.h"

#include <QAbstractTableModel>

#include <memory>

class InsightsModel : public QAbstractTableModel
{
    Q_OBJECT
public:
    enum Column { Rank, Kind, Saved, Share, Lines, What, ColumnCount };
    static constexpr int SortRole = Qt::UserRole;
    static constexpr int BarRole = Qt::UserRole + 1;
    static constexpr int NodesRole = Qt::UserRole + 2; // QList<int>

    explicit InsightsModel(QObject* parent = nullptr);

    void setInsights(std::shared_ptr<const solar::AnalysisResult> result, solar::insights::Insights insights);
    const solar::insights::Insights& insights() const { return m_insights; }
    /// The translated name of a kind ("fusion", "precision", ...).
    static QString kindText(solar::insights::Kind kind);

    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role) const override;

private:
    std::shared_ptr<const solar::AnalysisResult> m_result;
    solar::insights::Insights m_insights;
    double m_largest = 0;
};
