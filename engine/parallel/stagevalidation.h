// SPDX-License-Identifier: MIT
// Whether a pipeline's stages compute what the program does: the stage programs run one after another in the ALIR
// interpreter, each on the program's inputs and what the stages before it produced, and the outputs they leave are
// compared with the program's own run on the same inputs.
#pragma once

#include "engine/core/expected.h"
#include "engine/parallel/pipeline.h"
#include "engine/parallel/splitvalidation.h"

#include <map>
#include <string>
#include <vector>

namespace solar::parallel {

/// Runs `program` and its `stages` at `sizes` (parameter overrides), inputs drawn with `seed`. Fails when a program
/// does not run at those sizes.
Expected<SplitValidation> validateStages(const ir::Program& program, const std::vector<Stage>& stages,
                                         const std::map<std::string, std::int64_t>& sizes, std::uint64_t seed = 1);

} // namespace solar::parallel
