// SPDX-License-Identifier: MIT
#include "app/cli/cli.h"

#include "app/cli/command.h"

#include "engine/core/version.h"

#include <ostream>

namespace solar::cli {

namespace {

std::vector<Command> allCommands()
{
    std::vector<Command> all;
    for (auto group : {irCommands(), analysisCommands(), hwCommands(), reportCommands(), benchCommands(), measureCommands(),
                       insightsCommands(), servingCommands()})
        all.insert(all.end(), group.begin(), group.end());
    return all;
}

// The longest command name that `args` starts with ("ir check" before "ir"; "bench --merge" anywhere after bench).
const Command* findCommand(const std::vector<Command>& commands, const std::vector<std::string>& args, size_t* consumed)
{
    const Command* best = nullptr;
    for (const auto& c : commands) {
        const bool merge = c.name == "bench --merge";
        if (merge) {
            if (!args.empty() && args[0] == "bench")
                for (const auto& a : args)
                    if (a == "--merge") {
                        best = &c;
                        *consumed = 1;
                    }
            if (best == &c)
                return best;
            continue;
        }
        const bool two = c.name.find(' ') != std::string::npos;
        const std::string first = two ? c.name.substr(0, c.name.find(' ')) : c.name;
        const std::string second = two ? c.name.substr(c.name.find(' ') + 1) : std::string();
        if (args.empty() || args[0] != first)
            continue;
        if (two && (args.size() < 2 || args[1] != second))
            continue;
        if (!best || c.name.size() > best->name.size()) {
            best = &c;
            *consumed = two ? 2 : 1;
        }
    }
    return best;
}

} // namespace

int runCli(const std::vector<std::string>& args, std::ostream& out, std::ostream& err)
{
    const std::vector<Command> commands = allCommands();
    try {
        if (args.empty()) {
            err << overviewHelp(commands);
            return ExitUsage;
        }
        const std::string& cmd = args[0];
        if (cmd == "--version" || cmd == "-V" || cmd == "version") {
            out << "solar " << kVersion << '\n';
            return ExitOk;
        }
        if (cmd == "--help" || cmd == "-h" || cmd == "help") {
            out << overviewHelp(commands);
            return ExitOk;
        }
        size_t consumed = 0;
        const Command* command = findCommand(commands, args, &consumed);
        if (!command) {
            // A group given without (or with a wrong) subcommand: name the ones it has.
            std::string subs;
            for (const auto& c : commands)
                if (c.name.rfind(cmd + " ", 0) == 0 && c.name != "bench --merge")
                    subs += (subs.empty() ? "" : ", ") + c.name.substr(cmd.size() + 1);
            if (!subs.empty())
                throw UsageError {args.size() < 2 ? "'" + cmd + "' needs a subcommand: " + subs
                                                  : "unknown '" + cmd + "' subcommand '" + args[1] + "' (" + subs + ")"};
            throw UsageError {"unknown command '" + cmd + "'"};
        }
        std::vector<std::string> rest(args.begin() + static_cast<std::ptrdiff_t>(consumed), args.end());
        if (command->name == "bench --merge")
            std::erase(rest, std::string("--merge"));
        for (const auto& a : rest)
            if (a == "--help" || a == "-h") {
                out << commandHelp(*command);
                return ExitOk;
            }
        return command->run(parseArgs(*command, rest), out, err);
    } catch (const UsageError& e) {
        err << "solar: " << e.message << "\n(run 'solar --help' for usage)\n";
        return ExitUsage;
    }
}

} // namespace solar::cli
