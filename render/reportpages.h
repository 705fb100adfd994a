// SPDX-License-Identifier: MIT
// Where the report's text is cut into pages. QTextDocument's own pagination moves single lines, so a table row
// whose cells wrap ends on one page and goes on at the next, and a heading can be the last line of a page. Here
// the text is laid out once as one tall page and cut only between units that must stay whole: a paragraph or
// list item, a table row (a table's header rows together with its first row), a heading together with what
// follows it. A page that begins inside a table repeats that table's header rows above it.
#pragma once

#include <QRectF>

#include <optional>
#include <vector>

class QPainter;
class QTextDocument;

struct ReportPage
{
    double top = 0; // the part of the document shown, in its coordinates
    double bottom = 0;
    std::optional<QRectF> header; // the header rows drawn first when the page continues a table
};

/// The pages of `doc` (laid out at its text width, no page size) with `pageHeight` of room each.
std::vector<ReportPage> paginateReport(const QTextDocument& doc, double pageHeight);

/// Paints one page at the painter's origin: the repeated header, then the page's part of the document.
void paintReportPage(QPainter& painter, QTextDocument& doc, const ReportPage& page);
