// SPDX-License-Identifier: MIT
// One source file to one analysis, whatever its language: ALIR text is parsed and analysed as written; a PyTorch
// file (.py) goes through the trace frontend (trace on fake tensors, lower, fit size parameters, validate by
// output comparison). The CLI's `analyze` and the GUI's background job both run this, so they agree.
#pragma once

#include "engine/analysis/analysis.h"
#include "engine/core/expected.h"

#include <atomic>
#include <functional>
#include <string>

namespace solar {

struct SourceAnalysisOptions
{
    AnalysisOptions analysis;
    bool validate = true;                  // .py: compare with torch at reduced sizes
    const std::atomic<bool>* cancel = nullptr; // set from another thread to stop tracing and validation
    std::function<void(const std::string& stage)> progress; // "tracing", "validating", ... (from the worker thread)
};

struct SourceAnalysis
{
    AnalysisResult result;
    std::string irText;        // the ALIR that was analysed
    bool irGenerated = false;  // written by a frontend (read-only in an editor), not by the user
};

/// `path` names the file (its extension picks the frontend; a .py file is read from disk by the tracer), `text`
/// is the ALIR source when the file is not Python. Failures carry file:line:col diagnostics.
Expected<SourceAnalysis> analyzeSource(const std::string& path, const std::string& text, const hw::HwProfile& hardware,
                                       const SourceAnalysisOptions& options = {});

bool isPythonFile(const std::string& path);

} // namespace solar
