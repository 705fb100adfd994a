// SPDX-License-Identifier: MIT
#include "engine/frontend/trace/tracedanalysis.h"

#include "engine/core/atomicwrite.h"
#include "engine/core/tempfolder.h"
#include "engine/frontend/trace/configsizes.h"
#include "engine/frontend/trace/constantfit.h"
#include "engine/frontend/trace/modelprogram.h"
#include "engine/frontend/validate/validation.h"
#include "engine/worker/session.h"

#include <QString>

#include <algorithm>
#include <filesystem>
#include <memory>
#include <optional>

namespace solar::trace {

Expected<SourceAnalysis> analyzeTracedModel(const std::string& path, const hw::HwProfile& hardware, const SourceAnalysisOptions& o,
                                            const std::string& framework, const TraceValidation& validation)
{
    using Result = Expected<SourceAnalysis>;
    auto stage = [&](const std::string& s) {
        if (o.progress)
            o.progress(s);
    };
    std::optional<worker::Session> own;
    worker::Session* session = o.session;
    if (!session)
        session = &own.emplace(o.python);
    if (!session->started())
        stage(framework == "jax" ? "locating Python with jax" : "locating Python with torch");
    const auto started = session->worker(framework == "jax" ? worker::Framework::Jax : worker::Framework::Torch);
    if (!started)
        return Result::failure(started.diagnostics());
    TraceWorker& worker = **started;
    worker.setCancelFlag(o.cancel);
    worker.setFramework(framework);
    // A kept worker must not hold this analysis's flag or framework once it returns.
    struct Release
    {
        TraceWorker& w;
        ~Release()
        {
            w.setCancelFlag(nullptr);
            w.setFramework({});
        }
    } release {worker};
    AnalysisOptions options = o.analysis;
    options.sizes.clear(); // the trace already has them
    auto analyse = [&](const ModelProgram& model) -> Result {
        const Lowered& lowered = model.lowered;
        // Only the provenance is kept (not the program's text), for re-solving at other sizes.
        auto provenance = std::make_shared<Lowered>();
        provenance->originOfLine = lowered.originOfLine;
        provenance->viewLines = lowered.viewLines;
        provenance->comparisonLines = lowered.comparisonLines;
        auto beforeCosting = [provenance](graph::EinsumGraph& g) { applyProvenance(g, *provenance); };
        auto analysed = analyzeProgram(lowered.program, hardware, options, beforeCosting);
        if (!analysed)
            return Result::failure(analysed.diagnostics());
        SourceAnalysis out;
        out.beforeCosting = beforeCosting;
        out.result = std::move(analysed).value();
        out.result.programNote = model.sizesNote;
        if (model.symbolic)
            out.sizeParameters = model.paramOf;
        // Under the automatic choice the worker picked the framework by the file's imports: the registry names the
        // frontend of the one that ran.
        out.framework = model.trace.mode == "jax" ? "jax" : "torch";
        if (model.trace.mode == "jax")
            out.result.diagnostics.push_back({Severity::Note,
                                              path,
                                              {},
                                              "jax.precision",
                                              "JAX's default precision: under pytorch-default, fp32 dot_general and convolutions at "
                                              "DEFAULT precision are costed on TF32 tensor cores (XLA's default on NVIDIA GPUs since "
                                              "Ampere); those with precision=HIGHEST as fp32"});
        out.irText = lowered.text;
        out.outputs = lowered.outputs;
        out.irGenerated = true;
        for (const auto& u : lowered.unsupported) {
            out.result.coverage.complete = false;
            out.result.coverage.items.push_back(
                {u.aten, u.sourceLine, "no lowering template for this op: its work is not counted", false, u.sourceLine});
        }
        return out;
    };
    // Bounds first, from one trace at the analysed sizes: fitting size parameters takes several more traces and
    // only serves validation. A model that needs the fit to trace at all (real tensors) gets its bounds below.
    const bool fitConstantsToo = !validation.fitConstants.empty();
    if ((!o.validate && !fitConstantsToo) || o.onBounds) {
        stage("tracing");
        if (const auto quick = loadModelProgram(path, worker, o.analysis.sizes, false)) {
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
    // Without validation, the whole-model fit (several traces at reduced sizes) serves nothing.
    const auto model = loadModelProgram(path, worker, o.analysis.sizes, o.validate);
    if (!model)
        return Result::failure(model.diagnostics());
    // The program analysed: the model's, or with the constants asked for made parameters at the model's other sizes.
    // Validation below runs the model's program as always.
    std::optional<ModelProgram> withConstants;
    if (fitConstantsToo && !std::all_of(validation.fitConstants.begin(), validation.fitConstants.end(), [&](const std::string& c) {
            return model->symbolic && model->paramOf.count(c);
        })) {
        stage("fitting size parameters");
        withConstants = *model;
        if (std::string why; !fitConstants(*withConstants, path, worker, validation.fitConstants, why)) {
            withConstants.reset();
            if (o.progress)
                o.progress("size parameters not fitted: " + why);
        }
    }
    stage("analysing");
    auto out = analyse(withConstants ? *withConstants : *model);
    if (!out)
        return out;
    if (o.validate) {
        stage(validation.reference.empty() ? "validating against torch" : "validating against " + validation.reference);
        validate::ValidationOptions vo;
        vo.firstSizes = validation.firstSizes;
        vo.reference = validation.reference;
        // A model built from a local config folder: its fields at a point that keeps the architecture's structure.
        if (auto config = structuredConfigConstants(model->trace.constants); vo.firstSizes.empty() && !config.empty())
            vo.firstSizes.push_back(std::move(config));
        if (o.cancel)
            vo.isCancelled = [c = o.cancel] { return c->load(); };
        if (out->result.asWritten)
            vo.leastOrder = out->result.asWritten->steps;
        out->result.validation = validate::validateModel(path, worker, *model, vo);
    } else {
        out->result.validation.details = "not compared with the PyTorch reference (validation off)";
    }
    return out;
}

Expected<SourceAnalysis> analyzeGeneratedSource(const GeneratedSource& source, const hw::HwProfile& hardware,
                                                const SourceAnalysisOptions& options, std::string* writtenPath)
{
    using Result = Expected<SourceAnalysis>;
    namespace fs = std::filesystem;
    const bool keep = source.keep && !source.folder.empty();
    const SourceFolder folder(source.folder, "solar-generated"); // empty: a temporary folder, removed afterwards
    std::error_code made;
    fs::create_directories(folder.path(), made);
    const std::string path = (folder.path() / source.fileName).string();
    if (writtenPath)
        *writtenPath = path;
    if (QString why; !writeFileAtomically(QString::fromStdString(path), source.text, &why))
        return Result::failure(Diagnostic {Severity::Error, path, {}, "source.generated", why.toStdString()});
    // The file is gone once this returns unless kept: what is said about it is said about the file the user opened.
    auto moved = [&](Diagnostic d) {
        if (keep || d.file != path)
            return d;
        if (source.locate)
            return source.locate(std::move(d));
        if (d.loc.line > 0)
            d.message = "line " + std::to_string(d.loc.line) + " of the generated source: " + d.message;
        d.file = source.origin;
        d.loc = {};
        return d;
    };
    auto analysed = analyzeTracedModel(path, hardware, options, "torch", source.validation);
    if (!analysed) {
        Diagnostics out;
        for (const Diagnostic& d : analysed.diagnostics())
            out.push_back(moved(d));
        return Result::failure(std::move(out));
    }
    SourceAnalysis out = std::move(analysed).value();
    out.result.program.file = source.origin;
    for (Diagnostic& d : out.result.diagnostics)
        d = moved(std::move(d));
    return out;
}

} // namespace solar::trace
