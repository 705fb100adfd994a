// SPDX-License-Identifier: MIT
// Where the tests find the shared test data (../shared beside the checkout: KernelBench, SOL-ExecBench). The suite
// must pass in a clone of the repository alone, so every test that reads it skips with one line when it is absent;
// SOLAR_SHARED_DIR overrides the location at run time (CI's run without it points it at an empty folder).
#pragma once

#include <cstdlib>
#include <filesystem>
#include <string>

namespace solar::testing {

inline std::string sharedDataDir()
{
    if (const char* env = std::getenv("SOLAR_SHARED_DIR"); env && *env)
        return env;
    return SOLAR_SHARED_DIR;
}

inline std::string kernelBenchDir()
{
    return sharedDataDir() + "/kernelbench";
}

inline bool hasKernelBench()
{
    return std::filesystem::is_directory(kernelBenchDir());
}

} // namespace solar::testing
