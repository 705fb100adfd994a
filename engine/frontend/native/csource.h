// SPDX-License-Identifier: MIT
// What the LLM route needs to know of a C, C++ or CUDA source without compiling it: its integer size constants (a
// `#define N 1024`, a file-scope `const int N = 1024;`), its functions' signatures (which parameters are arrays,
// which are read only, which are integers) and, for CUDA, the kernels' launches (`k<<<grid, block>>>(args)`). A
// small reader over the text with comments and strings blanked, not a C parser: it reads the declarations kernel
// sources are written with and says what it could not read.
#pragma once

#include "engine/core/expected.h"

#include <cstdint>
#include <string>
#include <vector>

namespace solar::native {

struct CParam
{
    std::string name;
    std::string type; // the base type, qualifiers dropped: "float", "int64_t", "__half"
    bool pointer = false; // an array the function indexes (T* or T[])
    bool isConst = false; // const T*: read only
};

struct CFunction
{
    std::string name;
    std::string returnType; // "void", ...
    std::vector<CParam> params;
    int line = 0; // of the name
    bool isStatic = false;
    bool global = false; // CUDA __global__
    std::size_t bodyBegin = 0, bodyEnd = 0; // its body in CSource::text, braces excluded
};

struct CConstant
{
    std::string name;
    std::int64_t value = 0;
    int line = 0;
    std::size_t valueBegin = 0, valueEnd = 0; // where the value's digits are in the text (to set another value)
};

struct CLaunch
{
    std::string kernel;
    std::string grid, block; // the launch configuration's expressions, as written
    std::vector<std::string> args;
    int line = 0;
};

struct CSource
{
    std::vector<CFunction> functions; // file scope, in order
    std::vector<CConstant> constants;
    std::vector<CLaunch> launches;
    std::string text; // comments and string literals blanked (same length and lines as the source)
};

Expected<CSource> readCSource(const std::string& text, const std::string& file);

/// The function a harness calls: the last non-static `void` function at file scope (helpers come first); for CUDA,
/// the last __global__ one. Null when there is none.
const CFunction* entryFunction(const CSource& source, bool cuda);

/// The ALIR element type of a C type name ("float" -> "f32"), empty when the harness cannot exchange it.
std::string alirTypeOf(const std::string& cType);

/// The source with each named constant's value replaced (a copy to compile at a validation point).
std::string withConstants(const std::string& original, const CSource& source,
                          const std::vector<std::pair<std::string, std::int64_t>>& values);

} // namespace solar::native
