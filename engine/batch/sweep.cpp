// SPDX-License-Identifier: MIT
#include "engine/batch/sweep.h"

#include "engine/hw/hardwarenames.h"

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
#include <filesystem>
#include <fstream>
#include <mutex>
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

} // namespace

std::vector<std::string> problemFiles(const std::string& dir, bool kernelSources)
{
    std::vector<std::string> out;
    std::error_code ec;
    for (auto it = fs::recursive_directory_iterator(dir, ec); !ec && it != fs::recursive_directory_iterator(); it.increment(ec)) {
        const std::string ext = it->path().extension().string();
        if (it->is_regular_file(ec) && (ext == ".py" || (kernelSources && (ext == ".c" || ext == ".cc" || ext == ".cpp" || ext == ".cu"))))
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
    const std::string folderName = fs::path(timingPath).parent_path().filename().string();
    if (const auto other = hw::otherHardwareNamed(folderName, profile))
        return "the timings' folder '" + folderName + "' names " + *other + ", the profile is " + profile.name;
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

// The bounds of an analysis in a problem's row.
void takeBounds(ProblemResult& p, const AnalysisResult& r)
{
    p.flops = r.ladder.at(Level::Fused).flops;
    p.bytes = r.ladder.at(Level::Fused).bytes;
    p.kernels = static_cast<int>(r.digest.kernels.size());
    p.opFloorSeconds = r.ladder.at(Level::UnfusedPerKernel).opFloorSeconds;
    for (Level l : bounds::kLevels)
        p.boundsSeconds[static_cast<int>(l)] = r.ladder.at(l).seconds;
    p.validation = r.validation.status;
}

// A problem through the analyzer a caller gave (SweepOptions::analyzer) instead of the trace route.
void runThroughAnalyzer(const std::string& path, const SweepOptions& options, worker::Session& session, ProblemResult& p)
{
    const auto r = options.analyzer(path, session);
    if (!r) {
        p.status = ProblemStatus::Error;
        p.error = r.diagnostics().empty() ? "failed" : r.diagnostics().front().format();
        return;
    }
    p.status = r->coverage.complete ? ProblemStatus::Ok : ProblemStatus::Incomplete;
    for (const auto& item : r->coverage.items)
        if (!item.counted)
            p.notCounted.push_back(item.what + " at line " + std::to_string(item.line));
    takeBounds(p, *r);
    p.validationDetails = r->validation.details;
    p.programNote = r->programNote;
}

ProblemResult runProblem(const std::string& dir, const std::string& rel, const hw::HwProfile& hardware, const SweepOptions& options,
                         worker::TraceWorker& worker, worker::Session& session)
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
    if (options.analyzer) {
        runThroughAnalyzer(path, options, session, p);
        p.analysisSeconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
        return p;
    }
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
            takeBounds(p, *r);
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

void measureProblems(const std::string& dir, const hw::HwProfile& hardware, const SweepOptions& options, const worker::PythonInfo& python,
                     SweepResult& result)
{
    worker::TraceWorker worker(python);
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

bool hasComparedTiming(const ProblemResult& p)
{
    return p.status != ProblemStatus::Error && p.measuredSeconds && p.excluded.empty();
}

const std::array<double, bounds::kLevelCount>& comparedBounds(const ProblemResult& p)
{
    return p.measuredBoundsSeconds ? *p.measuredBoundsSeconds : p.boundsSeconds;
}

SweepResult runSweep(const std::string& dir, const hw::HwProfile& hardware, const SweepOptions& options, const worker::PythonInfo& python)
{
    const auto start = std::chrono::steady_clock::now();
    SweepResult result;
    result.hardware = hardware.id;
    result.policy = std::string(bounds::policyName(options.analysis.policy));
    result.cache = std::string(bounds::cacheName(options.analysis.cache));
    std::vector<std::string> files;
    const auto all = problemFiles(dir, options.kernelSources);
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
        worker::TraceWorker worker(python);
        worker::Session session(python.executable); // for SweepOptions::analyzer (its worker started on first use)
        for (size_t i = next++; i < files.size(); i = next++) {
            {
                std::lock_guard<std::mutex> lock(progressMutex);
                if (options.progress)
                    options.progress(done, static_cast<int>(files.size()), files[i]);
            }
            result.problems[i] = runProblem(dir, files[i], hardware, options, worker, session);
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

} // namespace solar::batch
