// SPDX-License-Identifier: MIT
// What an LLM's @op annotations may decide. They group statements into kernels (one per source operation, as the
// trace route does) and name the operations; statements without one run as one kernel, the most merged grouping.
// A label is a claim: where a trace of the source shows the ops of the label's line, it is checked against them;
// elsewhere a label that denies a convolution cannot take a convolution's math modes away (that would raise the
// bound on an unverified word).
#pragma once

#include "engine/graph/einsumgraph.h"

#include <map>
#include <string>
#include <vector>

namespace solar::llm {

/// `tracedOps`: source line -> the ops a trace of the source ran there (empty when the source was not traced).
void applyReplyProvenance(graph::EinsumGraph& graph, const std::map<int, std::vector<std::string>>& tracedOps);

} // namespace solar::llm
