// SPDX-License-Identifier: MIT
// The design-review PDF: cover (program, date, tool version, frontend, validation), hardware profiles with every
// number's source, the bound ladder with bottlenecks and headroom, the cross-hardware comparison, the top
// operators, the inverse roofline for a target, the coverage ledger with every assumption, and vector figures of
// the roofline and the einsum graph. Text is real text (selectable); pages are numbered "Page n of N"; tables
// are laid out to the page width. Painted with QtGui only: a QGuiApplication (offscreen is enough), no widgets.
#pragma once

#include "engine/analysis/analysis.h"
#include "engine/insights/insights.h"
#include "engine/report/analysisreport.h"

#include <QString>

#include <memory>
#include <optional>
#include <vector>

struct ReportInput
{
    std::vector<std::shared_ptr<const solar::AnalysisResult>> results; // one per hardware profile, the first is the baseline
    QString sourceFile;
    QString frontend; // trace, alir, llm
    std::optional<double> targetSeconds;
    std::optional<double> measuredSeconds;
    // What the window shows beside the first result: the Insights pane's opportunities (with a profiler trace's
    // measured gaps), the trace's per-node times and match; the same bundle the CLI's reporters take.
    solar::report::ReportExtras extras;

    /// The insights of the first result: the given ones, else computed from it alone.
    solar::insights::Insights insightsOrComputed() const;
};

class QPagedPaintDevice;

/// Written atomically; false and why not in `why`.
bool writePdfReport(const QString& path, const ReportInput& input, QString* why = nullptr);
/// The same pages on any paged device (a print preview's printer).
bool paintReport(QPagedPaintDevice& device, const ReportInput& input, QString* why = nullptr);
