// SPDX-License-Identifier: MIT
#include "app/cli/parallelcli.h"

#include "app/cli/cli.h"

#include "engine/core/atomicwrite.h"
#include "engine/core/format.h"
#include "engine/core/textfile.h"
#include "engine/ir/printer.h"
#include "engine/parallel/parallelanalysis.h"
#include "engine/parallel/plananalysis.h"
#include "engine/report/parallelreport.h"
#include "engine/report/planreport.h"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <iterator>
#include <map>
#include <ostream>

namespace solar::cli {

namespace {

// Why a split over `devices` > 1 split nothing, from its notes (a loop that does not divide, say).
std::string nothingSplit(const parallel::ParallelAnalysis& pa, const ir::Program& program)
{
    const bool weights = std::any_of(program.decls.begin(), program.decls.end(), [](const ir::Decl& d) {
        return d.kind == ir::DeclKind::Tensor && d.tensorKind == ir::TensorKind::Weight;
    });
    if (!weights)
        return "nothing splits over " + std::to_string(pa.devices)
            + " devices: the program has no weights (every tensor is an input), and tensor parallelism splits weights";
    std::string why;
    for (const auto& n : pa.notes)
        if (n.find("does not divide") != std::string::npos || n.find("runs whole") != std::string::npos)
            why += (why.empty() ? "" : "; ") + n;
    return "nothing splits over " + std::to_string(pa.devices) + " devices" + (why.empty() ? std::string() : ": " + why);
}

} // namespace

int analyzeParallel(const Args& args, const AnalysisResult& whole, int devices, const std::string& format, std::ostream& out,
                    std::ostream& err)
{
    const auto pa = parallel::analyzeTensorParallel(whole, devices);
    if (!pa) {
        for (const auto& d : pa.diagnostics())
            err << d.format() << '\n';
        return ExitBadInput;
    }
    if (args.has("--tp-program")) {
        QString why;
        const QString path = QString::fromStdString(args.value("--tp-program"));
        if (!writeFileAtomically(path, ir::printProgram(pa->split.device), &why)) {
            err << "solar: error: " << why.toStdString() << '\n';
            return ExitBadInput;
        }
    }
    out << (format == "json" ? report::parallelJson(*pa) : report::parallelTable(*pa));
    bool ok = pa->device.coverage.complete && whole.coverage.complete;
    if (devices > 1 && pa->split.splitStatements == 0) {
        err << "solar: error: " << nothingSplit(*pa, whole.program) << '\n';
        ok = false;
    }
    if (pa->residentBytes > whole.hardware.dramCapacityBytes.value) {
        err << "solar: error: the split program does not fit: " << formatBytes(pa->residentBytes) << " per device, over "
            << formatBytes(whole.hardware.dramCapacityBytes.value) << '\n';
        ok = false;
    }
    if (pa->validation && !pa->validation->ok) {
        err << "solar: error: the split does not compute what the program does: " << pa->validation->detail << '\n';
        ok = false;
    }
    return ok ? ExitOk : ExitBadInput;
}

std::vector<int> parseTpSweep(const std::vector<std::string>& specs)
{
    std::vector<int> counts;
    for (const auto& spec : specs) {
        if (spec.rfind("tp=", 0) != 0)
            throw UsageError {"'analyze' sweeps device counts: --sweep tp=1,2,4,8, not '" + spec + "'"};
        std::string item;
        for (size_t i = 3; i <= spec.size(); ++i) {
            if (i == spec.size() || spec[i] == ',') {
                if (item.empty() || item.find_first_not_of("0123456789") != std::string::npos || item.size() > 6 || std::stoi(item) < 1)
                    throw UsageError {"--sweep tp= takes positive device counts, not '" + item + "'"};
                counts.push_back(std::stoi(item));
                item.clear();
            } else {
                item += spec[i];
            }
        }
    }
    return counts;
}

int analyzeParallelSweep(const AnalysisResult& whole, const std::vector<int>& counts, const std::string& format, std::ostream& out,
                         std::ostream& err)
{
    std::vector<report::ParallelSweepRow> rows;
    bool ok = whole.coverage.complete;
    for (int n : counts) {
        report::ParallelSweepRow row;
        row.devices = n;
        auto pa = parallel::analyzeTensorParallel(whole, n);
        if (!pa) {
            row.error = pa.diagnostics().front().message;
            err << "solar: error: " << row.error << '\n';
            ok = false;
        } else {
            if (n > 1 && pa->split.splitStatements == 0)
                row.error = nothingSplit(*pa, whole.program);
            if (pa->validation && !pa->validation->ok) {
                err << "solar: error: " << n << " devices: the split does not compute what the program does: " << pa->validation->detail
                    << '\n';
                ok = false;
            }
            // A point that cannot be held is not a plan that runs: the sweep says so and fails, as one point does.
            if (const double capacity = pa->device.hardware.dramCapacityBytes.value; pa->residentBytes > capacity) {
                err << "solar: error: " << n << " devices: " << formatBytes(pa->residentBytes) << " held per device do not fit in "
                    << pa->device.hardware.id << "'s " << formatBytes(capacity) << '\n';
                ok = false;
            }
            row.analysis = std::move(*pa);
        }
        rows.push_back(std::move(row));
    }
    out << (format == "json" ? report::parallelSweepJson(rows) : report::parallelSweepTable(rows));
    return ok ? ExitOk : ExitBadInput;
}

} // namespace solar::cli

namespace solar::cli {

std::vector<int> shardOf(const std::vector<int>& counts, std::pair<int, int> shard)
{
    std::vector<int> mine;
    for (size_t i = 0; i < counts.size(); ++i)
        if (static_cast<int>(i % static_cast<size_t>(shard.second)) == shard.first)
            mine.push_back(counts[i]);
    return mine;
}

Expected<std::optional<parallel::Plan>> planOption(const Args& args)
{
    using Result = Expected<std::optional<parallel::Plan>>;
    const char* const planFlags[]
        = {"--pp", "--dp", "--cp", "--ep", "--micro-batches", "--optimizer", "--zero", "--cp-dim", "--dp-dim", "--schedule"};
    const bool flags = std::any_of(std::begin(planFlags), std::end(planFlags), [&](const char* f) { return args.has(f); });
    if (args.has("--plan")) {
        if (flags || args.has("--tp"))
            throw UsageError {"--plan FILE gives the whole plan: leave out --tp, --pp, --dp, --cp and the rest"};
        const std::string path = args.value("--plan");
        const auto text = readTextFile(path, "parallel.plan");
        if (!text)
            return Result::failure(text.diagnostics());
        auto plan = parallel::parsePlan(*text, path);
        if (!plan)
            return Result::failure(plan.diagnostics());
        return std::optional<parallel::Plan>(*plan);
    }
    if (!flags)
        return std::optional<parallel::Plan> {};
    parallel::Plan plan;
    auto degree = [&](const char* option, int& into, std::int64_t minimum) {
        if (const auto v = args.integer(option, minimum)) {
            if (*v > 1 << 20)
                throw UsageError {std::string(option) + " " + std::to_string(*v) + " is more than 1048576"};
            into = static_cast<int>(*v);
        }
    };
    degree("--tp", plan.tp, 1);
    degree("--pp", plan.pp, 1);
    degree("--dp", plan.dp, 1);
    degree("--cp", plan.cp, 1);
    degree("--ep", plan.ep, 1);
    degree("--micro-batches", plan.microBatches, 1);
    degree("--cp-dim", plan.cpDim, 0);
    degree("--dp-dim", plan.dpDim, 0);
    plan.optimizer = args.value("--optimizer");
    plan.shardOptimizer = args.value("--zero", "0") == "1";
    if (plan.microBatches > 1 && plan.pp == 1)
        throw UsageError {"--micro-batches goes with --pp (a pipeline's micro-batches)"};
    if (args.has("--schedule")) {
        if (plan.pp == 1)
            throw UsageError {"--schedule goes with --pp (a pipeline's schedule)"};
        plan.anySchedule = parallel::parseSchedule(args.value("--schedule")).value_or(false);
    }
    if (const std::string why = parallel::planShapeError(plan); !why.empty())
        throw UsageError {why};
    return std::optional<parallel::Plan>(plan);
}

int analyzeWithPlan(const AnalysisResult& whole, const parallel::Plan& plan, const std::string& format, std::ostream& out,
                    std::ostream& err)
{
    const auto pa = parallel::analyzePlan(whole, plan);
    if (!pa) {
        for (const auto& d : pa.diagnostics())
            err << d.format() << '\n';
        return ExitBadInput;
    }
    out << (format == "json" ? report::planJson(*pa, whole) : report::planTable(*pa, whole));
    bool ok = whole.coverage.complete && std::all_of(pa->stages.begin(), pa->stages.end(), [](const parallel::StageAnalysis& s) {
                  return s.tensor.device.coverage.complete;
              });
    if (!pa->fits()) {
        err << "solar: error: the plan does not fit: " << formatBytes(pa->memory.totalBytes()) << " per device (stage "
            << pa->memory.stage + 1 << "), over " << formatBytes(pa->capacityBytes) << '\n';
        ok = false;
    }
    if (!pa->validated()) {
        err << "solar: error: a split of the plan does not compute what the program does (see the validation lines)\n";
        ok = false;
    }
    return ok ? ExitOk : ExitBadInput;
}

bool isParallelSweepFile(const std::string& path)
{
    const auto text = readTextFile(path);
    if (!text)
        return false;
    const auto j = nlohmann::json::parse(*text, nullptr, false);
    return j.is_object() && j.value("schema", "") == "solar.parallel.sweep/1";
}

int mergeParallelSweeps(const std::vector<std::string>& paths, const std::string& format, std::ostream& out, std::ostream& err)
{
    std::map<int, nlohmann::ordered_json> points;
    std::string program, hardware;
    bool ok = true;
    for (const auto& path : paths) {
        const auto text = readTextFile(path);
        if (!text) {
            for (const auto& d : text.diagnostics())
                err << d.format() << '\n';
            return ExitBadInput;
        }
        const auto j = nlohmann::ordered_json::parse(*text, nullptr, false);
        if (!j.is_object() || j.value("schema", "") != "solar.parallel.sweep/1" || !j.contains("points") || !j["points"].is_array()) {
            err << path << ": error: not a solar.parallel.sweep/1 document (the JSON of 'analyze --sweep tp=LIST --format json')\n";
            return ExitBadInput;
        }
        for (const auto& p : j["points"]) {
            if (!p.is_object() || !p.contains("devices") || !p["devices"].is_number_integer()) {
                err << path << ": error: a sweep point without its device count\n";
                return ExitBadInput;
            }
            const int devices = p["devices"].get<int>();
            if (p.contains("analysis")) {
                const auto& a = p["analysis"];
                const std::string prog = a.value("program", ""), hw = a.contains("hardware") ? a["hardware"].value("id", "") : "";
                if ((!program.empty() && prog != program) || (!hardware.empty() && hw != hardware)) {
                    err << path << ": error: " << prog << " on " << hw << " is another sweep than " << program << " on " << hardware
                        << '\n';
                    return ExitBadInput;
                }
                program = prog;
                hardware = hw;
                if (a.contains("validation") && a["validation"].is_object() && !a["validation"].value("ok", true))
                    ok = false;
            }
            if (p.contains("error"))
                ok = false;
            if (!points.emplace(devices, p).second) {
                err << path << ": error: " << devices << " devices appear in two shards\n";
                return ExitBadInput;
            }
        }
    }
    nlohmann::ordered_json all = nlohmann::ordered_json::array();
    for (auto& [devices, p] : points)
        all.push_back(p);
    if (format == "json") {
        out << nlohmann::ordered_json({{"schema", "solar.parallel.sweep/1"}, {"points", all}}).dump(2) << '\n';
    } else {
        out << program << " on " << hardware << ", tensor parallel (cache_aware; overlapped is the bound), " << paths.size()
            << " shards joined\n\n"
            << padText("devices", 9, true) << padText("per device", 14, true) << padText("communication", 15, true)
            << padText("overlapped", 14, true) << padText("serialised", 14, true) << padText("held/device", 13, true) << '\n';
        for (const auto& p : all) {
            out << padText(std::to_string(p["devices"].get<int>()), 9, true);
            if (!p.contains("analysis")) {
                out << "  " << p.value("error", "") << '\n';
                continue;
            }
            const auto& a = p["analysis"];
            const auto& l = a["levels"]["cache_aware"];
            out << padText(formatSeconds(l.value("device_seconds", 0.0)), 14, true)
                << padText(formatSeconds(a.value("communication_seconds", 0.0)), 15, true)
                << padText(formatSeconds(l.value("overlapped_seconds", 0.0)), 14, true)
                << padText(formatSeconds(l.value("serial_seconds", 0.0)), 14, true)
                << padText(formatBytes(a.value("resident_bytes_per_device", 0.0)), 13, true) << '\n';
        }
    }
    return ok ? ExitOk : ExitBadInput;
}

std::vector<OptionSpec> planOptionSpecs()
{
    return {
        {"--pp", "N",
         "pipeline parallel: cut the program's statements into N stages that balance (docs/parallel.md); with --tp, each "
         "stage split over tp devices (json: solar.parallel.plan/1)"},
        {"--micro-batches", "M", "with --pp: the micro-batches a step is run as (the pipeline's fill and drain)"},
        {"--schedule",
         "S",
         "with --pp: the schedules the bound holds for: 1f1b or gpipe (default; contiguous stages, their fill and drain "
         "counted), or any (interleaved stages, zero-bubble schedules: each stage's micro-batches and one micro-batch's "
         "way through)",
         {"1f1b", "gpipe", "any", "interleaved", "zero-bubble"}},
        {"--dp", "N", "data parallel: the inputs cut along --dp-dim (default 0, the batch); sums over it (gradients) all-reduced"},
        {"--cp", "N",
         "context parallel: the inputs cut along --cp-dim (default 1, the sequence); what reads across it (attention's "
         "keys) is all-gathered"},
        {"--ep", "N",
         "expert parallel: the experts' matrices over N devices that also cut the tokens (--dp-dim), tokens sent to their "
         "experts and back all-to-all (routing taken as even)"},
        {"--dp-dim", "D", "the inputs' dimension --dp cuts"},
        {"--cp-dim", "D", "the inputs' dimension --cp cuts"},
        {"--optimizer", "NAME", "training: the optimizer's state per parameter in the memory check", {"adam"}},
        {"--zero", "S", "1: the optimizer's state split over the --dp replicas (ZeRO stage 1)", {"0", "1"}},
        {"--plan", "FILE",
         "the whole plan as JSON: {\"tp\": 8, \"pp\": 2, \"dp\": 1, \"cp\": 1, \"micro_batches\": 8, \"optimizer\": "
         "\"adam\", \"zero\": 1}"},
    };
}

int inverseDevices(const AnalysisResult& whole, const std::vector<int>& counts, bounds::Level level, double targetSeconds,
                   const std::string& format, std::ostream& out, std::ostream& err)
{
    const auto li = static_cast<size_t>(level);
    nlohmann::ordered_json points = nlohmann::ordered_json::array();
    std::string table = padText("devices", 9, true) + padText("per device", 14, true) + padText("overlapped", 14, true)
        + padText("serialised", 14, true) + "  reaches " + formatSeconds(targetSeconds) + "\n";
    int least = 0;
    for (int n : counts) {
        const auto pa = parallel::analyzeTensorParallel(whole, n);
        if (!pa) {
            const std::string why = pa.diagnostics().front().message;
            points.push_back({{"devices", n}, {"error", why}});
            table += padText(std::to_string(n), 9, true) + "  " + why + "\n";
            continue;
        }
        const parallel::SystemLevel& s = pa->levels[li];
        // A count whose share of the program does not fit in a device's memory reaches nothing, however fast.
        const bool fits = pa->residentBytes <= pa->device.hardware.dramCapacityBytes.value;
        const bool reaches = fits && s.overlappedSeconds <= targetSeconds;
        if (reaches && (least == 0 || n < least))
            least = n;
        points.push_back({{"devices", n},
                          {"device_seconds", s.deviceSeconds},
                          {"overlapped_seconds", s.overlappedSeconds},
                          {"serial_seconds", s.serialSeconds},
                          {"held_bytes_per_device", pa->residentBytes},
                          {"fits", fits},
                          {"reaches_target", reaches},
                          {"serial_reaches_target", s.serialSeconds <= targetSeconds}});
        table += padText(std::to_string(n), 9, true) + padText(formatSeconds(s.deviceSeconds), 14, true)
            + padText(formatSeconds(s.overlappedSeconds), 14, true) + padText(formatSeconds(s.serialSeconds), 14, true) + "  "
            + (!fits         ? "no: " + formatBytes(pa->residentBytes) + " per device do not fit"
                   : reaches ? (s.serialSeconds <= targetSeconds ? "yes" : "yes (overlapped only)")
                             : "no")
            + "\n";
    }
    if (format == "json") {
        out << nlohmann::ordered_json({{"schema", "solar.inverse.devices/1"},
                                       {"level", bounds::levelName(level)},
                                       {"target_seconds", targetSeconds},
                                       {"least_devices", least > 0 ? nlohmann::ordered_json(least) : nlohmann::ordered_json(nullptr)},
                                       {"points", points}})
                   .dump(2)
            << '\n';
    } else {
        out << "devices for " << formatSeconds(targetSeconds) << " at " << bounds::levelName(level) << " on " << whole.hardware.name
            << " (tensor parallel):\n"
            << table << (least > 0 ? "the least: " + std::to_string(least) + " devices\n" : "no count of the list reaches it\n");
    }
    if (least == 0)
        err << "solar: error: no device count of the list reaches " << formatSeconds(targetSeconds) << '\n';
    return least > 0 ? ExitOk : ExitBadInput;
}

} // namespace solar::cli
