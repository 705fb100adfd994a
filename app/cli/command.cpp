// SPDX-License-Identifier: MIT
#include "app/cli/command.h"

#include <algorithm>
#include <charconv>
#include <cstdlib>
#include <sstream>

namespace solar::cli {

std::string Args::value(const std::string& option, const std::string& fallback) const
{
    const auto it = m_values.find(option);
    return it == m_values.end() || it->second.empty() ? fallback : it->second.back();
}

std::vector<std::string> Args::values(const std::string& option) const
{
    const auto it = m_values.find(option);
    return it == m_values.end() ? std::vector<std::string>() : it->second;
}

std::optional<std::int64_t> Args::integer(const std::string& option, std::int64_t minimum) const
{
    if (!has(option))
        return std::nullopt;
    const std::int64_t v = parseInteger(value(option), option);
    if (v < minimum)
        throw UsageError {option + " needs at least " + std::to_string(minimum)};
    return v;
}

std::optional<double> Args::positive(const std::string& option) const
{
    if (!has(option))
        return std::nullopt;
    const std::string text = value(option);
    char* end = nullptr;
    const double v = std::strtod(text.c_str(), &end);
    if (end == text.c_str() || *end != '\0' || !(v > 0))
        throw UsageError {option + " needs a positive number, got '" + text + "'"};
    return v;
}

std::int64_t parseInteger(const std::string& text, const std::string& what)
{
    std::int64_t v = 0;
    const auto r = std::from_chars(text.data(), text.data() + text.size(), v);
    if (r.ec != std::errc() || r.ptr != text.data() + text.size())
        throw UsageError {what + " needs an integer, got '" + text + "'"};
    return v;
}

namespace {

std::string joined(const std::vector<std::string>& items, const char* separator)
{
    std::string s;
    for (const auto& i : items)
        s += (s.empty() ? "" : separator) + i;
    return s;
}

// Wraps `text` at `width` columns, every line indented by `indent`.
std::string wrapped(const std::string& text, size_t indent, size_t width = 110)
{
    std::istringstream words(text);
    std::string word, line, out;
    while (words >> word) {
        if (!line.empty() && indent + line.size() + 1 + word.size() > width) {
            out += std::string(indent, ' ') + line + "\n";
            line.clear();
        }
        line += (line.empty() ? "" : " ") + word;
    }
    if (!line.empty())
        out += std::string(indent, ' ') + line + "\n";
    return out;
}

std::string optionUsage(const OptionSpec& o)
{
    std::string v = o.choices.empty() ? o.value : joined(o.choices, "|");
    return o.name + (v.empty() ? "" : " " + v) + (o.repeatable ? " ..." : "");
}

} // namespace

Args parseArgs(const Command& command, const std::vector<std::string>& args)
{
    Args parsed;
    for (size_t i = 0; i < args.size(); ++i) {
        const std::string& a = args[i];
        if (a.size() > 1 && a[0] == '-') {
            const auto spec = std::find_if(command.options.begin(), command.options.end(),
                                           [&](const OptionSpec& o) { return o.name == a || (!o.alias.empty() && o.alias == a); });
            if (spec == command.options.end())
                throw UsageError {"unknown option '" + a + "' for '" + command.name + "'"};
            if (spec->value.empty() && spec->choices.empty()) {
                parsed.add(spec->name, "1");
                continue;
            }
            if (i + 1 >= args.size())
                throw UsageError {"'" + a + "' needs a value"};
            const std::string& v = args[++i];
            if (!spec->choices.empty() && std::find(spec->choices.begin(), spec->choices.end(), v) == spec->choices.end())
                throw UsageError {"'" + command.name + "' has no " + spec->name + " '" + v + "' (" + joined(spec->choices, ", ") + ")"};
            if (parsed.has(spec->name) && !spec->repeatable)
                throw UsageError {"'" + spec->name + "' is given twice"};
            parsed.add(spec->name, v);
        } else {
            parsed.positional.push_back(a);
        }
    }
    const int n = static_cast<int>(parsed.positional.size());
    if (n < command.minPositional)
        throw UsageError {"'" + command.name + "' needs " + (command.synopsis.empty() ? std::string("an argument") : command.synopsis)};
    if (command.maxPositional >= 0 && n > command.maxPositional)
        throw UsageError {"'" + command.name + "' takes " + (command.maxPositional == 1 ? "one " + command.synopsis : command.synopsis)
                          + ", not '" + parsed.positional[static_cast<size_t>(command.maxPositional)] + "'"};
    return parsed;
}

std::string commandUsage(const Command& c)
{
    std::string usage = "solar " + c.name + (c.synopsis.empty() ? "" : " " + c.synopsis);
    for (const auto& o : c.options)
        usage += " [" + optionUsage(o) + "]";
    return usage;
}

std::string commandHelp(const Command& c)
{
    std::string out = "usage: " + commandUsage(c) + "\n\n" + wrapped(c.summary, 2);
    if (!c.options.empty()) {
        out += "\noptions:\n";
        for (const auto& o : c.options) {
            std::string head = "  " + (o.alias.empty() ? "" : o.alias + ", ") + optionUsage(o);
            out += head + "\n" + wrapped(o.help, 6);
        }
    }
    return out;
}

std::string overviewHelp(const std::vector<Command>& commands)
{
    std::string out = "usage: solar <command> [options]   (solar <command> --help: that command's options)\n\ncommands:\n"
                      "  solar --version\n      print the version\n";
    for (const auto& c : commands)
        out += "  solar " + c.name + (c.synopsis.empty() ? "" : " " + c.synopsis) + "\n" + wrapped(c.summary, 6);
    out += "\npolicies: pytorch-default (default), strict-fp32, allow-tf32\n"
           "exit codes: 0 ok, 1 bad input or failed analysis, 2 usage error\n";
    return out;
}

std::pair<int, int> shardOption(const Args& args)
{
    if (!args.has("--shard"))
        return {0, 1};
    const std::string shard = args.value("--shard");
    const auto slash = shard.find('/');
    if (slash == std::string::npos)
        throw UsageError {"--shard needs I/N, got '" + shard + "'"};
    const auto index = parseInteger(shard.substr(0, slash), "--shard");
    const auto count = parseInteger(shard.substr(slash + 1), "--shard");
    if (count < 1 || count > 1 << 20 || index < 0 || index >= count)
        throw UsageError {"--shard I/N needs 0 <= I < N"};
    return {static_cast<int>(index), static_cast<int>(count)};
}

} // namespace solar::cli
