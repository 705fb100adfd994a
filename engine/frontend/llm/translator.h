// SPDX-License-Identifier: MIT
// The LLM translation loop: prompt -> reply -> extract the ALIR -> parse -> check -> validate against the
// reference -> on failure, structured feedback and another round, up to the configured attempts; the best
// candidate is kept (validated > mismatch > checks > parses). LLM output is data: only our parser, checker and
// interpreter (with its bounds checks and work cap) ever touch it. Validated translations are cached, keyed by a
// hash of (source, shapes, model); every prompt and reply is kept for audit next to the cache, without the key.
#pragma once

#include "engine/analysis/validationstatus.h"
#include "engine/frontend/frontend.h"
#include "engine/frontend/llm/llmclient.h"
#include "engine/frontend/llm/prompt.h"
#include "engine/ir/ast.h"

#include <functional>
#include <string>
#include <vector>

namespace solar::llm {

/// A round: what the seam reports of any frontend that asks for its program (frontend.h).
using Attempt = FrontendAttempt;

struct Translation
{
    std::string alir; // the best candidate (empty when no round produced a program that parses)
    Validation validation; // of the best candidate
    std::vector<Attempt> attempts;
    bool fromCache = false;
    std::string model;
    std::string cacheKey;
};

/// Runs a candidate against the reference: "validated", "mismatch" (details say which output and by how much) or
/// "unvalidated" (no reference: details say why).
using Validator = std::function<Validation(const ir::Program& program)>;

struct TranslatorOptions
{
    LlmSettings settings;
    std::string cacheDir; // empty: no cache or audit
    const std::atomic<bool>* cancel = nullptr;
    std::function<void(const Attempt&)> onAttempt; // after each round (a GUI transcript)
};

/// A transport failure (connection refused, timeout, HTTP error, malformed reply, cancel) ends the loop with its
/// diagnostic; what the rounds before it produced is in `partial` when given.
Expected<Translation> translate(const TranslationRequest& request, const Validator& validator, const TranslatorOptions& options,
                                Translation* partial = nullptr);

std::string cacheKey(const TranslationRequest& request, const std::string& model);
std::string defaultCacheDir();

} // namespace solar::llm
