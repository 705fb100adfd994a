// SPDX-License-Identifier: MIT
// The window's panes and where they dock on a first start (a saved state restores the user's arrangement over
// it): the editor in the middle, the roofline and the graph (IR behind it) on the right, the operators, the summary
// (LLM transcript, comparison, insights and the split over devices behind it) and the hardware sliders along the bottom.
#pragma once

class ComparisonPane;
class GraphPane;
class HardwarePane;
class InsightsPane;
class IrPane;
class OperatorPane;
class ParallelPane;
class QMainWindow;
class RooflinePane;
class SummaryPane;
class TranscriptPane;

struct Panes
{
    IrPane* ir = nullptr;
    GraphPane* graph = nullptr;
    RooflinePane* roofline = nullptr;
    HardwarePane* hardware = nullptr;
    OperatorPane* operators = nullptr;
    SummaryPane* summary = nullptr;
    TranscriptPane* transcript = nullptr;
    ComparisonPane* compare = nullptr;
    InsightsPane* insights = nullptr;
    ParallelPane* parallel = nullptr;
};

/// Creates every pane in a dock of `window` (object names "dock-…", which saveState() keys on).
Panes createDockedPanes(QMainWindow* window);
