// SPDX-License-Identifier: MIT
// Static checks on a parsed ALIR program: names declared before use and never redefined or shadowed, ranks and
// element types that agree, read-only tensors never written, write races (a plain '=' inside a loop its target
// does not depend on), a classification of every tensor access, and bounds: accesses proven in bounds, proven
// out of bounds at the default sizes (an error), or left to the interpreter's run-time check.
#pragma once

#include "engine/core/diagnostic.h"
#include "engine/ir/accessclass.h"
#include "engine/ir/ast.h"
#include "engine/ir/intexpr.h"

#include <string>
#include <string_view>
#include <vector>

namespace solar::ir {

enum class BoundsStatus {
    Proven, // in bounds for every execution at the default sizes
    RuntimeChecked, // could not be proven; the interpreter checks each execution
    OutOfBounds, // certainly out of bounds at the default sizes (reported as an error)
    Unreachable, // inside a loop or guard that never runs at the default sizes
};

struct AccessInfo
{
    std::string tensor;
    std::string text; // canonical text of the access, e.g. "X[b, 2 * p + r - 1]"
    SourceLoc loc;
    bool isWrite = false;
    int assignId = -1; // the assignment it belongs to (forEachAssign order); -1 in an 'if' condition
    AccessClass cls = AccessClass::Affine;
    BoundsStatus bounds = BoundsStatus::RuntimeChecked;
};

struct CheckResult
{
    Diagnostics diagnostics;
    std::vector<AccessInfo> accesses; // in source order
    int assignCount = 0;
    bool ok() const { return !hasErrors(diagnostics); }
};

CheckResult checkProgram(const Program& program);

std::string_view boundsStatusName(BoundsStatus status);

} // namespace solar::ir
