// SPDX-License-Identifier: MIT
#include "engine/batch/sweep.h"

#include "engine/analysis/differential.h"
#include "engine/core/format.h"
#include "engine/core/textfile.h"
#include "engine/frontend/trace/lowering.h"
#include "engine/frontend/validate/validation.h"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <atomic>
#include <cctype>
#include <chrono>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <mutex>
#include <sstream>
#include <thread>

namespace solar::batch {

std::string_view problemStatusName(ProblemStatus status)
{
    switch (status) {
    case ProblemStatus::Ok: return "ok";
    case ProblemStatus::Incomplete: return "incomplete";
    case ProblemStatus::Error: return "error";
    }
    return "error";
}

std::optional<ProblemStatus> parseProblemStatus(std::string_view text)
{
    for (ProblemStatus s : {ProblemStatus::Ok, ProblemStatus::Incomplete, ProblemStatus::Error})
        if (problemStatusName(s) == text)
            return s;
    return std::nullopt;
}

namespace fs = std::filesystem;
using bounds::Level;
using nlohmann::ordered_json;

namespace {

Expected<nlohmann::json> readJson(const std::string& path)
{
    const auto text = readTextFile(path, "bench.read");
    if (!text)
        return Expected<nlohmann::json>::failure(text.diagnostics());
    try {
        return nlohmann::json::parse(*text);
    } catch (const nlohmann::json::exception& e) {
        return Expected<nlohmann::json>::failure(
            Diagnostic {Severity::Error, path, {}, "bench.json", std::string("invalid JSON: ") + e.what()});
    }
}

double median(std::vector<double> v)
{
    if (v.empty())
        return 0;
    std::sort(v.begin(), v.end());
    const size_t n = v.size();
    return n % 2 ? v[n / 2] : (v[n / 2 - 1] + v[n / 2]) / 2;
}

std::string csvQuoted(const std::string& text)
{
    if (text.find_first_of(",\"\n") == std::string::npos)
        return text;
    std::string out = "\"";
    for (char c : text)
        out += c == '"' ? std::string("\"\"") : std::string(1, c);
    return out + "\"";
}

bool compared(const ProblemResult& p)
{
    return p.status != ProblemStatus::Error && p.measuredSeconds && p.excluded.empty();
}

} // namespace

std::vector<std::string> problemFiles(const std::string& dir)
{
    std::vector<std::string> out;
    std::error_code ec;
    for (auto it = fs::recursive_directory_iterator(dir, ec); !ec && it != fs::recursive_directory_iterator(); it.increment(ec)) {
        if (it->is_regular_file(ec) && it->path().extension() == ".py")
            out.push_back(fs::relative(it->path(), dir, ec).string());
    }
    std::sort(out.begin(), out.end());
    return out;
}

Expected<std::map<std::string, double>> readTimings(const std::string& path)
{
    auto doc = readJson(path);
    if (!doc)
        return Expected<std::map<std::string, double>>::failure(doc.diagnostics());
    std::map<std::string, double> out;
    try {
        for (const auto& [level, problems] : doc->items()) {
            for (const auto& [file, timing] : problems.items())
                out[level + "/" + file] = timing.at("min").get<double>() * 1e-3; // milliseconds in the file
        }
    } catch (const nlohmann::json::exception& e) {
        return Expected<std::map<std::string, double>>::failure(
            Diagnostic {Severity::Error, path, {}, "bench.timings", std::string("not a KernelBench timing file: ") + e.what()});
    }
    return out;
}

std::optional<std::string> timingsHardwareMismatch(const std::string& timingPath, const hw::HwProfile& profile)
{
    auto upper = [](std::string t) {
        std::string out;
        for (char c : t) {
            if (std::isalnum(static_cast<unsigned char>(c)))
                out += static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
        }
        return out;
    };
    const std::string folderName = fs::path(timingPath).parent_path().filename().string();
    const std::string folder = upper(folderName);
    const std::string machine = upper(profile.id + " " + profile.name);
    for (const char* gpu : {"H100", "H200", "A100", "B200", "B100", "L40S", "L4", "A10G", "4090", "MI300", "V100", "T4"}) {
        const std::string g = gpu;
        auto namesGpu = [&](const std::string& text) {
            for (size_t at = text.find(g); at != std::string::npos; at = text.find(g, at + 1)) {
                const bool digitAfter = at + g.size() < text.size() && std::isdigit(static_cast<unsigned char>(text[at + g.size()]));
                if (!digitAfter) // "L4" is not "L40S"
                    return true;
            }
            return false;
        };
        if (namesGpu(folder) && !namesGpu(machine))
            return "the timings' folder '" + folderName + "' names a " + g + ", the profile is " + profile.name;
    }
    for (const auto& [a, b] : {std::pair<std::string, std::string> {"PCIE", "SXM"}, {"SXM", "PCIE"}}) {
        if (folder.find(a) != std::string::npos && machine.find(b) != std::string::npos)
            return "the timings' folder '" + folderName + "' is a " + (a == "PCIE" ? "PCIe" : "SXM") + " machine, the profile is "
                + profile.name;
    }
    return std::nullopt;
}

std::optional<double> timingFor(const std::map<std::string, double>& timings, const std::string& filePath)
{
    const std::filesystem::path path(filePath);
    const std::string name = path.filename().string();
    const std::string key = path.parent_path().filename().string() + "/" + name;
    if (const auto it = timings.find(key); it != timings.end())
        return it->second;
    for (const auto& [k, seconds] : timings)
        if (k.size() > name.size() && k.compare(k.size() - name.size() - 1, std::string::npos, "/" + name) == 0)
            return seconds;
    return std::nullopt;
}

Expected<std::map<std::string, std::string>> readStaleList(const std::string& path)
{
    auto doc = readJson(path);
    if (!doc)
        return Expected<std::map<std::string, std::string>>::failure(doc.diagnostics());
    std::map<std::string, std::string> out;
    for (const auto& [file, why] : doc->items()) {
        if (file.rfind('_', 0) == 0)
            continue; // "_comment" keys
        out[file] = why.is_string() ? why.get<std::string>() : why.dump();
    }
    return out;
}

namespace {

// The lowered program at its smallest fitted sizes (full size only when nothing was fitted: it may hit the cap).
void runDifferential(const trace::ModelProgram& model, const hw::HwProfile& hardware, ProblemResult& p)
{
    analysis::DifferentialOptions d;
    if (model.symbolic && !model.exactAt.empty()) {
        for (const auto& [name, value] : model.parameterValues(model.exactAt.front()))
            d.sizes[name] = value;
    }
    d.profiles = {hardware};
    d.maxInstances = 2'000'000'000; // as generous as validation (the profiled run is a few times slower)
    d.maxElements = std::int64_t(1) << 28;
    const auto r = analysis::checkCounts(model.lowered.program, d);
    if (!r) {
        p.differential = "not run: " + (r.diagnostics().empty() ? std::string("failed") : r.diagnostics().front().message);
        return;
    }
    p.differentialFindings = static_cast<int>(r->findings.size());
    p.differential = std::to_string(r->nodesChecked) + " nodes, " + std::to_string(r->exactEqualities) + " exact counts matched";
    for (const auto& f : r->findings)
        p.differential += "; line " + std::to_string(f.line) + ": " + f.what;
}

ProblemResult runProblem(const std::string& dir, const std::string& rel, const hw::HwProfile& hardware, const SweepOptions& options,
                         trace::TraceWorker& worker)
{
    const auto t0 = std::chrono::steady_clock::now();
    ProblemResult p;
    p.file = rel;
    const auto slash = rel.find('/');
    p.level = slash == std::string::npos ? "" : rel.substr(0, slash);
    if (const auto t = options.timingsSeconds.find(rel); t != options.timingsSeconds.end())
        p.measuredSeconds = t->second;
    if (const auto s = options.staleTimings.find(rel); s != options.staleTimings.end())
        p.excluded = s->second;
    const std::string path = (fs::path(dir) / rel).string();
    auto fail = [&](const Diagnostics& d) {
        p.status = ProblemStatus::Error;
        p.error = d.empty() ? "failed" : d.front().format();
    };
    // Size parameters are fitted only when the program is validated: the bounds do not depend on them, and a
    // bounds-only sweep should not pay for the extra traces.
    const auto model
        = trace::loadModelProgram(path, worker, options.analysis.sizes, options.validate || options.differential, options.timeoutMs);
    if (!model) {
        fail(model.diagnostics());
    } else {
        const trace::Lowered& lowered = model->lowered;
        AnalysisOptions ao = options.analysis;
        ao.sizes.clear();
        const auto r = analyzeProgram(lowered.program, hardware, ao, [&](graph::EinsumGraph& g) { trace::applyProvenance(g, lowered); });
        if (!r) {
            fail(r.diagnostics());
        } else {
            // Incomplete: an op without a template, or statements the bounds leave out (data-dependent control).
            p.status = lowered.unsupported.empty() && r->coverage.complete ? ProblemStatus::Ok : ProblemStatus::Incomplete;
            for (const auto& u : lowered.unsupported)
                p.notCounted.push_back(u.aten + " at line " + std::to_string(u.sourceLine));
            for (const auto& item : r->coverage.items) {
                const auto origin = lowered.originOfLine.find(item.line);
                if (!item.counted && origin != lowered.originOfLine.end()) {
                    const std::string what = origin->second.aten + " at line " + std::to_string(origin->second.sourceLine);
                    if (std::find(p.notCounted.begin(), p.notCounted.end(), what) == p.notCounted.end())
                        p.notCounted.push_back(what);
                }
            }
            p.flops = r->ladder.at(Level::Fused).flops;
            p.bytes = r->ladder.at(Level::Fused).bytes;
            p.kernels = static_cast<int>(r->digest.kernels.size());
            p.opFloorSeconds = r->ladder.at(Level::UnfusedPerKernel).opFloorSeconds;
            for (Level l : bounds::kLevels)
                p.boundsSeconds[static_cast<int>(l)] = r->ladder.at(l).seconds;
            p.validation = r->validation.status;
            if (options.validate) {
                const Validation v = validate::validateModel(path, worker, *model);
                p.validation = v.status;
                p.validationDetails = v.details;
                p.sizeParameters = model->symbolic;
                p.programNote = model->sizesNote;
            }
            if (options.differential)
                runDifferential(*model, hardware, p);
        }
    }
    p.analysisSeconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    return p;
}

std::string describeMeasurement(const measure::Measurement& m)
{
    std::string out = "torch " + m.torchVersion + " eager";
    if (m.compiledSeconds)
        out += " and torch.compile";
    return out + ", " + m.device + ", " + std::to_string(m.threads) + (m.threads == 1 ? " thread" : " threads") + ", min of "
        + std::to_string(m.runs) + " runs";
}

void measureProblems(const std::string& dir, const hw::HwProfile& hardware, const SweepOptions& options, const trace::PythonInfo& python,
                     SweepResult& result)
{
    trace::TraceWorker worker(python);
    measure::MeasureOptions mo = options.measureOptions;
    mo.analysis = options.analysis;
    const int total = static_cast<int>(result.problems.size());
    for (int i = 0; i < total; ++i) {
        ProblemResult& p = result.problems[static_cast<size_t>(i)];
        if (options.progress)
            options.progress(i, total, "measure: " + p.file);
        if (p.status == ProblemStatus::Error) {
            p.measureError = "not analysed";
            continue;
        }
        const auto m = measure::measureModel((fs::path(dir) / p.file).string(), worker, hardware, mo);
        if (!m) {
            p.measureError = m.diagnostics().empty() ? std::string("failed") : m.diagnostics().front().message;
            continue;
        }
        p.measuredSeconds = m->seconds;
        p.excluded.clear(); // a timing file's staleness does not apply to a measurement taken here
        std::array<double, bounds::kLevelCount> b {};
        for (Level l : bounds::kLevels)
            b[static_cast<int>(l)] = m->analysis.ladder.at(l).seconds;
        p.measuredBoundsSeconds = b;
        p.measuredOpFloorSeconds = m->analysis.ladder.at(Level::UnfusedPerKernel).opFloorSeconds;
        p.measuredSizes = m->sizes;
        p.measuredWith = describeMeasurement(*m);
        p.compiledSeconds = m->compiledSeconds;
        if (!m->compileError.empty())
            p.measureError = "torch.compile: " + m->compileError;
    }
    if (options.progress)
        options.progress(total, total, "");
}

} // namespace

const std::array<double, bounds::kLevelCount>& comparedBounds(const ProblemResult& p)
{
    return p.measuredBoundsSeconds ? *p.measuredBoundsSeconds : p.boundsSeconds;
}

SweepResult runSweep(const std::string& dir, const hw::HwProfile& hardware, const SweepOptions& options, const trace::PythonInfo& python)
{
    const auto start = std::chrono::steady_clock::now();
    SweepResult result;
    result.hardware = hardware.id;
    result.policy = std::string(bounds::policyName(options.analysis.policy));
    result.cache = std::string(bounds::cacheName(options.analysis.cache));
    std::vector<std::string> files;
    const auto all = problemFiles(dir);
    for (size_t i = 0; i < all.size(); ++i) {
        if (static_cast<int>(i % static_cast<size_t>(options.shardCount)) == options.shardIndex)
            files.push_back(all[i]);
    }
    result.problems.resize(files.size());
    // Workers take the next problem from a shared counter; results land in their own slots, so the output order
    // is the sorted file order whatever the scheduling.
    std::atomic<size_t> next {0};
    std::mutex progressMutex;
    int done = 0;
    auto work = [&] {
        trace::TraceWorker worker(python);
        for (size_t i = next++; i < files.size(); i = next++) {
            {
                std::lock_guard<std::mutex> lock(progressMutex);
                if (options.progress)
                    options.progress(done, static_cast<int>(files.size()), files[i]);
            }
            result.problems[i] = runProblem(dir, files[i], hardware, options, worker);
            std::lock_guard<std::mutex> lock(progressMutex);
            ++done;
        }
    };
    const int jobs = std::max(1, std::min<int>(options.jobs, static_cast<int>(files.size())));
    std::vector<std::thread> helpers;
    for (int j = 1; j < jobs; ++j)
        helpers.emplace_back(work);
    work();
    for (auto& h : helpers)
        h.join();
    if (options.progress)
        options.progress(done, static_cast<int>(files.size()), "");
    if (options.measure) // one at a time and after the analyses: measurements must not share cores
        measureProblems(dir, hardware, options, python, result);
    result.wallSeconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    return result;
}

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
        const auto& against = comparedBounds(p);
        for (Level l : bounds::kLevels) {
            const int i = static_cast<int>(l);
            const std::string key(bounds::levelName(l));
            b[key] = p.status == ProblemStatus::Error ? ordered_json(nullptr) : ordered_json(p.boundsSeconds[i]);
            if (p.measuredBoundsSeconds)
                mb[key] = (*p.measuredBoundsSeconds)[i];
            if (compared(p) && against[i] > 0) {
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
            if (compared(p) && p.compiledSeconds) {
                compiledViolation[key] = against[i] > *p.compiledSeconds;
                compiledViolations[i] += against[i] > *p.compiledSeconds;
            }
        }
        measured += p.measuredBoundsSeconds.has_value();
        compiledCount += p.compiledSeconds.has_value();
        if (!p.excluded.empty())
            excluded.push_back({{"file", p.file}, {"reason", p.excluded}});
        ++perLevel[p.level][std::string(problemStatusName(p.status))];
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
             {"status", std::string(problemStatusName(p.status))},
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
             {"validation", std::string(validationStatusName(p.validation))},
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

Expected<SweepResult> readSweepJson(const std::string& path)
{
    auto doc = readJson(path);
    if (!doc)
        return Expected<SweepResult>::failure(doc.diagnostics());
    auto fail = [&](const std::string& message) {
        return Expected<SweepResult>::failure(Diagnostic {Severity::Error, path, {}, "bench.schema", message});
    };
    if (!doc->is_object() || doc->value("schema", "") != "solar.bench/1")
        return fail("not a 'solar bench --format json' output (schema solar.bench/1)");
    SweepResult r;
    try {
        r.hardware = doc->at("hardware").get<std::string>();
        r.policy = doc->at("policy").get<std::string>();
        r.cache = doc->at("cache").get<std::string>();
        r.wallSeconds = doc->at("summary").at("wall_seconds").get<double>();
        for (const auto& j : doc->at("problems")) {
            ProblemResult p;
            p.file = j.at("file").get<std::string>();
            p.level = j.at("level").get<std::string>();
            const std::string status = j.at("status").get<std::string>();
            const auto parsed = parseProblemStatus(status);
            if (!parsed)
                return fail(p.file + ": unknown status '" + status + "'");
            p.status = *parsed;
            p.error = j.at("error").get<std::string>();
            p.notCounted = j.at("not_counted").get<std::vector<std::string>>();
            p.flops = j.at("flops").get<double>();
            p.bytes = j.at("bytes").get<double>();
            p.kernels = j.value("kernels", 0);
            p.opFloorSeconds = j.value("op_floor_seconds", 0.0);
            p.measuredOpFloorSeconds = j.value("measured_op_floor_seconds", 0.0);
            for (Level l : bounds::kLevels) {
                const auto& b = j.at("bounds_seconds").at(std::string(bounds::levelName(l)));
                p.boundsSeconds[static_cast<int>(l)] = b.is_null() ? 0.0 : b.get<double>();
            }
            if (!j.at("measured_seconds").is_null())
                p.measuredSeconds = j.at("measured_seconds").get<double>();
            if (!j.at("excluded").is_null())
                p.excluded = j.at("excluded").get<std::string>();
            if (j.contains("measured_bounds_seconds") && !j.at("measured_bounds_seconds").is_null()) {
                std::array<double, bounds::kLevelCount> mb {};
                for (Level l : bounds::kLevels)
                    mb[static_cast<int>(l)] = j.at("measured_bounds_seconds").at(std::string(bounds::levelName(l))).get<double>();
                p.measuredBoundsSeconds = mb;
                p.measuredSizes = j.at("measured_sizes").get<std::map<std::string, std::int64_t>>();
            }
            p.measuredWith = j.value("measured_with", std::string());
            if (j.contains("compiled_seconds") && !j.at("compiled_seconds").is_null())
                p.compiledSeconds = j.at("compiled_seconds").get<double>();
            p.measureError = j.value("measure_error", std::string());
            p.validation = parseValidationStatus(j.at("validation").get<std::string>()).value_or(ValidationStatus::Unvalidated);
            p.validationDetails = j.at("validation_details").get<std::string>();
            p.sizeParameters = j.value("size_parameters", false);
            p.programNote = j.value("program_note", std::string());
            p.analysisSeconds = j.at("analysis_seconds").get<double>();
            if (j.contains("differential_findings") && !j.at("differential_findings").is_null())
                p.differentialFindings = j.at("differential_findings").get<int>();
            p.differential = j.value("differential", std::string());
            r.problems.push_back(std::move(p));
        }
    } catch (const nlohmann::json::exception& e) {
        return fail(std::string("malformed solar.bench/1 file: ") + e.what());
    }
    return r;
}

Expected<SweepResult> mergeSweeps(const std::vector<SweepResult>& shards, const std::vector<std::string>& names)
{
    SweepResult merged;
    std::map<std::string, std::string> seen; // file -> shard it came from
    for (size_t i = 0; i < shards.size(); ++i) {
        const SweepResult& s = shards[i];
        const std::string name = i < names.size() ? names[i] : "shard " + std::to_string(i);
        auto fail = [&](const std::string& message) {
            return Expected<SweepResult>::failure(Diagnostic {Severity::Error, name, {}, "bench.merge", message});
        };
        if (i == 0) {
            merged.hardware = s.hardware;
            merged.policy = s.policy;
            merged.cache = s.cache;
        } else if (s.hardware != merged.hardware || s.policy != merged.policy || s.cache != merged.cache) {
            return fail("was run with " + s.hardware + "/" + s.policy + "/" + s.cache + ", the first shard with " + merged.hardware + "/"
                        + merged.policy + "/" + merged.cache + ": results of different sweeps do not merge");
        }
        for (const auto& p : s.problems) {
            const auto [it, fresh] = seen.emplace(p.file, name);
            if (!fresh)
                return fail(p.file + " is also in " + it->second + " (overlapping shards)");
            merged.problems.push_back(p);
        }
        merged.wallSeconds = std::max(merged.wallSeconds, s.wallSeconds);
    }
    std::sort(merged.problems.begin(), merged.problems.end(), [](const auto& a, const auto& b) { return a.file < b.file; });
    return merged;
}

Expected<SweepResult> readSweepFiles(const std::vector<std::string>& paths)
{
    std::vector<SweepResult> shards;
    for (const auto& f : paths) {
        auto r = readSweepJson(f);
        if (!r)
            return Expected<SweepResult>::failure(r.diagnostics());
        shards.push_back(std::move(r).value());
    }
    return mergeSweeps(shards, paths);
}

std::string sweepCsv(const SweepResult& r)
{
    std::string out = "file,level,status";
    for (Level l : bounds::kLevels)
        out += "," + std::string(bounds::levelName(l)) + "_seconds";
    out += ",measured_seconds,excluded,validation,compiled_seconds,measured_with\n";
    for (const auto& p : r.problems) {
        out += p.file + "," + p.level + "," + std::string(problemStatusName(p.status));
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
        out += std::string(",") + m + "," + (p.excluded.empty() ? "" : "yes") + "," + std::string(validationStatusName(p.validation)) + ","
            + c + "," + csvQuoted(p.measuredWith) + "\n";
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
        out << p.file << "  " << problemStatusName(p.status) << "  fused " << fused;
        if (compared(p)) {
            const auto& against = comparedBounds(p);
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
                if (p.compiledSeconds && against[i] > *p.compiledSeconds && (l == Level::Fused || l == Level::CacheAware))
                    out << "  VIOLATION(" << bounds::levelName(l) << ", compiled)";
                if (against[i] > *p.measuredSeconds) {
                    ++violations[i];
                    if (l == Level::Fused || l == Level::CacheAware)
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

} // namespace solar::batch
