// SPDX-License-Identifier: MIT
#include "widgets/insights/insightsmodel.h"

#include "render/units.h"

#include <algorithm>

InsightsModel::InsightsModel(QObject* parent)
    : QAbstractTableModel(parent)
{ }

void InsightsModel::setInsights(std::shared_ptr<const solar::AnalysisResult> result, solar::insights::Insights insights)
{
    beginResetModel();
    m_result = std::move(result);
    m_insights = std::move(insights);
    m_largest = 0;
    for (const auto& o : m_insights.opportunities)
        m_largest = std::max(m_largest, o.savedSeconds);
    endResetModel();
}

QString InsightsModel::kindText(solar::insights::Kind kind)
{
    using solar::insights::Kind;
    switch (kind) {
    case Kind::Fusion: return tr("fusion");
    case Kind::Precision: return tr("precision");
    case Kind::Capacity: return tr("capacity");
    case Kind::Launch: return tr("launch");
    case Kind::MeasuredGap: return tr("measured gap");
    }
    return {};
}

int InsightsModel::rowCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : static_cast<int>(m_insights.opportunities.size());
}

int InsightsModel::columnCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : ColumnCount;
}

QVariant InsightsModel::data(const QModelIndex& index, int role) const
{
    if (!index.isValid() || index.row() >= rowCount())
        return {};
    const auto& o = m_insights.opportunities[static_cast<size_t>(index.row())];
    const int col = index.column();
    if (role == NodesRole) {
        QList<int> nodes;
        for (int n : o.nodes)
            nodes.append(n);
        return QVariant::fromValue(nodes);
    }
    if (role == BarRole)
        return m_largest > 0 ? o.savedSeconds / m_largest : 0.0;
    if (role == Qt::ToolTipRole)
        return QString::fromStdString(o.explanation);
    if (role == Qt::TextAlignmentRole && (col == Rank || col == Saved || col == Share))
        return QVariant(Qt::AlignRight | Qt::AlignVCenter);
    if (role != Qt::DisplayRole && role != SortRole)
        return {};
    const bool raw = role == SortRole;
    switch (col) {
    case Rank: return index.row() + 1;
    case Kind: return kindText(o.kind);
    case Saved: return raw ? QVariant(o.savedSeconds) : QVariant(secondsText(o.savedSeconds));
    case Share: {
        const double share = m_insights.referenceSeconds > 0 ? o.savedSeconds / m_insights.referenceSeconds : 0.0;
        return raw ? QVariant(share) : QVariant(fixedText(100 * share, 1) + QLatin1Char('%'));
    }
    case Lines: {
        QStringList lines;
        for (int l : o.lines)
            lines << QString::number(l);
        return lines.join(QLatin1Char(','));
    }
    case What: return QString::fromStdString(o.title);
    default: return {};
    }
}

QVariant InsightsModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return QAbstractTableModel::headerData(section, orientation, role);
    switch (section) {
    case Rank: return tr("#");
    case Kind: return tr("Kind");
    case Saved: return tr("Saved");
    case Share: return tr("Of reference");
    case Lines: return tr("Lines");
    case What: return tr("Opportunity");
    default: return {};
    }
}
