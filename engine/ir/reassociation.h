// SPDX-License-Identifier: MIT
// The least contraction order. In a chain of linear contractions whose intermediate is read only by the chain,
// every association order computes the same values (the matrix-chain problem; what opt_einsum's path search
// does), so the speed of light is the least over them. The program as a frontend wrote it fixes one order:
// DeepSeek's MLA in transformers applies kv_b_proj to every cached latent at every decode step, where FlashMLA
// folds it into the query (scores) and output (values) sides. This pass rewrites such chains:
//   - copy forwarding: a contraction that reads a tensor only copied together from parts (a concatenation: MLA's
//     key = [k_nope | k_rope]) reads the parts instead, its reduction loop split where the parts meet;
//   - absorption: an intermediate T = sum_k A * B (a linear layer's output, initialised to zero) whose every
//     reader is a product Y += X * T[...] is eliminated, each reader computing Z = sum (X * one factor) first and
//     then Y += Z * (the other factor), the cheaper way round at the bound sizes.
// Dead copies and producers are removed. The rewrite is a plan of named steps, so the same steps can be replayed
// on the program lowered at validation sizes (where costs would pick differently) and checked by running it.
#pragma once

#include "engine/core/expected.h"
#include "engine/ir/ast.h"
#include "engine/ir/bindings.h"

#include <string>
#include <vector>

namespace solar::ir {

struct ReassociationStep
{
    enum class Kind { Forward, Absorb } kind = Kind::Forward;
    std::string tensor; // Forward: the copied-together tensor; Absorb: the eliminated intermediate
    std::string reader; // Forward: the target of the contraction that now reads the parts
    std::vector<std::string> kept; // Absorb: per reader (program order), the producer operand applied last
    int line = 0; // Absorb: the producer's ALIR line; Forward: the reader's
    double pointsBefore = 0, pointsAfter = 0; // Absorb: multiply-add points of the chain, at the bound sizes
    std::string description; // what a person reads in the notes
};

struct Reassociation
{
    Program program;
    std::vector<ReassociationStep> steps; // empty: nothing was rewritten (program is the input)
};

/// Rewrites `program` into its least contraction order at `sizes` (the program's bound sizes); with `plan`, replays
/// exactly those steps instead of choosing, and fails when one does not apply. The result checks.
Expected<Reassociation> leastContractionOrder(const Program& program, const SizeBindings& sizes,
                                              const std::vector<ReassociationStep>* plan = nullptr);

} // namespace solar::ir
