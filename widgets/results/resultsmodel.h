// SPDX-License-Identifier: MIT
// The results of the window, in one place (the role hotspot's ResultsPage plays): the analysis as computed (base),
// the hardware it is shown on (a profile and what-if factors), the analysis re-solved on that machine (shown), the
// loaded profiler trace with its match, the insights and the operators' measured times, and whether all of it is
// stale. Panes follow it (each pane's follow()) and react to its signals; a slider move is one way down: factors ->
// one re-solve -> every pane updated once.
#pragma once

#include "engine/analysis/analysis.h"
#include "engine/insights/insights.h"
#include "engine/measure/profiletrace.h"

#include <QObject>

#include <memory>
#include <optional>
#include <vector>

class ResultsModel : public QObject
{
    Q_OBJECT
public:
    using Result = std::shared_ptr<const solar::AnalysisResult>;
    using MeasuredNodes = std::vector<std::optional<double>>;

    explicit ResultsModel(QObject* parent = nullptr);

    /// The hardware the results are shown on: a profile and the what-if factors on it (one re-solve).
    void setHardware(const solar::hw::HwProfile& profile, const solar::hw::WhatIfFactors& factors);
    const solar::hw::HwProfile* profile() const { return m_profile ? &*m_profile : nullptr; }
    /// New factors on the same profile (a slider): one re-solve; the same factors again: nothing.
    void setWhatIf(const solar::hw::WhatIfFactors& factors);
    const solar::hw::WhatIfFactors& whatIf() const { return m_factors; }
    /// The profile under the what-if factors, with the analysis' options (the per-operator floor as it says).
    const solar::bounds::MachineModel& machine() const { return m_machine; }

    /// A new analysis (newProgram: another graph; false: the same program with a new verdict or note).
    void setAnalysis(Result base, bool newProgram);
    /// The same program's verdict (and the note on how its program was obtained, when that changed too).
    void setValidation(const solar::Validation& validation, const std::optional<std::string>& programNote = {});
    Result base() const { return m_base; }
    Result shown() const { return m_shown; }

    /// Stale: the source changed since (or the last analysis failed, or another file is open: `why` says so); the
    /// numbers stay shown. `otherSource`: they describe another file than the one open (its lines are not these).
    void setStale(bool stale, const QString& why = {}, bool otherSource = false);
    bool isStale() const { return m_stale; }
    bool ofOtherSource() const { return m_stale && m_otherSource; }

    /// A torch.profiler trace, matched to every analysis from now on; false and why (nothing changes) when it
    /// cannot be read or was taken on other hardware than the profile's (measure::traceHardwareMismatch).
    bool loadTrace(const QString& path, QString* why = nullptr);
    void clearTrace();
    const std::optional<solar::measure::TraceMatch>& traceMatch() const { return m_traced.match; }
    const solar::insights::Insights& insights() const { return m_traced.insights; }
    const MeasuredNodes& measuredNodes() const { return m_traced.measuredNodeSeconds; }

signals:
    /// The analysis as computed changed (a new program, or its validation).
    void baseChanged(Result base);
    /// The shown analysis changed: newProgram for another graph, false for new times of the same one.
    void resultChanged(Result shown, bool newProgram);
    void measuredChanged(const MeasuredNodes& measuredNodeSeconds);
    void insightsChanged(Result shown, const solar::insights::Insights& insights,
                         const std::optional<solar::measure::TraceMatch>& traceMatch);
    void staleChanged(bool stale, const QString& why);
    /// A loaded trace does not fit a newly selected profile (another device) and was cleared; `why` says so.
    void traceDropped(const QString& why);

private:
    void reSolve(bool newProgram);
    void updateInsights();
    void updateMachine();

    std::optional<solar::hw::HwProfile> m_profile;
    solar::hw::WhatIfFactors m_factors;
    solar::bounds::MachineModel m_machine;
    Result m_base;
    Result m_shown;
    bool m_stale = false;
    bool m_otherSource = false;
    std::optional<solar::measure::ProfileTrace> m_trace;
    solar::insights::TracedInsights m_traced;
};
