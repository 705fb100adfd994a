// SPDX-License-Identifier: MIT
// The set of known hardware profiles: the shipped ones, then the user's, where a user profile with the same id
// overrides a shipped one. A malformed file is reported (file and field) and skipped; the others still load.
#pragma once

#include "engine/hw/hwprofile.h"

#include <deque>
#include <string>
#include <vector>

namespace solar::hw {

struct HwRegistry
{
    std::vector<HwProfile> profiles; // sorted by id
    Diagnostics problems; // files that did not load, and why

    /// By id ("h100-pcie"), case-insensitively by name ("NVIDIA H100 PCIe 80GB"), or by the path of a profile
    /// file that resolve() loaded. A lookup: no I/O.
    const HwProfile* find(const std::string& idNameOrPath) const;
    /// find(), else the profile file at that path (one `solar hw calibrate --out` wrote, say), loaded once and
    /// kept; a file that does not load is reported in `fileProblems` and gives nullptr.
    const HwProfile* resolve(const std::string& idNameOrPath);
    Diagnostics fileProblems;

private:
    std::deque<HwProfile> m_fromFiles; // stable addresses for what resolve() loaded
};

/// Loads every *.json in `dirs`, in order; later directories override earlier ones by id.
HwRegistry loadHwRegistry(const std::vector<std::string>& dirs, const std::vector<bool>& userDirs = {});

/// The shipped directory (SOLAR_HWPROFILES_DIR, else the installed share/solar-studio/hwprofiles next to the
/// executable, else the source tree's hwprofiles/), then the user's ($XDG_CONFIG_HOME or ~/.config)
/// /solar-studio/hwprofiles.
std::vector<std::string> defaultHwProfileDirs();
std::string userHwProfileDir();

/// defaultHwProfileDirs(), with the last one marked as the user's.
HwRegistry loadDefaultHwRegistry();

} // namespace solar::hw
