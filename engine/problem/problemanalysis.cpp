// SPDX-License-Identifier: MIT
#include "engine/problem/problemanalysis.h"

#include "engine/problem/axisexpr.h"
#include "engine/problem/safetensors.h"

#include "engine/frontend/trace/tracedanalysis.h"
#include "engine/problem/problemsource.h"
#include "engine/worker/session.h"

#include <algorithm>
#include <cmath>
#include <filesystem>
#include <set>

namespace solar::problem {

namespace fs = std::filesystem;

namespace {

int lineCount(const std::string& text)
{
    return static_cast<int>(std::count(text.begin(), text.end(), '\n')) + (text.empty() || text.back() == '\n' ? 0 : 1);
}

// A diagnostic about the generated source, said about the definition: the reference's lines keep their numbers
// ("reference line 7"), the harness's are named as generated.
// A diagnostic about the generated source (reference.py), said about the definition: its reference's lines are the
// source's first lines.
Diagnostic aboutDefinition(Diagnostic d, const Definition& def)
{
    if (d.loc.line > 0)
        d.message = (d.loc.line <= lineCount(def.reference) ? "reference line " + std::to_string(d.loc.line)
                                                            : std::string("the generated harness"))
            + ": " + d.message;
    d.file = def.path;
    d.loc = {};
    return d;
}

// The validation point tried first: the var axes of 16 or more at distinct primes from 11 up (in the order of their
// values, none equal to another axis's value), the const axes as they are — a reference may assert them (`assert
// hidden_size == 4096`), and the trace's own reductions scale every constant. Only where the inputs stay small
// (kConstKeptElements) at that point: a gemm's 4096 x 4096 weight is left to the scaled points.
std::map<std::string, std::int64_t> constKeptPoint(const Definition& def, const Workload& workload)
{
    constexpr double kConstKeptElements = 4.0e6;
    std::vector<std::pair<std::int64_t, std::string>> scaled;
    std::set<std::int64_t> taken;
    for (const Axis& a : def.axes) {
        if (a.kind == AxisKind::Const)
            taken.insert(a.value);
        else if (a.kind == AxisKind::Var && workload.axes.count(a.name)) {
            const std::int64_t v = workload.axes.at(a.name);
            if (v >= 16)
                scaled.push_back({v, a.name});
            else
                taken.insert(v);
        }
    }
    if (scaled.empty())
        return {};
    std::sort(scaled.begin(), scaled.end());
    std::map<std::string, std::int64_t> vars = workload.axes;
    std::int64_t candidate = 11;
    auto prime = [](std::int64_t n) {
        for (std::int64_t d = 2; d * d <= n; ++d)
            if (n % d == 0)
                return false;
        return true;
    };
    for (const auto& [value, name] : scaled) {
        while (!prime(candidate) || taken.count(candidate))
            ++candidate;
        vars[name] = candidate;
        taken.insert(candidate++);
    }
    const auto axes = resolveAxes(def, vars);
    if (!axes)
        return {};
    double elements = 0;
    for (const TensorSpec& t : def.inputs) {
        double n = 1;
        for (const auto& dim : t.shape.value_or(std::vector<std::string>()))
            n *= static_cast<double>(axes->at(dim));
        elements += t.scalar() ? 0 : n;
    }
    if (elements > kConstKeptElements)
        return {};
    std::map<std::string, std::int64_t> point;
    for (const Axis& a : def.axes)
        if (a.kind != AxisKind::Expr)
            point[a.name] = axes->at(a.name);
    return point;
}

} // namespace

std::string_view workloadStatusName(WorkloadStatus status)
{
    switch (status) {
    case WorkloadStatus::Ok: return "ok";
    case WorkloadStatus::Incomplete: return "incomplete";
    case WorkloadStatus::Mismatch: return "mismatch";
    case WorkloadStatus::MissingInput: return "missing_input";
    case WorkloadStatus::ConstraintFailed: return "constraint_failed";
    case WorkloadStatus::Failed: return "failed";
    }
    return "failed";
}

bool isProblemPath(const std::string& path)
{
    std::error_code ec;
    const fs::path p(path);
    if (fs::is_directory(p, ec))
        return fs::is_regular_file(p / "definition.json", ec);
    return p.filename() == "definition.json";
}

Expected<ProblemFiles> locateProblem(const std::string& path)
{
    std::error_code ec;
    const fs::path p(path);
    ProblemFiles f;
    if (fs::is_directory(p, ec)) {
        f.dir = p.string();
        f.definition = (p / "definition.json").string();
    } else {
        f.definition = p.string();
        f.dir = p.parent_path().empty() ? std::string(".") : p.parent_path().string();
    }
    f.workloads = (fs::path(f.dir) / "workload.jsonl").string();
    for (const std::string* file : {&f.definition, &f.workloads})
        if (!fs::is_regular_file(*file, ec))
            return Expected<ProblemFiles>::failure(Diagnostic {
                Severity::Error, *file, {}, "problem.files", "no such file: a problem folder holds definition.json and workload.jsonl"});
    return f;
}

bool ProblemAnalysis::allOk() const
{
    return std::all_of(workloads.begin(), workloads.end(), [](const WorkloadAnalysis& w) { return w.status == WorkloadStatus::Ok; });
}

namespace {

// The var axes a workload leaves out, computed by the constraints that define them ("AXIS == expression") from the
// axes it gives, its scalars and the inputs it gives from files; the first one that cannot be, named.
Expected<Workload> sizedWorkload(const Definition& def, Workload w, const ProblemFiles& files)
{
    TensorValues tensors;
    for (bool progress = true; progress;) {
        progress = false;
        for (const std::string& c : def.constraints) {
            const auto [axis, expression] = definedAxis(c);
            const Axis* a = axis.empty() ? nullptr : def.axis(axis);
            if (!a || a->kind != AxisKind::Var || w.axes.count(axis))
                continue;
            AxisValues values;
            for (const auto& [k, v] : w.axes)
                values[k] = static_cast<double>(v);
            for (const Axis& other : def.axes)
                if (other.kind == AxisKind::Const)
                    values[other.name] = static_cast<double>(other.value);
            for (const auto& [k, s] : w.inputs)
                if (s.kind == InputKind::Scalar)
                    values[k] = s.scalarValue;
            bool given = true;
            for (const std::string& t : axisExpressionTensors(expression)) {
                if (tensors.count(t))
                    continue;
                const auto source = w.inputs.find(t);
                if (source == w.inputs.end() || source->second.kind != InputKind::Safetensors) {
                    given = false;
                    break;
                }
                auto data = readSafetensorsTensor((fs::path(files.dir) / source->second.path).string(), source->second.tensorKey);
                if (!data)
                    return Expected<Workload>::failure(data.diagnostics());
                tensors[t] = std::move(data).value();
            }
            if (!given)
                continue; // an input not given from a file
            const auto v = evaluateAxisExpression(expression, values, &tensors);
            if (!v)
                continue; // a name not known yet
            if (*v <= 0 || *v != std::floor(*v) || *v > 9.0e15)
                return Expected<Workload>::failure(Diagnostic {Severity::Error,
                                                               def.path,
                                                               {},
                                                               "problem.axis",
                                                               "axis '" + axis + "' = " + expression + " is " + std::to_string(*v)
                                                                   + " for this workload, not a positive integer size"});
            w.axes[axis] = static_cast<std::int64_t>(*v);
            progress = true;
        }
    }
    for (const Axis& a : def.axes)
        if (a.kind == AxisKind::Var && !w.axes.count(a.name))
            return Expected<Workload>::failure(
                Diagnostic {Severity::Error,
                            def.path,
                            {},
                            "problem.axis",
                            "axis '" + a.name
                                + "' has no value: the workload leaves it out, and no constraint computes it from the axes it "
                                  "gives and the inputs it gives from files"});
    return w;
}

} // namespace

WorkloadAnalysis analyzeWorkload(const Definition& def, const Workload& given, const ProblemFiles& files, const hw::HwProfile& hardware,
                                 const SourceAnalysisOptions& options)
{
    WorkloadAnalysis out;
    out.workload = given;
    std::error_code ec;
    for (const auto& [name, source] : given.inputs) {
        if (source.kind != InputKind::Safetensors)
            continue;
        const fs::path file = fs::path(files.dir) / source.path;
        if (!fs::is_regular_file(file, ec)) {
            // Checked before the axes a constraint computes from such a file: those need it too.
            if (const auto axes = resolveAxes(def, given.axes))
                out.axes = *axes;
            out.status = WorkloadStatus::MissingInput;
            out.message = "input '" + name + "' is tensor '" + source.tensorKey + "' of " + file.lexically_normal().string()
                + ", which is absent: this workload cannot run as given";
            return out;
        }
    }
    const auto sized = sizedWorkload(def, given, files);
    if (!sized) {
        out.message = sized.diagnostics().front().message;
        return out;
    }
    const Workload& workload = *sized;
    out.workload = workload;
    auto axes = resolveAxes(def, workload.axes);
    if (!axes) {
        out.message = axes.diagnostics().front().message;
        return out;
    }
    out.axes = *axes;
    const auto failed = failedConstraint(def, out.axes, &workload);
    if (!failed || !failed->empty()) {
        out.status = failed ? WorkloadStatus::ConstraintFailed : WorkloadStatus::Failed;
        out.message = failed ? "constraint '" + *failed + "' does not hold at these axes" : failed.diagnostics().front().message;
        return out;
    }
    trace::GeneratedSource source;
    source.text = problemSource(def, workload, files.dir);
    source.fileName = "reference.py";
    source.origin = def.path;
    source.locate = [&def](Diagnostic d) { return aboutDefinition(std::move(d), def); };
    if (auto point = constKeptPoint(def, workload); !point.empty())
        source.validation.firstSizes.push_back(std::move(point));
    SourceAnalysisOptions o = options;
    o.analysis.sizes.clear(); // the workload's axes are the source's constants
    auto analysed = trace::analyzeGeneratedSource(source, hardware, o);
    if (!analysed) {
        const Diagnostics& d = analysed.diagnostics();
        const auto first = std::find_if(d.begin(), d.end(), [](const Diagnostic& x) { return x.severity == Severity::Error; });
        const Diagnostic& said = first == d.end() ? d.front() : *first;
        out.message = said.file == def.path ? said.message : said.format();
        return out;
    }
    SourceAnalysis a = std::move(analysed).value();
    std::string axesText;
    for (const auto& [k, v] : out.axes)
        axesText += (axesText.empty() ? "" : ", ") + k + "=" + std::to_string(v);
    a.result.programNote = "workload " + workload.uuid + " of " + def.name + " (" + axesText + "); " + a.result.programNote;
    if (a.result.validation.status == ValidationStatus::Mismatch) {
        out.status = WorkloadStatus::Mismatch;
        out.message = a.result.validation.details.substr(0, 300);
    } else if (!a.result.coverage.complete) {
        out.status = WorkloadStatus::Incomplete;
        // Each distinct item once, with how often it recurs (a reference that loops over heads repeats its ops).
        std::vector<std::pair<std::string, int>> items;
        for (const CoverageItem& item : a.result.coverage.items) {
            if (item.counted)
                continue;
            const std::string text = item.what
                + (item.sourceLine > 0 ? " (reference line " + std::to_string(item.sourceLine) + ")" : std::string()) + ": " + item.reason;
            const auto it = std::find_if(items.begin(), items.end(), [&](const auto& p) { return p.first == text; });
            if (it == items.end())
                items.push_back({text, 1});
            else
                ++it->second;
        }
        std::string missing;
        for (const auto& [text, n] : items)
            missing += (missing.empty() ? "" : "; ") + text + (n > 1 ? " (x" + std::to_string(n) + ")" : std::string());
        out.message = "not counted: " + missing;
    } else {
        out.status = WorkloadStatus::Ok;
    }
    out.analysis = std::move(a);
    return out;
}

Expected<ProblemAnalysis> analyzeProblem(const ProblemFiles& files, const hw::HwProfile& hardware, const SourceAnalysisOptions& options,
                                         const std::string& uuid)
{
    using Result = Expected<ProblemAnalysis>;
    ProblemAnalysis out;
    out.files = files;
    auto def = readDefinition(files.definition);
    if (!def)
        return Result::failure(def.diagnostics());
    out.definition = std::move(def).value();
    auto workloads = readWorkloads(files.workloads, out.definition);
    if (!workloads)
        return Result::failure(workloads.diagnostics());
    std::vector<Workload> chosen;
    for (const Workload& w : *workloads)
        if (uuid.empty() || w.uuid == uuid)
            chosen.push_back(w);
    if (chosen.empty())
        return Result::failure(
            Diagnostic {Severity::Error, files.workloads, {}, "problem.workload", "no workload has uuid '" + uuid + "'"});
    // One Python worker for every workload: torch is imported once.
    std::optional<worker::Session> session;
    SourceAnalysisOptions o = options;
    if (!o.session)
        o.session = &session.emplace(options.python);
    for (size_t i = 0; i < chosen.size(); ++i) {
        if (options.cancel && options.cancel->load())
            break;
        if (options.progress)
            options.progress("workload " + std::to_string(i + 1) + " of " + std::to_string(chosen.size()));
        out.workloads.push_back(analyzeWorkload(out.definition, chosen[i], files, hardware, o));
    }
    return out;
}

} // namespace solar::problem
