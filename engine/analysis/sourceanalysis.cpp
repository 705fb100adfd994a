// SPDX-License-Identifier: MIT
#include "engine/analysis/sourceanalysis.h"

#include "engine/core/format.h"
#include "engine/core/textfile.h"
#include "engine/frontend/llm/provenance.h"
#include "engine/frontend/trace/modelprogram.h"
#include "engine/frontend/trace/pythonlocator.h"
#include "engine/frontend/validate/validation.h"
#include "engine/ir/parser.h"

#include <map>
#include <optional>

namespace solar {

std::string_view frontendName(Frontend frontend)
{
    switch (frontend) {
    case Frontend::Auto: return "auto";
    case Frontend::Trace: return "trace";
    case Frontend::Alir: return "alir";
    case Frontend::Llm: return "llm";
    case Frontend::Jax: return "jax";
    }
    return "auto";
}

std::optional<Frontend> parseFrontend(std::string_view text)
{
    for (Frontend f : {Frontend::Auto, Frontend::Trace, Frontend::Alir, Frontend::Llm, Frontend::Jax})
        if (frontendName(f) == text)
            return f;
    return std::nullopt;
}

bool isPythonFile(const std::string& path)
{
    return path.size() > 3 && path.compare(path.size() - 3, 3, ".py") == 0;
}

namespace {

Expected<SourceAnalysis> analyzeModel(const std::string& path, const hw::HwProfile& hardware, const SourceAnalysisOptions& o)
{
    using Result = Expected<SourceAnalysis>;
    auto stage = [&](const char* s) {
        if (o.progress)
            o.progress(s);
    };
    std::unique_ptr<trace::TraceWorker> own;
    std::unique_ptr<trace::TraceWorker>& slot = o.reusableWorker ? *o.reusableWorker : own;
    if (!slot) {
        stage(o.frontend == Frontend::Jax ? "locating Python with jax" : "locating Python with torch");
        const auto python
            = trace::locatePython(o.python, 60000, o.frontend == Frontend::Jax ? trace::Framework::Jax : trace::Framework::Torch);
        if (!python)
            return Result::failure(python.diagnostics());
        slot = std::make_unique<trace::TraceWorker>(*python);
    }
    trace::TraceWorker& worker = *slot;
    worker.setCancelFlag(o.cancel);
    worker.setFramework(o.frontend == Frontend::Jax ? "jax" : o.frontend == Frontend::Trace ? "torch" : "");
    // A kept worker must not hold this analysis's flag or framework once it returns.
    struct Release
    {
        trace::TraceWorker& w;
        ~Release()
        {
            w.setCancelFlag(nullptr);
            w.setFramework({});
        }
    } release {worker};
    AnalysisOptions options = o.analysis;
    options.sizes.clear(); // the trace already has them
    auto analyse = [&](const trace::ModelProgram& model) -> Result {
        const trace::Lowered& lowered = model.lowered;
        auto analysed
            = analyzeProgram(lowered.program, hardware, options, [&](graph::EinsumGraph& g) { trace::applyProvenance(g, lowered); });
        if (!analysed)
            return Result::failure(analysed.diagnostics());
        SourceAnalysis out;
        out.result = std::move(analysed).value();
        out.result.programNote = model.sizesNote;
        out.frontend = model.trace.mode == "jax" ? Frontend::Jax : Frontend::Trace;
        if (model.trace.mode == "jax")
            out.result.diagnostics.push_back({Severity::Note,
                                              path,
                                              {},
                                              "jax.precision",
                                              "JAX's default precision: under pytorch-default, fp32 dot_general and convolutions at "
                                              "DEFAULT precision are costed on TF32 tensor cores (XLA's default on NVIDIA GPUs since "
                                              "Ampere); those with precision=HIGHEST as fp32"});
        out.irText = lowered.text;
        out.irGenerated = true;
        for (const auto& u : lowered.unsupported) {
            out.result.coverage.complete = false;
            out.result.coverage.items.push_back({u.aten, u.sourceLine, "no lowering template for this op: its work is not counted", false});
        }
        return out;
    };
    // Bounds first, from one trace at the analysed sizes: fitting size parameters takes several more traces and
    // only serves validation. A model that needs the fit to trace at all (real tensors) gets its bounds below.
    if (!o.validate || o.onBounds) {
        stage("tracing");
        if (const auto quick = trace::loadModelProgram(path, worker, o.analysis.sizes, false)) {
            auto bounds = analyse(*quick);
            if (!bounds || !o.validate) {
                if (bounds) {
                    bounds->result.programNote = "size parameters not fitted: fitting serves validation, which is off";
                    bounds->result.validation.details = "not compared with the PyTorch reference (validation off)";
                }
                return bounds;
            }
            bounds->result.validation.status = ValidationStatus::Unvalidated;
            bounds->result.validation.details = "validation against torch is running";
            o.onBounds(*bounds);
        } else if (o.cancel && o.cancel->load()) {
            return Result::failure(quick.diagnostics());
        }
    }
    stage(o.validate && o.onBounds ? "fitting size parameters" : "tracing");
    const auto model = trace::loadModelProgram(path, worker, o.analysis.sizes, true);
    if (!model)
        return Result::failure(model.diagnostics());
    stage("analysing");
    auto out = analyse(*model);
    if (!out)
        return out;
    if (o.validate) {
        stage("validating against torch");
        validate::ValidationOptions vo;
        if (o.cancel)
            vo.isCancelled = [c = o.cancel] { return c->load(); };
        out->result.validation = validate::validateModel(path, worker, *model, vo);
    } else {
        out->result.validation.details = "not compared with the PyTorch reference (validation off)";
    }
    return out;
}

// Candidates are run against the source itself: a PyTorch model, or (`arrays`) a NumPy/JAX program.
llm::Validator referenceValidator(trace::TraceWorker& worker, const std::string& path, const std::atomic<bool>* cancel, bool arrays)
{
    return [&worker, path, cancel, arrays](const ir::Program& program) {
        validate::ValidationOptions vo;
        if (cancel)
            vo.isCancelled = [cancel] { return cancel->load(); };
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
    std::optional<trace::TraceWorker> worker;
    std::map<int, std::vector<std::string>> tracedOps; // source line -> the ATen ops run there
    // PyTorch models are run as models; NumPy and JAX programs (get_inputs() and forward(*inputs)) as arrays. Both
    // in the Python worker, which for a model also traces it for the prompt.
    const bool model = request.language == "pytorch";
    if ((model || request.language == "jax" || request.language == "numpy") && isPythonFile(path)) {
        if (const auto python = trace::locatePython(o.python)) {
            worker.emplace(*python);
            worker->setCancelFlag(o.cancel);
            if (model) {
                if (o.progress)
                    o.progress("tracing for the prompt and the reference");
                if (const auto traced = worker->trace(path, o.analysis.sizes)) {
                    for (const auto& [k, v] : traced->constants)
                        request.shapes += k + " = " + std::to_string(v) + "\n";
                    for (const auto& t : traced->tensors)
                        if (t.role == "input" || t.role == "parameter" || t.role == "buffer")
                            request.shapes += t.role + " " + t.name + ": " + t.dtype + formatShape(trace::values(t.shape)) + "\n";
                    for (const auto& op : traced->ops) {
                        request.ops += op.op + (op.line ? " (line " + std::to_string(op.line) + ")" : std::string()) + "\n";
                        if (op.line > 0)
                            tracedOps[op.line].push_back(op.op);
                    }
                }
            } else {
                // A NumPy or JAX source gets the same block: its constants and what get_inputs() and forward()
                // return at the file's sizes (run once, capped in size; without it the prompt simply has no block).
                if (o.progress)
                    o.progress("running the source for the prompt");
                if (const auto run = worker->reference(path, o.analysis.sizes, 0, 30'000'000, 120000, true)) {
                    for (const auto& [k, v] : run->constants)
                        request.shapes += k + " = " + std::to_string(v) + "\n";
                    for (const auto& [name, t] : run->tensors)
                        request.shapes += "input " + name + ": " + t.dtype + formatShape(t.shape) + "\n";
                    for (size_t i = 0; i < run->outputs.size(); ++i)
                        request.shapes
                            += "output " + std::to_string(i) + ": " + run->outputs[i].dtype + formatShape(run->outputs[i].shape) + "\n";
                }
            }
            validator = referenceValidator(*worker, path, o.cancel, !model);
        } else {
            noReference = python.diagnostics().front().message;
        }
    } else {
        noReference = "no reference runner for " + (request.language.empty() ? std::string("this source") : request.language + " sources");
    }
    llm::TranslatorOptions to;
    to.settings = o.llm;
    to.cacheDir = o.llmCacheDir;
    to.cancel = o.cancel;
    to.onAttempt = o.onLlmAttempt;
    if (o.progress)
        o.progress("asking " + o.llm.model);
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
    // A reply's statement split is not evidence of how eager code launches kernels, and its labels are claims.
    auto analysed = analyzeProgram(*program, hardware, o.analysis, [&](graph::EinsumGraph& g) { llm::applyReplyProvenance(g, tracedOps); });
    if (!analysed)
        return Result::failure(analysed.diagnostics());
    SourceAnalysis out;
    out.result = std::move(analysed).value();
    out.result.validation = translation->validation;
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
    out.frontend = Frontend::Llm;
    out.llmAttempts = translation->attempts;
    out.llmFromCache = translation->fromCache;
    return out;
}

} // namespace

Expected<SourceAnalysis> analyzeSource(const std::string& path, const std::string& text, const hw::HwProfile& hardware,
                                       const SourceAnalysisOptions& options)
{
    if (options.frontend == Frontend::Llm)
        return analyzeWithLlm(path, text, hardware, options);
    if (options.frontend == Frontend::Trace || options.frontend == Frontend::Jax
        || (options.frontend == Frontend::Auto && isPythonFile(path))) {
        return analyzeModel(path, hardware, options);
    }
    std::string source = text;
    if (source.empty()) {
        auto read = readTextFile(path);
        if (!read)
            return Expected<SourceAnalysis>::failure(read.diagnostics());
        source = std::move(read).value();
    }
    auto program = ir::parseProgram(source, path);
    if (!program) {
        // Under the automatic frontend a file that is neither .py nor .alir and does not parse (a README, a C++ file)
        // is not a broken ALIR program: say what it is not, not where ALIR's grammar gave up.
        const bool alirName = path.size() > 5 && path.compare(path.size() - 5, 5, ".alir") == 0;
        if (options.frontend == Frontend::Auto && !alirName)
            return Expected<SourceAnalysis>::failure(
                Diagnostic {Severity::Error,
                            path,
                            {},
                            "source.kind",
                            "neither a Python model (.py) nor an ALIR program (.alir): choose the LLM frontend for other sources, "
                            "or rename the file if it is one of these"});
        return Expected<SourceAnalysis>::failure(program.diagnostics());
    }
    auto analysed = analyzeProgram(*program, hardware, options.analysis);
    if (!analysed)
        return Expected<SourceAnalysis>::failure(analysed.diagnostics());
    SourceAnalysis out;
    out.result = std::move(analysed).value();
    out.irText = source;
    out.frontend = Frontend::Alir;
    return out;
}

} // namespace solar
