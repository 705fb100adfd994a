// SPDX-License-Identifier: MIT
#include "engine/report/benchreport.h"

#include "engine/core/format.h"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <cstdio>
#include <map>
#include <sstream>

namespace solar::report {

namespace {

using batch::ProblemStatus;
using batch::SweepResult;
using bounds::Level;
using nlohmann::ordered_json;

double median(std::vector<double> v)
{
    if (v.empty())
        return 0;
    std::sort(v.begin(), v.end());
    const size_t n = v.size();
    return n % 2 ? v[n / 2] : (v[n / 2 - 1] + v[n / 2]) / 2;
}

} // namespace

std::string sweepJson(const SweepResult& r)
{
    ordered_json problems = ordered_json::array();
    std::map<std::string, std::map<std::string, int>> perLevel;
    std::array<int, bounds::kLevelCount> violations {};
    std::array<std::vector<double>, bounds::kLevelCount> headrooms;
    int validated = 0, analysed = 0, withParameters = 0;
    ordered_json differential = ordered_json::object(); // --differential: checked, findings, not_run
    ordered_json excluded = ordered_json::array();
    std::array<int, bounds::kLevelCount> compiledViolations {};
    std::map<std::string, std::array<std::vector<double>, bounds::kLevelCount>> headroomsByLevel;
    int measured = 0, compiledCount = 0;
    for (const auto& p : r.problems) {
        ordered_json b = ordered_json::object(), headroom = ordered_json::object(), violation = ordered_json::object();
        ordered_json mb = ordered_json::object(), compiledViolation = ordered_json::object();
        const auto& against = batch::comparedBounds(p);
        for (Level l : bounds::kLevels) {
            const int i = static_cast<int>(l);
            const std::string key(bounds::levelName(l));
            b[key] = p.status == ProblemStatus::Error ? ordered_json(nullptr) : ordered_json(p.boundsSeconds[i]);
            if (p.measuredBoundsSeconds)
                mb[key] = (*p.measuredBoundsSeconds)[i];
            if (batch::hasComparedTiming(p) && against[i] > 0) {
                const double h = *p.measuredSeconds / against[i];
                headroom[key] = h;
                violation[key] = against[i] > *p.measuredSeconds;
                headrooms[i].push_back(h);
                headroomsByLevel[p.level][i].push_back(h);
                violations[i] += against[i] > *p.measuredSeconds;
            } else {
                headroom[key] = nullptr;
                violation[key] = nullptr;
            }
            if (batch::hasComparedTiming(p) && p.compiledSeconds) {
                compiledViolation[key] = against[i] > *p.compiledSeconds;
                compiledViolations[i] += against[i] > *p.compiledSeconds;
            }
        }
        measured += p.measuredBoundsSeconds.has_value();
        compiledCount += p.compiledSeconds.has_value();
        if (!p.excluded.empty())
            excluded.push_back({{"file", p.file}, {"reason", p.excluded}});
        ++perLevel[p.level][std::string(batch::problemStatusName(p.status))];
        if (p.status != ProblemStatus::Error)
            ++analysed;
        validated += p.validation == ValidationStatus::Validated;
        if (p.differentialFindings >= 0) {
            differential["checked"] = differential.value("checked", 0) + 1;
            differential["findings"] = differential.value("findings", 0) + p.differentialFindings;
        } else if (!p.differential.empty()) {
            differential["not_run"] = differential.value("not_run", 0) + 1;
        }
        withParameters += p.sizeParameters;
        problems.push_back(
            {{"file", p.file},
             {"level", p.level},
             {"status", std::string(batch::problemStatusName(p.status))},
             {"error", p.error},
             {"not_counted", p.notCounted},
             {"flops", p.flops},
             {"bytes", p.bytes},
             {"kernels", p.kernels},
             {"op_floor_seconds", p.opFloorSeconds},
             {"bounds_seconds", b},
             {"measured_seconds", p.measuredSeconds ? ordered_json(*p.measuredSeconds) : ordered_json(nullptr)},
             {"excluded", p.excluded.empty() ? ordered_json(nullptr) : ordered_json(p.excluded)},
             {"headroom", headroom},
             {"violation", violation},
             {"measured_sizes", p.measuredBoundsSeconds ? ordered_json(p.measuredSizes) : ordered_json(nullptr)},
             {"measured_with", p.measuredWith},
             {"measured_bounds_seconds", p.measuredBoundsSeconds ? mb : ordered_json(nullptr)},
             {"measured_op_floor_seconds", p.measuredOpFloorSeconds},
             {"compiled_seconds", p.compiledSeconds ? ordered_json(*p.compiledSeconds) : ordered_json(nullptr)},
             {"compiled_violation", p.compiledSeconds ? compiledViolation : ordered_json(nullptr)},
             {"measure_error", p.measureError},
             {"validation", std::string(solar::validationStatusName(p.validation))},
             {"validation_details", p.validationDetails},
             {"size_parameters", p.sizeParameters},
             {"program_note", p.programNote},
             {"analysis_seconds", p.analysisSeconds},
             {"differential_findings", p.differentialFindings < 0 ? ordered_json(nullptr) : ordered_json(p.differentialFindings)},
             {"differential", p.differential}});
    }
    ordered_json counts = ordered_json::object();
    for (const auto& [level, byStatus] : perLevel) {
        ordered_json c = ordered_json::object();
        for (const auto& [status, n] : byStatus)
            c[status] = n;
        counts[level.empty() ? "(top)" : level] = c;
    }
    ordered_json v = ordered_json::object(), med = ordered_json::object(), cv = ordered_json::object();
    for (Level l : bounds::kLevels) {
        v[std::string(bounds::levelName(l))] = violations[static_cast<int>(l)];
        med[std::string(bounds::levelName(l))] = median(headrooms[static_cast<int>(l)]);
        cv[std::string(bounds::levelName(l))] = compiledViolations[static_cast<int>(l)];
    }
    ordered_json medByLevel = ordered_json::object();
    for (const auto& [level, hs] : headroomsByLevel) {
        ordered_json m = ordered_json::object();
        for (Level l : bounds::kLevels)
            m[std::string(bounds::levelName(l))] = median(hs[static_cast<int>(l)]);
        medByLevel[level.empty() ? "(top)" : level] = m;
    }
    const ordered_json doc
        = {{"schema", "solar.bench/1"},
           {"hardware", r.hardware},
           {"policy", r.policy},
           {"cache", r.cache},
           {"problems", problems},
           {"summary",
            {{"problems", r.problems.size()},
             {"counts", counts},
             {"validation_rate", r.problems.empty() ? 0.0 : static_cast<double>(validated) / static_cast<double>(r.problems.size())},
             {"with_size_parameters", withParameters},
             {"differential", differential},
             {"violations", v},
             {"median_headroom", med},
             {"median_headroom_by_level", medByLevel},
             {"measured_here", measured},
             {"compiled", compiledCount},
             {"compiled_violations", cv},
             {"excluded", excluded},
             {"wall_seconds", r.wallSeconds}}}};
    return doc.dump(2) + "\n";
}

std::string sweepCsv(const SweepResult& r)
{
    std::string out = "file,level,status";
    for (Level l : bounds::kLevels)
        out += "," + std::string(bounds::levelName(l)) + "_seconds";
    out += ",measured_seconds,excluded,validation,compiled_seconds,measured_with\n";
    for (const auto& p : r.problems) {
        out += p.file + "," + p.level + "," + std::string(batch::problemStatusName(p.status));
        for (Level l : bounds::kLevels) {
            char buf[40];
            std::snprintf(buf, sizeof buf, "%.9g", p.boundsSeconds[static_cast<int>(l)]);
            out += std::string(",") + (p.status == ProblemStatus::Error ? "" : buf);
        }
        char m[40] = "";
        if (p.measuredSeconds)
            std::snprintf(m, sizeof m, "%.9g", *p.measuredSeconds);
        char c[40] = "";
        if (p.compiledSeconds)
            std::snprintf(c, sizeof c, "%.9g", *p.compiledSeconds);
        out += std::string(",") + m + "," + (p.excluded.empty() ? "" : "yes") + "," + std::string(solar::validationStatusName(p.validation))
            + "," + c + "," + csvField(p.measuredWith) + "\n";
    }
    return out;
}

std::string sweepTable(const SweepResult& r)
{
    std::ostringstream out;
    int ok = 0, incomplete = 0, error = 0;
    std::array<int, bounds::kLevelCount> violations {};
    std::array<std::vector<double>, bounds::kLevelCount> headrooms;
    for (const auto& p : r.problems) {
        ok += p.status == ProblemStatus::Ok;
        incomplete += p.status == ProblemStatus::Incomplete;
        error += p.status == ProblemStatus::Error;
        const std::string fused = p.status == ProblemStatus::Error ? "-" : formatSeconds(p.boundsSeconds[static_cast<int>(Level::Fused)]);
        out << p.file << "  " << batch::problemStatusName(p.status) << "  fused " << fused;
        if (batch::hasComparedTiming(p)) {
            const auto& against = batch::comparedBounds(p);
            out << "  measured " << formatSeconds(*p.measuredSeconds);
            if (p.measuredBoundsSeconds) {
                std::string at;
                for (const auto& [k, v] : p.measuredSizes)
                    at += (at.empty() ? "" : ",") + k + "=" + std::to_string(v);
                out << " at " << (at.empty() ? "its sizes" : at) << " (bound there: fused "
                    << formatSeconds(against[static_cast<int>(Level::Fused)]) << ")";
            }
            if (p.compiledSeconds)
                out << "  compiled " << formatSeconds(*p.compiledSeconds);
            for (Level l : bounds::kLevels) {
                const int i = static_cast<int>(l);
                headrooms[i].push_back(*p.measuredSeconds / against[i]);
                if (p.compiledSeconds && against[i] > *p.compiledSeconds && bounds::isSpeedOfLight(l))
                    out << "  VIOLATION(" << bounds::levelName(l) << ", compiled)";
                if (against[i] > *p.measuredSeconds) {
                    ++violations[i];
                    if (bounds::isSpeedOfLight(l))
                        out << "  VIOLATION(" << bounds::levelName(l) << ")";
                }
            }
        } else if (!p.excluded.empty()) {
            out << "  excluded: " << p.excluded;
        }
        if (!p.measureError.empty())
            out << "  measure: " << p.measureError;
        if (!p.error.empty())
            out << "  " << p.error;
        for (const auto& n : p.notCounted)
            out << "  [not counted: " << n << "]";
        out << '\n';
    }
    out << "\n"
        << r.problems.size() << " problems on " << r.hardware << " (" << r.policy << ", " << r.cache << " caches): " << ok << " ok, "
        << incomplete << " incomplete, " << error << " errors; " << r.wallSeconds << " s\n";
    for (Level l : bounds::kLevels) {
        const int i = static_cast<int>(l);
        out << "  " << bounds::levelName(l) << ": " << violations[i] << " violations, median headroom " << median(headrooms[i]) << "\n";
    }
    return out.str();
}

} // namespace solar::report
