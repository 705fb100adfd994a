// SPDX-License-Identifier: MIT
// One source file to one analysis, whatever its language: ALIR text is parsed and analysed as written; a PyTorch
// file (.py) goes through the trace frontend (trace on fake tensors, lower, fit size parameters, validate by
// output comparison). The CLI's `analyze` and the GUI's background job both run this, so they agree.
#pragma once

#include "engine/analysis/analysis.h"
#include "engine/core/expected.h"
#include "engine/frontend/llm/translator.h"

#include <atomic>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <string_view>

namespace solar {

namespace trace {
class TraceWorker;
}

/// How a source becomes ALIR. Auto: PyTorch files through the tracer, anything else as ALIR; Trace; Alir (as
/// written); Llm (any source, through an OpenAI-compatible endpoint, validated against the source when it runs).
/// Trace: the PyTorch tracer; Jax: the JAX tracer (jaxprs); Auto picks by the file (.py: by its imports).
enum class Frontend { Auto, Trace, Alir, Llm, Jax };

/// "auto", "trace", "alir", "llm", "jax" (the CLI's --frontend, project files, reports).
std::string_view frontendName(Frontend frontend);
std::optional<Frontend> parseFrontend(std::string_view text);

struct SourceAnalysisOptions
{
    Frontend frontend = Frontend::Auto;
    llm::LlmSettings llm;
    std::string llmCacheDir = llm::defaultCacheDir();
    std::function<void(const llm::Attempt&)> onLlmAttempt;
    AnalysisOptions analysis;
    bool validate = true; // .py: compare with torch at reduced sizes
    const std::atomic<bool>* cancel = nullptr; // set from another thread to stop tracing and validation
    std::function<void(const std::string& stage)> progress; // "tracing", "validating", ... (from the worker thread)
    /// Called once the bounds exist, before validation (which can take minutes on a large model), with the
    /// validation marked as running: a GUI shows the bounds at once. From the worker thread.
    std::function<void(const struct SourceAnalysis& bounds)> onBounds;
    /// A tracer kept between analyses that run on one thread (the GUI's job), so torch is imported once: used when
    /// set, created here (and left in it) when empty. Null: a worker for this analysis only.
    std::unique_ptr<trace::TraceWorker>* reusableWorker = nullptr;
    /// The Python interpreter the user chose (the GUI's setting): tried after SOLAR_PYTHON, before the search.
    std::string python;
};

struct SourceAnalysis
{
    AnalysisResult result;
    std::string irText; // the ALIR that was analysed
    bool irGenerated = false; // written by a frontend (read-only in an editor), not by the user
    Frontend frontend = Frontend::Alir; // the one that ran: Trace, Jax, Alir or Llm
    std::vector<llm::Attempt> llmAttempts;
    bool llmFromCache = false;
};

/// `path` names the file (with frontend "auto" its extension picks the frontend; the tracer reads a .py file from
/// disk), `text` is its content (read from `path` when empty and needed). Failures carry file:line:col diagnostics.
Expected<SourceAnalysis> analyzeSource(const std::string& path, const std::string& text, const hw::HwProfile& hardware,
                                       const SourceAnalysisOptions& options = {});

bool isPythonFile(const std::string& path);

} // namespace solar
