// SPDX-License-Identifier: MIT
// The einsum graph: what the lifting pass (lifting.h) makes of an ALIR program at bound sizes. One node per
// ALIR assignment (initialisers merged into their reduction), with its exact iteration-domain size, operand
// accesses, combiner, reducer, and hardware-independent counts: MACs, other operations, and the compulsory
// (distinct-element) footprint of every access. Everything the bound ladder needs is here, so a hardware change
// never re-lifts. Counts are doubles: full-size programs exceed 2^53 points only far beyond any real model, and
// counts that are not exact say so (`exact` flags) instead of silently rounding.
#pragma once

#include "engine/core/diagnostic.h"
#include "engine/ir/ast.h"
#include "engine/ir/checker.h"

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

namespace solar::graph {

enum class NodeKind { Contraction, Reduction, Elementwise, Scan, Gather, Scatter, Copy, Opaque };
enum class TensorRole { Input, Weight, Output, Intermediate, Constant };

std::string_view nodeKindName(NodeKind kind);
std::string_view tensorRoleName(TensorRole role);

/// Precision classes of contraction operands; the precision policy maps them to execution units.
enum class MacType { FP64, FP32, BF16, FP16, FP8, INT8, FP4, Int, TF32 };
std::string_view macTypeName(MacType type);

struct GraphTensor
{
    std::string name;
    TensorRole role = TensorRole::Intermediate;
    ir::DType dtype = ir::DType::F32;
    std::vector<std::int64_t> shape;
    double elements = 0;
    double bytesPerElement = 4; // storage bytes (nvfp4: 0.5)
    int line = 0; // declaration line in the ALIR
    bool isExternal() const { return role != TensorRole::Intermediate; }
};

struct Operand
{
    int tensor = -1;
    std::string text; // the access as written, e.g. "X[b, c, 2 * p + r - 1, 2 * q + s - 1]"
    std::string ranks; // SOLAR-style labels, one per dimension: "BK", "BC(P+R)(Q+S)"; an index that is not
        // affine written out in braces with labels for its loop variables ("{I[B,S]}"); nothing for a constant index
    ir::AccessClass cls = ir::AccessClass::Affine;
    double footprint = 0; // distinct elements touched (a lower bound when !footprintExact)
    bool footprintExact = true;
    // Per dimension, the smallest and largest index the access takes (empty when not known): accesses of one tensor
    // whose boxes are disjoint touch different elements, so their footprints add up (a packed QKV's Q and K).
    std::vector<std::pair<std::int64_t, std::int64_t>> box;
    // The kernel launches each of which touches this footprint anew: an @op block inside a loop runs once per
    // iteration, and an access that does not depend on that loop (a recurrent weight) is read again every time.
    double launches = 1;
};

struct Node
{
    int id = 0;
    NodeKind kind = NodeKind::Elementwise;
    std::string name; // "<target>@<line>", unique
    int line = 0; // ALIR line of the assignment
    int initLine = 0; // the ALIR line of a merged initialiser (0 when none)
    int assignId = 0; // forEachAssign order of the (main) assignment
    int kernel = 0; // kernel group: nodes with one group run as one kernel in the per-kernel levels
    double launches = 1; // how often that kernel runs: the iterations of the loops (and guards) around its @op block
    std::string sourceOp; // provenance from a frontend (e.g. "aten::addmm"); empty for hand-written ALIR
    int sourceLine = 0; // user's source line (frontends); 0 when unknown
    std::string modulePath; // the module the op ran in ("encoder.layers.3.attn"; frontends), empty when unknown
    // The source op is a translator's claim no trace confirmed: it groups kernels and names the op, but cannot
    // rule out a convolution's math modes (which would only lower the bound).
    bool sourceOpUnchecked = false;
    // A trace of the source shows this contraction is no convolution (its line runs none, or the source runs none
    // anywhere): a matmul's math mode, whatever a translator's label says.
    bool convolutionRuledOut = false;

    std::string equation; // SOLAR-compatible extended einsum, e.g. "BK,NK->BN"
    std::string combiner; // the right-hand side as written
    ir::AssignOp reducer = ir::AssignOp::Set;
    bool hasInit = false; // an initialiser was merged
    std::string initValue; // its value, as written
    std::vector<std::string> outputRanks, reducedRanks; // loop variables

    double points = 0; // iteration-domain points (guarded and triangular domains counted exactly)
    bool pointsExact = true;
    std::vector<Operand> reads;
    Operand write;

    // Hardware-independent counts (1 MAC = 2 FLOP).
    double macs = 0;
    MacType macType = MacType::FP32;
    bool convLike = false; // a contraction operand uses a sliding window (compound rank)
    // Both operands are the same elements of one tensor up to the roles of the loop variables (X[i, k] * X[j, k]):
    // the product is symmetric and half the MACs determine it. Not for disjoint parts of one tensor (a packed QKV).
    bool symmetricProduct = false;
    double otherOps = 0; // SIMT arithmetic: >= 1 per output element for arithmetic, 0 for copies
    double transcendentalOps = 0; // of which exp/log/erf/...: counted inside otherOps too
    double bytesRead = 0; // compulsory bytes: per tensor, the largest footprint among its reads
    double bytesWritten = 0;
    double externalBytes = 0; // the part of bytesRead + bytesWritten on input/weight/output/const tensors
    // For the cache-aware bound: a plain two-operand contraction's M, N, K (0 when not applicable).
    double contractionM = 0, contractionN = 0, contractionK = 0, contractionBatch = 0;

    bool view = false; // copies out an output the source returns as a view: no kernel, no bytes, no work
    bool nonAffine = false;
    bool indirect = false;
    bool approx = false; // some count is a lower bound, not exact (see notes)
    std::vector<std::string> notes;
};

/// Merges operands into `footprints` as (tensor, largest footprint among its accesses, or their sum when every pair
/// of them is provably disjoint), in order of first access: a kernel reads each tensor once, at its widest.
void mergeFootprints(const std::vector<Operand>& operands, std::vector<std::pair<int, double>>& footprints);
void mergeFootprint(const Operand& operand, std::vector<std::pair<int, double>>& footprints);
/// A lower bound on the distinct elements `accesses` (of one tensor) touch together: the largest, plus every access
/// whose box is disjoint from each one taken. Reorders `accesses`.
double disjointFootprint(std::vector<const Operand*>& accesses);

struct EinsumGraph;

/// Fills every node's externalBytes and the graph's externalFootprint from the operands' footprints. View nodes
/// move nothing: the tensor a view output aliases is the output's storage, so an intermediate one counts as an
/// output (it must be written); an input or weight behind a view is only read where real nodes read it.
void countExternalTraffic(EinsumGraph& graph);

/// Lowers the whole-graph footprint of an external tensor whose every reader converts it element by element (a cast
/// of a whole KV pool) to what gathers read of those conversions' outputs (the pages a request names), since a fused
/// kernel converts only what it gathers. Called by countExternalTraffic; notes each tensor it lowers.
void demandThroughPointwise(EinsumGraph& graph);

/// Whether a source operation's name ("nn.Conv2d", "F.conv_transpose2d", "aten::convolution",
/// "lax.conv_general_dilated") names a convolution: cuDNN/XLA run those with a convolution's math modes (TF32 by
/// default in PyTorch) whatever loops express them, a 1x1 or patchify convolution included.
bool namesConvolution(std::string_view op);

/// Runs every node that no frontend assigned to a source operation (no sourceOp) as one kernel: the most merged
/// grouping, so the per-kernel levels stay lower bounds however a translator split the statements. Returns how
/// many nodes it grouped and notes it on the graph when there are any.
int mergeUnattributedKernels(EinsumGraph& graph);

struct Edge
{
    int from = 0;
    int to = 0;
    int tensor = 0;
    double bytes = 0;
};

struct EinsumGraph;

/// The kernels an eager run launches for a graph's computation, where another program states them and this one
/// only computes the same values: the LLM frontend's reply, validated against a traced source, keeps its program
/// for the fused levels while the per-kernel levels (F0-F2) are the traced ops' (docs/llm-frontend.md) — a reply's
/// statement split is no evidence of how eager code launches kernels. shownOn[i]: the node of the graph that holds
/// this that node i of `graph` is shown on (the per-node shares of those levels), -1 where none corresponds.
struct EagerKernels
{
    std::shared_ptr<const EinsumGraph> graph;
    std::vector<int> shownOn;
};

struct EinsumGraph
{
    std::string program;
    std::vector<GraphTensor> tensors;
    std::vector<Node> nodes;
    std::vector<Edge> edges;
    std::vector<double> externalFootprint; // per tensor: distinct elements touched over the whole graph (0 if none)
    Diagnostics notes; // what was approximated or not counted, with ALIR lines
    std::shared_ptr<const EagerKernels> eagerKernels; // set: the per-kernel levels are these kernels' (above)

    const GraphTensor* tensor(const std::string& name) const;
};

} // namespace solar::graph
