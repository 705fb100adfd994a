// SPDX-License-Identifier: MIT
#include "engine/report/measurereport.h"

#include "engine/core/format.h"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <cmath>
#include <cstdio>

namespace solar::report {

using measure::Measurement;

namespace {

using bounds::Level;
using nlohmann::ordered_json;

std::string ratio(double r)
{
    if (!std::isfinite(r))
        return "-";
    char buf[32];
    std::snprintf(buf, sizeof buf, "%.3g", r);
    return buf;
}

} // namespace

std::string measurementJson(const Measurement& m)
{
    ordered_json j;
    j["schema"] = "solar.measure/1";
    j["file"] = m.file;
    j["hardware"] = m.analysis.hardware.id;
    j["device"] = m.device;
    j["torch"] = m.torchVersion;
    j["threads"] = m.threads;
    j["runs"] = m.runs;
    j["sizes"] = m.sizes;
    j["reduced_sizes"] = m.reduced;
    j["sizes_note"] = m.sizesNote;
    j["policy"] = bounds::policyName(m.analysis.options.policy);
    j["cache"] = bounds::cacheName(m.analysis.options.cache);
    j["coverage"] = m.analysis.coverage.status();
    j["measured_seconds"] = m.seconds;
    j["measured_max_seconds"] = m.maxSeconds > 0 ? ordered_json(m.maxSeconds) : ordered_json();
    j["compiled_seconds"] = m.compiledSeconds ? ordered_json(*m.compiledSeconds) : ordered_json();
    if (!m.compileError.empty())
        j["compile_error"] = m.compileError;
    ordered_json levels = ordered_json::object();
    for (Level l : bounds::kLevels) {
        const auto& r = m.analysis.ladder.at(l);
        ordered_json e;
        e["bound_seconds"] = r.seconds;
        if (r.opFloorSeconds > 0)
            e["op_floor_seconds"] = r.opFloorSeconds;
        e["headroom"] = std::isfinite(measure::headroom(m.seconds, r.seconds)) ? ordered_json(measure::headroom(m.seconds, r.seconds))
                                                                               : ordered_json();
        if (m.compiledSeconds)
            e["compiled_headroom"] = std::isfinite(measure::headroom(*m.compiledSeconds, r.seconds))
                ? ordered_json(measure::headroom(*m.compiledSeconds, r.seconds))
                : ordered_json();
        e["violated"] = measure::judgedSeconds(m, l) < r.seconds;
        levels[std::string(bounds::levelName(l))] = e;
    }
    j["levels"] = levels;
    const measure::Verdict v = measure::verdict(m);
    j["violations"] = v.violations;
    ordered_json ops = ordered_json::array();
    for (const auto& o : m.ops) {
        ordered_json e;
        e["op"] = o.aten;
        e["source_line"] = o.sourceLine;
        e["measured_seconds"] = o.measuredSeconds ? ordered_json(*o.measuredSeconds) : ordered_json();
        e["bound_seconds"] = o.boundSeconds;
        e["operators"] = o.nodes;
        ops.push_back(e);
    }
    j["ops"] = ops;
    j["matched_seconds"] = m.matchedSeconds;
    ordered_json unmatched = ordered_json::object();
    for (const auto& [name, s] : m.unmatched)
        unmatched[name] = s;
    j["unmatched_seconds"] = unmatched;
    j["not_counted"] = m.notCounted;
    return j.dump(2) + "\n";
}

std::string measurementTable(const Measurement& m)
{
    std::string out = m.file + " on " + m.analysis.hardware.id + " (" + m.device + ", " + std::to_string(m.threads) + " threads, torch "
        + m.torchVersion + ") at " + measure::describeSizes(m.sizes) + "\n";
    if (m.reduced)
        out += "  reduced sizes: " + m.sizesNote + "\n";
    out += "measured, eager: " + formatSeconds(m.seconds) + " (min of " + std::to_string(m.runs) + " runs after a warm-up"
        + (m.maxSeconds > 0 && m.runs > 1
               ? "; the slowest " + formatSeconds(m.maxSeconds) + ", a spread of " + formatSignificant(m.maxSeconds / m.seconds, 3) + "x"
               : std::string())
        + ")\n";
    if (m.compiledSeconds)
        out += "measured, torch.compile: " + formatSeconds(*m.compiledSeconds) + "\n";
    else if (!m.compileError.empty())
        out += "torch.compile: not measured (" + m.compileError + ")\n";
    out += "bounds (" + std::string(bounds::cacheName(m.analysis.options.cache)) + " caches, "
        + std::string(bounds::policyName(m.analysis.options.policy)) + ", coverage " + m.analysis.coverage.status() + "):\n";
    out += "  " + padText("level", 20) + padText("bound", 12, true) + padText("measured/bound", 16, true)
        + (m.compiledSeconds ? padText("compiled/bound", 16, true) : std::string()) + "\n";
    for (Level l : bounds::kLevels) {
        const auto& r = m.analysis.ladder.at(l);
        std::string row = "  " + padText(std::string(bounds::levelName(l)), 20) + padText(formatSeconds(r.seconds), 12, true)
            + padText(ratio(measure::headroom(m.seconds, r.seconds)), 16, true);
        if (m.compiledSeconds)
            row += padText(ratio(measure::headroom(*m.compiledSeconds, r.seconds)), 16, true);
        if (measure::judgedSeconds(m, l) < r.seconds)
            row += bounds::isSpeedOfLight(l) ? "  SOL VIOLATION" : "  below the eager model";
        if (r.opFloorSeconds > 0)
            row += "  (" + formatSeconds(r.opFloorSeconds) + " of it the per-op floor)";
        out += row + "\n";
    }
    // The ops with the most measured time first.
    std::vector<const measure::OpTime*> timed;
    for (const auto& o : m.ops) {
        if (o.measuredSeconds) {
            timed.push_back(&o);
        }
    }
    double unmatched = 0;
    for (const auto& [name, s] : m.unmatched)
        unmatched += s;
    if (!timed.empty() || unmatched > 0) {
        std::stable_sort(timed.begin(), timed.end(),
                         [](const measure::OpTime* a, const measure::OpTime* b) { return *a->measuredSeconds > *b->measuredSeconds; });
        out += "per op (torch.profiler, one run): " + formatSeconds(m.matchedSeconds) + " matched to traced ops, "
            + formatSeconds(unmatched) + " not\n";
        out += "  " + padText("line", 6, true) + "  " + padText("op", 36) + padText("measured", 12, true) + padText("F0 bound", 12, true)
            + padText("measured/F0", 14, true) + "\n";
        const std::size_t shown = std::min<std::size_t>(timed.size(), 20);
        for (std::size_t i = 0; i < shown; ++i) {
            const measure::OpTime& o = *timed[i];
            out += "  " + padText(std::to_string(o.sourceLine), 6, true) + "  " + padText(o.aten, 36)
                + padText(formatSeconds(*o.measuredSeconds), 12, true)
                + padText(o.boundSeconds > 0 ? formatSeconds(o.boundSeconds) : "-", 12, true)
                + padText(o.boundSeconds > 0 ? ratio(*o.measuredSeconds / o.boundSeconds) : "-", 14, true) + "\n";
        }
        if (timed.size() > shown)
            out += "  ... " + std::to_string(timed.size() - shown) + " more ops\n";
        for (const auto& [name, s] : m.unmatched)
            out += "  unmatched: " + name + " " + formatSeconds(s) + "\n";
    }
    return out;
}

} // namespace solar::report
