// SPDX-License-Identifier: MIT
// The speed of light of a program under a whole parallel plan (plan.h; docs/parallel.md): data and context
// parallelism cut the data inputs (the program splits after them, sums over the cut are all-reduced: gradients),
// pipeline parallelism cuts the statements into stages (pipeline.h) joined by send/recv, and tensor parallelism splits
// each stage (tensorparallel.h). The system's levels are the pipeline's bound over the stages' times, with the
// communication overlapped (the bound) and serialised, and the memory each device holds is checked.
#pragma once

#include "engine/parallel/parallelanalysis.h"
#include "engine/parallel/pipeline.h"
#include "engine/parallel/plan.h"

#include <functional>
#include <optional>

namespace solar::parallel {

/// A collective of the data or context split, placed: its stage, its bytes per device after the stage's tensor
/// split (a gradient split over tp devices is all-reduced in 1/tp parts), the devices between its members.
struct PlacedCollective
{
    Exchange exchange;
    int stage = 0;
    int stride = 1;
    CollectiveBound bound;
    // An expert-parallel all-to-all: its bound is the least any routing sends (none: every token's experts on its
    // own device), and this the cost with the routed rows spread evenly over the devices, an estimate.
    std::optional<CollectiveBound> evenRouting;
};

struct StageAnalysis
{
    Stage cut;
    ParallelAnalysis tensor; // the stage over plan.tp devices (1: the stage alone)
    // One micro-batch's: its own work, that with its collectives overlapped, and with them and its send after it.
    std::array<double, bounds::kLevelCount> deviceSeconds {}, overlappedSeconds {}, serialSeconds {};
    // A micro-batch after the first, back to back: what stays on chip (bounds::CacheAssumption::Warm) is not read
    // again. Equal to deviceSeconds with one micro-batch, and at the levels that do not model the cache.
    std::array<double, bounds::kLevelCount> warmDeviceSeconds {};
    double dataCommunicationSeconds = 0; // the data/context collectives of one micro-batch (before the 1/M, see below)
    double stepCommunicationSeconds = 0; // those run once a step (gradients summed after the last micro-batch)
    double microCollectiveSeconds = 0; // a micro-batch's collectives (tensor and data), one after another
    double microSendSeconds = 0, microSendBytes = 0; // a micro-batch's activations to the next stage
    double microCommunicationSeconds() const { return microCollectiveSeconds + microSendSeconds; }
    double heldBytes = 0; // inputs and weights one of its devices holds (experts 1/ep of them; received buffers not)
    CollectiveBound send; // its activations to the next stage, as analysed (one micro-batch where microBatchSizes is set)
};

struct DeviceMemory
{
    int stage = 0; // the stage whose devices hold the most
    double heldBytes = 0; // inputs and weights (a KV cache included)
    double activationBytes = 0; // intermediates live at once in the program's order, outputs (gradients) included
    double optimizerBytes = 0; // the optimizer's state: parameters x its bytes per parameter (/ dp with ZeRO 1)
    double totalBytes() const { return heldBytes + activationBytes + optimizerBytes; }
};

struct PlanAnalysis
{
    Plan plan;
    std::string microBatchSizes; // "B=4": the size the analyses ran at for one micro-batch; empty: the step's, / M
    TensorParallelSplit dataSplit; // the data and context cuts of the whole program (devices: dp x cp)
    std::vector<PlacedCollective> dataCollectives;
    std::vector<std::string> experts; // expert parallel: the experts' matrices, 1/ep of them on each device
    std::vector<StageAnalysis> stages;
    std::array<SystemLevel, bounds::kLevelCount> levels; // deviceSeconds: the pipeline over the stages' own work
    std::array<int, bounds::kLevelCount> bindingStage {};
    double communicationSeconds = 0; // the busiest stage's collectives and sends of a step, one after another
    DeviceMemory memory;
    double capacityBytes = 0;
    std::optional<SplitValidation> dataValidation; // the data/context cut at small sizes
    std::optional<SplitValidation> stageValidation; // the stages run one after another against the program
    std::vector<std::string> notes;
    bool fits() const { return capacityBytes <= 0 || memory.totalBytes() <= capacityBytes; }
    bool validated() const; // every split that was validated computes what the program does
    bool anyValidated() const; // a cut, the stages or a stage's split ran at all (validated() holds vacuously otherwise)
};

/// Analyses `whole` under `plan` (planShapeError and planError first). `progress` (may be empty) hears each step's
/// name; it returns false to cancel, and the analysis then fails with "cancelled".
Expected<PlanAnalysis> analyzePlan(const AnalysisResult& whole, const Plan& plan,
                                   const std::function<bool(const std::string&)>& progress = {});

} // namespace solar::parallel
