// SPDX-License-Identifier: MIT
#include "engine/report/analysisreport.h"

#include "engine/analysis/operators.h"

#include "engine/core/format.h"
#include "engine/core/version.h"
#include "engine/report/insightsreport.h"
#include "engine/report/leastorderreport.h"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <numeric>

namespace solar::report {

namespace {

using bounds::Level;
using nlohmann::ordered_json;

ordered_json levelMap(const std::function<double(Level)>& f)
{
    ordered_json j = ordered_json::object();
    for (Level l : bounds::kLevels)
        j[std::string(bounds::levelName(l))] = f(l);
    return j;
}

ordered_json hardwareJson(const AnalysisResult& r)
{
    ordered_json peaks = ordered_json::object();
    for (int u = 0; u < 2; ++u) {
        for (int p = 0; p < hw::kPrecisionCount; ++p) {
            const double v = r.machine.peakFlops[u * hw::kPrecisionCount + p];
            if (v > 0)
                peaks[std::string(hw::unitName(static_cast<hw::Unit>(u))) + "_"
                      + std::string(hw::precisionName(static_cast<hw::Precision>(p)))]
                    = v;
        }
    }
    return {{"id", r.hardware.id},
            {"name", r.hardware.name},
            {"file", r.hardware.file},
            {"clock_Hz", r.machine.clockHz},
            {"dram_bandwidth_Bps", r.machine.dramBps},
            {"onchip_bytes", r.machine.onchipBytes},
            {"persistent_cache_bytes", r.machine.persistentCacheBytes},
            {"peak_flops", peaks}};
}

// The extras' measured time of node `id` (none without measurements).
std::optional<double> measuredOf(const ReportExtras& x, int id)
{
    if (static_cast<std::size_t>(id) >= x.measuredNodeSeconds.size())
        return std::nullopt;
    return x.measuredNodeSeconds[static_cast<std::size_t>(id)];
}

} // namespace

insights::Insights ReportExtras::insightsFor(const AnalysisResult& result) const
{
    return insights ? *insights : insights::computeInsights(result);
}

nlohmann::ordered_json totalsJson(const AnalysisResult& r)
{
    const bounds::Ladder& L = r.ladder;
    return {{"macs", r.digest.totalMacs},
            {"flops", L.at(Level::Fused).flops},
            {"other_ops", r.digest.totalOtherOps},
            {"bytes", levelMap([&](Level l) { return L.at(l).bytes; })}};
}

nlohmann::ordered_json boundsJson(const AnalysisResult& r)
{
    nlohmann::ordered_json levels = ordered_json::object();
    for (Level l : bounds::kLevels) {
        const auto& x = r.ladder.at(l);
        ordered_json units = ordered_json::object();
        for (int u = 0; u < bounds::kUnitGroupCount; ++u)
            units[std::string(bounds::unitGroupName(static_cast<bounds::UnitGroup>(u)))] = x.unitSeconds[u];
        levels[std::string(bounds::levelName(l))] = {{"label", bounds::levelShortName(l)},
                                                     {"seconds", x.seconds},
                                                     {"bottleneck", x.bottleneck},
                                                     {"compute_seconds", x.computeSeconds},
                                                     {"compute_seconds_per_unit", units},
                                                     {"memory_seconds", x.memorySeconds},
                                                     {"op_floor_seconds", x.opFloorSeconds},
                                                     {"dispatch_seconds", x.dispatchSeconds},
                                                     {"dispatch_bound", x.dispatchBound},
                                                     {"bytes", x.bytes},
                                                     {"flops", x.flops},
                                                     {"intensity_flops_per_byte", x.intensity}};
    }
    return levels;
}

std::string analysisJson(const AnalysisResult& r, const ReportExtras& extras)
{
    const bounds::Ladder& L = r.ladder;
    ordered_json sizes = ordered_json::object();
    for (const auto& [k, v] : r.sizes.values)
        sizes[k] = v;
    ordered_json ops = ordered_json::array();
    for (const OperatorRow& o : operatorRows(r)) {
        const auto& n = r.graph.nodes[static_cast<size_t>(o.node)];
        ops.push_back({{"id", n.id},
                       {"name", n.name},
                       {"kind", o.kind},
                       {"equation", n.equation},
                       {"combiner", n.combiner},
                       {"shape", o.shape},
                       {"points", n.points},
                       {"macs", n.macs},
                       {"flops", o.flops},
                       {"other_ops", n.otherOps},
                       {"bytes", o.bytes},
                       {"bytes_read", n.bytesRead},
                       {"bytes_written", n.bytesWritten},
                       {"external_bytes", n.externalBytes},
                       {"intensity_flops_per_byte", o.intensityFlopsPerByte},
                       {"seconds", levelMap([&](Level l) { return o.seconds[static_cast<size_t>(l)]; })},
                       {"share", levelMap([&](Level l) { return o.share[static_cast<size_t>(l)]; })},
                       {"bottleneck", o.computeBound ? "compute" : "memory"},
                       {"line", n.line},
                       {"source_op", n.sourceOp},
                       {"source_line", n.sourceLine},
                       {"module", n.modulePath},
                       {"approx", n.approx}});
        if (const auto measured = measuredOf(extras, n.id)) {
            const double bound = o.seconds[static_cast<size_t>(Level::UnfusedPerKernel)];
            ops.back()["measured_seconds"] = *measured;
            ops.back()["headroom"] = bound > 0 ? ordered_json(*measured / bound) : ordered_json();
        }
    }
    ordered_json coverage = {{"complete", r.coverage.complete}, {"status", r.coverage.status()}, {"items", ordered_json::array()}};
    for (const auto& item : r.coverage.items) {
        auto entry = ordered_json {{"what", item.what}, {"line", item.line}, {"reason", item.reason}, {"counted", item.counted}};
        if (item.sourceLine > 0)
            entry["source_line"] = item.sourceLine;
        coverage["items"].push_back(entry);
    }
    ordered_json diags = ordered_json::array();
    for (const auto& d : r.diagnostics)
        diags.push_back(d.format());
    ordered_json opportunities = opportunitiesJson(r, extras.insightsFor(r));
    if (extras.trace)
        opportunities["trace"] = traceJson(*extras.trace);
    const ordered_json doc = {{"schema", "solar.analysis/1"},
                              {"tool", {{"name", "solar"}, {"version", kVersion}}},
                              {"program", {{"name", r.program.name}, {"file", r.program.file}, {"sizes", sizes}, {"note", r.programNote}}},
                              {"hardware", hardwareJson(r)},
                              {"policy", bounds::policyName(r.options.policy)},
                              {"cache", bounds::cacheName(r.options.cache)},
                              {"mode", bounds::modeName(r.options.mode)},
                              {"totals", totalsJson(r)},
                              {"bounds", boundsJson(r)},
                              {"least_order", leastOrderJson(r)},
                              {"ops", ops},
                              {"coverage", coverage},
                              {"insights", opportunities},
                              {"validation", {{"status", r.validation.statusName()}, {"details", r.validation.details}}},
                              {"notes", messageTexts(L.notes)},
                              {"assumptions_not_covered", bounds::uncoveredAssumptions()},
                              {"diagnostics", diags}};
    return doc.dump(2) + "\n";
}

std::string analysisCsv(const AnalysisResult& r, const ReportExtras& extras)
{
    std::string out
        = "id,name,kind,equation,shape,line,points,macs,flops,other_ops,bytes_read,bytes_written,external_bytes,intensity_flops_per_byte";
    for (Level l : bounds::kLevels)
        out += "," + std::string(bounds::levelName(l)) + "_seconds";
    out += ",fused_share,source_op,source_line,module";
    out += extras.measuredNodeSeconds.empty() ? "\n" : ",measured_seconds,headroom\n";
    for (const auto& n : r.graph.nodes) {
        const double flops = 2 * n.macs + n.otherOps;
        const double bytes = n.bytesRead + n.bytesWritten;
        std::string shape;
        for (auto d : r.graph.tensors[n.write.tensor].shape)
            shape += (shape.empty() ? "" : "x") + std::to_string(d);
        out += std::to_string(n.id) + "," + csvField(n.name) + "," + std::string(graph::nodeKindName(n.kind)) + "," + csvField(n.equation)
            + "," + shape + "," + std::to_string(n.line) + "," + exactNumber(n.points) + "," + exactNumber(n.macs) + ","
            + exactNumber(flops) + "," + exactNumber(n.otherOps) + "," + exactNumber(n.bytesRead) + "," + exactNumber(n.bytesWritten) + ","
            + exactNumber(n.externalBytes) + "," + exactNumber(bytes > 0 ? flops / bytes : 0.0);
        for (Level l : bounds::kLevels)
            out += "," + exactNumber(r.ladder.at(l).nodeSeconds[n.id]);
        out += "," + exactNumber(r.ladder.at(Level::Fused).nodeShare[n.id]) + "," + csvField(n.sourceOp) + ","
            + std::to_string(n.sourceLine) + "," + csvField(n.modulePath);
        if (!extras.measuredNodeSeconds.empty()) {
            const auto measured = measuredOf(extras, n.id);
            const double bound = r.ladder.at(Level::UnfusedPerKernel).nodeSeconds[n.id];
            out += "," + (measured ? exactNumber(*measured) : std::string()) + ","
                + (measured && bound > 0 ? exactNumber(*measured / bound) : std::string());
        }
        out += "\n";
    }
    return out;
}

std::string analysisTable(const AnalysisResult& r, const ReportExtras& extras)
{
    std::string out;
    out += "program   " + r.program.name + " (" + (r.program.file.empty() ? std::string("<memory>") : r.program.file) + ")";
    std::string sizes;
    for (const auto& p : r.program.params)
        sizes += (sizes.empty() ? "" : ", ") + p.name + "=" + std::to_string(r.sizes.values.at(p.name));
    if (!sizes.empty())
        out += "  " + sizes;
    if (!r.programNote.empty())
        out += "\n          " + r.programNote;
    out += "\nhardware  " + r.hardware.name + " (" + r.hardware.id + "): DRAM " + formatSi(r.machine.dramBps, "B/s") + ", on-chip "
        + formatSi(r.machine.onchipBytes, "B") + "\npolicy    " + std::string(bounds::policyName(r.options.policy)) + ", "
        + std::string(bounds::cacheName(r.options.cache)) + " caches, " + std::string(bounds::modeName(r.options.mode))
        + " execution\nwork      " + formatSi(r.digest.totalMacs, "MAC") + ", " + formatSi(r.ladder.at(Level::Fused).flops, "FLOP")
        + " total, " + formatSi(r.digest.totalOtherOps, "op") + " elementwise\n";
    for (const auto& line : leastOrderLines(r))
        out += "order     " + line + "\n";
    out += "validation " + r.validation.label() + "; coverage " + (r.coverage.complete ? r.coverage.status() : std::string("INCOMPLETE"))
        + "\n";
    if (r.validation.status == ValidationStatus::Mismatch)
        out += "WARNING   the program does not match its source (validation mismatch): the bounds below are of an unvalidated "
               "program\n";
    out += "\n";
    out += padText("level", 24) + padText("bound", 11, true) + "  " + padText("bottleneck", 18) + padText("compute", 11, true)
        + padText("memory", 11, true) + padText("DRAM bytes", 12, true) + padText("FLOP/B", 9, true) + "\n";
    for (Level l : bounds::kLevels) {
        const auto& x = r.ladder.at(l);
        out += padText(std::string(bounds::levelShortName(l)) + " " + std::string(bounds::levelName(l)), 24)
            + padText(formatSeconds(x.seconds), 11, true) + "  " + padText(x.bottleneck, 18)
            + padText(formatSeconds(x.computeSeconds), 11, true) + padText(formatSeconds(x.memorySeconds), 11, true)
            + padText(formatSi(x.bytes, "B"), 12, true) + padText(formatSignificant(x.intensity, 4), 9, true) + "\n";
    }
    // The heaviest operators at the eager model (F0) and their share of the speed of light (F3).
    std::vector<int> order(r.graph.nodes.size());
    std::iota(order.begin(), order.end(), 0);
    const auto& f0 = r.ladder.at(Level::UnfusedPerKernel);
    const bool measured = !extras.measuredNodeSeconds.empty();
    // With measured times, the operators that take the most time for real come first.
    auto key = [&](int id) { return measured ? measuredOf(extras, id).value_or(-1.0) : f0.nodeSeconds[id]; };
    std::stable_sort(order.begin(), order.end(), [&](int a, int b) { return key(a) > key(b); });
    out += "\n" + padText("op", 22) + padText("kind", 13) + padText("equation", 28) + padText("FLOP", 10, true) + padText("bytes", 10, true)
        + padText("F0 time", 11, true) + padText("F3 share", 10, true)
        + (measured ? padText("measured", 11, true) + padText("meas/F0", 9, true) : std::string()) + "  line\n";
    const size_t shown = std::min<size_t>(order.size(), 15);
    for (size_t i = 0; i < shown; ++i) {
        const auto& n = r.graph.nodes[order[i]];
        std::string eq = n.equation.size() > 26 ? n.equation.substr(0, 25) + "…" : n.equation;
        out += padText(n.name, 22) + padText(std::string(graph::nodeKindName(n.kind)), 13) + padText(eq, 28)
            + padText(formatSi(2 * n.macs + n.otherOps, ""), 10, true) + padText(formatSi(n.bytesRead + n.bytesWritten, "B"), 10, true)
            + padText(formatSeconds(f0.nodeSeconds[n.id]), 11, true)
            + padText(formatFixed(100 * r.ladder.at(Level::Fused).nodeShare[n.id], 1) + "%", 10, true);
        if (measured) {
            const auto m = measuredOf(extras, n.id);
            out += padText(m ? formatSeconds(*m) : "-", 11, true)
                + padText(m && f0.nodeSeconds[n.id] > 0 ? formatSignificant(*m / f0.nodeSeconds[n.id], 4) : "-", 9, true);
        }
        out += "  " + std::to_string(n.line) + "\n";
    }
    {
        const insights::Insights in = extras.insightsFor(r);
        if (!in.opportunities.empty()) {
            out += "\ntop optimisation opportunities (of " + formatSeconds(in.referenceSeconds) + ", " + in.reference
                + "; 'solar insights' explains each):\n";
            for (size_t i = 0; i < in.opportunities.size() && i < 3; ++i)
                out += "  " + std::to_string(i + 1) + ". " + padText(std::string(insights::kindName(in.opportunities[i].kind)), 13)
                    + padText(formatSeconds(in.opportunities[i].savedSeconds), 11, true) + "  " + in.opportunities[i].title + "\n";
        }
        if (extras.trace)
            out += "trace " + extras.trace->file + ": " + formatSeconds(extras.trace->matchedSeconds) + " of ATen self time matched, "
                + formatSeconds(extras.trace->unmatchedSeconds) + " not\n";
    }
    if (order.size() > shown)
        out += "(" + std::to_string(order.size() - shown) + " more ops; --format csv lists all)\n";
    if (!r.coverage.items.empty()) {
        out += "\ncoverage notes:\n";
        for (const auto& item : r.coverage.items)
            out += (item.sourceLine > 0 ? "  line " + std::to_string(item.sourceLine) : "  ALIR line " + std::to_string(item.line)) + ": "
                + item.what + ": " + item.reason + (item.counted ? "" : " [NOT COUNTED]") + "\n";
    }
    for (const auto& note : r.ladder.notes)
        out += "note: " + note.text() + "\n";
    for (const auto& a : bounds::uncoveredAssumptions())
        out += "assumes " + a + "\n";
    return out;
}

} // namespace solar::report
