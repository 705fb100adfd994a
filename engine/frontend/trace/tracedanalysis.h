// SPDX-License-Identifier: MIT
// A Python model traced, lowered and analysed, then validated against the model itself: the common path of the
// PyTorch and JAX frontends (which differ in the framework they ask the worker for), and of every frontend that
// generates a PyTorch source (a config's serving step, a problem's workload, an ONNX graph), which goes through
// analyzeGeneratedSource, the one place a generated source is written, traced and mapped back to what the user
// opened.
#pragma once

#include "engine/frontend/frontend.h"

#include <cstdint>
#include <functional>
#include <map>
#include <string>
#include <vector>

namespace solar::trace {

/// What a frontend that generated the source knows about validating it.
struct TraceValidation
{
    /// Size points tried first (constant -> value), before the uniform reductions: points that keep the structure
    /// the generating frontend knows (a config's heads dividing its hidden size, a problem's constant axes).
    std::vector<std::map<std::string, std::int64_t>> firstSizes;
    /// What runs the generated model for real ("onnxruntime"); empty: the framework the trace ran.
    std::string reference;
    /// Constants to make size parameters of the analysed program with every other constant at the analysed sizes
    /// (constantfit.h), validation on or off: what a caller that re-solves the program at other values of them (a
    /// serving sweep's batch and tokens) needs where the whole-model fit does not give them.
    std::vector<std::string> fitConstants;
};

/// `framework` is "torch" or "jax" to force one, empty to let the worker pick by the file's imports. The result
/// names the framework that ran and leaves `frontend` to the caller.
Expected<SourceAnalysis> analyzeTracedModel(const std::string& path, const hw::HwProfile& hardware, const SourceAnalysisOptions& options,
                                            const std::string& framework, const TraceValidation& validation = {});

/// A PyTorch source another frontend wrote for the file the user opened.
struct GeneratedSource
{
    std::string text;
    std::string fileName; // "llama_decode.py"
    std::string origin; // the file the user opened: the result's program file, where diagnostics point
    /// Where the file is written: a folder kept for the user (`solar llm --keep-source`), else a temporary one
    /// (removed afterwards) when empty or when `keep` is false.
    std::string folder;
    bool keep = false;
    /// A diagnostic about the generated file, moved to the origin (its line there when the generator knows it).
    /// Default: at the origin, "line N of the generated source: " before the message. Not called when kept.
    std::function<Diagnostic(Diagnostic)> locate;
    TraceValidation validation;
};

/// Writes, traces (as PyTorch) and analyses `source`; failures and the result's diagnostics point at the origin
/// unless the source is kept. `writtenPath`: where it was written (gone unless kept).
Expected<SourceAnalysis> analyzeGeneratedSource(const GeneratedSource& source, const hw::HwProfile& hardware,
                                                const SourceAnalysisOptions& options, std::string* writtenPath = nullptr);

} // namespace solar::trace
