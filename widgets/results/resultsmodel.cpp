// SPDX-License-Identifier: MIT
#include "widgets/results/resultsmodel.h"

#include "engine/core/diagnostic.h"

ResultsModel::ResultsModel(QObject* parent)
    : QObject(parent)
{ }

void ResultsModel::setHardware(const solar::hw::HwProfile& profile, const solar::hw::WhatIfFactors& factors)
{
    m_profile = profile;
    if (m_trace)
        if (const auto other = solar::measure::traceHardwareMismatch(*m_trace, profile)) {
            const QString file = QString::fromStdString(m_trace->file);
            m_trace.reset(); // the next re-solve matches no trace
            emit traceDropped(tr("The profiler trace %1 was cleared: %2").arg(file, QString::fromStdString(*other)));
        }
    m_factors = factors;
    updateMachine();
}

void ResultsModel::setWhatIf(const solar::hw::WhatIfFactors& factors)
{
    if (factors == m_factors)
        return; // a new profile came with its factors already (setHardware)
    m_factors = factors;
    updateMachine();
}

void ResultsModel::updateMachine()
{
    if (!m_profile)
        return;
    // The analysis' options (the per-operator floor) shape the machine as they do the CLI's.
    m_machine = solar::whatIfMachine(*m_profile, m_factors, m_base ? m_base->options : solar::AnalysisOptions {});
    if (m_base)
        reSolve(false);
}

void ResultsModel::setAnalysis(Result base, bool newProgram)
{
    m_base = std::move(base);
    emit baseChanged(m_base);
    if (m_profile)
        m_machine = solar::whatIfMachine(*m_profile, m_factors, m_base->options);
    reSolve(newProgram);
}

void ResultsModel::setValidation(const solar::Validation& validation, const std::optional<std::string>& programNote)
{
    if (!m_base)
        return;
    auto base = std::make_shared<solar::AnalysisResult>(*m_base);
    base->validation = validation;
    if (programNote)
        base->programNote = *programNote;
    setAnalysis(std::move(base), false);
}

void ResultsModel::reSolve(bool newProgram)
{
    if (m_profile) {
        auto shown = std::make_shared<solar::AnalysisResult>(solar::reSolve(*m_base, m_machine));
        shown->hardware = *m_profile;
        m_shown = std::move(shown);
    } else {
        m_shown = m_base; // no hardware picked yet: shown as computed, never on an empty machine
    }
    emit resultChanged(m_shown, newProgram);
    updateInsights();
}

void ResultsModel::updateInsights()
{
    if (!m_shown)
        return;
    m_traced = solar::insights::insightsWithTrace(*m_shown, m_trace ? &*m_trace : nullptr);
    emit measuredChanged(m_traced.measuredNodeSeconds);
    emit insightsChanged(m_shown, m_traced.insights, m_traced.match);
}

void ResultsModel::setStale(bool stale, const QString& why, bool otherSource)
{
    m_stale = stale;
    m_otherSource = otherSource;
    emit staleChanged(stale, why);
}

bool ResultsModel::loadTrace(const QString& path, QString* why)
{
    auto trace = solar::measure::readProfileTrace(path.toStdString());
    if (!trace) {
        if (why)
            *why = QString::fromStdString(solar::formatAll(trace.diagnostics()));
        return false;
    }
    // As timing files are: times from another machine are refused, not matched against bounds they never measured.
    if (m_profile)
        if (const auto other = solar::measure::traceHardwareMismatch(*trace, *m_profile)) {
            if (why)
                *why = tr("%1: %2. Select the profile it was measured on.").arg(path, QString::fromStdString(*other));
            return false;
        }
    m_trace = std::move(trace).value();
    updateInsights();
    return true;
}

void ResultsModel::clearTrace()
{
    m_trace.reset();
    updateInsights();
}
