// SPDX-License-Identifier: MIT
// A Hugging Face model's config.json as a source: the serving step the options name (SourceAnalysisOptions::serving:
// prefill or decode, batch, tokens) generated as a PyTorch source (engine/serving/servingsource.h) and analysed by
// the PyTorch trace, validated against torch at reduced sizes. The analysis notes what `solar llm` reports for the
// step (its bytes split, tokens/s); `solar llm` itself runs both phases and sweeps.
#include "engine/core/format.h"
#include "engine/frontend/frontend.h"
#include "engine/serving/servingestimate.h"

#include <QtGlobal>

namespace solar {
namespace {

class HfConfigFrontend final : public Frontend
{
public:
    std::string_view id() const override { return "hf-config"; }
    const char* label() const override { return QT_TRANSLATE_NOOP("FrontendSelector", "Hugging Face config.json"); }
    std::string_view help() const override { return "a model's config.json: one serving step, built by transformers"; }
    bool claims(const std::string& path) const override { return path.size() > 5 && path.compare(path.size() - 5, 5, ".json") == 0; }
    std::string_view reference() const override { return "PyTorch"; }
    // What `solar doctor` checks: the model is built by transformers and traced by torch 2.x.
    std::string_view framework() const override { return "transformers"; }
    bool servesSteps() const override { return true; }

    Expected<SourceAnalysis> analyze(const std::string& path, const std::string& text, const hw::HwProfile& hardware,
                                     const SourceAnalysisOptions& options) const override
    {
        const auto config = text.empty() ? serving::readModelConfig(path) : serving::parseModelConfig(text, path);
        if (!config)
            return Expected<SourceAnalysis>::failure(config.diagnostics());
        auto phase = serving::analyzePhase(*config, options.serving, hardware, options);
        if (!phase)
            return Expected<SourceAnalysis>::failure(phase.diagnostics());
        const serving::PhaseBound& p = *phase;
        SourceAnalysis out = p.analysis;
        out.frontend = std::string(id());
        out.result.program.file = path; // the generated source is gone; the config is what the user opened
        const std::string step = serving::phaseName(p.point.phase) + " of '" + config->modelType + "' in " + p.point.dtype + ", batch "
            + std::to_string(p.point.batch) + ", " + std::to_string(p.point.tokens)
            + (p.point.phase == serving::Phase::Prefill ? " prompt tokens" : " cached tokens");
        out.result.programNote = step + "; " + out.result.programNote;
        const double tokensPerSecond = p.seconds > 0 ? p.tokens() / p.seconds : 0;
        out.result.diagnostics.push_back({Severity::Note,
                                          path,
                                          {},
                                          "serving.step",
                                          step + ": weights " + formatBytes(p.weightsBytes) + " (" + formatBytes(p.weightsReadBytes)
                                              + " read), KV cache " + formatBytes(p.kvCacheBytes) + ", activations "
                                              + formatBytes(p.activationBytes) + " at cache_aware; " + formatSeconds(p.seconds)
                                              + " per step, " + formatSi(tokensPerSecond, "token/s")});
        return out;
    }
};

} // namespace

const Frontend& hfConfigFrontend()
{
    static const HfConfigFrontend frontend;
    return frontend;
}

} // namespace solar
