// SPDX-License-Identifier: MIT
// An OpenAI-compatible chat-completions client (libcurl), so hosted APIs and local servers (vLLM, llama.cpp
// server, Ollama) all work. The API key is read from the environment variable the settings *name*; it is never
// stored, logged or echoed in an error. Retries with backoff on 429 and 5xx (honouring Retry-After, capped), TLS
// verification on, the proxy variables (https_proxy, no_proxy, ...) respected, a reply-size cap, a timeout, and
// cancellation at any point. Blocking: call it from a worker thread.
#pragma once

#include "engine/core/expected.h"

#include <atomic>
#include <cstddef>
#include <string>
#include <vector>

namespace solar::llm {

struct LlmSettings
{
    std::string baseUrl = "https://api.openai.com/v1"; // .../chat/completions is appended
    std::string model = "gpt-4o";
    std::string apiKeyEnv = "OPENAI_API_KEY"; // the variable's name; empty: no key (local servers)
    double temperature = 0.2;
    int timeoutMs = 120000; // per HTTP request
    int attempts = 5; // translation rounds (feedback and retry)
    int httpRetries = 3; // per request, on 429 and 5xx
    int maxBackoffMs = 20000;
    std::size_t maxReplyBytes = 4u << 20;
};

struct ChatMessage
{
    std::string role; // system | user | assistant
    std::string content;
};

struct ChatReply
{
    std::string content;
    std::string model; // as the server reports it
    int httpRetries = 0;
};

/// Codes: llm.connect (refused, DNS, TLS), llm.timeout, llm.cancelled, llm.http (status and the server's message),
/// llm.oversized, llm.reply (not JSON, or no choices[0].message.content), llm.key (the named variable is unset).
Expected<ChatReply> chat(const LlmSettings& settings, const std::vector<ChatMessage>& messages, const std::atomic<bool>* cancel = nullptr);

} // namespace solar::llm
