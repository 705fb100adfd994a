// SPDX-License-Identifier: MIT
// The program split over devices in the GUI (docs/parallel.md): a device count (tensor parallel), pipeline stages
// with their micro-batches, data-parallel replicas and expert-parallel devices, then the system's levels (each device's bound, the
// collectives over the links, overlapped and serialised, the communication's share), the collectives, what each
// device holds, the split's validation and what was not split. The split runs in the background when the program or
// a count changes; the hardware pane's sliders re-bound a tensor split without splitting again (a whole plan, with
// stages, replicas or experts, runs again on the what-if profile).
#pragma once

#include "engine/hw/whatif.h"
#include "engine/parallel/parallelanalysis.h"
#include "engine/parallel/plananalysis.h"

#include <QFutureWatcher>
#include <QWidget>

#include <array>
#include <atomic>
#include <memory>
#include <optional>

class QLabel;
class QPlainTextEdit;
class QSpinBox;
class QTableWidget;
class ResultsModel;

class ParallelPane : public QWidget
{
    Q_OBJECT
public:
    explicit ParallelPane(QWidget* parent = nullptr);
    /// Splits what `results` holds and follows its changes: a new program splits again; on new what-if factors (the
    /// model owns them, the link factor included) a tensor split re-solves each device and re-bounds its links, and a
    /// whole plan runs again on the what-if profile.
    void follow(const ResultsModel& results);
    /// A result alone, on its own machine (no what-if): what follow() does on each change, without a model.
    void setResult(std::shared_ptr<const solar::AnalysisResult> result, bool newProgram = true);
    void setDevices(int devices);
    int devices() const;
    /// Pipeline stages, their micro-batches, data-parallel replicas and expert-parallel devices (1, 1, 1, 1: tensor
    /// parallelism alone).
    void setPlan(int stages, int microBatches, int replicas, int experts = 1);
    /// What setPlan() set (or the boxes show): stages, micro-batches, replicas, experts.
    std::array<int, 4> planCounts() const;
    /// The whole plan shown when stages or replicas are more than 1 (nullopt otherwise, or while it runs).
    const std::optional<solar::parallel::PlanAnalysis>& plan() const { return m_plan; }
    /// The split shown (nullopt: one device, no result, a failed plan — the status says which — or still running).
    const std::optional<solar::parallel::ParallelAnalysis>& analysis() const { return m_shown; }
    /// Waits for a split in progress (tests, exports).
    void waitForSplit();

    QSpinBox* devicesBox() const { return m_devices; }
    QSpinBox* stagesBox() const { return m_stages; }
    QTableWidget* table() const { return m_table; }
    QLabel* status() const { return m_status; }
    QPlainTextEdit* details() const { return m_details; }

signals:
    void splitChanged();

private:
    void split();
    void show();
    void splitPlan();
    /// The levels table: each level's per-device, communication, overlapped and serialised times and `shares`.
    void fillLevels(const std::array<solar::parallel::SystemLevel, solar::bounds::kLevelCount>& levels, double communicationSeconds,
                    const std::array<double, solar::bounds::kLevelCount>& shares);
    void showPlan();
    bool planMode() const;

    std::shared_ptr<const solar::AnalysisResult> m_result;
    std::optional<solar::parallel::ParallelAnalysis> m_split; // as computed on the profile's links
    std::optional<solar::parallel::ParallelAnalysis> m_shown; // under the current machine and link factor
    void onResult(std::shared_ptr<const solar::AnalysisResult> result, bool newProgram, const solar::hw::WhatIfFactors& factors);

    const ResultsModel* m_results = nullptr;
    solar::hw::WhatIfFactors m_whatIf; // the followed model's, as the split shown used them
    int m_generation = 0;
    // The generation the background plan should still compute: a newer request cancels it between its steps.
    std::shared_ptr<std::atomic<int>> m_latest = std::make_shared<std::atomic<int>>(0);
    QFutureWatcher<std::pair<int, solar::Expected<solar::parallel::ParallelAnalysis>>> m_watcher;
    std::optional<solar::parallel::PlanAnalysis> m_plan;
    QFutureWatcher<std::pair<int, solar::Expected<solar::parallel::PlanAnalysis>>> m_planWatcher;
    QSpinBox* m_devices = nullptr;
    QSpinBox* m_stages = nullptr;
    QSpinBox* m_microBatches = nullptr;
    QSpinBox* m_replicas = nullptr;
    QSpinBox* m_experts = nullptr;
    QTableWidget* m_table = nullptr;
    QLabel* m_status = nullptr;
    QPlainTextEdit* m_details = nullptr;
};
