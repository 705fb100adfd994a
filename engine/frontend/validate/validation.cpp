// SPDX-License-Identifier: MIT
#include "engine/frontend/validate/validation.h"

#include "engine/core/format.h"
#include "engine/frontend/trace/lowering.h"
#include "engine/frontend/trace/lowering/lowerer.h"
#include "engine/frontend/trace/modelprogram.h"
#include "engine/frontend/trace/sizepoints.h"
#include "engine/frontend/validate/comparison.h"
#include "engine/frontend/validate/statedwork.h"
#include "engine/graph/lifting.h"
#include "engine/ir/interpreter.h"
#include "engine/ir/parser.h"
#include "engine/ir/printer.h"

#include <algorithm>
#include <cmath>
#include <optional>
#include <sstream>

namespace solar::validate {

namespace {

// A model that rounds to an 8-bit float on the way (fp8 matmul inputs) agrees with the interpreter only to that
// format's spacing: one operand a bf16 ulp apart on either side rounds to neighbouring e4m3 values, 2^-3 apart
// (e5m2: 2^-2), and the difference carries into the outputs. Half that spacing is the tolerance then (a wrong
// lowering differs by the outputs' own magnitude); 0 when the model keeps 16 bits or more throughout.
double narrowestFormatTolerance(const worker::TraceResult& trace)
{
    double rtol = 0;
    for (const worker::TracedTensor& t : trace.tensors) {
        if (t.dtype.rfind("float8_e4m3", 0) == 0)
            rtol = std::max(rtol, 0.0625);
        else if (t.dtype.rfind("float8_e5m2", 0) == 0)
            rtol = std::max(rtol, 0.125);
    }
    return rtol;
}

// The elements of the program's inputs and weights at `sizes` (0 where they do not bind).
std::int64_t programInputElements(const ir::Program& program, const std::map<std::string, std::int64_t>& sizes)
{
    const auto bound = ir::bindSizes(program, sizes);
    std::int64_t total = 0;
    if (bound)
        for (const auto& d : program.decls)
            if (d.kind == ir::DeclKind::Tensor && (d.tensorKind == ir::TensorKind::In || d.tensorKind == ir::TensorKind::Weight))
                total += ir::elementCount(bound->shapes.at(d.name));
    return total;
}

// The elements a reference run holds before its forward pass: inputs, parameters and buffers (what the worker's
// limit counts).
std::int64_t givenElements(const worker::TraceResult& trace)
{
    std::int64_t total = 0;
    for (const worker::TracedTensor& t : trace.tensors) {
        if (t.role != "input" && t.role != "parameter" && t.role != "buffer")
            continue;
        std::int64_t n = 1;
        for (const worker::Dim& d : t.shape)
            n *= d.value();
        total += n;
    }
    return total;
}

// The least contraction order replayed on `program` and run on the same inputs: empty when its outputs match the
// model's too (`note` then says so for the details), else why it does not; `rounding` when only values differ (a
// larger size may confirm it or not, as for the program as written).
std::string leastOrderMismatch(bool& rounding, const ir::Program& program, const ir::RunOptions& run,
                               const std::vector<ir::ReassociationStep>& plan, const std::vector<worker::ReferenceTensor>& expected,
                               const std::vector<std::string>& outputs, const std::map<std::string, std::int64_t>& sizes, double narrow,
                               std::string& note)
{
    const std::string what = "the least contraction order the bounds use (" + std::to_string(plan.size()) + " rewrites)";
    const auto bound = ir::bindSizes(program, run.sizes);
    if (!bound)
        return what + " could not be checked at " + sizesText(sizes) + ": " + bound.diagnostics().front().message;
    const auto reordered = ir::leastContractionOrder(program, *bound, &plan);
    if (!reordered)
        return what + " does not apply to the program at " + sizesText(sizes) + ": " + reordered.diagnostics().front().message;
    // No step applies at these sizes (every layer it names is left out): the program is its own least order here.
    const auto result = ir::runProgram(reordered->steps.empty() ? program : reordered->program, run);
    if (!result)
        return what + " failed to run at " + sizesText(sizes) + ": " + result.diagnostics().front().format();
    const OutputCheck check = compareOutputs(expected, *result, outputs, sizes, narrow);
    rounding = !check.structural;
    if (!check.difference.empty())
        return what + " differs from the model where the program as written matches it: " + check.difference;
    note = "; " + what + " matches too";
    return {};
}

} // namespace

Validation validateModel(const std::string& file, worker::TraceWorker& worker, const ValidationOptions& options)
{
    const auto model = trace::loadModelProgram(file, worker, {}, true, options.timeoutMs);
    if (!model) {
        Validation v;
        v.details = "the model does not trace: " + model.diagnostics().front().format();
        return v;
    }
    return validateModel(file, worker, *model, options);
}

Validation validateModel(const std::string& file, worker::TraceWorker& worker, const trace::ModelProgram& model,
                         const ValidationOptions& options)
{
    Validation v;
    std::string lastProblem, firstDifference;
    // The sizes the analysed program was fitted at come first (smallest first), so that program is what runs;
    // then the other reduced sizes, smallest first.
    std::vector<trace::SizeMap> candidates;
    const auto all = trace::reducedSizes(model.trace.constants);
    for (const auto& given : options.firstSizes) {
        trace::SizeMap sizes = all.empty() ? trace::SizeMap {} : all.front();
        for (const auto& [name, value] : given)
            if (model.trace.constants.count(name))
                sizes[name] = value;
        if (!sizes.empty() && std::find(candidates.begin(), candidates.end(), sizes) == candidates.end())
            candidates.push_back(sizes);
    }
    // A fitted program first where it was checked against a trace no fit used (every constant apart).
    if (model.symbolic && !model.heldOut.empty() && std::find(candidates.begin(), candidates.end(), model.heldOut) == candidates.end())
        candidates.push_back(model.heldOut);
    // Then points that tell every size constant apart (sizepoints.h): at a uniform reduction, where every large
    // constant is 8, a template that uses one dimension for another matches too.
    for (const auto& sizes : trace::separatingSizes(model.trace.constants))
        if (std::find(candidates.begin(), candidates.end(), sizes) == candidates.end())
            candidates.push_back(sizes);
    // The ones so far are not in increasing size: one over a limit does not end the search.
    const size_t leading = candidates.size();
    if (model.symbolic)
        for (const auto& sizes : all)
            if (std::find(model.exactAt.begin(), model.exactAt.end(), sizes) != model.exactAt.end()
                && std::find(candidates.begin(), candidates.end(), sizes) == candidates.end())
                candidates.push_back(sizes);
    if (model.symbolic)
        for (const auto& sizes : model.exactAt) // the spread-apart sample is not among the uniform reductions
            if (std::find(candidates.begin(), candidates.end(), sizes) == candidates.end())
                candidates.push_back(sizes);
    for (const auto& sizes : all)
        if (std::find(candidates.begin(), candidates.end(), sizes) == candidates.end())
            candidates.push_back(sizes);
    for (size_t c = 0; c < candidates.size(); ++c) {
        const auto& sizes = candidates[c];
        const bool ascending = c >= leading; // from here on a larger size only costs more
        // The analysed program itself, at a size it was fitted at; otherwise the model lowered at these sizes.
        bool atFullSize = true;
        for (const auto& [name, value] : sizes)
            atFullSize = atFullSize && model.trace.constants.at(name) == value;
        const bool sameProgram
            = atFullSize || (model.symbolic && std::find(model.exactAt.begin(), model.exactAt.end(), sizes) != model.exactAt.end());
        std::optional<trace::Lowered> retraced;
        if (!sameProgram) {
            const auto traced = worker.trace(file, sizes, options.timeoutMs);
            if (!traced) {
                lastProblem = sizesText(sizes) + ": " + traced.diagnostics().front().message;
                continue; // the model rejects these shapes: try larger ones
            }
            // The reference runs the model for real: what it would allocate is known from the trace (on fake
            // tensors), so a size above the limit is refused here, before the worker builds a model that large.
            if (const std::int64_t elements = givenElements(*traced); elements > options.maxReferenceElements) {
                lastProblem = sizesText(sizes) + ": " + std::to_string(elements)
                    + " input and parameter elements at these sizes, above the validation limit of "
                    + std::to_string(options.maxReferenceElements);
                if (ascending)
                    break; // larger sizes only get larger
                continue;
            }
            auto lowered = trace::lowerTrace(*traced);
            if (!lowered) {
                v.details = "the lowered program does not check: " + lowered.diagnostics().front().format();
                return v;
            }
            retraced = std::move(lowered).value();
        }
        const trace::Lowered* lowered = sameProgram ? &model.lowered : &*retraced;
        if (!lowered->unsupported.empty()) {
            v.details = "ops without a lowering template cannot be compared (" + lowered->unsupported.front().aten + ")";
            return v;
        }
        if (!lowered->randomOps.empty()) {
            const trace::OpOrigin& r = lowered->randomOps.front();
            v.details = "the model draws random numbers (" + r.aten + (r.sourceLine > 0 ? " at line " + std::to_string(r.sourceLine) : "")
                + "), so its outputs differ from run to run and cannot be compared";
            return v;
        }
        ir::RunOptions run;
        run.maxInstances = options.maxInstances;
        run.maxElements = options.maxInterpreterElements;
        run.isCancelled = options.isCancelled;
        if (sameProgram)
            run.sizes = model.parameterValues(sizes);
        // Storage over the interpreter's cap is known before torch runs the model at these sizes (seconds for a
        // VGG at full resolution). Where the reference would refuse its inputs' size first, it still says so.
        if (const auto over = ir::storageFault(lowered->program, run);
            over && over->code == "run.memory-cap" && programInputElements(lowered->program, run.sizes) <= options.maxReferenceElements) {
            lastProblem = sizesText(sizes) + ": " + over->message;
            if (ascending)
                break; // larger sizes only cost more
            continue;
        }
        const auto reference = worker.reference(file, sizes, options.seed, options.maxReferenceElements, options.timeoutMs);
        if (!reference) {
            lastProblem = sizesText(sizes) + ": " + reference.diagnostics().front().message;
            if (reference.diagnostics().front().code == "reference.size" && ascending)
                break; // larger sizes only get larger
            continue;
        }
        for (const auto& [name, tensor] : reference->tensors) {
            const auto alir = lowered->alirNameOf.find(name);
            if (alir == lowered->alirNameOf.end())
                continue; // not used by the forward pass
            ir::TensorValue t;
            t.name = alir->second;
            t.shape = tensor.shape;
            t.data = tensor.data;
            run.inputs[alir->second] = std::move(t);
        }
        const auto result = ir::runProgram(lowered->program, run);
        if (!result) {
            const Diagnostic& d = result.diagnostics().front();
            if (d.code == "run.cancelled") {
                v.details = "cancelled";
                return v;
            }
            if (d.code == "run.work-cap" || d.code == "run.memory-cap") {
                lastProblem = sizesText(sizes) + ": " + d.message;
                if (ascending)
                    break; // larger sizes only cost more
                continue;
            }
            v.status = ValidationStatus::Mismatch;
            v.details = "the interpreter failed at " + sizesText(sizes) + ": " + d.format();
            return v;
        }
        const double narrow = narrowestFormatTolerance(model.trace); // formats do not change with the sizes
        const OutputCheck check = compareOutputs(reference->outputs, *result, lowered->outputs, sizes, narrow);
        if (check.structural) {
            v.status = ValidationStatus::Mismatch;
            v.details = check.difference;
            return v;
        }
        const std::string& differs = check.difference;
        if (!differs.empty()) {
            // Rounding differences grow without bound in ill-conditioned spots (a batch norm over a handful of
            // values deep in a net) that only the smallest sizes create; a wrong lowering differs at every size.
            // So a difference is confirmed at the next larger size before it is reported.
            if (firstDifference.empty()) {
                firstDifference = differs;
                lastProblem.clear(); // from here on it says why no larger size confirmed the difference
            }
            continue;
        }
        std::string reordered; // what the least contraction order's run adds to the details
        if (!options.leastOrder.empty()) {
            bool rounding = false;
            const std::string mismatch = leastOrderMismatch(rounding, lowered->program, run, options.leastOrder, reference->outputs,
                                                            lowered->outputs, sizes, narrow, reordered);
            if (!mismatch.empty() && rounding) {
                if (firstDifference.empty()) {
                    firstDifference = mismatch;
                    lastProblem.clear();
                }
                continue;
            }
            if (!mismatch.empty()) {
                v.status = ValidationStatus::Mismatch;
                v.details = mismatch;
                return v;
            }
        }
        v.status = ValidationStatus::Validated;
        v.details = "outputs match "
            + (!options.reference.empty()      ? options.reference
                   : model.trace.mode == "jax" ? "JAX"
                                               : "torch")
            + " at " + sizesText(sizes) + " (seed " + std::to_string(options.seed) + ")"
            + (atFullSize        ? "; compared: the analysed program itself"
                   : sameProgram ? "; compared: the analysed program with its size parameters set to these sizes"
                                 : "; compared: the model lowered again at these sizes (" + model.sizesNote + ")")
            + reordered;
        if (!firstDifference.empty()) {
            v.caveat = "at smaller sizes they did not (" + firstDifference + ")";
            v.details += "; " + v.caveat;
        } else if (!atFullSize && !trace::equalConstants(sizes).empty() && !trace::separatingSizes(model.trace.constants).empty()) {
            v.caveat = "no size point that tells the size constants apart could be compared"
                + (lastProblem.empty() ? std::string() : " (" + lastProblem + ")") + ", and where " + trace::equalConstants(sizes)
                + " a lowering that uses one for the other matches too";
            v.details += "; " + v.caveat;
        }
        return v;
    }
    if (!firstDifference.empty()) {
        v.status = ValidationStatus::Mismatch;
        v.details = firstDifference + (lastProblem.empty() ? std::string() : "; no larger size could be compared (" + lastProblem + ")");
        return v;
    }
    v.details = "no reduced size could be compared" + (lastProblem.empty() ? std::string() : ": " + lastProblem);
    return v;
}

namespace {

// A size set "collapses" a dimension when a tensor dimension is 1 there but larger at the program's own sizes:
// a head size of 1 makes a wrong head layout match exactly, so such a point does not count towards the schedule.
bool collapses(const ir::SizeBindings& reduced, const ir::SizeBindings& full)
{
    for (const auto& [name, shape] : reduced.shapes) {
        const auto it = full.shapes.find(name);
        if (it == full.shapes.end() || it->second.size() != shape.size())
            continue;
        for (size_t d = 0; d < shape.size(); ++d)
            if (shape[d] == 1 && it->second[d] > 1)
                return true;
    }
    return false;
}

} // namespace

std::string alirParameterName(const std::string& stateDictName)
{
    std::string alir = stateDictName;
    std::replace(alir.begin(), alir.end(), '.', '_');
    return ir::isKeyword(alir) ? alir + "_" : alir;
}

Validation validateProgram(const ir::Program& program, const std::string& file, worker::TraceWorker& worker,
                           const ValidationOptions& options, bool arrays)
{
    Validation v;
    const auto constants = worker.constants(file, {}, options.timeoutMs);
    if (!constants) {
        v.details = "the reference model does not load: " + constants.diagnostics().front().format();
        return v;
    }
    // Every kernel parameter named like a size constant of the source defaults to the source's value.
    if (const std::string wrong = wrongDefaults(program, *constants); !wrong.empty()) {
        v.status = ValidationStatus::Mismatch;
        v.ran = false;
        v.details = wrong;
        return v;
    }
    const auto full = ir::bindSizes(program);
    std::vector<std::string> outputs;
    for (const auto& d : program.decls)
        if (d.kind == ir::DeclKind::Tensor && d.tensorKind == ir::TensorKind::Out)
            outputs.push_back(d.name);
    // The schedule: points that tell every size constant apart (trace/sizepoints.h), then the trace route's
    // uniform reductions, smallest first, each with two seeds, until two points that separate the constants and
    // collapse no dimension have matched — or, where the source accepts no such point, two uniform ones, said in a
    // caveat. Any point that runs must match; a point equal to another is tried once.
    constexpr int kPointsNeeded = 2;
    std::string lastProblem, compared, collapsedAt, equalAt;
    int counted = 0, separating = 0, signedRuns = 0, intermediates = 0;
    std::map<trace::SizeMap, std::optional<trace::Lowered>> sourceProgram; // the source traced and lowered at a point
    bool toleranceFromSource = true;
    bool unsignedOnly = false; // the source's outputs were not finite on signed inputs somewhere
    for (const auto& sizes : validationSchedule(*constants)) {
        const bool tellsApart = trace::separates(sizes, *constants);
        if (separating >= kPointsNeeded || (!tellsApart && counted >= kPointsNeeded))
            break;
        const auto paramSizes = parameterSizes(program, sizes);
        const auto bound = ir::bindSizes(program, paramSizes);
        if (!bound) {
            lastProblem = sizesText(sizes) + ": " + bound.diagnostics().front().message;
            continue;
        }
        bool ranHere = false;
        for (std::uint64_t seed : {options.seed, options.seed + 1}) {
            // The second seed's inputs are signed and non-uniform (a few large magnitudes) where the source stays
            // finite on them: get_inputs() often draws torch.rand, where a max-pool padded with 0 matches.
            const bool trySigned = seed != options.seed;
            auto reference = worker.reference(file, sizes, seed, options.maxReferenceElements, options.timeoutMs, arrays, trySigned);
            if (trySigned && !reference && reference.diagnostics().front().code == "reference.nonfinite") {
                unsignedOnly = true;
                reference = worker.reference(file, sizes, seed, options.maxReferenceElements, options.timeoutMs, arrays);
            }
            if (!reference) {
                lastProblem = sizesText(sizes) + ": " + reference.diagnostics().front().message;
                const std::string& code = reference.diagnostics().front().code;
                if (code == "reference.size" || code == "reference.module" || code == "reference.model" || code == "reference.syntax")
                    goto done; // larger sizes do not help a missing module or function
                break;
            }
            // The naming contract: inputs input0.., parameters and buffers by alirParameterName.
            std::map<std::string, const worker::ReferenceTensor*> byAlirName;
            for (const auto& [name, tensor] : reference->tensors) {
                byAlirName[alirParameterName(name)] = &tensor;
                // A declaration word is a name where a name stands (ir/parser.cpp): `weight` for a top-level
                // self.weight as well as the prompt's `weight_`.
                std::string plain = name;
                std::replace(plain.begin(), plain.end(), '.', '_');
                byAlirName.emplace(plain, &tensor);
            }
            ir::RunOptions run;
            run.maxInstances = options.maxInstances;
            run.maxElements = options.maxInterpreterElements;
            run.isCancelled = options.isCancelled;
            run.sizes = paramSizes;
            std::string missing, dtypes;
            for (const auto& d : program.decls) {
                if (d.kind != ir::DeclKind::Tensor || (d.tensorKind != ir::TensorKind::In && d.tensorKind != ir::TensorKind::Weight))
                    continue;
                const auto it = byAlirName.find(d.name);
                if (it == byAlirName.end()) {
                    missing += (missing.empty() ? "" : ", ") + d.name;
                    continue;
                }
                if (const std::string declared(ir::dtypeName(d.dtype));
                    !it->second->dtype.empty() && trace::dtypeOf(it->second->dtype) != declared)
                    dtypes += (dtypes.empty() ? "" : "; ") + d.name + " is declared " + declared + ", the source's is "
                        + trace::dtypeOf(it->second->dtype) + " (" + it->second->dtype + ")";
                ir::TensorValue t;
                t.name = d.name;
                t.shape = it->second->shape;
                t.data = it->second->data;
                run.inputs[d.name] = std::move(t);
            }
            if (!missing.empty() || !dtypes.empty()) {
                std::string have;
                for (const auto& [name, _] : byAlirName)
                    have += (have.empty() ? "" : ", ") + name;
                v.status = ValidationStatus::Mismatch;
                v.ran = false;
                v.details = !missing.empty() ? "the program reads " + missing + ", which the model does not have (it has " + have + ")"
                                             : "input dtypes differ: " + dtypes;
                return v;
            }
            const auto result = ir::runProgram(program, run);
            if (!result) {
                const Diagnostic& d = result.diagnostics().front();
                if (d.code == "run.cancelled") {
                    v.details = "cancelled";
                    return v;
                }
                v.status = ValidationStatus::Mismatch;
                v.ran = false;
                v.details = "the program fails at " + sizesText(sizes) + ": " + d.format();
                return v;
            }
            // The tolerance comes from the source's traced program at these sizes: a candidate that adds passes of its
            // own (two unused reductions) must not widen it. Without a trace (NumPy sources), the candidate's.
            if (!sourceProgram.count(sizes)) {
                std::optional<trace::Lowered> traced;
                if (!arrays && options.traceSource)
                    if (const auto t = worker.trace(file, sizes, options.timeoutMs))
                        if (auto l = trace::lowerTrace(*t))
                            traced = std::move(l).value();
                sourceProgram[sizes] = std::move(traced);
            }
            const std::optional<trace::Lowered>& lowered = sourceProgram[sizes];
            const ir::Program* judge = lowered ? &lowered->program : nullptr; // the source, where it lowered
            const auto judgeSizes = judge ? ir::bindSizes(*judge) : Expected<ir::SizeBindings>(*bound);
            const double rtol = reference->outputs.empty() ? 0.0
                : judge && judgeSizes                      ? programTolerance(*judge, *judgeSizes, reference->outputs.front().dtype)
                                                           : programTolerance(program, *bound, reference->outputs.front().dtype);
            toleranceFromSource = toleranceFromSource && judge && judgeSizes;
            // The work the source states is the work bounded (statedwork.h), once per point, before the outputs:
            // a rewrite's outputs may well match, so the feedback must not say they differ.
            if (judge && judgeSizes && seed == options.seed)
                if (const std::string why = workDifference(program, *bound, *lowered, *judgeSizes, sizesText(sizes)); !why.empty()) {
                    v.status = ValidationStatus::Mismatch;
                    v.ran = false;
                    v.details = why;
                    return v;
                }
            if (const OutputCheck check = compareOutputs(reference->outputs, *result, outputs, sizes, rtol); !check.difference.empty()) {
                v.status = ValidationStatus::Mismatch;
                v.ran = !check.structural;
                v.details = check.difference + " (seed " + std::to_string(seed) + (reference->signedInputs ? ", signed inputs" : "") + ")";
                return v;
            }
            // An error that a final reduction averages out (GELU's tanh form before a global average pool) still
            // shows in the intermediate: each @op block's result against what its source line computes, where the
            // sizes tell the constants apart (a transposed square cannot match by accident) and the source's own
            // lowering reproduces the model's outputs on these inputs.
            if (lowered && judgeSizes && tellsApart && !program.ops.empty()) {
                ir::RunOptions sourceRun;
                sourceRun.maxInstances = options.maxInstances;
                sourceRun.maxElements = options.maxInterpreterElements;
                sourceRun.isCancelled = options.isCancelled;
                for (const auto& [name, tensor] : reference->tensors)
                    if (const auto alir = lowered->alirNameOf.find(name); alir != lowered->alirNameOf.end())
                        sourceRun.inputs[alir->second]
                            = ir::TensorValue {alir->second, ir::TensorKind::In, ir::DType::F32, tensor.shape, tensor.data};
                const auto source = ir::runProgram(lowered->program, sourceRun);
                if (source && compareOutputs(reference->outputs, *source, lowered->outputs, sizes).difference.empty()) {
                    const IntermediateCheck check = compareIntermediates(program, *result, *lowered, *source, *judgeSizes, sizes);
                    if (!check.difference.empty()) {
                        v.status = ValidationStatus::Mismatch;
                        v.details = check.difference + " (seed " + std::to_string(seed) + (reference->signedInputs ? ", signed inputs" : "")
                            + ")";
                        return v;
                    }
                    intermediates = std::max(intermediates, check.compared);
                }
            }
            // Right outputs, and the traffic across each source line the source's operations have (statedwork.h);
            // how the reply splits a line into blocks is not judged: the per-kernel levels are the trace's.
            if (judge && judgeSizes && seed == options.seed)
                if (const std::string why = trafficDifference(program, *bound, *lowered, *judgeSizes, sizesText(sizes)); !why.empty()) {
                    v.status = ValidationStatus::Mismatch;
                    v.ran = false;
                    v.details = why;
                    return v;
                }
            ranHere = true;
            signedRuns += reference->signedInputs;
        }
        if (!ranHere)
            continue;
        if (full && collapses(*bound, *full)) {
            collapsedAt += (collapsedAt.empty() ? "" : "; ") + sizesText(sizes);
            continue;
        }
        compared += (compared.empty() ? "" : "; ") + sizesText(sizes);
        ++counted;
        separating += tellsApart;
        if (!tellsApart)
            equalAt += (equalAt.empty() ? "" : "; ") + trace::equalConstants(sizes);
    }
done:
    if (counted == 0 && collapsedAt.empty()) {
        v.details = "no reduced size could be compared" + (lastProblem.empty() ? std::string() : ": " + lastProblem);
        return v;
    }
    v.status = ValidationStatus::Validated;
    v.details = std::string("outputs match ")
        + (!options.reference.empty() ? options.reference
               : arrays               ? "the source run in Python"
                                      : "torch")
        + " at " + (compared.empty() ? collapsedAt : compared) + " (seeds " + std::to_string(options.seed) + " and "
        + std::to_string(options.seed + 1)
        + (signedRuns > 0     ? ", seed " + std::to_string(options.seed + 1) + " with signed inputs"
               : unsignedOnly ? ", the source's own inputs only: its outputs are not finite on signed ones"
                              : "")
        + (toleranceFromSource ? ", tolerance from the source's reductions"
                               : ", tolerance from the program's reductions: the source has no trace")
        + (intermediates == 1      ? "; the @op block result compared also matches what its source line computes)"
               : intermediates > 1 ? "; " + std::to_string(intermediates) + " @op block results also match what their source lines compute)"
                                   : ")");
    if (counted < kPointsNeeded)
        v.caveat = counted == 0
            ? "only at sizes where a dimension collapses to 1 (" + collapsedAt + "), which can hide a wrong layout"
            : "at one size point only; no second size could be compared" + (lastProblem.empty() ? std::string() : " (" + lastProblem + ")");
    else if (separating < kPointsNeeded && !equalAt.empty())
        v.caveat = "the source accepted " + std::string(separating == 0 ? "no size point" : "only one size point")
            + " that tells its size constants apart, and where " + equalAt + " a program that uses one for the other matches too"
            + (lastProblem.empty() ? std::string() : " (" + lastProblem + ")");
    if (!v.caveat.empty())
        v.details += "; " + v.caveat;
    return v;
}

} // namespace solar::validate
