// SPDX-License-Identifier: MIT
// Whether a measurement's own label names other hardware than the profile it is set against: a KernelBench timing
// folder ("H100_PCIe_LambdaLabs"), a profiler trace's device ("NVIDIA H100 80GB HBM3"). Times from another GPU, or
// from the other form factor of the same one (PCIe vs SXM: other clocks and bandwidth), would be compared with
// bounds they were never measured against.
#pragma once

#include "engine/hw/hwprofile.h"

#include <optional>
#include <string>

namespace solar::hw {

/// What `label` names that `profile` is not ("an H100", "a PCIe card"), or nullopt when it names nothing known
/// or the same hardware. "L4" is not "L40S": a model number must not run on into more digits.
std::optional<std::string> otherHardwareNamed(const std::string& label, const HwProfile& profile);

} // namespace solar::hw
