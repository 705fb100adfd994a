// SPDX-License-Identifier: MIT
// The least contraction order. In a chain of linear contractions whose intermediate is read only by the chain,
// every association order computes the same values (the matrix-chain problem; what opt_einsum's path search
// does), so the speed of light is the least over them. The program as a frontend wrote it fixes one order:
// DeepSeek's MLA in transformers applies kv_b_proj to every cached latent at every decode step, where FlashMLA
// folds it into the query (scores) and output (values) sides. This pass rewrites such chains:
//   - absorption: an intermediate T = sum_k A * B (a linear layer's output, initialised to zero) whose every
//     reader is a product Y += X * T[...] is eliminated, each reader computing Z = sum (X * one factor) first and
//     then Y += Z * (the other factor), the cheaper way round at the bound sizes;
//   - copy forwarding first: a contraction that reads a tensor copied together from T and other parts (a
//     concatenation: MLA's key = [k_nope | k_rope]) reads the parts instead, its reduction loop split where they meet.
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
    std::string tensor; // the eliminated intermediate
    // The producer's operand that names the step at any size (a weight: tensor numbers change with the sizes and
    // layers, parameter names do not); the intermediate's own name when both operands are intermediates.
    std::string anchor;
    std::vector<std::string> kept; // per reader (program order), the producer operand applied last
    std::vector<size_t> keptIndex; // the same, as its position among the producer's factors (what a replay uses)
    int line = 0; // the producer's ALIR line
    double pointsBefore = 0, pointsAfter = 0; // multiply-add points of the chain at the bound sizes
    std::string description; // what a person reads in the notes
};

struct Reassociation
{
    Program program; // the rewritten program; empty when no step was taken (the input is its own least order)
    std::vector<ReassociationStep> steps;
};

/// Rewrites `program` into its least contraction order at `sizes` (the program's bound sizes); with `plan`, replays
/// those steps instead of choosing (on the program at other sizes: a step whose anchor the program lacks, a layer
/// the validation sizes leave out, is skipped) and fails when one does not apply. The result checks.
Expected<Reassociation> leastContractionOrder(const Program& program, const SizeBindings& sizes,
                                              const std::vector<ReassociationStep>* plan = nullptr);

} // namespace solar::ir
