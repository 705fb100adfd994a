// SPDX-License-Identifier: MIT
#include "app/cli/cli.h"

#include "engine/core/version.h"
#include "engine/ir/checker.h"
#include "engine/ir/interpreter.h"
#include "engine/ir/parser.h"
#include "engine/ir/printer.h"

#include <charconv>
#include <fstream>
#include <map>
#include <optional>
#include <ostream>
#include <sstream>

namespace solar::cli {

namespace {

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

exit codes: 0 ok, 1 bad input or failed analysis, 2 usage error
)";

struct UsageError
{
    std::string message;
};

std::optional<std::string> readFile(const std::string& path, std::string& error)
{
    std::ifstream in(path, std::ios::binary);
    if (!in) {
        error = path + ": error: cannot open file";
        return std::nullopt;
    }
    std::ostringstream ss;
    ss << in.rdbuf();
    if (in.bad()) {
        error = path + ": error: cannot read file";
        return std::nullopt;
    }
    return ss.str();
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

std::string shapeText(const std::vector<std::int64_t>& shape)
{
    std::string s = "[";
    for (size_t i = 0; i < shape.size(); ++i)
        s += (i ? ", " : "") + std::to_string(shape[i]);
    return s + "]";
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
        out << "out " << t.name << ": " << ir::dtypeName(t.dtype) << shapeText(t.shape) << "  min " << number(s.min)
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
        throw UsageError {"unknown command '" + cmd + "'"};
    } catch (const UsageError& e) {
        err << "solar: " << e.message << "\n(run 'solar --help' for usage)\n";
        return ExitUsage;
    }
}

} // namespace solar::cli
