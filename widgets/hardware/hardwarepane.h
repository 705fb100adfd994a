// SPDX-License-Identifier: MIT
// The hardware panel: a profile picker, logarithmic sliders for DRAM bandwidth, tensor and SIMT peaks, on-chip
// capacity and clock, and a target latency with "solve for" bandwidth, compute or on-chip capacity (the inverse
// roofline). Every change emits the what-if factors; the window hands them to the results model, which re-solves
// once and which the panel follows (labels, inverse). The profile's
// own numbers and their sources stay untouched until the user saves a user profile.
#pragma once

#include "engine/analysis/analysis.h"
#include "engine/bounds/inverse.h"
#include "engine/hw/registry.h"
#include "engine/hw/whatif.h"
#include "engine/parallel/parallelanalysis.h"

#include <QMap>
#include <QWidget>

#include <memory>
#include <optional>

class QComboBox;
class ResultsModel;
class QDoubleSpinBox;
class SecondsEdit;
class QLabel;
class QSlider;
class QPushButton;

class HardwarePane : public QWidget
{
    Q_OBJECT
public:
    enum Knob { Bandwidth, TensorPeak, SimtPeak, Onchip, Clock, Link, KnobCount };

    explicit HardwarePane(QWidget* parent = nullptr);

    /// The window's registry (not copied: it calls this again after a reload).
    void setRegistry(const solar::hw::HwRegistry* registry);
    bool selectProfile(const QString& id);
    const solar::hw::HwProfile* profile() const;
    QString profileId() const;

    /// The what-if factors the sliders set (what whatIfChanged carries).
    solar::hw::WhatIfFactors whatIf() const;
    /// The machine the sliders describe (the profile's numbers times each slider's factor: solar::whatIfMachine).
    solar::bounds::MachineModel machine() const;
    double factor(Knob knob) const;
    /// Sets a slider to a factor of the profile's value (clamped to the slider's range, 1/100 to 100).
    void setFactor(Knob knob, double factor);
    /// Every slider's factor by knob name ("bandwidth", "tensor", "simt", "onchip", "clock", "link"), as projects keep them;
    /// a knob missing from the map is reset to 1.
    QMap<QString, double> factors() const;
    void setFactors(const QMap<QString, double>& factors);
    QSlider* slider(Knob knob) const { return m_sliders[knob]; }
    QPushButton* calibrateButton() const { return m_calibrate; }
    QDoubleSpinBox* factorBox(Knob knob) const { return m_typed[knob]; }
    /// The value the slider sets, named by its dtype for the peaks ("fp32 51.2 TFLOP/s"; every dtype in its tooltip).
    QLabel* valueLabel(Knob knob) const { return m_values[knob]; }
    SecondsEdit* targetEdit() const { return m_target; }

    /// The inverse is solved for `results`' analysis, on its machine; the labels follow its machine.
    void follow(const ResultsModel& results);
    void setTargetMs(double ms);
    double targetMs() const;
    solar::bounds::Level targetLevel() const;
    /// The inverse roofline for the target at the current machine (nullopt without a result or target).
    std::optional<solar::bounds::Inverse> inverse() const { return m_inverse; }
    QString inverseText() const;
    /// The Devices pane's split over devices (nullopt: one device), or a whole plan it cannot solve for (`planText`
    /// non-empty): the target is then each device's, for the per-device program, with the links it needs.
    void setSplit(std::optional<solar::parallel::ParallelAnalysis> split, const QString& planText = {});

public slots:
    void reset();
    void solveForBandwidth();
    void solveForCompute();
    void solveForOnchip();
    bool saveAsUserProfile(const QString& id, QString* why = nullptr);
    /// Asks for an id and saves; false when cancelled or failed (a failure is shown).
    bool saveAsUserProfileInteractively();
    /// Opens the calibration dialog; a profile it saves is selected.
    void calibrateThisMachine();

signals:
    /// The factors changed (a slider, a solve, a reset or another profile): all the panel says about the machine.
    void whatIfChanged(const solar::hw::WhatIfFactors& factors);
    /// Another profile was picked (the analysis keeps its program; the sliders reset).
    void profileChanged(const QString& id);
    void userProfilesChanged(); // a user profile was saved: the registry on disk changed

private:
    void updateLabels();
    void emitChanged();
    void resolveInverse();
    void updateOnchipButton();
    static int positionOf(double factor);
    static double factorOf(int position);

    const solar::hw::HwRegistry* m_registry = nullptr;
    QComboBox* m_profiles = nullptr;
    QPushButton* m_calibrate = nullptr;
    QSlider* m_sliders[KnobCount] = {};
    QLabel* m_values[KnobCount] = {};
    QDoubleSpinBox* m_typed[KnobCount] = {};
    double m_factors[KnobCount] = {1, 1, 1, 1, 1, 1}; // exact; the sliders show the nearest position
    SecondsEdit* m_target = nullptr;
    QComboBox* m_level = nullptr;
    QLabel* m_inverseLabel = nullptr;
    QPushButton* m_applyOnchip = nullptr;
    const ResultsModel* m_results = nullptr;
    std::optional<solar::bounds::Inverse> m_inverse;
    std::optional<solar::parallel::ParallelAnalysis> m_split; // the Devices pane's, more than one device
    std::optional<solar::parallel::LinkInverse> m_links;
    QString m_planText; // a whole plan the solve does not follow
    bool m_quiet = false;
};
