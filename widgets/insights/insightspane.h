// SPDX-License-Identifier: MIT
// The Insights pane: the ranked optimisation opportunities of the shown analysis, with a bar per saved time, the
// selected one's explanation, the reference they are taken from, and a profiler trace to load (per-op measured
// times). Selecting an opportunity asks the window to select its operators everywhere and ring them in the graph.
#pragma once

#include "engine/analysis/analysis.h"
#include "engine/insights/insights.h"
#include "engine/measure/profiletrace.h"

#include <QWidget>

#include <memory>
#include <optional>

class InsightsModel;
class QLabel;
class QPushButton;
class QTableView;
class QTextBrowser;

class ResultsModel;

class InsightsPane : public QWidget
{
    Q_OBJECT
public:
    explicit InsightsPane(QWidget* parent = nullptr);
    /// Shows what `results` holds and follows its changes.
    void follow(const ResultsModel& results);

    /// `trace`: the matched profiler trace the measured gaps come from (none: the model's opportunities only).
    void setInsights(std::shared_ptr<const solar::AnalysisResult> result, solar::insights::Insights insights,
                     const std::optional<solar::measure::TraceMatch>& trace);
    void clear();
    /// Makes row `row` current (and emits opportunitySelected).
    void selectOpportunity(int row);

    InsightsModel* model() const { return m_model; }
    QTableView* table() const { return m_table; }
    QLabel* summary() const { return m_summary; }
    QTextBrowser* explanation() const { return m_explanation; }
    QPushButton* loadTraceButton() const { return m_load; }
    QPushButton* clearTraceButton() const { return m_clearTrace; }

signals:
    void opportunitySelected(const QList<int>& nodes);
    void loadTraceRequested();
    void clearTraceRequested();

private:
    void currentChanged();

    InsightsModel* m_model = nullptr;
    QTableView* m_table = nullptr;
    QLabel* m_summary = nullptr;
    QTextBrowser* m_explanation = nullptr;
    QPushButton* m_load = nullptr;
    QPushButton* m_clearTrace = nullptr;
};
