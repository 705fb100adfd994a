// SPDX-License-Identifier: MIT
#include "widgets/parallel/parallelpane.h"

#include "render/units.h"
#include "widgets/results/resultsmodel.h"

#include "engine/hw/whatif.h"
#include "engine/report/parallelreport.h"
#include "engine/report/planreport.h"

#include <QFormLayout>
#include <QHeaderView>
#include <QLabel>
#include <QPlainTextEdit>
#include <QPointer>
#include <QSignalBlocker>
#include <QSpinBox>
#include <QTableWidget>
#include <QVBoxLayout>
#include <QtConcurrent>

using solar::bounds::Level;

ParallelPane::ParallelPane(QWidget* parent)
    : QWidget(parent)
    , m_devices(new QSpinBox(this))
    , m_stages(new QSpinBox(this))
    , m_microBatches(new QSpinBox(this))
    , m_replicas(new QSpinBox(this))
    , m_experts(new QSpinBox(this))
    , m_table(new QTableWidget(this))
    , m_status(new QLabel(this))
    , m_details(new QPlainTextEdit(this))
{
    m_devices->setRange(1, 4096);
    m_devices->setValue(1);
    m_devices->setToolTip(tr("Split the program over this many devices of the profile (tensor parallel, derived from the program)"));
    m_devices->setAccessibleName(tr("Devices"));
    for (QSpinBox* box : {m_stages, m_microBatches, m_replicas, m_experts}) {
        box->setRange(1, 4096);
        box->setValue(1);
    }
    m_stages->setToolTip(tr("Cut the program's statements into this many pipeline stages, each over the devices above"));
    m_stages->setAccessibleName(tr("Pipeline stages"));
    m_microBatches->setToolTip(tr("The micro-batches a step runs as through the pipeline (its fill and drain)"));
    m_microBatches->setAccessibleName(tr("Micro-batches"));
    m_replicas->setToolTip(tr("Data-parallel replicas: the inputs cut along their first dimension, sums over it all-reduced"));
    m_replicas->setAccessibleName(tr("Data-parallel replicas"));
    m_experts->setToolTip(tr("Expert parallelism: a mixture of experts' matrices over this many devices, which also cut the tokens; "
                             "tokens reach their experts all-to-all"));
    m_experts->setAccessibleName(tr("Expert-parallel devices"));
    m_status->setWordWrap(true);
    m_status->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_table->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_table->verticalHeader()->hide();
    m_table->horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
    m_details->setReadOnly(true);
    m_details->setLineWrapMode(QPlainTextEdit::NoWrap);
    m_details->setFont(QFontDatabase::systemFont(QFontDatabase::FixedFont));
    auto* form = new QFormLayout;
    form->addRow(tr("Devices (tensor parallel):"), m_devices);
    form->addRow(tr("Pipeline stages:"), m_stages);
    form->addRow(tr("Micro-batches:"), m_microBatches);
    form->addRow(tr("Data-parallel replicas:"), m_replicas);
    form->addRow(tr("Expert-parallel devices:"), m_experts);
    auto* layout = new QVBoxLayout(this);
    layout->addLayout(form);
    layout->addWidget(m_status);
    layout->addWidget(m_table, 1);
    layout->addWidget(m_details, 2);
    for (QSpinBox* box : {m_devices, m_stages, m_microBatches, m_replicas, m_experts})
        connect(box, &QSpinBox::valueChanged, this, [this] { split(); });
    connect(&m_planWatcher, &QFutureWatcher<std::pair<int, solar::Expected<solar::parallel::PlanAnalysis>>>::finished, this, [this] {
        auto [generation, result] = m_planWatcher.result();
        if (generation != m_generation)
            return;
        if (!result) {
            m_status->setText(QString::fromStdString(result.diagnostics().front().message));
            emit splitChanged();
            return;
        }
        m_plan = std::move(*result);
        showPlan();
    });
    connect(&m_watcher, &QFutureWatcher<std::pair<int, solar::Expected<solar::parallel::ParallelAnalysis>>>::finished, this, [this] {
        auto [generation, result] = m_watcher.result();
        if (generation != m_generation)
            return; // a newer program or count was asked for meanwhile
        if (!result) {
            m_split.reset();
            m_shown.reset();
            m_status->setText(QString::fromStdString(result.diagnostics().front().message));
            m_table->setRowCount(0);
            m_details->clear();
            emit splitChanged();
            return;
        }
        m_split = std::move(*result);
        show();
    });
    split();
}

void ParallelPane::follow(const ResultsModel& results)
{
    m_results = &results;
    // The one what-if path: a slider moves the model's factors, the model re-solves once and says so here.
    connect(&results, &ResultsModel::resultChanged, this,
            [this](ResultsModel::Result shown, bool newProgram) { onResult(std::move(shown), newProgram, m_results->whatIf()); });
}

void ParallelPane::setResult(std::shared_ptr<const solar::AnalysisResult> result, bool newProgram)
{
    onResult(std::move(result), newProgram, {});
}

void ParallelPane::onResult(std::shared_ptr<const solar::AnalysisResult> result, bool newProgram, const solar::hw::WhatIfFactors& factors)
{
    const bool again = newProgram || !m_result || !result || m_result->program.name != result->program.name;
    const bool otherMachine = !(factors == m_whatIf);
    m_result = std::move(result);
    m_whatIf = factors;
    // A plan's stages are analysed on the what-if profile: other factors run it again. A tensor split re-solves
    // each device on the shown machine and re-bounds its links.
    if (again || (otherMachine && planMode()))
        split();
    else
        show();
}

void ParallelPane::setDevices(int devices)
{
    m_devices->setValue(devices);
}

int ParallelPane::devices() const
{
    return m_devices->value();
}

void ParallelPane::setPlan(int stages, int microBatches, int replicas, int experts)
{
    const QSignalBlocker a(m_stages), b(m_microBatches), c(m_replicas), d(m_experts);
    m_stages->setValue(stages);
    m_microBatches->setValue(microBatches);
    m_replicas->setValue(replicas);
    m_experts->setValue(experts);
    split();
}

std::array<int, 4> ParallelPane::planCounts() const
{
    return {m_stages->value(), m_microBatches->value(), m_replicas->value(), m_experts->value()};
}

bool ParallelPane::planMode() const
{
    return m_stages->value() > 1 || m_replicas->value() > 1 || m_experts->value() > 1;
}

void ParallelPane::waitForSplit()
{
    m_planWatcher.waitForFinished();
    m_watcher.waitForFinished();
    QCoreApplication::sendPostedEvents(&m_watcher);
    QCoreApplication::processEvents();
}

void ParallelPane::split()
{
    m_latest->store(++m_generation);
    m_split.reset();
    m_shown.reset();
    m_plan.reset();
    m_table->setRowCount(0);
    m_details->clear();
    m_microBatches->setEnabled(m_stages->value() > 1);
    if (m_result && planMode()) {
        splitPlan();
        return;
    }
    const int n = devices();
    if (!m_result || n < 2) {
        m_status->setText(m_result ? tr("One device: set two or more to split the program over them.") : tr("No analysis yet."));
        emit splitChanged();
        return;
    }
    m_status->setText(tr("Splitting over %1 devices…").arg(n));
    // In the background: the split, the per-device analysis and the validation run the interpreter.
    const std::shared_ptr<const solar::AnalysisResult> whole = m_result;
    const int generation = m_generation;
    m_watcher.setFuture(QtConcurrent::run(
        [whole, n, generation] { return std::make_pair(generation, solar::parallel::analyzeTensorParallel(*whole, n)); }));
}

void ParallelPane::show()
{
    if (!m_split || !m_result) {
        emit splitChanged();
        return;
    }
    solar::parallel::ParallelAnalysis pa = *m_split;
    // The shown machine (the hardware sliders) for each device, the link factor for the collectives.
    pa.device = solar::reSolve(std::move(pa.device), m_result->machine);
    solar::hw::WhatIfFactors links;
    links.link = m_whatIf.link;
    pa = solar::parallel::withLinks(std::move(pa), solar::hw::whatIfProfile(m_result->hardware, links, m_result->hardware.id));
    m_shown = std::move(pa);
    const auto& s = *m_shown;
    std::array<double, solar::bounds::kLevelCount> shares {};
    for (Level l : solar::bounds::kLevels)
        shares[static_cast<size_t>(l)] = s.communicationShare(l);
    fillLevels(s.levels, s.communicationSeconds, shares);
    const bool fits = s.residentBytes <= m_result->hardware.dramCapacityBytes.value;
    m_status->setText(tr("%1 statements split, %2 run whole on every device; %3 collectives; each device holds %4 of %5%6; split %7")
                          .arg(s.split.splitStatements)
                          .arg(s.split.replicatedStatements)
                          .arg(s.split.exchanges.size())
                          .arg(siText(s.residentBytes, "B"), siText(m_result->hardware.dramCapacityBytes.value, "B"),
                               fits ? QString() : tr(" (does not fit)"),
                               s.validation ? (s.validation->ok ? tr("validated") : tr("NOT validated: the recombined outputs differ"))
                                            : tr("not validated (see the notes)")));
    m_details->setPlainText(QString::fromStdString(solar::report::parallelTable(s)));
    emit splitChanged();
}

void ParallelPane::splitPlan()
{
    solar::parallel::Plan plan;
    plan.tp = devices();
    plan.pp = m_stages->value();
    plan.microBatches = plan.pp > 1 ? m_microBatches->value() : 1;
    plan.dp = m_replicas->value();
    plan.ep = m_experts->value();
    m_status->setText(tr("Splitting over %1 devices (%2)…").arg(plan.devices()).arg(QString::fromStdString(plan.text())));
    // The profile as the hardware pane's sliders set it: the stages are analysed, and the collectives and sends
    // bounded, on it.
    auto whole = std::make_shared<solar::AnalysisResult>(*m_result);
    whole->hardware = solar::hw::whatIfProfile(m_result->hardware, m_whatIf, m_result->hardware.id);
    const int generation = m_generation;
    const auto latest = m_latest;
    QPointer<QLabel> status = m_status;
    const QString what = QString::fromStdString(plan.text());
    m_planWatcher.setFuture(QtConcurrent::run([whole, plan, generation, latest, status, what] {
        // Each step says where it is, and stops the job when a newer plan or program was asked for.
        auto progress = [&](const std::string& step) {
            if (latest->load() != generation)
                return false;
            if (status)
                QMetaObject::invokeMethod(status.data(), [status, what, step, generation, latest] {
                    if (status && latest->load() == generation)
                        status->setText(ParallelPane::tr("Splitting (%1): %2…").arg(what, QString::fromStdString(step)));
                });
            return true;
        };
        return std::make_pair(generation, solar::parallel::analyzePlan(*whole, plan, progress));
    }));
}

void ParallelPane::showPlan()
{
    const auto& p = *m_plan;
    std::array<double, solar::bounds::kLevelCount> shares {}; // the communication's part of the serialised time
    for (size_t i = 0; i < shares.size(); ++i) {
        const auto& lv = p.levels[i];
        shares[i] = lv.serialSeconds > 0 ? (lv.serialSeconds - lv.deviceSeconds) / lv.serialSeconds : 0.0;
    }
    fillLevels(p.levels, p.communicationSeconds, shares);
    m_status->setText(tr("%1 devices (%2): %3 stages; a device holds %4 of %5%6; %7")
                          .arg(p.plan.devices())
                          .arg(QString::fromStdString(p.plan.text()))
                          .arg(p.stages.size())
                          .arg(siText(p.memory.totalBytes(), "B"), siText(p.capacityBytes, "B"),
                               p.fits() ? QString() : tr(" (does not fit)"),
                               !p.validated()         ? tr("NOT validated: a split's recombined outputs differ")
                                   : p.anyValidated() ? tr("the splits that could run were validated (see the notes)")
                                                      : tr("not validated: no cut, stage or split could run (see the notes)")));
    m_details->setPlainText(QString::fromStdString(solar::report::planTable(p, *m_result)));
    emit splitChanged();
}

void ParallelPane::fillLevels(const std::array<solar::parallel::SystemLevel, solar::bounds::kLevelCount>& levels,
                              double communicationSeconds, const std::array<double, solar::bounds::kLevelCount>& shares)
{
    const QStringList headers {tr("Level"),      tr("Per device"), tr("Communication"), tr("Overlapped (bound)"),
                               tr("Serialised"), tr("Comm. share")};
    m_table->setColumnCount(static_cast<int>(headers.size()));
    m_table->setHorizontalHeaderLabels(headers);
    m_table->setRowCount(solar::bounds::kLevelCount);
    for (Level l : solar::bounds::kLevels) {
        const auto& lv = levels[static_cast<size_t>(l)];
        const int r = static_cast<int>(l);
        m_table->setItem(r, 0,
                         new QTableWidgetItem(QString::fromLatin1(solar::bounds::levelShortName(l).data()) + QLatin1Char(' ')
                                              + QString::fromLatin1(solar::bounds::levelName(l).data())));
        m_table->setItem(r, 1, new QTableWidgetItem(secondsText(lv.deviceSeconds)));
        m_table->setItem(r, 2, new QTableWidgetItem(secondsText(communicationSeconds)));
        m_table->setItem(
            r, 3, new QTableWidgetItem(secondsText(lv.overlappedSeconds) + (lv.communicationBinds ? tr(" (links bind)") : QString())));
        m_table->setItem(r, 4, new QTableWidgetItem(secondsText(lv.serialSeconds)));
        m_table->setItem(r, 5, new QTableWidgetItem(fixedText(100 * shares[static_cast<size_t>(l)], 1) + QStringLiteral(" %")));
    }
}
