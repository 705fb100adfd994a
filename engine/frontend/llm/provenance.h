// SPDX-License-Identifier: MIT
// What an LLM's @op annotations may decide. They group statements into kernels (one per source operation, as the
// trace route does) and name the operations; statements without one run as one kernel, the most merged grouping.
// A label is a claim. Where the source was traced, the trace judges it: a label on a line where the source runs
// nothing, or one that calls a matmul a convolution (or the reverse), is refused with the line's real ops as
// feedback; and a contraction's math mode (a convolution's TF32 under pytorch-default, or not) follows the traced
// ops — a source that runs no convolution anywhere has none, whatever the reply says or leaves unsaid. Without a
// trace a label that denies a convolution cannot take a convolution's math modes away (that would raise the bound
// on an unverified word).
#pragma once

#include "engine/graph/einsumgraph.h"
#include "engine/ir/ast.h"

#include <map>
#include <optional>
#include <string>
#include <vector>

namespace solar::llm {

/// `tracedOps`: source line -> the ops a trace of the source ran there (empty when the source was not traced).
void applyReplyProvenance(graph::EinsumGraph& graph, const std::map<int, std::vector<std::string>>& tracedOps);

/// Why the program's @op labels contradict the trace (feedback for the reply), or nullopt when they agree or
/// there is no trace: a label's line where the source runs no operation, or a convolution label on a line that
/// runs none (or a line that runs one under another label).
std::optional<std::string> labelContradiction(const ir::Program& program, const std::map<int, std::vector<std::string>>& tracedOps);

} // namespace solar::llm
