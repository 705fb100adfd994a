// SPDX-License-Identifier: MIT
// The speed of light of a program split over devices (docs/parallel.md): the per-device program's own ladder (each
// device runs it at the same time), the collectives' bounds over the profile's links, and the system's levels with
// communication serialised after the compute and, a true lower bound, overlapped with it. The per-device memory
// check uses the tensors a device holds.
#pragma once

#include "engine/analysis/analysis.h"
#include "engine/parallel/splitvalidation.h"
#include "engine/parallel/tensorparallel.h"

#include <array>
#include <optional>

namespace solar::parallel {

/// Why `devices` devices cannot run on `hardware`'s interconnect (no link, more devices than a node without an
/// inter-node link), naming the numbers; nullopt when they can.
std::optional<std::string> planError(const hw::HwProfile& hardware, int devices);

struct SystemLevel
{
    double deviceSeconds = 0; // the per-device program at this level
    double overlappedSeconds = 0; // max(device, communication): the bound
    double serialSeconds = 0; // device + communication: collectives that wait for the compute and block it
    bool communicationBinds = false; // overlapped: the links, not the device, set it
};

struct ParallelAnalysis
{
    int devices = 1;
    TensorParallelSplit split;
    AnalysisResult device; // the per-device program's analysis
    std::vector<CollectiveBound> collectives; // one per split.exchanges entry
    double communicationSeconds = 0; // every collective, one after another
    double communicationBytes = 0; // per device over its links, summed
    double residentBytes = 0; // inputs and weights one device holds
    std::array<SystemLevel, bounds::kLevelCount> levels;
    std::optional<SplitValidation> validation; // at reduced sizes; absent when none could be chosen (see notes)
    std::vector<std::string> notes;
    double communicationShare(bounds::Level l) const; // communication / serialised time at that level
};

/// `pa` with its collectives bounded over `hardware`'s links instead (the GUI's link slider: a what-if profile of the
/// same device); the split and the per-device analysis stay.
ParallelAnalysis withLinks(ParallelAnalysis pa, const hw::HwProfile& hardware);

/// The inverse for the links: how fast the profile's links must be for the split program to reach `targetSeconds`
/// at `level`, with the collectives overlapped (the bound) and serialised. Every collective's time is its bytes over
/// a link bandwidth (no latency is sourced), so scaling every link by s scales the communication by 1/s.
struct LinkInverse
{
    bool feasible = false; // some link bandwidth reaches the target (overlapped)
    std::string why; // why not: the per-device program alone takes longer
    double scale = 0; // the links' bandwidths times this (0: nothing to exchange)
    double intraNodeBps = 0, interNodeBps = 0; // the profile's links times scale (inter: 0 when there is none)
    bool serialFeasible = false;
    double serialScale = 0; // the same with the collectives waiting for the compute
    double serialIntraNodeBps = 0, serialInterNodeBps = 0;
};
LinkInverse linkInverse(const ParallelAnalysis& pa, bounds::Level level, double targetSeconds);

/// Runs `split` (of `whole.program`, made with `seed`) against the program: at its own sizes when that is cheap, else
/// at small sizes the split divides (each size parameter a different multiple of `devices`), re-split there first.
/// Nullopt, with a note saying why, when no size could run it.
std::optional<SplitValidation> validateAtSmallSizes(const AnalysisResult& whole, const TensorParallelSplit& split, int devices,
                                                    std::vector<std::string>& notes, const SplitSeed& seed = {});

/// Splits `whole.program` at `whole.sizes` over `devices` devices of `whole.hardware` and analyses the per-device
/// program with `whole.options`. Fails with the plan's error (planError) or when the per-device program does not
/// analyse. Validates the split at small sizes the split divides when the program has size parameters. `seed`: inputs
/// that arrive split (a pipeline stage's, as the stage before left them).
Expected<ParallelAnalysis> analyzeTensorParallel(const AnalysisResult& whole, int devices, const SplitSeed& seed = {});

} // namespace solar::parallel
