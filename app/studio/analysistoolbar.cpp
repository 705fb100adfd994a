// SPDX-License-Identifier: MIT
#include "app/studio/analysistoolbar.h"

#include "engine/frontend/frontend.h"
#include "widgets/editor/frontendselector.h"
#include "widgets/editor/workloadselector.h"
#include "widgets/hardware/servingcontrols.h"

#include <QComboBox>
#include <QLabel>
#include <QSignalBlocker>

AnalysisToolbar::AnalysisToolbar(QWidget* parent)
    : QToolBar(tr("Analysis"), parent)
{
    setObjectName(QStringLiteral("toolbar-analysis"));
    addWidget(new QLabel(tr(" Frontend: "), this));
    m_frontend = new FrontendSelector(this);
    addWidget(m_frontend);
    addWidget(new QLabel(tr(" Execution: "), this));
    m_mode = new QComboBox(this);
    m_mode->setObjectName(QStringLiteral("execution-mode"));
    m_mode->addItem(tr("eager"), static_cast<int>(solar::bounds::ExecutionMode::Eager));
    m_mode->addItem(tr("CUDA graph / compiled"), static_cast<int>(solar::bounds::ExecutionMode::Graph));
    m_mode->addItem(tr("no floor"), static_cast<int>(solar::bounds::ExecutionMode::None));
    m_mode->setToolTip(tr("How the program runs, for the eager level F0: eager pays the profile's host dispatch and kernel-launch "
                          "floors, a CUDA graph or compiled program the launch floor only, no floor neither. The SOL levels never "
                          "pay them."));
    addWidget(m_mode);
    connect(m_mode, &QComboBox::currentIndexChanged, this, &AnalysisToolbar::modeChanged);
    m_serving = new ServingControls(this);
    m_servingAction = addWidget(m_serving);
    connect(m_serving, &ServingControls::changed, this, &AnalysisToolbar::servingChanged);
    m_workload = new WorkloadSelector(this);
    m_workloadAction = addWidget(m_workload);
    connect(m_workload, &QComboBox::currentIndexChanged, this, &AnalysisToolbar::workloadChanged);
    connect(m_frontend, &QComboBox::currentIndexChanged, this, &AnalysisToolbar::updateServing);
    updateServing();
}

std::string AnalysisToolbar::frontend() const
{
    return m_frontend->frontend();
}

void AnalysisToolbar::setFrontend(const std::string& frontend)
{
    m_frontend->setFrontend(frontend);
}

solar::bounds::ExecutionMode AnalysisToolbar::mode() const
{
    return static_cast<solar::bounds::ExecutionMode>(m_mode->currentData().toInt());
}

void AnalysisToolbar::setMode(solar::bounds::ExecutionMode mode)
{
    const QSignalBlocker quiet(m_mode); // restoring a project analyses once, after everything is restored
    m_mode->setCurrentIndex(m_mode->findData(static_cast<int>(mode)));
}

solar::serving::ServingPoint AnalysisToolbar::serving() const
{
    return m_serving->point();
}

void AnalysisToolbar::setServing(const solar::serving::ServingPoint& point)
{
    m_serving->setPoint(point); // quietly: restoring a project analyses once, after everything is restored
}

void AnalysisToolbar::setSourcePath(const QString& path)
{
    m_sourcePath = path;
    updateServing();
}

bool AnalysisToolbar::servingShown() const
{
    return m_servingAction->isVisible();
}

std::string AnalysisToolbar::workload() const
{
    return m_workloadAction->isVisible() ? m_workload->workload() : std::string();
}

void AnalysisToolbar::setWorkload(const std::string& uuid)
{
    m_workload->setWorkload(uuid);
}

bool AnalysisToolbar::workloadShown() const
{
    return m_workloadAction->isVisible();
}

void AnalysisToolbar::reloadWorkloads()
{
    if (m_workloadAction->isVisible())
        m_workload->setProblem(m_sourcePath);
}

void AnalysisToolbar::updateServing()
{
    // The serving step matters only to a frontend that serves a model step by step (a config.json), the workload
    // only to a problem with workloads: the frontend chosen, or the automatic choice for this source.
    const solar::Frontend* f = solar::chooseFrontend(frontend(), m_sourcePath.toStdString());
    m_servingAction->setVisible(f && f->servesSteps());
    const bool workloads = f && f->hasWorkloads();
    m_workloadAction->setVisible(workloads);
    if (workloads)
        m_workload->setProblem(m_sourcePath);
}
