// SPDX-License-Identifier: MIT
// solar ir check | run | fmt | reorder: the ALIR language on its own (checker, interpreter, printer, the least
// contraction order).
#include "app/cli/analysisargs.h"
#include "app/cli/cli.h"

#include "engine/core/format.h"
#include "engine/ir/checker.h"
#include "engine/ir/interpreter.h"
#include "engine/ir/printer.h"
#include "engine/ir/reassociation.h"

#include <cstdio>
#include <map>
#include <ostream>
#include <sstream>

namespace solar::cli {

namespace {

std::string number(double v)
{
    std::ostringstream ss;
    ss.precision(9);
    ss << v;
    return ss.str();
}

int irCheck(const Args& args, std::ostream& out, std::ostream& err)
{
    const std::string& file = args.positional.front();
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
    out << file << ": ok: kernel '" << program->name << "', " << result.assignCount << " assignments, " << result.accesses.size()
        << " accesses (" << classes[ir::AccessClass::Affine] << " affine, " << classes[ir::AccessClass::QuasiAffine] << " quasi-affine, "
        << classes[ir::AccessClass::Indirect] << " indirect, " << classes[ir::AccessClass::NonAffine] << " non-affine; "
        << bounds[ir::BoundsStatus::Proven] << " proven in bounds, " << bounds[ir::BoundsStatus::RuntimeChecked]
        << " checked at run time)\n";
    if (args.has("--accesses")) {
        for (const auto& a : result.accesses)
            out << file << ':' << a.loc.line << ':' << a.loc.column << ": " << (a.isWrite ? "write " : "read  ") << a.text << "  "
                << ir::accessClassName(a.cls) << ", " << ir::boundsStatusName(a.bounds) << '\n';
    }
    return ExitOk;
}

int irRun(const Args& args, std::ostream& out, std::ostream& err)
{
    const std::string& file = args.positional.front();
    ir::RunOptions options;
    options.sizes = analysisArgs(args).options.sizes;
    if (args.has("--seed"))
        options.seed = static_cast<std::uint64_t>(parseInteger(args.value("--seed"), "--seed"));
    if (const auto cap = args.integer("--max-instances", 1))
        options.maxInstances = static_cast<std::uint64_t>(*cap);
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
        out << "out " << t.name << ": " << ir::dtypeName(t.dtype) << formatShape(t.shape) << "  min " << number(s.min) << "  max "
            << number(s.max) << "  mean " << number(s.mean) << "  checksum " << checksum;
        if (s.nanCount)
            out << "  nan " << s.nanCount;
        out << '\n';
        if (args.has("--print-outputs")) {
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

int irFmt(const Args& args, std::ostream& out, std::ostream& err)
{
    const auto program = loadProgram(args.positional.front(), err);
    if (!program)
        return ExitBadInput;
    out << ir::printProgram(*program);
    return ExitOk;
}

int irReorder(const Args& args, std::ostream& out, std::ostream& err)
{
    const auto program = loadProgram(args.positional.front(), err);
    if (!program)
        return ExitBadInput;
    const auto sizes = ir::bindSizes(*program, analysisArgs(args).options.sizes);
    printDiagnostics(sizes.diagnostics(), err);
    if (!sizes)
        return ExitBadInput;
    const auto reordered = ir::leastContractionOrder(*program, *sizes);
    printDiagnostics(reordered.diagnostics(), err);
    if (!reordered)
        return ExitBadInput;
    // The steps as comments above the program, so the output stays a program that parses.
    for (const auto& step : reordered->steps)
        out << "# " << step.description << '\n';
    if (reordered->steps.empty())
        out << "# least contraction order: the program's own (no chain is cheaper another way round)\n";
    out << ir::printProgram(reordered->steps.empty() ? *program : reordered->program);
    return ExitOk;
}

} // namespace

std::vector<Command> irCommands()
{
    return {
        {"ir check",
         "FILE.alir",
         "check an ALIR program; --accesses lists every tensor access with its classification (affine, "
         "quasi-affine, indirect) and bounds status",
         {{"--accesses", "", "list every access"}},
         1,
         1,
         irCheck},
        {"ir run",
         "FILE.alir",
         "run it in the interpreter and summarize every output (shape, min, max, mean, checksum) and the "
         "instances each statement executed",
         {{"--set", "NAME=VALUE", "a size parameter's value (repeatable)", {}, {}, true},
          {"--seed", "N", "seed of the random inputs"},
          {"--print-outputs", "", "print every output value"},
          {"--max-instances", "N", "the interpreter's work cap"}},
         1,
         1,
         irRun},
        {"ir fmt", "FILE.alir", "print the program in canonical form", {}, 1, 1, irFmt},
        {"ir reorder",
         "FILE.alir",
         "print the program in its least contraction order (docs/sol-model.md): chains of linear contractions "
         "reassociated where another order does fewer multiply-adds at the program's sizes (MLA's absorbed form), "
         "each rewrite named in a comment",
         {{"--set", "NAME=VALUE", "a size parameter's value (repeatable)", {}, {}, true}},
         1,
         1,
         irReorder},
    };
}

} // namespace solar::cli
