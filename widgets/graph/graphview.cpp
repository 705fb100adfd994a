// SPDX-License-Identifier: MIT
#include "widgets/graph/graphview.h"

#include "engine/analysis/operators.h"
#include "render/palette.h"

#include <QGraphicsPathItem>
#include <QGraphicsRectItem>
#include <QGraphicsSceneMouseEvent>
#include <QPainter>
#include <QStyleOptionGraphicsItem>
#include <QWheelEvent>
#include <QtConcurrent/QtConcurrentRun>

#include <algorithm>
#include <cmath>

class GraphNodeItem : public QGraphicsRectItem
{
public:
    GraphNodeItem(const GraphLayout::NodeBox& box, GraphView* view)
        : QGraphicsRectItem(box.rect)
        , m_box(box)
        , m_view(view)
    {
        setFlag(QGraphicsItem::ItemIsSelectable, false);
        setAcceptHoverEvents(true);
        setToolTip(box.title + QLatin1Char('\n') + box.detail + (box.origin.isEmpty() ? QString() : QLatin1Char('\n') + box.origin));
        setZValue(1);
    }

    void setFill(const QColor& c)
    {
        if (c == m_fill)
            return; // a slider move rarely changes a box's class: repaint only the ones that do
        m_fill = c;
        update();
    }
    QColor fill() const { return m_fill; }
    void setSelectedNode(bool on)
    {
        m_selected = on;
        update();
    }
    void setHighlighted(bool on)
    {
        m_highlighted = on;
        update();
    }
    bool highlighted() const { return m_highlighted; }

    void paint(QPainter* p, const QStyleOptionGraphicsItem* option, QWidget*) override
    {
        const double lod = option->levelOfDetailFromTransform(p->worldTransform());
        p->setPen(QPen(m_selected ? selectionColour() : markColour(), m_selected ? 3 : 1));
        p->setBrush(m_fill);
        p->drawRoundedRect(rect(), 4, 4);
        if (m_highlighted) { // an insight's region: a dashed halo around the box
            p->setPen(QPen(selectionColour(), 2, Qt::DashLine));
            p->setBrush(Qt::NoBrush);
            p->drawRoundedRect(rect().adjusted(-5, -5, 5, 5), 7, 7);
        }
        if (lod < 0.35)
            return; // too small to read: boxes only
        p->setPen(m_fill.lightness() < 110 ? paperColour() : inkColour());
        QFont f = p->font();
        f.setPointSizeF(8);
        p->setFont(f);
        const QRectF r = rect().adjusted(4, 2, -4, -2);
        const int lines = m_box.origin.isEmpty() ? 2 : 3;
        const double h = r.height() / lines;
        p->drawText(QRectF(r.left(), r.top(), r.width(), h), Qt::AlignLeft | Qt::AlignVCenter, m_box.title);
        p->drawText(QRectF(r.left(), r.top() + h, r.width(), h), Qt::AlignLeft | Qt::AlignVCenter, m_box.detail);
        if (lines == 3)
            p->drawText(QRectF(r.left(), r.top() + 2 * h, r.width(), h), Qt::AlignLeft | Qt::AlignVCenter, m_box.origin);
    }

protected:
    void mousePressEvent(QGraphicsSceneMouseEvent* event) override
    {
        if (event->button() == Qt::LeftButton) {
            m_view->selectNode(m_box.node);
            emit m_view->nodeSelected(m_box.node);
        }
        QGraphicsRectItem::mousePressEvent(event);
    }

private:
    GraphLayout::NodeBox m_box;
    GraphView* m_view;
    QColor m_fill = neutralFillColour();
    bool m_selected = false;
    bool m_highlighted = false;
};

// An edge's label: readable only when zoomed in, so it is not drawn (nor shaped) below that zoom.
class EdgeLabelItem : public QGraphicsSimpleTextItem
{
public:
    using QGraphicsSimpleTextItem::QGraphicsSimpleTextItem;
    void paint(QPainter* p, const QStyleOptionGraphicsItem* option, QWidget* widget) override
    {
        if (option->levelOfDetailFromTransform(p->worldTransform()) < 0.6)
            return;
        QGraphicsSimpleTextItem::paint(p, option, widget);
    }
};

GraphView::GraphView(QWidget* parent)
    : QGraphicsView(parent)
    , m_scene(new QGraphicsScene(this))
{
    setScene(m_scene);
    setRenderHint(QPainter::Antialiasing);
    setDragMode(QGraphicsView::ScrollHandDrag);
    setTransformationAnchor(QGraphicsView::AnchorUnderMouse);
    setViewportUpdateMode(QGraphicsView::SmartViewportUpdate);
    connect(&m_watcher, &QFutureWatcher<GraphLayout>::finished, this, [this] {
        const int generation = m_watcher.property("generation").toInt();
        if (generation != m_generation)
            return; // superseded while it ran
        m_layout = m_watcher.result();
        m_result = m_pending;
        build();
        emit layoutReady();
    });
}

GraphView::~GraphView()
{
    m_watcher.waitForFinished();
}

void GraphView::setResult(std::shared_ptr<const solar::AnalysisResult> result)
{
    emit programChanged();
    ++m_generation;
    m_pending = result;
    if (!result) {
        clear();
        return;
    }
    // The old boxes go at once: clicked while the new layout runs, they would select another program's operator.
    clear();
    auto* waiting = m_scene->addText(tr("Laying out %n operator(s)…", nullptr, static_cast<int>(result->graph.nodes.size())));
    waiting->setDefaultTextColor(palette().color(QPalette::Text));
    m_scene->setSceneRect(waiting->boundingRect());
    m_watcher.setProperty("generation", m_generation);
    solar::graph::EinsumGraph graph = result->graph; // the copy travels to the worker thread
    m_watcher.setFuture(QtConcurrent::run([graph = std::move(graph)] { return layoutGraph(graph); }));
}

void GraphView::updateTimes(std::shared_ptr<const solar::AnalysisResult> result)
{
    if (m_result && result && result->graph.nodes.size() == m_result->graph.nodes.size()) {
        m_result = std::move(result);
        recolour();
    }
}

void GraphView::clear()
{
    m_scene->clear();
    m_items.clear();
    m_layout = {};
    m_result.reset();
    m_selected = -1;
}

void GraphView::build()
{
    m_scene->clear();
    m_items.clear();
    if (!m_layout.error.isEmpty()) {
        m_scene->addText(m_layout.error);
        return;
    }
    const QColor edgeColour = palette().color(QPalette::Text);
    for (const auto& e : m_layout.edges) {
        auto* item = m_scene->addPath(e.path, QPen(edgeColour, 1));
        item->setToolTip(e.label);
        item->setZValue(0);
        auto* label = new EdgeLabelItem(e.label);
        m_scene->addItem(label);
        QFont f = label->font();
        f.setPointSizeF(6.5);
        label->setFont(f);
        label->setBrush(edgeColour);
        label->setPos(e.labelPos + QPointF(4, -6));
        label->setZValue(0.5);
    }
    for (const auto& box : m_layout.nodes) {
        auto* item = new GraphNodeItem(box, this);
        m_scene->addItem(item);
        m_items[box.node] = item;
    }
    m_scene->setSceneRect(m_layout.bounds.adjusted(-20, -20, 20, 20));
    recolour();
    fitAll(); // first: selecting then scrolls to the selected box
    if (m_selected >= 0)
        selectNode(m_selected);
    if (!m_highlighted.empty())
        highlightNodes(m_highlighted);
}

void GraphView::recolour()
{
    if (!m_result)
        return;
    const auto rows = solar::operatorRows(*m_result);
    for (const auto& r : rows) {
        const auto it = m_items.find(r.node);
        if (it == m_items.end())
            continue;
        QColor c;
        if (m_colourBy == ColourBy::Bottleneck) {
            c = bottleneckColour(r.computeBound);
        } else {
            // White to red by share of the time at the level (square root: small shares stay visible).
            c = heatColour(std::clamp(std::sqrt(r.share[static_cast<size_t>(m_level)]), 0.0, 1.0));
        }
        it->second->setFill(c);
    }
}

void GraphView::setColourBy(ColourBy mode)
{
    m_colourBy = mode;
    recolour();
}

void GraphView::setLevel(solar::bounds::Level level)
{
    m_level = level;
    recolour();
}

void GraphView::selectNode(int node)
{
    if (m_selected >= 0)
        if (const auto it = m_items.find(m_selected); it != m_items.end())
            it->second->setSelectedNode(false);
    m_selected = node;
    if (const auto it = m_items.find(node); it != m_items.end()) {
        it->second->setSelectedNode(true);
        // Seen from a zoomed-out overview the box is a dot: bring it to a legible scale, then to the middle.
        if (transform().m11() < kLegibleScale) {
            setTransform(QTransform::fromScale(kLegibleScale, kLegibleScale));
            centerOn(it->second);
        } else {
            ensureVisible(it->second, 60, 60);
        }
    }
}

void GraphView::highlightNodes(const std::vector<int>& nodes)
{
    m_highlighted = nodes;
    for (auto& [id, item] : m_items)
        item->setHighlighted(std::find(nodes.begin(), nodes.end(), id) != nodes.end());
}

std::vector<int> GraphView::highlightedNodes() const
{
    std::vector<int> out;
    for (const auto& [id, item] : m_items)
        if (item->highlighted())
            out.push_back(id);
    return out;
}

QRectF GraphView::nodeRect(int node) const
{
    const auto it = m_items.find(node);
    return it == m_items.end() ? QRectF() : it->second->sceneBoundingRect();
}

void GraphView::fitAll()
{
    if (m_scene->items().isEmpty())
        return;
    const QRectF scene = m_scene->sceneRect();
    const QRectF view = viewport()->rect();
    if (scene.isEmpty() || view.isEmpty())
        return;
    // The whole graph when its boxes stay legible; a graph of thousands of operators fitted whole is a hairline
    // (issue 30, item 14), so it fits its width instead (legible to life size) and scrolls, from the selection or
    // the top.
    if (std::min(view.width() / scene.width(), view.height() / scene.height()) >= kLegibleScale) {
        fitInView(scene, Qt::KeepAspectRatio);
        return;
    }
    const double s = std::clamp(view.width() / scene.width(), kLegibleScale, 1.0);
    setTransform(QTransform::fromScale(s, s));
    if (const auto it = m_items.find(m_selected); it != m_items.end())
        centerOn(it->second);
    else
        centerOn(scene.center().x(), scene.top() + view.height() / (2 * s));
}

std::vector<int> GraphView::matches(const QString& text) const
{
    std::vector<int> out;
    if (!m_result || text.isEmpty())
        return out;
    for (const auto& n : m_result->graph.nodes) {
        const QString hay = QString::fromStdString(n.name + " " + std::string(solar::graph::nodeKindName(n.kind)) + " " + n.equation + " "
                                                   + n.sourceOp + " " + n.modulePath);
        if (hay.contains(text, Qt::CaseInsensitive))
            out.push_back(n.id);
    }
    return out;
}

int GraphView::find(const QString& text, int occurrence)
{
    const std::vector<int> found = matches(text);
    if (found.empty())
        return 0;
    const int n = static_cast<int>(found.size());
    const int id = found[static_cast<size_t>(((occurrence % n) + n) % n)];
    selectNode(id);
    if (const auto it = m_items.find(id); it != m_items.end()) {
        // A match seen from the zoomed-out overview is a dot: zoom to life size first, then centre on it.
        if (transform().m11() < 1.0)
            setTransform(QTransform());
        centerOn(it->second);
    }
    emit nodeSelected(id);
    return n;
}

void GraphView::wheelEvent(QWheelEvent* event)
{
    const double factor = std::pow(1.0015, event->angleDelta().y());
    scale(factor, factor);
    event->accept();
}
