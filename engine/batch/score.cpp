// SPDX-License-Identifier: MIT
#include "engine/batch/score.h"

#include "engine/batch/sweep.h"
#include "engine/core/format.h"
#include "engine/core/textfile.h"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <cmath>

namespace solar::batch {

using bounds::Level;

namespace {

Expected<nlohmann::json> readJsonFile(const std::string& path)
{
    const auto text = readTextFile(path, "score.read");
    if (!text)
        return Expected<nlohmann::json>::failure(text.diagnostics());
    try {
        return nlohmann::json::parse(*text);
    } catch (const nlohmann::json::parse_error& e) {
        return Expected<nlohmann::json>::failure(Diagnostic {Severity::Error, path, locationOf(*text, e.byte > 0 ? e.byte - 1 : 0),
                                                             "score.json", std::string("not valid JSON: ") + e.what()});
    }
}

// The bound of `t`: its exact key, else — a KernelBench problem moved between level folders — the one problem bound
// whose file name is the same (`via` says which). A workload matches only by definition and uuid: its uuid alone
// could name another definition's workload or a bound on another device.
struct FoundBound
{
    const std::array<double, bounds::kLevelCount>* seconds = nullptr;
    std::string via;
};

FoundBound findBound(const BoundsTable& b, const KernelTime& t)
{
    if (const auto it = b.seconds.find(t.key); it != b.seconds.end())
        return {&it->second, {}};
    if (t.workload)
        return {};
    const auto slash = t.key.rfind('/');
    const std::string name = "/" + t.key.substr(slash == std::string::npos ? 0 : slash + 1);
    FoundBound found;
    for (const auto& [k, v] : b.seconds)
        if (!b.workloadKeys.count(k) && k.size() >= name.size() && k.compare(k.size() - name.size(), name.size(), name) == 0) {
            if (found.seconds)
                return {nullptr, "ambiguous"};
            found = {&v, k};
        }
    return found;
}

} // namespace

std::string_view scoreFlagName(ScoreFlag flag)
{
    switch (flag) {
    case ScoreFlag::None: return "";
    case ScoreFlag::KernelBelowBound: return "kernel_below_bound";
    case ScoreFlag::BaselineBelowBound: return "baseline_below_bound";
    case ScoreFlag::NotCorrect: return "not_correct";
    case ScoreFlag::NoBound: return "no_bound";
    }
    return "";
}

std::string_view scoreRuleName(ScoreRule rule)
{
    return rule == ScoreRule::Strict ? "strict" : "upstream";
}

std::optional<ScoreRule> parseScoreRule(std::string_view name)
{
    if (name == "upstream")
        return ScoreRule::Upstream;
    if (name == "strict")
        return ScoreRule::Strict;
    return std::nullopt;
}

std::optional<double> upstreamFormula(double kernelSeconds, double baselineSeconds, double solSeconds)
{
    const double room = baselineSeconds - solSeconds;
    if (!(room > 0))
        return kernelSeconds <= solSeconds ? 1.0 : 0.0;
    const double denominator = 1.0 + (kernelSeconds - solSeconds) / room;
    if (denominator == 0)
        return std::nullopt;
    const double s = 1.0 / denominator;
    return std::isfinite(s) ? std::optional<double>(s) : std::nullopt;
}

double solScore(double kernelSeconds, double baselineSeconds, double solSeconds)
{
    if (kernelSeconds <= solSeconds)
        return 1.0; // upstream's 1 where T_b <= T_SOL; the cap where T_b > T_SOL
    if (!(baselineSeconds > solSeconds))
        return 0.0;
    return 1.0 / (1.0 + (kernelSeconds - solSeconds) / (baselineSeconds - solSeconds));
}

ScoreSummary scoreKernels(const std::vector<KernelTime>& times, const BoundsTable& table, const ScoreOptions& options)
{
    ScoreSummary out;
    out.level = options.level;
    out.rule = options.rule;
    double sum = 0;
    for (const KernelTime& t : times) {
        ScoreRow row;
        row.time = t;
        row.speedup = t.kernelSeconds > 0 ? t.baselineSeconds / t.kernelSeconds : 0;
        const FoundBound found = findBound(table, t);
        const auto* b = found.seconds;
        if (!b || (*b)[static_cast<size_t>(options.level)] <= 0) {
            row.flag = ScoreFlag::NoBound;
            const auto why = table.unusable.find(t.key);
            row.note = why != table.unusable.end() ? why->second
                : found.via == "ambiguous"         ? "no bound of this key, and several problems' bounds have its file name"
                : t.workload                       ? "no analysis of this definition and workload uuid in the bounds given"
                                                   : "no analysis of this problem in the bounds given";
            ++out.unbounded;
            out.rows.push_back(std::move(row));
            continue;
        }
        const double sol = (*b)[static_cast<size_t>(options.level)];
        row.solSeconds = sol;
        // A time under the bound is reported whatever else holds: it is what most needs a look.
        const bool kernelBelow = t.kernelSeconds < sol, baselineBelow = t.baselineSeconds < sol;
        if (kernelBelow || baselineBelow)
            ++out.violations;
        std::vector<std::string> notes;
        if (!found.via.empty())
            notes.push_back("matched by file name to " + found.via);
        if (t.baselineSeconds <= sol)
            row.flag = ScoreFlag::BaselineBelowBound;
        else if (kernelBelow)
            row.flag = ScoreFlag::KernelBelowBound;
        else if (!t.correct)
            row.flag = ScoreFlag::NotCorrect;
        const bool underBound = kernelBelow || row.flag == ScoreFlag::BaselineBelowBound;
        if (!t.correct)
            row.score = 0.0;
        else if (options.rule == ScoreRule::Upstream || !underBound)
            row.score = solScore(t.kernelSeconds, t.baselineSeconds, sol);
        if (row.flag == ScoreFlag::BaselineBelowBound)
            notes.push_back(
                std::string(baselineBelow ? "the baseline is below the bound" : "the baseline runs at the bound")
                + (kernelBelow ? ", and the kernel too" : "")
                + (options.rule == ScoreRule::Upstream ? ": upstream scores 1 if T_k <= T_SOL, else 0" : ": not scored (strict)"));
        else if (row.flag == ScoreFlag::KernelBelowBound && t.correct) {
            const auto formula = upstreamFormula(t.kernelSeconds, t.baselineSeconds, sol);
            notes.push_back(options.rule == ScoreRule::Strict ? std::string("not scored (strict)")
                                                              : "capped at 1; upstream's formula gives "
                                    + (formula ? formatFixed(*formula, 3) : std::string("a division by zero")));
        }
        if (!t.correct && underBound)
            notes.push_back("scored 0: not correct");
        for (const std::string& n : notes)
            row.note += (row.note.empty() ? "" : "; ") + n;
        if (row.score) {
            sum += *row.score;
            ++out.scored;
        }
        out.rows.push_back(std::move(row));
    }
    out.meanScore = out.scored > 0 ? sum / out.scored : 0;
    for (const double p : options.ps) {
        int fast = 0;
        for (const ScoreRow& r : out.rows)
            fast += r.time.correct && r.speedup > p ? 1 : 0;
        out.fastP.push_back({p, out.rows.empty() ? 0.0 : static_cast<double>(fast) / static_cast<double>(out.rows.size())});
    }
    return out;
}

BoundsTable boundsOfSweep(const SweepResult& sweep, const std::string& origin)
{
    BoundsTable out;
    for (const ProblemResult& p : sweep.problems) {
        out.origin[p.file] = origin;
        if (p.status == ProblemStatus::Ok)
            out.seconds[p.file] = p.boundsSeconds;
        else
            out.unusable[p.file] = "its analysis is " + std::string(problemStatusName(p.status))
                + (p.error.empty() ? std::string() : ": " + p.error.substr(0, 200));
    }
    return out;
}

Expected<BoundsTable> readBounds(const std::vector<std::string>& paths)
{
    using Result = Expected<BoundsTable>;
    BoundsTable out;
    // Two bounds for one key (one problem on B200 and on H100, say) would score against whichever file came last.
    auto claim = [&](const std::string& key, const std::string& path) -> std::optional<Diagnostic> {
        const auto [it, fresh] = out.origin.emplace(key, path);
        if (fresh)
            return std::nullopt;
        return Diagnostic {Severity::Error,
                           path,
                           {},
                           "score.bounds",
                           "'" + key + "' has bounds in " + it->second + " and in " + path
                               + ": give one bounds file per key (score each device separately)"};
    };
    for (const std::string& path : paths) {
        auto doc = readJsonFile(path);
        if (!doc)
            return Result::failure(doc.diagnostics());
        const std::string schema = doc->is_object() ? doc->value("schema", "") : "";
        if (schema == "solar.bench/1") {
            const auto sweep = readSweepJson(path);
            if (!sweep)
                return Result::failure(sweep.diagnostics());
            const BoundsTable one = boundsOfSweep(*sweep, path);
            for (const auto& [key, file] : one.origin)
                if (auto clash = claim(key, file))
                    return Result::failure(*clash);
            out.seconds.insert(one.seconds.begin(), one.seconds.end());
            out.unusable.insert(one.unusable.begin(), one.unusable.end());
        } else if (schema == "solar.workloads/1") {
            try {
                const std::string name = doc->at("definition").at("name").get<std::string>();
                for (const auto& w : doc->at("workloads")) {
                    const std::string key = name + "/" + w.at("uuid").get<std::string>();
                    if (auto clash = claim(key, path))
                        return Result::failure(*clash);
                    out.workloadKeys.insert(key);
                    if (w.at("status").get<std::string>() != "ok") {
                        out.unusable[key] = "workload status " + w.at("status").get<std::string>() + ": " + w.value("message", "");
                        continue;
                    }
                    std::array<double, bounds::kLevelCount> s {};
                    for (Level l : bounds::kLevels)
                        s[static_cast<size_t>(l)] = w.at("bounds").at(std::string(bounds::levelName(l))).at("seconds").get<double>();
                    out.seconds[key] = s;
                }
            } catch (const nlohmann::json::exception& e) {
                return Result::failure(
                    Diagnostic {Severity::Error, path, {}, "score.bounds", std::string("a malformed solar.workloads/1: ") + e.what()});
            }
        } else {
            return Result::failure(Diagnostic {Severity::Error,
                                               path,
                                               {},
                                               "score.bounds",
                                               "not a bounds file: give the JSON of 'solar bench' (solar.bench/1) or of 'solar analyze "
                                               "PROBLEM_DIR' (solar.workloads/1)"});
        }
    }
    return out;
}

std::vector<KernelTime> pairTimings(const std::map<std::string, double>& kernel, const std::map<std::string, double>& baseline)
{
    std::vector<KernelTime> out;
    for (const auto& [key, seconds] : kernel)
        if (const auto b = timingFor(baseline, key))
            out.push_back({key, seconds, *b, true});
    return out;
}

Expected<std::vector<KernelTime>> readKernelTimes(const std::string& path, const std::string& baselinePath)
{
    using Result = Expected<std::vector<KernelTime>>;
    auto doc = readJsonFile(path);
    if (!doc)
        return Result::failure(doc.diagnostics());
    auto fail = [&](const std::string& message) { return Result::failure(Diagnostic {Severity::Error, path, {}, "score.times", message}); };
    if (doc->is_object() && doc->value("schema", "") == "solar.times/1") {
        if (!baselinePath.empty())
            return fail("a solar.times/1 file holds its baselines: --baseline goes with KernelBench timing files");
        std::vector<KernelTime> out;
        const auto times = doc->find("times");
        if (times == doc->end() || !times->is_array())
            return fail("\"times\" (a list of {problem, workload, kernel_seconds, baseline_seconds, correct}) is missing");
        for (size_t i = 0; i < times->size(); ++i) {
            const auto& t = (*times)[i];
            const std::string where = "times[" + std::to_string(i) + "]: ";
            if (!t.is_object() || !t.contains("problem") || !t["problem"].is_string())
                return fail(where + "\"problem\" (a string) is missing");
            KernelTime k;
            k.key = t["problem"].get<std::string>();
            if (t.contains("workload") && !t["workload"].is_null()) {
                if (!t["workload"].is_string())
                    return fail(where + "\"workload\" is a uuid string");
                k.key += "/" + t["workload"].get<std::string>();
                k.workload = true;
            }
            for (const auto& [field, target] :
                 {std::pair {"kernel_seconds", &k.kernelSeconds}, std::pair {"baseline_seconds", &k.baselineSeconds}}) {
                if (!t.contains(field) || !t[field].is_number() || !(t[field].get<double>() > 0) || !std::isfinite(t[field].get<double>()))
                    return fail(where + "\"" + field + "\" must be a positive number of seconds");
                *target = t[field].get<double>();
            }
            if (t.contains("correct")) {
                if (!t["correct"].is_boolean())
                    return fail(where + "\"correct\" is true or false");
                k.correct = t["correct"].get<bool>();
            }
            out.push_back(std::move(k));
        }
        return out;
    }
    if (baselinePath.empty())
        return fail("not a solar.times/1 file; a KernelBench timing file of kernels needs --baseline TIMINGS.json (the baseline's "
                    "KernelBench timings)");
    const auto kernel = readTimings(path);
    if (!kernel)
        return Result::failure(kernel.diagnostics());
    const auto baseline = readTimings(baselinePath);
    if (!baseline)
        return Result::failure(baseline.diagnostics());
    return pairTimings(*kernel, *baseline);
}

} // namespace solar::batch
