// SPDX-License-Identifier: MIT
// Hand-written recursive-descent parser for ALIR. It recovers at statement and declaration boundaries, so one run
// reports several errors; it bounds nesting depth and the number of errors, so no input makes it recurse or
// allocate without limit. Name resolution, types and bounds are the checker's job (checker.h).
#pragma once

#include "engine/core/expected.h"
#include "engine/ir/ast.h"

#include <string>
#include <string_view>

namespace solar::ir {

inline constexpr int kMaxNestingDepth = 200;
inline constexpr int kMaxParseErrors = 50;

/// ALIR's reserved words, which no name may be.
bool isKeyword(std::string_view word);

/// `fileName` only labels diagnostics.
Expected<Program> parseProgram(std::string_view source, const std::string& fileName = {});

} // namespace solar::ir
