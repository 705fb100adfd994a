// SPDX-License-Identifier: MIT
#include "engine/parallel/splitvalidation.h"

#include "engine/ir/interpreter.h"

#include <algorithm>
#include <cmath>

namespace solar::parallel {

namespace {

// Block `index` of `count` along `dim` of a row-major tensor.
ir::TensorValue block(const ir::TensorValue& t, int dim, int index, int count)
{
    ir::TensorValue out = t;
    const auto d = static_cast<size_t>(dim);
    const std::int64_t size = t.shape[d] / count;
    out.shape[d] = size;
    std::int64_t outer = 1, inner = 1;
    for (size_t i = 0; i < d; ++i)
        outer *= t.shape[i];
    for (size_t i = d + 1; i < t.shape.size(); ++i)
        inner *= t.shape[i];
    out.data.assign(static_cast<size_t>(outer * size * inner), 0.0);
    for (std::int64_t o = 0; o < outer; ++o)
        for (std::int64_t k = 0; k < size; ++k)
            for (std::int64_t i = 0; i < inner; ++i)
                out.data[static_cast<size_t>((o * size + k) * inner + i)]
                    = t.data[static_cast<size_t>((o * t.shape[d] + index * size + k) * inner + i)];
    return out;
}

// The blocks joined back along `dim`.
ir::TensorValue join(const std::vector<const ir::TensorValue*>& blocks, int dim)
{
    ir::TensorValue out = *blocks.front();
    const auto d = static_cast<size_t>(dim);
    const std::int64_t size = out.shape[d];
    const auto count = static_cast<std::int64_t>(blocks.size());
    out.shape[d] = size * count;
    std::int64_t outer = 1, inner = 1;
    for (size_t i = 0; i < d; ++i)
        outer *= out.shape[i];
    for (size_t i = d + 1; i < out.shape.size(); ++i)
        inner *= out.shape[i];
    out.data.assign(static_cast<size_t>(outer * size * count * inner), 0.0);
    for (std::int64_t b = 0; b < count; ++b)
        for (std::int64_t o = 0; o < outer; ++o)
            for (std::int64_t k = 0; k < size; ++k)
                for (std::int64_t i = 0; i < inner; ++i)
                    out.data[static_cast<size_t>((o * size * count + b * size + k) * inner + i)]
                        = blocks[static_cast<size_t>(b)]->data[static_cast<size_t>((o * size + k) * inner + i)];
    return out;
}

ir::TensorValue sum(const std::vector<const ir::TensorValue*>& parts)
{
    ir::TensorValue out = *parts.front();
    for (size_t p = 1; p < parts.size(); ++p)
        for (size_t i = 0; i < out.data.size(); ++i)
            out.data[i] += parts[p]->data[i];
    for (auto& v : out.data)
        v = ir::roundToDType(v, out.dtype);
    return out;
}

// Both programs run with every float tensor in f64: then the split and the original differ only by the order of
// their additions, and a lost block or a bias added n times shows far above that.
ir::Program inF64(ir::Program p)
{
    for (auto& d : p.decls)
        if (d.kind == ir::DeclKind::Tensor && ir::isFloat(d.dtype))
            d.dtype = ir::DType::F64;
    return p;
}

constexpr double kTolerance = 1e-9;

} // namespace

ir::RunOptions validationRunOptions(const std::map<std::string, std::int64_t>& sizes, std::uint64_t seed)
{
    ir::RunOptions options;
    options.sizes = sizes;
    options.seed = seed;
    options.maxInstances = 50'000'000;
    return options;
}

Expected<SplitValidation> validateSplit(const ir::Program& givenProgram, const TensorParallelSplit& givenSplit,
                                        const std::map<std::string, std::int64_t>& sizes, std::uint64_t seed)
{
    const ir::Program program = inF64(givenProgram);
    TensorParallelSplit split = givenSplit;
    split.device = inF64(givenSplit.device);
    using Fail = Expected<SplitValidation>;
    const ir::RunOptions options = validationRunOptions(sizes, seed);
    auto original = ir::runProgram(program, options);
    if (!original)
        return Fail::failure(original.diagnostics());
    const int n = split.devices;
    // Each device's inputs: its blocks of the split ones, the rest whole; collective results are filled round by round (every round reruns the devices from the start, so after one round per collective every
    // collective has been fed the values it would see).
    std::vector<std::map<std::string, ir::TensorValue>> inputs(static_cast<size_t>(n));
    for (const auto& [name, placement] : split.inputs) {
        const ir::TensorValue* t = original->find(name);
        if (!t)
            continue;
        for (int d = 0; d < n; ++d)
            inputs[static_cast<size_t>(d)][name] = placement.kind == Placement::Sharded ? block(*t, placement.dim, d, n) : *t;
    }
    // Before the first round a collective's result is what the original computed for its source (the whole sum, the
    // whole tensor), where it has one: a value read as an index (a routed row's position) stays in range. The rounds
    // then replace it by what the devices computed, so a wrong split still shows.
    for (const Exchange& x : split.exchanges) {
        const ir::TensorValue* t = x.result.empty() ? nullptr : original->find(x.source);
        if (!t)
            continue;
        ir::TensorValue start = *t;
        start.name = x.result;
        start.kind = ir::TensorKind::In;
        for (auto& in : inputs)
            in[x.result] = start;
    }
    std::vector<ir::RunResult> runs(static_cast<size_t>(n));
    for (size_t round = 0; round <= split.exchanges.size(); ++round) {
        for (int d = 0; d < n; ++d) {
            ir::RunOptions o = options;
            if (!split.deviceParam.empty())
                o.sizes[split.deviceParam] = d;
            o.inputs = inputs[static_cast<size_t>(d)];
            auto r = ir::runProgram(split.device, o);
            if (!r)
                return Fail::failure(r.diagnostics());
            runs[static_cast<size_t>(d)] = std::move(*r);
        }
        for (const Exchange& x : split.exchanges) {
            if (x.result.empty())
                continue;
            std::vector<const ir::TensorValue*> parts;
            for (const auto& r : runs)
                parts.push_back(r.find(x.source));
            if (std::find(parts.begin(), parts.end(), nullptr) != parts.end())
                return Fail::failure(
                    Diagnostic {Severity::Error, program.file, {}, "parallel.validate", "no tensor " + x.source + " to exchange"});
            ir::TensorValue value = x.collective.kind == CollectiveKind::AllGather || x.collective.kind == CollectiveKind::AllToAll
                ? join(parts, x.dim) // all-to-all: every block goes where it is read, which may be anywhere
                : sum(parts);
            value.name = x.result;
            value.kind = ir::TensorKind::In;
            for (auto& in : inputs)
                in[x.result] = value;
        }
    }
    SplitValidation v;
    int compared = 0;
    for (const auto& [name, placement] : split.outputs) {
        const ir::TensorValue* want = original->find(name);
        std::vector<const ir::TensorValue*> parts;
        for (const auto& r : runs)
            parts.push_back(r.find(name));
        if (!want || std::find(parts.begin(), parts.end(), nullptr) != parts.end())
            continue;
        const ir::TensorValue got = placement.kind == Placement::Sharded ? join(parts, placement.dim)
            : placement.kind == Placement::Partial                       ? sum(parts)
                                                                         : *parts.front();
        if (got.data.size() != want->data.size()) {
            v.detail = name + ": " + std::to_string(got.data.size()) + " elements recombined, " + std::to_string(want->data.size())
                + " expected";
            return v;
        }
        double scale = 0, error = 0;
        for (size_t i = 0; i < got.data.size(); ++i) {
            scale = std::max(scale, std::abs(want->data[i]));
            const double e = std::abs(got.data[i] - want->data[i]);
            error = std::isnan(e) ? INFINITY : std::max(error, e);
        }
        const double relative = scale > 0 ? error / scale : error;
        v.maxRelativeError = std::max(v.maxRelativeError, relative);
        v.tolerance = kTolerance;
        if (!(relative <= kTolerance)) {
            v.detail = name + " differs: largest error " + std::to_string(relative) + " of its largest value";
            return v;
        }
        ++compared;
    }
    std::string at;
    for (const auto& [k, value] : original->sizes.values)
        if (std::any_of(program.params.begin(), program.params.end(), [&](const ir::Param& p) { return p.name == k; }))
            at += (at.empty() ? "" : ", ") + k + "=" + std::to_string(value);
    v.ok = compared > 0;
    v.detail = v.ok ? std::to_string(compared) + " output" + (compared == 1 ? "" : "s") + " equal" + (at.empty() ? "" : " at " + at)
            + " on " + std::to_string(n) + " devices"
                    : "no output to compare";
    return v;
}

} // namespace solar::parallel
