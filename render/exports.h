// SPDX-License-Identifier: MIT
// Every way an analysis leaves the application, in one table: the GUI's File → Export menu, MainWindow::exportAs
// and `solar export` all go through it, so a new export is one row here (id, label, file filter, default name,
// writer) and appears everywhere at once. Writers paint with QtGui only; every file is written atomically.
#pragma once

#include "engine/analysis/analysis.h"
#include "render/pdfreport.h"

#include <QString>

#include <functional>
#include <optional>
#include <string_view>
#include <vector>

enum class ExportKind { ReportPdf, Json, Csv, InsightsCsv, GraphDot, GraphSvg, GraphYaml, RooflinePng, RooflineSvg };

/// "report-pdf", "json", "csv", "insights-csv", "graph-dot", "graph-svg", "graph-yaml", "roofline-png", "roofline-svg".
std::string_view exportKindName(ExportKind kind);
std::optional<ExportKind> parseExportKind(std::string_view text);

struct ExportFormat
{
    ExportKind kind;
    const char* label; // menu text (translated in context "Exports")
    const char* filter; // file-dialog filter (translated in context "Exports")
    const char* defaultName; // suggested file name
    /// Writes `input.results.front()` (and, for the report, the rest of `input`) to `path`.
    std::function<bool(const ReportInput& input, const QString& path, QString* why)> write;
};

const std::vector<ExportFormat>& exportFormats();
const ExportFormat& exportFormat(ExportKind kind);
/// Where the save dialog starts: beside the analysed file and named after it ("llama3_8b-report.pdf"), so exports of
/// several models do not all suggest one "report.pdf"; the plain default name where there is no source file, and
/// the name alone where the source's folder cannot be written (a bundled example).
QString suggestedExportPath(ExportKind kind, const ReportInput& input);
/// Runs the writer of `kind`; false and why not when there is nothing to export or the write fails.
bool exportAnalysis(ExportKind kind, const ReportInput& input, const QString& path, QString* why = nullptr);
