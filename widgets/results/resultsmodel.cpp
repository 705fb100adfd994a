// SPDX-License-Identifier: MIT
#include "widgets/results/resultsmodel.h"

#include "engine/core/diagnostic.h"

ResultsModel::ResultsModel(QObject* parent)
    : QObject(parent)
{ }

void ResultsModel::setProfile(const solar::hw::HwProfile& profile)
{
    m_profile = profile;
    updateMachine();
}

void ResultsModel::setWhatIf(const solar::hw::WhatIfFactors& factors)
{
    m_factors = factors;
    updateMachine();
}

void ResultsModel::updateMachine()
{
    if (!m_profile)
        return;
    m_machine = solar::whatIfMachine(*m_profile, m_factors, m_base ? m_base->options : solar::AnalysisOptions {});
    emit machineChanged(m_machine);
    if (m_base)
        reSolve(false);
}

void ResultsModel::setAnalysis(Result base, bool newProgram)
{
    m_base = std::move(base);
    if (m_profile) // the analysis' options (the per-operator floor) shape the machine
        m_machine = solar::whatIfMachine(*m_profile, m_factors, m_base->options);
    emit baseChanged(m_base);
    reSolve(newProgram);
}

void ResultsModel::setValidation(const solar::Validation& validation)
{
    if (!m_base)
        return;
    auto base = std::make_shared<solar::AnalysisResult>(*m_base);
    base->validation = validation;
    setAnalysis(std::move(base), false);
}

void ResultsModel::setProgramNote(const std::string& note)
{
    if (!m_base)
        return;
    auto base = std::make_shared<solar::AnalysisResult>(*m_base);
    base->programNote = note;
    m_base = std::move(base);
    emit baseChanged(m_base);
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
    // Insights first, so that a pane reading them on resultChanged sees this result's.
    m_traced = solar::insights::insightsWithTrace(*m_shown, m_trace ? &*m_trace : nullptr);
    emit resultChanged(m_shown, newProgram);
    emit measuredChanged(m_traced.measuredNodeSeconds);
    emit insightsChanged(m_shown, m_traced.insights, m_traced.match);
}

void ResultsModel::updateInsights()
{
    if (!m_shown)
        return;
    m_traced = solar::insights::insightsWithTrace(*m_shown, m_trace ? &*m_trace : nullptr);
    emit measuredChanged(m_traced.measuredNodeSeconds);
    emit insightsChanged(m_shown, m_traced.insights, m_traced.match);
}

void ResultsModel::setStale(bool stale, const QString& why)
{
    m_stale = stale;
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
    m_trace = std::move(trace).value();
    updateInsights();
    return true;
}

void ResultsModel::clearTrace()
{
    m_trace.reset();
    m_traced.match.reset();
    m_traced.measuredNodeSeconds.clear();
    updateInsights();
}
