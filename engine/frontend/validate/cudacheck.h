// SPDX-License-Identifier: MIT
// A program written for a CUDA kernel cannot be validated here (no GPU runs it): what can be checked without
// running is. The naming contract (every array the kernel indexes is a tensor of the program by its name, with the
// pointee's type, a const pointer an input); the kernel's integer arguments at its launch against the program's
// size parameters of the same names; the extents the kernel's loops and thread-index guards run to, evaluated at
// the launch, against the program's sizes (a dimension, a size parameter or a let); and whether the launch grid
// covers the guarded extents. A program that fails any of these is refused with feedback; one that passes is
// still *unvalidated*, and every output says so.
#pragma once

#include "engine/analysis/validationstatus.h"
#include "engine/ir/ast.h"

#include <string>

namespace solar::validate {

Validation checkCudaProgram(const ir::Program& program, const std::string& file, const std::string& text);

} // namespace solar::validate
