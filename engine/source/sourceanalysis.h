// SPDX-License-Identifier: MIT
// One source file to one analysis, whatever its language: the frontend the options name (or, under "auto", the
// first registered one that claims the file) turns it into ALIR and analyses it (engine/frontend/frontend.h). The
// CLI's `analyze` and the GUI's background job both run this, so they agree. The top of the frontend stack:
// nothing in the engine below engine/source calls it (a generating frontend traces its source through
// trace::analyzeGeneratedSource instead).
#pragma once

#include "engine/source/registry.h"

namespace solar {

/// `path` names the file (under "auto" its name picks the frontend; the tracer reads a .py file from disk), `text`
/// is its content (read from `path` when empty and needed). Failures carry file:line:col diagnostics; an unknown
/// frontend id is one of them, and so is a frontend option its frontend refuses.
Expected<SourceAnalysis> analyzeSource(const std::string& path, const std::string& text, const hw::HwProfile& hardware,
                                       const SourceAnalysisOptions& options = {});

} // namespace solar
