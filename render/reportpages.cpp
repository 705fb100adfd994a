// SPDX-License-Identifier: MIT
#include "render/reportpages.h"

#include <QAbstractTextDocumentLayout>
#include <QPainter>
#include <QTextBlock>
#include <QTextDocument>
#include <QTextFrame>
#include <QTextLayout>
#include <QTextTable>

#include <algorithm>
#include <limits>

namespace {

// A stretch of the document that a page cut must not enter.
struct Unit
{
    double top = 0;
    double bottom = 0;
    bool keepWithNext = false; // a heading, or a table's header rows
    int table = -1; // the table whose row this is
    double bleed = 0; // a cut beside this unit widens each page by this much, so a table border shows on both
    std::vector<double> lineCuts; // where a unit taller than a page may be cut after all: between its text lines
};

struct Table
{
    std::optional<QRectF> header; // its header rows, as a page that continues the table repeats them
};

// Each text line's top inside a block, in document coordinates: the cuts of last resort.
std::vector<double> lineTopsOf(const QTextBlock& block)
{
    std::vector<double> tops;
    const QTextLayout* layout = block.layout();
    if (!layout)
        return tops;
    for (int i = 1; i < layout->lineCount(); ++i)
        tops.push_back(layout->position().y() + layout->lineAt(i).y());
    return tops;
}

void addTable(const QTextTable& table, double width, const QAbstractTextDocumentLayout& layout, std::vector<Unit>& units,
              std::vector<Table>& tables)
{
    const int rows = table.rows();
    constexpr double kNone = std::numeric_limits<double>::infinity();
    std::vector<double> top(rows, kNone), bottom(rows, -kNone);
    std::vector<bool> joinedToNext(rows, false); // a cell spanning rows keeps them together
    for (int r = 0; r < rows; ++r)
        for (int c = 0; c < table.columns(); ++c) {
            const QTextTableCell cell = table.cellAt(r, c);
            if (!cell.isValid() || cell.row() != r || cell.column() != c)
                continue;
            const int last = std::min(rows - 1, r + cell.rowSpan() - 1);
            for (int j = r; j < last; ++j)
                joinedToNext[j] = true;
            for (auto it = cell.begin(); !it.atEnd(); ++it) {
                const QTextBlock block = it.currentBlock();
                if (!block.isValid())
                    continue;
                const QRectF rect = layout.blockBoundingRect(block);
                top[r] = std::min(top[r], rect.top());
                bottom[last] = std::max(bottom[last], rect.bottom());
            }
        }
    const QRectF frame = layout.frameBoundingRect(const_cast<QTextTable*>(&table));
    for (int r = 0; r < rows; ++r) { // rows without text sit where the previous one ended
        const double previous = r > 0 ? bottom[r - 1] : frame.top();
        if (top[r] == kNone)
            top[r] = previous;
        if (bottom[r] < top[r])
            bottom[r] = top[r];
    }
    // The border between two rows lies halfway between their texts; the outer borders as far out as the first
    // inner one (padding + border on each side).
    const double outer = rows > 1 ? std::max(0.0, (top[1] - bottom[0]) / 2)
                                  : table.format().cellPadding() + table.format().border() + table.format().cellSpacing();
    auto edgeAbove = [&](int r) { return r == 0 ? top[0] - outer : (bottom[r - 1] + top[r]) / 2; };
    auto edgeBelow = [&](int r) { return r == rows - 1 ? bottom[r] + outer : (bottom[r] + top[r + 1]) / 2; };
    const double bleed = table.format().border() + 0.5;
    const int headerRows = std::min(table.format().headerRowCount(), rows - 1);
    const int index = static_cast<int>(tables.size());
    Table t;
    if (headerRows > 0)
        t.header = QRectF(0, edgeAbove(0) - bleed, width, edgeBelow(headerRows - 1) - edgeAbove(0) + 2 * bleed);
    tables.push_back(t);
    for (int r = 0; r < rows; ++r) {
        Unit u {edgeAbove(r), edgeBelow(r), r < headerRows || joinedToNext[r], index, bleed, {}};
        units.push_back(u);
    }
}

struct Cut
{
    double y = 0;
    double bleed = 0;
    int table = -1; // a cut between two rows of this table
};

} // namespace

std::vector<ReportPage> paginateReport(const QTextDocument& doc, double pageHeight)
{
    const QAbstractTextDocumentLayout& layout = *doc.documentLayout();
    const double width = doc.textWidth() > 0 ? doc.textWidth() : doc.size().width();
    const double end = doc.size().height();
    std::vector<Unit> units;
    std::vector<Table> tables;
    QTextFrame* root = doc.rootFrame();
    for (auto it = root->begin(); !it.atEnd(); ++it) {
        if (QTextFrame* frame = it.currentFrame()) {
            if (const auto* table = qobject_cast<QTextTable*>(frame)) {
                addTable(*table, width, layout, units, tables);
            } else {
                const QRectF rect = layout.frameBoundingRect(frame);
                units.push_back({rect.top(), rect.bottom(), false, -1, 0, {}});
            }
            continue;
        }
        const QTextBlock block = it.currentBlock();
        if (!block.isValid() || block.length() <= 1) // an empty block (the one after a table) takes no part
            continue;
        const QRectF rect = layout.blockBoundingRect(block);
        units.push_back({rect.top(), rect.bottom(), block.blockFormat().headingLevel() > 0, -1, 0, lineTopsOf(block)});
    }

    // Allowed cuts: between two units unless the first keeps with the next.
    std::vector<Cut> cuts;
    for (size_t i = 0; i + 1 < units.size(); ++i) {
        const Unit& a = units[i];
        const Unit& b = units[i + 1];
        if (a.keepWithNext || b.top < a.bottom - 0.5)
            continue;
        const bool inTable = a.table >= 0 && a.table == b.table;
        cuts.push_back({(a.bottom + b.top) / 2, std::max(a.bleed, b.bleed), inTable ? a.table : -1});
    }

    std::vector<ReportPage> pages;
    double start = 0;
    double startBleed = 0;
    std::optional<QRectF> header;
    while (start < end - 0.5) {
        if (header && header->height() > pageHeight / 4)
            header.reset(); // a header that would crowd out the rows is not repeated
        const double room = pageHeight - (header ? header->height() : 0) - 2 * startBleed;
        if (end - start <= room) {
            pages.push_back({start - startBleed, end, header});
            break;
        }
        const Cut* best = nullptr;
        for (const Cut& c : cuts)
            if (c.y > start + 0.5 && c.y + c.bleed <= start + room)
                best = &c;
        Cut forced {start + std::max(room, 1.0), 0, -1}; // always forward, however little room is left
        if (!best) {
            // Nothing fits whole: cut between the text lines of the unit that does not, else at the page's end.
            double lineCut = -1;
            for (const Unit& u : units)
                for (double y : u.lineCuts)
                    if (y > start + 0.5 && y <= start + room)
                        lineCut = std::max(lineCut, y);
            if (lineCut > 0)
                forced.y = lineCut;
            best = &forced;
        }
        pages.push_back({start - startBleed, best->y + best->bleed, header});
        header = best->table >= 0 ? tables[static_cast<size_t>(best->table)].header : std::nullopt;
        start = best->y;
        startBleed = best->bleed;
    }
    return pages;
}

void paintReportPage(QPainter& painter, QTextDocument& doc, const ReportPage& page)
{
    double y = 0;
    auto paintPart = [&](const QRectF& part) {
        painter.save();
        painter.translate(0, y - part.top());
        doc.drawContents(&painter, part);
        painter.restore();
        y += part.height();
    };
    const double width = doc.textWidth() > 0 ? doc.textWidth() : doc.size().width();
    if (page.header)
        paintPart(*page.header);
    paintPart(QRectF(0, page.top, width, page.bottom - page.top));
}
