// SPDX-License-Identifier: MIT
#include "engine/frontend/trace/tracedanalysis.h"

#include "engine/frontend/trace/configsizes.h"

#include "engine/frontend/trace/modelprogram.h"
#include "engine/frontend/trace/pythonlocator.h"
#include "engine/frontend/validate/validation.h"

namespace solar::trace {

Expected<SourceAnalysis> analyzeTracedModel(const std::string& path, const hw::HwProfile& hardware, const SourceAnalysisOptions& o,
                                            const std::string& framework)
{
    using Result = Expected<SourceAnalysis>;
    auto stage = [&](const std::string& s) {
        if (o.progress)
            o.progress(s);
    };
    std::unique_ptr<TraceWorker> own;
    std::unique_ptr<TraceWorker>& slot = o.reusableWorker ? *o.reusableWorker : own;
    if (!slot) {
        stage(framework == "jax" ? "locating Python with jax" : "locating Python with torch");
        const auto python = locatePython(o.python, 60000, framework == "jax" ? Framework::Jax : Framework::Torch);
        if (!python)
            return Result::failure(python.diagnostics());
        slot = std::make_unique<TraceWorker>(*python);
    }
    TraceWorker& worker = *slot;
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
        auto analysed = analyzeProgram(lowered.program, hardware, options, [&](graph::EinsumGraph& g) { applyProvenance(g, lowered); });
        if (!analysed)
            return Result::failure(analysed.diagnostics());
        SourceAnalysis out;
        out.result = std::move(analysed).value();
        out.result.programNote = model.sizesNote;
        // Under the automatic choice the worker picked the framework by the file's imports: name the one that ran.
        out.frontend = std::string(frontendForFramework(model.trace.mode == "jax" ? "jax" : "torch")->id());
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
    if (!o.validate || o.onBounds) {
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
    const auto model = loadModelProgram(path, worker, o.analysis.sizes, true);
    if (!model)
        return Result::failure(model.diagnostics());
    stage("analysing");
    auto out = analyse(*model);
    if (!out)
        return out;
    if (o.validate) {
        stage(o.validationReference.empty() ? "validating against torch" : "validating against " + o.validationReference);
        validate::ValidationOptions vo;
        vo.firstSizes = o.validationSizes;
        vo.reference = o.validationReference;
        // A model built from a local config folder: its fields at a point that keeps the architecture's structure.
        if (auto config = structuredConfigConstants(model->trace.constants); vo.firstSizes.empty() && !config.empty())
            vo.firstSizes.push_back(std::move(config));
        if (o.cancel)
            vo.isCancelled = [c = o.cancel] { return c->load(); };
        out->result.validation = validate::validateModel(path, worker, *model, vo);
    } else {
        out->result.validation.details = "not compared with the PyTorch reference (validation off)";
    }
    return out;
}

} // namespace solar::trace
