// SPDX-License-Identifier: MIT
#include "engine/frontend/frontend.h"

#include <algorithm>
#include <charconv>
#include <filesystem>

namespace solar {

namespace {

// Glob matching of `*` and `?` over a file name, iterative with one back-track point (no recursion, linear-ish).
bool globMatch(std::string_view name, std::string_view pattern)
{
    std::size_t n = 0, p = 0, star = std::string_view::npos, mark = 0;
    while (n < name.size()) {
        if (p < pattern.size() && (pattern[p] == '?' || pattern[p] == name[n])) {
            ++n;
            ++p;
        } else if (p < pattern.size() && pattern[p] == '*') {
            star = p++;
            mark = n;
        } else if (star != std::string_view::npos) {
            p = star + 1;
            n = ++mark;
        } else {
            return false;
        }
    }
    while (p < pattern.size() && pattern[p] == '*')
        ++p;
    return p == pattern.size();
}

const FrontendOption* findOption(const std::vector<FrontendOption>& options, const std::string& key)
{
    const auto it = std::find_if(options.begin(), options.end(), [&](const FrontendOption& o) { return o.key == key; });
    return it == options.end() ? nullptr : &*it;
}

Diagnostic settingError(const Frontend& frontend, const std::string& key, const std::string& message)
{
    return Diagnostic {Severity::Error, {}, {}, "frontend.option", std::string(frontend.id()) + " --" + key + ": " + message};
}

} // namespace

bool matchesFilePattern(const std::string& path, std::string_view pattern)
{
    return globMatch(std::filesystem::path(path).filename().string(), pattern);
}

bool isPythonFile(const std::string& path)
{
    return matchesFilePattern(path, "*.py");
}

bool Frontend::claims(const std::string& path) const
{
    const auto patterns = filePatterns();
    return std::any_of(patterns.begin(), patterns.end(), [&](const std::string& p) { return matchesFilePattern(path, p); });
}

Expected<std::string> settingText(const Frontend& frontend, const FrontendSettings& settings, const std::string& key)
{
    const auto options = frontend.options();
    const FrontendOption* option = findOption(options, key);
    if (!option)
        return Expected<std::string>::failure(settingError(frontend, key, "the frontend declares no such option"));
    const auto it = settings.find(key);
    const std::string value = it == settings.end() ? option->defaultValue : it->second;
    if (option->kind == FrontendOption::Kind::Choice && !option->choicesFromSource && !value.empty()
        && std::find(option->choices.begin(), option->choices.end(), value) == option->choices.end()) {
        std::string allowed;
        for (const auto& c : option->choices)
            allowed += (allowed.empty() ? "" : ", ") + c;
        return Expected<std::string>::failure(settingError(frontend, key, "'" + value + "' is not one of " + allowed));
    }
    return value;
}

Expected<std::int64_t> settingInteger(const Frontend& frontend, const FrontendSettings& settings, const std::string& key,
                                      std::int64_t fallback)
{
    auto text = settingText(frontend, settings, key);
    if (!text)
        return Expected<std::int64_t>::failure(text.diagnostics());
    if (text->empty())
        return fallback;
    const auto options = frontend.options();
    const FrontendOption& option = *findOption(options, key);
    std::int64_t value = 0;
    const auto [end, ec] = std::from_chars(text->data(), text->data() + text->size(), value);
    if (ec != std::errc() || end != text->data() + text->size())
        return Expected<std::int64_t>::failure(settingError(frontend, key, "'" + *text + "' is not an integer"));
    if (value < option.minimum || value > option.maximum)
        return Expected<std::int64_t>::failure(
            settingError(frontend, key,
                         std::to_string(value) + " is outside " + std::to_string(option.minimum) + ".." + std::to_string(option.maximum)));
    return value;
}

Diagnostics checkSettings(const Frontend& frontend, const FrontendSettings& settings)
{
    Diagnostics out;
    for (const FrontendOption& o : frontend.options()) {
        if (!settings.count(o.key))
            continue;
        if (o.kind == FrontendOption::Kind::Integer) {
            if (auto v = settingInteger(frontend, settings, o.key, 0); !v)
                out.insert(out.end(), v.diagnostics().begin(), v.diagnostics().end());
        } else if (auto v = settingText(frontend, settings, o.key); !v) {
            out.insert(out.end(), v.diagnostics().begin(), v.diagnostics().end());
        }
    }
    return out;
}

} // namespace solar
