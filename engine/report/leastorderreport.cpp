// SPDX-License-Identifier: MIT
#include "engine/report/leastorderreport.h"

#include "engine/core/format.h"

namespace solar::report {

using bounds::Level;

std::vector<std::string> leastOrderLines(const AnalysisResult& r)
{
    if (!r.asWritten)
        return {};
    const AsWritten& w = *r.asWritten;
    std::vector<std::string> lines {"least contraction order: the bounds are of the program with " + std::to_string(w.steps.size())
                                    + (w.steps.size() == 1 ? " intermediate" : " intermediates")
                                    + " eliminated by reassociation (the same values; the speed of light is the least over "
                                    + "association orders): " + formatSi(w.macs, "MAC") + " as written, "
                                    + formatSi(totalMacs(r.graph), "MAC") + " reassociated; " + "cache_aware "
                                    + formatSeconds(w.ladder.at(Level::CacheAware).seconds) + " as written, "
                                    + formatSeconds(r.ladder.at(Level::CacheAware).seconds) + " reassociated"};
    // A model repeats its chains once per layer: the first few say what was rewritten, the JSON lists every one.
    constexpr size_t kShown = 3;
    for (size_t i = 0; i < w.steps.size() && i < kShown; ++i)
        lines.push_back(w.steps[i].description);
    if (w.steps.size() > kShown)
        lines.push_back("and " + std::to_string(w.steps.size() - kShown) + " more of the same kind (the JSON lists each)");
    return lines;
}

nlohmann::ordered_json leastOrderJson(const AnalysisResult& r)
{
    if (!r.asWritten)
        return nullptr;
    const AsWritten& w = *r.asWritten;
    auto levels = [](const bounds::Ladder& ladder) {
        nlohmann::ordered_json j = nlohmann::ordered_json::object();
        for (Level l : bounds::kLevels)
            j[std::string(bounds::levelName(l))] = ladder.at(l).seconds;
        return j;
    };
    nlohmann::ordered_json rewrites = nlohmann::ordered_json::array();
    for (const auto& s : w.steps) {
        const nlohmann::ordered_json step = {{"tensor", s.tensor},
                                             {"line", s.line},
                                             {"anchor", s.anchor},
                                             {"applied_last", s.kept},
                                             {"points_as_written", s.pointsBefore},
                                             {"points_reassociated", s.pointsAfter},
                                             {"description", s.description}};
        rewrites.push_back(step);
    }
    return {{"rewrites", rewrites},
            {"as_written", {{"macs", w.macs}, {"bounds_seconds", levels(w.ladder)}}},
            {"least_order", {{"macs", totalMacs(r.graph)}, {"bounds_seconds", levels(r.ladder)}}}};
}

} // namespace solar::report
