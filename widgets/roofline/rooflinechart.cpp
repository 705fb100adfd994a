// SPDX-License-Identifier: MIT
#include "widgets/roofline/rooflinechart.h"
#include "widgets/render/palette.h"
#include "widgets/render/units.h"

#include "engine/analysis/operators.h"
#include "engine/analysis/roofline.h"

#include <QChart>
#include <QChartView>
#include <QLabel>
#include <QLegendMarker>
#include <QLineSeries>
#include <QLogValueAxis>
#include <QScatterSeries>
#include <QToolTip>
#include <QVBoxLayout>

#include <algorithm>
#include <cmath>

using solar::bounds::Level;

RooflineChart::RooflineChart(QWidget* parent)
    : QWidget(parent)
    , m_view(new QChartView(this))
    , m_chart(new QChart)
    , m_hover(new QLabel(this))
{
    m_chart->legend()->setAlignment(Qt::AlignBottom);
    m_chart->legend()->setShowToolTips(true); // full roof names when a label is elided
    QFont legendFont = m_chart->legend()->font();
    legendFont.setPointSizeF(7.5);
    m_chart->legend()->setFont(legendFont);
    if (palette().color(QPalette::Window).lightness() < 128)
        m_chart->setTheme(QChart::ChartThemeDark); // follow the system's dark palette
    m_chart->setTitle(tr("Roofline"));
    m_view->setChart(m_chart);
    m_view->setRenderHint(QPainter::Antialiasing);
    m_view->setMinimumHeight(260);
    m_hover->setWordWrap(true);
    m_hover->setTextInteractionFlags(Qt::TextSelectableByMouse);
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(m_view, 1);
    layout->addWidget(m_hover);
}

void RooflineChart::setResult(std::shared_ptr<const solar::AnalysisResult> result)
{
    m_result = std::move(result);
    if (m_result) {
        m_machine = m_result->machine;
        m_machineName = QString::fromStdString(m_result->hardware.name);
    }
    rebuild();
}

void RooflineChart::setLevel(Level level)
{
    m_level = level;
    rebuild();
}

void RooflineChart::setOverlays(const std::vector<std::pair<QString, solar::bounds::MachineModel>>& overlays)
{
    m_overlays = overlays;
    rebuild();
}

void RooflineChart::clear()
{
    m_result.reset();
    m_selectedNode = -1;
    rebuild();
}

int RooflineChart::pointCount() const
{
    return static_cast<int>(m_pointOfNode.size());
}

int RooflineChart::roofCount() const
{
    return m_roofs;
}

QPointF RooflineChart::pointOfNode(int node) const
{
    const auto it = m_pointOfNode.find(node);
    return it == m_pointOfNode.end() ? QPointF() : it->second;
}

QString RooflineChart::tooltip(int node) const
{
    const auto it = std::find_if(m_rows.begin(), m_rows.end(), [&](const solar::OperatorRow& r) { return r.node == node; });
    if (it == m_rows.end())
        return {};
    const double s = it->seconds[static_cast<size_t>(m_level)];
    const double attained = s > 0 ? it->flops / s : 0;
    // % of the roof: attained against the lower of the two roofs at this intensity, on the fastest unit.
    double peak = 0;
    for (double p : m_machine.peakFlops)
        peak = std::max(peak, p);
    const double roof = std::min(peak, m_machine.dramBps * it->intensityFlopsPerByte);
    const double percent = roof > 0 ? 100 * attained / roof : 0;
    QStringList dims;
    for (auto d : it->shape)
        dims << QString::number(d);
    // Above 100 %: at the fused levels an operator's share of the time can beat its own unfused roof, because
    // fusion keeps its operands on chip; that is the point of fusing, not an error.
    const QString ofRoof = roof <= 0 ? tr("n/a")
        : percent <= 100             ? fixedText(percent, 1) + QLatin1Char('%') + tr(" of its roof")
                         : fixedText(percent, 0) + QLatin1Char('%') + tr(" of its unfused roof (fusion keeps operands on chip)");
    return tr("<b>%1</b> (%2%3)<br>%4 [%5]<br>%6, %7, %8 FLOP/B<br>time %9 at %10, %11")
        .arg(QString::fromStdString(it->name), QString::fromStdString(it->kind),
             it->sourceOp.empty() ? QString() : QStringLiteral(", ") + QString::fromStdString(it->sourceOp),
             QString::fromStdString(it->equation), dims.join(QStringLiteral(", ")), siText(it->flops, "FLOP"), siText(it->bytes, "B"),
             QLocale().toString(it->intensityFlopsPerByte, 'g', 4), secondsText(s),
             QString::fromLatin1(solar::bounds::levelShortName(m_level).data()), ofRoof);
}

void RooflineChart::setResult(std::shared_ptr<const solar::AnalysisResult> result, const solar::bounds::MachineModel& machine,
                              const QString& name)
{
    m_result = std::move(result);
    m_machine = machine;
    m_machineName = name;
    rebuild();
}

void RooflineChart::clearSeries()
{
    m_chart->removeAllSeries();
    for (QAbstractAxis* a : m_chart->axes())
        m_chart->removeAxis(a);
    m_roofSeries.clear();
    m_opSeries.clear();
    m_roofKey.clear();
    m_selection = nullptr;
    m_axisX = m_axisY = nullptr;
}

void RooflineChart::rebuild()
{
    m_nodesOfSeries.clear();
    m_pointOfNode.clear();
    m_rows.clear();
    m_roofs = 0;
    if (!m_result) {
        clearSeries();
        m_chart->setTitle(tr("Roofline (no analysis)"));
        return;
    }
    m_rows = solar::operatorRows(*m_result);
    std::vector<solar::RooflineMachine> machines = {{m_machineName.toStdString(), m_machine}};
    for (const auto& [name, m] : m_overlays)
        machines.push_back({name.toStdString(), m});
    const solar::RooflinePlot plot = solar::rooflinePlot(m_rows, machines, m_level);
    if (plot.xMax <= 0) {
        clearSeries();
        m_chart->setTitle(tr("Roofline (nothing to plot)"));
        return;
    }
    const auto& points = plot.points;
    const int skipped = plot.skipped;

    // The roofs to draw: per machine, DRAM then each compute peak. Their structure (which roofs exist) decides
    // whether the series can be reused: a slider move only moves points, which replace() does cheaply.
    struct Roof
    {
        QString name;
        QList<QPointF> points;
        bool primary;
        bool dram;
    };
    std::vector<Roof> roofs;
    QStringList key;
    for (const auto& r : plot.roofs) {
        // The chart's title names the primary machine; overlaid ones prefix their roofs with their name.
        const QString prefix = r.primary ? QString() : QString::fromStdString(r.machine) + QStringLiteral(": ");
        const QString name = r.dram ? prefix + tr("DRAM %1").arg(siText(r.value, "B/s"))
                                    : prefix + tr("%1 %2").arg(QString::fromStdString(r.label), siText(r.value, "FLOP/s"));
        roofs.push_back({name, {QPointF(r.x0, r.y0), QPointF(r.x1, r.y1)}, r.primary, r.dram});
        key << QString::fromStdString(r.machine + "/" + r.label);
    }
    if (key != m_roofKey) {
        clearSeries();
        m_roofKey = key;
        m_axisX = new QLogValueAxis;
        m_axisX->setTitleText(tr("arithmetic intensity (FLOP/byte)"));
        m_axisX->setLabelFormat(QStringLiteral("%g"));
        m_axisX->setBase(10);
        m_axisY = new QLogValueAxis;
        m_axisY->setTitleText(tr("attainable performance (FLOP/s)"));
        m_axisY->setLabelFormat(QStringLiteral("%.0e"));
        m_axisY->setBase(10);
        m_chart->addAxis(m_axisX, Qt::AlignBottom);
        m_chart->addAxis(m_axisY, Qt::AlignLeft);
        auto addSeries = [&](QXYSeries* series) {
            m_chart->addSeries(series);
            series->attachAxis(m_axisX);
            series->attachAxis(m_axisY);
        };
        for (const Roof& r : roofs) {
            auto* line = new QLineSeries;
            line->setName(r.name);
            const bool dram = r.dram;
            QPen pen(roofColour(r.primary), dram ? 2 : 1.2, r.primary ? Qt::SolidLine : Qt::DashLine);
            line->setPen(pen);
            line->setPointsVisible(!dram);
            addSeries(line);
            m_roofSeries.push_back(line);
        }
        // Operators: bucketed by share (marker size) and bottleneck (colour); the buckets always exist.
        const double sizes[] = {7, 11, 16, 22};
        for (int bucket = 0; bucket < 4; ++bucket) {
            for (bool compute : {false, true}) {
                auto* series = new QScatterSeries;
                series->setMarkerSize(sizes[bucket]);
                series->setColor(bottleneckMarkerColour(compute));
                series->setBorderColor(Qt::white);
                series->setName(bucket == 3 ? (compute ? tr("compute-bound ops") : tr("memory-bound ops")) : QString());
                addSeries(series);
                m_opSeries.push_back(series);
                connect(series, &QScatterSeries::hovered, this, [this, series](const QPointF& point, bool state) {
                    if (!state)
                        return;
                    const auto& ns = m_nodesOfSeries[series];
                    const auto pts = series->points();
                    for (int i = 0; i < pts.size() && i < static_cast<int>(ns.size()); ++i)
                        if (pts[i] == point) {
                            const QString text = tooltip(ns[static_cast<size_t>(i)]);
                            m_hover->setText(text);
                            QToolTip::showText(QCursor::pos(), text, m_view);
                            return;
                        }
                });
                connect(series, &QScatterSeries::clicked, this, [this, series](const QPointF& point) {
                    const auto& ns = m_nodesOfSeries[series];
                    const auto pts = series->points();
                    for (int i = 0; i < pts.size() && i < static_cast<int>(ns.size()); ++i)
                        if (pts[i] == point) {
                            selectNode(ns[static_cast<size_t>(i)]);
                            emit nodeSelected(ns[static_cast<size_t>(i)]);
                            return;
                        }
                });
            }
        }
        m_selection = new QScatterSeries;
        m_selection->setMarkerSize(28);
        m_selection->setColor(Qt::transparent);
        m_selection->setBorderColor(selectionColour());
        m_selection->setPen(QPen(selectionColour(), 3));
        addSeries(m_selection);
        for (QLegendMarker* marker : m_chart->legend()->markers())
            if (marker->label().isEmpty() || marker->series() == m_selection)
                marker->setVisible(false);
    }
    m_axisX->setRange(plot.xMin, plot.xMax);
    m_axisY->setRange(plot.yMin, plot.yMax);
    for (size_t i = 0; i < roofs.size(); ++i) {
        m_roofSeries[i]->setName(roofs[i].name);
        m_roofSeries[i]->replace(roofs[i].points);
    }
    m_roofs = static_cast<int>(roofs.size());
    for (int bucket = 0; bucket < 4; ++bucket) {
        for (int compute = 0; compute < 2; ++compute) {
            QScatterSeries* series = m_opSeries[static_cast<size_t>(bucket * 2 + compute)];
            QList<QPointF> pts;
            std::vector<int> nodes;
            for (const solar::RooflinePoint& p : points) {
                if (solar::rooflineShareBucket(p.share) != bucket || p.computeBound != (compute == 1))
                    continue;
                pts.append(QPointF(p.x, p.y));
                nodes.push_back(p.node);
                m_pointOfNode[p.node] = QPointF(p.x, p.y);
            }
            series->replace(pts);
            m_nodesOfSeries[series] = std::move(nodes);
        }
    }
    m_chart->setTitle(tr("Roofline at %1 on %2 — %3 operators%4")
                          .arg(QString::fromLatin1(solar::bounds::levelName(m_level).data()), m_machineName)
                          .arg(points.size())
                          .arg(skipped ? tr(" (%1 without arithmetic or bytes not shown)").arg(skipped) : QString()));
    if (m_selectedNode >= 0)
        selectNode(m_selectedNode);
    else if (m_selection)
        m_selection->clear();
}

void RooflineChart::selectNode(int node)
{
    m_selectedNode = node;
    if (!m_selection)
        return;
    m_selection->clear();
    const auto it = m_pointOfNode.find(node);
    if (it != m_pointOfNode.end()) {
        m_selection->append(it->second);
        m_hover->setText(tooltip(node));
    }
}
