// SPDX-License-Identifier: MIT
#include "engine/analysis/sourceanalysis.h"

namespace solar {

Expected<SourceAnalysis> analyzeSource(const std::string& path, const std::string& text, const hw::HwProfile& hardware,
                                       const SourceAnalysisOptions& options)
{
    const Frontend* frontend = chooseFrontend(options.frontend, path);
    if (!frontend)
        return Expected<SourceAnalysis>::failure(
            Diagnostic {Severity::Error, path, {}, "source.frontend", "no frontend named '" + options.frontend + "'"});
    return frontend->analyze(path, text, hardware, options);
}

} // namespace solar
