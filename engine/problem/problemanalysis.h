// SPDX-License-Identifier: MIT
// A SOL-ExecBench problem analysed workload by workload: each workload's source (problemsource.h) goes through the
// PyTorch trace frontend at exactly that workload's axes and is validated against the reference at reduced sizes
// where its axes allow. A workload that cannot run as given (an absent safetensors file, a failing constraint, a
// reference that does not run here) gets a status saying why instead of bounds; the others are not affected.
#pragma once

#include "engine/frontend/frontend.h"
#include "engine/problem/definition.h"

#include <optional>

namespace solar::problem {

enum class WorkloadStatus {
    Ok, // bounds computed, every op counted, the program matches the reference (or could not be compared: see validation)
    Incomplete, // bounds computed, but some op is not counted (coverage)
    Mismatch, // the program does not compute what the reference does at the validation sizes
    MissingInput, // a safetensors file or tensor the workload names is absent
    ConstraintFailed, // a definition constraint does not hold at the workload's axes
    Failed, // the reference did not trace or lower (its error says why)
};

std::string_view workloadStatusName(WorkloadStatus status); // "ok", "incomplete", "mismatch", "missing_input", ...

/// Where a problem's files are: a folder holding definition.json and workload.jsonl, or a definition.json (its
/// workload.jsonl beside it).
struct ProblemFiles
{
    std::string definition;
    std::string workloads;
    std::string dir; // safetensors paths are relative to it
};

/// Whether `path` is a problem: a definition.json or a folder with one.
bool isProblemPath(const std::string& path);
Expected<ProblemFiles> locateProblem(const std::string& path);

struct WorkloadAnalysis
{
    Workload workload;
    std::map<std::string, std::int64_t> axes; // every axis's value (const, var, expr)
    WorkloadStatus status = WorkloadStatus::Failed;
    std::string message; // why, for a status other than ok (the first error of a failure)
    std::optional<SourceAnalysis> analysis;
};

struct ProblemAnalysis
{
    Definition definition;
    ProblemFiles files;
    std::vector<WorkloadAnalysis> workloads;
    bool allOk() const;
};

/// One workload analysed (the sol-execbench frontend's path and the loop's body). Never fails: the status says.
WorkloadAnalysis analyzeWorkload(const Definition& definition, const Workload& workload, const ProblemFiles& files,
                                 const hw::HwProfile& hardware, const SourceAnalysisOptions& options);

/// Every workload (or the one `uuid` names: an error when none has it), one Python worker for all. `progress`
/// gets "workload i of n" before each.
Expected<ProblemAnalysis> analyzeProblem(const ProblemFiles& files, const hw::HwProfile& hardware, const SourceAnalysisOptions& options,
                                         const std::string& uuid = {});

} // namespace solar::problem
