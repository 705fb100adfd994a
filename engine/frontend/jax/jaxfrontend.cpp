// SPDX-License-Identifier: MIT
// The JAX frontend: a JAX or Flax file traced to a jaxpr by the Python worker (resources/python/solarworker/jax_trace.py), each
// primitive lowered by its template (ops_jax.cpp, optable_jax.cpp beside this file) and validated against JAX on
// the CPU. Chosen by name it forces the JAX tracer on a file that also imports torch; the automatic choice reaches
// it through the PyTorch frontend's worker, which tells the two apart by the file's imports.
#include "engine/frontend/frontend.h"
#include "engine/frontend/trace/tracedanalysis.h"

#include <QtGlobal>

namespace solar {
namespace {

class JaxFrontend final : public Frontend
{
public:
    std::string_view id() const override { return "jax"; }
    const char* label() const override { return QT_TRANSLATE_NOOP("FrontendSelector", "JAX trace (jaxpr)"); }
    std::string_view help() const override { return "jaxprs"; }
    std::vector<std::string> filePatterns() const override { return {"*.py"}; }
    // Never by name: the PyTorch frontend claims .py files and its worker hands those that import jax to this one.
    bool claims(const std::string&) const override { return false; }
    std::string_view reference() const override { return "JAX"; }
    std::string_view framework() const override { return "jax"; }

    Expected<SourceAnalysis> analyze(const std::string& path, const std::string&, const hw::HwProfile& hardware,
                                     const SourceAnalysisOptions& options) const override
    {
        return trace::analyzeTracedModel(path, hardware, options, "jax");
    }
};

} // namespace

const Frontend& jaxFrontend()
{
    static const JaxFrontend frontend;
    return frontend;
}

} // namespace solar
