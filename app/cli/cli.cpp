// SPDX-License-Identifier: MIT
#include "app/cli/cli.h"

#include "engine/analysis/analysis.h"
#include "engine/analysis/sourceanalysis.h"
#include "engine/batch/sweep.h"
#include "engine/bounds/inverse.h"
#include "engine/core/textfile.h"
#include "engine/core/version.h"
#include "engine/frontend/trace/lowering.h"
#include "engine/frontend/trace/traceworker.h"
#include "engine/frontend/validate/validation.h"
#include "engine/graph/export.h"
#include "engine/graph/lifting.h"
#include "engine/hw/registry.h"
#include "engine/ir/checker.h"
#include "engine/report/analysisreport.h"
#include "engine/report/comparison.h"
#ifdef SOLAR_WITH_REPORT
#include "widgets/report/figures.h"
#include "widgets/report/pdfreport.h"

#include <QApplication>
#include <memory>
#endif
#include "engine/ir/interpreter.h"
#include "engine/ir/parser.h"
#include "engine/ir/printer.h"

#include <algorithm>
#include <filesystem>
#include <charconv>
#include <chrono>
#include <unistd.h>
#include <cstdlib>
#include <fstream>
#include <map>
#include <optional>
#include <ostream>
#include <sstream>

namespace solar::cli {

namespace {

using solar::AnalysisOptions;

constexpr const char* kUsage = R"(usage: solar <command> [options]

commands:
  solar --version                      print the version
  solar ir check FILE.alir [--accesses]
                                       check an ALIR program; --accesses lists every tensor access with its
                                       classification (affine, quasi-affine, indirect) and bounds status
  solar ir run FILE.alir [--set NAME=VALUE ...] [--seed N] [--print-outputs] [--max-instances N]
                                       run it in the interpreter and summarize every output (shape, min, max,
                                       mean, checksum) and the instances each statement executed
  solar ir fmt FILE.alir               print the program in canonical form
  solar analyze FILE.alir|MODEL.py --hw NAME [--policy P] [--cache cold|warm] [--set NAME=VALUE ...]
                [--format table|json|csv] [--no-validate] [--frontend auto|trace|alir|llm]
                [--llm-url URL] [--llm-model M] [--llm-key-env VAR] [--llm-attempts N] [--llm-timeout-s S]
                                       the bound ladder (unfused_per_kernel, unfused_overlapped, fused_per_op,
                                       fused, cache_aware) and every operator's counts and times; --frontend llm
                                       translates any source through an OpenAI-compatible endpoint (defaults
                                       from SOLAR_LLM_URL, SOLAR_LLM_MODEL, SOLAR_LLM_KEY_ENV: the name of the
                                       variable holding the key, OPENAI_API_KEY unless set)
  solar report FILE --hw A[,B...] [--target-ms T] [--measured-ms M] [--no-validate] -o OUT.pdf
                                       the design-review PDF (no display needed): ladder, roofline, graph,
                                       top operators, inverse roofline, coverage ledger, hardware sources
  solar export FILE --hw NAME --what roofline|graph [--format png|svg] -o OUT
                                       the roofline (PNG or SVG) or the einsum graph (SVG) as in the GUI
  solar compare FILE --hw A,B[,C...] [--baseline A] [--format table|json|csv] [--policy P] [--cache C] [--no-validate]
                                       one program on several profiles: every level's bound and bottleneck, the
                                       speedup against the baseline, and where the bottleneck moves
  solar inverse FILE.alir --hw NAME --target-ms T [--level L] [--policy P] [--cache C] [--format table|json]
                                       the least DRAM bandwidth, compute and on-chip memory that reach T
  solar graph FILE.alir [--set NAME=VALUE ...] [--format json|dot|yaml]
                                       the einsum graph (yaml: NVlabs SOLAR's einsum_graph.yaml)
  solar trace MODEL.py [--set NAME=VALUE ...] [--format table|alir]
                                       trace a PyTorch model (KernelBench convention) on fake tensors and list
                                       its ATen ops with their source lines and output shapes, or the ALIR
                                       they lower to; 'solar analyze MODEL.py --hw NAME' analyses it
  solar bench DIR --hw NAME [--timings FILE.json] [--stale FILE.json] [--validate] [--jobs N] [--shard I/N] [--format table|json|csv]
                  [--policy P] [--cache warm|cold]
                                       trace, lower and bound every problem under DIR (KernelBench layout) and
                                       compare with measured timings; JSON schema solar.bench/1
  solar bench --merge SHARD.json ... [--format table|json|csv]
                                       join the JSON outputs of '--shard I/N' runs into one result
  solar hw list                        the hardware profiles (shipped and the user's)
  solar hw show NAME                   one profile, every number with its source

policies: pytorch-default (default), strict-fp32, allow-tf32

exit codes: 0 ok, 1 bad input or failed analysis, 2 usage error
)";

struct UsageError
{
    std::string message;
};

std::optional<std::string> readFile(const std::string& path, std::string& error)
{
    auto text = readTextFile(path);
    if (!text) {
        error = text.diagnostics().front().format();
        return std::nullopt;
    }
    return std::move(text).value();
}

std::int64_t parseInteger(const std::string& text, const std::string& what)
{
    std::int64_t v = 0;
    const auto r = std::from_chars(text.data(), text.data() + text.size(), v);
    if (r.ec != std::errc() || r.ptr != text.data() + text.size())
        throw UsageError {what + " needs an integer, got '" + text + "'"};
    return v;
}

void printDiagnostics(const Diagnostics& diags, std::ostream& err)
{
    for (const auto& d : diags)
        err << d.format() << '\n';
}

std::optional<ir::Program> loadProgram(const std::string& path, std::ostream& err)
{
    std::string error;
    const auto text = readFile(path, error);
    if (!text) {
        err << error << '\n';
        return std::nullopt;
    }
    auto parsed = ir::parseProgram(*text, path);
    printDiagnostics(parsed.diagnostics(), err);
    if (!parsed)
        return std::nullopt;
    return std::move(parsed).value();
}

std::string number(double v)
{
    std::ostringstream ss;
    ss.precision(9);
    ss << v;
    return ss.str();
}

int irCheck(const std::vector<std::string>& args, std::ostream& out, std::ostream& err)
{
    std::string file;
    bool listAccesses = false;
    for (const auto& a : args) {
        if (a == "--accesses")
            listAccesses = true;
        else if (!a.empty() && a[0] == '-')
            throw UsageError {"unknown option '" + a + "' for 'ir check'"};
        else if (file.empty())
            file = a;
        else
            throw UsageError {"'ir check' takes one file"};
    }
    if (file.empty())
        throw UsageError {"'ir check' needs a file"};
    const auto program = loadProgram(file, err);
    if (!program)
        return ExitBadInput;
    const ir::CheckResult result = ir::checkProgram(*program);
    printDiagnostics(result.diagnostics, err);
    if (!result.ok())
        return ExitBadInput;
    std::map<ir::AccessClass, int> classes;
    std::map<ir::BoundsStatus, int> bounds;
    for (const auto& a : result.accesses) {
        ++classes[a.cls];
        ++bounds[a.bounds];
    }
    out << file << ": ok: kernel '" << program->name << "', " << result.assignCount << " assignments, "
        << result.accesses.size() << " accesses (" << classes[ir::AccessClass::Affine] << " affine, "
        << classes[ir::AccessClass::QuasiAffine] << " quasi-affine, " << classes[ir::AccessClass::Indirect]
        << " indirect, " << classes[ir::AccessClass::NonAffine] << " non-affine; " << bounds[ir::BoundsStatus::Proven]
        << " proven in bounds, " << bounds[ir::BoundsStatus::RuntimeChecked] << " checked at run time)\n";
    if (listAccesses) {
        for (const auto& a : result.accesses) {
            out << file << ':' << a.loc.line << ':' << a.loc.column << ": " << (a.isWrite ? "write " : "read  ") << a.text
                << "  " << ir::accessClassName(a.cls) << ", " << ir::boundsStatusName(a.bounds) << '\n';
        }
    }
    return ExitOk;
}

int irRun(const std::vector<std::string>& args, std::ostream& out, std::ostream& err)
{
    std::string file;
    ir::RunOptions options;
    bool printOutputs = false;
    for (size_t i = 0; i < args.size(); ++i) {
        const std::string& a = args[i];
        auto value = [&]() -> const std::string& {
            if (i + 1 >= args.size())
                throw UsageError {"'" + a + "' needs a value"};
            return args[++i];
        };
        if (a == "--set") {
            const std::string& kv = value();
            const auto eq = kv.find('=');
            if (eq == std::string::npos || eq == 0)
                throw UsageError {"--set needs NAME=VALUE, got '" + kv + "'"};
            options.sizes[kv.substr(0, eq)] = parseInteger(kv.substr(eq + 1), "--set " + kv.substr(0, eq));
        } else if (a == "--seed") {
            const auto v = parseInteger(value(), "--seed");
            options.seed = static_cast<std::uint64_t>(v);
        } else if (a == "--max-instances") {
            const auto v = parseInteger(value(), "--max-instances");
            if (v <= 0)
                throw UsageError {"--max-instances must be positive"};
            options.maxInstances = static_cast<std::uint64_t>(v);
        } else if (a == "--print-outputs") {
            printOutputs = true;
        } else if (!a.empty() && a[0] == '-') {
            throw UsageError {"unknown option '" + a + "' for 'ir run'"};
        } else if (file.empty()) {
            file = a;
        } else {
            throw UsageError {"'ir run' takes one file"};
        }
    }
    if (file.empty())
        throw UsageError {"'ir run' needs a file"};
    const auto program = loadProgram(file, err);
    if (!program)
        return ExitBadInput;
    const auto result = ir::runProgram(*program, options);
    printDiagnostics(result.diagnostics(), err);
    if (!result)
        return ExitBadInput;
    out << "kernel " << program->name << "(";
    bool firstParam = true;
    for (const auto& p : program->params) {
        out << (firstParam ? "" : ", ") << p.name << "=" << result->sizes.values.at(p.name);
        firstParam = false;
    }
    out << "), seed " << options.seed << "\n";
    for (const auto& t : result->tensors) {
        if (t.kind != ir::TensorKind::Out)
            continue;
        const ir::TensorSummary s = ir::summarize(t);
        char checksum[17];
        std::snprintf(checksum, sizeof checksum, "%016llx", static_cast<unsigned long long>(s.checksum));
        out << "out " << t.name << ": " << ir::dtypeName(t.dtype) << report::formatShape(t.shape) << "  min " << number(s.min)
            << "  max " << number(s.max) << "  mean " << number(s.mean) << "  checksum " << checksum;
        if (s.nanCount)
            out << "  nan " << s.nanCount;
        out << '\n';
        if (printOutputs) {
            constexpr size_t kLimit = 10000;
            for (size_t i = 0; i < t.data.size() && i < kLimit; ++i)
                out << "  " << number(t.data[i]) << ((i + 1) % 8 == 0 || i + 1 == t.data.size() ? "\n" : "");
            if (t.data.size() > kLimit)
                out << "\n  ... (" << t.data.size() - kLimit << " more)\n";
        }
    }
    out << "instances: " << result->totalInstances << " assignments executed\n";
    for (size_t i = 0; i < result->instanceCounts.size(); ++i)
        out << "  " << file << ':' << result->assignLocs[i].line << ": " << result->instanceCounts[i] << '\n';
    return ExitOk;
}

int irFmt(const std::vector<std::string>& args, std::ostream& out, std::ostream& err)
{
    if (args.size() != 1 || (!args[0].empty() && args[0][0] == '-'))
        throw UsageError {"'ir fmt' takes one file"};
    const auto program = loadProgram(args[0], err);
    if (!program)
        return ExitBadInput;
    out << ir::printProgram(*program);
    return ExitOk;
}

// Options shared by the analysis commands.
// LLM endpoint defaults from the environment (the key itself stays in the variable SOLAR_LLM_KEY_ENV names).
llm::LlmSettings llmSettingsFromEnvironment()
{
    llm::LlmSettings s;
    if (const char* v = std::getenv("SOLAR_LLM_URL"))
        s.baseUrl = v;
    if (const char* v = std::getenv("SOLAR_LLM_MODEL"))
        s.model = v;
    if (const char* v = std::getenv("SOLAR_LLM_KEY_ENV"))
        s.apiKeyEnv = v;
    return s;
}

struct AnalysisArgs
{
    std::string file;
    std::string hw;
    std::string format = "table";
    AnalysisOptions options;
    std::optional<double> targetMs;
    bounds::Level level = bounds::Level::Fused;
    bool validate = true;
    std::string baseline; // compare
    std::string frontend = "auto";
    llm::LlmSettings llm = llmSettingsFromEnvironment();
};

AnalysisArgs parseAnalysisArgs(const std::vector<std::string>& args, const std::string& command,
                               const std::vector<std::string>& formats, bool inverse)
{
    AnalysisArgs a;
    for (size_t i = 0; i < args.size(); ++i) {
        const std::string& opt = args[i];
        auto value = [&]() -> const std::string& {
            if (i + 1 >= args.size())
                throw UsageError {"'" + opt + "' needs a value"};
            return args[++i];
        };
        if (opt == "--hw") {
            a.hw = value();
        } else if (opt == "--format") {
            a.format = value();
            if (std::find(formats.begin(), formats.end(), a.format) == formats.end())
                throw UsageError {"'" + command + "' has no format '" + a.format + "'"};
        } else if (opt == "--policy") {
            const auto p = bounds::parsePolicy(value());
            if (!p)
                throw UsageError {"unknown policy '" + args[i] + "' (pytorch-default, strict-fp32, allow-tf32)"};
            a.options.policy = *p;
        } else if (opt == "--cache") {
            const auto c = bounds::parseCache(value());
            if (!c)
                throw UsageError {"unknown cache assumption '" + args[i] + "' (cold, warm)"};
            a.options.cache = *c;
        } else if (opt == "--set") {
            const std::string& kv = value();
            const auto eq = kv.find('=');
            if (eq == std::string::npos || eq == 0)
                throw UsageError {"--set needs NAME=VALUE, got '" + kv + "'"};
            a.options.sizes[kv.substr(0, eq)] = parseInteger(kv.substr(eq + 1), "--set " + kv.substr(0, eq));
        } else if (inverse && opt == "--target-ms") {
            const std::string& v = value();
            char* end = nullptr;
            const double t = std::strtod(v.c_str(), &end);
            if (end == v.c_str() || *end != '\0' || !(t > 0))
                throw UsageError {"--target-ms needs a positive number, got '" + v + "'"};
            a.targetMs = t;
        } else if (inverse && opt == "--level") {
            const auto l = bounds::parseLevel(value());
            if (!l)
                throw UsageError {"unknown level '" + args[i] + "' (unfused_per_kernel, unfused_overlapped, fused_per_op, fused, cache_aware)"};
            a.level = *l;
        } else if (opt == "--no-validate" && (command == "analyze" || command == "inverse" || command == "compare" || command == "report")) {
            a.validate = false;
        } else if (opt == "--baseline" && command == "compare") {
            a.baseline = value();
        } else if (opt == "--frontend" && command == "analyze") {
            a.frontend = value();
            if (a.frontend != "auto" && a.frontend != "trace" && a.frontend != "alir" && a.frontend != "llm")
                throw UsageError {"unknown frontend '" + a.frontend + "' (auto, trace, alir, llm)"};
        } else if (opt == "--llm-url" && command == "analyze") {
            a.llm.baseUrl = value();
        } else if (opt == "--llm-model" && command == "analyze") {
            a.llm.model = value();
        } else if (opt == "--llm-key-env" && command == "analyze") {
            a.llm.apiKeyEnv = value();
        } else if (opt == "--llm-attempts" && command == "analyze") {
            a.llm.attempts = static_cast<int>(parseInteger(value(), "--llm-attempts"));
            if (a.llm.attempts < 1)
                throw UsageError {"--llm-attempts needs at least 1"};
        } else if (opt == "--llm-timeout-s" && command == "analyze") {
            const auto t = parseInteger(value(), "--llm-timeout-s");
            if (t < 1)
                throw UsageError {"--llm-timeout-s needs at least 1"};
            a.llm.timeoutMs = static_cast<int>(t * 1000);
        } else if (!opt.empty() && opt[0] == '-') {
            throw UsageError {"unknown option '" + opt + "' for '" + command + "'"};
        } else if (a.file.empty()) {
            a.file = opt;
        } else {
            throw UsageError {"'" + command + "' takes one file"};
        }
    }
    if (a.file.empty())
        throw UsageError {"'" + command + "' needs a file"};
    return a;
}

const hw::HwProfile* findHardware(const hw::HwRegistry& reg, const std::string& name, std::ostream& err)
{
    if (const hw::HwProfile* p = reg.find(name))
        return p;
    err << "solar: error: no hardware profile '" << name << "' (see 'solar hw list')\n";
    for (const auto& d : reg.problems)
        err << d.format() << '\n';
    return nullptr;
}

// A PyTorch model: traced on fake tensors, lowered to ALIR, analysed with one kernel per ATen op.
std::optional<AnalysisResult> analyzeModel(const AnalysisArgs& a, const hw::HwProfile& hardware, std::ostream& err)
{
    SourceAnalysisOptions options;
    options.analysis = a.options;
    options.validate = a.validate;
    options.frontend = a.frontend;
    options.llm = a.llm;
    options.onLlmAttempt = [&err](const llm::Attempt& at) {
        err << "solar: LLM attempt " << at.number << ": " << at.outcome << (at.details.empty() ? "" : ": " + at.details.substr(0, 300)) << '\n';
    };
    auto r = analyzeSource(a.file, {}, hardware, options);
    if (!r) {
        printDiagnostics(r.diagnostics(), err);
        return std::nullopt;
    }
    if (!a.validate)
        r->result.validation.details = "not compared with the PyTorch reference (--no-validate)";
    return std::move(r->result);
}

// Hardware, program and analysis for the commands that need all three; nullopt after printing why not.
std::optional<AnalysisResult> runAnalysis(const AnalysisArgs& a, std::ostream& err)
{
    const hw::HwRegistry reg = hw::loadDefaultHwRegistry();
    const hw::HwProfile* hardware = findHardware(reg, a.hw, err);
    if (!hardware)
        return std::nullopt;
    if (isPythonFile(a.file) || a.frontend == "llm" || a.frontend == "trace")
        return analyzeModel(a, *hardware, err);
    const auto program = loadProgram(a.file, err);
    if (!program)
        return std::nullopt;
    auto result = analyzeProgram(*program, *hardware, a.options);
    if (!result) {
        printDiagnostics(result.diagnostics(), err);
        return std::nullopt;
    }
    return std::move(result).value();
}

int analyze(const std::vector<std::string>& args, std::ostream& out, std::ostream& err)
{
    const AnalysisArgs a = parseAnalysisArgs(args, "analyze", {"table", "json", "csv"}, false);
    if (a.hw.empty())
        throw UsageError {"'analyze' needs --hw NAME (see 'solar hw list')"};
    const auto result = runAnalysis(a, err);
    if (!result)
        return ExitBadInput;
    for (const auto& d : result->diagnostics) {
        if (d.severity != Severity::Note)
            err << d.format() << '\n';
    }
    if (a.format == "json")
        out << report::analysisJson(*result);
    else if (a.format == "csv")
        out << report::analysisCsv(*result);
    else
        out << report::analysisTable(*result);
    return result->coverage.complete ? ExitOk : ExitBadInput;
}

std::vector<std::string> splitIds(const std::string& list)
{
    std::vector<std::string> ids;
    for (std::size_t start = 0; start <= list.size();) {
        const std::size_t comma = list.find(',', start);
        const std::string id = list.substr(start, comma == std::string::npos ? std::string::npos : comma - start);
        if (!id.empty())
            ids.push_back(id);
        if (comma == std::string::npos)
            break;
        start = comma + 1;
    }
    return ids;
}

#ifdef SOLAR_WITH_REPORT
// Figures are rendered by Qt widgets: a QApplication on the offscreen platform, so no display is needed.
std::unique_ptr<QApplication> offscreenApplication()
{
    if (QCoreApplication::instance())
        return nullptr;
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
    return std::make_unique<QApplication>(argc, argv);
}

// The roofline (png, svg) or the einsum graph (svg) as a file: the GUI's Export menu, headless.
int exportCommand(const std::vector<std::string>& args, std::ostream& err)
{
    std::vector<std::string> rest;
    std::string output, what;
    for (size_t i = 0; i < args.size(); ++i) {
        if ((args[i] == "-o" || args[i] == "--output") && i + 1 < args.size())
            output = args[++i];
        else if (args[i] == "--what" && i + 1 < args.size())
            what = args[++i];
        else
            rest.push_back(args[i]);
    }
    AnalysisArgs a = parseAnalysisArgs(rest, "export", {"png", "svg"}, false);
    if (output.empty() || (what != "roofline" && what != "graph") || a.hw.empty())
        throw UsageError {"'export' needs --what roofline|graph, --hw NAME and -o OUT (--format png|svg)"};
    if (a.format == "table")
        a.format = "svg"; // the default when no --format is given
    if (what == "graph" && a.format != "svg")
        throw UsageError {"the graph exports as svg (or 'solar graph --format dot|yaml|json')"};
    const auto result = runAnalysis(a, err);
    if (!result)
        return ExitBadInput;
    const auto app = offscreenApplication();
    const QString path = QString::fromStdString(output);
    const QString why = what == "roofline" ? exportRoofline(std::make_shared<AnalysisResult>(*result), path, QString::fromStdString(a.format))
                                           : exportGraphSvg(*result, path);
    if (!why.isEmpty()) {
        err << "solar: error: " << why.toStdString() << '\n';
        return ExitBadInput;
    }
    return ExitOk;
}

// The design-review PDF, headless: a QApplication on the offscreen platform renders the figures; no display.
int reportCommand(const std::vector<std::string>& args, std::ostream& err)
{
    std::vector<std::string> rest;
    std::string output;
    std::optional<double> measuredMs;
    for (size_t i = 0; i < args.size(); ++i) {
        if ((args[i] == "-o" || args[i] == "--output") && i + 1 < args.size()) {
            output = args[++i];
        } else if (args[i] == "--measured-ms" && i + 1 < args.size()) {
            char* end = nullptr;
            const double v = std::strtod(args[i + 1].c_str(), &end);
            if (end == args[i + 1].c_str() || *end != '\0' || !(v > 0))
                throw UsageError {"--measured-ms needs a positive number, got '" + args[i + 1] + "'"};
            measuredMs = v;
            ++i;
        } else {
            rest.push_back(args[i]);
        }
    }
    if (output.empty())
        throw UsageError {"'report' needs -o OUT.pdf"};
    AnalysisArgs a = parseAnalysisArgs(rest, "report", {"table"}, true);
    const std::vector<std::string> ids = splitIds(a.hw);
    if (ids.empty())
        throw UsageError {"'report' needs --hw NAME[,NAME...]"};
    const hw::HwRegistry reg = hw::loadDefaultHwRegistry();
    ReportInput input;
    for (const auto& id : ids) {
        if (!findHardware(reg, id, err))
            return ExitBadInput;
    }
    AnalysisArgs first = a;
    first.hw = ids.front();
    const auto result = runAnalysis(first, err);
    if (!result)
        return ExitBadInput;
    for (const auto& id : ids) {
        auto r = std::make_shared<AnalysisResult>(reSolve(*result, bounds::machineFromProfile(*reg.find(id))));
        r->hardware = *reg.find(id);
        input.results.push_back(std::move(r));
    }
    input.sourceFile = QString::fromStdString(a.file);
    input.frontend = QString::fromStdString(isPythonFile(a.file) ? "trace" : "alir");
    if (a.targetMs)
        input.targetSeconds = *a.targetMs * 1e-3;
    if (measuredMs)
        input.measuredSeconds = *measuredMs * 1e-3;
    const auto app = offscreenApplication();
    const QString why = writePdfReport(QString::fromStdString(output), input);
    if (!why.isEmpty()) {
        err << "solar: error: " << why.toStdString() << '\n';
        return ExitBadInput;
    }
    return result->coverage.complete ? ExitOk : ExitBadInput;
}
#endif

// One program on several profiles: --hw A,B,C (the first is the baseline unless --baseline names another).
int compare(const std::vector<std::string>& args, std::ostream& out, std::ostream& err)
{
    AnalysisArgs a = parseAnalysisArgs(args, "compare", {"table", "json", "csv"}, false);
    const std::vector<std::string> ids = splitIds(a.hw);
    if (ids.empty())
        throw UsageError {"'compare' needs --hw A,B,... (see 'solar hw list')"};
    if (!a.baseline.empty() && std::find(ids.begin(), ids.end(), a.baseline) == ids.end())
        throw UsageError {"--baseline " + a.baseline + " is not one of the --hw profiles"};
    const hw::HwRegistry reg = hw::loadDefaultHwRegistry();
    std::vector<const hw::HwProfile*> profiles;
    for (const auto& id : ids) {
        const hw::HwProfile* p = findHardware(reg, id, err);
        if (!p)
            return ExitBadInput;
        profiles.push_back(p);
    }
    a.hw = ids.front();
    const auto result = runAnalysis(a, err);
    if (!result)
        return ExitBadInput;
    const report::Comparison c = report::compareHardware(*result, profiles, a.baseline);
    if (a.format == "json")
        out << report::comparisonJson(c);
    else if (a.format == "csv")
        out << report::comparisonCsv(c);
    else
        out << report::comparisonTable(c);
    return result->coverage.complete ? ExitOk : ExitBadInput;
}

int inverse(const std::vector<std::string>& args, std::ostream& out, std::ostream& err)
{
    const AnalysisArgs a = parseAnalysisArgs(args, "inverse", {"table", "json"}, true);
    if (a.hw.empty())
        throw UsageError {"'inverse' needs --hw NAME"};
    if (!a.targetMs)
        throw UsageError {"'inverse' needs --target-ms T"};
    const auto result = runAnalysis(a, err);
    if (!result)
        return ExitBadInput;
    const bounds::Inverse inv = bounds::solveInverse(result->digest, result->machine, a.options.policy, a.options.cache,
                                                     a.level, *a.targetMs * 1e-3);
    out << (a.format == "json" ? report::inverseJson(*result, inv) : report::inverseTable(*result, inv));
    return ExitOk;
}

int graphCommand(const std::vector<std::string>& args, std::ostream& out, std::ostream& err)
{
    AnalysisArgs a = parseAnalysisArgs(args, "graph", {"json", "dot", "yaml"}, false);
    if (a.format == "table")
        a.format = "json";
    const auto program = loadProgram(a.file, err);
    if (!program)
        return ExitBadInput;
    const ir::CheckResult check = ir::checkProgram(*program);
    printDiagnostics(check.diagnostics, err);
    if (!check.ok())
        return ExitBadInput;
    const auto sizes = ir::bindSizes(*program, a.options.sizes);
    if (!sizes) {
        printDiagnostics(sizes.diagnostics(), err);
        return ExitBadInput;
    }
    const auto g = graph::liftProgram(*program, *sizes);
    if (!g) {
        printDiagnostics(g.diagnostics(), err);
        return ExitBadInput;
    }
    if (a.format == "dot")
        out << graph::graphToDot(*g);
    else if (a.format == "yaml")
        out << graph::graphToSolarYaml(*g);
    else
        out << graph::graphToJson(*g);
    return ExitOk;
}

int traceCommand(const std::vector<std::string>& args, std::ostream& out, std::ostream& err)
{
    const AnalysisArgs a = parseAnalysisArgs(args, "trace", {"table", "alir"}, false);
    const auto python = trace::locatePython();
    if (!python) {
        printDiagnostics(python.diagnostics(), err);
        return ExitBadInput;
    }
    trace::TraceWorker worker(*python);
    if (a.format == "alir") {
        const auto model = trace::loadModelProgram(a.file, worker, a.options.sizes, true);
        if (!model) {
            printDiagnostics(model.diagnostics(), err);
            return ExitBadInput;
        }
        const trace::Lowered& lowered = model->lowered;
        for (const auto& u : lowered.unsupported)
            err << a.file << ':' << u.sourceLine << ": warning: no lowering template for " << u.aten << "; not counted\n";
        err << a.file << ": note: " << model->sizesNote << '\n';
        out << lowered.text;
        return lowered.unsupported.empty() ? ExitOk : ExitBadInput;
    }
    const auto r = worker.trace(a.file, a.options.sizes);
    if (!r) {
        printDiagnostics(r.diagnostics(), err);
        return ExitBadInput;
    }
    out << a.file << ": " << r->model << " (" << (r->training ? "training" : "eval") << " mode), torch " << python->torchVersion
        << " at " << python->executable << "\nsize constants:";
    for (const auto& [k, v] : r->constants)
        out << ' ' << k << '=' << v;
    out << '\n' << r->ops.size() << " ops:\n";
    for (const auto& op : r->ops) {
        std::string shape;
        for (const auto& o : op.outputs) {
            if (const auto* t = o.kind == trace::TraceArg::Tensor ? r->tensor(o.text) : nullptr)
                shape += (shape.empty() ? "" : " ") + std::string(t->dtype) + report::formatShape(t->shape);
        }
        out << "  line " << op.line << "  " << op.op << (op.overload.empty() || op.overload == "default" ? "" : "." + op.overload)
            << "  -> " << shape << '\n';
    }
    return ExitOk;
}

std::string defaultStaleList()
{
    std::string script = trace::tracerScriptPath(); // .../python/solar_trace.py
    const auto cut = script.rfind("/python/");
    return cut == std::string::npos ? std::string() : script.substr(0, cut) + "/kernelbench/stale-timings.json";
}

void writeSweep(const batch::SweepResult& result, const std::string& format, std::ostream& out)
{
    if (format == "json")
        out << batch::sweepJson(result);
    else if (format == "csv")
        out << batch::sweepCsv(result);
    else
        out << batch::sweepTable(result);
}

bool allProblemsOk(const batch::SweepResult& result)
{
    return std::all_of(result.problems.begin(), result.problems.end(), [](const auto& p) { return p.status == "ok"; });
}

// solar bench --merge A.json B.json ... [--format F]: joins the JSON outputs of --shard runs.
int benchMergeCommand(const std::vector<std::string>& args, std::ostream& out, std::ostream& err)
{
    std::vector<std::string> files;
    std::string format = "table";
    for (size_t i = 0; i < args.size(); ++i) {
        if (args[i] == "--merge")
            continue;
        if (args[i] == "--format") {
            if (i + 1 >= args.size())
                throw UsageError {"'--format' needs a value"};
            format = args[++i];
            if (format != "table" && format != "json" && format != "csv")
                throw UsageError {"'bench --merge' --format is table, json or csv, not '" + format + "'"};
        } else if (args[i].rfind("--", 0) == 0) {
            throw UsageError {"'bench --merge' takes only JSON files and --format, not '" + args[i] + "'"};
        } else {
            files.push_back(args[i]);
        }
    }
    if (files.empty())
        throw UsageError {"'bench --merge' needs the JSON outputs of the shards"};
    std::vector<batch::SweepResult> shards;
    for (const auto& f : files) {
        auto r = batch::readSweepJson(f);
        if (!r) {
            printDiagnostics(r.diagnostics(), err);
            return ExitBadInput;
        }
        shards.push_back(std::move(r).value());
    }
    const auto merged = batch::mergeSweeps(shards, files);
    if (!merged) {
        printDiagnostics(merged.diagnostics(), err);
        return ExitBadInput;
    }
    writeSweep(*merged, format, out);
    return allProblemsOk(*merged) ? ExitOk : ExitBadInput;
}

int benchCommand(const std::vector<std::string>& args, std::ostream& out, std::ostream& err)
{
    if (std::find(args.begin(), args.end(), "--merge") != args.end())
        return benchMergeCommand(args, out, err);
    std::vector<std::string> rest;
    std::string timings, stale = "default", shard, jobs;
    bool validateAll = false;
    for (size_t i = 0; i < args.size(); ++i) {
        auto take = [&](std::string& into) {
            if (i + 1 >= args.size())
                throw UsageError {"'" + args[i] + "' needs a value"};
            into = args[++i];
        };
        if (args[i] == "--timings")
            take(timings);
        else if (args[i] == "--stale")
            take(stale);
        else if (args[i] == "--shard")
            take(shard);
        else if (args[i] == "--jobs")
            take(jobs);
        else if (args[i] == "--validate")
            validateAll = true;
        else
            rest.push_back(args[i]);
    }
    AnalysisArgs a = parseAnalysisArgs(rest, "bench", {"table", "json", "csv"}, false);
    if (a.hw.empty())
        throw UsageError {"'bench' needs --hw NAME"};
    if (std::find(rest.begin(), rest.end(), "--cache") == rest.end())
        a.options.cache = bounds::CacheAssumption::Warm; // benchmark timings are taken with warm caches
    batch::SweepOptions options;
    options.analysis = a.options;
    options.validate = validateAll;
    if (!jobs.empty()) {
        options.jobs = static_cast<int>(parseInteger(jobs, "--jobs"));
        if (options.jobs < 1)
            throw UsageError {"--jobs needs a positive number"};
    }
    if (!shard.empty()) {
        const auto slash = shard.find('/');
        if (slash == std::string::npos)
            throw UsageError {"--shard needs I/N, got '" + shard + "'"};
        options.shardIndex = static_cast<int>(parseInteger(shard.substr(0, slash), "--shard"));
        options.shardCount = static_cast<int>(parseInteger(shard.substr(slash + 1), "--shard"));
        if (options.shardCount < 1 || options.shardIndex < 0 || options.shardIndex >= options.shardCount)
            throw UsageError {"--shard I/N needs 0 <= I < N"};
    }
    const hw::HwRegistry reg = hw::loadDefaultHwRegistry();
    const hw::HwProfile* hardware = findHardware(reg, a.hw, err);
    if (!hardware)
        return ExitBadInput;
    if (!timings.empty()) {
        const auto t = batch::readTimings(timings);
        if (!t) {
            printDiagnostics(t.diagnostics(), err);
            return ExitBadInput;
        }
        options.timingsSeconds = *t;
        const std::string staleFile = stale == "default" ? defaultStaleList() : stale;
        if (!staleFile.empty()) {
            const auto s = batch::readStaleList(staleFile);
            if (!s && stale != "default") {
                printDiagnostics(s.diagnostics(), err);
                return ExitBadInput;
            }
            if (s)
                options.staleTimings = *s;
        }
    }
    if (!std::filesystem::is_directory(a.file)) {
        err << a.file << ": error: not a folder of problems (KernelBench layout: DIR/<level>/<problem>.py)\n";
        return ExitBadInput;
    }
    const auto python = trace::locatePython();
    if (!python) {
        printDiagnostics(python.diagnostics(), err);
        return ExitBadInput;
    }
    const bool terminal = isatty(2);
    const auto start = std::chrono::steady_clock::now();
    options.progress = [&](int done, int total, const std::string& file) {
        if (!terminal)
            return;
        const double elapsed = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
        const double eta = done > 0 ? elapsed / done * (total - done) : 0;
        char line[256];
        std::snprintf(line, sizeof line, "\r[%d/%d] ETA %3.0f s  %-60.60s", done, total, eta, file.c_str());
        err << line << (done == total ? "\n" : "") << std::flush;
    };
    const batch::SweepResult result = batch::runSweep(a.file, *hardware, options, *python);
    writeSweep(result, a.format, out);
    return allProblemsOk(result) ? ExitOk : ExitBadInput;
}

int hwCommand(const std::vector<std::string>& args, std::ostream& out, std::ostream& err)
{
    if (args.empty())
        throw UsageError {"'hw' needs a subcommand: list or show"};
    const hw::HwRegistry reg = hw::loadDefaultHwRegistry();
    if (args[0] == "list") {
        if (args.size() != 1)
            throw UsageError {"'hw list' takes no arguments"};
        out << report::hwListTable(reg);
        if (reg.profiles.empty()) {
            err << "solar: error: no hardware profiles found (set SOLAR_HWPROFILES_DIR)\n";
            return ExitBadInput;
        }
        return reg.problems.empty() ? ExitOk : ExitBadInput;
    }
    if (args[0] == "show") {
        if (args.size() != 2)
            throw UsageError {"'hw show' takes one profile name"};
        const hw::HwProfile* p = findHardware(reg, args[1], err);
        if (!p)
            return ExitBadInput;
        out << report::hwShowTable(*p);
        return ExitOk;
    }
    throw UsageError {"unknown 'hw' subcommand '" + args[0] + "' (list or show)"};
}

} // namespace

int runCli(const std::vector<std::string>& args, std::ostream& out, std::ostream& err)
{
    try {
        if (args.empty()) {
            err << kUsage;
            return ExitUsage;
        }
        const std::string& cmd = args[0];
        if (cmd == "--version" || cmd == "-V" || cmd == "version") {
            out << "solar " << kVersion << '\n';
            return ExitOk;
        }
        if (cmd == "--help" || cmd == "-h" || cmd == "help") {
            out << kUsage;
            return ExitOk;
        }
        if (cmd == "ir") {
            if (args.size() < 2)
                throw UsageError {"'ir' needs a subcommand: check, run or fmt"};
            const std::vector<std::string> rest(args.begin() + 2, args.end());
            if (args[1] == "check")
                return irCheck(rest, out, err);
            if (args[1] == "run")
                return irRun(rest, out, err);
            if (args[1] == "fmt")
                return irFmt(rest, out, err);
            throw UsageError {"unknown 'ir' subcommand '" + args[1] + "' (check, run or fmt)"};
        }
        const std::vector<std::string> rest(args.begin() + 1, args.end());
        if (cmd == "analyze")
            return analyze(rest, out, err);
        if (cmd == "inverse")
            return inverse(rest, out, err);
        if (cmd == "compare")
            return compare(rest, out, err);
        if (cmd == "report" || cmd == "export") {
#ifdef SOLAR_WITH_REPORT
            return cmd == "report" ? reportCommand(rest, err) : exportCommand(rest, err);
#else
            throw UsageError {"this build has no PDF reports or figure exports (configure with SOLAR_BUILD_GUI=ON)"};
#endif
        }
        if (cmd == "graph")
            return graphCommand(rest, out, err);
        if (cmd == "hw")
            return hwCommand(rest, out, err);
        if (cmd == "trace")
            return traceCommand(rest, out, err);
        if (cmd == "bench")
            return benchCommand(rest, out, err);
        throw UsageError {"unknown command '" + cmd + "'"};
    } catch (const UsageError& e) {
        err << "solar: " << e.message << "\n(run 'solar --help' for usage)\n";
        return ExitUsage;
    }
}

} // namespace solar::cli
