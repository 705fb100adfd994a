// SPDX-License-Identifier: MIT
// The LLM frontend's options (the endpoint, the model, the variable holding the key, rounds, timeout, the cache):
// declared once here, so the CLI's --llm-* options, the GUI's LLM settings dialog and the frontend read the same
// keys. Defaults come from the environment (SOLAR_LLM_URL, SOLAR_LLM_MODEL, SOLAR_LLM_KEY_ENV), then LlmSettings'.
#pragma once

#include "engine/frontend/frontend.h"
#include "engine/frontend/llm/llmclient.h"

#include <vector>

namespace solar::llm {

std::vector<FrontendOption> llmOptions();
/// The endpoint settings `settings` name, the environment's defaults where a key is absent. Values were checked
/// against llmOptions() by the registry (analyzeSource).
LlmSettings llmSettingsFrom(const FrontendSettings& settings);
/// The cache folder `settings` name (key "llm-cache"), else defaultCacheDir().
std::string llmCacheDirFrom(const FrontendSettings& settings);
/// `s` as option values (the GUI's settings dialog keeps an LlmSettings).
FrontendSettings toFrontendSettings(const LlmSettings& s);

} // namespace solar::llm
