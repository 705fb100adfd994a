// SPDX-License-Identifier: MIT
#include "widgets/insights/insightspane.h"

#include "render/hardwarecaption.h"
#include "render/palette.h"

#include "widgets/results/resultsmodel.h"

#include "render/units.h"
#include "widgets/insights/insightsmodel.h"

#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QPainter>
#include <QPushButton>
#include <QStyledItemDelegate>
#include <QTableView>
#include <QTextBrowser>
#include <QVBoxLayout>

#include <algorithm>

namespace {

// The saved time with a bar behind it, as long as its share of the largest saving.
class SavedBarDelegate : public QStyledItemDelegate
{
public:
    using QStyledItemDelegate::QStyledItemDelegate;
    void paint(QPainter* p, const QStyleOptionViewItem& option, const QModelIndex& index) const override
    {
        const double fraction = std::clamp(index.data(InsightsModel::BarRole).toDouble(), 0.0, 1.0);
        QRectF bar = option.rect.adjusted(2, 3, -2, -3);
        bar.setWidth(bar.width() * fraction);
        p->save();
        p->setPen(Qt::NoPen);
        p->setBrush(highlightColour());
        p->drawRect(bar);
        p->restore();
        QStyledItemDelegate::paint(p, option, index);
    }
};

} // namespace

InsightsPane::InsightsPane(QWidget* parent)
    : QWidget(parent)
    , m_model(new InsightsModel(this))
    , m_table(new QTableView(this))
    , m_summary(new QLabel(this))
    , m_explanation(new QTextBrowser(this))
    , m_load(new QPushButton(tr("Load profiler trace…"), this))
    , m_clearTrace(new QPushButton(tr("Clear trace"), this))
{
    m_table->setModel(m_model);
    m_table->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_table->setSelectionMode(QAbstractItemView::SingleSelection);
    m_table->setItemDelegateForColumn(InsightsModel::Saved, new SavedBarDelegate(m_table));
    m_table->verticalHeader()->hide();
    // Every column but the last as wide as its header and contents need, in any language (German's "Anteil an
    // der Referenz" was cut to "eil an der Refere" at a fixed width); the opportunity's text takes the rest.
    m_table->horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
    m_table->horizontalHeader()->setStretchLastSection(true);
    m_table->setWordWrap(false); // one line per opportunity; the whole text is in the explanation and the tooltip
    m_table->setTextElideMode(Qt::ElideRight);
    m_summary->setWordWrap(true);
    m_summary->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_explanation->setMaximumHeight(110);
    m_load->setToolTip(tr("A Chrome trace from torch.profiler (prof.export_chrome_trace) of this model at these sizes: its ops' "
                          "measured times are matched to the operators"));
    m_clearTrace->setEnabled(false);
    auto* buttons = new QHBoxLayout;
    buttons->addWidget(m_load);
    buttons->addWidget(m_clearTrace);
    buttons->addStretch();
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(2, 2, 2, 2);
    layout->addWidget(m_summary);
    layout->addWidget(m_table, 1);
    layout->addWidget(m_explanation);
    layout->addLayout(buttons);
    connect(m_table->selectionModel(), &QItemSelectionModel::currentRowChanged, this, &InsightsPane::currentChanged);
    connect(m_load, &QPushButton::clicked, this, &InsightsPane::loadTraceRequested);
    connect(m_clearTrace, &QPushButton::clicked, this, &InsightsPane::clearTraceRequested);
    clear();
}

void InsightsPane::setInsights(std::shared_ptr<const solar::AnalysisResult> result, solar::insights::Insights insights,
                               const std::optional<solar::measure::TraceMatch>& trace)
{
    QString text
        = tr("Reference %1 (%2); speed of light %3. Recoverable in all: <b>%4</b> (%5% of the reference; "
             "alternatives counted once).")
              .arg(secondsText(insights.referenceSeconds),
                   insights.reference == "measured"
                       ? tr("measured: %1").arg(QString::fromStdString(insights.measuredSource).toHtmlEscaped())
                       : tr("the eager model, no measurement"),
                   secondsText(insights.solSeconds), secondsText(insights.totalSavedSeconds),
                   fixedText(insights.referenceSeconds > 0 ? 100 * insights.totalSavedSeconds / insights.referenceSeconds : 0.0, 1));
    // The total is capped by the reference down to the lowest speed of light, which a faster precision can put
    // below the one shown: name it, or the total reads as recovering past the speed of light.
    text += QStringLiteral("<br>")
        + tr("At most %1: the reference down to the lowest speed of light, %2 (%3).")
              .arg(secondsText(std::max(0.0, insights.referenceSeconds - insights.lowestSolSeconds)),
                   secondsText(insights.lowestSolSeconds),
                   insights.lowestSolSeconds < insights.solSeconds ? tr("fused, with the fastest precision alternative listed")
                                                                   : tr("fused, at the analysed precision"));
    if (const QString factors = result ? whatIfFactorsText(*result) : QString(); !factors.isEmpty())
        text = tr("<b>What-if hardware</b> (%1): every time here is on the changed machine.").arg(factors) + QStringLiteral("<br>") + text;
    if (trace) {
        const double all = trace->matchedSeconds + trace->unmatchedSeconds;
        text += QStringLiteral("<br>")
            + tr("Trace: %1 of ATen time matched to the operators (%2%), %3 not.")
                  .arg(secondsText(trace->matchedSeconds), fixedText(all > 0 ? 100 * trace->matchedSeconds / all : 100.0, 1),
                       secondsText(trace->unmatchedSeconds));
    }
    if (insights.omitted > 0)
        text += QStringLiteral("<br>") + tr("%n smaller opportunity(ies) not listed.", nullptr, insights.omitted);
    m_summary->setText(text);
    m_model->setInsights(std::move(result), std::move(insights));
    m_explanation->setPlainText(m_model->rowCount() == 0 ? tr("No opportunity above 0.5 % of the reference.")
                                                         : tr("Select an opportunity to see how its estimate follows from the bounds."));
    m_clearTrace->setEnabled(trace.has_value());
}

void InsightsPane::clear()
{
    m_model->setInsights(nullptr, {});
    m_summary->setText(tr("No analysis yet."));
    m_explanation->clear();
    m_clearTrace->setEnabled(false);
}

void InsightsPane::selectOpportunity(int row)
{
    if (row < 0 || row >= m_model->rowCount())
        return;
    m_table->setCurrentIndex(m_model->index(row, InsightsModel::What));
}

void InsightsPane::currentChanged()
{
    const QModelIndex current = m_table->currentIndex();
    if (!current.isValid())
        return;
    const auto& o = m_model->insights().opportunities[static_cast<size_t>(current.row())];
    m_explanation->setPlainText(QString::fromStdString(o.title) + QStringLiteral("\n\n") + QString::fromStdString(o.explanation));
    emit opportunitySelected(current.data(InsightsModel::NodesRole).value<QList<int>>());
}

void InsightsPane::follow(const ResultsModel& results)
{
    connect(&results, &ResultsModel::insightsChanged, this, &InsightsPane::setInsights);
}
