// SPDX-License-Identifier: MIT
#include "widgets/analysis/summarypane.h"

#include "widgets/common/stalebanner.h"

#include "render/enginetext.h"
#include "render/hardwarecaption.h"

#include "widgets/results/resultsmodel.h"

#include "engine/batch/sweep.h"

#include "render/units.h"
#include "widgets/common/secondsedit.h"
#include <QFileDialog>
#include <QFileInfo>
#include <QMessageBox>

#include "engine/report/analysisreport.h"
#include "engine/report/leastorderreport.h"
#include "render/palette.h"

#include <QDoubleSpinBox>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QPushButton>
#include <QScrollArea>
#include <QTableWidget>
#include <QVBoxLayout>

using solar::bounds::Level;

SummaryPane::SummaryPane(QWidget* parent)
    : QWidget(parent)
    , m_program(new QLabel(this))
    , m_stale(new StaleBanner(this))
    , m_validation(new QLabel(this))
    , m_coverage(new QLabel(this))
    , m_ladder(new QTableWidget(solar::bounds::kLevelCount, ColumnCount, this))
    , m_measured(new SecondsEdit(tr("not measured (e.g. 1.25 ms)"), this))
    , m_import(new QPushButton(tr("Import timings…"), this))
    , m_violation(new QLabel(this))
    , m_measurementNote(new QLabel(this))
    , m_notes(new QLabel(this))
{
    for (QLabel* l : {m_program, static_cast<QLabel*>(m_stale), m_validation, m_coverage, m_violation, m_measurementNote, m_notes}) {
        l->setWordWrap(true);
        l->setTextInteractionFlags(Qt::TextSelectableByMouse);
    }
    m_violation->setStyleSheet(QStringLiteral("color: %1; font-weight: bold").arg(errorColour().name()));
    m_ladder->setHorizontalHeaderLabels(
        {tr("Level"), tr("Bound"), tr("Bottleneck"), tr("Compute"), tr("Memory"), tr("DRAM"), tr("FLOP/B"), tr("Headroom")});
    m_ladder->verticalHeader()->hide();
    m_ladder->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_ladder->horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
    m_ladder->setVerticalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    m_ladder->setHorizontalScrollBarPolicy(Qt::ScrollBarAsNeeded);
    m_ladder->verticalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
    m_ladder->setSizeAdjustPolicy(QAbstractScrollArea::AdjustToContents);
    m_measured->setToolTip(tr("A measured runtime of this program on the selected hardware, with its unit (1.25 ms, 190 µs)"));

    // Everything scrolls together: a long coverage list or notes never squeeze the ladder.
    auto* content = new QWidget;
    auto* layout = new QVBoxLayout(content);
    auto* scroll = new QScrollArea(this);
    scroll->setWidget(content);
    scroll->setWidgetResizable(true);
    scroll->setFrameShape(QFrame::NoFrame);
    auto* outer = new QVBoxLayout(this);
    outer->setContentsMargins(0, 0, 0, 0);
    outer->addWidget(scroll);
    layout->addWidget(m_program);
    layout->addWidget(m_stale);
    layout->addWidget(m_validation);
    layout->addWidget(m_coverage);
    layout->addWidget(m_ladder);
    layout->addWidget(m_notes);
    auto* measured = new QHBoxLayout;
    measured->addWidget(new QLabel(tr("Measured:"), this));
    measured->addWidget(m_measured, 1);
    measured->addWidget(m_import);
    layout->addLayout(measured);
    layout->addWidget(m_violation);
    layout->addWidget(m_measurementNote);
    m_measurementNote->setStyleSheet(QStringLiteral("color: %1").arg(cautionColour().name()));
    m_measurementNote->hide();
    connect(m_measured, &SecondsEdit::secondsChanged, this, &SummaryPane::measurementEdited);
    connect(m_import, &QPushButton::clicked, this, &SummaryPane::importTimingsRequested);
    refresh();
}

QString SummaryPane::levelLabel(Level l)
{
    switch (l) {
    case Level::UnfusedPerKernel: return tr("F0 unfused/kernel");
    case Level::UnfusedOverlapped: return tr("F1 overlapped");
    case Level::FusedPerOp: return tr("F2 fused/op");
    case Level::Fused: return tr("F3 fused (SOL)");
    case Level::CacheAware: return tr("F4 cache-aware");
    }
    return {};
}

QString SummaryPane::measurementKey(const solar::AnalysisResult& r)
{
    QString key = QString::fromStdString(r.program.file) + QLatin1Char('|') + QString::fromStdString(r.program.name);
    for (const auto& [name, value] : r.sizes.values)
        key += QLatin1Char('|') + QString::fromStdString(name) + QLatin1Char('=') + QString::number(value);
    return key + QLatin1Char('|') + QString::fromStdString(r.hardware.id);
}

void SummaryPane::setResult(std::shared_ptr<const solar::AnalysisResult> result)
{
    m_result = std::move(result);
    // A measured time belongs to (program, sizes, hardware): another one makes it meaningless, so it is set aside
    // with a note instead of producing headroom (or a false SOL violation) against the new bounds.
    if (m_result && measuredSeconds() && m_measuredKey.isEmpty())
        m_measuredKey = measurementKey(*m_result); // given before any result, or pending: this result adopts it
    if (m_result && measuredSeconds() && m_measuredKey != measurementKey(*m_result)) {
        m_measurementNote->setText(tr("The measured %1 was for another program, size set or hardware; it was cleared. "
                                      "Enter or import the time measured for this one.")
                                       .arg(secondsText(*measuredSeconds())));
        m_measurementNote->show();
        m_settingMeasured = true;
        m_measured->setSeconds(std::nullopt);
        m_settingMeasured = false;
        m_measuredKey.clear();
    }
    refresh();
}

void SummaryPane::setPendingMeasuredSeconds(std::optional<double> s)
{
    m_settingMeasured = true;
    m_measured->setSeconds(s);
    m_settingMeasured = false;
    m_measuredKey.clear();
    m_measurementNote->hide();
    refresh();
}

void SummaryPane::measurementEdited()
{
    if (!m_settingMeasured) {
        m_measuredKey = m_result ? measurementKey(*m_result) : QString();
        m_measurementNote->hide();
    }
    refresh();
}

QString SummaryPane::measurementNote() const
{
    return m_measurementNote->isHidden() ? QString() : m_measurementNote->text();
}

void SummaryPane::setValidationRunning(bool running)
{
    m_validationRunning = running;
    refresh();
}

QString SummaryPane::notesText() const
{
    return m_notes->text();
}

QString SummaryPane::coverageText() const
{
    return m_coverage->text();
}

void SummaryPane::setMeasuredSeconds(std::optional<double> s)
{
    m_measured->setSeconds(s); // measurementEdited() ties it to the shown result
}

std::optional<double> SummaryPane::measuredSeconds() const
{
    return m_measured->seconds();
}

QString SummaryPane::programText() const
{
    return m_program->text();
}

QString SummaryPane::validationText() const
{
    return m_validation->text();
}

QString SummaryPane::violationText() const
{
    return m_violation->text();
}

void SummaryPane::refresh()
{
    if (!m_result) {
        m_program->setText(tr("No analysis yet: open a model or an ALIR program and press Ctrl+R."));
        m_validation->clear();
        m_coverage->clear();
        m_violation->clear();
        m_ladder->clearContents();
        return;
    }
    const auto& r = *m_result;
    QString program = tr("<b>%1</b> on %2 — %3, %4 caches")
                          .arg(QString::fromStdString(r.program.name).toHtmlEscaped(), hardwareCaption(r).toHtmlEscaped(),
                               QString::fromLatin1(solar::bounds::policyName(r.options.policy).data()),
                               QString::fromLatin1(solar::bounds::cacheName(r.options.cache).data()));
    if (!r.programNote.empty())
        program += QStringLiteral("<br><small>") + QString::fromStdString(r.programNote).toHtmlEscaped() + QStringLiteral("</small>");
    // What the analysis warns of stands out under its header: a serving point that does not fit in the device's
    // memory (issue 49) is a time no device of this memory runs.
    for (const auto& d : r.diagnostics)
        if (d.severity == solar::Severity::Warning)
            program += QStringLiteral("<br><b style=\"color:%1\">%2</b>")
                           .arg(errorColour().name(), QString::fromStdString(d.message).toHtmlEscaped());
    if (m_program->text() != program)
        m_program->setText(program);
    if (m_validationRunning) {
        m_validation->setText(tr("Validation: <b style=\"color:%1\">validating</b> — the bounds are shown; the comparison with the "
                                 "source runs in the background (Esc cancels it)")
                                  .arg(statusColour(QStringLiteral("validating")).name()));
    } else {
        const QString colour = statusColour(QString::fromStdString(r.validation.label())).name();
        m_validation->setText(tr("Validation: <b style=\"color:%1\">%2</b> — %3")
                                  .arg(colour, validationLabelText(r.validation).toHtmlEscaped(),
                                       QString::fromStdString(r.validation.details).toHtmlEscaped()));
    }
    QStringList notes;
    for (const auto& n : r.ladder.notes)
        notes << engineText(n).toHtmlEscaped();
    for (const auto& line : solar::report::leastOrderLines(r))
        notes << QString::fromStdString(line).toHtmlEscaped();
    m_notes->setText(notes.isEmpty() ? QString() : tr("<small>Notes: %1</small>").arg(notes.join(QStringLiteral("<br>"))));
    m_notes->setVisible(!notes.isEmpty());
    QStringList notCounted, approximated, why;
    for (const auto& item : r.coverage.items) {
        // The source's line where there is one, as the operator table cites it; else the IR's, said so.
        const QString where = item.sourceLine > 0 ? tr("line %1").arg(item.sourceLine) : tr("ALIR line %1").arg(item.line);
        (item.counted ? approximated : notCounted) << tr("%1 (%2)").arg(QString::fromStdString(item.what), where);
        why << tr("%1 (%2): %3").arg(QString::fromStdString(item.what), where, QString::fromStdString(item.reason));
    }
    QString coverage = withPalette(!r.coverage.complete ? tr("<b style=\"color:{error}\">Coverage: INCOMPLETE</b> — not counted: %1")
                                                              .arg(notCounted.join(QStringLiteral("; ")).toHtmlEscaped())
                                       : r.coverage.approximate() ? tr("<b style=\"color:{approximate}\">Coverage: approximate</b> — every "
                                                                       "operation is in the bounds, some counts as lower bounds.")
                                                                  : tr("Coverage: complete — every operation is in the bounds."));
    // Counts that are lower bounds (a footprint under a data-dependent guard, a gather's rows) keep every bound
    // valid but looser; they are listed, never hidden behind "complete".
    if (!approximated.isEmpty())
        coverage += QStringLiteral("<br>")
            + tr("%n count(s) are lower bounds (valid, possibly loose; hover for why, or see the IR pane's marks): %1", nullptr,
                 static_cast<int>(approximated.size()))
                  .arg(approximated.join(QStringLiteral(", ")).toHtmlEscaped());
    m_coverage->setText(coverage);
    m_coverage->setToolTip(why.join(QLatin1Char('\n')));
    const std::optional<double> measured = measuredSeconds();
    QStringList violations, belowEager; // speed-of-light levels beaten (a bug) / eager-model levels beaten (fusion can)
    for (Level l : solar::bounds::kLevels) {
        const auto& x = r.ladder.at(l);
        const int row = static_cast<int>(l);
        auto set = [&](int col, const QString& text) {
            QTableWidgetItem* item = m_ladder->item(row, col);
            if (!item) {
                item = new QTableWidgetItem;
                if (col != LevelColumn && col != Bottleneck)
                    item->setTextAlignment(Qt::AlignRight | Qt::AlignVCenter);
                m_ladder->setItem(row, col, item);
            }
            if (item->text() != text) // a slider move changes a few cells: the others are left alone
                item->setText(text);
        };
        set(LevelColumn, levelLabel(l));
        m_ladder->item(row, LevelColumn)->setToolTip(QString::fromLatin1(solar::bounds::levelName(l).data()));
        set(Bound, secondsText(x.seconds));
        set(Bottleneck, bottleneckText(x.bottleneck));
        set(Compute, secondsText(x.computeSeconds));
        set(Memory, secondsText(x.memorySeconds));
        set(DramBytes, siText(x.bytes, "B"));
        set(Intensity, QLocale().toString(x.intensity, 'g', 4));
        if (measured && x.seconds > 0) {
            set(Headroom, QLocale().toString(*measured / x.seconds, 'g', 3) + QStringLiteral("×"));
            if (*measured < x.seconds)
                (l == Level::Fused || l == Level::CacheAware ? violations : belowEager)
                    << QString::fromLatin1(solar::bounds::levelName(l).data());
        } else {
            set(Headroom, QString());
        }
    }
    if (!violations.isEmpty())
        m_violation->setText(tr("SOL violation: the measured %1 is below the %2 bound. A true lower bound cannot be "
                                "beaten: check the measurement (sizes, dtype, hardware) or report the model.")
                                 .arg(secondsText(*measured), violations.join(QStringLiteral(", "))));
    else if (!belowEager.isEmpty())
        m_violation->setText(tr("The measured %1 is below the eager model's %2 bound: an implementation that fuses or overlaps "
                                "operators (torch.compile, CUDA graphs) can do that; the speed-of-light levels hold.")
                                 .arg(secondsText(*measured), belowEager.join(QStringLiteral(", "))));
    else
        m_violation->clear();
}

void SummaryPane::importTimings(const QString& sourcePath)
{
    const QString path = QFileDialog::getOpenFileName(this, tr("Import KernelBench timings"), QString(), tr("Timing JSON (*.json)"));
    if (path.isEmpty())
        return;
    const auto timings = solar::batch::readTimings(path.toStdString());
    if (!timings) {
        QMessageBox::warning(this, tr("Import failed"), QString::fromStdString(solar::formatAll(timings.diagnostics())));
        return;
    }
    if (m_result) {
        if (const auto why = solar::batch::timingsHardwareMismatch(path.toStdString(), m_result->hardware)) {
            QMessageBox::warning(this, tr("Timings from another machine"),
                                 tr("%1: no headroom is computed against them. Select the profile they were measured on.")
                                     .arg(QString::fromStdString(*why)));
            return;
        }
    }
    const auto found = solar::batch::timingFor(*timings, sourcePath.toStdString());
    if (!found) {
        QMessageBox::information(this, tr("No timing"), tr("%1 has no timing for %2.").arg(path, QFileInfo(sourcePath).fileName()));
        return;
    }
    setMeasuredSeconds(found);
}

void SummaryPane::follow(const ResultsModel& results)
{
    connect(&results, &ResultsModel::resultChanged, this, &SummaryPane::setResult);
    m_stale->follow(results);
}
