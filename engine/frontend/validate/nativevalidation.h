// SPDX-License-Identifier: MIT
// Validation of a program written for a C or C++ kernel (the LLM route): the kernel itself is compiled here and run
// (native/nativerun.h) at size points that tell its size constants apart, as validateProgram's, with two seeds of
// the interpreter's own generated inputs (floats signed, in [-1, 1)); every array the kernel may write is compared
// with the program's output of the same name. The naming contract: one ALIR tensor per pointer parameter of the
// entry function, by name (a const pointer an input, any other an output, which starts as zeros), with the
// pointee's element type; each integer parameter is a size parameter of the program or a constant of the file.
#pragma once

#include "engine/analysis/validationstatus.h"
#include "engine/frontend/validate/validation.h"
#include "engine/ir/ast.h"

#include <string>

namespace solar::validate {

Validation validateNative(const ir::Program& program, const std::string& file, const std::string& text, bool cplusplus,
                          const ValidationOptions& options = {});

/// What the prompt gives the model of a C/C++/CUDA source: its entry function's signature and the file's size
/// constants ("entry: void matmul(const float* A, ...)", "constant M = 200"), or why there is none.
std::string nativeSourceFacts(const std::string& text, const std::string& file, bool cuda);

} // namespace solar::validate
