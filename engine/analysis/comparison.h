// SPDX-License-Identifier: MIT
// One program on several hardware profiles: each level's bound and bottleneck per profile, the speedup against a
// baseline profile, and where the bottleneck moves. The program is lifted once; each profile only re-solves.
// report/comparereport.h writes it as text, JSON and CSV.
#pragma once

#include "engine/analysis/analysis.h"

#include <array>
#include <string>
#include <vector>

namespace solar {

struct ProfileColumn
{
    std::string id, name;
    bounds::Ladder ladder;
    std::array<double, bounds::kLevelCount> speedup {}; // baseline seconds / this profile's seconds, per level
};

// Where a level's bottleneck differs from the baseline's; text() is the English line of the CLI and JSON, the GUI
// composes its own from the fields in the user's language.
struct BottleneckMove
{
    bounds::Level level = bounds::Level::Fused;
    std::string from, baseline; // the baseline's bottleneck and profile id
    std::string to, profile;
    std::string text() const
    {
        return std::string(bounds::levelName(level)) + ": " + from + " on " + baseline + " -> " + to + " on " + profile;
    }
};

struct Comparison
{
    std::string program;
    std::string baseline; // profile id
    std::vector<ProfileColumn> profiles;
    std::vector<BottleneckMove> bottleneckMoves; // "fused: memory on h100-pcie -> compute:tensor on b200", ...
};

/// `result` is an analysis of the program on any profile; `profiles[0]` is the baseline unless `baseline` names
/// another one of them.
Comparison compareHardware(const AnalysisResult& result, const std::vector<const hw::HwProfile*>& profiles,
                           const std::string& baseline = {});

} // namespace solar
