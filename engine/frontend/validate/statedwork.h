// SPDX-License-Identifier: MIT
// The trace judges the work a translated program states (issue 31): the bounds are computed from the reply, so a
// reply whose outputs match but whose work differs from the source's would bound another program. Compared at a
// validation point, against the source's own lowering there:
//  - multiply-accumulates, in total and per source line: a shortfall is an algebraic rewrite or a dropped term
//    (the speed of light of a program the source never runs), several times the work repeated passes;
//  - the bytes that cross each source line: a narrower intermediate dtype or a skipped materialisation moves less
//    than the source's ops do.
// How a reply splits a line into blocks is not judged: once its values validate, the per-kernel levels are the
// traced ops' (eagerKernelsOf), as eager PyTorch launches them, and the reply's program gives the fused levels.
#pragma once

#include "engine/frontend/trace/lowering.h"
#include "engine/graph/einsumgraph.h"
#include "engine/ir/ast.h"
#include "engine/ir/bindings.h"

#include <map>
#include <memory>
#include <set>
#include <string>
#include <vector>

namespace solar::validate {

/// Why `program` (bound at `sizes`) does not state the work `source` (bound at `sourceSizes`, the same point) does,
/// as feedback for the reply that wrote it ("at <where> ..."), or empty when it does.
std::string workDifference(const ir::Program& program, const ir::SizeBindings& sizes, const trace::Lowered& source,
                           const ir::SizeBindings& sourceSizes, const std::string& where);

/// Why the @op blocks naming a source line move less of the tensors that cross that line (read from or written for
/// other lines and the caller) than the source's operations there, or empty. How a line's operations are split into
/// blocks is not judged (the per-kernel levels are the trace's: eagerKernelsOf); a narrower dtype or a skipped
/// materialisation is. Not judged where some statement is in no block.
std::string trafficDifference(const ir::Program& program, const ir::SizeBindings& sizes, const trace::Lowered& source,
                              const ir::SizeBindings& sourceSizes, const std::string& where);

/// The source's eager kernels for `reply`, a program validated against it (graph::EagerKernels): the per-kernel
/// levels are the traced ops' whatever the reply's statement split, each traced node shown on the reply's heaviest
/// node of its source line. Null where the source's lowering does not lift.
std::shared_ptr<const graph::EagerKernels> eagerKernelsOf(const graph::EinsumGraph& reply, const trace::Lowered& source,
                                                          const ir::SizeBindings& sourceSizes);

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
