// SPDX-License-Identifier: MIT
// Validation by output comparison for traced PyTorch models: the model is run for real (torch on the CPU,
// seeded) at reduced sizes, the same model is traced and lowered at those sizes, and the ALIR interpreter runs
// the lowered program on the reference's inputs, parameters and buffers. Every output is compared with a
// tolerance that depends on its dtype. The sizes shrink every module-level constant of 16 or more by the same
// divisor (not below 8), starting small and growing when the model rejects the shapes (trace::reducedSizes).
#pragma once

#include "engine/analysis/validationstatus.h"
#include "engine/frontend/trace/modelprogram.h"
#include "engine/ir/ast.h"
#include "engine/ir/reassociation.h"

#include <functional>
#include <map>
#include <string>
#include <vector>

namespace solar::validate {

struct ValidationOptions
{
    std::uint64_t seed = 0;
    std::uint64_t maxInstances = 20'000'000'000; // interpreter work cap for one validation
    std::int64_t maxReferenceElements = 200'000'000;
    std::int64_t maxInterpreterElements = std::int64_t(1) << 28;
    int timeoutMs = 120000;
    std::function<bool()> isCancelled; // polled by the interpreter; the tracer has its own flag
    /// Size points tried before the uniform reductions (a frontend that knows how its sizes relate: a served
    /// config's heads and groups). A constant a point leaves out takes the smallest uniform reduction's value; a
    /// name that is not a constant is ignored.
    std::vector<std::map<std::string, std::int64_t>> firstSizes;
    /// What runs the model for real, as the details name it; empty: torch or JAX, by the trace.
    std::string reference;
    /// Whether the source can be traced and lowered to judge a program's work, kernels and tolerance (validateProgram):
    /// not a model whose forward launches Triton kernels (fake tensors have no values for them to read).
    bool traceSource = true;
    /// The least contraction order the analysis chose (AnalysisResult::asWritten): replayed on the program at each
    /// compared size and run on the same inputs, so the reassociated program is what is validated too.
    std::vector<ir::ReassociationStep> leastOrder;
};

/// Fills a Validation: "validated", "mismatch" (which output, max absolute and relative error, first bad index)
/// or "unvalidated" (why), with the sizes used in the details. When `model` has size parameters and was fitted
/// at a reduced size, that very program runs there; other sizes are traced and lowered again.
Validation validateModel(const std::string& file, worker::TraceWorker& worker, const trace::ModelProgram& model,
                         const ValidationOptions& options = {});

/// The ALIR name of a model parameter or buffer: its state_dict name with '.' -> '_' (fc1.weight -> fc1_weight),
/// and a trailing '_' where that is an ALIR keyword (a top-level `self.weight` -> weight_), so that every model's
/// parameters can be named. The LLM prompt states the rule and lists each parameter's name.
std::string alirParameterName(const std::string& stateDictName);

/// Validates a program written elsewhere (by the LLM frontend) against the PyTorch model in `file`: inputs named
/// input0.., parameters and buffers by alirParameterName, outputs in declaration order; the
/// program's parameters named like the model's size constants take their reduced values.
/// With `arrays`, `file` is a NumPy or JAX source (get_inputs() and forward(*inputs)) run in the same worker.
Validation validateProgram(const ir::Program& program, const std::string& file, worker::TraceWorker& worker,
                           const ValidationOptions& options = {}, bool arrays = false);

/// Loads the model (with size parameters where they fit) and validates it.
Validation validateModel(const std::string& file, worker::TraceWorker& worker, const ValidationOptions& options = {});

} // namespace solar::validate
