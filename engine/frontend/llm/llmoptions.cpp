// SPDX-License-Identifier: MIT
#include "engine/frontend/llm/llmoptions.h"

#include "engine/frontend/llm/translator.h"

#include <QtGlobal>

#include <charconv>
#include <cstdlib>

namespace solar::llm {

std::vector<FrontendOption> llmOptions()
{
    using Kind = FrontendOption::Kind;
    const auto settings = FrontendOption::Place::Settings;
    FrontendOption url {
        "llm-url", Kind::Text, settings, "URL", "the endpoint (default SOLAR_LLM_URL)", QT_TRANSLATE_NOOP("FrontendOption", "Endpoint")};
    FrontendOption model {
        "llm-model", Kind::Text, settings, "M", "the model (default SOLAR_LLM_MODEL)", QT_TRANSLATE_NOOP("FrontendOption", "Model")};
    FrontendOption key {"llm-key-env",
                        Kind::Text,
                        settings,
                        "VAR",
                        "the variable holding the API key (default SOLAR_LLM_KEY_ENV, else OPENAI_API_KEY); never the key itself",
                        QT_TRANSLATE_NOOP("FrontendOption", "API key variable")};
    FrontendOption attempts {"llm-attempts",
                             Kind::Integer,
                             settings,
                             "N",
                             "rounds of feedback before giving up",
                             QT_TRANSLATE_NOOP("FrontendOption", "Attempts")};
    attempts.maximum = 50;
    FrontendOption timeout {"llm-timeout-s",
                            Kind::Integer,
                            settings,
                            "S",
                            "timeout of one request in seconds",
                            QT_TRANSLATE_NOOP("FrontendOption", "Timeout (s)")};
    timeout.maximum = 3600;
    FrontendOption cache {"llm-cache",
                          Kind::Text,
                          settings,
                          "DIR",
                          "where replies are cached and audited (default: the user's cache folder)",
                          QT_TRANSLATE_NOOP("FrontendOption", "Cache folder")};
    return {url, model, key, attempts, timeout, cache};
}

LlmSettings llmSettingsFrom(const FrontendSettings& settings)
{
    LlmSettings s;
    if (const char* v = std::getenv("SOLAR_LLM_URL"))
        s.baseUrl = v;
    if (const char* v = std::getenv("SOLAR_LLM_MODEL"))
        s.model = v;
    if (const char* v = std::getenv("SOLAR_LLM_KEY_ENV"))
        s.apiKeyEnv = v;
    auto value = [&](const char* key) -> const std::string* {
        const auto it = settings.find(key);
        return it == settings.end() ? nullptr : &it->second;
    };
    if (const auto* v = value("llm-url"))
        s.baseUrl = *v;
    if (const auto* v = value("llm-model"))
        s.model = *v;
    if (const auto* v = value("llm-key-env"))
        s.apiKeyEnv = *v;
    // Checked against llmOptions() by analyzeSource; here a value that is not a whole number keeps the default.
    auto integer = [&](const char* key, int scale, int& field) {
        const auto* v = value(key);
        int n = 0;
        if (v && std::from_chars(v->data(), v->data() + v->size(), n).ec == std::errc() && n > 0 && n <= 3600)
            field = n * scale;
    };
    integer("llm-attempts", 1, s.attempts);
    integer("llm-timeout-s", 1000, s.timeoutMs);
    return s;
}

std::string llmCacheDirFrom(const FrontendSettings& settings)
{
    const auto it = settings.find("llm-cache");
    return it == settings.end() || it->second.empty() ? defaultCacheDir() : it->second;
}

FrontendSettings toFrontendSettings(const LlmSettings& s)
{
    return {{"llm-url", s.baseUrl},
            {"llm-model", s.model},
            {"llm-key-env", s.apiKeyEnv},
            {"llm-attempts", std::to_string(s.attempts)},
            {"llm-timeout-s", std::to_string((s.timeoutMs + 999) / 1000)}};
}

} // namespace solar::llm
