// SPDX-License-Identifier: MIT
#include "engine/measure/measurement.h"

#include "engine/analysis/operators.h"
#include "engine/core/format.h"
#include "engine/frontend/trace/lowering.h"
#include "engine/worker/pythonlocator.h"
#include "engine/worker/traceworker.h"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <deque>
#include <limits>
#include <optional>

namespace solar::measure {

namespace {

Expected<Measurement> failure(const std::string& file, const std::string& code, const std::string& message)
{
    return Expected<Measurement>::failure(Diagnostic {Severity::Error, file, {}, code, message});
}

// The traced ops' measured times: the profiler's events in call order, each taken by the next traced op of its name.
void matchOps(Measurement& m, const trace::ModelProgram& model, const nlohmann::json& reply)
{
    std::map<std::string, std::deque<double>> events;
    if (reply.contains("ops") && reply["ops"].is_array()) {
        for (const auto& e : reply["ops"]) {
            if (e.is_object() && e.contains("name") && e.contains("seconds") && e["seconds"].is_number())
                events[e["name"].get<std::string>()].push_back(e["seconds"].get<double>());
        }
    }
    if (reply.contains("unmatched_ops") && reply["unmatched_ops"].is_object()) {
        for (const auto& [name, s] : reply["unmatched_ops"].items()) {
            if (s.is_number())
                m.unmatched[name] += s.get<double>();
        }
    }
    const auto& ops = model.trace.ops;
    m.ops.resize(ops.size());
    for (std::size_t i = 0; i < ops.size(); ++i) {
        OpTime& t = m.ops[i];
        t.op = static_cast<int>(i);
        t.aten = ops[i].op;
        t.sourceLine = ops[i].line;
        auto& queue = events[ops[i].op];
        if (!queue.empty()) {
            t.measuredSeconds = queue.front();
            m.matchedSeconds += queue.front();
            queue.pop_front();
        }
    }
    // Events no traced op took (the profiled run called an op more often than the trace saw) stay visible.
    for (auto& [name, queue] : events) {
        for (double s : queue)
            m.unmatched[name] += s;
    }
    for (const OperatorRow& row : operatorRows(m.analysis)) {
        const auto origin = model.lowered.originOfLine.find(row.line);
        if (origin == model.lowered.originOfLine.end() || origin->second.op < 0 || origin->second.op >= static_cast<int>(m.ops.size()))
            continue;
        OpTime& t = m.ops[origin->second.op];
        t.boundSeconds += row.seconds[static_cast<int>(bounds::Level::UnfusedPerKernel)];
        t.nodes.push_back(row.node);
    }
}

} // namespace

std::string describeSizes(const trace::SizeMap& sizes)
{
    std::string out;
    for (const auto& [k, v] : sizes)
        out += (out.empty() ? "" : ", ") + k + "=" + std::to_string(v);
    return out.empty() ? "(no size constants)" : out;
}

int profileThreads(const hw::HwProfile& profile)
{
    return profile.host ? profile.host->threads : 0;
}

Expected<double> addMeasuredOpFloor(hw::HwProfile& profile, worker::TraceWorker& worker, int threads, int timeoutMs)
{
    auto reply = worker.command({{"cmd", "op_floor"}, {"threads", threads}}, "", timeoutMs, "calibrate");
    if (!reply)
        return Expected<double>::failure(reply.diagnostics());
    const nlohmann::json& r = *reply;
    if (!r.contains("seconds") || !r["seconds"].is_number() || !(r["seconds"].get<double>() > 0))
        return Expected<double>::failure(Diagnostic {Severity::Error, "", {}, "calibrate.protocol", "the per-op floor reply has no time"});
    const double seconds = r["seconds"].get<double>();
    const std::string torch = r.value("torch", std::string());
    const std::string when = profile.host ? profile.host->calibratedAt : std::string();
    profile.sources.push_back({"ATEN",
                               "measured by solar hw calibrate under torch " + torch
                                   + ": cheap ATen operators on one-element tensors dispatched from C++ (torch._foreach_*, one "
                                     "operator per tensor), best of repeats, the least per-operator time of them all",
                               "", when});
    profile.opFloorSeconds = hw::Number {seconds, "ATEN",
                                         "measured: " + r.value("op", std::string()) + " on " + std::to_string(r.value("threads", 0))
                                             + " threads; the eager model (unfused_per_kernel) only"};
    if (profile.host && r.contains("per_op") && r["per_op"].is_object()) {
        for (const auto& [name, s] : r["per_op"].items()) {
            if (s.is_number())
                profile.host->measurements.push_back(
                    {"one " + name + " call (eager per-op floor candidate)", s.get<double>(), "s", "measured (torch " + torch + ")"});
        }
    }
    return seconds;
}

Expected<hw::HwProfile> calibrateThisMachine(const hw::CalibrationOptions& options, const hw::HostInfo& host)
{
    auto say = [&](const std::string& line) {
        if (options.progress)
            options.progress(line);
    };
    auto profile = hw::calibrateHost(options, host);
    if (!profile)
        return profile;
    // The eager model's per-operator floor needs torch; without it the profile has none (the term is off).
    const auto python = worker::locatePython();
    if (!python || python->torchVersion.empty()) {
        say("no eager per-op floor: no Python with torch was found (solar doctor)");
        return profile;
    }
    if (options.cancel && options.cancel->load())
        return Expected<hw::HwProfile>::failure(Diagnostic {Severity::Error, "", {}, "calibrate", "calibration cancelled"});
    say("eager per-op floor: cheap ATen operators under torch " + python->torchVersion + " ...");
    worker::TraceWorker worker(*python);
    worker.setCancelFlag(options.cancel);
    const int threads = options.threads > 0 ? options.threads : std::max(1, host.logicalCpus);
    if (const auto floor = addMeasuredOpFloor(profile.value(), worker, threads))
        say("  " + formatSeconds(*floor) + " per operator");
    else
        say("no eager per-op floor: " + floor.diagnostics().front().message);
    return profile;
}

double headroom(double measuredSeconds, double boundSeconds)
{
    return boundSeconds > 0 ? measuredSeconds / boundSeconds : std::numeric_limits<double>::infinity();
}

Expected<Measurement> measureModel(const std::string& file, worker::TraceWorker& worker, const hw::HwProfile& hardware,
                                   const MeasureOptions& options)
{
    auto say = [&](const std::string& line) {
        if (options.progress)
            options.progress(line);
    };
    const auto constants = worker.constants(file, options.analysis.sizes, options.timeoutMs);
    if (!constants)
        return Expected<Measurement>::failure(constants.diagnostics());
    double maxBytes = options.maxBytes;
    if (maxBytes <= 0) {
        const double total = hw::memTotalBytes();
        maxBytes = std::min(8e9, total > 0 ? total / 4 : 4e9);
    }
    const int threads = options.threads > 0 ? options.threads : profileThreads(hardware);
    auto request = [&](const trace::SizeMap& sizes, bool probe) {
        return nlohmann::json {{"cmd", "measure"},
                               {"sizes", sizes},
                               {"seed", 0},
                               {"threads", threads},
                               {"runs", options.runs},
                               {"max_run_seconds", options.maxRunSeconds},
                               {"max_total_seconds", options.maxTotalSeconds},
                               {"max_bytes", maxBytes},
                               {"probe", probe},
                               {"profile", options.profileOps},
                               {"compile", options.compile},
                               {"device", options.device}};
    };
    // Ever larger sizes, the file's own last (the user's --set values are the file's sizes). Each is traced and
    // bounded, and one run is timed; the next is tried only when neither its bound nor the time predicted from this
    // one's (scaled by the bounds' ratio) is above the cap. A long model thus never runs at a size that would take
    // minutes, and the largest size that fits is measured.
    std::vector<trace::SizeMap> candidates;
    for (const trace::SizeMap& reduced : trace::reducedSizes(*constants)) {
        trace::SizeMap all = *constants;
        for (const auto& [k, v] : reduced)
            all[k] = v;
        if (std::find(candidates.begin(), candidates.end(), all) == candidates.end())
            candidates.push_back(std::move(all));
    }
    if (candidates.empty() || candidates.back() != *constants)
        candidates.push_back(*constants);

    struct Chosen
    {
        trace::SizeMap sizes;
        trace::ModelProgram model;
        AnalysisResult analysis;
        double eagerBound = 0, probeSeconds = 0;
    };
    std::optional<Chosen> chosen;
    std::string whyNotLarger;
    Diagnostics firstProblem; // why the smallest sizes failed, when every size does
    // When no size fits the cap (a model whose work no size constant scales), the smallest one that runs is still
    // measured if one run stays under this harder cap, with fewer runs: better than no measurement.
    const double hardCap = std::max(5.0, 10 * options.maxRunSeconds);
    for (const trace::SizeMap& sizes : candidates) {
        const std::string at = "at " + describeSizes(sizes);
        say("tracing " + at);
        auto model = trace::loadModelProgram(file, worker, sizes, false, options.timeoutMs);
        if (!model) {
            if (chosen) {
                whyNotLarger = at + " the model does not trace: " + model.diagnostics().front().message;
                break;
            }
            if (firstProblem.empty())
                firstProblem = model.diagnostics();
            continue; // the smallest sizes may be too small for the model (a pooling window larger than its input)
        }
        AnalysisOptions ao = options.analysis;
        ao.sizes.clear();
        const trace::Lowered& lowered = model->lowered;
        auto analysis = analyzeProgram(lowered.program, hardware, ao, [&](graph::EinsumGraph& g) { trace::applyProvenance(g, lowered); });
        if (!analysis)
            return Expected<Measurement>::failure(analysis.diagnostics());
        const double eagerBound = analysis->ladder.at(bounds::Level::UnfusedPerKernel).seconds;
        if (eagerBound > options.maxRunSeconds) {
            whyNotLarger = at + " one run takes at least " + formatSeconds(eagerBound) + " (its unfused_per_kernel bound), above the "
                + formatSeconds(options.maxRunSeconds) + " cap";
            if (chosen || eagerBound > hardCap)
                break;
        }
        if (chosen && chosen->eagerBound > 0) {
            const double predicted = chosen->probeSeconds * eagerBound / chosen->eagerBound;
            if (predicted > options.maxRunSeconds) {
                whyNotLarger = at + " one run would take about " + formatSeconds(predicted) + " (" + formatSeconds(chosen->probeSeconds)
                    + " measured at the smaller sizes, scaled by the bounds), above the " + formatSeconds(options.maxRunSeconds) + " cap";
                break;
            }
        }
        say("timing one run " + at);
        nlohmann::json probeRequest = request(sizes, true);
        probeRequest["max_run_seconds"] = hardCap;
        auto probe = worker.command(probeRequest, file, options.timeoutMs, "measure");
        if (!probe) {
            const Diagnostic& d = probe.diagnostics().front();
            if (chosen) {
                whyNotLarger = at + ": " + d.message;
                break;
            }
            if (d.code == "measure.size" || d.code == "measure.device" || d.code == "measure.import")
                return Expected<Measurement>::failure(probe.diagnostics());
            if (firstProblem.empty())
                firstProblem = probe.diagnostics();
            continue;
        }
        double first = probe->value("probe_seconds", probe->value("first_seconds", 0.0));
        // Right after a trace in the same worker a model's first runs were seen 20-100 times slower than a fresh
        // instance's (lazily rebuilt kernels): a probe far above the eager bound is taken again, once, and the
        // faster kept, so the sizes do not stop growing on a one-time cost.
        if (first > 4 * eagerBound && first <= options.maxRunSeconds / 2) {
            if (auto again = worker.command(probeRequest, file, options.timeoutMs, "measure"))
                first = std::min(first, again->value("probe_seconds", again->value("first_seconds", first)));
        }
        if (first > options.maxRunSeconds) {
            whyNotLarger = at + " one run took " + formatSeconds(first) + ", above the " + formatSeconds(options.maxRunSeconds) + " cap";
            if (!chosen && first <= hardCap) {
                whyNotLarger = "no size fits the " + formatSeconds(options.maxRunSeconds) + " cap: measured at the smallest that runs ("
                    + formatSeconds(first) + " a run)";
                chosen = Chosen {sizes, std::move(model).value(), std::move(analysis).value(), eagerBound, first};
            }
            break;
        }
        chosen = Chosen {sizes, std::move(model).value(), std::move(analysis).value(), eagerBound, first};
        if (eagerBound > options.maxRunSeconds) // measured above the cap as the smallest that runs: no larger one
            break;
    }
    if (!chosen) {
        if (whyNotLarger.empty() && !firstProblem.empty())
            return Expected<Measurement>::failure(firstProblem);
        return failure(file, "measure.size",
                       "no size set fits the caps (" + formatBytes(maxBytes) + ", " + formatSeconds(options.maxRunSeconds)
                           + " per run): " + whyNotLarger);
    }

    say("measuring at " + describeSizes(chosen->sizes));
    nlohmann::json req = request(chosen->sizes, false);
    req["max_run_seconds"] = 2 * hardCap; // the probe decided: a slower warm-up (noise, a cold start) is measured anyway
    std::vector<std::string> names;
    for (const auto& op : chosen->model.trace.ops)
        names.push_back(op.op);
    std::sort(names.begin(), names.end());
    names.erase(std::unique(names.begin(), names.end()), names.end());
    req["op_names"] = names;
    auto reply = worker.command(req, file, options.timeoutMs, "measure");
    if (!reply)
        return Expected<Measurement>::failure(reply.diagnostics());
    const nlohmann::json& r = *reply;
    if (!r.contains("seconds") || !r["seconds"].is_number())
        return failure(file, "measure.size",
                       "at " + describeSizes(chosen->sizes) + " the warm-up run took " + formatSeconds(r.value("first_seconds", 0.0))
                           + ", far above the one run timed before");
    Measurement m;
    m.file = file;
    m.sizes = chosen->sizes;
    m.reduced = chosen->sizes != *constants;
    if (m.reduced)
        m.sizesNote = whyNotLarger;
    m.seconds = r["seconds"].get<double>();
    m.runs = r.value("runs", 0);
    m.maxSeconds = r.value("max_seconds", 0.0);
    m.threads = r.value("threads", 0);
    m.device = r.value("device", std::string("cpu"));
    m.torchVersion = r.value("torch", std::string());
    if (r.contains("compiled_seconds") && r["compiled_seconds"].is_number())
        m.compiledSeconds = r["compiled_seconds"].get<double>();
    m.compileError = r.value("compile_error", std::string());
    m.analysis = std::move(chosen->analysis);
    for (const auto& u : chosen->model.lowered.unsupported)
        m.notCounted.push_back(u.aten + " at line " + std::to_string(u.sourceLine));
    for (const auto& item : m.analysis.coverage.items) {
        if (!item.counted)
            m.notCounted.push_back(item.what + " (ALIR line " + std::to_string(item.line) + "): " + item.reason);
    }
    matchOps(m, chosen->model, r);
    return m;
}

double judgedSeconds(const Measurement& m, bounds::Level l)
{
    return m.compiledSeconds && bounds::isSpeedOfLight(l) ? std::min(m.seconds, *m.compiledSeconds) : m.seconds;
}

Verdict verdict(const Measurement& m)
{
    Verdict v;
    for (bounds::Level l : bounds::kLevels) {
        if (judgedSeconds(m, l) >= m.analysis.ladder.at(l).seconds)
            continue;
        const std::string name(bounds::levelName(l));
        v.violations += (v.violations.empty() ? "" : ", ") + name;
        if (bounds::isSpeedOfLight(l))
            v.solViolations += (v.solViolations.empty() ? "" : ", ") + name;
    }
    return v;
}

} // namespace solar::measure
