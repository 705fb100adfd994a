// SPDX-License-Identifier: MIT
#include "render/exports.h"

#include "engine/core/atomicwrite.h"
#include "engine/graph/export.h"
#include "engine/report/analysisreport.h"
#include "engine/report/insightsreport.h"
#include "render/figures.h"

#include <QCoreApplication>
#include <QDir>
#include <QFileInfo>

namespace {

const solar::AnalysisResult& first(const ReportInput& in)
{
    return *in.results.front();
}

} // namespace

std::string_view exportKindName(ExportKind kind)
{
    switch (kind) {
    case ExportKind::ReportPdf: return "report-pdf";
    case ExportKind::Json: return "json";
    case ExportKind::Csv: return "csv";
    case ExportKind::InsightsCsv: return "insights-csv";
    case ExportKind::GraphDot: return "graph-dot";
    case ExportKind::GraphSvg: return "graph-svg";
    case ExportKind::GraphYaml: return "graph-yaml";
    case ExportKind::RooflinePng: return "roofline-png";
    case ExportKind::RooflineSvg: return "roofline-svg";
    }
    return "json";
}

std::optional<ExportKind> parseExportKind(std::string_view text)
{
    for (const auto& f : exportFormats())
        if (exportKindName(f.kind) == text)
            return f.kind;
    return std::nullopt;
}

QString suggestedExportPath(ExportKind kind, const ReportInput& input)
{
    const QString name = QString::fromLatin1(exportFormat(kind).defaultName);
    if (input.sourceFile.isEmpty())
        return name;
    const QFileInfo source(input.sourceFile);
    const QString base = source.isDir() ? source.fileName() : source.completeBaseName();
    const QString named = base.isEmpty() ? name : base + QLatin1Char('-') + name;
    const QFileInfo folder(source.absolutePath());
    return folder.isDir() && folder.isWritable() ? QDir(folder.absoluteFilePath()).filePath(named) : named;
}

const std::vector<ExportFormat>& exportFormats()
{
    using solar::writeFileAtomically;
    static const std::vector<ExportFormat> formats = {
        {ExportKind::ReportPdf, QT_TRANSLATE_NOOP("Exports", "&Report (PDF)…"), QT_TRANSLATE_NOOP("Exports", "PDF (*.pdf)"), "report.pdf",
         [](const ReportInput& in, const QString& path, QString* why) { return writePdfReport(path, in, why); }},
        {ExportKind::Json, QT_TRANSLATE_NOOP("Exports", "Analysis as &JSON…"), QT_TRANSLATE_NOOP("Exports", "JSON (*.json)"),
         "analysis.json",
         [](const ReportInput& in, const QString& path, QString* why) {
             return writeFileAtomically(path, solar::report::analysisJson(first(in), in.extras), why);
         }},
        {ExportKind::Csv, QT_TRANSLATE_NOOP("Exports", "Operators as &CSV…"), QT_TRANSLATE_NOOP("Exports", "CSV (*.csv)"), "operators.csv",
         [](const ReportInput& in, const QString& path, QString* why) {
             return writeFileAtomically(path, solar::report::analysisCsv(first(in), in.extras), why);
         }},
        {ExportKind::InsightsCsv, QT_TRANSLATE_NOOP("Exports", "Optimisation &opportunities as CSV…"),
         QT_TRANSLATE_NOOP("Exports", "CSV (*.csv)"), "opportunities.csv",
         [](const ReportInput& in, const QString& path, QString* why) {
             return writeFileAtomically(path, solar::report::insightsCsv(first(in), in.insightsOrComputed()), why);
         }},
        {ExportKind::GraphDot, QT_TRANSLATE_NOOP("Exports", "Einsum graph as &DOT…"), QT_TRANSLATE_NOOP("Exports", "Graphviz (*.dot)"),
         "graph.dot",
         [](const ReportInput& in, const QString& path, QString* why) {
             return writeFileAtomically(path, solar::graph::graphToDot(first(in).graph), why);
         }},
        {ExportKind::GraphSvg, QT_TRANSLATE_NOOP("Exports", "Einsum graph as &SVG…"), QT_TRANSLATE_NOOP("Exports", "SVG (*.svg)"),
         "graph.svg", [](const ReportInput& in, const QString& path, QString* why) { return exportGraphSvg(first(in), path, why); }},
        {ExportKind::GraphYaml, QT_TRANSLATE_NOOP("Exports", "Einsum graph as SOLAR &YAML…"), QT_TRANSLATE_NOOP("Exports", "YAML (*.yaml)"),
         "einsum_graph.yaml",
         [](const ReportInput& in, const QString& path, QString* why) {
             return writeFileAtomically(path, solar::graph::graphToSolarYaml(first(in).graph), why);
         }},
        {ExportKind::RooflinePng, QT_TRANSLATE_NOOP("Exports", "Roofline as P&NG…"), QT_TRANSLATE_NOOP("Exports", "PNG (*.png)"),
         "roofline.png",
         [](const ReportInput& in, const QString& path, QString* why) {
             return exportRoofline(first(in), path, QStringLiteral("png"), why);
         }},
        {ExportKind::RooflineSvg, QT_TRANSLATE_NOOP("Exports", "Roofline as S&VG…"), QT_TRANSLATE_NOOP("Exports", "SVG (*.svg)"),
         "roofline.svg",
         [](const ReportInput& in, const QString& path, QString* why) {
             return exportRoofline(first(in), path, QStringLiteral("svg"), why);
         }},
    };
    return formats;
}

const ExportFormat& exportFormat(ExportKind kind)
{
    for (const auto& f : exportFormats())
        if (f.kind == kind)
            return f;
    return exportFormats().front();
}

bool exportAnalysis(ExportKind kind, const ReportInput& input, const QString& path, QString* why)
{
    if (input.results.empty() || !input.results.front()) {
        if (why)
            *why = QCoreApplication::translate("Exports", "Nothing to export: analyse first (Ctrl+R)");
        return false;
    }
    return exportFormat(kind).write(input, path, why);
}
