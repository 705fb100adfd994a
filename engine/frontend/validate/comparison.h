// SPDX-License-Identifier: MIT
// Comparing a program's tensors with a reference's: its outputs with the model's (every route), and for an
// untrusted program (LLM) each @op block's result with what the source computes on the line the block names —
// a final reduction (a global average pool) averages away an elementwise error that the intermediate still shows.
#pragma once

#include "engine/frontend/trace/lowering.h"
#include "engine/ir/ast.h"
#include "engine/ir/interpreter.h"
#include "engine/worker/traceresult.h"

#include <limits>
#include <map>
#include <string>
#include <vector>

namespace solar::validate {

/// The reference dtype's name (torch's) for an interpreter value: what the tolerances read.
std::string torchDtypeName(ir::DType type);

/// The sizes as "a=1, b=2" (the file's own sizes when empty): how every comparison message names its point.
std::string sizesText(const std::map<std::string, std::int64_t>& sizes);

/// Every kernel parameter of `program` named like a size constant of the source must default to the source's value
/// (the analysis runs at the defaults: another value would analyse another problem). Empty when they do, else the
/// refusal's text.
std::string wrongDefaults(const ir::Program& program, const std::map<std::string, std::int64_t>& constants);

/// A translated program's schedule of size points: those that tell the source's constants apart
/// (trace::separatingSizes), then the uniform reductions (trace::reducedSizes), each once.
std::vector<std::map<std::string, std::int64_t>> validationSchedule(const std::map<std::string, std::int64_t>& constants);

/// The program's size parameters that `sizes` sets (what ir::bindSizes and the interpreter take at a point).
std::map<std::string, std::int64_t> parameterSizes(const ir::Program& program, const std::map<std::string, std::int64_t>& sizes);

struct OutputCheck
{
    bool structural = false; // a count or a shape differs: no tolerance or larger size can fix that
    std::string difference; // empty when every output matches
};

/// The model's outputs against the program's (`names`, in order): counts, shapes, then values within the dtype's
/// tolerance, or within `rtolOverride` (an untrusted program's, scaled to the reference's own magnitude) when set.
OutputCheck compareOutputs(const std::vector<worker::ReferenceTensor>& expected, const ir::RunResult& run,
                           const std::vector<std::string>& names, const std::map<std::string, std::int64_t>& sizes,
                           double rtolOverride = 0);

/// The relative tolerance for an untrusted program's values of `dtype` (torch's name): 64 rounding steps, times the
/// square root of the deepest reduction and the number of reductions among the program's statements up to program
/// line `lastLine`.
double programTolerance(const ir::Program& program, const ir::SizeBindings& sizes, const std::string& dtype,
                        int lastLine = std::numeric_limits<int>::max());

struct IntermediateCheck
{
    int compared = 0; // block results that had a same-shaped value on their source line
    std::string difference; // empty when every compared result matches one of its line's values
};

/// Each @op block of `reply` that names a source line: the tensors it writes that are read outside it (or are
/// outputs) against the values the source's lowered program writes on that line (`source`, run as `sourceRun` on the
/// same inputs). A result matches when it equals any same-shaped value of the line (a line may run
/// several ops: `x * s + b`); one with no same-shaped value there (another layout, a step of an unrolled loop) is
/// not compared. Only meaningful where the sizes tell every constant apart (a transposed square is then no match).
/// The tolerance is programTolerance's for the source's statements up to the value's last write (`sourceSizes`: the
/// source program's bindings).
IntermediateCheck compareIntermediates(const ir::Program& reply, const ir::RunResult& replyRun, const trace::Lowered& source,
                                       const ir::RunResult& sourceRun, const ir::SizeBindings& sourceSizes,
                                       const std::map<std::string, std::int64_t>& sizes);

} // namespace solar::validate
