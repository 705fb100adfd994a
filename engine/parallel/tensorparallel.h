// SPDX-License-Identifier: MIT
// Tensor parallelism derived from the program (docs/parallel.md): a Megatron-style split of an ALIR program over n
// devices, found by propagating placements through the statements instead of by per-architecture formulas.
//
// Each top-level statement (a loop nest: one operator of a traced program) is split along at most one loop
// variable, in blocks of extent/n:
//   - a nest that reads a tensor split along a dimension follows it, when that dimension's index is the variable's
//     block (i, or c*i + j with j < c: a reshape's head index);
//   - else a contraction that reads a weight nobody placed yet splits along a variable of the weight's that also
//     indexes the result (column parallel: the weight's output features);
//   - a nest that reduces (+=) over its split variable leaves partial sums (row parallel), and the first nest that
//     reads them waits for an all-reduce; an initialiser of such a sum is kept on device 0 only (a bias);
//   - a nest that cannot follow a split tensor reads it whole, after an all-gather, and runs replicated.
// What the devices hold: a weight or input read only along the split is stored as each device's slice, any other
// tensor whole. The per-device program is ALIR again (the split loops' extents divided by n, split tensors'
// dimensions likewise, collectives' results as `in` tensors, a `tp_device` parameter where a device reads its part
// of a whole tensor), so it is lifted, bounded and run like any program.
#pragma once

#include "engine/core/expected.h"
#include "engine/ir/ast.h"
#include "engine/ir/bindings.h"
#include "engine/parallel/collectives.h"

#include <map>
#include <string>
#include <vector>

namespace solar::parallel {

struct Placement
{
    enum Kind { Replicated, Sharded, Partial } kind = Replicated;
    int dim = -1; // Sharded: the dimension cut into n blocks
};
std::string placementText(const Placement& p); // "replicated", "split along dim 1", "partial sums"

/// A collective between two points of the per-device program: `source` (a tensor of the per-device program) becomes
/// `result` (an `in` tensor of it; empty for a program output reduced at the end).
struct Exchange
{
    Collective collective;
    std::string source, result;
    int dim = -1; // all-gather: the dimension the shards are joined along
    int beforeStatement = 0; // top-level statement index it precedes (the statement count: after the program)
};

struct TensorParallelSplit
{
    int devices = 1;
    ir::Program device; // what each device runs (device 0's view where a device index matters: `tp_device`)
    std::string deviceParam; // "tp_device" when the program uses it, else empty
    std::map<std::string, Placement> inputs; // in / weight / const tensors of the original: how they are stored
    std::map<std::string, Placement> outputs; // out tensors after the program (sharded outputs stay distributed)
    std::vector<Exchange> exchanges; // in program order
    int splitStatements = 0, replicatedStatements = 0;
    double deviceWorkPoints = 0; // iteration points one device runs (what the split's passes compare)
    std::vector<std::string> notes; // what could not be split and why, with ALIR lines
};

/// Whether a parameter is a split's device index (`tp_device`, `tp_device_2`, ...: what a per-device program reads
/// to find its block), which a later split or validation keeps at device 0.
bool isDeviceParam(const std::string& name);

/// Where a split starts besides the weights (data and context parallelism, plan.h): data inputs cut from the start.
struct SplitSeed
{
    std::map<std::string, int> inputs; // `in` tensors cut along this dimension before the first statement
    bool splitWeights = true; // column-parallel splits of unplaced weights (tensor parallelism); else weights stay whole
    // A statement that reads a split tensor across the split (attention's keys under a sequence split) reads it whole
    // after an all-gather and still splits along its own variable, instead of running whole.
    bool gatherToFollow = false;
    // With gatherToFollow: a split tensor read at a data-dependent index by a statement that still splits (routed
    // rows from their tokens, tokens from their experts' rows) is exchanged all-to-all, each device sending its block
    // to where it is read, taken as uniform over the devices (expert parallelism: plananalysis.h).
    bool routedAllToAll = false;
};

/// Splits `program` (checked) at `sizes` over `devices` devices. Fails only for devices < 1 (the caller checks that a
/// seeded input's dimension divides: plananalysis.cpp); a program with nothing to split comes back replicated with
/// notes saying why.
Expected<TensorParallelSplit> splitTensorParallel(const ir::Program& program, const ir::SizeBindings& sizes, int devices,
                                                  const SplitSeed& seed = {});

} // namespace solar::parallel
