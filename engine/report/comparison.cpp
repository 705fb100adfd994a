// SPDX-License-Identifier: MIT
#include "engine/report/comparison.h"

#include "engine/report/analysisreport.h"

#include <nlohmann/json.hpp>

#include <cstdio>

namespace solar::report {

using bounds::Level;

Comparison compareHardware(const AnalysisResult& result, const std::vector<const hw::HwProfile*>& profiles, const std::string& baseline)
{
    Comparison c;
    c.program = result.program.name;
    for (const hw::HwProfile* p : profiles) {
        ProfileColumn col;
        col.id = p->id;
        col.name = p->name;
        col.ladder = bounds::solve(result.digest, machineFor(*p, result.options), result.options.policy, result.options.cache);
        c.profiles.push_back(std::move(col));
    }
    if (c.profiles.empty())
        return c;
    size_t base = 0;
    for (size_t i = 0; i < c.profiles.size(); ++i)
        if (c.profiles[i].id == baseline)
            base = i;
    c.baseline = c.profiles[base].id;
    for (auto& col : c.profiles)
        for (Level l : bounds::kLevels) {
            const double mine = col.ladder.at(l).seconds, theirs = c.profiles[base].ladder.at(l).seconds;
            col.speedup[static_cast<size_t>(l)] = mine > 0 ? theirs / mine : 0.0;
        }
    for (Level l : bounds::kLevels) {
        const std::string& from = c.profiles[base].ladder.at(l).bottleneck;
        for (const auto& col : c.profiles)
            if (col.ladder.at(l).bottleneck != from)
                c.bottleneckMoves.push_back(std::string(bounds::levelName(l)) + ": " + from + " on " + c.baseline + " -> "
                                            + col.ladder.at(l).bottleneck + " on " + col.id);
    }
    return c;
}

namespace {

std::string fixed2(double v)
{
    char buf[32];
    std::snprintf(buf, sizeof buf, "%.2f", v);
    return buf;
}

} // namespace

std::string comparisonTable(const Comparison& c)
{
    std::string out = "program " + c.program + ", baseline " + c.baseline + "\n\n";
    for (Level l : bounds::kLevels) {
        out += std::string(bounds::levelShortName(l)) + " " + std::string(bounds::levelName(l)) + "\n";
        for (const auto& col : c.profiles) {
            const auto& x = col.ladder.at(l);
            std::string line = "  " + col.id;
            line.resize(std::max<size_t>(line.size() + 1, 26), ' ');
            std::string t = formatSeconds(x.seconds);
            t.insert(0, t.size() < 11 ? 11 - t.size() : 0, ' ');
            line += t + "  x" + fixed2(col.speedup[static_cast<size_t>(l)]) + "  " + x.bottleneck;
            out += line + "\n";
        }
    }
    if (!c.bottleneckMoves.empty()) {
        out += "\nbottleneck moves:\n";
        for (const auto& m : c.bottleneckMoves)
            out += "  " + m + "\n";
    }
    return out;
}

std::string comparisonJson(const Comparison& c)
{
    nlohmann::ordered_json profiles = nlohmann::ordered_json::array();
    for (const auto& col : c.profiles) {
        nlohmann::ordered_json levels = nlohmann::ordered_json::object();
        for (Level l : bounds::kLevels) {
            const auto& x = col.ladder.at(l);
            levels[std::string(bounds::levelName(l))] = {{"seconds", x.seconds},
                                                         {"bottleneck", x.bottleneck},
                                                         {"speedup_vs_baseline", col.speedup[static_cast<size_t>(l)]},
                                                         {"dram_bytes", x.bytes},
                                                         {"flops", x.flops}};
        }
        profiles.push_back({{"id", col.id}, {"name", col.name}, {"levels", levels}});
    }
    const nlohmann::ordered_json doc = {{"schema", "solar.compare/1"},
                                        {"program", c.program},
                                        {"baseline", c.baseline},
                                        {"profiles", profiles},
                                        {"bottleneck_moves", c.bottleneckMoves}};
    return doc.dump(2) + "\n";
}

std::string comparisonCsv(const Comparison& c)
{
    std::string out = "profile,level,seconds,bottleneck,speedup_vs_baseline,dram_bytes,flops\n";
    for (const auto& col : c.profiles)
        for (Level l : bounds::kLevels) {
            const auto& x = col.ladder.at(l);
            char buf[256];
            std::snprintf(buf, sizeof buf, "%s,%s,%.17g,%s,%.17g,%.17g,%.17g\n", col.id.c_str(), std::string(bounds::levelName(l)).c_str(),
                          x.seconds, x.bottleneck.c_str(), col.speedup[static_cast<size_t>(l)], x.bytes, x.flops);
            out += buf;
        }
    return out;
}

} // namespace solar::report
