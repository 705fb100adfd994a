// SPDX-License-Identifier: MIT
// A Hugging Face model's config.json as a source: the serving step its options name (serving-phase: prefill or
// decode, serving-batch, serving-tokens, serving-dtype, serving-kv-dtype) generated as a PyTorch source (engine/serving/servingsource.h) and analysed by
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
    std::vector<std::string> filePatterns() const override { return {"config.json", "*.json"}; }
    std::string_view reference() const override { return "PyTorch"; }
    // What `solar doctor` checks: the model is built by transformers and traced by torch 2.x.
    std::string_view framework() const override { return "transformers"; }
    std::vector<FrontendOption> options() const override
    {
        using Kind = FrontendOption::Kind;
        FrontendOption phase {"serving-phase",
                              Kind::Choice,
                              FrontendOption::Place::Toolbar,
                              "P",
                              "the step analysed: prefill (the prompt at once) or decode (the next token of each sequence)",
                              QT_TRANSLATE_NOOP("FrontendOption", "Step")};
        phase.choices = {"decode", "prefill"};
        phase.defaultValue = "decode";
        FrontendOption batch {"serving-batch",
                              Kind::Integer,
                              FrontendOption::Place::Toolbar,
                              "N",
                              "sequences served together",
                              QT_TRANSLATE_NOOP("FrontendOption", "Batch")};
        batch.maximum = 1 << 20;
        batch.defaultValue = "1";
        FrontendOption tokens {"serving-tokens",
                               Kind::Integer,
                               FrontendOption::Place::Toolbar,
                               "N",
                               "prefill: the prompt's tokens; decode: the tokens already in the KV cache",
                               QT_TRANSLATE_NOOP("FrontendOption", "Tokens")};
        tokens.maximum = 1 << 24;
        tokens.defaultValue = "2048";
        FrontendOption dtype {"serving-dtype",
                              Kind::Choice,
                              FrontendOption::Place::CommandLine,
                              "T",
                              "weights, activations and KV cache (default: the config's torch_dtype, else bfloat16); fp8: the "
                              "linear layers in float8_e4m3fn; int4, int8: their weights only; w8a8: int8 weights and inputs",
                              QT_TRANSLATE_NOOP("FrontendOption", "Precision")};
        dtype.choices = {"bfloat16", "float16", "float32", "fp8", "int4", "int8", "w8a8"};
        FrontendOption kvDtype {"serving-kv-dtype",
                                Kind::Choice,
                                FrontendOption::Place::CommandLine,
                                "T",
                                "the KV cache's storage (default: the activations' dtype); float8_e4m3fn or float8_e5m2: an fp8 cache, "
                                "cast up where attention reads it",
                                QT_TRANSLATE_NOOP("FrontendOption", "KV cache precision")};
        kvDtype.choices = {"bfloat16", "float16", "float32", "float8_e4m3fn", "float8_e5m2"};
        return {phase, batch, tokens, dtype, kvDtype};
    }

    Expected<SourceAnalysis> analyze(const std::string& path, const std::string& text, const hw::HwProfile& hardware,
                                     const SourceAnalysisOptions& options) const override
    {
        const auto config = text.empty() ? serving::readModelConfig(path) : serving::parseModelConfig(text, path);
        if (!config)
            return Expected<SourceAnalysis>::failure(config.diagnostics());
        serving::ServingPoint point;
        auto phaseName = settingText(*this, options.settings, "serving-phase");
        auto batch = settingInteger(*this, options.settings, "serving-batch", point.batch);
        auto tokens = settingInteger(*this, options.settings, "serving-tokens", point.tokens);
        auto dtype = settingText(*this, options.settings, "serving-dtype");
        auto kvDtype = settingText(*this, options.settings, "serving-kv-dtype");
        for (const Diagnostics* d :
             {&phaseName.diagnostics(), &batch.diagnostics(), &tokens.diagnostics(), &dtype.diagnostics(), &kvDtype.diagnostics()})
            if (hasErrors(*d))
                return Expected<SourceAnalysis>::failure(*d);
        point.phase = *phaseName == "prefill" ? serving::Phase::Prefill : serving::Phase::Decode;
        point.batch = *batch;
        point.tokens = *tokens;
        point.dtype = *dtype; // empty: the config's
        point.kvDtype = *kvDtype; // empty: the activations'
        auto phase = serving::analyzePhase(*config, point, hardware, options);
        if (!phase)
            return Expected<SourceAnalysis>::failure(phase.diagnostics());
        const serving::PhaseBound& p = *phase;
        SourceAnalysis out = p.analysis;
        out.frontend = std::string(id());
        out.result.program.file = path; // the generated source is gone; the config is what the user opened
        const std::string step = serving::phaseName(p.point.phase) + " of '" + config->modelType + "' in " + p.point.dtype + " (KV cache "
            + serving::kvCacheDtype(p.point) + "), batch " + std::to_string(p.point.batch) + ", " + std::to_string(p.point.tokens)
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
        // A point that cannot be held is said wherever it is shown (the CLI's `llm` exits 1 on it).
        if (const double capacity = hardware.dramCapacityBytes.value; capacity > 0 && p.weightsBytes + p.kvCacheBytes > capacity)
            out.result.diagnostics.push_back({Severity::Warning,
                                              path,
                                              {},
                                              "serving.fit",
                                              "DOES NOT FIT: weights " + formatBytes(p.weightsBytes) + " + KV cache "
                                                  + formatBytes(p.kvCacheBytes) + " = " + formatBytes(p.weightsBytes + p.kvCacheBytes)
                                                  + " exceed " + hardware.id + "'s " + formatBytes(capacity)
                                                  + ": no device of this memory runs this step, whatever its time"});
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
