// SPDX-License-Identifier: MIT
#include "engine/analysis/sourceanalysis.h"

#include "engine/frontend/trace/modelprogram.h"
#include "engine/frontend/trace/pythonlocator.h"
#include "engine/frontend/validate/validation.h"
#include "engine/ir/parser.h"

namespace solar {

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
    stage("locating Python with torch");
    const auto python = trace::locatePython();
    if (!python)
        return Result::failure(python.diagnostics());
    trace::TraceWorker worker(*python);
    worker.setCancelFlag(o.cancel);
    stage("tracing");
    const auto model = trace::loadModelProgram(path, worker, o.analysis.sizes, true);
    if (!model)
        return Result::failure(model.diagnostics());
    const trace::Lowered& lowered = model->lowered;
    AnalysisOptions options = o.analysis;
    options.sizes.clear(); // the trace already has them
    stage("analysing");
    auto analysed = analyzeProgram(lowered.program, hardware, options, [&](graph::EinsumGraph& g) { trace::applyProvenance(g, lowered); });
    if (!analysed)
        return Result::failure(analysed.diagnostics());
    SourceAnalysis out;
    out.result = std::move(analysed).value();
    out.result.programNote = model->sizesNote;
    out.irText = lowered.text;
    out.irGenerated = true;
    for (const auto& u : lowered.unsupported) {
        out.result.coverage.complete = false;
        out.result.coverage.items.push_back({u.aten, u.sourceLine, "no lowering template for this op: its work is not counted", false});
    }
    if (o.validate) {
        stage("validating against torch");
        validate::ValidationOptions vo;
        if (o.cancel)
            vo.isCancelled = [c = o.cancel] { return c->load(); };
        out.result.validation = validate::validateModel(path, worker, *model, vo);
    } else {
        out.result.validation.details = "not compared with the PyTorch reference (validation off)";
    }
    return out;
}

} // namespace

Expected<SourceAnalysis> analyzeSource(const std::string& path, const std::string& text, const hw::HwProfile& hardware,
                                       const SourceAnalysisOptions& options)
{
    if (isPythonFile(path))
        return analyzeModel(path, hardware, options);
    auto program = ir::parseProgram(text, path);
    if (!program)
        return Expected<SourceAnalysis>::failure(program.diagnostics());
    auto analysed = analyzeProgram(*program, hardware, options.analysis);
    if (!analysed)
        return Expected<SourceAnalysis>::failure(analysed.diagnostics());
    SourceAnalysis out;
    out.result = std::move(analysed).value();
    out.irText = text;
    return out;
}

} // namespace solar
