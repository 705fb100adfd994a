// SPDX-License-Identifier: MIT
#include "engine/report/workloadsreport.h"

#include "engine/core/format.h"
#include "engine/core/version.h"
#include "engine/report/analysisreport.h"

#include <nlohmann/json.hpp>

namespace solar::report {

namespace {

using bounds::Level;
using nlohmann::ordered_json;

// "M=16, seq_len=211": the axes a workload binds (its var axes), in the definition's order.
std::string varAxes(const problem::ProblemAnalysis& p, const problem::WorkloadAnalysis& w)
{
    std::string out;
    for (const problem::Axis& a : p.definition.axes)
        if (a.kind == problem::AxisKind::Var && w.workload.axes.count(a.name))
            out += (out.empty() ? "" : ", ") + a.name + "=" + std::to_string(w.workload.axes.at(a.name));
    return out.empty() ? std::string("-") : out;
}

} // namespace

std::string workloadsJson(const problem::ProblemAnalysis& p, const hw::HwProfile& hardware, const AnalysisOptions& options)
{
    ordered_json rows = ordered_json::array();
    for (const problem::WorkloadAnalysis& w : p.workloads) {
        ordered_json axes = ordered_json::object();
        for (const problem::Axis& a : p.definition.axes)
            if (w.axes.count(a.name))
                axes[a.name] = w.axes.at(a.name);
        ordered_json row = {{"uuid", w.workload.uuid},
                            {"line", w.workload.line},
                            {"axes", axes},
                            {"status", problem::workloadStatusName(w.status)},
                            {"message", w.message}};
        if (w.analysis) {
            const AnalysisResult& r = w.analysis->result;
            row["totals"] = totalsJson(r);
            row["bounds"] = boundsJson(r);
            row["coverage"] = {{"complete", r.coverage.complete}, {"status", r.coverage.status()}};
            row["validation"] = {{"status", r.validation.statusName()}, {"details", r.validation.details}};
        } else {
            row["totals"] = nullptr;
            row["bounds"] = nullptr;
            row["validation"] = {{"status", "not_run"}, {"details", "no program: " + w.message}};
        }
        rows.push_back(std::move(row));
    }
    const ordered_json doc = {{"schema", "solar.workloads/1"},
                              {"tool", {{"name", "solar"}, {"version", kVersion}}},
                              {"definition",
                               {{"name", p.definition.name},
                                {"op_type", p.definition.opType},
                                {"file", p.files.definition},
                                {"workloads_file", p.files.workloads}}},
                              {"hardware", {{"id", hardware.id}, {"name", hardware.name}}},
                              {"policy", bounds::policyName(options.policy)},
                              {"cache", bounds::cacheName(options.cache)},
                              {"mode", bounds::modeName(options.mode)},
                              {"all_ok", p.allOk()},
                              {"workloads", rows}};
    return doc.dump(2) + "\n";
}

std::string workloadsTable(const problem::ProblemAnalysis& p, const hw::HwProfile& hardware)
{
    std::string out = "problem    " + p.definition.name + (p.definition.opType.empty() ? "" : " (" + p.definition.opType + ")") + "\n"
        + "hardware   " + hardware.name + "\n" + "workloads  " + std::to_string(p.workloads.size()) + " from " + p.files.workloads + "\n\n";
    size_t axesWidth = 6;
    size_t uuidWidth = 6;
    for (const auto& w : p.workloads) {
        axesWidth = std::max(axesWidth, varAxes(p, w).size() + 2);
        uuidWidth = std::max(uuidWidth, w.workload.uuid.size() + 2);
    }
    out += padText("uuid", uuidWidth) + padText("axes", axesWidth) + padText("status", 18);
    for (Level l : bounds::kLevels)
        out += padText(std::string(bounds::levelShortName(l)), 11, true);
    out += "  " + padText("bottleneck", 20) + "validation\n";
    for (const auto& w : p.workloads) {
        out += padText(w.workload.uuid, uuidWidth) + padText(varAxes(p, w), axesWidth)
            + padText(std::string(problem::workloadStatusName(w.status)), 18);
        if (w.analysis) {
            const AnalysisResult& r = w.analysis->result;
            for (Level l : bounds::kLevels)
                out += padText(formatSeconds(r.ladder.at(l).seconds), 11, true);
            out += "  " + padText(r.ladder.at(Level::Fused).bottleneck, 20) + r.validation.statusName() + "\n";
        } else {
            for (size_t i = 0; i < bounds::kLevels.size(); ++i)
                out += padText("-", 11, true);
            out += "  " + padText("-", 20) + "-\n";
        }
    }
    bool header = false;
    for (const auto& w : p.workloads) {
        if (w.status == problem::WorkloadStatus::Ok)
            continue;
        if (!header)
            out += "\nnot ok:\n";
        header = true;
        out += "  " + w.workload.uuid + " (line " + std::to_string(w.workload.line)
            + "): " + std::string(problem::workloadStatusName(w.status)) + ": " + w.message + "\n";
    }
    return out;
}

} // namespace solar::report
