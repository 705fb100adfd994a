// SPDX-License-Identifier: MIT
// The desktop explorer's interactive paths (issue 5): a Graphviz layout of a 1,000-node einsum graph (under 2 s,
// off the GUI thread) and one hardware-slider move on a 1,000-operator model in the real main window (under
// 16 ms: re-solve, table, roofline, graph colours, summary, and the repaint that follows), with the engine's
// re-solve alone as the in-process baseline. Runs offscreen. Results: docs/perf.md.
#include "app/studio/mainwindow.h"
#include "engine/analysis/analysis.h"
#include "engine/graph/lifting.h"
#include "engine/hw/registry.h"
#include "engine/ir/bindings.h"
#include "engine/ir/parser.h"
#include "render/graphlayout.h"
#include "synthetic.h"
#include "widgets/graph/graphview.h"
#include "widgets/hardware/hardwarepane.h"

#include <benchmark/benchmark.h>

#include <QApplication>
#include <QDir>
#include <QElapsedTimer>
#include <QFile>
#include <QSlider>
#include <QTemporaryDir>

namespace {

solar::graph::EinsumGraph syntheticGraph(int nodes)
{
    const auto program = solar::ir::parseProgram(syntheticProgram(nodes / 4)).value();
    const auto sizes = solar::ir::bindSizes(program).value();
    return solar::graph::liftProgram(program, sizes).value();
}

void BM_GraphLayout(benchmark::State& state)
{
    const auto graph = syntheticGraph(static_cast<int>(state.range(0)));
    for (auto _ : state) {
        const GraphLayout layout = layoutGraph(graph);
        benchmark::DoNotOptimize(layout.bounds);
    }
    state.counters["nodes"] = static_cast<double>(graph.nodes.size());
}

// The engine part of a slider move: the baseline the window's cost is compared with.
void BM_ResolveOnly(benchmark::State& state)
{
    const auto program = solar::ir::parseProgram(syntheticProgram(static_cast<int>(state.range(0)) / 4)).value();
    const auto reg = solar::hw::loadDefaultHwRegistry();
    const auto result = solar::analyzeProgram(program, *reg.find("h100-pcie")).value();
    solar::bounds::MachineModel m = result.machine;
    for (auto _ : state) {
        m.dramBps *= 1.0001;
        const auto again = solar::reSolve(result, m);
        benchmark::DoNotOptimize(again.ladder.levels[0].seconds);
    }
}

void BM_SliderMove(benchmark::State& state)
{
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("synthetic.alir"));
    QFile f(path);
    f.open(QIODevice::WriteOnly);
    f.write(QByteArray::fromStdString(syntheticProgram(static_cast<int>(state.range(0)) / 4)));
    f.close();
    MainWindow w;
    w.resize(1600, 1000);
    w.show();
    QElapsedTimer wait;
    wait.start();
    w.openFile(path);
    while ((w.isAnalyzing() || !w.baseResult() || w.graphView()->layoutPending()) && wait.elapsed() < 120000)
        QCoreApplication::processEvents(QEventLoop::AllEvents, 50);
    QCoreApplication::processEvents();
    int position = w.hardwarePane()->slider(HardwarePane::Bandwidth)->value();
    for (auto _ : state) {
        position = position == 600 ? 601 : 600; // one step of the slider, back and forth
        w.hardwarePane()->slider(HardwarePane::Bandwidth)->setValue(position);
        QCoreApplication::processEvents(); // the repaint the move causes
    }
    state.counters["operators"] = static_cast<double>(w.baseResult() ? w.baseResult()->graph.nodes.size() : 0);
}

} // namespace

BENCHMARK(BM_GraphLayout)->Arg(1000)->Unit(benchmark::kMillisecond)->UseRealTime();
BENCHMARK(BM_ResolveOnly)->Arg(1000)->Unit(benchmark::kMicrosecond);
BENCHMARK(BM_SliderMove)->Arg(1000)->Unit(benchmark::kMillisecond)->UseRealTime();

int main(int argc, char** argv)
{
    if (qEnvironmentVariableIsEmpty("QT_QPA_PLATFORM"))
        qputenv("QT_QPA_PLATFORM", "offscreen");
    QApplication app(argc, argv);
    QApplication::setApplicationName(QStringLiteral("SOLAR Studio bench"));
    benchmark::Initialize(&argc, argv);
    benchmark::RunSpecifiedBenchmarks();
    benchmark::Shutdown();
    return 0;
}
