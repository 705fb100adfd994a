// SPDX-License-Identifier: MIT
// Validation by output comparison for traced PyTorch models: the model is run for real (torch on the CPU,
// seeded) at reduced sizes, the same model is traced and lowered at those sizes, and the ALIR interpreter runs
// the lowered program on the reference's inputs, parameters and buffers. Every output is compared with a
// tolerance that depends on its dtype. The sizes shrink every module-level constant of 16 or more by the same
// divisor (not below 8), starting small and growing when the model rejects the shapes.
#pragma once

#include "engine/analysis/analysis.h"
#include "engine/frontend/trace/traceworker.h"

#include <map>
#include <string>

namespace solar::validate {

struct ValidationOptions
{
    std::uint64_t seed = 0;
    std::uint64_t maxInstances = 20'000'000'000; // interpreter work cap for one validation
    std::int64_t maxReferenceElements = 200'000'000;
    std::int64_t maxInterpreterElements = std::int64_t(1) << 28;
    int timeoutMs = 120000;
};

/// Fills a Validation: "validated", "mismatch" (which output, max absolute and relative error, first bad index)
/// or "unvalidated" (why), with the sizes used in the details.
Validation validateModel(const std::string& file, trace::TraceWorker& worker, const ValidationOptions& options = {});

/// The candidate size sets, smallest first (exposed for tests).
std::vector<std::map<std::string, std::int64_t>> reducedSizes(const std::map<std::string, std::int64_t>& constants);

} // namespace solar::validate
