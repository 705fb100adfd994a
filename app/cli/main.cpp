// SPDX-License-Identifier: MIT
// The `solar` executable: headless, so it creates no QApplication and runs without a display.
#include "app/cli/cli.h"

#include <iostream>

int main(int argc, char** argv)
{
    std::ios::sync_with_stdio(false);
    const std::vector<std::string> args(argv + 1, argv + argc);
    return solar::cli::runCli(args, std::cout, std::cerr);
}
