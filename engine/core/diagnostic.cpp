// SPDX-License-Identifier: MIT
#include "engine/core/diagnostic.h"

#include <algorithm>

namespace solar {

const char* severityName(Severity severity)
{
    switch (severity) {
    case Severity::Error: return "error";
    case Severity::Warning: return "warning";
    case Severity::Note: return "note";
    }
    return "error";
}

std::string Diagnostic::format() const
{
    std::string out = file.empty() ? std::string("<input>") : file;
    if (loc.line > 0) {
        out += ':' + std::to_string(loc.line);
        if (loc.column > 0)
            out += ':' + std::to_string(loc.column);
    }
    out += ": ";
    out += severityName(severity);
    out += ": ";
    out += message;
    return out;
}

bool hasErrors(const Diagnostics& diagnostics)
{
    return std::any_of(diagnostics.begin(), diagnostics.end(), [](const Diagnostic& d) { return d.severity == Severity::Error; });
}

std::string formatAll(const Diagnostics& diagnostics)
{
    std::string out;
    for (const auto& d : diagnostics) {
        out += d.format();
        out += '\n';
    }
    return out;
}

SourceLoc locationOf(std::string_view text, std::size_t byte)
{
    SourceLoc loc {1, 1};
    for (std::size_t i = 0; i < byte && i < text.size(); ++i) {
        if (text[i] == '\n') {
            ++loc.line;
            loc.column = 1;
        } else {
            ++loc.column;
        }
    }
    return loc;
}

SourceLoc fieldLocation(std::string_view text, const std::string& key)
{
    const auto at = text.find("\"" + key + "\"");
    return at == std::string_view::npos ? SourceLoc {} : locationOf(text, at);
}

} // namespace solar
