// SPDX-License-Identifier: MIT
// What-if hardware: a shipped profile with some of its numbers scaled (the GUI's sliders, a script's sweep), saved
// as a user profile that every command and the GUI then load like any other. Each changed number records the
// factor and the source it was derived from, so a what-if profile never passes for a measured one.
#pragma once

#include "engine/core/expected.h"
#include "engine/hw/hwprofile.h"

#include <string>

namespace solar::hw {

struct WhatIfFactors
{
    double bandwidth = 1; // DRAM bandwidth
    double tensorPeak = 1; // every tensor-core peak
    double simtPeak = 1; // every SIMT peak
    double onchip = 1; // on-chip capacity
    double clock = 1; // the clock, and with it every compute peak
    double link = 1; // every link between devices (interconnect bandwidths)

    bool operator==(const WhatIfFactors&) const = default;
};

/// `base` under `factors`, with id `id`, named "<base name> (what-if)", marked as a user profile.
HwProfile whatIfProfile(const HwProfile& base, const WhatIfFactors& factors, const std::string& id);

/// Writes `profile` to `dir` (default: the user's profile folder) as <id>.json, atomically; returns the path.
Expected<std::string> saveUserProfile(const HwProfile& profile, const std::string& dir = {});

} // namespace solar::hw
