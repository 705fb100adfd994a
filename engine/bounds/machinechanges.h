// SPDX-License-Identifier: MIT
// What a what-if machine changes against its stock profile: every number the bounds use that differs, with both
// values and the unit. A report of what-if bounds lists these beside the stock table, so slider values are never
// printed as if they were the profile's (issue 14, item 3).
#pragma once

#include "engine/bounds/ladder.h"

#include <string>
#include <vector>

namespace solar::bounds {

struct MachineChange
{
    std::string quantity; // "DRAM bandwidth", "tensor fp16 (dense)", "on-chip capacity", ...
    double used = 0; // what the bounds were computed with
    double stock = 0; // the profile's value
    std::string unit; // "B/s", "FLOP/s", "B", "Hz"
};

/// Empty when `used` equals `stock` in every number the bounds read (relative tolerance 1e-9).
std::vector<MachineChange> machineChanges(const MachineModel& used, const MachineModel& stock);

/// The changes as factors, short enough for a title: "DRAM bandwidth ×1.47, tensor peaks ×2, SIMT peaks ×2" (the
/// peaks of one unit scaled alike read as one factor, as a slider moves them; a clock change reads through the
/// peaks it scales). Empty for no change.
std::string machineChangesSummary(const std::vector<MachineChange>& changes);

} // namespace solar::bounds
