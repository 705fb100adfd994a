// SPDX-License-Identifier: MIT
// What a project (.solar) keeps of the window, taken from and given back to the document and the panes: the
// source, the frontend and serving step, the hardware settings (profile, slider factors, target latency and level), a measured
// runtime, the roofline's level, the graph's colouring and the Devices plan.
#pragma once

#include "app/studio/docklayout.h"
#include "app/studio/projectfile.h"

class Document;
class AnalysisToolbar;

Project captureProject(const Document& document, const AnalysisToolbar& toolbar, const Panes& panes);
/// The source goes into the document; a measured time waits for the analysis of that source.
void restoreProject(const Project& project, Document& document, AnalysisToolbar& toolbar, const Panes& panes);
