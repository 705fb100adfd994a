// SPDX-License-Identifier: MIT
// Hardware profiles as text (`solar hw list`, `solar hw show`): each number with its source key, the sources cited
// in full, a calibrated host's measurements with how each was taken. The profile file format itself is
// hw::profileToJson.
#pragma once

#include "engine/hw/registry.h"

#include <string>

namespace solar::report {

std::string hwListTable(const hw::HwRegistry& registry);
std::string hwShowTable(const hw::HwProfile& profile);

} // namespace solar::report
