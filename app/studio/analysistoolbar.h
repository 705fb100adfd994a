// SPDX-License-Identifier: MIT
// The window's analysis toolbar: which frontend reads the source, how the program is run (the execution mode of
// the eager level F0: eager, CUDA graph, none), while a model config.json is open, which serving step of it is
// analysed (phase, batch, tokens), and while a problem's definition.json is open, which of its workloads. A change of
// the mode, the step or the workload asks for a new analysis; projects keep them all.
#pragma once

#include "engine/bounds/ladder.h"
#include "engine/serving/servingsource.h"

#include <QToolBar>

#include <string>

class FrontendSelector;
class QComboBox;
class ServingControls;
class WorkloadSelector;

class AnalysisToolbar : public QToolBar
{
    Q_OBJECT
public:
    explicit AnalysisToolbar(QWidget* parent = nullptr);

    /// "auto" or a registered frontend's id; an unknown one selects "auto".
    std::string frontend() const;
    void setFrontend(const std::string& frontend);
    solar::bounds::ExecutionMode mode() const;
    void setMode(solar::bounds::ExecutionMode mode); // quietly, like setServing
    solar::serving::ServingPoint serving() const;
    void setServing(const solar::serving::ServingPoint& point);
    /// The source's path decides, with the frontend, whether the serving step is offered.
    void setSourcePath(const QString& path);
    bool servingShown() const;
    /// The problem's workload analysed (a uuid; empty: the first).
    std::string workload() const;
    void setWorkload(const std::string& uuid); // quietly, like setServing
    bool workloadShown() const;
    /// Reads the problem's workloads again (after its workload file changed).
    void reloadWorkloads();

signals:
    void servingChanged();
    void modeChanged();
    void workloadChanged();

private:
    void updateServing();

    FrontendSelector* m_frontend = nullptr;
    QComboBox* m_mode = nullptr;
    ServingControls* m_serving = nullptr;
    QAction* m_servingAction = nullptr;
    WorkloadSelector* m_workload = nullptr;
    QAction* m_workloadAction = nullptr;
    QString m_sourcePath;
};
