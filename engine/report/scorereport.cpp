// SPDX-License-Identifier: MIT
#include "engine/report/scorereport.h"

#include "engine/core/format.h"
#include "engine/core/version.h"

#include <nlohmann/json.hpp>

#include <sstream>

namespace solar::report {

namespace {

using nlohmann::ordered_json;

std::string pName(double p)
{
    std::ostringstream s;
    s << p;
    return s.str();
}

ordered_json optionalNumber(const std::optional<double>& v)
{
    return v ? ordered_json(*v) : ordered_json();
}

std::string csvField(const std::string& s)
{
    if (s.find_first_of(",\"\n") == std::string::npos)
        return s;
    std::string out = "\"";
    for (char ch : s)
        out += ch == '"' ? std::string("\"\"") : std::string(1, ch);
    return out + "\"";
}

std::string number(double v)
{
    std::ostringstream s;
    s.precision(17);
    s << v;
    return s.str();
}

} // namespace

std::string scoreJson(const batch::ScoreSummary& s)
{
    ordered_json fast = ordered_json::object();
    for (const auto& [p, share] : s.fastP)
        fast[pName(p)] = share;
    ordered_json rows = ordered_json::array();
    for (const batch::ScoreRow& r : s.rows)
        rows.push_back({{"key", r.time.key},
                        {"kernel_seconds", r.time.kernelSeconds},
                        {"baseline_seconds", r.time.baselineSeconds},
                        {"sol_seconds", optionalNumber(r.solSeconds)},
                        {"speedup", r.speedup},
                        {"correct", r.time.correct},
                        {"sol_score", optionalNumber(r.score)},
                        {"flag", batch::scoreFlagName(r.flag)},
                        {"note", r.note}});
    const ordered_json doc = {{"schema", "solar.score/1"},
                              {"tool", {{"name", "solar"}, {"version", kVersion}}},
                              {"level", bounds::levelName(s.level)},
                              {"rule", batch::scoreRuleName(s.rule)},
                              {"summary",
                               {{"rows", s.rows.size()},
                                {"scored", s.scored},
                                {"mean_sol_score", s.scored > 0 ? ordered_json(s.meanScore) : ordered_json()},
                                {"fast_p", fast},
                                {"violations", s.violations},
                                {"unbounded", s.unbounded}}},
                              {"rows", rows}};
    return doc.dump(2) + "\n";
}

std::string scoreCsv(const batch::ScoreSummary& s)
{
    std::string out = "key,kernel_seconds,baseline_seconds,sol_seconds,speedup,correct,sol_score,flag,note\n";
    for (const batch::ScoreRow& r : s.rows)
        out += csvField(r.time.key) + "," + number(r.time.kernelSeconds) + "," + number(r.time.baselineSeconds) + ","
            + (r.solSeconds ? number(*r.solSeconds) : std::string()) + "," + number(r.speedup) + "," + (r.time.correct ? "true" : "false")
            + "," + (r.score ? number(*r.score) : std::string()) + "," + std::string(batch::scoreFlagName(r.flag)) + "," + csvField(r.note)
            + "\n";
    return out;
}

std::string scoreTable(const batch::ScoreSummary& s)
{
    size_t keyWidth = 8;
    for (const batch::ScoreRow& r : s.rows)
        keyWidth = std::max(keyWidth, std::min<size_t>(r.time.key.size(), 60) + 2);
    std::string out = "SOL score against " + std::string(bounds::levelName(s.level)) + " (S = 1 / (1 + (T_k - T_SOL) / (T_b - T_SOL)); "
        + (s.rule == batch::ScoreRule::Upstream ? "upstream's rule, capped at 1 under the bound"
                                                : "strict: no score for a time under its bound")
        + ")\n\n" + padText("problem", keyWidth) + padText("kernel", 11, true) + padText("baseline", 11, true) + padText("T_SOL", 11, true)
        + padText("speedup", 9, true) + padText("score", 8, true) + "  flag\n";
    for (const batch::ScoreRow& r : s.rows) {
        const std::string key = r.time.key.size() > 60 ? r.time.key.substr(0, 59) + "…" : r.time.key;
        out += padText(key, keyWidth) + padText(formatSeconds(r.time.kernelSeconds), 11, true)
            + padText(formatSeconds(r.time.baselineSeconds), 11, true)
            + padText(r.solSeconds ? formatSeconds(*r.solSeconds) : "-", 11, true) + padText(formatFixed(r.speedup, 2) + "x", 9, true)
            + padText(r.score ? formatFixed(*r.score, 3) : "-", 8, true) + "  " + std::string(batch::scoreFlagName(r.flag))
            + (r.note.empty() ? "" : " (" + r.note + ")") + "\n";
    }
    out += "\n" + std::to_string(s.rows.size()) + " kernels, " + std::to_string(s.scored) + " scored";
    if (s.scored > 0)
        out += ", mean SOL score " + formatFixed(s.meanScore, 3);
    out += "\nfast_p (correct and faster than the baseline by more than p):";
    for (const auto& [p, share] : s.fastP)
        out += "  fast_" + pName(p) + " " + formatFixed(100 * share, 1) + "%";
    out += "\n";
    if (s.violations > 0)
        out += std::to_string(s.violations)
            + " time(s) below the bound: investigate each (a measurement or bound bug, or a kernel that skips work)\n";
    if (s.unbounded > 0)
        out += std::to_string(s.unbounded) + " kernel(s) without a bound: not scored\n";
    return out;
}

} // namespace solar::report
