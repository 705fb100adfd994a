// SPDX-License-Identifier: MIT
#include "widgets/roofline/rooflinechart.h"

#include "render/hardwarecaption.h"
#include "render/units.h"

#include "engine/analysis/operators.h"

#include <QLabel>
#include <QMouseEvent>
#include <QPainter>
#include <QRubberBand>
#include <QToolTip>
#include <QVBoxLayout>

#include <algorithm>
#include <cmath>

using solar::bounds::Level;

// The drawing surface: paints the shared figure and turns mouse and wheel input into the chart's zoom, pan, hover
// and selection.
class RooflineCanvas : public QWidget
{
public:
    explicit RooflineCanvas(RooflineChart* chart)
        : QWidget(chart)
        , m_chart(chart)
        , m_band(new QRubberBand(QRubberBand::Rectangle, this))
    {
        setMouseTracking(true);
        setMinimumSize(320, 240);
        setFocusPolicy(Qt::ClickFocus);
        setToolTip(RooflineChart::tr("Wheel: zoom; drag: zoom to a rectangle; right or middle drag (or Shift+drag): pan; double-click or "
                                     "Home: reset"));
    }

    RooflineFrame frame() const { return rooflineFrame(QSizeF(size()), m_chart->m_plot, m_chart->visibleRange(), fontScale()); }

    // On screen, labels stay at 11 pixels or more however small the pane: the figure's own scale would shrink
    // them with it.
    double fontScale() const
    {
        const double unit = rooflineFrame(QSizeF(size()), m_chart->m_plot, {}).unit;
        return std::max(1.0, 11.0 / (12.0 * unit));
    }

protected:
    void paintEvent(QPaintEvent*) override
    {
        QPainter p(this);
        paintRoofline(p, QSizeF(size()), m_chart->m_plot, m_chart->m_title, m_chart->m_range, m_chart->m_selectedNode, fontScale());
    }
    void wheelEvent(QWheelEvent* e) override
    {
        const double steps = e->angleDelta().y() / 120.0;
        if (steps != 0)
            m_chart->zoomBy(std::pow(1.25, steps), e->position());
        e->accept();
    }
    void mousePressEvent(QMouseEvent* e) override
    {
        m_press = e->position().toPoint();
        m_last = e->position();
        m_panning = e->button() == Qt::RightButton || e->button() == Qt::MiddleButton
            || (e->button() == Qt::LeftButton && (e->modifiers() & Qt::ShiftModifier));
        m_banding = !m_panning && e->button() == Qt::LeftButton && m_chart->nodeAt(e->position()) < 0;
        if (m_banding) {
            m_band->setGeometry(QRect(m_press, QSize()));
            m_band->show();
        }
    }
    void mouseMoveEvent(QMouseEvent* e) override
    {
        if (m_panning) {
            m_chart->panBy(e->position() - m_last);
            m_last = e->position();
        } else if (m_banding) {
            m_band->setGeometry(QRect(m_press, e->position().toPoint()).normalized());
        } else {
            m_chart->showHover(e->position());
        }
    }
    void mouseReleaseEvent(QMouseEvent* e) override
    {
        if (m_banding) {
            m_band->hide();
            const QRect rect = QRect(m_press, e->position().toPoint()).normalized();
            if (rect.width() > 8 && rect.height() > 8)
                m_chart->zoomToRect(rect);
        } else if (!m_panning && e->button() == Qt::LeftButton) {
            const int node = m_chart->nodeAt(e->position());
            if (node >= 0) {
                m_chart->selectNode(node);
                emit m_chart->nodeSelected(node);
            }
        }
        m_panning = m_banding = false;
    }
    void mouseDoubleClickEvent(QMouseEvent*) override { m_chart->resetZoom(); }
    void keyPressEvent(QKeyEvent* e) override
    {
        if (e->key() == Qt::Key_Home || e->key() == Qt::Key_0)
            m_chart->resetZoom();
        else if (e->key() == Qt::Key_Plus || e->key() == Qt::Key_Equal)
            m_chart->zoomBy(1.25);
        else if (e->key() == Qt::Key_Minus)
            m_chart->zoomBy(0.8);
        else
            QWidget::keyPressEvent(e);
    }

private:
    RooflineChart* m_chart;
    QRubberBand* m_band;
    QPoint m_press;
    QPointF m_last;
    bool m_panning = false;
    bool m_banding = false;
};

RooflineChart::RooflineChart(QWidget* parent)
    : QWidget(parent)
    , m_canvas(new RooflineCanvas(this))
    , m_hover(new QLabel(this))
{
    m_hover->setWordWrap(true);
    m_hover->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_hover->setAlignment(Qt::AlignTop | Qt::AlignLeft);
    // A fixed height: hovering a point with a longer description must not resize (and so rescale) the chart.
    m_hover->setFixedHeight(m_hover->fontMetrics().lineSpacing() * 7 + 6);
    m_hover->setText(detailsText());
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(m_canvas, 1);
    layout->addWidget(m_hover);
}

QWidget* RooflineChart::canvas() const
{
    return m_canvas;
}

void RooflineChart::setResult(std::shared_ptr<const solar::AnalysisResult> result)
{
    // Another program resets the zoom; the same one on moved sliders keeps it.
    const bool sameProgram = result && m_result && result->graph.program == m_result->graph.program
        && result->graph.nodes.size() == m_result->graph.nodes.size();
    m_result = std::move(result);
    if (!sameProgram) {
        m_range = {};
        m_selectedNode = -1;
    }
    rebuild();
}

void RooflineChart::setLevel(Level level)
{
    m_level = level;
    rebuild();
}

void RooflineChart::setOverlays(const std::vector<solar::RooflineMachine>& overlays)
{
    m_overlays = overlays;
    rebuild();
}

void RooflineChart::clear()
{
    m_result.reset();
    m_selectedNode = -1;
    m_range = {};
    rebuild();
}

RooflineRange RooflineChart::visibleRange() const
{
    return m_range.isEmpty() ? RooflineRange {m_plot.xMin, m_plot.xMax, m_plot.yMin, m_plot.yMax} : m_range;
}

void RooflineChart::zoomBy(double factor, std::optional<QPointF> at)
{
    if (m_plot.xMax <= 0 || factor <= 0)
        return;
    const RooflineFrame f = m_canvas->frame();
    const QPointF centre = f.unmap(at ? *at : f.area.center());
    const RooflineRange v = visibleRange();
    // In log space: the point under the cursor stays where it is.
    auto scale = [&](double lo, double hi, double c, double& outLo, double& outHi) {
        const double lc = std::log10(c);
        outLo = std::pow(10.0, lc - (lc - std::log10(lo)) / factor);
        outHi = std::pow(10.0, lc + (std::log10(hi) - lc) / factor);
    };
    RooflineRange r;
    scale(v.xMin, v.xMax, centre.x(), r.xMin, r.xMax);
    scale(v.yMin, v.yMax, centre.y(), r.yMin, r.yMax);
    if (std::log10(r.xMax / r.xMin) < 0.05 || std::log10(r.yMax / r.yMin) < 0.05)
        return; // deeper than a few percent shows nothing more
    showRange(r);
}

void RooflineChart::zoomToRect(const QRect& rect)
{
    if (m_plot.xMax <= 0)
        return;
    const RooflineFrame f = m_canvas->frame();
    const QPointF a = f.unmap(rect.bottomLeft()), b = f.unmap(rect.topRight());
    const RooflineRange r {std::min(a.x(), b.x()), std::max(a.x(), b.x()), std::min(a.y(), b.y()), std::max(a.y(), b.y())};
    if (r.isEmpty())
        return;
    showRange(r);
}

void RooflineChart::panBy(const QPointF& delta)
{
    if (m_plot.xMax <= 0)
        return;
    const RooflineFrame f = m_canvas->frame();
    const RooflineRange v = visibleRange();
    const double dx = -delta.x() / f.area.width() * std::log10(v.xMax / v.xMin);
    const double dy = delta.y() / f.area.height() * std::log10(v.yMax / v.yMin);
    showRange({v.xMin * std::pow(10.0, dx), v.xMax * std::pow(10.0, dx), v.yMin * std::pow(10.0, dy), v.yMax * std::pow(10.0, dy)});
}

void RooflineChart::showRange(const RooflineRange& range)
{
    m_range = range;
    m_canvas->update();
    emit zoomChanged(true);
}

void RooflineChart::resetZoom()
{
    const bool was = isZoomed();
    m_range = {};
    m_canvas->update();
    if (was)
        emit zoomChanged(false);
}

int RooflineChart::pointCount() const
{
    return static_cast<int>(m_plot.points.size());
}

int RooflineChart::roofCount() const
{
    return static_cast<int>(m_plot.roofs.size());
}

QStringList RooflineChart::roofLabels() const
{
    QStringList labels;
    for (const auto& r : m_plot.roofs)
        labels << rooflineRoofText(r);
    return labels;
}

QPointF RooflineChart::pointOfNode(int node) const
{
    for (const auto& p : m_plot.points)
        if (p.node == node)
            return QPointF(p.x, p.y);
    return {};
}

QPointF RooflineChart::canvasPointOfNode(int node) const
{
    const QPointF p = pointOfNode(node);
    return p.isNull() ? QPointF() : m_canvas->frame().map(p.x(), p.y());
}

QPointF RooflineChart::canvasPointOf(double flopsPerByte, double flopsPerSecond) const
{
    return m_canvas->frame().map(flopsPerByte, flopsPerSecond);
}

int RooflineChart::nodeAt(const QPointF& at) const
{
    const RooflineFrame f = m_canvas->frame();
    if (!f.area.contains(at))
        return -1;
    // The nearest point whose marker covers `at` (a few pixels of slack); big markers are drawn last, so on a tie
    // the one on top wins.
    int best = -1;
    double bestDistance = 1e300;
    for (const auto& p : m_plot.points) {
        const double radius = rooflineMarkerRadius(solar::rooflineShareBucket(p.share)) * f.unit + 3;
        const QPointF c = f.map(p.x, p.y);
        const double d = std::hypot(c.x() - at.x(), c.y() - at.y());
        if (d <= radius && d <= bestDistance) {
            best = p.node;
            bestDistance = d;
        }
    }
    return best;
}

QString RooflineChart::programTooltip() const
{
    const auto& p = m_plot.program;
    if (!p.present || !m_result)
        return {};
    return tr("<b>The program at %1</b>: %2, %3, %4 FLOP/B; bound %5 by %6")
        .arg(QString::fromLatin1(solar::bounds::levelName(m_level).data()), siText(p.flops, "FLOP"), siText(p.bytes, "B"),
             QLocale().toString(p.x, 'g', 4), secondsText(p.seconds), QString::fromStdString(p.bound));
}

void RooflineChart::showHover(const QPointF& at)
{
    const int node = nodeAt(at);
    QString text;
    if (node >= 0) {
        text = tooltipOfNode(node);
    } else if (m_plot.program.present) {
        const QPointF c = m_canvas->frame().map(m_plot.program.x, m_plot.program.y);
        if (std::hypot(c.x() - at.x(), c.y() - at.y()) <= 12)
            text = programTooltip();
    }
    if (text.isEmpty()) {
        QToolTip::hideText();
        return;
    }
    m_hover->setText(text);
    QToolTip::showText(m_canvas->mapToGlobal(at.toPoint()), text, m_canvas);
}

QString RooflineChart::tooltipOfNode(int node) const
{
    if (!m_result)
        return {};
    const auto point = std::find_if(m_plot.points.begin(), m_plot.points.end(), [&](const auto& p) { return p.node == node; });
    if (point == m_plot.points.end() || static_cast<size_t>(node) >= m_result->graph.nodes.size())
        return {};
    const auto& n = m_result->graph.nodes[static_cast<size_t>(node)];
    const QString level = QString::fromLatin1(solar::bounds::levelShortName(m_level).data());
    const QString roof = point->bound == "DRAM" ? tr("DRAM %1").arg(siText(point->roof, "B/s"))
                                                : tr("%1 %2").arg(QString::fromStdString(point->bound), siText(point->roof, "FLOP/s"));
    QString origin = QString::fromStdString(n.sourceOp.empty() ? std::string(solar::graph::nodeKindName(n.kind)) : n.sourceOp);
    if (!n.modulePath.empty())
        origin += tr(" in %1").arg(QString::fromStdString(n.modulePath));
    origin += n.sourceLine > 0 ? tr(", line %1").arg(n.sourceLine) : tr(", ALIR line %1").arg(n.line);
    QString text = tr("<b>%1</b> (%2)<br>%3<br>%4, %5 of DRAM traffic at %6, %7 FLOP/B")
                       .arg(QString::fromStdString(n.name).toHtmlEscaped(), origin.toHtmlEscaped(),
                            QString::fromStdString(n.equation).toHtmlEscaped(), siText(point->flops, "FLOP"), siText(point->bytes, "B"),
                            level, QLocale().toString(point->x, 'g', 4));
    if (point->y >= point->roof * (1 - 1e-9))
        text += tr("<br>Standing alone: %1 at %2, on its %3 roof")
                    .arg(secondsText(point->standaloneSeconds), siText(point->y, "FLOP/s"), roof);
    else // work of several kinds on several units: they cannot all run at their peaks at once
        text += tr("<br>Standing alone: %1 at %2, under its %3 roof (its kinds of work cannot keep every unit busy at once)")
                    .arg(secondsText(point->standaloneSeconds), siText(point->y, "FLOP/s"), roof);
    // Its share of the level's time is another number; say why when the two differ.
    const double share = point->levelSeconds, alone = point->standaloneSeconds;
    QString why;
    if (share > alone * (1 + 1e-9))
        why = tr("above its own bound: at %1 the program's time is split by the resource that binds the whole program, "
                 "so an operator heavy in that resource carries more than its own bound")
                  .arg(level);
    else if (share < alone * (1 - 1e-9))
        why = tr("below its own bound: at %1 its work overlaps with other operators' (its kernel's compute and memory, or the "
                 "whole program's, run concurrently)")
                  .arg(level);
    text += tr("<br>Its share of the %1 time: %2 (%3%)").arg(level, secondsText(share), fixedText(100 * point->share, 1));
    if (!why.isEmpty())
        text += QStringLiteral(" — ") + why;
    if (point->measuredY > 0)
        text += tr("<br>Measured (trace): %1 at %2, %3% of its rate standing alone")
                    .arg(secondsText(point->flops / point->measuredY), siText(point->measuredY, "FLOP/s"),
                         fixedText(100 * point->measuredY / point->y, 1));
    return text;
}

void RooflineChart::rebuild()
{
    if (!m_result) {
        m_plot = {};
        m_title = tr("Roofline (no analysis)");
        m_canvas->update();
        return;
    }
    m_plot = solar::rooflinePlot(*m_result, m_overlays, m_level);
    if (!m_measured.empty())
        solar::addMeasuredPoints(m_plot, m_measured);
    m_title = m_plot.xMax <= 0 ? tr("Roofline (nothing to plot)")
                               : tr("Roofline at %1 %2 on %3 — %n operator(s)", nullptr, static_cast<int>(m_plot.points.size()))
                                     .arg(QString::fromLatin1(solar::bounds::levelShortName(m_level).data()),
                                          QString::fromLatin1(solar::bounds::levelName(m_level).data()), hardwareCaption(*m_result));
    // The details follow the new plot: another file, clock or level must not leave the old numbers there.
    m_hover->setText(detailsText());
    m_canvas->update();
}

QString RooflineChart::detailsText() const
{
    const QString none = tr("Hover over a point for its numbers; click to select it.");
    if (m_selectedNode < 0 || !m_result || static_cast<size_t>(m_selectedNode) >= m_result->graph.nodes.size())
        return none;
    const QString text = tooltipOfNode(m_selectedNode);
    if (!text.isEmpty())
        return text;
    const auto& n = m_result->graph.nodes[static_cast<size_t>(m_selectedNode)];
    const QString level = QString::fromLatin1(solar::bounds::levelShortName(m_level).data());
    const QString why = 2 * n.macs + n.otherOps <= 0 ? tr("it does no arithmetic (a log axis has no 0)")
                                                     : tr("it moves no DRAM bytes at this level (its operands stay on chip)");
    return tr("<b>%1</b> is not drawn at %2: %3.").arg(QString::fromStdString(n.name).toHtmlEscaped(), level, why);
}

void RooflineChart::setMeasured(std::vector<std::optional<double>> measured)
{
    m_measured = std::move(measured);
    rebuild();
}

int RooflineChart::measuredPointCount() const
{
    return static_cast<int>(std::count_if(m_plot.points.begin(), m_plot.points.end(), [](const auto& p) { return p.measuredY > 0; }));
}

void RooflineChart::selectNode(int node)
{
    m_selectedNode = node;
    m_hover->setText(detailsText()); // an operator that is not drawn says so instead of leaving another one there
    m_canvas->update();
}
