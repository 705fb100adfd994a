// SPDX-License-Identifier: MIT
#include "app/studio/analysistoolbar.h"

#include "engine/frontend/frontend.h"
#include "widgets/editor/frontendselector.h"
#include "widgets/hardware/servingcontrols.h"

#include <QLabel>

AnalysisToolbar::AnalysisToolbar(QWidget* parent)
    : QToolBar(tr("Analysis"), parent)
{
    setObjectName(QStringLiteral("toolbar-analysis"));
    addWidget(new QLabel(tr(" Frontend: "), this));
    m_frontend = new FrontendSelector(this);
    addWidget(m_frontend);
    m_serving = new ServingControls(this);
    m_servingAction = addWidget(m_serving);
    connect(m_serving, &ServingControls::changed, this, &AnalysisToolbar::servingChanged);
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

void AnalysisToolbar::updateServing()
{
    // The serving step matters only to a frontend that serves a model step by step (a config.json), chosen or
    // the automatic choice for this source.
    const solar::Frontend* f = solar::chooseFrontend(frontend(), m_sourcePath.toStdString());
    m_servingAction->setVisible(f && f->servesSteps());
}
