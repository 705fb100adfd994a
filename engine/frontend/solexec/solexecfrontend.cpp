// SPDX-License-Identifier: MIT
// A SOL-ExecBench / FlashInfer-trace problem as a source: its definition.json (or the folder holding it and
// workload.jsonl). One workload is analysed — the one SourceAnalysisOptions::workload names, else the first — as
// the PyTorch trace of the definition's reference at exactly that workload's axes (engine/problem/). `solar
// analyze PROBLEM_DIR` runs every workload (problem::analyzeProblem) and reports them together.
#include "engine/frontend/frontend.h"
#include "engine/problem/problemanalysis.h"

#include <QtGlobal>

namespace solar {
namespace {

class SolExecFrontend final : public Frontend
{
public:
    std::string_view id() const override { return "sol-execbench"; }
    const char* label() const override { return QT_TRANSLATE_NOOP("FrontendSelector", "SOL-ExecBench problem"); }
    std::string_view help() const override { return "a definition.json and its workload.jsonl: one workload, traced with PyTorch"; }
    std::vector<std::string> filePatterns() const override { return {"definition.json"}; }
    // A problem's folder too, not only its definition.json.
    bool claims(const std::string& path) const override { return problem::isProblemPath(path); }
    std::string_view reference() const override { return "PyTorch"; }
    std::string_view framework() const override { return "torch"; }
    std::vector<FrontendOption> options() const override
    {
        FrontendOption uuid {"workload-uuid",
                             FrontendOption::Kind::Choice,
                             FrontendOption::Place::Toolbar,
                             "U",
                             "of a problem, only the workload with this uuid (the GUI: the one analysed; default: the first)",
                             QT_TRANSLATE_NOOP("FrontendOption", "Workload")};
        uuid.choicesFromSource = true;
        return {uuid};
    }

    // One per workload, named by its uuid and its var axes.
    Expected<std::vector<std::pair<std::string, std::string>>> sourceChoices(const std::string& key, const std::string& path) const override
    {
        using Result = Expected<std::vector<std::pair<std::string, std::string>>>;
        if (key != "workload-uuid")
            return Frontend::sourceChoices(key, path);
        const auto files = problem::locateProblem(path);
        if (!files)
            return Result::failure(files.diagnostics());
        const auto definition = problem::readDefinition(files->definition);
        if (!definition)
            return Result::failure(definition.diagnostics());
        const auto workloads = problem::readWorkloads(files->workloads, *definition);
        if (!workloads)
            return Result::failure(workloads.diagnostics());
        std::vector<std::pair<std::string, std::string>> out;
        for (const problem::Workload& w : *workloads) {
            std::string axes;
            for (const problem::Axis& a : definition->axes)
                if (a.kind == problem::AxisKind::Var && w.axes.count(a.name))
                    axes += (axes.empty() ? "" : ", ") + a.name + "=" + std::to_string(w.axes.at(a.name));
            out.emplace_back(w.uuid, axes.empty() ? w.uuid : w.uuid + " (" + axes + ")");
        }
        return out;
    }

    Expected<SourceAnalysis> analyze(const std::string& path, const std::string& text, const hw::HwProfile& hardware,
                                     const SourceAnalysisOptions& options) const override
    {
        using Result = Expected<SourceAnalysis>;
        const auto files = problem::locateProblem(path);
        if (!files)
            return Result::failure(files.diagnostics());
        // The editor's text when it holds the definition (unsaved edits count), else the file.
        auto def = !text.empty() && path == files->definition ? problem::parseDefinition(text, path)
                                                              : problem::readDefinition(files->definition);
        if (!def)
            return Result::failure(def.diagnostics());
        const auto workloads = problem::readWorkloads(files->workloads, *def);
        if (!workloads)
            return Result::failure(workloads.diagnostics());
        const problem::Workload* chosen = &workloads->front();
        const auto it = options.settings.find("workload-uuid");
        if (const std::string uuid = it == options.settings.end() ? std::string() : it->second; !uuid.empty()) {
            chosen = nullptr;
            for (const problem::Workload& w : *workloads)
                if (w.uuid == uuid)
                    chosen = &w;
            if (!chosen)
                return Result::failure(
                    Diagnostic {Severity::Error, files->workloads, {}, "problem.workload", "no workload has uuid '" + uuid + "'"});
        }
        problem::WorkloadAnalysis w = problem::analyzeWorkload(*def, *chosen, *files, hardware, options);
        if (!w.analysis)
            return Result::failure(
                Diagnostic {Severity::Error,
                            files->workloads,
                            {chosen->line, 1},
                            "problem.workload",
                            "workload " + chosen->uuid + " (" + std::string(problem::workloadStatusName(w.status)) + "): " + w.message});
        SourceAnalysis out = std::move(*w.analysis);
        out.frontend = std::string(id());
        return out;
    }
};

} // namespace

const Frontend& solExecFrontend()
{
    static const SolExecFrontend frontend;
    return frontend;
}

} // namespace solar
