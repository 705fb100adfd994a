// SPDX-License-Identifier: MIT
// ALIR as written: the source is the program (parsed, checked and analysed; nothing to validate it against).
#include "engine/core/textfile.h"
#include "engine/frontend/frontend.h"
#include "engine/ir/parser.h"

#include <QtGlobal>

namespace solar {
namespace {

class AlirFrontend final : public Frontend
{
public:
    std::string_view id() const override { return "alir"; }
    const char* label() const override { return QT_TRANSLATE_NOOP("FrontendSelector", "ALIR as written"); }
    std::string_view help() const override { return {}; }
    // What no frontend before it claims: under the automatic choice a file that does not parse and is not named
    // .alir is reported as a source of another kind, not as broken ALIR.
    std::vector<std::string> filePatterns() const override { return {"*.alir"}; }
    bool claims(const std::string&) const override { return true; }
    bool validates() const override { return false; }

    Expected<SourceAnalysis> analyze(const std::string& path, const std::string& text, const hw::HwProfile& hardware,
                                     const SourceAnalysisOptions& options) const override
    {
        std::string source = text;
        if (source.empty()) {
            auto read = readTextFile(path);
            if (!read)
                return Expected<SourceAnalysis>::failure(read.diagnostics());
            source = std::move(read).value();
        }
        auto program = ir::parseProgram(source, path);
        if (!program) {
            const bool alirName = path.size() > 5 && path.compare(path.size() - 5, 5, ".alir") == 0;
            if (options.frontend == kAutoFrontend && !alirName)
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
        out.frontend = std::string(id());
        return out;
    }
};

} // namespace

const Frontend& alirFrontend()
{
    static const AlirFrontend frontend;
    return frontend;
}

} // namespace solar
