// SPDX-License-Identifier: MIT
#include "engine/frontend/trace/modelprogram.h"

#include "engine/frontend/trace/sizefit.h"
#include "engine/ir/parser.h"

#include <algorithm>

namespace solar::trace {

namespace {

std::string sizesText(const SizeMap& sizes)
{
    std::string s;
    for (const auto& [k, v] : sizes)
        s += (s.empty() ? "" : ", ") + k + "=" + std::to_string(v);
    return s;
}

SizeMap merged(const SizeMap& base, const SizeMap& over)
{
    SizeMap m = base;
    for (const auto& [k, v] : over)
        m[k] = v;
    return m;
}

// A sample where the scaled constants all differ (8, 16, 24, ... added in name order), so that constants equal
// at the file's sizes and at every uniformly reduced size (batch_size = out_channels = 128) can be told apart.
SizeMap spread(const SizeMap& reduced)
{
    SizeMap s;
    std::int64_t extra = 0;
    for (const auto& [name, value] : reduced) {
        s[name] = value + extra;
        extra += 8;
    }
    return s;
}

// Constants whose values agree at every sample: their parameters are interchangeable in the fit.
std::string indistinct(const std::vector<SizeSample>& samples, const std::map<std::string, std::string>& paramOf)
{
    std::map<std::vector<std::int64_t>, std::vector<std::string>> byValues;
    for (const auto& [constant, param] : paramOf) {
        std::vector<std::int64_t> v;
        for (const auto& s : samples)
            v.push_back(s.sizes.at(constant));
        byValues[v].push_back(constant);
    }
    std::string out;
    for (const auto& [v, names] : byValues) {
        if (names.size() < 2)
            continue;
        std::string group;
        for (const auto& n : names)
            group += (group.empty() ? "" : " = ") + n;
        out += (out.empty() ? "" : "; ") + group;
    }
    return out;
}

// Samples: F (the analysed sizes), A and B (the first two reduced sizes that trace) and S (A spread apart).
// Every subset containing F and A is tried, largest first: more samples pin the expressions down, but a model
// whose structure changes at one size (a dimension reaching 1, a shape it rejects) can still be fitted at fewer.
void symbolize(ModelProgram& m, const std::string& file, TraceWorker& worker, int timeoutMs)
{
    const SizeMap& full = m.trace.constants;
    std::vector<std::pair<SizeMap, std::string>> samples; // (reduced sizes, lowered text)
    std::string problem;
    bool anyReduced = false;
    auto addSample = [&](const SizeMap& sizes) {
        const auto traced = worker.trace(file, sizes, timeoutMs);
        if (!traced) {
            problem = sizesText(sizes) + ": " + traced.diagnostics().front().message;
            return false;
        }
        const auto lowered = lowerTrace(*traced);
        if (!lowered) {
            problem = sizesText(sizes) + ": " + lowered.diagnostics().front().message;
            return false;
        }
        samples.emplace_back(sizes, lowered->text);
        return true;
    };
    for (const SizeMap& sizes : reducedSizes(full)) {
        if (samples.size() == 2)
            break;
        const SizeMap all = merged(full, sizes);
        if (all == full)
            continue;
        anyReduced = true;
        bool seen = false;
        for (const auto& s : samples)
            seen = seen || merged(full, s.first) == all;
        if (!seen)
            addSample(sizes);
    }
    if (samples.empty()) {
        m.sizesNote = !anyReduced ? "sizes are fixed: the model has no module-level size constant of 16 or more to scale"
                                  : "sizes are fixed: no reduced size traced" + (problem.empty() ? std::string() : " (" + problem + ")");
        return;
    }
    if (const SizeMap s = spread(samples.front().first); s != samples.front().first && (samples.size() < 2 || s != samples[1].first))
        addSample(s);

    std::vector<std::vector<size_t>> subsets; // indices into samples; samples[0] (A) always
    const size_t n = samples.size();
    for (unsigned mask = (1u << n) - 1; mask >= 1; --mask) {
        if (!(mask & 1u))
            continue;
        std::vector<size_t> subset;
        for (size_t k = 0; k < n; ++k)
            if (mask & (1u << k))
                subset.push_back(k);
        subsets.push_back(subset);
    }
    std::stable_sort(subsets.begin(), subsets.end(), [](const auto& a, const auto& b) { return a.size() > b.size(); });
    std::string why;
    for (const auto& subset : subsets) {
        std::vector<SizeSample> fitSamples {{full, m.lowered.text}};
        for (size_t k : subset)
            fitSamples.push_back({merged(full, samples[k].first), samples[k].second});
        const auto fit = fitSizes(fitSamples);
        if (!fit) {
            if (why.empty())
                why = fit.diagnostics().front().message
                    + (fit.diagnostics().front().loc.line > 0 ? " (ALIR line " + std::to_string(fit.diagnostics().front().loc.line) + ")" : "");
            continue;
        }
        auto parsed = ir::parseProgram(fit->text, m.trace.file + ".alir");
        if (!parsed) {
            why = "the fitted program does not parse: " + parsed.diagnostics().front().message;
            continue;
        }
        m.lowered.text = fit->text;
        m.lowered.program = std::move(parsed).value();
        m.symbolic = true;
        m.paramOf = fit->paramOf;
        std::string at;
        for (size_t k : subset) {
            m.exactAt.push_back(samples[k].first);
            at += "; " + sizesText(samples[k].first);
        }
        std::string names;
        for (const auto& [constant, param] : fit->paramOf)
            names += (names.empty() ? "" : ", ") + param;
        m.sizesNote = "size parameters " + names + " (" + std::to_string(fit->numbersReplaced)
            + " numbers in the program follow them), exact at the file's sizes" + at;
        if (const std::string same = indistinct(fitSamples, fit->paramOf); !same.empty())
            m.sizesNote += "; not told apart (equal at every sample, so either may stand for the other): " + same;
        return;
    }
    m.sizesNote = "sizes are fixed: " + why;
}

} // namespace

SizeMap ModelProgram::parameterValues(const SizeMap& sizes) const
{
    SizeMap out;
    for (const auto& [constant, param] : paramOf) {
        const auto it = sizes.find(constant);
        out[param] = it != sizes.end() ? it->second : trace.constants.at(constant);
    }
    return out;
}

std::vector<SizeMap> reducedSizes(const SizeMap& constants)
{
    std::vector<SizeMap> out;
    for (std::int64_t divisor : {256, 64, 16, 4, 2, 1}) {
        SizeMap s;
        bool changed = false;
        for (const auto& [name, value] : constants) {
            if (value >= 16) {
                const std::int64_t reduced = std::max<std::int64_t>(8, value / divisor);
                s[name] = reduced;
                changed = changed || reduced != value;
            }
        }
        if (changed || divisor == 1)
            out.push_back(s);
    }
    return out;
}

Expected<ModelProgram> loadModelProgram(const std::string& file, TraceWorker& worker, const SizeMap& sizes, bool symbolizeSizes,
                                        int timeoutMs)
{
    auto traced = worker.trace(file, sizes, timeoutMs);
    if (!traced)
        return Expected<ModelProgram>::failure(traced.diagnostics());
    auto lowered = lowerTrace(*traced);
    if (!lowered)
        return Expected<ModelProgram>::failure(lowered.diagnostics());
    ModelProgram m;
    m.trace = std::move(traced).value();
    m.lowered = std::move(lowered).value();
    m.sizesNote = "sizes are fixed: not fitted";
    if (symbolizeSizes)
        symbolize(m, file, worker, timeoutMs);
    return m;
}

} // namespace solar::trace
