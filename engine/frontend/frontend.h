// SPDX-License-Identifier: MIT
// The frontend seam: how a source becomes ALIR and then an analysis. Each frontend (the PyTorch trace, the JAX
// trace, ALIR as written, the LLM route) is one folder under engine/frontend/ with a class implementing Frontend,
// listed once in registry.cpp. The CLI's --frontend choices and help, the GUI's selector, project files, reports
// and `solar doctor` are all generated from the registry, so a frontend's id and label are written in one place:
// its own file. docs/architecture.md, "Adding a frontend", names the files to touch.
#pragma once

#include "engine/analysis/analysis.h"
#include "engine/core/expected.h"
#include "engine/frontend/llm/translator.h"
#include "engine/serving/servingsource.h"

#include <atomic>
#include <functional>
#include <map>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

namespace solar {

namespace trace {
class TraceWorker;
}

/// The id that is not a frontend: each file goes to the first registered frontend that claims it.
inline constexpr std::string_view kAutoFrontend = "auto";

struct SourceAnalysisOptions
{
    std::string frontend = std::string(kAutoFrontend); // a registered frontend's id, or "auto"
    llm::LlmSettings llm;
    std::string llmCacheDir = llm::defaultCacheDir();
    std::function<void(const llm::Attempt&)> onLlmAttempt;
    AnalysisOptions analysis;
    bool validate = true; // compare the program with its source at reduced sizes, where a reference runs
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
    /// A model config (the hf-config frontend): which serving step of it is analysed (phase, batch, tokens, dtype;
    /// an empty dtype: the config's).
    serving::ServingPoint serving = defaultServingPoint();
    /// A problem with workloads (the sol-execbench frontend): the uuid of the one analysed; empty: the first.
    std::string workload;
    /// Size points validation tries first (constant -> value), before the uniform reductions: what a frontend
    /// that knows how the sizes relate picks (serving/validationsizes.h).
    std::vector<std::map<std::string, std::int64_t>> validationSizes;
    /// What runs a generated model file for real when it is validated (the ONNX frontend's "onnxruntime"); empty:
    /// the framework the trace ran.
    std::string validationReference;
    static serving::ServingPoint defaultServingPoint()
    {
        serving::ServingPoint p;
        p.dtype.clear();
        return p;
    }
};

struct SourceAnalysis
{
    AnalysisResult result;
    std::string irText; // the ALIR that was analysed
    bool irGenerated = false; // written by a frontend (read-only in an editor), not by the user
    std::vector<std::string> outputs; // traced sources: the ALIR tensors holding the source's outputs, in its order
    std::string frontend; // the id of the frontend that ran (never "auto")
    std::vector<llm::Attempt> llmAttempts;
    bool llmFromCache = false;
};

class Frontend
{
public:
    virtual ~Frontend() = default;

    /// The id the CLI's --frontend, project files and reports use ("trace").
    virtual std::string_view id() const = 0;
    /// The GUI selector's label (English; marked with QT_TRANSLATE_NOOP("FrontendSelector", ...) for the catalogues).
    virtual const char* label() const = 0;
    /// What --frontend's help says after the id ("PyTorch"), empty for nothing.
    virtual std::string_view help() const = 0;
    /// Whether the automatic choice gives `path` to this frontend (by its name; the Python worker tells PyTorch
    /// from JAX sources by their imports).
    virtual bool claims(const std::string& path) const = 0;
    /// Whether the frontend compares its program with the source (ALIR as written has nothing to compare with).
    virtual bool validates() const { return true; }
    /// The reference a program is compared with ("PyTorch", "JAX"), empty when it depends on the source.
    virtual std::string_view reference() const { return {}; }
    /// Whether it reports attempts as it goes (onLlmAttempt): the GUI shows them in its transcript pane.
    virtual bool reportsAttempts() const { return false; }
    /// The Python framework this frontend needs in the interpreter ("torch", "jax"), empty for none: what
    /// `solar trace` and `solar doctor` look for.
    virtual std::string_view framework() const { return {}; }
    /// Whether the source is a model served step by step (a config.json): SourceAnalysisOptions::serving picks the
    /// step, and the GUI offers its controls.
    virtual bool servesSteps() const { return false; }
    /// Whether the source is a problem with workloads (SourceAnalysisOptions::workload picks one; the GUI offers a
    /// workload selector).
    virtual bool hasWorkloads() const { return false; }

    virtual Expected<SourceAnalysis> analyze(const std::string& path, const std::string& text, const hw::HwProfile& hardware,
                                             const SourceAnalysisOptions& options) const = 0;
};

/// Every frontend, in the order the automatic choice asks them (and the GUI and the help list them).
const std::vector<const Frontend*>& frontends();
/// The frontend with this id; nullptr for "auto" and unknown ids.
const Frontend* findFrontend(std::string_view id);
/// The frontend that analyses `path` when `id` is chosen: that one, or for "auto" the first that claims the path;
/// nullptr for an unknown id.
const Frontend* chooseFrontend(std::string_view id, const std::string& path);
/// The frontend whose Python framework is `framework` ("torch", "jax"); nullptr for none.
const Frontend* frontendForFramework(std::string_view framework);
/// "auto" and every frontend's id: the CLI's --frontend choices.
std::vector<std::string> frontendIds();
/// Whether `id` is "auto" or a registered frontend.
bool isFrontendId(std::string_view id);

bool isPythonFile(const std::string& path);

} // namespace solar
