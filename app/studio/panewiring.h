// SPDX-License-Identifier: MIT
// How the panes are joined, where they are assembled (beside docklayout): results flow one way — the hardware
// pane's profile and what-if factors into the results model (the one owner of the what-if, the link factor
// included), the model into every pane (each pane's follow()); an operator picked in any view goes to the
// selection; the roofline's level is the graph's and the table's. What needs the window (files, dialogs, the
// status bar) stays in MainWindow.
#pragma once

#include "app/studio/docklayout.h"

class ResultsModel;
class SelectionSync;

void wirePanes(const Panes& panes, ResultsModel& results, SelectionSync& selection);
