// SPDX-License-Identifier: MIT
#include "widgets/analysis/operatortablemodel.h"
#include "render/palette.h"
#include "render/units.h"

#include "engine/report/analysisreport.h"

#include <QBrush>
#include <QColor>

using solar::bounds::Level;

OperatorTableModel::OperatorTableModel(QObject* parent)
    : QAbstractTableModel(parent)
{ }

void OperatorTableModel::setResult(std::shared_ptr<const solar::AnalysisResult> result)
{
    // The same program on another machine (a slider move): same rows, new numbers. Updating in place keeps the
    // view's selection and scroll position and avoids re-laying out the whole table.
    if (result && m_result && result->graph.nodes.size() == m_result->graph.nodes.size() && result->program.name == m_result->program.name
        && result->graph.program == m_result->graph.program && !m_rows.empty()) {
        bool same = true;
        for (size_t i = 0; i < m_rows.size() && same; ++i)
            same = m_rows[i].name == result->graph.nodes[static_cast<size_t>(m_rows[i].node)].name;
        if (same) {
            m_result = std::move(result);
            m_rows = solar::operatorRows(*m_result);
            emit dataChanged(index(0, 0), index(rowCount() - 1, ColumnCount - 1));
            return;
        }
    }
    beginResetModel();
    m_result = std::move(result);
    m_rows = m_result ? solar::operatorRows(*m_result) : std::vector<solar::OperatorRow> {};
    endResetModel();
}

void OperatorTableModel::setShareLevel(Level level)
{
    m_shareLevel = level;
    emit headerDataChanged(Qt::Horizontal, Share, Share);
    if (!m_rows.empty())
        emit dataChanged(index(0, Share), index(rowCount() - 1, Share));
}

void OperatorTableModel::setMeasured(std::vector<std::optional<double>> measured)
{
    m_measured = std::move(measured);
    if (!m_rows.empty())
        emit dataChanged(index(0, Measured), index(rowCount() - 1, PercentOfSol));
}

int OperatorTableModel::rowOfNode(int node) const
{
    for (size_t i = 0; i < m_rows.size(); ++i)
        if (m_rows[i].node == node)
            return static_cast<int>(i);
    return -1;
}

int OperatorTableModel::rowCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : static_cast<int>(m_rows.size());
}

int OperatorTableModel::columnCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : ColumnCount;
}

namespace {

// Sorted as people count: "layers.2" before "layers.10" (each run of digits compared by its value; issue 49).
QString naturalSortKey(const QString& text)
{
    QString key;
    for (qsizetype i = 0; i < text.size();) {
        if (!text[i].isDigit()) {
            key += text[i++];
            continue;
        }
        qsizetype j = i;
        while (j < text.size() && text[j].isDigit())
            ++j;
        const QString digits = text.mid(i, j - i);
        key += QString(std::max<qsizetype>(0, 12 - digits.size()), QLatin1Char('0')) + digits;
        i = j;
    }
    return key;
}

} // namespace

QVariant OperatorTableModel::data(const QModelIndex& index, int role) const
{
    if (!index.isValid() || index.row() >= rowCount())
        return {};
    const solar::OperatorRow& r = m_rows[static_cast<size_t>(index.row())];
    if (role == NodeRole)
        return r.node;
    const int col = index.column();
    if (role == Qt::DisplayRole || role == SortRole) {
        const bool raw = role == SortRole;
        switch (col) {
        case Name: return raw ? naturalSortKey(QString::fromStdString(r.name)) : QString::fromStdString(r.name);
        case Kind: return QString::fromStdString(r.kind);
        case Equation: return QString::fromStdString(r.equation);
        case Shape:
            return raw ? QVariant(static_cast<double>(r.shape.empty() ? 1 : r.shape.front()))
                       : QVariant(QString::fromStdString(solar::formatShape(r.shape)));
        case SourceOp: return QString::fromStdString(r.sourceOp);
        case Module: return raw ? naturalSortKey(QString::fromStdString(r.modulePath)) : QString::fromStdString(r.modulePath);
        case Line: return r.sourceLine > 0 ? r.sourceLine : r.line;
        case Flops: return raw ? QVariant(r.flops) : QVariant(siText(r.flops, "FLOP"));
        case Bytes: return raw ? QVariant(r.bytes) : QVariant(siText(r.bytes, "B"));
        case Intensity: return raw ? QVariant(r.intensityFlopsPerByte) : QVariant(QLocale().toString(r.intensityFlopsPerByte, 'g', 4));
        case TimeF0:
        case TimeF1:
        case TimeF2:
        case TimeF3:
        case TimeF4: {
            const double s = r.seconds[static_cast<size_t>(col - TimeF0)];
            return raw ? QVariant(s) : QVariant(secondsText(s));
        }
        case Bottleneck: return r.computeBound ? tr("compute") : tr("memory");
        case Share: {
            const double share = r.share[static_cast<size_t>(m_shareLevel)];
            return raw ? QVariant(share) : QVariant(fixedText(100 * share, 1) + QLatin1Char('%'));
        }
        case Measured:
        case PercentOfSol: {
            const auto m = static_cast<size_t>(r.node) < m_measured.size() ? m_measured[static_cast<size_t>(r.node)] : std::nullopt;
            if (!m || !(*m > 0))
                return raw ? QVariant(-1.0) : QVariant(QStringLiteral("–"));
            if (col == Measured)
                return raw ? QVariant(*m) : QVariant(secondsText(*m));
            const double percent = 100 * r.seconds[static_cast<size_t>(solar::bounds::Level::UnfusedPerKernel)] / *m;
            return raw ? QVariant(percent) : QVariant(fixedText(percent, 1) + QLatin1Char('%'));
        }
        default: return {};
        }
    }
    if (role == Qt::TextAlignmentRole
        && (col == Line || col == Share || col == Measured || col == PercentOfSol || (col >= TimeF0 && col <= Intensity)))
        return QVariant(Qt::AlignRight | Qt::AlignVCenter);
    if (role == Qt::ToolTipRole) {
        QString tip = tr("%1 — %2%3%4")
                          .arg(QString::fromStdString(r.name), QString::fromStdString(r.sourceOp.empty() ? r.kind : r.sourceOp),
                               r.modulePath.empty() ? QString() : tr(" in %1").arg(QString::fromStdString(r.modulePath)),
                               r.sourceLine > 0 ? tr(", source line %1").arg(r.sourceLine) : tr(", ALIR line %1").arg(r.line));
        if (r.approx)
            tip += QLatin1Char('\n') + tr("Some count of this operator is a lower bound (see the coverage notes).");
        return tip;
    }
    if (role == Qt::ForegroundRole && col == Bottleneck)
        return QBrush(bottleneckTextColour(r.computeBound));
    return {};
}

QVariant OperatorTableModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return QAbstractTableModel::headerData(section, orientation, role);
    switch (section) {
    case Name: return tr("Operator");
    case Kind: return tr("Kind");
    case Equation: return tr("Equation");
    case Shape: return tr("Shape");
    case SourceOp: return tr("Op");
    case Module: return tr("Module");
    case Line: return tr("Line");
    case Flops: return tr("FLOPs");
    case Bytes: return tr("Bytes");
    case Intensity: return tr("FLOP/B");
    case TimeF0: return tr("F0 unfused/kernel");
    case TimeF1: return tr("F1 overlapped");
    case TimeF2: return tr("F2 fused/op");
    case TimeF3: return tr("F3 fused");
    case TimeF4: return tr("F4 cache-aware");
    case Bottleneck: return tr("Bottleneck");
    case Share: return tr("Share of %1").arg(QString::fromLatin1(solar::bounds::levelShortName(m_shareLevel).data()));
    case Measured: return tr("Measured");
    case PercentOfSol: return tr("% of SOL");
    default: return {};
    }
}
