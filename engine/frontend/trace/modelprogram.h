// SPDX-License-Identifier: MIT
// A PyTorch model as one ALIR program: traced at the analysed sizes, lowered, and — when the module-level size
// constants can be recovered as symbols (sizefit.h) — given size parameters, so the program that is validated
// at reduced sizes is the very program that is analysed at full size. The reduced samples are traced on fake
// tensors only (no compute), at the same reduced sizes validation uses.
#pragma once

#include "engine/frontend/trace/lowering.h"
#include "engine/worker/traceworker.h"

#include <map>
#include <string>
#include <vector>

namespace solar::trace {

using SizeMap = std::map<std::string, std::int64_t>;

struct ModelProgram
{
    TraceResult trace; // at the analysed sizes
    Lowered lowered; // with size parameters when `symbolic`
    bool symbolic = false;
    bool realTensors = false; // traced on real tensors at reduced sizes (no fake or meta kernel)
    std::map<std::string, std::string> paramOf; // size constant -> ALIR parameter (when symbolic)
    std::vector<SizeMap> exactAt; // reduced size sets (constant -> value) the program was fitted at
    SizeMap heldOut; // a fitted program: the size set it was checked at, which no fit used (also in exactAt)
    std::string sizesNote; // which constants became parameters, or why none did
    std::string symbolicTraceNote; // why a symbolic trace (torch 2.x) did not give them, when fitted instead

    /// The ALIR parameter values that instantiate the program at `sizes` (constants by their Python names).
    SizeMap parameterValues(const SizeMap& sizes) const;
};

/// The candidate reduced size sets, smallest first: constants of 16 or more shrink by a common divisor (256,
/// 64, 16, 4, 2, then 1 for the file's own sizes) but not below 8; smaller ones (kernel sizes, strides, layer
/// counts) keep their values.
std::vector<SizeMap> reducedSizes(const SizeMap& constants);

/// Traces and lowers `file` at its own sizes overridden by `sizes`; with `symbolize`, also at reduced sizes to fit
/// size parameters. A trace or lowering failure is an error; a failed fit only leaves the program concrete. A
/// forward pass that fails on fake and meta tensors is traced on real tensors at reduced sizes and the full-size
/// program is the fit's extrapolation (`realTensors`); without a fit that stays an error.
Expected<ModelProgram> loadModelProgram(const std::string& file, TraceWorker& worker, const SizeMap& sizes, bool symbolize,
                                        int timeoutMs = 120000);

} // namespace solar::trace
