// SPDX-License-Identifier: MIT
// The `solar` command line. runCli() holds all of it behind a plain API, so tests drive it in-process and the
// executable's main() stays one line. Exit codes: 0 ok, 1 bad input or failed analysis, 2 usage error.
#pragma once

#include <iosfwd>
#include <string>
#include <vector>

namespace solar::cli {

enum ExitCode { ExitOk = 0, ExitBadInput = 1, ExitUsage = 2 };

/// `args` excludes the program name.
int runCli(const std::vector<std::string>& args, std::ostream& out, std::ostream& err);

} // namespace solar::cli
