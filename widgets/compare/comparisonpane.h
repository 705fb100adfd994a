// SPDX-License-Identifier: MIT
// Cross-hardware comparison in the GUI: the current program on the checked profiles — each level's bound, the
// speedup against a chosen baseline, the bottleneck and where it moves — as a table and a bar chart of the fused
// bound (drawn with QPainter).
#pragma once

#include "engine/analysis/analysis.h"
#include "engine/analysis/comparison.h"
#include "engine/hw/registry.h"

#include <QWidget>

#include <memory>

class QComboBox;
class QLabel;
class QListWidget;
class QTableWidget;
class ComparisonBars;

class ResultsModel;

class ComparisonPane : public QWidget
{
    Q_OBJECT
public:
    explicit ComparisonPane(QWidget* parent = nullptr);
    /// Shows what `results` holds and follows its changes.
    void follow(const ResultsModel& results);

    /// The window's registry (not copied: it calls this again after a reload).
    void setRegistry(const solar::hw::HwRegistry* registry);
    void setResult(std::shared_ptr<const solar::AnalysisResult> result);
    /// Checks exactly these profiles (ids); the first becomes the baseline.
    void setProfiles(const QStringList& ids);
    void setBaseline(const QString& id);
    const solar::Comparison& comparison() const { return m_comparison; }
    QTableWidget* table() const { return m_table; }
    QListWidget* profileList() const { return m_profiles; }
    QComboBox* baselineBox() const { return m_baseline; }
    /// Which profiles' F0 includes a per-operator floor (with its value and total) and which has none.
    QString floorsText() const;

private:
    void refresh();

    const solar::hw::HwRegistry* m_registry = nullptr;
    std::shared_ptr<const solar::AnalysisResult> m_result;
    solar::Comparison m_comparison;
    QListWidget* m_profiles = nullptr;
    QComboBox* m_baseline = nullptr;
    QTableWidget* m_table = nullptr;
    ComparisonBars* m_bars = nullptr;
    QLabel* m_moves = nullptr;
    QLabel* m_floors = nullptr;
    bool m_quiet = false;
};
