// SPDX-License-Identifier: MIT
#include "app/cli/analysisargs.h"

#include "engine/core/textfile.h"
#include "engine/ir/parser.h"

#include <algorithm>
#include <ostream>

namespace solar::cli {

bounds::ExecutionMode executionMode(const Args& args)
{
    if (args.has("--no-op-floor")) {
        if (args.has("--mode") && args.value("--mode") != "none")
            throw UsageError {"--no-op-floor is --mode none; it contradicts --mode " + args.value("--mode")};
        return bounds::ExecutionMode::None;
    }
    return args.has("--mode") ? *bounds::parseMode(args.value("--mode")) : bounds::ExecutionMode::Eager;
}

std::vector<OptionSpec> hardwareOptions()
{
    return {{"--hw", "NAME", "the hardware profile: an id (see 'solar hw list') or a profile file's path"}};
}

std::vector<OptionSpec> modelOptions()
{
    return {{"--set", "NAME=VALUE", "a size parameter's value (repeatable)", {}, {}, true},
            {"--policy", "P", "precision policy", {"pytorch-default", "strict-fp32", "allow-tf32"}},
            {"--cache", "C", "cache assumption: cold (default) or warm", {"cold", "warm"}},
            {"--mode",
             "M",
             "how the program runs, for unfused_per_kernel: eager (default: the profile's host dispatch and kernel-launch floors), "
             "graph (a CUDA graph or compiled program: the launch floor only) or none (no floor)",
             {"eager", "graph", "none"}},
            {"--no-op-floor", "", "the same as --mode none"}};
}

std::vector<OptionSpec> validateOption()
{
    return {{"--no-validate", "", "do not compare the program with its source (PyTorch models are validated by default)"}};
}

// "how the source becomes ALIR: auto (...), trace (PyTorch), ...", from the frontend registry.
std::string frontendHelp()
{
    std::string help = "how the source becomes ALIR: auto (each file to the first of these that claims it: .py files are traced, "
                       "PyTorch or JAX by their imports; others are read as ALIR)";
    for (const Frontend* f : frontends())
        help += ", " + std::string(f->id()) + (f->help().empty() ? "" : " (" + std::string(f->help()) + ")");
    return help;
}

// Every frontend's declared options as --KEY VALUE (engine/source/registry.h): a new frontend's options reach
// analyze and insights without a line here.
std::vector<OptionSpec> frontendOptions()
{
    std::vector<OptionSpec> out {{"--frontend", "F", frontendHelp(), frontendIds()}};
    for (const DeclaredOption& d : declaredOptions()) {
        std::string ids;
        for (const Frontend* f : d.frontends)
            ids += (ids.empty() ? "" : ", ") + std::string(f->id());
        const FrontendOption& o = d.option;
        out.push_back({"--" + o.key, o.valueName.empty() ? std::string("V") : o.valueName, o.help + " [" + ids + "]",
                       o.kind == FrontendOption::Kind::Choice && !o.choicesFromSource ? o.choices : std::vector<std::string>()});
    }
    return out;
}

FrontendSettings frontendSettings(const Args& args)
{
    FrontendSettings settings;
    for (const DeclaredOption& d : declaredOptions()) {
        const std::string flag = "--" + d.option.key;
        if (!args.has(flag))
            continue;
        if (d.option.kind == FrontendOption::Kind::Integer) {
            const std::int64_t v = *args.integer(flag, d.option.minimum);
            if (v > d.option.maximum)
                throw UsageError {flag + " " + std::to_string(v) + ": at most " + std::to_string(d.option.maximum)};
        }
        settings[d.option.key] = args.value(flag);
    }
    return settings;
}

OptionSpec formatOption(const std::vector<std::string>& formats)
{
    return {"--format", "F", "output format (default " + formats.front() + ")", formats};
}

OptionSpec profileTraceOption()
{
    return {"--profile-trace", "TRACE.json",
            "a torch.profiler Chrome trace of this model at these sizes (prof.export_chrome_trace): per-op measured times matched to "
            "the operators by op name, call order and recorded shapes"};
}

std::optional<insights::TracedInsights> traceInsights(const std::string& path, const AnalysisResult& result, std::ostream& err)
{
    const auto trace = measure::readProfileTrace(path);
    if (!trace) {
        printDiagnostics(trace.diagnostics(), err);
        return std::nullopt;
    }
    if (const auto other = measure::traceHardwareMismatch(*trace, result.hardware)) {
        err << path << ": error: " << *other << "; select the profile it was measured on (--hw)\n";
        return std::nullopt;
    }
    insights::TracedInsights traced = insights::insightsWithTrace(result, &*trace);
    const measure::TraceMatch& match = *traced.match;
    const double fraction = measure::matchedFraction(match);
    if (fraction < 0.95)
        err << path << ": warning: only " << static_cast<int>(100 * fraction) << " % of the trace's ATen time matched the program's ops "
            << "(a trace of other sizes, another model, or ops the program does not have)\n";
    if (match.shapeMismatches > 0)
        err << path << ": warning: " << match.shapeMismatches << " events were matched by call order although their recorded shapes "
            << "fit no op of their name (a trace at other sizes?)\n";
    return traced;
}

std::vector<OptionSpec> concat(std::initializer_list<std::vector<OptionSpec>> groups)
{
    std::vector<OptionSpec> out;
    for (const auto& g : groups)
        out.insert(out.end(), g.begin(), g.end());
    return out;
}

AnalysisArgs analysisArgs(const Args& args, const std::string& defaultFormat)
{
    AnalysisArgs a;
    a.file = args.positional.empty() ? std::string() : args.positional.front();
    a.hw = args.value("--hw");
    a.format = args.value("--format", defaultFormat);
    if (args.has("--policy"))
        a.options.policy = *bounds::parsePolicy(args.value("--policy"));
    if (args.has("--cache"))
        a.options.cache = *bounds::parseCache(args.value("--cache"));
    a.options.mode = executionMode(args);
    for (const auto& kv : args.values("--set")) {
        const auto eq = kv.find('=');
        if (eq == std::string::npos || eq == 0)
            throw UsageError {"--set needs NAME=VALUE, got '" + kv + "'"};
        a.options.sizes[kv.substr(0, eq)] = parseInteger(kv.substr(eq + 1), "--set " + kv.substr(0, eq));
    }
    a.validate = !args.has("--no-validate");
    if (args.has("--frontend"))
        a.frontend = args.value("--frontend");
    a.settings = frontendSettings(args);
    return a;
}

void printDiagnostics(const Diagnostics& diags, std::ostream& err)
{
    for (const auto& d : diags)
        err << d.format() << '\n';
}

std::optional<ir::Program> loadProgram(const std::string& path, std::ostream& err)
{
    const auto text = readTextFile(path);
    if (!text) {
        err << text.diagnostics().front().format() << '\n';
        return std::nullopt;
    }
    auto parsed = ir::parseProgram(*text, path);
    printDiagnostics(parsed.diagnostics(), err);
    if (!parsed)
        return std::nullopt;
    return std::move(parsed).value();
}

const hw::HwProfile* findHardware(hw::HwRegistry& reg, const std::string& name, std::ostream& err)
{
    if (const hw::HwProfile* p = reg.resolve(name))
        return p;
    if (!reg.fileProblems.empty()) {
        for (const auto& d : reg.fileProblems)
            err << d.format() << '\n';
        return nullptr;
    }
    err << "solar: error: no hardware profile '" << name << "' (see 'solar hw list', or give a profile file's path)\n";
    for (const auto& d : reg.problems)
        err << d.format() << '\n';
    return nullptr;
}

std::optional<AnalysisResult> runAnalysis(const AnalysisArgs& a, std::ostream& err, std::string* ran)
{
    hw::HwRegistry reg = hw::loadDefaultHwRegistry();
    const hw::HwProfile* hardware = findHardware(reg, a.hw, err);
    if (!hardware)
        return std::nullopt;
    // A frontend's option given for a file another frontend reads would be silently ignored: say so instead.
    if (const Frontend* chosen = chooseFrontend(a.frontend, a.file)) {
        const auto declared = chosen->options();
        for (const auto& [key, value] : a.settings)
            if (std::none_of(declared.begin(), declared.end(), [&](const FrontendOption& o) { return o.key == key; }))
                throw UsageError {"--" + key + " is not an option of the " + std::string(chosen->id()) + " frontend, which reads "
                                  + a.file};
    }
    SourceAnalysisOptions options;
    options.analysis = a.options;
    options.validate = a.validate;
    options.frontend = a.frontend;
    options.settings = a.settings;
    options.onAttempt = [&err](const FrontendAttempt& at) {
        err << "solar: LLM attempt " << at.number << ": " << at.outcome << (at.details.empty() ? "" : ": " + at.details.substr(0, 300))
            << '\n';
    };
    auto r = analyzeSource(a.file, {}, *hardware, options);
    if (!r) {
        printDiagnostics(r.diagnostics(), err);
        return std::nullopt;
    }
    const Frontend* frontend = findFrontend(r->frontend);
    if (!a.validate && frontend && frontend->validates())
        r->result.validation.details = "not compared with the "
            + (frontend->reference().empty() ? std::string("source's") : std::string(frontend->reference())) + " reference (--no-validate)";
    if (ran)
        *ran = r->frontend;
    return std::move(r->result);
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

} // namespace solar::cli
