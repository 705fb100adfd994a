// SPDX-License-Identifier: MIT
#include "engine/analysis/comparison.h"

namespace solar {

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
                c.bottleneckMoves.push_back({l, from, c.baseline, col.ladder.at(l).bottleneck, col.id});
    }
    return c;
}

} // namespace solar
