// SPDX-License-Identifier: MIT
#include "widgets/hardware/hardwarepane.h"

#include "engine/hw/whatif.h"
#include "render/units.h"
#include "widgets/common/secondsedit.h"
#include "widgets/common/wheelguard.h"
#include "widgets/hardware/calibratedialog.h"
#include "widgets/results/resultsmodel.h"

#include "engine/report/analysisreport.h"

#include <QComboBox>
#include <QDir>
#include <QDoubleSpinBox>
#include <QFormLayout>
#include <QGridLayout>
#include <QGroupBox>
#include <QHBoxLayout>
#include <QInputDialog>
#include <QLabel>
#include <QLineEdit>
#include <QMessageBox>
#include <QPushButton>
#include <QScrollArea>
#include <QSignalBlocker>
#include <QSlider>
#include <QVBoxLayout>

#include <algorithm>
#include <cmath>

using solar::bounds::Level;

namespace {

constexpr int kSteps = 1000; // slider positions; the middle is the profile's value

} // namespace

int HardwarePane::positionOf(double factor)
{
    return std::clamp(static_cast<int>(std::lround(kSteps / 2 + kSteps / 4.0 * std::log10(factor))), 0, kSteps);
}

double HardwarePane::factorOf(int position)
{
    return std::pow(10.0, (position - kSteps / 2) / (kSteps / 4.0)); // 1/100 .. 100
}

HardwarePane::HardwarePane(QWidget* parent)
    : QWidget(parent)
    , m_profiles(new QComboBox(this))
    , m_target(new SecondsEdit(tr("none (e.g. 190 µs)"), this))
    , m_level(new QComboBox(this))
    , m_inverseLabel(new QLabel(this))
{
    // Everything scrolls: a long solve answer wraps and scrolls instead of being cut off or growing the dock (which
    // squeezed the roofline beside it to a sliver).
    auto* scroll = new QScrollArea(this);
    scroll->setWidgetResizable(true);
    scroll->setFrameShape(QFrame::NoFrame);
    auto* content = new QWidget(scroll);
    auto* outer = new QVBoxLayout(this);
    outer->setContentsMargins(0, 0, 0, 0);
    outer->addWidget(scroll);
    auto* layout = new QVBoxLayout(content);
    guardWheel(m_profiles);
    guardWheel(m_level);
    auto* pick = new QFormLayout;
    pick->addRow(tr("Profile:"), m_profiles);
    m_calibrate = new QPushButton(tr("Calibrate this machine…"), this);
    m_calibrate->setToolTip(tr("Measure this computer's CPU (compute, memory bandwidth, caches, the eager per-op floor) and save it as "
                               "the user profile 'host', to bound models on the hardware in front of you and check the bounds with "
                               "'solar measure'"));
    connect(m_calibrate, &QPushButton::clicked, this, &HardwarePane::calibrateThisMachine);
    pick->addRow(m_calibrate);
    layout->addLayout(pick);

    auto* sliders = new QGroupBox(tr("What if (factor on the profile's value)"), this);
    auto* form = new QFormLayout(sliders);
    // Each label above its slider: a long one (German "Tensorkern-Spitzen:") never widens the pane past its dock,
    // and the sliders line up.
    form->setRowWrapPolicy(QFormLayout::WrapAllRows);
    const QString names[KnobCount]
        = {tr("DRAM bandwidth"), tr("Tensor-core peaks"), tr("SIMT peaks"), tr("On-chip capacity"), tr("Clock"), tr("Link bandwidth")};
    const QString tips[KnobCount] = {
        tr("DRAM bandwidth: scales the memory roof and every level's memory time"),
        tr("Every tensor-core peak (all precisions): scales the tensor compute roofs"),
        tr("Every SIMT (CUDA-core) peak: scales elementwise work and SIMT contractions"),
        tr("On-chip capacity (registers, shared memory, L2): changes the cache-aware level (F4) only"),
        tr("The clock: scales every compute peak together (bandwidth is not clock-bound)"),
        tr("Every link between devices (NVLink, InfiniBand): changes the collectives of a program split over devices only"),
    };
    for (int k = 0; k < KnobCount; ++k) {
        m_sliders[k] = new QSlider(Qt::Horizontal, sliders);
        m_sliders[k]->setRange(0, kSteps);
        m_sliders[k]->setValue(kSteps / 2);
        m_sliders[k]->setPageStep(kSteps / 20);
        m_sliders[k]->setAccessibleName(names[k]);
        m_sliders[k]->setToolTip(tips[k] + tr(" (×0.01 to ×100 of the profile's value)"));
        // The factor can be typed as well as dragged.
        m_typed[k] = new QDoubleSpinBox(sliders);
        m_typed[k]->setRange(0.01, 100);
        m_typed[k]->setDecimals(3);
        m_typed[k]->setPrefix(QStringLiteral("×"));
        m_typed[k]->setValue(1);
        m_typed[k]->setToolTip(tr("Type the factor on the profile's value"));
        m_typed[k]->setAccessibleName(names[k] + tr(" factor"));
        m_values[k] = new QLabel(sliders);
        m_values[k]->setMinimumWidth(m_values[k]->fontMetrics().horizontalAdvance(QStringLiteral("bf16 999 PFLOP/s")));
        m_sliders[k]->setMinimumWidth(70);
        m_values[k]->setToolTip(tips[k]);
        guardWheel(m_sliders[k]);
        guardWheel(m_typed[k]);
        auto* row = new QHBoxLayout;
        row->addWidget(m_sliders[k], 1);
        row->addWidget(m_typed[k]);
        row->addWidget(m_values[k]);
        auto* label = new QLabel(names[k] + QLatin1Char(':'), sliders);
        label->setToolTip(tips[k]);
        form->addRow(label, row);
        connect(m_sliders[k], &QSlider::valueChanged, this, [this, k](int position) {
            if (m_quiet)
                return;
            m_factors[k] = factorOf(position); // dragged: the slider's resolution
            emitChanged();
        });
        connect(m_typed[k], &QDoubleSpinBox::editingFinished, this, [this, k] {
            if (std::abs(m_typed[k]->value() - factor(static_cast<Knob>(k))) > 5e-4 * m_typed[k]->value())
                setFactor(static_cast<Knob>(k), m_typed[k]->value());
        });
    }
    auto* resetButton = new QPushButton(tr("Reset"), sliders);
    connect(resetButton, &QPushButton::clicked, this, &HardwarePane::reset);
    form->addRow(resetButton);
    layout->addWidget(sliders);

    auto* inverse = new QGroupBox(tr("Target latency (inverse roofline)"), this);
    auto* iform = new QFormLayout(inverse);
    iform->addRow(tr("Target:"), m_target);
    for (Level l : solar::bounds::kLevels)
        m_level->addItem(QString::fromLatin1(solar::bounds::levelName(l).data()), static_cast<int>(l));
    m_level->setCurrentIndex(static_cast<int>(Level::Fused));
    iform->addRow(tr("Level:"), m_level);
    // Two buttons a row: three side by side were wider than the dock in German.
    auto* solveRow = new QGridLayout;
    // The answers are shown below as soon as there is a target; nothing changes until one is applied.
    auto* bw = new QPushButton(tr("Apply bandwidth"), inverse);
    bw->setToolTip(tr("Sets the DRAM bandwidth slider to the bandwidth the target needs at today's compute"));
    auto* compute = new QPushButton(tr("Apply compute"), inverse);
    compute->setToolTip(tr("Sets the Clock slider, which scales every compute peak, to the factor the target needs"));
    m_applyOnchip = new QPushButton(tr("Apply on-chip"), inverse);
    auto* onchip = m_applyOnchip;
    connect(bw, &QPushButton::clicked, this, &HardwarePane::solveForBandwidth);
    connect(compute, &QPushButton::clicked, this, &HardwarePane::solveForCompute);
    connect(onchip, &QPushButton::clicked, this, &HardwarePane::solveForOnchip);
    solveRow->addWidget(bw, 0, 0);
    solveRow->addWidget(compute, 0, 1);
    solveRow->addWidget(onchip, 1, 0);
    iform->addRow(solveRow);
    m_inverseLabel->setWordWrap(true);
    m_inverseLabel->setTextInteractionFlags(Qt::TextSelectableByMouse);
    iform->addRow(m_inverseLabel);
    layout->addWidget(inverse);
    auto* save = new QPushButton(tr("Save as user profile…"), content);
    save->setToolTip(tr("Save the profile with the sliders' values as a user profile (offered in Compare and the overlays)"));
    connect(save, &QPushButton::clicked, this, &HardwarePane::saveAsUserProfileInteractively);
    layout->addWidget(save);
    layout->addStretch(1);
    scroll->setWidget(content);

    connect(m_target, &SecondsEdit::secondsChanged, this, [this] { resolveInverse(); });
    connect(m_level, &QComboBox::currentIndexChanged, this, [this] { resolveInverse(); });
    updateOnchipButton();
    connect(m_profiles, &QComboBox::currentIndexChanged, this, [this] {
        if (m_quiet)
            return;
        m_quiet = true;
        for (QSlider* s : m_sliders)
            s->setValue(kSteps / 2);
        std::fill(std::begin(m_factors), std::end(m_factors), 1.0);
        m_quiet = false;
        emit profileChanged(profileId());
        emitChanged();
    });
}

void HardwarePane::setRegistry(const solar::hw::HwRegistry* registry)
{
    m_quiet = true;
    const QString current = profileId();
    m_registry = registry;
    m_profiles->clear();
    static const std::vector<solar::hw::HwProfile> kNone; // no registry given yet
    for (const auto& p : m_registry ? m_registry->profiles : kNone)
        m_profiles->addItem(QString::fromStdString(p.name) + (p.user ? tr(" (user)") : QString()), QString::fromStdString(p.id));
    const int again = m_profiles->findData(current);
    m_profiles->setCurrentIndex(again >= 0 ? again : 0);
    m_quiet = false;
    updateLabels();
}

bool HardwarePane::selectProfile(const QString& id)
{
    const int i = m_profiles->findData(id);
    if (i < 0)
        return false;
    if (i != m_profiles->currentIndex())
        m_profiles->setCurrentIndex(i); // resets the sliders and emits
    return true;
}

const solar::hw::HwProfile* HardwarePane::profile() const
{
    return m_registry ? m_registry->find(profileId().toStdString()) : nullptr;
}

QString HardwarePane::profileId() const
{
    return m_profiles->currentData().toString();
}

double HardwarePane::factor(Knob knob) const
{
    return m_factors[knob];
}

void HardwarePane::setFactor(Knob knob, double f)
{
    // Typed or solved: the exact factor, not the nearest of the slider's positions (×2 stays ×2, not ×1.995).
    m_factors[knob] = std::clamp(f, factorOf(0), factorOf(kSteps));
    {
        const QSignalBlocker quiet(m_sliders[knob]);
        m_sliders[knob]->setValue(positionOf(m_factors[knob]));
    }
    emitChanged();
}

solar::hw::WhatIfFactors HardwarePane::whatIf() const
{
    return {factor(Bandwidth), factor(TensorPeak), factor(SimtPeak), factor(Onchip), factor(Clock), factor(Link)};
}

solar::bounds::MachineModel HardwarePane::machine() const
{
    // The results' machine is this very profile under these factors (the window hands both on); standing alone
    // the panel computes it with the same function.
    if (m_results && m_results->profile())
        return m_results->machine();
    const solar::hw::HwProfile* p = profile();
    return p ? solar::whatIfMachine(*p, whatIf(), {}) : solar::bounds::MachineModel {};
}

void HardwarePane::updateLabels()
{
    const solar::bounds::MachineModel m = machine();
    // A slider scales every peak of its unit; the label shows the one the analysis leans on (SIMT fp32: elementwise
    // work and fp32 contractions; tensor bf16, else the unit's first listed) named by its dtype, the tooltip all
    // of them. An unlabelled maximum (the SIMT fp16 rate) read as the fp32 roof's value (issue 30, item 9).
    auto unitText = [&](solar::hw::Unit unit, std::initializer_list<solar::hw::Precision> preferred, QString* all) {
        QString headline;
        for (solar::hw::Precision p : preferred)
            if (headline.isEmpty() && m.peak(unit, p) > 0)
                headline = QString::fromLatin1(solar::hw::precisionName(p).data()) + QLatin1Char(' ') + siText(m.peak(unit, p), "FLOP/s");
        QStringList each;
        for (int p = 0; p < solar::hw::kPrecisionCount; ++p) {
            const auto precision = static_cast<solar::hw::Precision>(p);
            if (const double peak = m.peak(unit, precision); peak > 0) {
                const QString text
                    = QString::fromLatin1(solar::hw::precisionName(precision).data()) + QLatin1Char(' ') + siText(peak, "FLOP/s");
                each << text;
                if (headline.isEmpty())
                    headline = text;
            }
        }
        *all = each.join(QStringLiteral(", "));
        return headline;
    };
    QString tensorAll, simtAll;
    using P = solar::hw::Precision;
    const QString tensor = unitText(solar::hw::Unit::Tensor, {P::BF16, P::FP16, P::TF32}, &tensorAll);
    const QString simt = unitText(solar::hw::Unit::Simt, {P::FP32}, &simtAll);
    for (int k = 0; k < KnobCount; ++k) {
        const QSignalBlocker quiet(m_typed[k]);
        m_typed[k]->setValue(factor(static_cast<Knob>(k)));
    }
    m_values[Bandwidth]->setText(siText(m.dramBps, "B/s"));
    m_values[TensorPeak]->setText(tensor.isEmpty() ? tr("none") : tensor);
    m_values[TensorPeak]->setToolTip(tensorAll.isEmpty() ? tr("This profile has no tensor-core peak")
                                                         : tr("Every tensor-core peak the slider scales: %1").arg(tensorAll));
    m_values[SimtPeak]->setText(simt);
    m_values[SimtPeak]->setToolTip(tr("Every SIMT peak the slider scales: %1").arg(simtAll));
    m_values[Onchip]->setText(siText(m.onchipBytes, "B"));
    m_values[Clock]->setText(siText(m.clockHz, "Hz"));
    // The links are not part of one device's machine: the profile's intra-node link under the factor.
    const solar::hw::HwProfile* p = profile();
    const bool linked = p && p->interconnect;
    m_values[Link]->setText(linked ? siText(p->interconnect->intraNode.bandwidthBps.value * factor(Link), "B/s") : tr("no link"));
    m_values[Link]->setToolTip(linked ? QString::fromStdString(p->interconnect->intraNode.name) + tr(", per device and direction")
                                      : tr("This profile states no link between devices"));
    m_sliders[Link]->setEnabled(linked);
    m_typed[Link]->setEnabled(linked);
    // Never narrower than what it says (a CJK font sets "fp32 51.2 TFLOP/s" wider than the reserved width).
    for (QLabel* value : m_values)
        value->setMinimumWidth(std::max(value->minimumWidth(), value->sizeHint().width()));
}

void HardwarePane::emitChanged()
{
    if (!m_quiet)
        emit whatIfChanged(whatIf()); // first: a followed results model re-solves before the labels read its machine
    updateLabels();
    resolveInverse();
}

void HardwarePane::reset()
{
    m_quiet = true;
    for (QSlider* s : m_sliders)
        s->setValue(kSteps / 2);
    std::fill(std::begin(m_factors), std::end(m_factors), 1.0);
    m_quiet = false;
    emitChanged();
}

void HardwarePane::follow(const ResultsModel& results)
{
    m_results = &results;
    connect(&results, &ResultsModel::baseChanged, this, [this] { resolveInverse(); });
}

void HardwarePane::setTargetMs(double ms)
{
    m_target->setSeconds(ms * 1e-3);
}

double HardwarePane::targetMs() const
{
    return m_target->seconds().value_or(0.0) * 1e3;
}

Level HardwarePane::targetLevel() const
{
    return static_cast<Level>(m_level->currentData().toInt());
}

void HardwarePane::updateOnchipButton()
{
    const bool cacheAware = targetLevel() == Level::CacheAware;
    m_applyOnchip->setEnabled(cacheAware);
    m_applyOnchip->setToolTip(cacheAware ? tr("Sets the on-chip capacity slider to the capacity the target needs")
                                         : tr("On-chip capacity changes only the cache-aware level (F4): choose it as the target level"));
}

void HardwarePane::resolveInverse()
{
    updateOnchipButton();
    m_inverse.reset();
    const auto base = m_results ? m_results->base() : nullptr;
    if (!base || targetMs() <= 0) {
        m_inverseLabel->setText(base ? tr("Enter a target latency to see what hardware reaches it.") : QString());
        return;
    }
    m_links.reset();
    if (m_split) {
        // Split over devices: each device's target is the target, for its own program; the links have their own.
        m_inverse = solar::bounds::solveInverse(m_split->device.digest, machine(), base->options.policy, base->options.cache, targetLevel(),
                                                targetMs() * 1e-3);
        m_links = solar::parallel::linkInverse(*m_split, targetLevel(), targetMs() * 1e-3);
    } else {
        m_inverse = solar::bounds::solveInverse(base->digest, machine(), base->options.policy, base->options.cache, targetLevel(),
                                                targetMs() * 1e-3);
    }
    m_inverseLabel->setText(inverseText());
}

void HardwarePane::setSplit(std::optional<solar::parallel::ParallelAnalysis> split, const QString& planText)
{
    m_split = split && split->devices > 1 ? std::move(split) : std::nullopt;
    m_planText = planText;
    resolveInverse();
}

QString HardwarePane::inverseText() const
{
    if (!m_inverse)
        return {};
    const auto& inv = *m_inverse;
    QStringList lines;
    if (m_split)
        lines << tr("Each of the %1 devices of the Devices pane, for its share of the program:").arg(m_split->devices);
    else if (!m_planText.isEmpty())
        lines << tr("For one device: the Devices plan (%1) is not solved for here; 'solar inverse --tp N' and the Devices pane give "
                    "its bounds.")
                     .arg(m_planText);
    lines << tr("Now: %1 at %2; target %3.")
                 .arg(secondsText(inv.currentSeconds), QString::fromLatin1(solar::bounds::levelName(inv.level).data()),
                      secondsText(inv.targetSeconds));
    lines << (inv.minDramBps ? tr("Bandwidth needed at today's compute: %1.").arg(siText(*inv.minDramBps, "B/s"))
                             : tr("No bandwidth reaches it: %1").arg(QString::fromStdString(inv.dramWhy)));
    double topPeak = 0;
    for (double p : machine().peakFlops)
        topPeak = std::max(topPeak, p);
    lines << (inv.minComputeScale
                  ? tr("Compute needed at today's bandwidth: ×%1 every peak (the top one %2 → %3).")
                        .arg(factorText(*inv.minComputeScale), siText(topPeak, "FLOP/s"), siText(topPeak * *inv.minComputeScale, "FLOP/s"))
                  : tr("No compute reaches it: %1").arg(QString::fromStdString(inv.computeWhy)));
    if (inv.level == Level::CacheAware)
        lines << (inv.minOnchipBytes ? tr("On-chip capacity needed: %1.").arg(siText(*inv.minOnchipBytes, "B"))
                                     : tr("No on-chip capacity reaches it: %1").arg(QString::fromStdString(inv.onchipWhy)));
    lines << tr("Necessary whatever the rest: %1 and ×%2 compute (top peak %3).")
                 .arg(siText(inv.necessaryDramBps, "B/s"), factorText(inv.necessaryComputeScale),
                      siText(topPeak * inv.necessaryComputeScale, "FLOP/s"));
    if (m_links) {
        if (!m_links->feasible)
            lines << tr("No link bandwidth reaches it: %1").arg(QString::fromStdString(m_links->why));
        else if (m_links->scale == 0)
            lines << tr("Links: nothing is exchanged, so they do not matter.");
        else
            lines << tr("Links needed (collectives overlapped): ×%1 today's, %2 within a node%3.")
                         .arg(factorText(m_links->scale), siText(m_links->intraNodeBps, "B/s"),
                              m_links->interNodeBps > 0 ? tr(", %1 between nodes").arg(siText(m_links->interNodeBps, "B/s")) : QString());
    }
    return lines.join(QLatin1Char('\n'));
}

void HardwarePane::solveForBandwidth()
{
    const solar::hw::HwProfile* p = profile();
    if (!m_inverse || !m_inverse->minDramBps || !p)
        return;
    setFactor(Bandwidth, *m_inverse->minDramBps / p->dramBandwidthBps.value);
}

void HardwarePane::solveForCompute()
{
    if (!m_inverse || !m_inverse->minComputeScale)
        return;
    // The solved factor applies to every peak: fold it into the clock slider, which scales them all.
    setFactor(Clock, factor(Clock) * *m_inverse->minComputeScale);
}

void HardwarePane::solveForOnchip()
{
    const solar::hw::HwProfile* p = profile();
    if (!p || !m_results || !m_results->base())
        return;
    // On-chip capacity acts at cache_aware only; the level is the user's to change, never switched silently.
    if (targetLevel() != Level::CacheAware || !m_inverse || !m_inverse->minOnchipBytes)
        return;
    setFactor(Onchip, *m_inverse->minOnchipBytes / p->onchipBytes.value);
}

bool HardwarePane::saveAsUserProfile(const QString& id, QString* why)
{
    const solar::hw::HwProfile* base = profile();
    if (!base || id.isEmpty()) {
        if (why)
            *why = tr("No profile to save.");
        return false;
    }
    const auto saved = solar::hw::saveUserProfile(solar::hw::whatIfProfile(*base, whatIf(), id.toStdString()));
    if (!saved) {
        if (why)
            *why = QString::fromStdString(saved.diagnostics().front().message);
        return false;
    }
    emit userProfilesChanged(); // the window reloads its registry and gives it back to this panel
    return true;
}

void HardwarePane::calibrateThisMachine()
{
    auto* dialog = new CalibrateDialog(this);
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    connect(dialog, &CalibrateDialog::saved, this, [this](const QString& id) {
        emit userProfilesChanged();
        selectProfile(id);
    });
    dialog->open();
}

bool HardwarePane::saveAsUserProfileInteractively()
{
    bool ok = false;
    const QString id = QInputDialog::getText(this, tr("Save user profile"), tr("Profile id (letters, digits, dashes):"), QLineEdit::Normal,
                                             profileId() + QStringLiteral("-what-if"), &ok);
    if (!ok || id.isEmpty())
        return false;
    QString why;
    if (saveAsUserProfile(id, &why))
        return true;
    QMessageBox::warning(this, tr("Save failed"), why);
    return false;
}

namespace {

const char* const kKnobNames[HardwarePane::KnobCount] = {"bandwidth", "tensor", "simt", "onchip", "clock", "link"};

} // namespace

QMap<QString, double> HardwarePane::factors() const
{
    QMap<QString, double> out;
    for (int k = 0; k < KnobCount; ++k)
        out[QString::fromLatin1(kKnobNames[k])] = factor(static_cast<Knob>(k));
    return out;
}

void HardwarePane::setFactors(const QMap<QString, double>& factors)
{
    for (int k = 0; k < KnobCount; ++k)
        setFactor(static_cast<Knob>(k), factors.value(QString::fromLatin1(kKnobNames[k]), 1.0));
}
