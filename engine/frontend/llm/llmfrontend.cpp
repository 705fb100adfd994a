// SPDX-License-Identifier: MIT
// The LLM frontend: any source, translated to ALIR by an OpenAI-compatible endpoint (translator.h) and never
// trusted: a Python source with a reference (a PyTorch model, a NumPy or JAX program) is run and every candidate
// is validated against it; without one the result says it is unvalidated and why. Never chosen automatically.
#include "engine/core/format.h"
#include "engine/core/textfile.h"
#include "engine/frontend/frontend.h"
#include "engine/frontend/llm/llmoptions.h"
#include "engine/frontend/llm/provenance.h"
#include "engine/frontend/llm/translator.h"
#include "engine/frontend/trace/lowering.h"
#include "engine/frontend/validate/cudacheck.h"
#include "engine/frontend/validate/nativevalidation.h"
#include "engine/frontend/validate/statedwork.h"
#include "engine/frontend/validate/validation.h"
#include "engine/ir/parser.h"
#include "engine/worker/session.h"

#include <QtGlobal>

#include <map>
#include <optional>
#include <set>

namespace solar {
namespace {

// Candidates are run against the source itself: a PyTorch model, or (`arrays`) a NumPy/JAX program; a model
// whose forward launches Triton kernels (`triton`) runs them through Triton's interpreter and is never traced.
llm::Validator referenceValidator(worker::TraceWorker& worker, const std::string& path, const std::atomic<bool>* cancel, bool arrays,
                                  bool triton)
{
    return [&worker, path, cancel, arrays, triton](const ir::Program& program) {
        validate::ValidationOptions vo;
        if (cancel)
            vo.isCancelled = [cancel] { return cancel->load(); };
        if (triton) {
            vo.traceSource = false;
            vo.reference = "the Triton kernels run by Triton's interpreter (TRITON_INTERPRET=1, CPU)";
        }
        return validate::validateProgram(program, path, worker, vo, arrays);
    };
}

// Any source through the LLM. A PyTorch model is traced first (its shapes and op list go into the prompt) and is
// the reference every candidate is validated against; without one the result says it is unvalidated and why.
Expected<SourceAnalysis> analyzeWithLlm(const std::string& path, std::string text, const hw::HwProfile& hardware,
                                        const SourceAnalysisOptions& o)
{
    using Result = Expected<SourceAnalysis>;
    if (text.empty()) {
        auto read = readTextFile(path);
        if (!read)
            return Result::failure(read.diagnostics());
        text = std::move(read).value();
    }
    llm::TranslationRequest request;
    request.source = text;
    request.fileName = path;
    request.language = llm::languageOf(path, text);
    llm::Validator validator;
    std::string noReference;
    std::optional<worker::Session> ownSession;
    worker::Session* session = o.session ? o.session : &ownSession.emplace(o.python);
    worker::TraceWorker* runner = nullptr;
    // A kept worker must not hold this analysis's cancel flag once it returns.
    struct Release
    {
        worker::TraceWorker*& w;
        ~Release()
        {
            if (w)
                w->setCancelFlag(nullptr);
        }
    } release {runner};
    std::map<int, std::vector<std::string>> tracedOps; // source line -> the ATen ops run there
    std::optional<trace::Lowered> lowered; // the trace route's program at the analysed sizes, where it lowers
    // PyTorch models are run as models; NumPy and JAX programs (get_inputs() and forward(*inputs)) as arrays. Both
    // in the Python worker, which for a model also traces it for the prompt.
    const bool model = request.language == "pytorch", triton = request.language == "triton";
    if ((model || triton || request.language == "jax" || request.language == "numpy") && isPythonFile(path)) {
        if (const auto started = session->worker()) {
            runner = *started;
            runner->setCancelFlag(o.cancel);
            if (model) {
                if (o.progress)
                    o.progress("tracing for the prompt and the reference");
                if (const auto traced = runner->trace(path, o.analysis.sizes)) {
                    for (const auto& [k, v] : traced->constants)
                        request.shapes += k + " = " + std::to_string(v) + "\n";
                    for (const auto& t : traced->tensors)
                        if (t.role == "input" || t.role == "parameter" || t.role == "buffer")
                            request.shapes += t.role + " " + t.name + ": " + t.dtype + formatShape(worker::values(t.shape))
                                + (t.role == "input" ? std::string() : " (ALIR: weight " + validate::alirParameterName(t.name) + ")")
                                + "\n";
                    std::vector<std::string> ops;
                    for (const auto& op : traced->ops) {
                        ops.push_back(op.op + (op.line ? " (line " + std::to_string(op.line) + ")" : std::string()));
                        if (op.line > 0)
                            tracedOps[op.line].push_back(op.op);
                    }
                    request.ops = llm::opListText(ops);
                    if (auto l = trace::lowerTrace(*traced))
                        lowered = std::move(l).value();
                }
            } else {
                // A NumPy or JAX source, or a model launching Triton kernels, gets the same block: its constants and
                // what get_inputs() and forward() return at the file's sizes (run once, capped in size; without it the
                // prompt simply has no block).
                if (o.progress)
                    o.progress("running the source for the prompt");
                if (const auto run = runner->reference(path, o.analysis.sizes, 0, 30'000'000, 120000, !triton)) {
                    for (const auto& [k, v] : run->constants)
                        request.shapes += k + " = " + std::to_string(v) + "\n";
                    for (const auto& [name, t] : run->tensors)
                        request.shapes += (name.rfind("input", 0) == 0
                                               ? "input " + name
                                               : "parameter " + name + " (ALIR: weight " + validate::alirParameterName(name) + ")")
                            + ": " + t.dtype + formatShape(t.shape) + "\n";
                    for (size_t i = 0; i < run->outputs.size(); ++i)
                        request.shapes
                            += "output " + std::to_string(i) + ": " + run->outputs[i].dtype + formatShape(run->outputs[i].shape) + "\n";
                }
            }
            validator = referenceValidator(*runner, path, o.cancel, !model && !triton, triton);
            if (model && !tracedOps.empty()) // the trace judges the labels before any comparison (provenance.h)
                validator = [inner = std::move(validator), &tracedOps](const ir::Program& program) {
                    if (auto why = llm::labelContradiction(program, tracedOps)) {
                        Validation v;
                        v.status = ValidationStatus::Mismatch;
                        v.ran = false;
                        v.details = *why;
                        return v;
                    }
                    return inner(program);
                };
        } else {
            noReference = started.diagnostics().front().message;
        }
    } else if (request.language == "c" || request.language == "c++") {
        // A C or C++ kernel is compiled here with a harness and run on each candidate's inputs (nativevalidation.h).
        request.shapes = validate::nativeSourceFacts(text, path, false);
        validator = [path, text, cplusplus = request.language == "c++", cancel = o.cancel](const ir::Program& program) {
            validate::ValidationOptions vo;
            if (cancel)
                vo.isCancelled = [cancel] { return cancel->load(); };
            return validate::validateNative(program, path, text, cplusplus, vo);
        };
    } else if (request.language == "cuda") {
        // No GPU runs it here: checked without running, and unvalidated in every output (cudacheck.h).
        request.shapes = validate::nativeSourceFacts(text, path, true);
        validator = [path, text](const ir::Program& program) { return validate::checkCudaProgram(program, path, text); };
    } else {
        noReference = "no reference runner for " + (request.language.empty() ? std::string("this source") : request.language + " sources");
    }
    llm::TranslatorOptions to;
    to.settings = llm::llmSettingsFrom(o.settings);
    to.cacheDir = llm::llmCacheDirFrom(o.settings);
    to.cancel = o.cancel;
    to.onAttempt = o.onAttempt;
    if (o.progress)
        o.progress("asking " + to.settings.model);
    auto translation = llm::translate(request, validator, to);
    if (!translation)
        return Result::failure(translation.diagnostics());
    if (translation->alir.empty()) {
        Diagnostic d {Severity::Error, path, {}, "llm.no-program", translation->validation.details};
        return Result::failure(d);
    }
    auto program = ir::parseProgram(translation->alir, path + ".alir");
    if (!program)
        return Result::failure(program.diagnostics());
    // A reply's statement split is not evidence of how eager code launches kernels, and its labels are claims. A
    // validated reply computes the traced ops' values: the per-kernel levels are the traced kernels' (eager runs one
    // per op, however the reply splits or merges them), the fused levels its own program's, and where its kernels
    // pair with the traced ones their elementwise counts are the trace route's, whatever the reply's spelling.
    const bool sameKernels = lowered && translation->validation.status == ValidationStatus::Validated;
    auto analysed = analyzeProgram(*program, hardware, o.analysis, [&](graph::EinsumGraph& g) {
        validate::markReturnedViews(g, validate::viewOnlyLines(tracedOps));
        llm::applyReplyProvenance(g, tracedOps);
        if (!sameKernels)
            return;
        const auto sizes = ir::bindSizes(lowered->program);
        if (!sizes)
            return;
        if (auto eager = validate::eagerKernelsOf(g, *lowered, *sizes)) {
            std::set<int> kernels;
            for (const auto& node : eager->graph->nodes)
                if (!node.view)
                    kernels.insert(node.kernel);
            g.notes.push_back({Severity::Note,
                               {},
                               {},
                               "llm.eager-kernels",
                               "the per-kernel levels (F0-F2) are the traced source's " + std::to_string(kernels.size())
                                   + " kernels as eager PyTorch launches them; the fused levels (F3, F4) are the reply's "
                                     "program's, at most the traced program's"});
            g.eagerKernels = std::move(eager);
        }
        if (const int n = validate::adoptTracedElementwiseCounts(g, *lowered, *sizes); n > 0)
            g.notes.push_back({Severity::Note,
                               {},
                               {},
                               "llm.traced-counts",
                               std::to_string(n)
                                   + " kernel(s) count the elementwise operations of the traced op they implement "
                                     "(the trace route's count), not the reply's spelling of them"});
    });
    if (!analysed)
        return Result::failure(analysed.diagnostics());
    SourceAnalysis out;
    out.result = std::move(analysed).value();
    out.result.validation = translation->validation;
    // The bounds are of the reply's least contraction order. Validation compares the reply's kernels with the traced
    // ones, which the rewrite changes on purpose, so it is not run again: the details say so.
    if (out.result.asWritten)
        out.result.validation.details += "; the bounds use its least contraction order ("
            + std::to_string(out.result.asWritten->steps.size())
            + " rewrites of the same values, docs/sol-model.md 1b), not run against the reference itself";
    if (!noReference.empty() && out.result.validation.status == ValidationStatus::Unvalidated)
        out.result.validation.details = noReference;
    // Which attempt's program this is: the best one, not necessarily the last.
    std::string which;
    for (const auto& a : translation->attempts)
        if (a.alir == translation->alir)
            which = "; analysed: attempt " + std::to_string(a.number) + " (" + a.outcome + ")";
    out.result.programNote = "written by " + translation->model + " through the LLM frontend"
        + (translation->fromCache ? " (cached translation, no network)"
                                  : " in " + std::to_string(translation->attempts.size()) + " attempt(s)" + which);
    out.irText = translation->alir;
    out.irGenerated = true;
    out.attempts = translation->attempts;
    out.fromCache = translation->fromCache;
    return out;
}

class LlmFrontend final : public Frontend
{
public:
    std::string_view id() const override { return "llm"; }
    const char* label() const override
    {
        return QT_TRANSLATE_NOOP("FrontendSelector", "LLM (any source, validated when a reference runs)");
    }
    std::string_view help() const override { return "any source through an OpenAI-compatible endpoint"; }
    std::vector<std::string> filePatterns() const override { return {}; } // any file, chosen by name
    bool claims(const std::string&) const override { return false; }
    bool reportsAttempts() const override { return true; }
    std::vector<FrontendOption> options() const override { return llm::llmOptions(); }

    Expected<SourceAnalysis> analyze(const std::string& path, const std::string& text, const hw::HwProfile& hardware,
                                     const SourceAnalysisOptions& options) const override
    {
        auto out = analyzeWithLlm(path, text, hardware, options);
        if (out)
            out->frontend = std::string(id());
        return out;
    }
};

} // namespace

const Frontend& llmFrontend()
{
    static const LlmFrontend frontend;
    return frontend;
}

} // namespace solar
