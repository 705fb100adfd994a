// SPDX-License-Identifier: MIT
// Diagnostics: every expected failure in the engine (bad IR, bad input, runtime faults) is reported as a value of
// this type, never by printing or exiting. Lines and columns are 1-based; 0 means "no position".
#pragma once

#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

namespace solar {

enum class Severity { Error, Warning, Note };

struct SourceLoc
{
    int line = 0;
    int column = 0;
};

struct Diagnostic
{
    Severity severity = Severity::Error;
    std::string file;
    SourceLoc loc;
    std::string code; // stable machine-readable id, e.g. "parse.expected-token"
    std::string message; // one line, names the offending token or entity

    /// "file:line:col: error: message" (the format compilers use, so editors can jump to it).
    std::string format() const;
};

using Diagnostics = std::vector<Diagnostic>;

const char* severityName(Severity severity);
bool hasErrors(const Diagnostics& diagnostics);
std::string formatAll(const Diagnostics& diagnostics);

/// The 1-based line:column of byte `byte` of `text` (parsers such as nlohmann report byte offsets; editors want
/// line:column).
SourceLoc locationOf(std::string_view text, std::size_t byte);
/// Where a field of a JSON file sits: its key's first occurrence (nlohmann keeps no positions); {} when absent.
SourceLoc fieldLocation(std::string_view text, const std::string& key);

} // namespace solar
