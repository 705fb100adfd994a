// SPDX-License-Identifier: MIT
// The interactive einsum-graph view: the Graphviz layout (graphlayout.h, computed off the GUI thread) drawn in a
// QGraphicsScene. Nodes show name, kind, equation and output shape, coloured by bottleneck or by share of the
// time; edges carry tensor, shape and bytes. Wheel zooms, dragging pans; fit and find; labels give way to plain
// boxes when zoomed out, so large graphs stay usable.
#pragma once

#include "engine/analysis/analysis.h"
#include "render/graphlayout.h"

#include <QFutureWatcher>
#include <QGraphicsView>

#include <map>
#include <memory>

class GraphNodeItem;

/// The least scale at which a box's text can be read (its 9-point font at about 3 pixels is a dot).
inline constexpr double kLegibleScale = 0.35;

class GraphView : public QGraphicsView
{
    Q_OBJECT
public:
    enum class ColourBy { Bottleneck, Share };

    explicit GraphView(QWidget* parent = nullptr);
    ~GraphView() override;

    /// Starts a layout in the background; layoutReady() follows. A newer result supersedes a pending one.
    void setResult(std::shared_ptr<const solar::AnalysisResult> result);
    /// New times (a slider move): only colours change, no new layout.
    void updateTimes(std::shared_ptr<const solar::AnalysisResult> result);
    void setColourBy(ColourBy mode);
    void setLevel(solar::bounds::Level level);
    void selectNode(int node);
    /// Rings a region (an insight's operators); empty clears it. Kept across a new layout of the same program.
    void highlightNodes(const std::vector<int>& nodes);
    std::vector<int> highlightedNodes() const; // drawn with the ring
    /// The whole graph when it stays legible (scale >= kLegibleScale), else its width, scrolled to the selection.
    void fitAll();
    /// Where a node's box lies in the scene (empty: not laid out).
    QRectF nodeRect(int node) const;
    /// The nodes whose name, kind, equation, ATen op or module path contain `text` (case-insensitive), in order.
    std::vector<int> matches(const QString& text) const;
    /// Selects match number `occurrence` (wrapping) of `text`, centres on it and zooms in to a readable scale;
    /// returns how many nodes match (0: none, nothing changes).
    int find(const QString& text, int occurrence = 0);
    void clear();

    bool layoutPending() const { return m_watcher.isRunning(); }
    int nodeCount() const { return static_cast<int>(m_items.size()); }
    int selectedNode() const { return m_selected; }
    const GraphLayout& layoutResult() const { return m_layout; }

signals:
    void nodeSelected(int node);
    void layoutReady();
    void programChanged(); // another program was set (not new times for the same one)

protected:
    void wheelEvent(QWheelEvent* event) override;

private:
    void build();
    void recolour();

    QGraphicsScene* m_scene = nullptr;
    QFutureWatcher<GraphLayout> m_watcher;
    std::shared_ptr<const solar::AnalysisResult> m_result;
    std::shared_ptr<const solar::AnalysisResult> m_pending;
    GraphLayout m_layout;
    std::map<int, GraphNodeItem*> m_items;
    ColourBy m_colourBy = ColourBy::Bottleneck;
    solar::bounds::Level m_level = solar::bounds::Level::Fused;
    int m_selected = -1;
    std::vector<int> m_highlighted;
    int m_generation = 0;
};
