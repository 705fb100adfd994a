// SPDX-License-Identifier: MIT
// A Python model traced, lowered and analysed, then validated against the model itself: the common path of the
// PyTorch and JAX frontends (which differ in the framework they ask the worker for).
#pragma once

#include "engine/frontend/frontend.h"

namespace solar::trace {

/// `framework` is "torch" or "jax" to force one, empty to let the worker pick by the file's imports.
Expected<SourceAnalysis> analyzeTracedModel(const std::string& path, const hw::HwProfile& hardware, const SourceAnalysisOptions& options,
                                            const std::string& framework);

} // namespace solar::trace
