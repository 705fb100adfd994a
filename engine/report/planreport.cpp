// SPDX-License-Identifier: MIT
#include "engine/report/planreport.h"

#include "engine/core/format.h"
#include "engine/report/parallelreport.h"

#include <nlohmann/json.hpp>

#include <map>

namespace solar::report {

using nlohmann::ordered_json;
using namespace solar::parallel;

namespace {

// More than this many data collectives or cut inputs are summarised (a model's layers repeat them).
constexpr size_t kListed = 12;

ordered_json collectiveJson(const Collective& c, const CollectiveBound& b)
{
    return {{"kind", collectiveKindName(c.kind)},
            {"tensor", c.tensor},
            {"why", c.why},
            {"buffer_bytes", c.bytes},
            {"devices", c.group},
            {"stride_devices", c.stride},
            {"count", c.count},
            {"link_bytes", b.linkBytes},
            {"seconds", b.seconds},
            {"binding", b.binding}};
}

// The notes for a reader: "the output X stays split along dim D" once per stage and dimension, with how many and
// the first few names (a model's KV cache is one output per layer); everything else as it is.
std::vector<std::string> compactNotes(const std::vector<std::string>& notes)
{
    std::vector<std::string> out;
    std::map<std::string, std::vector<std::string>> split; // "stage k: " + " stays split along dim D" -> names
    std::vector<std::string> keys;
    for (const auto& n : notes) {
        const auto at = n.find("the output ");
        const auto stays = n.find(" stays split along dim ");
        if (at == std::string::npos || stays == std::string::npos || stays < at) {
            out.push_back(n);
            continue;
        }
        const std::string key = n.substr(0, at) + n.substr(stays, n.find(' ', stays + 23) - stays);
        if (!split.count(key))
            keys.push_back(key);
        split[key].push_back(n.substr(at + 11, stays - at - 11));
    }
    for (const auto& key : keys) {
        const auto& names = split.at(key);
        const auto stays = key.find(" stays split");
        std::string list;
        for (size_t i = 0; i < names.size() && i < 4; ++i)
            list += (i ? ", " : "") + names[i];
        if (names.size() > 4)
            list += ", ...";
        out.push_back(key.substr(0, stays) + (names.size() == 1 ? "the output " : std::to_string(names.size()) + " outputs (") + list
                      + (names.size() == 1 ? "" : ")") + key.substr(stays) + " (each device holds its block; gathering is not counted)");
    }
    return out;
}

std::string levelRow(const std::string& name, double device, double comm, double overlapped, double serial)
{
    return padText(name, 22) + padText(formatSeconds(device), 14, true) + padText(formatSeconds(comm), 15, true)
        + padText(formatSeconds(overlapped), 14, true) + padText(formatSeconds(serial), 14, true) + "\n";
}

} // namespace

std::string planJson(const PlanAnalysis& pa, const AnalysisResult& whole)
{
    const Plan& p = pa.plan;
    ordered_json data = ordered_json::array();
    for (const PlacedCollective& c : pa.dataCollectives) {
        ordered_json j = collectiveJson(c.exchange.collective, c.bound);
        j["stage"] = c.stage + 1;
        if (c.evenRouting)
            j["even_routing_estimate"] = {{"seconds", c.evenRouting->seconds}, {"link_bytes", c.evenRouting->linkBytes}};
        data.push_back(j);
    }
    ordered_json stages = ordered_json::array();
    for (size_t s = 0; s < pa.stages.size(); ++s) {
        const StageAnalysis& st = pa.stages[s];
        ordered_json levels = ordered_json::object();
        for (bounds::Level l : bounds::kLevels) {
            const auto li = static_cast<size_t>(l);
            levels[std::string(bounds::levelName(l))] = {{"micro_batch_device_seconds", st.deviceSeconds[li]},
                                                         {"warm_micro_batch_device_seconds", st.warmDeviceSeconds[li]},
                                                         {"micro_batch_overlapped_seconds", st.overlappedSeconds[li]},
                                                         {"micro_batch_serial_seconds", st.serialSeconds[li]}};
        }
        ordered_json tp = ordered_json::array();
        for (size_t i = 0; i < st.tensor.split.exchanges.size(); ++i)
            tp.push_back(collectiveJson(st.tensor.split.exchanges[i].collective, st.tensor.collectives[i]));
        ordered_json validation = nullptr;
        if (st.tensor.validation)
            validation = {{"ok", st.tensor.validation->ok}, {"detail", st.tensor.validation->detail}};
        stages.push_back({{"stage", s + 1},
                          {"first_statement", st.cut.first},
                          {"statements", st.cut.last - st.cut.first},
                          {"receives", st.cut.receives},
                          {"sends", st.cut.sends},
                          {"micro_batch_send_bytes", st.microSendBytes},
                          {"micro_batch_send_seconds", st.microSendSeconds},
                          {"micro_batch_collective_seconds", st.microCollectiveSeconds},
                          {"step_collective_seconds", st.stepCommunicationSeconds},
                          {"send_binding", st.send.binding},
                          {"split_statements", st.tensor.split.splitStatements},
                          {"replicated_statements", st.tensor.split.replicatedStatements},
                          {"inputs", placementsJson(st.tensor.split.inputs)},
                          {"tensor_collectives", tp},
                          {"resident_bytes_per_device", st.heldBytes},
                          {"levels", levels},
                          {"validation", validation}});
    }
    ordered_json levels = ordered_json::object();
    for (bounds::Level l : bounds::kLevels) {
        const auto li = static_cast<size_t>(l);
        const SystemLevel& s = pa.levels[li];
        levels[std::string(bounds::levelName(l))] = {{"device_seconds", s.deviceSeconds},
                                                     {"overlapped_seconds", s.overlappedSeconds},
                                                     {"serial_seconds", s.serialSeconds},
                                                     {"communication_binds", s.communicationBinds},
                                                     {"binding_stage", pa.bindingStage[li] + 1}};
    }
    ordered_json validation = nullptr;
    if (pa.dataValidation)
        validation = {{"ok", pa.dataValidation->ok}, {"detail", pa.dataValidation->detail}};
    ordered_json doc = {{"schema", "solar.parallel.plan/1"},
                        {"program", whole.program.name},
                        {"hardware", {{"id", whole.hardware.id}, {"name", whole.hardware.name}}},
                        {"plan",
                         {{"tp", p.tp},
                          {"cp", p.cp},
                          {"ep", p.ep},
                          {"pp", p.pp},
                          {"dp", p.dp},
                          {"micro_batches", p.microBatches},
                          {"schedule", p.anySchedule ? "any" : "1f1b"},
                          {"micro_batch_sizes", pa.microBatchSizes},
                          {"devices", p.devices()},
                          {"optimizer", p.optimizer.empty() ? ordered_json(nullptr) : ordered_json(p.optimizer)},
                          {"zero", p.shardOptimizer ? 1 : 0}}},
                        {"data_inputs", placementsJson(pa.dataSplit.inputs)},
                        {"experts", pa.experts},
                        {"data_collectives", data},
                        {"data_validation", validation},
                        {"stage_validation",
                         pa.stageValidation ? ordered_json {{"ok", pa.stageValidation->ok}, {"detail", pa.stageValidation->detail}}
                                            : ordered_json(nullptr)},
                        {"stages", stages},
                        {"communication_seconds", pa.communicationSeconds},
                        {"levels", levels},
                        {"memory_per_device",
                         {{"stage", pa.memory.stage + 1},
                          {"held_bytes", pa.memory.heldBytes},
                          {"activation_bytes", pa.memory.activationBytes},
                          {"optimizer_bytes", pa.memory.optimizerBytes},
                          {"total_bytes", pa.memory.totalBytes()},
                          {"capacity_bytes", pa.capacityBytes},
                          {"fits", pa.fits()}}},
                        {"coverage", whole.coverage.status()},
                        {"notes", pa.notes}};
    return doc.dump(2) + "\n";
}

std::string planTable(const PlanAnalysis& pa, const AnalysisResult& whole)
{
    const Plan& p = pa.plan;
    std::string out = whole.program.name + " on " + std::to_string(p.devices()) + " x " + whole.hardware.name + " (" + p.text() + ")\n";
    if (!pa.dataCollectives.empty() || pa.dataSplit.devices > 1) {
        out += "\ndata inputs cut over " + std::to_string(pa.dataSplit.devices) + " replicas:\n";
        int listed = 0, more = 0;
        for (const auto& [name, placement] : pa.dataSplit.inputs)
            if (placement.kind == Placement::Sharded && (++listed <= static_cast<int>(kListed) || (++more, false)))
                out += "  " + padText(name, 24) + placementText(placement) + "\n";
        if (more > 0)
            out += "  ... and " + std::to_string(more) + " more inputs cut the same way (json: data_inputs)\n";
        if (pa.dataCollectives.size() <= kListed) {
            for (const PlacedCollective& c : pa.dataCollectives)
                out += "  " + padText(std::string(collectiveKindName(c.exchange.collective.kind)), 16) + padText(c.exchange.source, 16)
                    + padText(formatBytes(c.exchange.collective.bytes), 12, true) + padText(formatSeconds(c.bound.seconds), 12, true) + "  "
                    + (c.bound.binding.empty() ? "-" : c.bound.binding) + ", stage " + std::to_string(c.stage + 1) + "; "
                    + c.exchange.collective.why
                    + (c.evenRouting ? "; even routing " + formatSeconds(c.evenRouting->seconds) + " (an estimate)" : std::string()) + "\n";
        } else {
            // A model's layers repeat them: one line per kind and size, with how many and their total (json lists all).
            struct Group
            {
                int count = 0;
                double seconds = 0, evenSeconds = 0;
                bool routed = false;
            };
            std::map<std::pair<std::string, double>, Group> groups;
            for (const PlacedCollective& c : pa.dataCollectives) {
                auto& g = groups[{std::string(collectiveKindName(c.exchange.collective.kind)), c.exchange.collective.bytes}];
                ++g.count;
                g.seconds += c.bound.seconds;
                g.routed = g.routed || c.evenRouting.has_value();
                g.evenSeconds += c.evenRouting ? c.evenRouting->seconds : 0.0;
            }
            for (const auto& [key, g] : groups)
                out += "  " + padText(std::to_string(g.count) + " x " + key.first, 22)
                    + padText(formatBytes(key.second) + " each", 16, true) + padText(formatSeconds(g.seconds) + " in all", 16, true)
                    + (g.routed ? "  (even routing " + formatSeconds(g.evenSeconds) + ", an estimate)" : std::string()) + "\n";
        }
    }
    if (!pa.experts.empty()) {
        out += "experts over " + std::to_string(p.ep) + " devices (1/" + std::to_string(p.ep) + " each):";
        for (size_t i = 0; i < pa.experts.size() && i < 4; ++i)
            out += " " + pa.experts[i];
        out += pa.experts.size() > 4 ? " ... (" + std::to_string(pa.experts.size()) + " weights; json: experts)\n" : std::string("\n");
    }
    const auto fused = static_cast<size_t>(bounds::Level::Fused);
    out += "\n" + padText("stage", 8) + padText("statements", 12, true) + padText("split", 8, true) + padText("own work", 12, true)
        + padText("collectives", 13, true) + padText("send", 12, true) + padText("held", 12, true) + "   (fused"
        + (p.microBatches > 1 ? ", one micro-batch"
                   + (pa.microBatchSizes.empty() ? ": 1/" + std::to_string(p.microBatches) + " of the step" : " at " + pa.microBatchSizes)
                              : std::string())
        + ")\n";
    for (size_t s = 0; s < pa.stages.size(); ++s) {
        const StageAnalysis& st = pa.stages[s];
        out += padText(std::to_string(s + 1), 8) + padText(std::to_string(st.cut.last - st.cut.first), 12, true)
            + padText(std::to_string(st.tensor.split.splitStatements), 8, true) + padText(formatSeconds(st.deviceSeconds[fused]), 12, true)
            + padText(formatSeconds(st.microCollectiveSeconds), 13, true)
            + padText(st.microSendBytes > 0 ? formatBytes(st.microSendBytes) : std::string("-"), 12, true)
            + padText(formatBytes(st.heldBytes), 12, true) + "\n";
    }
    out += "\n" + padText("level", 22) + padText("per device", 14, true) + padText("communication", 15, true)
        + padText("overlapped", 14, true) + padText("serialised", 14, true) + "\n";
    for (bounds::Level l : bounds::kLevels) {
        const SystemLevel& s = pa.levels[static_cast<size_t>(l)];
        out += levelRow(std::string(bounds::levelShortName(l)) + " " + std::string(bounds::levelName(l)), s.deviceSeconds,
                        pa.communicationSeconds, s.overlappedSeconds, s.serialSeconds);
    }
    const DeviceMemory& m = pa.memory;
    out += "\nper device (stage " + std::to_string(m.stage + 1) + "): " + formatBytes(m.heldBytes) + " of inputs and weights, "
        + formatBytes(m.activationBytes) + " of intermediates"
        + (m.optimizerBytes > 0 ? ", " + formatBytes(m.optimizerBytes) + " of optimizer state" : std::string()) + " = "
        + formatBytes(m.totalBytes()) + " of " + formatBytes(pa.capacityBytes) + (pa.fits() ? ": fits" : ": does not fit") + "\n";
    if (pa.stageValidation)
        out += "stages validated: " + std::string(pa.stageValidation->ok ? "yes, " : "NO, ") + pa.stageValidation->detail + "\n";
    if (pa.dataValidation)
        out += "data cut validated: " + std::string(pa.dataValidation->ok ? "yes, " : "NO, ") + pa.dataValidation->detail + "\n";
    for (size_t s = 0; s < pa.stages.size(); ++s)
        if (pa.stages[s].tensor.validation)
            out += "stage " + std::to_string(s + 1) + " split validated: " + (pa.stages[s].tensor.validation->ok ? "yes, " : "NO, ")
                + pa.stages[s].tensor.validation->detail + "\n";
    if (!pa.notes.empty()) {
        out += "\nnotes:\n";
        for (const auto& n : compactNotes(pa.notes))
            out += "  - " + n + "\n";
    }
    return out;
}

} // namespace solar::report
