// SPDX-License-Identifier: MIT
// Canonical ALIR text: two-space indentation, one declaration or statement per line, minimal parentheses, and
// numbers in their shortest round-trip form. parseProgram(printProgram(p)) is structurally equal to p.
#pragma once

#include "engine/ir/ast.h"

#include <string>

namespace solar::ir {

std::string printProgram(const Program& program);
std::string printExpr(const Expr& expr);
std::string formatNumber(double value); // shortest text that parses back to the same double, always float-looking

} // namespace solar::ir
