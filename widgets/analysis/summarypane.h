// SPDX-License-Identifier: MIT
// The summary: every level's bound and bottleneck, what was not counted, the validation status, and a measured
// runtime (typed, or imported from a KernelBench-style timing file) with the headroom per level. A measured time
// below a bound is a SOL violation, shown as a warning: either the measurement or the model is wrong.
#pragma once

#include "engine/analysis/analysis.h"

#include <QWidget>

#include <memory>
#include <optional>

class QDoubleSpinBox;
class SecondsEdit;
class QLabel;
class QPushButton;
class QTableWidget;

class ResultsModel;
class StaleBanner;

class SummaryPane : public QWidget
{
    Q_OBJECT
public:
    enum Column { LevelColumn, Bound, Bottleneck, Compute, Memory, DramBytes, Intensity, Headroom, ColumnCount };

    explicit SummaryPane(QWidget* parent = nullptr);
    /// Shows what `results` holds and follows its changes.
    void follow(const ResultsModel& results);

    void setResult(std::shared_ptr<const solar::AnalysisResult> result);
    void setMeasuredSeconds(std::optional<double> seconds);
    /// A measured time for the result about to come (a project being opened): the next result adopts it.
    void setPendingMeasuredSeconds(std::optional<double> seconds);
    std::optional<double> measuredSeconds() const;
    /// Asks for a KernelBench timing file and takes the time it lists for `sourcePath` (by level folder and name).
    void importTimings(const QString& sourcePath);

    QTableWidget* ladderTable() const { return m_ladder; }
    QString programText() const; // the header: program, hardware (what-if with its factors), policy, caches
    QString validationText() const;
    QString violationText() const;
    QString coverageText() const;
    QString notesText() const; // the ladder's notes (why F2 can exceed F1, what cache_aware added, ...)
    /// The bounds are shown while their validation still runs: says so instead of the (pending) verdict.
    void setValidationRunning(bool running);
    /// Why the last measured time was set aside (empty when none was): a measured time belongs to one program, size
    /// set and hardware, and is cleared when any of them changes.
    QString measurementNote() const;
    /// What identifies a measurement's subject: program file and name, sizes, hardware profile.
    static QString measurementKey(const solar::AnalysisResult& result);
    /// "F3 fused (SOL)": the level's short label, as the operator table's headers name it.
    static QString levelLabel(solar::bounds::Level level);

signals:
    void importTimingsRequested();

private:
    void refresh();
    void measurementEdited();

    std::shared_ptr<const solar::AnalysisResult> m_result;
    QLabel* m_program = nullptr;
    StaleBanner* m_stale = nullptr;
    QLabel* m_validation = nullptr;
    QLabel* m_coverage = nullptr;
    QTableWidget* m_ladder = nullptr;
    SecondsEdit* m_measured = nullptr;
    QPushButton* m_import = nullptr;
    QLabel* m_violation = nullptr;
    QLabel* m_measurementNote = nullptr;
    QLabel* m_notes = nullptr;
    bool m_validationRunning = false;
    QString m_measuredKey; // measurementKey() of the result the measured time was given for
    bool m_settingMeasured = false;
};
