// SPDX-License-Identifier: MIT
// What the PyTorch tracer (resources/python/solarworker/torch_trace.py) reports for one model: every ATen op with its
// arguments, the tensors it reads and writes (shapes, dtypes, strides, roles), the user's source line of each op,
// and the module-level integer size constants. Parsed from the worker's JSON reply.
#pragma once

#include "engine/core/expected.h"
#include "engine/worker/dim.h"

#include <cstdint>
#include <map>
#include <string>
#include <string_view>
#include <vector>

namespace solar::worker {

struct TracedTensor
{
    std::string name; // input0, conv.weight, t12, ...
    std::vector<Dim> shape;
    std::vector<Dim> stride;
    Dim offset = 0; // storage offset, in elements (views)
    std::string dtype; // float32, bfloat16, int64, bool, ...
    std::string role; // input, parameter, buffer, constant, intermediate, output
    std::vector<double> values; // a small constant created in forward, when its values are known
    // A slice of a stacked array inside a loop (a JAX scan's step): the offset also moves by stride * index, where
    // the index is an expression over the loop variables (`_s0`, `_s0 + 1`, `7 - _s0`).
    std::vector<std::pair<std::int64_t, std::string>> steps;
};

/// One op argument: a scalar, a tensor reference, a list, a dtype, or None.
struct TraceArg
{
    enum Kind { None, Bool, Int, Float, String, Tensor, List, DType, Other } kind = None;
    bool boolValue = false;
    std::int64_t intValue = 0;
    double floatValue = 0;
    std::string text; // String, Tensor (its name), DType, Other
    std::vector<TraceArg> items;
    std::string sym; // Int, Float: the value's expression over the size constants (symbolic traces)

    /// An Int as a size (symbolic when the trace is).
    Dim dim() const { return sym.empty() ? Dim(intValue) : Dim(intValue, sym); }
};

struct TracedOp
{
    std::string op; // "aten::convolution", "solar::scaled_dot_product_attention"
    std::string overload; // "default", "Tensor", ...
    std::vector<TraceArg> args;
    std::map<std::string, TraceArg> kwargs;
    std::vector<TraceArg> outputs; // tensors (by name) or scalars
    int line = 0; // in the user's file; 0 when the op did not come from it
    std::string module; // the module it ran in ("encoder.layers.3.attn"); empty at the model's top level
    // The ATen op that runs for it, when `op` names how it is lowered instead (a product folded from its flattening
    // views is lowered as solar::linear but runs as aten::addmm): what provenance and profiler matching see.
    std::string runsAs;
};

struct TraceResult
{
    std::string file;
    std::string model; // the nn.Module subclass traced
    bool training = true;
    std::string mode = "fake"; // fake | meta | real (real tensors, at reduced sizes only)
    std::map<std::string, std::int64_t> constants;
    std::vector<TracedTensor> tensors;
    std::vector<TracedOp> ops;
    std::vector<std::string> outputs;
    // Symbolic traces (torch 2.x): the constants whose sizes are symbols, and the conditions on the sizes under
    // which the recorded ops are the ones the model runs (the branches its shape checks took), in ALIR syntax.
    std::vector<std::string> symbols;
    std::vector<std::string> guards;

    const TracedTensor* tensor(const std::string& name) const;
    bool symbolic() const { return !symbols.empty(); }
};

/// The sizes' values.
std::vector<std::int64_t> values(const std::vector<Dim>& dims);

/// The symbolic trace `t` at other values of its size constants: every size and size-valued argument evaluated
/// there (expressions kept). Fails when a guard does not hold there (the model would run other ops).
Expected<TraceResult> instantiate(const TraceResult& t, const std::map<std::string, std::int64_t>& sizes);

/// A real run of the model at reduced sizes, for output comparison.
struct ReferenceTensor
{
    std::vector<std::int64_t> shape;
    std::string dtype;
    std::vector<double> data; // row-major
};

struct ReferenceRun
{
    std::map<std::string, std::int64_t> constants;
    std::map<std::string, ReferenceTensor> tensors; // inputs (input0, ...), parameters and buffers by name
    std::vector<ReferenceTensor> outputs;
    bool signedInputs = false; // the floating-point inputs were replaced by signed ones (TraceWorker::reference)
};

Expected<ReferenceRun> parseReferenceReply(std::string_view json, const std::string& file);

/// Parses one reply line. A reply with "ok": false becomes a diagnostic at the user's file and line.
Expected<TraceResult> parseTraceReply(std::string_view json, const std::string& file);

} // namespace solar::worker
