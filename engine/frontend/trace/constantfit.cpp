// SPDX-License-Identifier: MIT
#include "engine/frontend/trace/constantfit.h"

#include "engine/frontend/trace/sizefit.h"
#include "engine/ir/parser.h"

#include <optional>

namespace solar::trace {

namespace {

std::optional<std::string> loweredAt(const std::string& file, TraceWorker& worker, const SizeMap& sizes, int timeoutMs, std::string& why)
{
    auto traced = worker.trace(file, sizes, timeoutMs);
    if (!traced) {
        why = "a trace at other sizes failed: " + traced.diagnostics().front().message;
        return std::nullopt;
    }
    auto lowered = lowerTrace(*traced);
    if (!lowered) {
        why = "a lowering at other sizes failed: " + lowered.diagnostics().front().message;
        return std::nullopt;
    }
    return lowered->text;
}

} // namespace

bool fitConstants(ModelProgram& model, const std::string& file, TraceWorker& worker, const std::vector<std::string>& names,
                  std::string& why, int timeoutMs)
{
    const SizeMap& full = model.trace.constants;
    for (const std::string& name : names)
        if (!full.count(name)) {
            why = "'" + name + "' is not a size constant of the source";
            return false;
        }
    // Each point moves every named constant by its own amount (so no two of them move together, and no value
    // repeats a sample's), small enough that the program keeps its structure.
    auto moved = [&](std::vector<std::int64_t> steps) {
        SizeMap s = full;
        for (size_t k = 0; k < names.size(); ++k)
            s[names[k]] = full.at(names[k]) + steps[k % steps.size()] * static_cast<std::int64_t>(k + 1);
        return s;
    };
    std::vector<SizeSample> samples {{full, model.lowered.text}};
    for (const SizeMap& at : {moved({3, 2}), moved({7, 1})}) {
        const auto text = loweredAt(file, worker, at, timeoutMs, why);
        if (!text)
            return false;
        samples.push_back({at, *text});
    }
    const auto fit = fitSizes(samples);
    if (!fit) {
        why = "the sizes do not fit: " + fit.diagnostics().front().message;
        return false;
    }
    const SizeMap heldOut = moved({5, 4});
    const auto heldText = loweredAt(file, worker, heldOut, timeoutMs, why);
    if (!heldText)
        return false;
    samples.push_back({heldOut, *heldText});
    const auto refit = fitSizes(samples);
    if (!refit || refit->text != fit->text) {
        why = "the fitted sizes do not hold at a held-out point (an expression agreed with the samples by coincidence)";
        return false;
    }
    auto parsed = ir::parseProgram(fit->text, file + ".alir");
    if (!parsed) {
        why = "the fitted program does not parse: " + parsed.diagnostics().front().message;
        return false;
    }
    model.lowered.text = fit->text;
    model.lowered.program = std::move(parsed).value();
    model.symbolic = true;
    model.paramOf = fit->paramOf;
    std::string params;
    for (const auto& [constant, param] : fit->paramOf)
        params += (params.empty() ? "" : ", ") + param;
    model.sizesNote = "size parameters " + params + " (" + std::to_string(fit->numbersReplaced)
        + " numbers follow them) fitted with every other constant at the file's sizes, exact at 3 traced points, checked at a "
          "held-out one";
    return true;
}

} // namespace solar::trace
