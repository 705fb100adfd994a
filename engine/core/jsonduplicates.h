// SPDX-License-Identifier: MIT
// Duplicate keys in a JSON object. nlohmann (like most parsers) keeps the last of two equal keys silently; in a file a
// user wrote ({"tp": 8, ..., "tp": 2}) that hides a mistake, so the readers of user files refuse it with its place.
#pragma once

#include "engine/core/diagnostic.h"

#include <optional>
#include <string>
#include <string_view>

namespace solar {

struct DuplicateKey
{
    std::string key;
    SourceLoc at; // the second occurrence
};

/// The first key that an object of the JSON `text` repeats, in document order; none for valid JSON without one.
/// Text that is not valid JSON gives none (the caller's parse reports that).
std::optional<DuplicateKey> findDuplicateKey(std::string_view text);

} // namespace solar
