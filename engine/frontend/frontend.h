// SPDX-License-Identifier: MIT
// The frontend seam: how a source becomes ALIR and then an analysis. Each frontend (the PyTorch trace, the JAX
// trace, ALIR as written, the LLM route, a config.json, a problem, an ONNX graph) is one folder under
// engine/frontend/ with a class implementing Frontend, listed once in engine/source/registry.cpp. A frontend
// declares what it reads (file patterns) and the options it takes (FrontendOption); the CLI's --frontend choices,
// option tables and help, the GUI's open filter, selector and option controls, project files, reports and
// `solar doctor` are generated from those declarations, so a new frontend touches its folder, one registry line and
// its tests. This header is the bottom of the frontend stack: it includes nothing from a frontend's folder.
#pragma once

#include "engine/analysis/analysis.h"
#include "engine/core/expected.h"

#include <atomic>
#include <cstdint>
#include <functional>
#include <map>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace solar {

namespace worker {
class Session;
}

/// The id that is not a frontend: each file goes to the first registered frontend that claims it.
inline constexpr std::string_view kAutoFrontend = "auto";

/// One option a frontend takes: `--<key> VALUE` on the CLI (in the commands that take frontend options), a control
/// in the GUI, a key in project files. Values travel as text (FrontendSettings) and the frontend that declared the
/// option reads them (settingText / settingInteger below check them against the declaration).
struct FrontendOption
{
    enum class Kind { Text, Integer, Choice };
    /// Where the GUI offers it: in the analysis toolbar while the frontend reads the open source (and projects
    /// keep it), in the frontend's settings dialog (the LLM endpoint; kept between sessions, never in a project), or
    /// on the command line only.
    enum class Place { Toolbar, Settings, CommandLine };
    std::string key; // "llm-model": the CLI's --llm-model, the settings' and the project file's key
    Kind kind = Kind::Text;
    Place place = Place::Toolbar;
    std::string valueName; // "M" in --help
    std::string help; // --help's text and the control's tool tip (English)
    const char* label = ""; // the control's label, marked QT_TRANSLATE_NOOP("FrontendOption", ...)
    std::vector<std::string> choices; // Kind::Choice: the allowed values (empty with choicesFromSource)
    bool choicesFromSource = false; // Kind::Choice: the values depend on the source (Frontend::sourceChoices)
    std::int64_t minimum = 1; // Kind::Integer
    std::int64_t maximum = std::int64_t(1) << 40; // Kind::Integer
    std::string defaultValue; // shown when unset; empty: the frontend decides (from the source or the environment)
};

/// Option values by key, as the user gave them (an absent key: the option's default).
using FrontendSettings = std::map<std::string, std::string>;

/// One round of a frontend that asks for its program (the LLM route): what the GUI's transcript and the CLI show.
struct FrontendAttempt
{
    int number = 0;
    std::string reply; // what the model said
    std::string alir; // the program found in it (empty: none)
    std::string outcome; // no-ir | parse-error | check-error | mismatch | unvalidated | validated
    std::string feedback; // what the next round was told (empty after the last round or on success)
    std::string details; // diagnostics or the validation's details
};

struct SourceAnalysisOptions
{
    std::string frontend = std::string(kAutoFrontend); // a registered frontend's id, or "auto"
    /// The chosen frontend's own options (FrontendOption keys). Keys of other frontends are ignored.
    FrontendSettings settings;
    AnalysisOptions analysis;
    bool validate = true; // compare the program with its source at reduced sizes, where a reference runs
    const std::atomic<bool>* cancel = nullptr; // set from another thread to stop tracing and validation
    std::function<void(const std::string& stage)> progress; // "tracing", "validating", ... (from the worker thread)
    /// Called once the bounds exist, before validation (which can take minutes on a large model), with the
    /// validation marked as running: a GUI shows the bounds at once. From the worker thread.
    std::function<void(const struct SourceAnalysis& bounds)> onBounds;
    /// After each round of a frontend that asks for its program (reportsAttempts()). From the worker thread.
    std::function<void(const FrontendAttempt&)> onAttempt;
    /// The Python worker kept between analyses that run on one thread (the GUI's job, a sweep), so torch is
    /// imported once (engine/worker/session.h). Null: a worker for this analysis only.
    worker::Session* session = nullptr;
    /// The Python interpreter the user chose (the GUI's setting): tried after SOLAR_PYTHON, before the search.
    std::string python;
};

struct SourceAnalysis
{
    AnalysisResult result;
    std::string irText; // the ALIR that was analysed
    bool irGenerated = false; // written by a frontend (read-only in an editor), not by the user
    std::vector<std::string> outputs; // traced sources: the ALIR tensors holding the source's outputs, in its order
    /// The id of the frontend that ran (never "auto"); a frontend may leave it empty: then the registry names the
    /// frontend of `framework`, or the one it chose.
    std::string frontend;
    /// The Python framework that traced it ("torch", "jax"; empty: none), which under the automatic choice the
    /// worker picks by the file's imports: the registry names the frontend of that framework.
    std::string framework;
    std::vector<FrontendAttempt> attempts;
    bool fromCache = false; // the program came from the frontend's cache (an LLM reply asked before)
    /// Source constant -> ALIR size parameter, for a traced program whose sizes were fitted as parameters: what
    /// re-solves it at other values of the source's constants without tracing again (analyzeProgram's sizes).
    std::map<std::string, std::string> sizeParameters;
    /// What the frontend adds to its program's einsum graph before costing (a traced program's ATen provenance:
    /// kernels, free views, comparisons); empty for none. Re-solving the program at other sizes applies it again.
    std::function<void(graph::EinsumGraph&)> beforeCosting;
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
    /// The files it reads, as glob patterns ("*.py", "definition.json"): the GUI's open filter. Empty: any file,
    /// when chosen by name (the LLM route).
    virtual std::vector<std::string> filePatterns() const = 0;
    /// Whether the automatic choice gives `path` to this frontend: by default when its name matches a pattern.
    virtual bool claims(const std::string& path) const;
    /// Whether the frontend compares its program with the source (ALIR as written has nothing to compare with).
    virtual bool validates() const { return true; }
    /// The reference a program is compared with ("PyTorch", "JAX"), empty when it depends on the source.
    virtual std::string_view reference() const { return {}; }
    /// Whether it reports attempts as it goes (onAttempt): the GUI shows them in its transcript pane.
    virtual bool reportsAttempts() const { return false; }
    /// The Python framework this frontend needs in the interpreter ("torch", "jax"), empty for none: what
    /// `solar trace` and `solar doctor` look for.
    virtual std::string_view framework() const { return {}; }
    /// The options it takes (the CLI, the GUI and project files are generated from them).
    virtual std::vector<FrontendOption> options() const { return {}; }
    /// For a Choice option with choicesFromSource: the values the source at `path` offers, each with a label (a
    /// problem's workloads); a failure says why there are none.
    virtual Expected<std::vector<std::pair<std::string, std::string>>> sourceChoices(const std::string& key, const std::string& path) const
    {
        (void)path;
        return Expected<std::vector<std::pair<std::string, std::string>>>::failure(
            Diagnostic {Severity::Error, path, {}, "frontend.option", "no choices for '" + key + "'"});
    }

    virtual Expected<SourceAnalysis> analyze(const std::string& path, const std::string& text, const hw::HwProfile& hardware,
                                             const SourceAnalysisOptions& options) const = 0;
};

/// Whether the file name of `path` matches the glob `pattern` (`*` and `?`; no folders).
bool matchesFilePattern(const std::string& path, std::string_view pattern);
bool isPythonFile(const std::string& path);

/// The value of `key` in `settings` (the option's declared default when absent) checked against the option
/// `frontend` declares under that key: a choice among its choices. Diagnostics name the key.
Expected<std::string> settingText(const Frontend& frontend, const FrontendSettings& settings, const std::string& key);
/// An Integer option's value within its bounds; nullopt-like failure with a diagnostic otherwise. `fallback` when
/// the key is absent and the option has no default.
Expected<std::int64_t> settingInteger(const Frontend& frontend, const FrontendSettings& settings, const std::string& key,
                                      std::int64_t fallback);
/// Every problem with `settings` for `frontend`: values that its declarations refuse (an unknown key is not one:
/// settings can hold other frontends' options).
Diagnostics checkSettings(const Frontend& frontend, const FrontendSettings& settings);

} // namespace solar
