// SPDX-License-Identifier: MIT
// The reduced sizes a served step of a config.json is validated at first: the config's structure kept (each
// key/value head serves as many query heads as at full size, an explicit head size stays apart from the width
// over the heads, top-k stays below the expert count, a sliding window shorter than the tokens), every count
// small and different from the others (2 KV heads, a 6-wide head, 3 layers, a 101-token vocabulary, 11 prompt
// tokens, ...), so a lowering that confuses two sizes differs. A uniform scale-down cannot do that: it floors
// small counts at 8 (Llama-3-70B's 64 query and 8 KV heads both become 8, hiding the grouping). Fields it does
// not know take the uniform reduction's smallest values; validation falls back to the uniform reductions when the
// model rejects this point.
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
