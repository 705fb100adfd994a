// SPDX-License-Identifier: MIT
#include "engine/report/comparereport.h"

#include "engine/core/format.h"

#include <nlohmann/json.hpp>

namespace solar::report {

using bounds::Level;

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
            line += t + "  x" + formatFixed(col.speedup[static_cast<size_t>(l)], 2) + "  " + x.bottleneck;
            out += line + "\n";
        }
    }
    if (!c.bottleneckMoves.empty()) {
        out += "\nbottleneck moves:\n";
        for (const auto& m : c.bottleneckMoves)
            out += "  " + m.text() + "\n";
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
    std::vector<std::string> moves;
    for (const auto& m : c.bottleneckMoves)
        moves.push_back(m.text());
    const nlohmann::ordered_json doc = {{"schema", "solar.compare/1"},
                                        {"program", c.program},
                                        {"baseline", c.baseline},
                                        {"profiles", profiles},
                                        {"bottleneck_moves", moves}};
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
