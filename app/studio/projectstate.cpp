// SPDX-License-Identifier: MIT
#include "app/studio/projectstate.h"

#include "app/studio/analysistoolbar.h"
#include "app/studio/document.h"
#include "widgets/analysis/summarypane.h"
#include "widgets/editor/sourceeditor.h"
#include "widgets/graph/graphpane.h"
#include "widgets/hardware/hardwarepane.h"
#include "widgets/parallel/parallelpane.h"
#include "widgets/roofline/rooflinepane.h"

Project captureProject(const Document& document, const AnalysisToolbar& toolbar, const Panes& panes)
{
    Project p;
    p.sourcePath = document.path();
    p.sourceName = document.name();
    p.sourceText = document.editor()->text();
    p.frontend = QString::fromStdString(toolbar.frontend());
    p.mode = QString::fromLatin1(solar::bounds::modeName(toolbar.mode()).data());
    for (const auto& [key, value] : toolbar.settings())
        p.frontendOptions[QString::fromStdString(key)] = QString::fromStdString(value);
    p.hardware = panes.hardware->profileId();
    p.factors = panes.hardware->factors();
    p.targetMs = panes.hardware->targetMs();
    p.targetLevel = QString::fromLatin1(solar::bounds::levelName(panes.hardware->targetLevel()).data());
    p.measuredSeconds = panes.summary->measuredSeconds();
    p.rooflineLevel = panes.roofline->levelKey();
    p.graphColour = panes.graph->colourKey();
    p.devices = panes.parallel->devices();
    const auto counts = panes.parallel->planCounts();
    p.stages = counts[0];
    p.microBatches = counts[1];
    p.replicas = counts[2];
    p.experts = counts[3];
    return p;
}

void restoreProject(const Project& p, Document& document, AnalysisToolbar& toolbar, const Panes& panes)
{
    document.setSource(p.sourcePath, p.sourceName.isEmpty() ? QStringLiteral("model.py") : p.sourceName, p.sourceText);
    toolbar.setFrontend(p.frontend.toStdString()); // an unknown one selects "auto"
    solar::FrontendSettings options;
    for (auto it = p.frontendOptions.cbegin(); it != p.frontendOptions.cend(); ++it)
        options[it.key().toStdString()] = it.value().toStdString();
    toolbar.setSettings(options); // before the source path: a problem's workload list is read then
    toolbar.setMode(solar::bounds::parseMode(p.mode.toStdString()).value_or(solar::bounds::ExecutionMode::Eager));
    toolbar.setSourcePath(p.sourcePath.isEmpty() ? p.sourceName : p.sourcePath);
    if (!p.hardware.isEmpty())
        panes.hardware->selectProfile(p.hardware);
    panes.hardware->setFactors(p.factors);
    panes.hardware->setTargetMs(p.targetMs);
    panes.summary->setPendingMeasuredSeconds(p.measuredSeconds); // for the analysis of this project's source
    panes.roofline->setLevelKey(p.rooflineLevel);
    panes.graph->setColourKey(p.graphColour);
    panes.parallel->setDevices(p.devices);
    panes.parallel->setPlan(p.stages, p.microBatches, p.replicas, p.experts);
}
