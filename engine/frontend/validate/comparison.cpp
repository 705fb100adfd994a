// SPDX-License-Identifier: MIT
#include "engine/frontend/validate/comparison.h"

#include "engine/frontend/trace/modelprogram.h"
#include "engine/frontend/trace/sizepoints.h"

#include "engine/core/format.h"
#include "engine/graph/lifting.h"

#include <algorithm>
#include <cmath>
#include <set>
#include <sstream>

namespace solar::validate {

std::string sizesText(const std::map<std::string, std::int64_t>& sizes)
{
    std::string s;
    for (const auto& [k, v] : sizes)
        s += (s.empty() ? "" : ", ") + k + "=" + std::to_string(v);
    return s.empty() ? "the file's own sizes" : s;
}

std::string wrongDefaults(const ir::Program& program, const std::map<std::string, std::int64_t>& constants)
{
    std::string wrong;
    for (const auto& p : program.params)
        if (const auto it = constants.find(p.name); it != constants.end() && p.value != it->second)
            wrong += (wrong.empty() ? "" : "; ") + p.name + " defaults to " + std::to_string(p.value) + ", the source sets " + p.name
                + " = " + std::to_string(it->second);
    return wrong.empty() ? wrong : "kernel parameters must default to the source's sizes: " + wrong;
}

std::vector<std::map<std::string, std::int64_t>> validationSchedule(const std::map<std::string, std::int64_t>& constants)
{
    std::vector<std::map<std::string, std::int64_t>> schedule;
    for (const auto& list : {trace::separatingSizes(constants), trace::reducedSizes(constants)})
        for (const auto& sizes : list)
            if (std::find(schedule.begin(), schedule.end(), sizes) == schedule.end())
                schedule.push_back(sizes);
    return schedule;
}

std::map<std::string, std::int64_t> parameterSizes(const ir::Program& program, const std::map<std::string, std::int64_t>& sizes)
{
    std::map<std::string, std::int64_t> out;
    for (const auto& p : program.params)
        if (const auto it = sizes.find(p.name); it != sizes.end())
            out[p.name] = it->second;
    return out;
}

namespace {

// Float formats round differently between torch's kernels and the interpreter's f64-then-round; reductions also
// sum in another order. The tolerance scales with the output's magnitude.
double relativeTolerance(const std::string& dtype)
{
    if (dtype == "float64")
        return 1e-9;
    if (dtype == "float16" || dtype == "bfloat16")
        return 2e-2;
    if (dtype == "float32")
        return 1e-3;
    return 0; // integers and bools compare exactly
}

// The spacing of an 8-bit float format at magnitude `m` (e4m3: 3 mantissa bits, subnormals from 2^-9; e5m2: 2
// bits, subnormals from 2^-16); 0 for other dtypes.
double fp8Spacing(const std::string& dtype, double m)
{
    const bool e4m3 = dtype.rfind("float8_e4m3", 0) == 0, e5m2 = dtype.rfind("float8_e5m2", 0) == 0;
    if (!e4m3 && !e5m2)
        return 0;
    const int mantissaBits = e4m3 ? 3 : 2, minExponent = e4m3 ? -6 : -14;
    const int exponent = m > 0 ? std::max(minExponent, static_cast<int>(std::floor(std::log2(m)))) : minExponent;
    return std::ldexp(1.0, exponent - mantissaBits);
}

/// Empty when `actual` matches `expected` within the tolerance; otherwise "<subject> differs<against> at <sizes>:"
/// where and by how much.
std::string compareValues(const std::string& subject, const std::string& against, const worker::ReferenceTensor& expected,
                          const ir::TensorValue& actual, const std::map<std::string, std::int64_t>& sizes, double rtolOverride)
{
    double scale = 0;
    for (double x : expected.data)
        if (std::isfinite(x))
            scale = std::max(scale, std::fabs(x));
    const bool untrusted = rtolOverride > 0 && relativeTolerance(expected.dtype) > 0;
    const double rtol = untrusted ? rtolOverride : relativeTolerance(expected.dtype);
    // An untrusted program's absolute floor follows the reference's own magnitude: with max(1, .), softmax outputs
    // near 1e-3 could be off by 60 % of the largest. The trace route keeps the floor of 1 (its own lowering).
    const double atol = rtol * (untrusted ? (scale > 0 ? scale : 1.0) : std::max(1.0, scale));
    double maxAbs = 0, maxRel = 0;
    std::int64_t firstBad = -1;
    for (size_t i = 0; i < expected.data.size(); ++i) {
        const double e = expected.data[i], a = actual.data[i];
        if (std::isnan(e) && std::isnan(a))
            continue;
        if (std::isinf(e) && e == a)
            continue;
        const double err = std::fabs(a - e);
        // A value stored as an 8-bit float: the 16-bit value before the cast may differ as any bf16 output may
        // (torch's kernels round elsewhere), and the cast then lands one format step apart at most.
        const double step = fp8Spacing(expected.dtype, std::max(std::fabs(e), std::fabs(a)));
        const bool bad = step > 0 ? !(err <= step + relativeTolerance("bfloat16") * std::fabs(e)) : !(err <= atol + rtol * std::fabs(e));
        if (std::isfinite(err)) {
            maxAbs = std::max(maxAbs, err);
            maxRel = std::max(maxRel, err / std::max(std::fabs(e), 1e-30));
        }
        if (bad && firstBad < 0)
            firstBad = static_cast<std::int64_t>(i);
    }
    if (firstBad < 0)
        return {};
    std::ostringstream s;
    if (std::isnan(actual.data[firstBad]) && !std::isnan(expected.data[firstBad])) {
        // NaN where the model has a number: almost always a read of an element never written.
        s << subject << " is NaN at flat index " << firstBad << " at " << sizesText(sizes) << " (expected " << expected.data[firstBad]
          << "): the program reads an element it never wrote (an uninitialised accumulator or tensor), or divides 0 by 0";
        return s.str();
    }
    s << subject << " differs" << against << " at " << sizesText(sizes) << ": max abs error " << maxAbs << ", max rel error " << maxRel
      << ", first bad flat index " << firstBad << " (expected " << expected.data[firstBad] << ", got " << actual.data[firstBad] << ")";
    return s.str();
}

void collectReads(const ir::Expr& e, std::set<std::string>& out)
{
    if (e.kind == ir::ExprKind::Access)
        out.insert(e.name);
    for (const ir::Expr& a : e.args)
        collectReads(a, out);
}

// Per statement tree: which tensors each @op block (0: none) writes and reads, loop bounds and guards included.
void collectAccesses(const std::vector<ir::Stmt>& stmts, std::map<int, std::set<std::string>>& writes,
                     std::map<int, std::set<std::string>>& reads)
{
    for (const ir::Stmt& s : stmts) {
        std::set<std::string>& r = reads[s.opBlock];
        if (s.kind == ir::StmtKind::Assign) {
            writes[s.opBlock].insert(s.target.name);
            for (const ir::Expr& index : s.target.args)
                collectReads(index, r);
            collectReads(s.value, r);
            if (s.op != ir::AssignOp::Set)
                r.insert(s.target.name);
            continue;
        }
        for (const ir::LoopRange& range : s.ranges) {
            collectReads(range.lo, r);
            collectReads(range.hi, r);
        }
        if (s.kind == ir::StmtKind::If)
            collectReads(s.cond, r);
        collectAccesses(s.body, writes, reads);
        collectAccesses(s.orelse, writes, reads);
    }
}

} // namespace

std::string torchDtypeName(ir::DType type)
{
    switch (type) {
    case ir::DType::F64: return "float64";
    case ir::DType::F16: return "float16";
    case ir::DType::BF16: return "bfloat16";
    default: return ir::isFloat(type) ? "float32" : "int64";
    }
}

/// The tolerance for an untrusted program (LLM): a few hundred rounding steps of the dtype, growing with the square
/// root of the longest reduction the program does at these sizes and with how many reductions it chains. Tight
/// enough that different maths fails (GELU's tanh form, a biased variance), loose enough for a different summation
/// order. docs/llm-frontend.md gives the rule and its measured false-accept rate.
double programTolerance(const ir::Program& program, const ir::SizeBindings& sizes, const std::string& dtype, int lastLine)
{
    const double eps = dtype == "float64" ? 2.2e-16 : dtype == "float16" ? 9.8e-4 : dtype == "bfloat16" ? 7.8e-3 : 1.19e-7;
    const auto g = graph::liftProgram(program, sizes);
    double deepest = 1;
    int reductions = 0;
    if (g) {
        for (const auto& n : g->nodes) {
            if (n.points <= 0 || n.line > lastLine)
                continue;
            const auto& t = g->tensors[static_cast<size_t>(n.write.tensor)];
            double outputs = 1;
            for (auto d : t.shape)
                outputs *= static_cast<double>(std::max<std::int64_t>(1, d));
            const double depth = n.points / std::max(1.0, std::min(outputs, n.points));
            if (depth > 1.5) {
                deepest = std::max(deepest, depth);
                ++reductions;
            }
        }
    }
    return 64 * eps * std::sqrt(deepest) * std::max(1, reductions);
}

OutputCheck compareOutputs(const std::vector<worker::ReferenceTensor>& expected, const ir::RunResult& run,
                           const std::vector<std::string>& names, const std::map<std::string, std::int64_t>& sizes, double rtolOverride)
{
    if (expected.size() != names.size())
        return {true,
                "the model returns " + std::to_string(expected.size()) + " tensors, the program has " + std::to_string(names.size())
                    + " outputs"};
    for (size_t o = 0; o < names.size(); ++o) {
        const ir::TensorValue* actual = run.find(names[o]);
        if (!actual || actual->data.size() != expected[o].data.size())
            // Shapes, not element counts: a transposed or flattened output is then plain to see.
            return {true,
                    "output " + std::to_string(o) + " ('" + names[o] + "') has shape "
                        + (actual ? formatShape(actual->shape) : std::string("(none)")) + ", the model's has shape "
                        + formatShape(expected[o].shape) + " at " + sizesText(sizes)};
        if (std::string differs
            = compareValues("output " + std::to_string(o) + " ('" + names[o] + "')", "", expected[o], *actual, sizes, rtolOverride);
            !differs.empty())
            return {false, std::move(differs)};
    }
    return {};
}

IntermediateCheck compareIntermediates(const ir::Program& reply, const ir::RunResult& replyRun, const trace::Lowered& source,
                                       const ir::RunResult& sourceRun, const ir::SizeBindings& sourceSizes,
                                       const std::map<std::string, std::int64_t>& sizes)
{
    IntermediateCheck check;
    // The source's values per line: tensors every write of which is on that line (a later in-place op on another
    // line would leave the run's final value a different one), in the order the program first writes them.
    std::map<std::string, std::set<int>> linesWriting;
    std::map<std::string, int> lastWrite; // the program line of a tensor's last write
    std::vector<std::string> order;
    ir::forEachAssign(source.program.body, [&](const ir::Stmt& s) {
        const auto origin = source.originOfLine.find(s.loc.line);
        lastWrite[s.target.name] = std::max(lastWrite[s.target.name], s.loc.line);
        auto& lines = linesWriting[s.target.name];
        if (lines.empty())
            order.push_back(s.target.name);
        lines.insert(origin != source.originOfLine.end() ? origin->second.sourceLine : 0);
    });
    std::map<int, std::vector<const ir::TensorValue*>> valuesOfLine;
    for (const std::string& name : order)
        if (const auto& lines = linesWriting[name]; lines.size() == 1 && *lines.begin() > 0)
            if (const ir::TensorValue* t = sourceRun.find(name))
                valuesOfLine[*lines.begin()].push_back(t);

    std::map<int, std::set<std::string>> writes, reads;
    collectAccesses(reply.body, writes, reads);
    std::set<std::string> outputs;
    for (const auto& d : reply.decls)
        if (d.kind == ir::DeclKind::Tensor && d.tensorKind == ir::TensorKind::Out)
            outputs.insert(d.name);
    for (size_t b = 0; b < reply.ops.size(); ++b) {
        const int block = static_cast<int>(b) + 1, line = reply.ops[b].sourceLine;
        const auto values = valuesOfLine.find(line);
        if (line <= 0 || values == valuesOfLine.end())
            continue;
        for (const std::string& name : writes[block]) {
            // The block's result: its final value is the block's own (no other block or statement writes it), and
            // something outside the block reads it or it is an output.
            bool writtenElsewhere = false, usedElsewhere = outputs.count(name) > 0;
            for (const auto& [other, names] : writes)
                writtenElsewhere = writtenElsewhere || (other != block && names.count(name));
            for (const auto& [other, names] : reads)
                usedElsewhere = usedElsewhere || (other != block && names.count(name));
            const ir::TensorValue* actual = replyRun.find(name);
            if (writtenElsewhere || !usedElsewhere || !actual)
                continue;
            std::string firstDifference;
            bool comparable = false, matched = false;
            for (auto it = values->second.rbegin(); it != values->second.rend() && !matched; ++it) {
                const ir::TensorValue& value = **it;
                if (value.shape != actual->shape)
                    continue;
                comparable = true;
                const worker::ReferenceTensor expected {value.shape, torchDtypeName(value.dtype), value.data};
                // The tolerance of the reductions that lead to this value, not the whole program's: an elementwise
                // intermediate has none, and the depth of a final pool would let GELU's tanh form through again.
                const double rtol = programTolerance(source.program, sourceSizes, expected.dtype, lastWrite[value.name]);
                const std::string differs = compareValues(name + " (the result of the @op block \"" + reply.ops[b].label
                                                              + "\" for source line " + std::to_string(line) + ")",
                                                          " from what the source computes on that line", expected, *actual, sizes, rtol);
                matched = differs.empty();
                if (firstDifference.empty())
                    firstDifference = differs; // against the line's last value: what the line returns
            }
            check.compared += comparable;
            if (comparable && !matched && check.difference.empty())
                check.difference = firstDifference;
        }
    }
    return check;
}

} // namespace solar::validate
