// SPDX-License-Identifier: MIT
// Runs a C or C++ kernel for real: the source (a copy with its size constants set to a validation point's values)
// is compiled with the system compiler together with a harness the tool writes — it loads one array per pointer
// parameter of the entry function from a file, passes the integers, calls the function and writes the arrays it may
// have written back — under AddressSanitizer and UndefinedBehaviorSanitizer where the toolchain has them, so a
// kernel that indexes outside the arrays the program declares is reported, not read as numbers. Nothing of an LLM
// reply is compiled: only the user's own source and the harness.
#pragma once

#include "engine/core/expected.h"
#include "engine/frontend/native/csource.h"

#include <atomic>
#include <cstdint>
#include <map>
#include <string>
#include <vector>

namespace solar::native {

struct NativeArray
{
    std::string alirType; // "f32", "i64", ... (alirTypeOf the parameter's type)
    std::vector<double> data; // row-major; outputs: the element count, zeros
};

struct NativeRunOptions
{
    int compileTimeoutMs = 60000;
    int runTimeoutMs = 60000;
    const std::atomic<bool>* cancel = nullptr;
};

struct NativeRun
{
    std::map<std::string, std::vector<double>> arrays; // every non-const pointer parameter, after the call
    std::string compiler; // the command line's compiler and flags, for the details
    bool sanitized = false;
};

/// Compiles `text` (`cplusplus`: as C++) with its constants set to `constants`, calls `entry` with `arrays` (by
/// parameter name, every pointer parameter) and `integers` (by name, every integer parameter), and returns the
/// non-const arrays. Errors: the source does not compile (its compiler's first messages), the run fails, reads or
/// writes outside an array (the sanitizer's report), or takes longer than the timeout.
Expected<NativeRun> runNative(const std::string& text, const std::string& file, bool cplusplus, const CSource& source,
                              const CFunction& entry, const std::map<std::string, NativeArray>& arrays,
                              const std::map<std::string, std::int64_t>& integers,
                              const std::vector<std::pair<std::string, std::int64_t>>& constants, const NativeRunOptions& options = {});

} // namespace solar::native
