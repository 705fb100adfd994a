// SPDX-License-Identifier: MIT
// `solar hw calibrate --device cuda` (issue 32, item 3): a CUDA device measured through torch in the Python worker
// (solarworker/cuda_calibrate.py: copies, GEMMs per dtype, kernel launches plain and replayed in a CUDA graph, eager
// dispatch) and written as a user profile built on the device's datasheet profile. The datasheet peaks stay the
// bound; what the device reached becomes the profile's `achievable` ceilings (a dashed roof, a report column),
// never the speed of light — unless a measurement is above the datasheet, which is then too low and is raised to
// it, said in the note. The measured floors become the eager model's floors: the launch floor from kernels
// replayed in a graph (no kernel finishes faster than a one-element add does), the dispatch floor half the host's
// time per eager op from Python (a composite's inner operators skip the binding).
#pragma once

#include "engine/core/expected.h"
#include "engine/hw/registry.h"
#include "engine/worker/traceworker.h"

#include <nlohmann/json.hpp>

#include <functional>
#include <string>

namespace solar::measure {

struct CudaCalibrationOptions
{
    std::string id; // the user profile's id; empty: the base's id + "-calibrated"
    std::string base; // the datasheet profile (an id or name); empty: the one the device's name matches
    int timeoutMs = 600000;
    std::function<void(const std::string&)> progress;
};

/// The datasheet profile for a device named `deviceName`: `base` when given (refused when the device's name says
/// it is other hardware), else the one GPU profile whose hardware the name does not contradict.
Expected<hw::HwProfile> cudaBaseProfile(const hw::HwRegistry& registry, const std::string& deviceName, const std::string& base);

/// The user profile from a worker's cuda_calibrate reply on `base` (exposed for tests: values by hand).
Expected<hw::HwProfile> cudaProfileFromReply(const nlohmann::json& reply, const hw::HwProfile& base, const std::string& id,
                                             const std::string& when);

/// The profile from a reply saved as JSON elsewhere (scripts/gpu-check writes cuda_calibrate.json on the device);
/// a file that does not read or parse is an error naming it.
Expected<hw::HwProfile> cudaProfileFromFile(const std::string& path, const hw::HwRegistry& registry, const CudaCalibrationOptions& options);

/// Runs the calibration in `worker` and builds the profile.
Expected<hw::HwProfile> calibrateCuda(worker::TraceWorker& worker, const hw::HwRegistry& registry, const CudaCalibrationOptions& options);

} // namespace solar::measure
