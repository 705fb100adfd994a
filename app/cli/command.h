// SPDX-License-Identifier: MIT
// A command of the `solar` CLI as data: its name, what it takes, what it does, and a table of its options. The
// table is the one source for parsing (unknown options, missing values, allowed choices are usage errors) and
// for `solar --help` / `solar COMMAND --help`, so the help cannot drift from what the parser accepts.
#pragma once

#include <cstdint>
#include <functional>
#include <iosfwd>
#include <map>
#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace solar::cli {

/// A wrong command line: printed with a pointer to --help, exit code 2.
struct UsageError
{
    std::string message;
};

struct OptionSpec
{
    std::string name; // "--hw"
    std::string value; // "NAME"; empty for a flag
    std::string help;
    std::vector<std::string> choices; // allowed values (empty: any)
    std::string alias; // "-o" for "--output"
    bool repeatable = false; // --set NAME=VALUE ...
};

/// What a command was given, checked against its option table.
class Args
{
public:
    std::vector<std::string> positional;

    bool has(const std::string& option) const { return m_values.count(option) != 0; }
    /// The last value given for `option`, else `fallback`.
    std::string value(const std::string& option, const std::string& fallback = {}) const;
    std::vector<std::string> values(const std::string& option) const;
    /// An integer value; a usage error when it is not one or is below `minimum`.
    std::optional<std::int64_t> integer(const std::string& option, std::int64_t minimum) const;
    /// A positive number; a usage error when it is not one.
    std::optional<double> positive(const std::string& option) const;

    void add(const std::string& option, const std::string& value) { m_values[option].push_back(value); }

private:
    std::map<std::string, std::vector<std::string>> m_values;
};

struct Command
{
    std::string name; // "analyze", "ir check"
    std::string synopsis; // what follows the name and the options: "FILE"
    std::string summary; // one paragraph for --help
    std::vector<OptionSpec> options;
    int minPositional = 1, maxPositional = 1;
    std::function<int(const Args& args, std::ostream& out, std::ostream& err)> run;
};

/// Parses `args` (after the command's name) against the command's table; throws UsageError.
Args parseArgs(const Command& command, const std::vector<std::string>& args);

/// The usage line and option list of one command, and the whole overview.
std::string commandUsage(const Command& command);
std::string commandHelp(const Command& command);
std::string overviewHelp(const std::vector<Command>& commands);

std::int64_t parseInteger(const std::string& text, const std::string& what);
/// --shard I/N: this machine's share of a sweep, {I, N}; {0, 1} when absent; a usage error unless 0 <= I < N.
std::pair<int, int> shardOption(const Args& args);

// The commands, one file per group.
std::vector<Command> irCommands();
std::vector<Command> analysisCommands();
std::vector<Command> benchCommands();
std::vector<Command> reportCommands();
std::vector<Command> hwCommands();
std::vector<Command> measureCommands();
std::vector<Command> insightsCommands();
std::vector<Command> servingCommands();

// A SOL-ExecBench problem (problemcommands.cpp): whether `analyze`'s arguments name one, its options, and the
// analysis of its workloads.
bool namesProblem(const Args& args);
std::vector<OptionSpec> problemOptions();
int analyzeProblem(const Args& args, std::ostream& out, std::ostream& err);

} // namespace solar::cli
