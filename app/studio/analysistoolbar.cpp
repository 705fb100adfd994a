// SPDX-License-Identifier: MIT
#include "app/studio/analysistoolbar.h"

#include "engine/source/registry.h"
#include "widgets/editor/frontendoptionbar.h"
#include "widgets/editor/frontendselector.h"

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
    m_options = new FrontendOptionBar(this);
    m_optionsAction = addWidget(m_options);
    connect(m_options, &FrontendOptionBar::changed, this, &AnalysisToolbar::optionsChanged);
    connect(m_frontend, &QComboBox::currentIndexChanged, this, &AnalysisToolbar::updateOptions);
    updateOptions();
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

void AnalysisToolbar::setSourcePath(const QString& path)
{
    m_sourcePath = path;
    updateOptions();
}

solar::FrontendSettings AnalysisToolbar::settings() const
{
    return m_options->settings();
}

void AnalysisToolbar::setSettings(const solar::FrontendSettings& settings)
{
    m_options->setSettings(settings);
}

bool AnalysisToolbar::optionsShown() const
{
    return m_optionsAction->isVisible();
}

void AnalysisToolbar::reloadChoices()
{
    m_options->reloadChoices();
}

void AnalysisToolbar::updateOptions()
{
    // The options of the frontend chosen, or of the automatic choice for this source.
    m_options->setFrontend(solar::chooseFrontend(frontend(), m_sourcePath.toStdString()), m_sourcePath);
    m_optionsAction->setVisible(m_options->hasControls());
}
