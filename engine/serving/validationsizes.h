// SPDX-License-Identifier: MIT
// The reduced sizes a served step of a config.json is validated at first: the config's fields at the structured
// point of engine/frontend/trace/configsizes.h (GQA groups, head sizes, experts kept), the step's batch and tokens
// small and apart (5 sequences, 11 prompt or 13 cached tokens, at most 2 new). Validation falls back to the
// uniform reductions when the model rejects this point.
#pragma once

#include "engine/serving/modelconfig.h"
#include "engine/serving/servingsource.h"

#include <cstdint>
#include <map>
#include <string>

namespace solar::serving {

/// Constant name -> reduced value for the generated source of (config, point): every size field and the
/// step's batch and token constants.
std::map<std::string, std::int64_t> validationSizes(const ModelConfig& config, const ServingPoint& point);

} // namespace solar::serving
