// SPDX-License-Identifier: MIT
// The analysis engine on generated programs: lifting + costing + all five levels for 10,000 nodes (issue 3:
// under 50 ms), and re-solving all levels after a hardware change for 1,000 nodes (under 1 ms: the sliders
// call it on every move). Parsing and size binding happen outside the timed region. Results: docs/perf.md.
#include "engine/bounds/inverse.h"
#include "engine/bounds/ladder.h"
#include "engine/graph/lifting.h"
#include "engine/hw/registry.h"
#include "engine/insights/insights.h"
#include "engine/ir/bindings.h"
#include "engine/ir/parser.h"
#include "engine/ir/reassociation.h"
#include "engine/serving/servingestimate.h"
#include "engine/source/sourceanalysis.h"
#include "engine/worker/session.h"
#include "synthetic.h"

#include <benchmark/benchmark.h>

#include <cstdlib>
#include <memory>
#include <optional>

namespace {

struct Fixture
{
    solar::ir::Program program;
    solar::ir::SizeBindings sizes;
    solar::bounds::MachineModel machine;

    explicit Fixture(int layers)
        : program(solar::ir::parseProgram(syntheticProgram(layers)).value())
        , sizes(solar::ir::bindSizes(program).value())
    {
        const auto reg = solar::hw::loadDefaultHwRegistry();
        machine = solar::bounds::machineFromProfile(*reg.find("h100-sxm"));
    }
};

void BM_LiftCostSolve(benchmark::State& state)
{
    const Fixture f(static_cast<int>(state.range(0)) / 4);
    size_t nodes = 0;
    for (auto _ : state) {
        const auto g = solar::graph::liftProgram(f.program, f.sizes);
        const auto d = solar::bounds::prepare(*g);
        const auto ladder
            = solar::bounds::solve(d, f.machine, solar::bounds::PrecisionPolicy::PytorchDefault, solar::bounds::CacheAssumption::Cold);
        nodes = g->nodes.size();
        benchmark::DoNotOptimize(ladder.levels[3].seconds);
    }
    state.counters["nodes"] = static_cast<double>(nodes);
}

// The least-contraction-order pass on the same program (what analyzeProgram adds before lifting): its cost against
// BM_LiftCostSolve's at the same size. The synthetic layers' intermediates all feed activations, so this is the
// scan that finds nothing to rewrite, which every program without a chain pays.
void BM_LeastOrder(benchmark::State& state)
{
    const Fixture f(static_cast<int>(state.range(0)) / 4);
    for (auto _ : state) {
        const auto r = solar::ir::leastContractionOrder(f.program, f.sizes);
        benchmark::DoNotOptimize(r->steps.size());
    }
}

void BM_Resolve(benchmark::State& state)
{
    const Fixture f(static_cast<int>(state.range(0)) / 4);
    const auto g = solar::graph::liftProgram(f.program, f.sizes);
    const auto d = solar::bounds::prepare(*g);
    solar::bounds::MachineModel m = f.machine;
    double bw = m.dramBps;
    for (auto _ : state) {
        bw *= 1.0001; // a slider move
        m.dramBps = bw;
        const auto ladder
            = solar::bounds::solve(d, m, solar::bounds::PrecisionPolicy::PytorchDefault, solar::bounds::CacheAssumption::Cold);
        benchmark::DoNotOptimize(ladder.levels[0].seconds);
    }
    state.counters["nodes"] = static_cast<double>(g->nodes.size());
}

void BM_ResolveAndInverse(benchmark::State& state)
{
    const Fixture f(static_cast<int>(state.range(0)) / 4);
    const auto g = solar::graph::liftProgram(f.program, f.sizes);
    const auto d = solar::bounds::prepare(*g);
    for (auto _ : state) {
        const auto inv = solar::bounds::solveInverse(d, f.machine, solar::bounds::PrecisionPolicy::PytorchDefault,
                                                     solar::bounds::CacheAssumption::Cold, solar::bounds::Level::UnfusedPerKernel, 1e-3);
        benchmark::DoNotOptimize(inv.necessaryDramBps);
    }
}

// A slider move in the GUI re-solves and recomputes the Insights pane: the opportunities for 1,000 nodes (their
// fusion regions, precision alternatives, capacity bisection), to compare with BM_Resolve in the same run.
void BM_ResolveAndInsights(benchmark::State& state)
{
    const Fixture f(static_cast<int>(state.range(0)) / 4);
    const auto reg = solar::hw::loadDefaultHwRegistry();
    const auto base = solar::analyzeProgram(f.program, *reg.find("h100-sxm"));
    solar::bounds::MachineModel m = base->machine;
    for (auto _ : state) {
        m.dramBps *= 1.0001;
        const auto shown = solar::reSolve(*base, m);
        const auto in = solar::insights::computeInsights(shown);
        benchmark::DoNotOptimize(in.totalSavedSeconds);
    }
    state.counters["nodes"] = static_cast<double>(base->graph.nodes.size());
}

// Time to bounds for a PyTorch model on a warm tracer (issue 14, item 10): trace, lower, lift and solve, what the
// GUI shows before validation starts. SOLAR_BENCH_MODEL names the model (default: KernelBench's ResNet-101, about
// 1,000 operators); torch is imported once, outside the timed region, as the GUI's kept worker does.
void BM_BoundsOnWarmWorker(benchmark::State& state)
{
    const char* env = std::getenv("SOLAR_BENCH_MODEL");
    const std::string model = env ? env : SOLAR_SOURCE_DIR "/../shared/kernelbench/level3/10_ResNet101.py";
    const auto reg = solar::hw::loadDefaultHwRegistry();
    solar::worker::Session session;
    solar::SourceAnalysisOptions options;
    options.validate = false;
    options.session = &session;
    auto first = solar::analyzeSource(model, {}, *reg.find("h100-sxm"), options);
    if (!first) {
        state.SkipWithError(solar::formatAll(first.diagnostics()).c_str());
        return;
    }
    size_t nodes = 0;
    for (auto _ : state) {
        auto r = solar::analyzeSource(model, {}, *reg.find("h100-sxm"), options);
        nodes = r ? r->result.graph.nodes.size() : 0;
        benchmark::DoNotOptimize(nodes);
    }
    state.counters["nodes"] = static_cast<double>(nodes);
}

// A serving sweep's points (issue 47, item 5): Llama-3-8B's decode step on the H200 at batch 1, 8, 64 x context
// 1k, 8k, 32k (the batch-1 group re-solved from a batch-1 trace, the others from a batch-8 one, as sweepServing
// groups them), against tracing one point, on a warm worker (torch and transformers imported outside the timed
// region). SOLAR_PYTHON names the Python with transformers; without it both skip.
struct ServingFixture
{
    solar::hw::HwRegistry registry = solar::hw::loadDefaultHwRegistry();
    solar::worker::Session session;
    solar::SourceAnalysisOptions options;
    std::optional<solar::serving::ModelConfig> config;
    std::string error;

    ServingFixture()
    {
        options.validate = false;
        options.session = &session;
        auto c = solar::serving::readModelConfig(SOLAR_SOURCE_DIR "/tests/data/hf/configs/llama3_8b.json");
        if (c)
            config = std::move(c).value();
        else
            error = solar::formatAll(c.diagnostics());
    }
    solar::serving::ServingPoint point(std::int64_t batch, std::int64_t context) const
    {
        solar::serving::ServingPoint p;
        p.phase = solar::serving::Phase::Decode;
        p.batch = batch;
        p.tokens = context;
        return p;
    }
};

void BM_ServingPointTraced(benchmark::State& state)
{
    ServingFixture f;
    const auto* h200 = f.registry.find("h200");
    if (!f.config || !solar::serving::analyzePhase(*f.config, f.point(8, 1024), *h200, f.options)) {
        state.SkipWithError("no Python with transformers (SOLAR_PYTHON)");
        return;
    }
    for (auto _ : state) {
        auto p = solar::serving::analyzePhase(*f.config, f.point(8, 1024), *h200, f.options);
        benchmark::DoNotOptimize(p);
    }
}

void BM_ServingSweepResolved(benchmark::State& state)
{
    ServingFixture f;
    const auto* h200 = f.registry.find("h200");
    if (!f.config) {
        state.SkipWithError(f.error.c_str());
        return;
    }
    auto single = solar::serving::analyzePhase(*f.config, f.point(1, 1024), *h200, f.options, {}, {"context_tokens"});
    auto batched = solar::serving::analyzePhase(*f.config, f.point(8, 1024), *h200, f.options, {}, {"batch", "context_tokens"});
    if (!single || !batched) {
        state.SkipWithError("no Python with transformers (SOLAR_PYTHON)");
        return;
    }
    int points = 0;
    for (auto _ : state) {
        points = 0;
        for (const std::int64_t batch : {1, 8, 64})
            for (const std::int64_t context : {1024, 8192, 32768}) {
                auto p = solar::serving::resolvePhase(batch == 1 ? *single : *batched, f.point(batch, context), *h200, f.options);
                points += p ? 1 : 0;
                benchmark::DoNotOptimize(p);
            }
    }
    state.counters["points"] = points;
}

} // namespace

BENCHMARK(BM_ServingPointTraced)->Unit(benchmark::kMillisecond)->UseRealTime()->Iterations(3);
BENCHMARK(BM_ServingSweepResolved)->Unit(benchmark::kMillisecond)->UseRealTime()->Iterations(3);
BENCHMARK(BM_BoundsOnWarmWorker)->Unit(benchmark::kMillisecond)->UseRealTime()->Iterations(5);
BENCHMARK(BM_LiftCostSolve)->Arg(10000)->Unit(benchmark::kMillisecond)->UseRealTime(); // two threads lift large programs
BENCHMARK(BM_LeastOrder)->Arg(10000)->Unit(benchmark::kMillisecond)->UseRealTime();
BENCHMARK(BM_Resolve)->Arg(1000)->Unit(benchmark::kMicrosecond);
BENCHMARK(BM_ResolveAndInverse)->Arg(1000)->Unit(benchmark::kMicrosecond);
BENCHMARK(BM_ResolveAndInsights)->Arg(1000)->Unit(benchmark::kMicrosecond);

BENCHMARK_MAIN();
