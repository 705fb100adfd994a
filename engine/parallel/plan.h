// SPDX-License-Identifier: MIT
// A parallel plan (docs/parallel.md): how many devices split the program in which way. The degrees multiply: the
// devices form a grid with tensor parallelism innermost (within a node, on the fastest link), then context, expert,
// pipeline, and data parallelism outermost, as Megatron-LM orders its groups; a collective's group is therefore
// strided by the degrees inside it, and that decides which link it crosses.
#pragma once

#include "engine/core/expected.h"

#include <optional>
#include <string>

namespace solar::parallel {

struct Plan
{
    int tp = 1; // tensor parallel: weights split column/row (tensorparallel.h)
    int cp = 1; // context parallel: the data inputs cut along cpDim (the sequence), attention gathers the keys
    // expert parallel: the experts' matrices (weights read at a routed index) over ep devices that also cut the tokens
    // (dpDim) as data parallelism does, tokens sent to their experts' devices and back all-to-all
    int ep = 1;
    int pp = 1; // pipeline parallel: the statements cut into stages (pipeline.h)
    int dp = 1; // data parallel: the data inputs cut along dpDim (the batch); sums over it (gradients) all-reduced
    int microBatches = 1; // the pipeline's micro-batches per step
    // The pipeline schedules the bound holds for. false: contiguous stages run by 1F1B or GPipe, whose fill and drain
    // count; true: any schedule, interleaved (virtual) stages and zero-bubble ones among them, which can hide the fill
    // and drain: each stage's micro-batches, and one micro-batch's way through every stage.
    bool anySchedule = false;
    int cpDim = 1, dpDim = 0; // the data inputs' dimensions the cuts take ([B, S, ...]: 0 the batch, 1 the sequence)
    // Training: per parameter, its gradient (the weight's dtype) and the optimizer's state. "adam" keeps fp32 master
    // weights and two fp32 moments, 12 bytes per parameter (Rajbhandari et al., ZeRO, SC'20, section 3.1: K = 12).
    std::string optimizer; // "" (inference) or "adam"
    bool shardOptimizer = false; // ZeRO stage 1: the optimizer state split over the data-parallel replicas

    int devices() const { return tp * cp * ep * pp * dp; }
    bool tensorOnly() const { return cp == 1 && ep == 1 && pp == 1 && dp == 1 && microBatches == 1 && optimizer.empty(); }
    std::string text() const; // "tp 8 x pp 2 (8 micro-batches)"
};

/// The optimizer state's bytes per parameter (0 for inference); `optimizer` is checked by parsePlan.
double optimizerBytesPerParameter(const std::string& optimizer);

/// A schedule's name: "1f1b" or "gpipe" (contiguous stages) -> false; "any", "interleaved" or "zero-bubble" -> true;
/// none for another name.
std::optional<bool> parseSchedule(const std::string& name);

/// Why `plan` is not a plan (a degree or micro-batch count below 1, an optimizer not known), naming the field.
std::string planShapeError(const Plan& plan);

/// A plan file: a JSON object {"tp": 8, "pp": 2, "dp": 1, "cp": 1, "ep": 1, "micro_batches": 8, "cp_dim": 1, "dp_dim": 0,
/// "optimizer": "adam", "zero": 1, "schedule": "1f1b"}, every field optional. Errors name file:line:col.
Expected<Plan> parsePlan(const std::string& text, const std::string& path);

} // namespace solar::parallel
