// SPDX-License-Identifier: MIT
// The PyTorch frontend: a model file (.py, KernelBench convention) traced on fake tensors by the Python worker
// (resources/python), each ATen op lowered by its template (engine/frontend/trace/lowering, optable_aten.cpp), size
// parameters fitted, and the program validated against torch at reduced sizes.
#include "engine/frontend/frontend.h"
#include "engine/frontend/trace/tracedanalysis.h"

#include <QtGlobal>

namespace solar {
namespace {

class PytorchFrontend final : public Frontend
{
public:
    std::string_view id() const override { return "trace"; }
    const char* label() const override { return QT_TRANSLATE_NOOP("FrontendSelector", "PyTorch trace"); }
    std::string_view help() const override { return "PyTorch"; }
    // Every .py file: the worker hands a file that imports jax (or flax) and not torch to the JAX tracer.
    std::vector<std::string> filePatterns() const override { return {"*.py"}; }
    std::string_view reference() const override { return "PyTorch"; }
    std::string_view framework() const override { return "torch"; }

    Expected<SourceAnalysis> analyze(const std::string& path, const std::string&, const hw::HwProfile& hardware,
                                     const SourceAnalysisOptions& options) const override
    {
        // Chosen automatically, the worker picks the framework by the file's imports; chosen by name, torch.
        // The id is left to the registry: the frontend of the framework that ran.
        auto out = trace::analyzeTracedModel(path, hardware, options, options.frontend == kAutoFrontend ? std::string() : "torch");
        return out;
    }
};

} // namespace

const Frontend& pytorchFrontend()
{
    static const PytorchFrontend frontend;
    return frontend;
}

} // namespace solar
