// SPDX-License-Identifier: MIT
// Whether a tensor-parallel split computes what the program computes: the per-device programs run in the ALIR
// interpreter, each on its slice of the inputs, their collectives carried out between rounds (sums for all-reduces,
// blocks joined for all-gathers), and the recombined outputs compared with the original's on the same inputs.
#pragma once

#include "engine/core/expected.h"
#include "engine/ir/interpreter.h"
#include "engine/parallel/tensorparallel.h"

#include <map>
#include <string>

namespace solar::parallel {

struct SplitValidation
{
    bool ok = false;
    double maxRelativeError = 0; // largest |recombined - original| / max(|original|) over the outputs
    double tolerance = 0;
    std::string detail; // "3 outputs equal at d_hidden=12, d_in=10 on 4 devices" or what differed
};

/// How the validations run programs: at `sizes` (parameter overrides), inputs drawn with `seed`, under a cap on
/// the work (small sizes only: a validation, not a benchmark).
ir::RunOptions validationRunOptions(const std::map<std::string, std::int64_t>& sizes, std::uint64_t seed);

/// Runs `program` and `split` at `sizes` (parameter overrides; small sizes the split divides), inputs drawn with
/// `seed` (signed floats). Fails when a program does not run (a size the split does not divide).
Expected<SplitValidation> validateSplit(const ir::Program& program, const TensorParallelSplit& split,
                                        const std::map<std::string, std::int64_t>& sizes, std::uint64_t seed = 1);

} // namespace solar::parallel
