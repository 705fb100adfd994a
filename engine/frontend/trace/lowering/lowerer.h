// SPDX-License-Identifier: MIT
// Private to the trace frontend's lowering (lowering.h is the public API). The Lowerer walks a trace, folds views
// into strided reads, names tensors and emits ALIR statements; op templates (one file per op family, dispatched by
// the table in optable.cpp) turn one ATen op into statements through it. Adding an op touches its family file and
// the table, nothing else. The emitter (nest, loops, store, at, ...) is the part a second frontend reuses.
#pragma once

#include "engine/frontend/trace/lowering.h"
#include "engine/frontend/trace/lowering/positionmasks.h"

#include <cstdint>
#include <functional>
#include <map>
#include <optional>
#include <set>
#include <string>
#include <vector>

namespace solar::trace {

using Shape = std::vector<Dim>;
using Index = std::vector<std::string>;

/// Thrown by an op template that cannot lower this op: the op is then listed, with its line, as not counted.
struct Unsupported
{
    std::string why;
};

/// A float literal ("2.0": keeps float arithmetic).
std::string num(double v);
/// A size as a float operand (a mean's count): the literal, or its expression cast (uncounted: no loop variable).
std::string real(const Dim& d);
/// torch dtype name -> ALIR dtype ("float32" -> "f32").
std::string dtypeOf(const std::string& torchDtype);
bool isIntegral(const std::string& alirDtype);
Dim product(const Shape& s);
std::int64_t normDim(std::int64_t d, size_t rank);
const std::set<std::string>& viewOps();

std::string firstTensor(const TracedOp& op);
/// The trace with every view(-1, K) -> mm/addmm -> view(..., N) made one solar::linear on the unflattened tensor
/// (weight_layout "in_out"); the multiply's own op becomes "solar::folded" (flattenedmatmul.cpp).
TraceResult foldFlattenedMatmuls(const TraceResult& trace);
/// The trace with every complex tensor as the real one torch stores (a trailing dimension of 2; strides and offset
/// in real elements) and its complex products named solar::complex_mul (ops_complex.cpp).
TraceResult complexAsReal(const TraceResult& trace);
std::string join(const Index& idx);
Index vars(size_t n, const char* prefix = "_i");
std::string loops(const Index& v, const Shape& extents);
// A loop nest around `body` ({}-less when there are no loops).
std::string nest(const Index& v, const Shape& extents, const std::string& body);
double scalar(const TraceArg& a, double fallback);
std::vector<std::int64_t> ints(const TraceArg& a);
// The same, as sizes (symbolic where the trace is).
std::vector<Dim> dims(const TraceArg& a);

// The loop variables of an input with `dims` reduced: output positions for the others.
struct ReduceShape
{
    Shape outer, inner; // extents of kept and reduced dims
    Index outerV, innerV;
    Index inputIdx, outputIdx;
};
ReduceShape reduceShape(const Shape& in, std::vector<std::int64_t> dims, bool keepdim);

class Lowerer
{
public:
    explicit Lowerer(const TraceResult& t);
    Expected<Lowered> run();

    std::string rootOf(const std::string& name) const;
    const TracedTensor& info(const std::string& name) const;
    std::string alirName(const std::string& traced);
    // The access to element `idx` of a traced tensor, through its view onto the underlying tensor if it is one.
    std::string at(const std::string& traced, const Index& idx);
    // In-place writes to a tensor the program only reads (an input, a parameter, a buffer such as batch norm's
    // running statistics, a value from an op without a template) go to an updated copy, which is an output.
    bool writable(const std::string& root) const;
    bool computedBefore(const std::string& root, size_t before) const;
    std::string versionOf(const std::string& root) const;
    void prepareWrite(const std::string& traced);
    // Element (i_0, ..., i_n) of a view sits at storage offset + sum(stride_d * i_d); the base's element at
    // multi-index r sits at sum(baseStride_d * r_d). Each view dimension whose stride is a multiple of one base
    // stride maps to that base dimension (affine); when the digits would not stay in range (a reshape that merges
    // dimensions) the flat position is unravelled with // and % (quasi-affine).
    Index mapView(const TracedTensor& view, const TracedTensor& base, const Index& idx);
    void emit(const std::string& text);
    // The guard a boolean mask built from positions states over `vars` (the variables of the shape it broadcasts
    // to; empty where a dim has none): positionmasks.h. Nothing when the mask is not built from positions.
    std::optional<std::string> positionGuard(const std::string& mask, const Index& vars) const { return m_positionMasks.guard(mask, vars); }
    // Statements whose additions only count comparisons (a sort's ranks and permutation): ALIR spells a sort in n^2
    // of them where a sort does n log n comparisons, which no arithmetic peak measures, so they are not counted.
    void emitComparisons(const std::string& text);
    // The output's variables indexing an input broadcast to the output's shape (numpy rules, aligned right).
    std::string bcast(const TraceArg& a, const Index& outVars, const Shape& outShape);
    const TraceArg& arg(const TracedOp& op, size_t i) const;
    std::string out(const TracedOp& op, size_t i = 0) const;
    // Store of an expression into element `idx` of a tensor, cast when the tensor is integral.
    std::string store(const std::string& traced, const Index& idx, const std::string& expr, const char* op = "=");
    void elementwise(const TracedOp& op, const std::function<std::string(const Index&, const Shape&)>& expr);
    void unary(const TracedOp& op, const std::function<std::string(const std::string&)>& f);
    void binary(const TracedOp& op, const std::function<std::string(const std::string&, const std::string&)>& f);
    void noteIndexRange(const std::string& ids, const Dim& extent);
    // A tmp tensor the lowering needs (softmax's row maxima, ...), declared once.
    std::string scratch(const std::string& traced, const Shape& shape, const std::string& dtype, const char* role = "intermediate");
    // The model returns a view: copy it out, as the caller receives it.
    void materializeViewOutputs();
    void assemble();
    std::string kernelName() const;
    Dim viewOffset(const TracedTensor& view) const { return view.offset; }
    /// Dispatches one op to its template (optable.cpp); throws Unsupported when none lowers it.
    void lowerOp(const TracedOp& op);

    const TraceResult& m_trace;
    Lowered m_result;
    std::map<std::string, const TracedTensor*> m_info;
    std::map<std::string, TracedTensor> m_scratch;
    std::map<std::string, std::string> m_viewOf;
    std::set<std::string> m_uncomputed;
    std::map<std::string, std::string> m_updates; // read-only tensor -> its updated copy
    std::map<std::string, Dim> m_indexRange; // integer input -> exclusive bound of its values as indices
    std::map<std::string, std::string> m_names;
    std::set<std::string> m_used;
    std::vector<std::string> m_declOrder;
    std::vector<std::pair<std::string, int>> m_body;
    size_t m_bodyMark = 0;
    size_t m_viewBodyBegin = 0; // m_body lines from here on copy out view outputs
    std::set<size_t> m_comparisonBody; // m_body lines whose arithmetic only spells out comparisons (a sort's ranks)
    int m_currentOp = -1;
    int m_current = -1;
    PositionMasks m_positionMasks;
};

// Shared by the ATen and JAX layout templates (ops_layout.cpp): `parts` joined along `dim` (cat, concatenate),
// stacked along a new `dim` (stack), and the first operand reversed along `axes` (flip, rev).
void concatenate(Lowerer& ctx, const std::string& y, const std::vector<TraceArg>& parts, size_t dim);
void stackAlong(Lowerer& ctx, const std::string& y, const std::vector<TraceArg>& parts, size_t dim);
void flipAxes(Lowerer& ctx, const TracedOp& op, const std::vector<std::int64_t>& axes);
// Writes into `indices` the first position of `extreme` (an access) among `in`'s reduced elements (ops_reduce.cpp).
void argIndex(Lowerer& ctx, const std::string& indices, const ReduceShape& r, const std::string& in, const std::string& extreme);

/// An op template: emits the statements of one traced op. `name` is its ATen name, without the trailing '_' of an
/// in-place variant (which writes its first argument, named as the output by the trace).
using OpTemplate = void (*)(Lowerer& ctx, const TracedOp& op, const std::string& name);

/// Op name -> template, per framework: ATen (optable_aten.cpp) and JAX primitives (engine/frontend/jax/optable_jax.cpp);
/// opTemplates() is both (lowerer.cpp).
const std::map<std::string, OpTemplate>& atenOpTemplates();
const std::map<std::string, OpTemplate>& jaxOpTemplates();
const std::map<std::string, OpTemplate>& opTemplates();

} // namespace solar::trace
