// SPDX-License-Identifier: MIT
// Lowering a traced PyTorch forward pass to ALIR through tables of op templates (lowering/optable_aten.cpp, jax/optable_jax.cpp). Each ATen op
// becomes one or more ALIR statements; the generated text is parsed back, so it is checked like any other
// program. Views (transpose, reshape, expand, slices, splits, detach, ...) generate no statement: their consumers
// read the underlying tensor through the view's strides and offset, so a view costs nothing while a copy costs
// its bytes. Every ALIR line remembers the op it came from (ATen name, user's source line), so each ATen op is one
// kernel in the per-kernel bound levels. An op without a template is never free: it is listed, with its source
// line, as not counted.
#pragma once

#include "engine/core/expected.h"
#include "engine/graph/einsumgraph.h"
#include "engine/ir/ast.h"
#include "engine/worker/traceresult.h"

#include <map>
#include <set>
#include <string>
#include <vector>

namespace solar::worker {
class TraceWorker;
}

namespace solar::trace {

// What the worker replies (engine/worker/traceresult.h) is what the trace lowers: its types by their names here.
using worker::Dim;
using worker::ReferenceRun;
using worker::ReferenceTensor;
using worker::TraceArg;
using worker::TracedOp;
using worker::TracedTensor;
using worker::TraceResult;
using worker::TraceWorker;

struct OpOrigin
{
    int op = -1; // index into TraceResult::ops
    std::string aten; // "aten::addmm"
    int sourceLine = 0; // in the user's file
    std::string module; // the module path it ran in
};

struct Lowered
{
    std::string text; // the ALIR program
    ir::Program program; // parsed from `text`
    std::map<int, OpOrigin> originOfLine; // ALIR line -> the op that produced it
    std::set<int> viewLines; // lines that copy out an output eager PyTorch returns as a view (no kernel runs)
    std::set<int> comparisonLines; // lines whose additions only count comparisons (a sort): not arithmetic
    std::vector<OpOrigin> unsupported; // ops without a template (not counted)
    std::vector<OpOrigin> randomOps; // counted, but their values are stand-ins (outputs cannot be compared)
    std::map<std::string, std::string> alirNameOf; // traced tensor name -> its ALIR tensor (folded views have none)
    std::vector<std::string> outputs; // the ALIR tensors holding the model's outputs, in order
    int opsLowered = 0;
    int viewsFolded = 0;
};

Expected<Lowered> lowerTrace(const TraceResult& trace);

/// Gives every node of a graph lifted from `lowered.program` its op provenance: one kernel per traced op, the
/// ATen name and the user's source line.
void applyProvenance(graph::EinsumGraph& graph, const Lowered& lowered);

/// ATen ops that alias their input (no data movement); exposed for tests.
bool isViewOp(const std::string& aten);

} // namespace solar::trace
