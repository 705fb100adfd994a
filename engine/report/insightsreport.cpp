// SPDX-License-Identifier: MIT
#include "engine/report/insightsreport.h"

#include "engine/core/format.h"

#include <nlohmann/json.hpp>

#include <algorithm>

#include <cstdio>

namespace solar::report {

using insights::Insights;
using insights::kindName;

namespace {

std::string percent(double part, double whole)
{
    if (!(whole > 0))
        return "-";
    char buf[32];
    std::snprintf(buf, sizeof buf, "%.1f %%", 100.0 * part / whole);
    return buf;
}

// "3,4", "33,34,+12": short enough for its column.
std::string joinLines(const std::vector<int>& lines)
{
    std::string out;
    std::size_t i = 0;
    for (; i < lines.size(); ++i) {
        const std::string next = (i ? "," : "") + std::to_string(lines[i]);
        if (out.size() + next.size() > 8 && i > 0)
            break;
        out += next;
    }
    if (i < lines.size())
        out += ",+" + std::to_string(lines.size() - i);
    return out.empty() ? "-" : out;
}

} // namespace

nlohmann::ordered_json opportunitiesJson(const AnalysisResult& analysis, const Insights& in)
{
    using nlohmann::ordered_json;
    ordered_json j;
    j["reference"] = in.reference;
    j["reference_seconds"] = in.referenceSeconds;
    j["sol_seconds"] = in.solSeconds;
    j["lowest_sol_seconds"] = in.lowestSolSeconds;
    j["total_saved_seconds"] = in.totalSavedSeconds;
    j["scale"] = in.scale;
    j["omitted"] = {{"count", in.omitted}, {"saved_seconds", in.omittedSeconds}};
    if (!in.measuredSource.empty())
        j["measured_with"] = in.measuredSource;
    ordered_json list = ordered_json::array();
    int rank = 0;
    for (const auto& o : in.opportunities) {
        ordered_json e;
        e["rank"] = ++rank;
        e["kind"] = std::string(kindName(o.kind));
        e["title"] = o.title;
        ordered_json ops = ordered_json::array();
        for (int id : o.nodes)
            ops.push_back(analysis.graph.nodes[static_cast<std::size_t>(id)].name);
        e["operators"] = ops;
        e["nodes"] = o.nodes;
        e["lines"] = o.lines;
        e["saved_seconds"] = o.savedSeconds;
        e["estimated_seconds"] = o.estimatedSeconds;
        e["from_seconds"] = o.fromSeconds;
        e["to_seconds"] = o.toSeconds;
        if (!o.group.empty())
            e["group"] = o.group;
        if (o.bytesAvoided > 0)
            e["bytes_avoided"] = o.bytesAvoided;
        if (o.capacityBytes > 0)
            e["capacity_bytes"] = o.capacityBytes;
        if (o.kernels > 0)
            e["kernels"] = o.kernels;
        if (!o.bottleneck.empty())
            e["bottleneck"] = o.bottleneck;
        e["explanation"] = o.explanation;
        list.push_back(e);
    }
    j["opportunities"] = list;
    j["notes"] = in.notes;
    return j;
}

nlohmann::ordered_json traceJson(const measure::TraceMatch& m)
{
    nlohmann::ordered_json t;
    t["file"] = m.file;
    t["device"] = m.device ? "cuda" : "cpu";
    t["matched_seconds"] = m.matchedSeconds;
    t["unmatched_seconds"] = m.unmatchedSeconds;
    t["matched_fraction"] = measure::matchedFraction(m);
    t["op_seconds"] = m.opSeconds;
    t["total_seconds"] = m.totalSeconds;
    t["shape_mismatches"] = m.shapeMismatches;
    t["passes"] = m.passes;
    nlohmann::ordered_json unmatched = nlohmann::ordered_json::object();
    for (const auto& [name, s] : m.unmatched)
        unmatched[name] = s;
    t["unmatched_ops"] = unmatched;
    return t;
}

std::string insightsJson(const AnalysisResult& analysis, const Insights& in, const measure::TraceMatch* trace)
{
    nlohmann::ordered_json j;
    j["schema"] = "solar.insights/1";
    j["program"] = analysis.program.name;
    j["hardware"] = analysis.hardware.id;
    j["policy"] = bounds::policyName(analysis.options.policy);
    j["cache"] = bounds::cacheName(analysis.options.cache);
    j["coverage"] = analysis.coverage.status();
    const nlohmann::ordered_json section = opportunitiesJson(analysis, in);
    for (const auto& [k, v] : section.items())
        j[k] = v;
    if (trace)
        j["trace"] = traceJson(*trace);
    return j.dump(2) + "\n";
}

std::string insightsText(const AnalysisResult& analysis, const Insights& in, const measure::TraceMatch* trace, int top)
{
    std::string out = "Optimisation opportunities on " + analysis.hardware.id + " ("
        + std::string(bounds::policyName(analysis.options.policy)) + ", " + std::string(bounds::cacheName(analysis.options.cache))
        + " caches, coverage " + analysis.coverage.status() + ")\n";
    out += "reference: " + formatSeconds(in.referenceSeconds) + " (" + in.reference
        + (in.measuredSource.empty() ? std::string() : ", " + in.measuredSource) + "); speed of light (fused) "
        + formatSeconds(in.solSeconds);
    if (in.lowestSolSeconds < in.solSeconds)
        out += ", " + formatSeconds(in.lowestSolSeconds) + " at the faster precision";
    out += "\nrecoverable in all (no double counting): " + formatSeconds(in.totalSavedSeconds) + " ("
        + percent(in.totalSavedSeconds, in.referenceSeconds) + " of the reference; at most "
        + formatSeconds(std::max(0.0, in.referenceSeconds - in.lowestSolSeconds)) + ", the reference down to the lowest speed of light "
        + formatSeconds(in.lowestSolSeconds) + ")\n";
    if (trace) {
        out += "trace " + trace->file + " (" + (trace->device ? "CUDA kernel times" : "CPU times")
            + "): " + formatSeconds(trace->matchedSeconds) + " of ATen self time matched to the program's ops ("
            + percent(trace->matchedSeconds, trace->matchedSeconds + trace->unmatchedSeconds) + "), "
            + formatSeconds(trace->unmatchedSeconds) + " not";
        if (trace->passes > 1)
            out += "; " + std::to_string(trace->passes) + " forward passes, each op's time their mean";
        if (trace->shapeMismatches > 0)
            out += "; " + std::to_string(trace->shapeMismatches) + " events taken by call order although their shapes differ";
        out += "\n";
        for (const auto& [name, s] : trace->unmatched)
            out += "  unmatched: " + name + " " + formatSeconds(s) + "\n";
    }
    if (in.opportunities.empty()) {
        out += "\nno opportunity above 0.5 % of the reference";
        out += in.omitted > 0 ? " (" + std::to_string(in.omitted) + " smaller ones, " + formatSeconds(in.omittedSeconds) + ")\n" : "\n";
    } else {
        out += "\n  " + padText("#", 3, true) + "  " + padText("kind", 13) + padText("saved", 11, true) + padText("of ref.", 9, true) + "  "
            + padText("lines", 14) + "what\n";
        const std::size_t shown
            = top > 0 ? std::min<std::size_t>(in.opportunities.size(), static_cast<std::size_t>(top)) : in.opportunities.size();
        for (std::size_t i = 0; i < shown; ++i) {
            const auto& o = in.opportunities[i];
            out += "  " + padText(std::to_string(i + 1), 3, true) + "  " + padText(std::string(kindName(o.kind)), 13)
                + padText(formatSeconds(o.savedSeconds), 11, true) + padText(percent(o.savedSeconds, in.referenceSeconds), 9, true) + "  "
                + padText(joinLines(o.lines), 14) + o.title + (o.group.empty() ? "" : "  [alternative: " + o.group + "]") + "\n";
            out += "       " + o.explanation + "\n";
        }
        if (shown < in.opportunities.size())
            out += "  ... " + std::to_string(in.opportunities.size() - shown) + " more (--top 0 lists all)\n";
        if (in.omitted > 0)
            out += "  " + std::to_string(in.omitted) + " smaller opportunities (" + formatSeconds(in.omittedSeconds)
                + " in all) not listed\n";
    }
    for (const auto& n : in.notes)
        out += "note: " + n + "\n";
    return out;
}

std::string insightsCsv(const AnalysisResult& r, const insights::Insights& in)
{
    std::string out
        = "rank,kind,saved_seconds,estimated_seconds,from_seconds,to_seconds,group,operators,lines,bytes_avoided,capacity_bytes,"
          "kernels,bottleneck,title,explanation\n";
    int rank = 0;
    for (const auto& o : in.opportunities) {
        std::string ops, lines;
        for (int id : o.nodes)
            ops += (ops.empty() ? "" : ";") + r.graph.nodes[static_cast<size_t>(id)].name;
        for (int l : o.lines)
            lines += (lines.empty() ? "" : ";") + std::to_string(l);
        out += std::to_string(++rank) + "," + std::string(insights::kindName(o.kind)) + "," + exactNumber(o.savedSeconds) + ","
            + exactNumber(o.estimatedSeconds) + "," + exactNumber(o.fromSeconds) + "," + exactNumber(o.toSeconds) + "," + csvField(o.group)
            + "," + csvField(ops) + "," + csvField(lines) + "," + exactNumber(o.bytesAvoided) + "," + exactNumber(o.capacityBytes) + ","
            + std::to_string(o.kernels) + "," + csvField(o.bottleneck) + "," + csvField(o.title) + "," + csvField(o.explanation) + "\n";
    }
    return out;
}

} // namespace solar::report
