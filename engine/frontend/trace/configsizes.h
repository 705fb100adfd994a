// SPDX-License-Identifier: MIT
// A small point for a transformers config's size fields that keeps the model's structure: each key/value head
// serves as many query heads as at full size, an explicit head size stays apart from the width over the heads,
// top-k stays below the expert count, a sliding window stays shorter than the tokens; every count small and
// different from the others (2 KV heads, a 6-wide head, 3 layers, a 101-token vocabulary, 7 experts), so a
// lowering that confuses two sizes differs. A uniform scale-down cannot do that: it floors small counts at 8
// (Llama-3-70B's 64 query and 8 KV heads both become 8, hiding the grouping). Used for `solar llm`'s generated
// sources (engine/serving/validationsizes.cpp) and for a source that builds its model with from_pretrained from a
// local config folder, whose fields the worker names config_<field> (resources/python/solarworker/hf_local.py).
#pragma once

#include <cstdint>
#include <map>
#include <string>

namespace solar::trace {

/// Field name -> reduced value for every field of `full` (a config's integer size fields, named as in
/// config.json): the structure above for the fields it knows; any other field takes the uniform reduction's
/// smallest value (trace::reducedSizes: / 256, not below 8); never above the field's own value.
std::map<std::string, std::int64_t> structuredConfigSizes(const std::map<std::string, std::int64_t>& full);

/// The same for a source's size constants: the ones named `prefix` + field are reduced as a config, a constant
/// equal to one of them follows it, the others are left out (the caller's candidate point fills them).
std::map<std::string, std::int64_t> structuredConfigConstants(const std::map<std::string, std::int64_t>& constants,
                                                              const std::string& prefix = "config_");

} // namespace solar::trace
