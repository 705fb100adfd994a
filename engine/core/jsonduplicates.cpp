// SPDX-License-Identifier: MIT
#include "engine/core/jsonduplicates.h"

#include <nlohmann/json.hpp>

#include <map>
#include <set>
#include <vector>

namespace solar {

std::optional<DuplicateKey> findDuplicateKey(std::string_view text)
{
    // The parser's callback sees every object's start, keys and end, but no byte offsets: the duplicate is placed at
    // the occurrence of its quoted key whose rank in the text matches its rank among the keys parsed so far.
    std::vector<std::set<std::string>> open;
    std::map<std::string, int> seen;
    std::optional<DuplicateKey> found;
    auto callback = [&](int /*depth*/, nlohmann::json::parse_event_t event, nlohmann::json& parsed) {
        using Event = nlohmann::json::parse_event_t;
        if (found)
            return true;
        if (event == Event::object_start) {
            open.emplace_back();
        } else if (event == Event::object_end) {
            if (!open.empty())
                open.pop_back();
        } else if (event == Event::key && !open.empty()) {
            const std::string key = parsed.get<std::string>();
            const int rank = ++seen[key];
            if (!open.back().insert(key).second) {
                const std::string quoted = nlohmann::json(key).dump();
                std::size_t at = std::string_view::npos, from = 0;
                for (int i = 0; i < rank; ++i, from = at + 1)
                    if ((at = text.find(quoted, from)) == std::string_view::npos)
                        break;
                found = DuplicateKey {key, at == std::string_view::npos ? SourceLoc {} : locationOf(text, at)};
            }
        }
        return true;
    };
    [[maybe_unused]] const auto parsed = nlohmann::json::parse(text.begin(), text.end(), callback, false);
    return found;
}

} // namespace solar
