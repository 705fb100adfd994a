// SPDX-License-Identifier: MIT
// The operators pane: the sortable, filterable operator table (its model and proxy) with the CSV export button.
#pragma once

#include "engine/analysis/analysis.h"

#include <QWidget>

#include <memory>
#include <optional>
#include <vector>

class OperatorTableModel;
class QLabel;
class QLineEdit;
class QSortFilterProxyModel;
class QTableView;

class ResultsModel;
class StaleBanner;

class OperatorPane : public QWidget
{
    Q_OBJECT
public:
    explicit OperatorPane(QWidget* parent = nullptr);
    /// Shows what `results` holds and follows its changes.
    void follow(const ResultsModel& results);

    OperatorTableModel* model() const { return m_model; }
    QSortFilterProxyModel* proxy() const { return m_proxy; }
    QTableView* table() const { return m_table; }
    QLineEdit* filter() const { return m_filter; }
    /// Shown over the table while the times are on what-if hardware (with the factors); hidden otherwise.
    QLabel* whatIfLabel() const { return m_whatIf; }
    StaleBanner* staleBanner() const { return m_stale; }

    void setResult(std::shared_ptr<const solar::AnalysisResult> result);
    void setShareLevel(solar::bounds::Level level);
    /// Per graph node, its measured time (a profiler trace); empty hides the measured columns.
    void setMeasured(std::vector<std::optional<double>> measuredNodeSeconds);
    /// Shows `node` as the current row without emitting nodeSelected.
    void selectNode(int node);

signals:
    void nodeSelected(int node);
    void exportCsvRequested();

private:
    OperatorTableModel* m_model = nullptr;
    QSortFilterProxyModel* m_proxy = nullptr;
    QTableView* m_table = nullptr;
    QLineEdit* m_filter = nullptr;
    QLabel* m_whatIf = nullptr;
    StaleBanner* m_stale = nullptr;
    bool m_selecting = false;
};
