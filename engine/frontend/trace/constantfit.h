// SPDX-License-Identifier: MIT
// Size parameters for chosen constants of a program traced at its full sizes, every other constant kept as traced:
// what lets a serving step (batch, prompt or context tokens) be re-solved at other points without tracing again,
// where the usual fit (modelprogram.h), which scales every constant down together, cannot hold (a model whose
// layer count is a constant lowers to another program at fewer layers). The extra traces run on fake tensors at
// full size: nothing is materialised.
#pragma once

#include "engine/frontend/trace/modelprogram.h"

#include <string>
#include <vector>

namespace solar::trace {

/// `model`, traced concrete at model.trace.constants from `file`, with the constants `names` made size parameters
/// (their traced values the defaults): traced and lowered again at two points that move only those constants, by
/// different small amounts each, fitted (sizefit.h), and checked at a third, held-out point whose refit must give
/// the same program. False, with the reason in `why` and `model` unchanged, when a name is not a constant of the
/// source, a trace fails, or the fit does not hold.
bool fitConstants(ModelProgram& model, const std::string& file, TraceWorker& worker, const std::vector<std::string>& names,
                  std::string& why, int timeoutMs = 120000);

} // namespace solar::trace
