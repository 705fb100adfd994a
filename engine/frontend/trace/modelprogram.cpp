// SPDX-License-Identifier: MIT
#include "engine/frontend/trace/modelprogram.h"

#include "engine/core/format.h"
#include "engine/frontend/trace/sizefit.h"
#include "engine/ir/builtins.h"
#include "engine/ir/parser.h"

#include <algorithm>
#include <functional>
#include <optional>
#include <set>
#include <sstream>

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

struct Sample
{
    SizeMap sizes; // the reduced constants
    TraceResult trace;
    Lowered lowered;
};

std::optional<Sample> traceSample(const std::string& file, TraceWorker& worker, const SizeMap& sizes, int timeoutMs, bool real,
                                  std::string& problem)
{
    auto traced = worker.trace(file, sizes, timeoutMs, real);
    if (!traced) {
        problem = sizesText(sizes) + ": " + traced.diagnostics().front().message;
        return std::nullopt;
    }
    auto lowered = lowerTrace(*traced);
    if (!lowered) {
        problem = sizesText(sizes) + ": " + lowered.diagnostics().front().message;
        return std::nullopt;
    }
    return Sample {sizes, std::move(traced).value(), std::move(lowered).value()};
}

// The first two reduced size sets that trace (A, B: the candidates validation uses) and A spread apart (S).
std::vector<Sample> reducedSamples(const std::string& file, TraceWorker& worker, const SizeMap& full, int timeoutMs, bool real,
                                   std::string& problem, bool& anyReduced)
{
    std::vector<Sample> samples;
    auto add = [&](const SizeMap& sizes) {
        if (auto sample = traceSample(file, worker, sizes, timeoutMs, real, problem))
            samples.push_back(std::move(*sample));
    };
    anyReduced = false;
    for (const SizeMap& sizes : reducedSizes(full)) {
        if (samples.size() == 2)
            break;
        const SizeMap all = merged(full, sizes);
        if (all == full)
            continue;
        anyReduced = true;
        bool seen = false;
        for (const auto& s : samples)
            seen = seen || merged(full, s.sizes) == all;
        if (!seen)
            add(sizes);
    }
    // Constants that agree at every sample so far (batch_size = out_channels = 128 at F, 8 at A, 32 at B)
    // need the spread sample; when every scaled constant is already distinct it would only cost a trace.
    bool tied = false;
    for (auto a = full.begin(); a != full.end() && !tied; ++a)
        for (auto b = std::next(a); b != full.end() && !tied; ++b) {
            bool same = a->second == b->second;
            for (const auto& s : samples)
                same = same && merged(full, s.sizes).at(a->first) == merged(full, s.sizes).at(b->first);
            const bool scaled = !samples.empty() && samples.front().sizes.count(a->first) && samples.front().sizes.count(b->first);
            tied = same && scaled;
        }
    if (!samples.empty() && (tied || real)) { // without a trace at F, every constant must vary between samples
        const SizeMap s = spread(samples.front().sizes);
        if (s != samples.front().sizes && (samples.size() < 2 || s != samples[1].sizes))
            add(s);
    }
    return samples;
}

// Every non-empty subset of the samples is tried, largest first: more samples pin the expressions down, but a
// model whose structure changes at one size (a dimension reaching 1, a head size of 1) can still be fitted at
// the others. With `fullText` the program traced at the analysed sizes is the first sample and the defaults; without
// it (real tensors), the defaults are the file's sizes and the program there is the fit's extrapolation, which
// needs at least two samples.
bool fitInto(ModelProgram& m, const std::string* fullText, const SizeMap& full, const std::vector<Sample>& samples, std::string& why)
{
    const size_t n = samples.size();
    std::vector<std::vector<size_t>> subsets;
    for (unsigned mask = (1u << n) - 1; mask >= 1; --mask) {
        std::vector<size_t> subset;
        for (size_t k = 0; k < n; ++k)
            if (mask & (1u << k))
                subset.push_back(k);
        if (fullText || subset.size() >= 2)
            subsets.push_back(subset);
    }
    std::stable_sort(subsets.begin(), subsets.end(), [](const auto& a, const auto& b) { return a.size() > b.size(); });
    for (const auto& subset : subsets) {
        std::vector<SizeSample> fitSamples;
        if (fullText)
            fitSamples.push_back({full, *fullText});
        for (size_t k : subset)
            fitSamples.push_back({merged(full, samples[k].sizes), samples[k].lowered.text});
        const auto fit = fitSizes(fitSamples, fullText ? nullptr : &full);
        if (!fit) {
            if (why.empty())
                why = fit.diagnostics().front().message
                    + (fit.diagnostics().front().loc.line > 0 ? " (ALIR line " + std::to_string(fit.diagnostics().front().loc.line) + ")"
                                                              : "");
            continue;
        }
        auto parsed = ir::parseProgram(fit->text, m.trace.file + ".alir");
        if (!parsed) {
            why = "the fitted program does not parse: " + parsed.diagnostics().front().message;
            continue;
        }
        if (!fullText) {
            m.trace = samples[subset.front()].trace;
            m.trace.constants = full;
            m.lowered = samples[subset.front()].lowered;
        }
        m.lowered.text = fit->text;
        m.lowered.program = std::move(parsed).value();
        m.symbolic = true;
        m.paramOf = fit->paramOf;
        std::string at;
        for (size_t k : subset) {
            m.exactAt.push_back(samples[k].sizes);
            at += "; " + sizesText(samples[k].sizes);
        }
        std::string names;
        for (const auto& [constant, param] : fit->paramOf)
            names += (names.empty() ? "" : ", ") + param;
        m.sizesNote = "size parameters " + names + " (" + std::to_string(fit->numbersReplaced)
            + " numbers in the program follow them), exact at " + (fullText ? "the file's sizes" + at : at.substr(2));
        if (const std::string same = indistinct(fitSamples, fit->paramOf); !same.empty())
            m.sizesNote += "; not told apart (equal at every sample, so either may stand for the other): " + same;
        return true;
    }
    return false;
}

// Sizes for the symbolic trace: each scaled constant reduced (as for validation) and moved apart, so that every
// value names one constant and differs from the file's (a dimension that only happens to equal a constant there
// is then told apart when the trace is compared at the file's sizes).
SizeMap symbolicSizes(const SizeMap& full, const std::vector<std::string>& names, const SizeMap& reduced)
{
    SizeMap at = full;
    std::set<std::int64_t> used;
    for (const auto& [name, value] : full)
        if (std::find(names.begin(), names.end(), name) == names.end())
            used.insert(value);
    for (const auto& name : names) {
        std::int64_t v = reduced.count(name) ? reduced.at(name) : full.at(name);
        while (used.count(v) || v == full.at(name))
            v += 8;
        at[name] = v;
        used.insert(v);
    }
    return at;
}

// The first difference between two traces of one model (ops, arguments, tensors), or nothing.
std::optional<std::string> traceDifference(const TraceResult& a, const TraceResult& b)
{
    std::function<bool(const TraceArg&, const TraceArg&)> same = [&](const TraceArg& x, const TraceArg& y) {
        if (x.kind != y.kind || x.boolValue != y.boolValue || x.intValue != y.intValue || x.text != y.text
            || x.items.size() != y.items.size())
            return false;
        if (x.kind == TraceArg::Float && !(x.floatValue == y.floatValue || (x.floatValue != x.floatValue && y.floatValue != y.floatValue)))
            return false;
        for (size_t i = 0; i < x.items.size(); ++i)
            if (!same(x.items[i], y.items[i]))
                return false;
        return true;
    };
    if (a.ops.size() != b.ops.size())
        return std::to_string(a.ops.size()) + " ops instead of " + std::to_string(b.ops.size());
    for (size_t i = 0; i < a.ops.size(); ++i) {
        const TracedOp& x = a.ops[i];
        const TracedOp& y = b.ops[i];
        bool equal
            = x.op == y.op && x.args.size() == y.args.size() && x.outputs.size() == y.outputs.size() && x.kwargs.size() == y.kwargs.size();
        for (size_t k = 0; equal && k < x.args.size(); ++k)
            equal = same(x.args[k], y.args[k]);
        for (size_t k = 0; equal && k < x.outputs.size(); ++k)
            equal = same(x.outputs[k], y.outputs[k]);
        for (auto kx = x.kwargs.begin(), ky = y.kwargs.begin(); equal && kx != x.kwargs.end(); ++kx, ++ky)
            equal = kx->first == ky->first && same(kx->second, ky->second);
        if (!equal)
            return "op " + std::to_string(i + 1) + " (" + y.op + (y.line > 0 ? ", line " + std::to_string(y.line) : "") + ")";
    }
    if (a.tensors.size() != b.tensors.size())
        return std::to_string(a.tensors.size()) + " tensors instead of " + std::to_string(b.tensors.size());
    for (const auto& x : a.tensors) {
        const TracedTensor* y = b.tensor(x.name);
        if (!y || values(x.shape) != values(y->shape) || values(x.stride) != values(y->stride) || x.offset != y->offset
            || x.dtype != y->dtype || x.role != y->role)
            return "tensor " + x.name
                + (y ? " " + x.dtype + formatShape(values(x.shape)) + " strides " + formatShape(values(x.stride)) + " instead of "
                           + y->dtype + formatShape(values(y->shape)) + " strides " + formatShape(values(y->stride))
                     : std::string());
    }
    return std::nullopt;
}

// torch 2.x: one trace with symbolic sizes gives the size parameters exactly (no fitting). It is used when it
// holds at the file's sizes (instantiated there, it is the trace taken there) and its lowering keeps every size
// symbolic (lowered at two size sets, the text is the same); otherwise the fit is the fallback.
bool fromSymbolicTrace(ModelProgram& m, const std::string& file, TraceWorker& worker, int timeoutMs, std::string& why)
{
    const SizeMap& full = m.trace.constants;
    std::vector<std::string> names;
    for (const auto& [name, value] : full)
        if (value >= 16)
            names.push_back(name);
    if (names.empty()) {
        why = "no size constant of 16 or more";
        return false;
    }
    for (const auto& name : names)
        if (ir::isKeyword(name) || ir::findBuiltin(name)) {
            why = "the constant " + name + " is an ALIR word";
            return false;
        }
    // The smallest reduced sizes first; a model too deep for them (pooling below one pixel) or whose branches
    // differ there (a guard that fails at the file's sizes) gets one more try at the largest reduction (halved).
    std::optional<TraceResult> traced, atFull;
    SizeMap at;
    std::vector<SizeMap> tries;
    const auto reductions = reducedSizes(full);
    for (const SizeMap& reduced : {reductions.front(), reductions.size() >= 2 ? reductions[reductions.size() - 2] : reductions.front()})
        if (merged(full, reduced) != full)
            if (SizeMap candidate = symbolicSizes(full, names, reduced); std::find(tries.begin(), tries.end(), candidate) == tries.end())
                tries.push_back(std::move(candidate));
    for (const SizeMap& sizes : tries) {
        SizeMap request;
        for (const auto& [name, value] : sizes)
            if (full.at(name) != value)
                request[name] = value;
        auto t = worker.traceSymbolic(file, request, names, timeoutMs);
        if (!t) {
            why = t.diagnostics().front().message;
            if (t.diagnostics().front().code == "trace.symbolic")
                return false; // the next sizes would not help
            continue;
        }
        if (!t->symbolic()) {
            why = "the tracer returned no symbolic sizes";
            return false;
        }
        auto i = instantiate(*t, full);
        if (!i) {
            why = "at the file's sizes: " + i.diagnostics().front().message;
            continue;
        }
        traced = std::move(t).value();
        atFull = std::move(i).value();
        at = sizes;
        break;
    }
    if (!traced)
        return false;
    if (const auto difference = traceDifference(*atFull, m.trace)) {
        why = "instantiated at the file's sizes it differs from the trace taken there (" + *difference + ")";
        return false;
    }
    auto lowered = lowerTrace(*atFull);
    if (!lowered) {
        why = lowered.diagnostics().front().message;
        return false;
    }
    auto atTraced = instantiate(*traced, at);
    if (atTraced)
        atTraced->constants = full; // the parameters' defaults: the only text that may differ
    const auto again = atTraced ? lowerTrace(*atTraced) : Expected<Lowered>::failure(atTraced.diagnostics());
    if (!again || again->text != lowered->text) {
        why = "the lowering does not keep every size symbolic";
        if (again) {
            std::istringstream x(lowered->text), y(again->text);
            std::string lx, ly;
            for (int line = 1; std::getline(x, lx) && std::getline(y, ly); ++line)
                if (lx != ly) {
                    why += " (ALIR line " + std::to_string(line) + ")";
                    break;
                }
        }
        return false;
    }
    std::vector<SizeMap> exact;
    for (const SizeMap& sizes : reducedSizes(full))
        if (merged(full, sizes) != full && std::find(exact.begin(), exact.end(), sizes) == exact.end()
            && instantiate(*traced, merged(full, sizes)))
            exact.push_back(sizes);
    if (exact.empty()) {
        why = "its guards hold at no reduced size";
        return false;
    }
    m.lowered = std::move(lowered).value();
    m.symbolic = true;
    m.paramOf.clear();
    std::string params;
    for (const auto& name : traced->symbols) {
        m.paramOf[name] = name;
        params += (params.empty() ? "" : ", ") + name;
    }
    // A small size set with every scaled constant apart from the others (as for a fitted program's held-out check)
    // where the guards hold: validation runs the program there first.
    for (const std::int64_t step : {4, 8}) {
        SizeMap h;
        std::int64_t k = 0;
        for (const auto& [name, value] : exact.front())
            h[name] = value + step * ++k;
        if (instantiate(*traced, merged(full, h))) {
            m.heldOut = h;
            exact.push_back(h);
            break;
        }
    }
    m.exactAt = exact;
    m.sizesNote = "size parameters " + params + " from a symbolic trace (torch dynamic shapes: exact by construction; its "
        + std::to_string(traced->guards.size()) + " guards on the sizes hold at the file's sizes and at " + std::to_string(exact.size())
        + " reduced size sets, from " + sizesText(exact.front()) + ")";
    return true;
}

// A fitted expression can agree with every sample by coincidence (an index batch_size*4088-32640 that equals
// seq_len*hidden at the file's sizes and at the reduced ones). So the fit is checked at a size set no sample used:
// fitted again with that set added, the program must come out the same; it then counts as exact there and
// validation runs it there first. The held-out set moves each scaled constant of the smallest sample apart from the
// others and from the samples, by small steps so the interpreter's run there stays cheap (A + 4(k + 1), else
// A + 8(k + 1)); a model whose sizes must divide each other (channels by groups) gets the next uniform reduction
// no fit used.
bool heldOutHolds(ModelProgram& m, const std::string& file, TraceWorker& worker, const std::string& concrete,
                  const std::vector<Sample>& samples, int timeoutMs, std::string& why)
{
    const SizeMap& a = samples.front().sizes;
    std::vector<SizeMap> candidates;
    for (const std::int64_t step : {4, 8}) {
        SizeMap h;
        std::int64_t k = 0;
        for (const auto& [name, value] : a)
            h[name] = value + step * ++k;
        candidates.push_back(h);
    }
    for (const SizeMap& reduced : reducedSizes(m.trace.constants))
        if (merged(m.trace.constants, reduced) != m.trace.constants)
            candidates.push_back(reduced);
    for (const SizeMap& h : candidates) {
        if (std::any_of(samples.begin(), samples.end(), [&](const Sample& x) { return x.sizes == h; }))
            continue;
        std::string problem;
        const auto held = traceSample(file, worker, h, timeoutMs, false, problem);
        if (!held) {
            if (why.empty())
                why = "no held-out size set traced (" + problem + ")";
            continue;
        }
        std::vector<SizeSample> fitSamples {{m.trace.constants, concrete}};
        for (const SizeMap& used : m.exactAt)
            for (const Sample& x : samples)
                if (x.sizes == used)
                    fitSamples.push_back({merged(m.trace.constants, x.sizes), x.lowered.text});
        fitSamples.push_back({merged(m.trace.constants, h), held->lowered.text});
        const auto refit = fitSizes(fitSamples);
        if (!refit || refit->text != m.lowered.text) {
            why = "the fitted sizes do not hold at the held-out sizes " + sizesText(h)
                + " (an expression agreed with the samples by coincidence)";
            return false;
        }
        m.heldOut = h;
        m.exactAt.push_back(h);
        m.sizesNote += "; checked at held-out sizes " + sizesText(h);
        return true;
    }
    if (why.empty())
        why = "no held-out size set apart from the samples";
    return false;
}

void symbolize(ModelProgram& m, const std::string& file, TraceWorker& worker, int timeoutMs)
{
    std::string problem;
    bool anyReduced = false;
    auto samples = reducedSamples(file, worker, m.trace.constants, timeoutMs, false, problem, anyReduced);
    if (samples.empty()) {
        m.sizesNote = !anyReduced ? "sizes are fixed: the model has no module-level size constant of 16 or more to scale"
                                  : "sizes are fixed: no reduced size traced" + (problem.empty() ? std::string() : " (" + problem + ")");
        return;
    }
    // A fit counts only once it holds at held-out sizes; otherwise the program stays as traced.
    const ModelProgram concrete = m;
    std::string why, heldOutWhy;
    auto fitted = [&](std::string& fitWhy) {
        if (!fitInto(m, &concrete.lowered.text, concrete.trace.constants, samples, fitWhy))
            return false;
        if (heldOutHolds(m, file, worker, concrete.lowered.text, samples, timeoutMs, heldOutWhy))
            return true;
        m = concrete;
        return false;
    };
    if (fitted(why))
        return;
    // The uniform reductions may all be degenerate (8 heads of an 8-wide model leave a head size of 1): the
    // spread-apart sample, when it was not traced yet, gets one more chance.
    const SizeMap spreadSizes = spread(samples.front().sizes);
    const bool haveSpread = std::any_of(samples.begin(), samples.end(), [&](const Sample& x) { return x.sizes == spreadSizes; });
    if (!haveSpread) {
        if (auto extra = traceSample(file, worker, spreadSizes, timeoutMs, false, problem)) {
            samples.push_back(std::move(*extra));
            std::string again;
            if (fitted(again))
                return;
        }
    }
    m.sizesNote = "sizes are fixed: " + (heldOutWhy.empty() ? why : heldOutWhy);
}

// Some ops have neither a fake nor a meta kernel (data-dependent shapes: repeat_interleave, nonzero). Such a
// model is traced on real tensors at reduced sizes only, and the program at the file's sizes is the fitted one.
Expected<ModelProgram> loadWithRealTensors(const std::string& file, TraceWorker& worker, const SizeMap& sizes, int timeoutMs,
                                           const Diagnostics& shapeFailure)
{
    auto fail = [&](const std::string& why) {
        Diagnostics d = shapeFailure;
        Diagnostic note;
        note.severity = Severity::Note;
        note.file = file;
        note.code = "trace.real-fallback";
        note.message = "tracing on real tensors at reduced sizes did not help: " + why;
        d.push_back(note);
        return Expected<ModelProgram>::failure(d);
    };
    const auto full = worker.constants(file, sizes, timeoutMs);
    if (!full)
        return fail(full.diagnostics().front().message);
    std::string problem;
    bool anyReduced = false;
    const auto samples = reducedSamples(file, worker, *full, timeoutMs, true, problem, anyReduced);
    if (!anyReduced)
        return fail("the model has no module-level size constant of 16 or more to scale");
    if (samples.size() < 2)
        return fail("fewer than two reduced sizes traced" + (problem.empty() ? std::string() : " (" + problem + ")"));
    ModelProgram m;
    m.trace.file = file;
    std::string why;
    if (!fitInto(m, nullptr, *full, samples, why))
        return fail("the sizes could not be fitted: " + why);
    m.realTensors = true;
    m.sizesNote = "traced on real tensors at reduced sizes (" + shapeFailure.front().message
        + "); the program at the file's sizes extrapolates the fitted " + m.sizesNote;
    return m;
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
    if (!traced) {
        const Diagnostic& d = traced.diagnostics().front();
        if (d.code == "trace.run" && d.message.rfind("forward() failed", 0) == 0)
            return loadWithRealTensors(file, worker, sizes, timeoutMs, traced.diagnostics());
        return Expected<ModelProgram>::failure(traced.diagnostics());
    }
    auto lowered = lowerTrace(*traced);
    if (!lowered)
        return Expected<ModelProgram>::failure(lowered.diagnostics());
    ModelProgram m;
    m.trace = std::move(traced).value();
    m.lowered = std::move(lowered).value();
    m.sizesNote = "sizes are fixed: not fitted";
    if (symbolizeSizes) {
        // torch's symbolic shapes cost about 50 ms per op (sympy guards; a plain fake trace about 0.4 ms), so a long
        // trace is fitted from plain traces at reduced sizes instead: an 80-layer LLM's symbolic trace took 130 s
        // where fitting takes seconds (docs/perf.md, "Real-size LLMs").
        constexpr size_t kSymbolicTraceOps = 1500;
        std::string why;
        if (m.trace.ops.size() > kSymbolicTraceOps)
            why = std::to_string(m.trace.ops.size()) + " ops, more than a symbolic trace is tried for (" + std::to_string(kSymbolicTraceOps)
                + ")";
        if (!why.empty() || !fromSymbolicTrace(m, file, worker, timeoutMs, why)) {
            symbolize(m, file, worker, timeoutMs);
            m.symbolicTraceNote = why;
            m.sizesNote += "; no symbolic trace: " + why;
        }
    }
    return m;
}

} // namespace solar::trace
