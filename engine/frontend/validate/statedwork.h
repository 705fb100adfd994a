// SPDX-License-Identifier: MIT
// The trace judges the work a translated program states (issue 31): the bounds are computed from the reply, so a
// reply whose outputs match but whose work differs from the source's would bound another program. Compared at a
// validation point, against the source's own lowering there:
//  - multiply-accumulates, in total and per source line: a shortfall is an algebraic rewrite or a dropped term
//    (the speed of light of a program the source never runs), several times the work repeated passes;
//  - kernels per source line: eager PyTorch runs every traced op as a kernel of its own, so a block that merges
//    two ops (x * w + b as one) would lower the per-kernel levels and one op split in two would raise them above
//    what eager can reach; an @op block inside a loop counts once per launch;
//  - the bytes those kernels must move, per line: a narrower intermediate dtype or a skipped materialisation moves
//    less than the source's ops do.
#pragma once

#include "engine/frontend/trace/lowering.h"
#include "engine/graph/einsumgraph.h"
#include "engine/ir/ast.h"
#include "engine/ir/bindings.h"

#include <map>
#include <set>
#include <string>
#include <vector>

namespace solar::validate {

/// Why `program` (bound at `sizes`) does not state the work `source` (bound at `sourceSizes`, the same point) does,
/// as feedback for the reply that wrote it ("at <where> ..."), or empty when it does.
std::string workDifference(const ir::Program& program, const ir::SizeBindings& sizes, const trace::Lowered& source,
                           const ir::SizeBindings& sourceSizes, const std::string& where);

/// Why the kernels `program` runs per source line differ from the ones `source` runs (see above), or empty.
std::string kernelDifference(const ir::Program& program, const ir::SizeBindings& sizes, const trace::Lowered& source,
                             const ir::SizeBindings& sourceSizes, const std::string& where);

/// Source lines where the trace ran operations and every one of them was a view (`tracedOps`: line -> ATen ops).
std::set<int> viewOnlyLines(const std::map<int, std::vector<std::string>>& tracedOps);

/// Eager PyTorch returns `x.transpose(1, 2)` as a view: no kernel runs, while a reply must write its output. The
/// reply's copies into an output on a view-only line become views (no kernel, no bytes), as the trace route's
/// lowering marks them; external traffic is recounted. Returns how many nodes were marked.
int markReturnedViews(graph::EinsumGraph& reply, const std::set<int>& viewOnlyLines);

/// The trace route counts an op's elementwise arithmetic from its own template (aten::gelu is one call), a reply
/// from its spelling (0.5 * x * (1 + erf(x * c)) is five operations): where `reply`'s kernels on every source line
/// are the ones `source` runs there (one launch each, as validation checks), each reply kernel's elementwise
/// operation count becomes its traced op's, so the compute terms do not follow the spelling. Contractions keep
/// their own counts (compared in validation). Returns how many kernels were given the traced counts; 0 and the
/// graph unchanged where the kernels do not pair up.
int adoptTracedElementwiseCounts(graph::EinsumGraph& reply, const trace::Lowered& source, const ir::SizeBindings& sourceSizes);

} // namespace solar::validate
