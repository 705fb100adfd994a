// SPDX-License-Identifier: MIT
// The toolbar's choice of a problem's workload (a SOL-ExecBench definition.json: its workload.jsonl beside it): one
// entry per workload, named by its uuid and its var axes; the current one is what the sol-execbench frontend
// analyses and what every pane shows. A workload file that cannot be read leaves one disabled entry saying why.
#pragma once

#include <QComboBox>

#include <string>

class WorkloadSelector : public QComboBox
{
    Q_OBJECT
public:
    explicit WorkloadSelector(QWidget* parent = nullptr);

    /// Reads the workloads of the problem `path` names (a definition.json or its folder), keeping the current
    /// workload where the new list has it; quietly (no currentIndexChanged).
    void setProblem(const QString& path);
    /// The current workload's uuid; empty when there is none (the frontend then takes the first).
    std::string workload() const;
    /// Selects the workload with this uuid, quietly; an unknown one is kept for the next setProblem.
    void setWorkload(const std::string& uuid);

private:
    std::string m_wanted; // asked for before the list that has it was read
};
