// SPDX-License-Identifier: MIT
#include "engine/frontend/llm/llmclient.h"

#include <curl/curl.h>
#include <nlohmann/json.hpp>

#include <chrono>
#include <cstdlib>
#include <mutex>
#include <thread>

namespace solar::llm {

namespace {

void globalInit()
{
    static std::once_flag once;
    std::call_once(once, [] { curl_global_init(CURL_GLOBAL_DEFAULT); });
}

struct Transfer
{
    std::string body;
    std::size_t limit = 0;
    bool oversized = false;
    const std::atomic<bool>* cancel = nullptr;
    long retryAfterSeconds = -1;
};

std::size_t onWrite(char* data, std::size_t size, std::size_t count, void* user)
{
    auto* t = static_cast<Transfer*>(user);
    const std::size_t n = size * count;
    if (t->body.size() + n > t->limit) {
        t->oversized = true;
        return 0; // aborts the transfer
    }
    t->body.append(data, n);
    return n;
}

std::size_t onHeader(char* data, std::size_t size, std::size_t count, void* user)
{
    auto* t = static_cast<Transfer*>(user);
    const std::string line(data, size * count);
    static const std::string key = "retry-after:";
    if (line.size() > key.size()) {
        std::string lower = line.substr(0, key.size());
        for (char& c : lower)
            c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
        if (lower == key)
            t->retryAfterSeconds = std::strtol(line.c_str() + key.size(), nullptr, 10);
    }
    return size * count;
}

int onProgress(void* user, curl_off_t, curl_off_t, curl_off_t, curl_off_t)
{
    const auto* t = static_cast<Transfer*>(user);
    return t->cancel && t->cancel->load() ? 1 : 0;
}

Diagnostic error(std::string code, std::string message)
{
    return Diagnostic {Severity::Error, {}, {}, std::move(code), std::move(message)};
}

// The server's own explanation from an error body ({"error": {"message": ...}}), shortened.
std::string serverMessage(const std::string& body)
{
    const auto j = nlohmann::json::parse(body, nullptr, false);
    std::string m;
    if (j.is_object() && j.contains("error")) {
        const auto& e = j["error"];
        m = e.is_object() ? e.value("message", std::string()) : e.is_string() ? e.get<std::string>() : std::string();
    }
    if (m.empty())
        m = body.substr(0, 200);
    return m;
}

bool sleepUnlessCancelled(int ms, const std::atomic<bool>* cancel)
{
    const auto until = std::chrono::steady_clock::now() + std::chrono::milliseconds(ms);
    while (std::chrono::steady_clock::now() < until) {
        if (cancel && cancel->load())
            return false;
        std::this_thread::sleep_for(std::chrono::milliseconds(20));
    }
    return true;
}

} // namespace

Expected<ChatReply> chat(const LlmSettings& settings, const std::vector<ChatMessage>& messages, const std::atomic<bool>* cancel)
{
    using Result = Expected<ChatReply>;
    globalInit();
    std::string key;
    if (!settings.apiKeyEnv.empty()) {
        const char* value = std::getenv(settings.apiKeyEnv.c_str());
        if (!value || !*value)
            return Result::failure(error(
                "llm.key",
                "the environment variable " + settings.apiKeyEnv
                    + " (named in the LLM settings) is not set; set it to the API key, or clear the setting for a server without keys"));
        key = value;
    }
    nlohmann::json request = {{"model", settings.model}, {"temperature", settings.temperature}, {"messages", nlohmann::json::array()}};
    for (const auto& m : messages)
        request["messages"].push_back({{"role", m.role}, {"content", m.content}});
    const std::string payload = request.dump();
    std::string url = settings.baseUrl;
    while (!url.empty() && url.back() == '/')
        url.pop_back();
    url += "/chat/completions";

    ChatReply reply;
    int backoffMs = 500;
    for (int attempt = 0;; ++attempt) {
        CURL* curl = curl_easy_init();
        if (!curl)
            return Result::failure(error("llm.connect", "cannot initialise libcurl"));
        Transfer t;
        t.limit = settings.maxReplyBytes;
        t.cancel = cancel;
        curl_slist* headers = nullptr;
        headers = curl_slist_append(headers, "Content-Type: application/json");
        headers = curl_slist_append(headers, "Expect:"); // no 1 s wait for "100 Continue" on large prompts
        const std::string auth = "Authorization: Bearer " + key;
        if (!key.empty())
            headers = curl_slist_append(headers, auth.c_str());
        curl_easy_setopt(curl, CURLOPT_URL, url.c_str());
        curl_easy_setopt(curl, CURLOPT_HTTPHEADER, headers);
        curl_easy_setopt(curl, CURLOPT_POSTFIELDS, payload.c_str());
        curl_easy_setopt(curl, CURLOPT_POSTFIELDSIZE, static_cast<long>(payload.size()));
        curl_easy_setopt(curl, CURLOPT_WRITEFUNCTION, onWrite);
        curl_easy_setopt(curl, CURLOPT_WRITEDATA, &t);
        curl_easy_setopt(curl, CURLOPT_HEADERFUNCTION, onHeader);
        curl_easy_setopt(curl, CURLOPT_HEADERDATA, &t);
        curl_easy_setopt(curl, CURLOPT_XFERINFOFUNCTION, onProgress);
        curl_easy_setopt(curl, CURLOPT_XFERINFODATA, &t);
        curl_easy_setopt(curl, CURLOPT_NOPROGRESS, 0L);
        curl_easy_setopt(curl, CURLOPT_NOSIGNAL, 1L);
        curl_easy_setopt(curl, CURLOPT_TIMEOUT_MS, static_cast<long>(settings.timeoutMs));
        curl_easy_setopt(curl, CURLOPT_CONNECTTIMEOUT_MS, static_cast<long>(std::min(settings.timeoutMs, 30000)));
        curl_easy_setopt(curl, CURLOPT_SSL_VERIFYPEER, 1L);
        curl_easy_setopt(curl, CURLOPT_SSL_VERIFYHOST, 2L);
        curl_easy_setopt(curl, CURLOPT_FOLLOWLOCATION, 0L);
        const CURLcode rc = curl_easy_perform(curl);
        long status = 0;
        curl_easy_getinfo(curl, CURLINFO_RESPONSE_CODE, &status);
        curl_slist_free_all(headers);
        curl_easy_cleanup(curl);

        if (cancel && cancel->load())
            return Result::failure(error("llm.cancelled", "cancelled"));
        if (t.oversized)
            return Result::failure(
                error("llm.oversized", "the reply exceeded " + std::to_string(settings.maxReplyBytes) + " bytes; it was cut off"));
        if (rc == CURLE_OPERATION_TIMEDOUT)
            return Result::failure(
                error("llm.timeout",
                      "no complete reply from " + url + " within " + std::to_string(settings.timeoutMs / 1000.0).substr(0, 5) + " s"));
        if (rc != CURLE_OK)
            return Result::failure(error("llm.connect", "cannot reach " + url + ": " + curl_easy_strerror(rc)));
        const bool retryable = status == 429 || (status >= 500 && status < 600);
        if (retryable && attempt < settings.httpRetries) {
            int wait = backoffMs;
            if (t.retryAfterSeconds >= 0)
                wait = static_cast<int>(std::min<long>(t.retryAfterSeconds * 1000, settings.maxBackoffMs));
            wait = std::min(wait, settings.maxBackoffMs);
            if (!sleepUnlessCancelled(wait, cancel))
                return Result::failure(error("llm.cancelled", "cancelled"));
            backoffMs = std::min(backoffMs * 2, settings.maxBackoffMs);
            ++reply.httpRetries;
            continue;
        }
        if (status < 200 || status >= 300)
            return Result::failure(error("llm.http", "HTTP " + std::to_string(status) + " from " + url + ": " + serverMessage(t.body)));
        const auto j = nlohmann::json::parse(t.body, nullptr, false);
        if (j.is_discarded())
            return Result::failure(error("llm.reply", "the reply is not JSON: " + t.body.substr(0, 120)));
        try {
            reply.content = j.at("choices").at(0).at("message").at("content").get<std::string>();
            reply.model = j.value("model", settings.model);
        } catch (const nlohmann::json::exception&) {
            return Result::failure(error("llm.reply", "the reply has no choices[0].message.content"));
        }
        return reply;
    }
}

} // namespace solar::llm
