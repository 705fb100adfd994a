// SPDX-License-Identifier: MIT
// Pipeline parallelism derived from the program (docs/parallel.md): its top-level statements (a traced program's
// operators, in order) cut into contiguous stages whose estimated times balance, each stage an ALIR program of its
// own (what it receives from earlier stages as `in` tensors, what later stages read as `out`), and the pipeline's
// bound for a number of micro-batches.
#pragma once

#include "engine/core/expected.h"
#include "engine/ir/ast.h"
#include "engine/ir/bindings.h"

#include <set>
#include <string>
#include <vector>

namespace solar::parallel {

struct Stage
{
    int first = 0, last = 0; // top-level statements [first, last)
    ir::Program program;
    std::vector<std::string> receives, sends; // tensors from earlier stages; tensors later stages read
    std::set<std::string> writes; // tensors its statements write
    double sendBytes = 0; // per step: every tensor crossing the cut after this stage (0 for the last)
};

/// Cuts `program` (checked, at `sizes`) into `stages` stages, `statementSeconds` (one per top-level statement) the
/// estimate they balance: the largest stage's sum is the least any cut at the allowed places reaches. A cut may not
/// fall between two writes of one tensor (a concatenation written in parts). A statement computed from the inputs
/// alone (a copy of the cached keys) moves down to its first reader first, so the stage that reads it computes it
/// rather than receiving it; `first`/`last` count statements in that order. Each cut then moves to the place nearby
/// whose two stages plus what crosses it take least: max(left, right) + crossing bytes / `sendBytesPerSecond` (0: the
/// fewest bytes within half a percent of the balanced stages), so a cut never sends a layer's cache to save a
/// fraction of a layer's balance. Fails when the program has fewer places to cut than the stages need, naming the
/// numbers.
Expected<std::vector<Stage>> cutStages(const ir::Program& program, const ir::SizeBindings& sizes,
                                       const std::vector<double>& statementSeconds, int stages, double sendBytesPerSecond = 0);

/// The most bytes of intermediates and outputs live at once when `program` runs its top-level statements in order: a
/// tensor from the statement that first writes it to the last that reads it (an output to the end). What a device
/// must hold besides its inputs and weights for this order of the statements.
double peakLiveBytes(const ir::Program& program, const ir::SizeBindings& sizes);

/// A pipeline of stages taking `microSeconds` each for one micro-batch, run over `microBatches` of them. Stage k runs
/// all M, and the first reaches it only after one micro-batch in every stage before it, the last leaves it with one
/// in every stage after: for any schedule the step takes at least max over k of M t_k + (sum of the other stages'
/// t) (GPipe's (M + P - 1) t for P equal stages).
struct PipelineTime
{
    double seconds = 0;
    int bindingStage = 0; // the k of the maximum
    double bubbleSeconds = 0; // seconds - the binding stage's own M micro-batches: what the fill and drain add
};
PipelineTime pipelineTime(const std::vector<double>& stageSeconds, int microBatches);

/// The same with each stage's first micro-batch cold (`coldSeconds`: its weights come from DRAM) and the ones after
/// it warm (`warmSeconds` <= cold: back to back, what stays on chip is not read again). Stage k takes
/// cold_k + (M - 1) warm_k; the first micro-batch reaches it through the stages before, cold; the last leaves it
/// through the stages after, warm where M > 1 (they ran the micro-batches before it). With warm = cold it is the
/// bound above.
/// `anySchedule`: over any schedule (interleaved stages, zero-bubble), which can overlap the fill and drain with
/// other work: the larger of the busiest stage's own micro-batches and one micro-batch's way through every stage.
PipelineTime pipelineTime(const std::vector<double>& coldSeconds, const std::vector<double>& warmSeconds, int microBatches,
                          bool anySchedule = false);

} // namespace solar::parallel
