// SPDX-License-Identifier: MIT
#include "engine/report/parallelreport.h"

#include "engine/core/format.h"

#include <nlohmann/json.hpp>

#include <map>

namespace solar::report {

using nlohmann::ordered_json;
using namespace solar::parallel;

namespace {

// More collectives than this are summarised by kind and size (a model's layers repeat them).
constexpr size_t kListedCollectives = 12;

std::string linkName(const hw::HwProfile& hardware, const CollectiveBound& b)
{
    if (!hardware.interconnect || b.binding.empty())
        return "-";
    return b.binding == "inter-node link" && hardware.interconnect->interNode ? hardware.interconnect->interNode->name
                                                                              : hardware.interconnect->intraNode.name;
}

} // namespace

// Each tensor's placement: {"placement": "split", "dim": 1}, "replicated" or "partial".
ordered_json placementsJson(const std::map<std::string, Placement>& placements)
{
    ordered_json out = ordered_json::object();
    for (const auto& [name, p] : placements) {
        ordered_json entry = {{"placement",
                               p.kind == Placement::Sharded       ? "split"
                                   : p.kind == Placement::Partial ? "partial"
                                                                  : "replicated"}};
        if (p.kind == Placement::Sharded)
            entry["dim"] = p.dim;
        out[name] = entry;
    }
    return out;
}

std::string parallelJson(const ParallelAnalysis& pa)
{
    const AnalysisResult& d = pa.device;
    const ordered_json placements = placementsJson(pa.split.inputs);
    const ordered_json outputs = placementsJson(pa.split.outputs);
    ordered_json collectives = ordered_json::array();
    for (size_t i = 0; i < pa.split.exchanges.size(); ++i) {
        const Exchange& x = pa.split.exchanges[i];
        const CollectiveBound& b = pa.collectives[i];
        collectives.push_back({{"kind", collectiveKindName(x.collective.kind)},
                               {"tensor", x.source},
                               {"why", x.collective.why},
                               {"buffer_bytes", x.collective.bytes},
                               {"devices", x.collective.group},
                               {"count", x.collective.count},
                               {"link_bytes", b.linkBytes},
                               {"seconds", b.seconds},
                               {"intra_node_seconds", b.intraSeconds},
                               {"inter_node_seconds", b.interSeconds},
                               {"binding", b.binding}});
    }
    ordered_json levels = ordered_json::object();
    for (bounds::Level l : bounds::kLevels) {
        const SystemLevel& s = pa.levels[static_cast<size_t>(l)];
        levels[std::string(bounds::levelName(l))] = {{"device_seconds", s.deviceSeconds},
                                                     {"overlapped_seconds", s.overlappedSeconds},
                                                     {"serial_seconds", s.serialSeconds},
                                                     {"communication_binds", s.communicationBinds},
                                                     {"device_bottleneck", d.ladder.at(l).bottleneck}};
    }
    ordered_json validation = nullptr;
    if (pa.validation)
        validation = {{"ok", pa.validation->ok},
                      {"detail", pa.validation->detail},
                      {"max_relative_error", pa.validation->maxRelativeError},
                      {"tolerance", pa.validation->tolerance}};
    ordered_json doc = {{"schema", "solar.parallel/1"},
                        {"program", d.program.name},
                        {"hardware", {{"id", d.hardware.id}, {"name", d.hardware.name}}},
                        {"plan", {{"tp", pa.devices}, {"devices", pa.devices}}},
                        {"split_statements", pa.split.splitStatements},
                        {"replicated_statements", pa.split.replicatedStatements},
                        {"inputs", placements},
                        {"outputs", outputs},
                        {"collectives", collectives},
                        {"communication_seconds", pa.communicationSeconds},
                        {"communication_link_bytes", pa.communicationBytes},
                        {"resident_bytes_per_device", pa.residentBytes},
                        {"capacity_bytes_per_device", d.hardware.dramCapacityBytes.value},
                        {"levels", levels},
                        {"coverage", d.coverage.status()},
                        {"validation", validation},
                        {"notes", pa.notes}};
    return doc.dump(2) + "\n";
}

std::string parallelTable(const ParallelAnalysis& pa)
{
    const AnalysisResult& d = pa.device;
    std::string out = d.program.name + " on " + std::to_string(pa.devices) + " x " + d.hardware.name + " (tensor parallel "
        + std::to_string(pa.devices) + "): " + std::to_string(pa.split.splitStatements) + " statements split, "
        + std::to_string(pa.split.replicatedStatements) + " run whole on every device\n\n";
    out += "inputs:\n";
    for (const auto& [name, p] : pa.split.inputs)
        out += "  " + padText(name, 24) + placementText(p) + "\n";
    out += "\ncollectives (bounds over " + (d.hardware.interconnect ? d.hardware.interconnect->intraNode.name : std::string("no link"))
        + "):\n";
    if (pa.split.exchanges.empty())
        out += "  none\n";
    if (pa.split.exchanges.size() <= kListedCollectives) {
        for (size_t i = 0; i < pa.split.exchanges.size(); ++i) {
            const Exchange& x = pa.split.exchanges[i];
            const CollectiveBound& b = pa.collectives[i];
            out += "  " + padText(std::string(collectiveKindName(x.collective.kind)), 16) + padText(x.source, 16)
                + padText(formatBytes(x.collective.bytes), 12, true) + padText(formatSeconds(b.seconds), 12, true) + "  "
                + linkName(d.hardware, b) + "; " + x.collective.why + "\n";
        }
    } else {
        // A model's layers repeat the same collectives: one line per kind and size, with how many and their total.
        std::map<std::pair<std::string, double>, std::pair<int, double>> groups;
        for (size_t i = 0; i < pa.split.exchanges.size(); ++i) {
            auto& g
                = groups[{std::string(collectiveKindName(pa.split.exchanges[i].collective.kind)), pa.split.exchanges[i].collective.bytes}];
            ++g.first;
            g.second += pa.collectives[i].seconds;
        }
        for (const auto& [key, g] : groups)
            out += "  " + padText(std::to_string(g.first) + " x " + key.first, 22) + padText(formatBytes(key.second) + " each", 16, true)
                + padText(formatSeconds(g.second) + " in all", 16, true) + "\n";
    }
    out += "\n" + padText("level", 22) + padText("per device", 14, true) + padText("communication", 15, true)
        + padText("overlapped", 14, true) + padText("serialised", 14, true) + padText("comm. share", 13, true) + "\n";
    for (bounds::Level l : bounds::kLevels) {
        const SystemLevel& s = pa.levels[static_cast<size_t>(l)];
        out += padText(std::string(bounds::levelShortName(l)) + " " + std::string(bounds::levelName(l)), 22)
            + padText(formatSeconds(s.deviceSeconds), 14, true) + padText(formatSeconds(pa.communicationSeconds), 15, true)
            + padText(formatSeconds(s.overlappedSeconds), 14, true) + padText(formatSeconds(s.serialSeconds), 14, true)
            + padText(formatFixed(100 * pa.communicationShare(l), 1) + " %", 13, true) + (s.communicationBinds ? "  links bind" : "")
            + "\n";
    }
    out += "\nper device: " + formatBytes(pa.residentBytes) + " of inputs and weights held, of "
        + formatBytes(d.hardware.dramCapacityBytes.value) + "; coverage " + d.coverage.status() + "\n";
    out += "split validated: "
        + (pa.validation ? std::string(pa.validation->ok ? "yes, " : "NO, ") + pa.validation->detail : std::string("not run (see notes)"))
        + "\n";
    if (!pa.notes.empty()) {
        out += "\nnotes:\n";
        for (const auto& n : pa.notes)
            out += "  " + n + "\n";
    }
    return out;
}

std::string parallelSweepTable(const std::vector<ParallelSweepRow>& rows)
{
    constexpr auto kSol = bounds::Level::CacheAware;
    std::string out;
    for (const auto& r : rows)
        if (r.analysis) {
            const AnalysisResult& d = r.analysis->device;
            out = d.program.name + " on " + d.hardware.name + ", tensor parallel (cache_aware per device; overlapped is the bound)\n\n";
            break;
        }
    out += padText("devices", 9, true) + padText("per device", 14, true) + padText("communication", 15, true)
        + padText("overlapped", 14, true) + padText("serialised", 14, true) + padText("comm. share", 13, true)
        + padText("held/device", 13, true) + padText("split", 8, true) + "  validated\n";
    for (const auto& r : rows) {
        out += padText(std::to_string(r.devices), 9, true);
        if (!r.analysis) {
            out += "  " + r.error + "\n";
            continue;
        }
        const ParallelAnalysis& pa = *r.analysis;
        const SystemLevel& s = pa.levels[static_cast<size_t>(kSol)];
        const bool fits = pa.residentBytes <= pa.device.hardware.dramCapacityBytes.value;
        out += padText(formatSeconds(s.deviceSeconds), 14, true) + padText(formatSeconds(pa.communicationSeconds), 15, true)
            + padText(formatSeconds(s.overlappedSeconds), 14, true) + padText(formatSeconds(s.serialSeconds), 14, true)
            + padText(formatFixed(100 * pa.communicationShare(kSol), 1) + " %", 13, true)
            + padText(formatBytes(pa.residentBytes) + (fits ? "" : "!"), 13, true)
            + padText(std::to_string(pa.split.splitStatements), 8, true) + "  " + (pa.validation ? (pa.validation->ok ? "yes" : "NO") : "-")
            + (r.error.empty() ? "" : "  " + r.error) + "\n";
    }
    out += "(held/device with ! does not fit in the device's memory; split: statements split; validated: - where not run)\n";
    return out;
}

std::string parallelSweepJson(const std::vector<ParallelSweepRow>& rows)
{
    ordered_json points = ordered_json::array();
    for (const auto& r : rows) {
        ordered_json p = {{"devices", r.devices}};
        if (r.analysis)
            p["analysis"] = ordered_json::parse(parallelJson(*r.analysis));
        if (!r.error.empty())
            p["error"] = r.error;
        points.push_back(p);
    }
    return ordered_json({{"schema", "solar.parallel.sweep/1"}, {"points", points}}).dump(2) + "\n";
}

std::string linkInverseText(const ParallelAnalysis& pa, const LinkInverse& inv, bounds::Level level, double targetSeconds)
{
    const hw::HwProfile& hardware = pa.device.hardware;
    std::string out = "links for " + formatSeconds(targetSeconds) + " at " + std::string(bounds::levelName(level)) + " on "
        + std::to_string(pa.devices) + " devices (" + formatBytes(pa.communicationBytes) + " per device over its links, "
        + formatSeconds(pa.communicationSeconds) + " at today's bandwidth):\n";
    if (!inv.feasible)
        return out + "  no link bandwidth reaches it: " + inv.why + "\n";
    if (pa.communicationSeconds == 0)
        return out + "  nothing is exchanged: the links do not matter\n";
    auto line = [&](const std::string& how, double scale, double intra, double inter) {
        out += "  " + padText(how, 34) + formatSignificant(scale, 3) + " x today's: " + formatSi(intra, "B/s")
            + " per device and direction on " + (hardware.interconnect ? hardware.interconnect->intraNode.name : std::string("-"))
            + (inter > 0 ? ", " + formatSi(inter, "B/s") + " on " + hardware.interconnect->interNode->name : std::string()) + "\n";
    };
    line("overlapped with the compute", inv.scale, inv.intraNodeBps, inv.interNodeBps);
    if (inv.serialFeasible)
        line("after the compute (serialised)", inv.serialScale, inv.serialIntraNodeBps, inv.serialInterNodeBps);
    else
        out += "  serialised: the compute alone fills the target\n";
    return out;
}

nlohmann::ordered_json linkInverseJson(const LinkInverse& inv, bounds::Level level, double targetSeconds)
{
    ordered_json j = {{"level", bounds::levelName(level)}, {"target_seconds", targetSeconds}, {"feasible", inv.feasible}};
    if (!inv.feasible) {
        j["why"] = inv.why;
        return j;
    }
    j["overlapped"]
        = {{"scale", inv.scale}, {"intra_node_bandwidth_Bps", inv.intraNodeBps}, {"inter_node_bandwidth_Bps", inv.interNodeBps}};
    if (inv.serialFeasible)
        j["serialised"] = {{"scale", inv.serialScale},
                           {"intra_node_bandwidth_Bps", inv.serialIntraNodeBps},
                           {"inter_node_bandwidth_Bps", inv.serialInterNodeBps}};
    else
        j["serialised"] = nullptr;
    return j;
}

} // namespace solar::report
