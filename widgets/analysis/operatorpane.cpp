// SPDX-License-Identifier: MIT
#include "widgets/analysis/operatorpane.h"

#include "widgets/common/stalebanner.h"

#include "widgets/results/resultsmodel.h"

#include "render/hardwarecaption.h"
#include "widgets/analysis/operatortablemodel.h"

#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QSortFilterProxyModel>
#include <QTableView>
#include <QVBoxLayout>

#include <algorithm>

OperatorPane::OperatorPane(QWidget* parent)
    : QWidget(parent)
    , m_model(new OperatorTableModel(this))
    , m_proxy(new QSortFilterProxyModel(this))
    , m_table(new QTableView(this))
    , m_filter(new QLineEdit(this))
    , m_whatIf(new QLabel(this))
    , m_stale(new StaleBanner(this))
{
    m_whatIf->setWordWrap(true);
    m_whatIf->hide();
    m_proxy->setSourceModel(m_model);
    m_proxy->setSortRole(OperatorTableModel::SortRole);
    m_proxy->setFilterCaseSensitivity(Qt::CaseInsensitive);
    m_proxy->setFilterKeyColumn(-1);
    m_table->setModel(m_proxy);
    m_table->setSortingEnabled(true);
    m_table->sortByColumn(OperatorTableModel::TimeF0, Qt::DescendingOrder);
    m_table->setColumnHidden(OperatorTableModel::Measured, true); // until a profiler trace is loaded
    m_table->setColumnHidden(OperatorTableModel::PercentOfSol, true);
    m_table->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_table->setSelectionMode(QAbstractItemView::SingleSelection);
    m_table->horizontalHeader()->setSectionResizeMode(QHeaderView::Interactive);
    m_table->verticalHeader()->hide();
    m_table->verticalHeader()->setDefaultSectionSize(m_table->fontMetrics().height() + 6);
    m_table->setWordWrap(false);
    // Widths that show the key columns whole in a 700-pixel pane; the rest scroll.
    const int em = m_table->fontMetrics().horizontalAdvance(QLatin1Char('M'));
    const std::pair<int, int> widths[]
        = {{OperatorTableModel::Name, 11}, {OperatorTableModel::Module, 10},    {OperatorTableModel::SourceOp, 13},
           {OperatorTableModel::Line, 4},  {OperatorTableModel::Bottleneck, 7}, {OperatorTableModel::Share, 5}};
    for (const auto& [column, ems] : widths)
        m_table->setColumnWidth(column, ems * em);
    // Never narrower than the header's text in the user's language ("F0 ungefusioniert/Kernel").
    for (int column = 0; column < m_table->model()->columnCount(); ++column)
        m_table->setColumnWidth(column, std::max(m_table->columnWidth(column), m_table->horizontalHeader()->sectionSizeHint(column)));
    m_table->horizontalHeader()->setToolTip(tr("Times are each level's share of the bound; click a header to sort"));
    m_filter->setPlaceholderText(tr("Filter operators (name, module, op, kind, equation)…"));
    m_filter->setClearButtonEnabled(true);
    auto* csv = new QPushButton(tr("Export CSV…"), this);
    auto* bar = new QHBoxLayout;
    bar->addWidget(m_filter, 1);
    bar->addWidget(csv);
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(2, 2, 2, 2);
    layout->addLayout(bar);
    layout->addWidget(m_whatIf);
    layout->addWidget(m_stale);
    layout->addWidget(m_table, 1);
    connect(m_filter, &QLineEdit::textChanged, m_proxy, &QSortFilterProxyModel::setFilterFixedString);
    connect(csv, &QPushButton::clicked, this, &OperatorPane::exportCsvRequested);
    connect(m_table->selectionModel(), &QItemSelectionModel::currentRowChanged, this, [this](const QModelIndex& current) {
        if (current.isValid() && !m_selecting)
            emit nodeSelected(m_proxy->data(current, OperatorTableModel::NodeRole).toInt());
    });
}

void OperatorPane::setResult(std::shared_ptr<const solar::AnalysisResult> result)
{
    const QString factors = result ? whatIfFactorsText(*result) : QString();
    m_whatIf->setText(tr("<b>What-if hardware</b> (%1): the times are on the changed machine.").arg(factors));
    m_whatIf->setVisible(!factors.isEmpty());
    m_model->setResult(std::move(result));
}

void OperatorPane::setMeasured(std::vector<std::optional<double>> measured)
{
    const bool shown = !measured.empty();
    m_model->setMeasured(std::move(measured));
    m_table->setColumnHidden(OperatorTableModel::Measured, !shown);
    m_table->setColumnHidden(OperatorTableModel::PercentOfSol, !shown);
}

void OperatorPane::setShareLevel(solar::bounds::Level level)
{
    m_model->setShareLevel(level);
}

void OperatorPane::selectNode(int node)
{
    const QModelIndex proxyIndex = m_proxy->mapFromSource(m_model->index(m_model->rowOfNode(node), 0));
    if (!proxyIndex.isValid())
        return;
    m_selecting = true;
    m_table->selectionModel()->setCurrentIndex(proxyIndex, QItemSelectionModel::ClearAndSelect | QItemSelectionModel::Rows);
    m_table->scrollTo(proxyIndex);
    m_selecting = false;
}

void OperatorPane::follow(const ResultsModel& results)
{
    m_stale->follow(results);
    connect(&results, &ResultsModel::resultChanged, this, &OperatorPane::setResult);
    connect(&results, &ResultsModel::measuredChanged, this, &OperatorPane::setMeasured);
}
