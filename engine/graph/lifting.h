// SPDX-License-Identifier: MIT
// Lifting: a checked ALIR program at bound sizes becomes an einsum graph, deterministically. Each assignment is
// one node, classified by its form:
//   contraction  `T[..] += A[..] * B[..]` (times size or literal factors): MACs = domain points
//   reduction    `+=`, `*=`, `max=`, `min=` with reduced loop variables and any other right-hand side
//   elementwise  `=` (or an accumulation without reduced variables) computing something
//   copy         `=` of a single tensor read (transpose, reshape, broadcast, slice): no arithmetic
//   scan         a statement that reads its own target at another index (cumsum's Y[l] = Y[l-1] + X[l])
//   gather/scatter  an index reads a tensor
//   opaque       non-affine indices (products of loop variables): counted, flagged
// A constant initialiser (`T[..] = 0;`, `M[b] = -inf;`) whose next writer is a reduction into the same element
// merges into it. Non-affine parts and lower-bound counts are flagged on the node and listed in graph notes.
#pragma once

#include "engine/core/expected.h"
#include "engine/graph/einsumgraph.h"
#include "engine/ir/ast.h"
#include "engine/ir/bindings.h"

namespace solar::graph {

/// The program must pass checkProgram(); the sizes come from bindSizes() (defaults or overrides).
Expected<EinsumGraph> liftProgram(const ir::Program& program, const ir::SizeBindings& sizes);

} // namespace solar::graph
