// SPDX-License-Identifier: MIT
#include "render/graphlayout.h"

#include "engine/core/format.h"

#include <gvc.h>

#include <QElapsedTimer>

#include <mutex>

namespace {

std::mutex& graphvizMutex()
{
    static std::mutex m;
    return m;
}

char* c(const char* s)
{
    return const_cast<char*>(s); // Graphviz's C API takes char* but does not write through it
}

} // namespace

GraphLayout layoutGraph(const solar::graph::EinsumGraph& graph)
{
    QElapsedTimer timer;
    timer.start();
    GraphLayout out;
    for (const auto& n : graph.nodes) {
        GraphLayout::NodeBox box;
        box.node = n.id;
        box.title = QString::fromStdString(n.name) + QStringLiteral(" · ") + QString::fromLatin1(solar::graph::nodeKindName(n.kind).data());
        const auto& t = graph.tensors[static_cast<size_t>(n.write.tensor)];
        box.detail = QString::fromStdString(n.equation) + QStringLiteral("  ") + QString::fromStdString(solar::formatShape(t.shape));
        if (!n.modulePath.empty() || !n.sourceOp.empty())
            box.origin = QString::fromStdString(n.modulePath.empty() ? n.sourceOp : n.modulePath + "  " + n.sourceOp)
                + (n.sourceLine > 0 ? QStringLiteral("  :%1").arg(n.sourceLine) : QString());
        out.nodes.push_back(box);
    }
    std::lock_guard<std::mutex> lock(graphvizMutex());
    GVC_t* gvc = gvContext();
    Agraph_t* g = agopen(c("einsum"), Agdirected, nullptr);
    agsafeset(g, c("rankdir"), c("TB"), c(""));
    // Straight edges and bounded crossing minimisation keep 1,000-node graphs to about a second.
    agsafeset(g, c("splines"), c("line"), c(""));
    agsafeset(g, c("nslimit"), c("2"), c(""));
    agsafeset(g, c("mclimit"), c("0.5"), c(""));
    agsafeset(g, c("nodesep"), c("0.3"), c(""));
    agsafeset(g, c("ranksep"), c("0.45"), c(""));
    std::vector<Agnode_t*> nodes;
    for (const auto& box : out.nodes) {
        const std::string name = "n" + std::to_string(box.node);
        Agnode_t* n = agnode(g, c(name.c_str()), 1);
        const int chars = std::max({box.title.size(), box.detail.size(), box.origin.size()});
        const std::string width = std::to_string(std::max(1.2, chars * 0.085 + 0.3));
        agsafeset(n, c("shape"), c("box"), c(""));
        agsafeset(n, c("fixedsize"), c("true"), c(""));
        agsafeset(n, c("width"), c(width.c_str()), c(""));
        agsafeset(n, c("height"), c(box.origin.isEmpty() ? "0.55" : "0.8"), c("")); // a third line: module, op, line
        agsafeset(n, c("label"), c(""), c(""));
        nodes.push_back(n);
    }
    std::vector<std::pair<Agedge_t*, size_t>> edges;
    for (size_t i = 0; i < graph.edges.size(); ++i) {
        const auto& e = graph.edges[i];
        if (e.from < 0 || e.to < 0 || static_cast<size_t>(e.from) >= nodes.size() || static_cast<size_t>(e.to) >= nodes.size())
            continue;
        edges.emplace_back(agedge(g, nodes[static_cast<size_t>(e.from)], nodes[static_cast<size_t>(e.to)], nullptr, 1), i);
    }
    if (gvLayout(gvc, g, "dot") != 0) {
        out.error = QStringLiteral("Graphviz could not lay out the graph");
    } else {
        attach_attrs(g);
        const boxf bb = GD_bb(g);
        const double top = bb.UR.y;
        out.bounds = QRectF(bb.LL.x, 0, bb.UR.x - bb.LL.x, bb.UR.y - bb.LL.y);
        for (size_t i = 0; i < nodes.size(); ++i) {
            const pointf p = ND_coord(nodes[i]);
            const double w = ND_width(nodes[i]) * 72, h = ND_height(nodes[i]) * 72;
            out.nodes[i].rect = QRectF(p.x - w / 2, top - p.y - h / 2, w, h);
        }
        for (const auto& [e, index] : edges) {
            const auto& src = graph.edges[index];
            GraphLayout::EdgePath path;
            path.from = src.from;
            path.to = src.to;
            const auto& t = graph.tensors[static_cast<size_t>(src.tensor)];
            path.label = QString::fromStdString(t.name) + QLatin1Char(' ') + QString::fromStdString(solar::formatShape(t.shape))
                + QLatin1Char(' ') + QString::fromStdString(solar::formatSi(src.bytes, "B"));
            const splines* spl = ED_spl(e);
            if (spl && spl->size > 0 && spl->list[0].size > 0) {
                const bezier& bz = spl->list[0];
                path.path.moveTo(bz.list[0].x, top - bz.list[0].y);
                for (size_t k = 1; k + 2 < bz.size; k += 3)
                    path.path.cubicTo(bz.list[k].x, top - bz.list[k].y, bz.list[k + 1].x, top - bz.list[k + 1].y, bz.list[k + 2].x,
                                      top - bz.list[k + 2].y);
                if (bz.eflag)
                    path.path.lineTo(bz.ep.x, top - bz.ep.y);
            } else {
                path.path.moveTo(out.nodes[static_cast<size_t>(src.from)].rect.center());
                path.path.lineTo(out.nodes[static_cast<size_t>(src.to)].rect.center());
            }
            path.labelPos = path.path.pointAtPercent(0.5);
            out.edges.push_back(std::move(path));
        }
        gvFreeLayout(gvc, g);
    }
    agclose(g);
    gvFreeContext(gvc);
    out.seconds = static_cast<double>(timer.nsecsElapsed()) * 1e-9;
    return out;
}
