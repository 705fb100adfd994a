// SPDX-License-Identifier: MIT
// solar report | export: the design-review PDF and the figures as files, headless. Painted with QtGui only
// (render) on the offscreen platform, so no display is needed.
#include "app/cli/analysisargs.h"
#include "app/cli/cli.h"

#include "engine/batch/sweep.h"
#include "render/exports.h"
#include "render/figures.h"
#include "render/pdfreport.h"

#include <QGuiApplication>

#include <filesystem>
#include <memory>
#include <ostream>

#include <unistd.h>

namespace solar::cli {

namespace {

// Fonts and painting need a QGuiApplication; the offscreen platform needs no display. A host program that made a
// plain QCoreApplication cannot paint: `ok` says so.
std::unique_ptr<QGuiApplication> offscreenApplication(bool* ok, std::ostream& err)
{
    *ok = true;
    if (QCoreApplication::instance()) {
        *ok = qobject_cast<QGuiApplication*>(QCoreApplication::instance()) != nullptr;
        if (!*ok)
            err << "solar: error: this process has no GUI application to paint with\n";
        return nullptr;
    }
    if (qEnvironmentVariableIsEmpty("QT_QPA_PLATFORM"))
        qputenv("QT_QPA_PLATFORM", "offscreen");
    if (qEnvironmentVariableIsEmpty("XDG_RUNTIME_DIR")) {
        // Qt wants a private runtime directory (and warns on stderr without one); a headless run has none.
        const std::string dir = (std::filesystem::temp_directory_path() / ("solar-runtime-" + std::to_string(::getuid()))).string();
        std::error_code ec;
        std::filesystem::create_directories(dir, ec);
        std::filesystem::permissions(dir, std::filesystem::perms::owner_all, ec);
        if (!ec)
            qputenv("XDG_RUNTIME_DIR", QByteArray::fromStdString(dir));
    }
    static int argc = 1;
    static char name[] = "solar";
    static char* argv[] = {name, nullptr};
    return std::make_unique<QGuiApplication>(argc, argv);
}

// A figure or graph file, through the same export table as the GUI's File → Export menu.
int exportCommand(const Args& args, std::ostream&, std::ostream& err)
{
    const AnalysisArgs a = analysisArgs(args, "svg");
    const std::string what = args.value("--what");
    if (!args.has("--output") || what.empty() || a.hw.empty())
        throw UsageError {"'export' needs --what roofline|graph, --hw NAME and -o OUT (--format png|svg|dot|yaml)"};
    const auto kind = parseExportKind(what + "-" + a.format);
    if (!kind)
        throw UsageError {"no " + a.format + " export of the " + what + " (roofline: png, svg; graph: svg, dot, yaml)"};
    const auto result = runAnalysis(a, err);
    if (!result)
        return ExitBadInput;
    bool painting = false;
    const auto app = offscreenApplication(&painting, err);
    if (!painting)
        return ExitBadInput;
    ReportInput input;
    input.results.push_back(std::make_shared<AnalysisResult>(*result));
    QString why;
    if (!exportAnalysis(*kind, input, QString::fromStdString(args.value("--output")), &why)) {
        err << "solar: error: " << why.toStdString() << '\n';
        return ExitBadInput;
    }
    return ExitOk;
}

int reportCommand(const Args& args, std::ostream&, std::ostream& err)
{
    const AnalysisArgs a = analysisArgs(args);
    if (!args.has("--output"))
        throw UsageError {"'report' needs -o OUT.pdf"};
    const std::vector<std::string> ids = splitIds(a.hw);
    if (ids.empty())
        throw UsageError {"'report' needs --hw NAME[,NAME...]"};
    const auto targetMs = args.positive("--target-ms");
    const auto measuredMs = args.positive("--measured-ms");
    hw::HwRegistry reg = hw::loadDefaultHwRegistry();
    for (const auto& id : ids) {
        if (!findHardware(reg, id, err))
            return ExitBadInput;
    }
    AnalysisArgs first = a;
    first.hw = ids.front();
    std::string ran;
    const auto result = runAnalysis(first, err, &ran);
    if (!result)
        return ExitBadInput;
    ReportInput input;
    for (const auto& id : ids) {
        auto r = std::make_shared<AnalysisResult>(reSolve(*result, machineFor(*reg.find(id), result->options)));
        r->hardware = *reg.find(id);
        input.results.push_back(std::move(r));
    }
    input.sourceFile = QString::fromStdString(a.file);
    input.frontend = QString::fromStdString(ran);
    if (targetMs)
        input.targetSeconds = *targetMs * 1e-3;
    if (measuredMs)
        input.measuredSeconds = *measuredMs * 1e-3;
    bool painting = false;
    const auto app = offscreenApplication(&painting, err);
    if (!painting)
        return ExitBadInput;
    QString why;
    if (!writePdfReport(QString::fromStdString(args.value("--output")), input, &why)) {
        err << "solar: error: " << why.toStdString() << '\n';
        return ExitBadInput;
    }
    return result->coverage.complete ? ExitOk : ExitBadInput;
}

// solar plot SWEEP.json ... -o FILE: measured time against bound for every problem of one or more measured sweeps
// (shards are joined as bench --merge joins them).
int plotCommand(const Args& args, std::ostream&, std::ostream& err)
{
    if (!args.has("--output"))
        throw UsageError {"'plot' needs -o OUT (.png or .svg)"};
    const std::string output = args.value("--output");
    std::string format = args.value("--format");
    if (format.empty())
        format = output.size() > 4 && output.compare(output.size() - 4, 4, ".png") == 0 ? "png" : "svg";
    const auto merged = batch::readSweepFiles(args.positional);
    if (!merged) {
        printDiagnostics(merged.diagnostics(), err);
        return ExitBadInput;
    }
    bool painting = false;
    const auto app = offscreenApplication(&painting, err);
    if (!painting)
        return ExitBadInput;
    QString why;
    if (!exportMeasuredPlot(*merged, QString::fromStdString(output), QString::fromStdString(format), &why)) {
        err << "solar: error: " << why.toStdString() << '\n';
        return ExitBadInput;
    }
    return ExitOk;
}

} // namespace

std::vector<Command> reportCommands()
{
    const OptionSpec output {"--output", "OUT", "the file to write (replaced atomically)", {}, "-o"};
    return {
        {"report", "FILE",
         "the design-review PDF (no display needed): ladder, roofline, graph, top operators, inverse roofline, coverage ledger, hardware "
         "sources; --hw A,B compares profiles",
         concat({{{"--hw", "A[,B...]", "the profiles (the first is the baseline)"},
                  {"--target-ms", "T", "a target time for the inverse roofline"},
                  {"--measured-ms", "M", "a measured time: headroom and SOL violations"},
                  output},
                 modelOptions(),
                 validateOption()}),
         1, 1, reportCommand},
        {"export", "FILE", "the roofline (PNG or SVG) or the einsum graph (SVG, DOT or SOLAR YAML) as the GUI exports them",
         concat({hardwareOptions(),
                 {{"--what", "W", "the figure", {"roofline", "graph"}}, formatOption({"svg", "png", "dot", "yaml"}), output},
                 modelOptions(),
                 validateOption()}),
         1, 1, exportCommand},
        {"plot",
         "SWEEP.json ...",
         "measured time against bound (fused and unfused_per_kernel, at the sizes measured; torch.compile where measured) for every "
         "problem of 'solar bench --measure' outputs, log-log with the violation line",
         {formatOption({"svg", "png"}), output},
         1,
         -1,
         plotCommand},
    };
}

} // namespace solar::cli
