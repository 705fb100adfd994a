// SPDX-License-Identifier: MIT
#include "engine/analysis/sourceanalysis.h"

namespace solar {

Expected<SourceAnalysis> analyzeSource(const std::string& path, const std::string& text, const hw::HwProfile& hardware,
                                       const SourceAnalysisOptions& options)
{
    const Frontend* frontend = findFrontend(options.frontend);
    if (options.frontend == kAutoFrontend) {
        for (const Frontend* f : frontends())
            if (!frontend && f->claims(path))
                frontend = f;
    }
    if (!frontend)
        return Expected<SourceAnalysis>::failure(
            Diagnostic {Severity::Error, path, {}, "source.frontend", "no frontend named '" + options.frontend + "'"});
    return frontend->analyze(path, text, hardware, options);
}

} // namespace solar
