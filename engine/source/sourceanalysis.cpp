// SPDX-License-Identifier: MIT
#include "engine/source/sourceanalysis.h"

namespace solar {

Expected<SourceAnalysis> analyzeSource(const std::string& path, const std::string& text, const hw::HwProfile& hardware,
                                       const SourceAnalysisOptions& options)
{
    const Frontend* frontend = chooseFrontend(options.frontend, path);
    if (!frontend)
        return Expected<SourceAnalysis>::failure(
            Diagnostic {Severity::Error, path, {}, "source.frontend", "no frontend named '" + options.frontend + "'"});
    if (Diagnostics bad = checkSettings(*frontend, options.settings); !bad.empty()) {
        for (Diagnostic& d : bad)
            d.file = path;
        return Expected<SourceAnalysis>::failure(std::move(bad));
    }
    auto out = frontend->analyze(path, text, hardware, options);
    // A frontend that leaves the id empty ran a trace whose framework the worker picked by the file's imports
    // (under "auto", a .py file that imports jax): the frontend of that framework is the one that ran.
    if (out && out->frontend.empty()) {
        const Frontend* ran = out->framework.empty() ? nullptr : frontendForFramework(out->framework);
        out->frontend = std::string((ran ? ran : frontend)->id());
    }
    return out;
}

} // namespace solar
