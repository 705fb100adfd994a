// SPDX-License-Identifier: MIT
// The Lowerer: naming, emitting statements and assembling the program; the op templates live in the
// ops_*.cpp family files, view mapping in views.cpp.
#include "engine/frontend/trace/lowering/lowerer.h"

#include "engine/ir/parser.h"
#include "engine/ir/printer.h"

#include <algorithm>
#include <cctype>
#include <cmath>
#include <numeric>
#include <sstream>

namespace solar::trace {

const std::set<std::string>& viewOps()
{
    static const std::set<std::string> ops = {"aten::view",
                                              "aten::_unsafe_view",
                                              "aten::_reshape_alias",
                                              "aten::reshape",
                                              "aten::t",
                                              "aten::transpose",
                                              "aten::permute",
                                              "aten::expand",
                                              "aten::unsqueeze",
                                              "aten::squeeze",
                                              "aten::select",
                                              "aten::slice",
                                              "aten::split",
                                              "aten::unsafe_split",
                                              "aten::split_with_sizes",
                                              "aten::unsafe_split_with_sizes",
                                              "aten::unbind",
                                              "aten::chunk",
                                              "aten::narrow",
                                              "aten::detach",
                                              "aten::alias",
                                              "aten::view_as_complex",
                                              "aten::view_as_real",
                                              "aten::lift_fresh",
                                              "aten::as_strided",
                                              "aten::diagonal",
                                              "aten::unfold",
                                              "aten::view_as",
                                              "aten::expand_as",
                                              "aten::flatten",
                                              "aten::unflatten",
                                              "aten::movedim",
                                              "aten::swapaxes",
                                              "aten::numpy_T",
                                              "aten::_view",
                                              "aten::as_strided_",
                                              "aten::squeeze_",
                                              "aten::unsqueeze_",
                                              "aten::transpose_",
                                              "aten::t_"};
    return ops;
}

std::string num(double v)
{
    return ir::formatNumber(v); // "2.0": a float literal keeps float arithmetic; "nan", "inf" as ALIR spells them
}

std::string real(const Dim& d)
{
    return d.symbolic() ? "cast<f64>(" + d.text() + ")" : num(static_cast<double>(d.value()));
}

std::string dtypeOf(const std::string& torchDtype)
{
    static const std::map<std::string, std::string> map = {{"float32", "f32"},
                                                           {"float64", "f64"},
                                                           {"float16", "f16"},
                                                           {"bfloat16", "bf16"},
                                                           {"int64", "i64"},
                                                           {"int32", "i32"},
                                                           {"int16", "i16"},
                                                           {"int8", "i8"},
                                                           {"uint8", "u8"},
                                                           // ALIR's wider integers are signed: same bytes (JAX's
                                                           // PRNG key data is uint32)
                                                           {"uint16", "i16"},
                                                           {"uint32", "i32"},
                                                           {"uint64", "i64"},
                                                           {"bool", "bool"},
                                                           {"float8_e4m3fn", "fp8e4m3"},
                                                           {"float8_e5m2", "fp8e5m2"},
                                                           {"float8_e4m3fnuz", "fp8e4m3"},
                                                           {"float8_e5m2fnuz", "fp8e5m2"},
                                                           // Bytes as stored: two e2m1 values per packed element; an
                                                           // e8m0 scale is one byte (ALIR has no exponent-only type)
                                                           {"float4_e2m1fn_x2", "u8"},
                                                           {"float8_e8m0fnu", "u8"}};
    const auto it = map.find(torchDtype);
    return it == map.end() ? "f32" : it->second;
}

bool isIntegral(const std::string& alirDtype)
{
    return alirDtype[0] == 'i' || alirDtype[0] == 'u';
}

Dim product(const Shape& s)
{
    Dim p = 1;
    for (const Dim& d : s)
        p *= d;
    return p;
}

std::int64_t normDim(std::int64_t d, size_t rank)
{
    return d < 0 ? d + static_cast<std::int64_t>(rank) : d;
}

std::string firstTensor(const TracedOp& op)
{
    for (const auto& a : op.args) {
        if (a.kind == TraceArg::Tensor)
            return a.text;
    }
    return {};
}

std::string join(const Index& idx)
{
    std::string s;
    for (size_t i = 0; i < idx.size(); ++i)
        s += (i ? ", " : "") + idx[i];
    return s;
}

Index vars(size_t n, const char* prefix)
{
    Index v;
    for (size_t i = 0; i < n; ++i)
        v.push_back(prefix + std::to_string(i));
    return v;
}

std::string loops(const Index& v, const Shape& extents)
{
    std::string s = "for ";
    for (size_t i = 0; i < v.size(); ++i)
        s += (i ? ", " : "") + v[i] + " in 0.." + str(extents[i]);
    return s + " ";
}

// A loop nest around `body` ({}-less when there are no loops).
std::string nest(const Index& v, const Shape& extents, const std::string& body)
{
    if (v.empty())
        return body;
    return loops(v, extents) + "{\n  " + body + "\n}";
}

double scalar(const TraceArg& a, double fallback)
{
    if (a.kind == TraceArg::Int)
        return static_cast<double>(a.intValue);
    if (a.kind == TraceArg::Float)
        return a.floatValue;
    if (a.kind == TraceArg::Bool)
        return a.boolValue ? 1 : 0;
    return fallback;
}

std::vector<std::int64_t> ints(const TraceArg& a)
{
    std::vector<std::int64_t> v;
    if (a.kind == TraceArg::Int)
        v.push_back(a.intValue);
    for (const auto& x : a.items)
        v.push_back(x.intValue);
    return v;
}

std::vector<Dim> dims(const TraceArg& a)
{
    std::vector<Dim> v;
    if (a.kind == TraceArg::Int)
        v.push_back(a.dim());
    for (const auto& x : a.items)
        v.push_back(x.dim());
    return v;
}

ReduceShape reduceShape(const Shape& in, std::vector<std::int64_t> dims, bool keepdim)
{
    if (dims.empty())
        for (size_t d = 0; d < in.size(); ++d)
            dims.push_back(static_cast<std::int64_t>(d));
    std::set<std::int64_t> red;
    for (auto d : dims)
        red.insert(normDim(d, in.size()));
    ReduceShape r;
    for (size_t d = 0; d < in.size(); ++d) {
        if (red.count(static_cast<std::int64_t>(d))) {
            const std::string v = "_r" + std::to_string(r.innerV.size());
            r.innerV.push_back(v);
            r.inner.push_back(in[d]);
            r.inputIdx.push_back(v);
            if (keepdim)
                r.outputIdx.push_back("0");
        } else {
            const std::string v = "_i" + std::to_string(r.outerV.size());
            r.outerV.push_back(v);
            r.outer.push_back(in[d]);
            r.inputIdx.push_back(v);
            r.outputIdx.push_back(v);
        }
    }
    return r;
}

Lowerer::Lowerer(const TraceResult& t)
    : m_trace(t)
{
    for (const auto& name : t.symbols)
        m_used.insert(name); // the size parameters: no tensor takes their names
}

Expected<Lowered> Lowerer::run()
{
    for (const auto& x : m_trace.tensors)
        m_info[x.name] = &x;
    // Views first: an op listed as a view makes its outputs aliases of its first tensor argument.
    for (size_t i = 0; i < m_trace.ops.size(); ++i) {
        const TracedOp& op = m_trace.ops[i];
        m_current = static_cast<int>(i);
        // An in-place write (its output named as an argument) changes the tensor's base and every view of it.
        for (const auto& o : op.outputs) {
            const bool inPlace = o.kind == TraceArg::Tensor && std::any_of(op.args.begin(), op.args.end(), [&](const TraceArg& a) {
                                     return a.kind == TraceArg::Tensor && a.text == o.text;
                                 });
            if (!inPlace)
                continue;
            const std::string root = rootOf(o.text);
            m_positionMasks.invalidate(root);
            for (const auto& [view, base] : m_viewOf)
                if (base == root)
                    m_positionMasks.invalidate(view);
        }
        m_positionMasks.record(op, [this](const std::string& name) -> const TracedTensor& { return info(name); });
        if (op.op == "solar::folded")
            continue; // a product lowered at its back-reshape (foldFlattenedMatmuls): its flattened rows are unused
        if (isViewOp(op.op)) {
            const std::string base = firstTensor(op);
            for (const auto& o : op.outputs) {
                if (o.kind == TraceArg::Tensor && !base.empty() && o.text != base)
                    m_viewOf[o.text] = rootOf(base);
            }
            ++m_result.viewsFolded;
            continue;
        }
        try {
            m_currentOp = static_cast<int>(i);
            lowerOp(op);
            ++m_result.opsLowered;
        } catch (const Unsupported& u) {
            m_result.unsupported.push_back({static_cast<int>(i), op.op + (u.why.empty() ? "" : " (" + u.why + ")"), op.line});
            m_body.resize(m_bodyMark);
            // Its results still exist for the ops after it: they enter the program as given values. An op that
            // writes in place through a view (inv[perm] = arange(n) on a detached alias) changed its base: the base
            // is a given value too, or it would be read without ever being written.
            for (const auto& o : op.outputs) {
                if (o.kind != TraceArg::Tensor)
                    continue;
                const std::string root = rootOf(o.text);
                if (computedBefore(root, i)) {
                    // An in-place op on a tensor earlier statements wrote: what they wrote stays as written; from
                    // here on the tensor is a new given value (its own declaration, read as an input).
                    const TracedTensor& base = info(root);
                    const std::string given = scratch(root + "_given", base.shape, base.dtype, "intermediate");
                    m_uncomputed.insert(given);
                    m_updates[root] = given;
                    continue;
                }
                m_uncomputed.insert(o.text);
                m_uncomputed.insert(root);
            }
        }
    }
    materializeViewOutputs();
    assemble();
    m_result.alirNameOf = m_names;
    for (const auto& o : m_trace.outputs) {
        const std::string stored = versionOf(o);
        m_result.outputs.push_back(m_names.count(stored) ? m_names.at(stored) : std::string());
    }
    auto parsed = ir::parseProgram(m_result.text, m_trace.file + ".alir");
    if (!parsed)
        return Expected<Lowered>::failure(parsed.diagnostics());
    m_result.program = std::move(parsed).value();
    return m_result;
}

std::string Lowerer::rootOf(const std::string& name) const
{
    const auto it = m_viewOf.find(name);
    return it == m_viewOf.end() ? name : it->second;
}

const TracedTensor& Lowerer::info(const std::string& name) const
{
    const auto it = m_info.find(name);
    if (it == m_info.end())
        throw Unsupported {"unknown tensor " + name};
    return *it->second;
}

std::string Lowerer::alirName(const std::string& traced)
{
    const auto it = m_names.find(traced);
    if (it != m_names.end())
        return it->second;
    std::string n;
    for (char c : traced)
        n += std::isalnum(static_cast<unsigned char>(c)) ? c : '_';
    if (n.empty() || !std::isalpha(static_cast<unsigned char>(n[0])))
        n = "x" + n;
    while (ir::isKeyword(n) || m_used.count(n))
        n += "_";
    m_used.insert(n);
    m_names[traced] = n;
    m_declOrder.push_back(traced);
    return n;
}

// Whether an op before op `before` that lowered produced `root` (or an in-place update already replaced it).
bool Lowerer::computedBefore(const std::string& root, size_t before) const
{
    if (m_updates.count(root))
        return true;
    if (m_uncomputed.count(root) || !writable(root))
        return false;
    for (size_t k = 0; k < before && k < m_trace.ops.size(); ++k)
        for (const auto& out : m_trace.ops[k].outputs)
            if (out.kind == TraceArg::Tensor && rootOf(out.text) == root)
                return true;
    return false;
}

// The access to element `idx` of a traced tensor, through its view onto the underlying tensor if it is one.
std::string Lowerer::at(const std::string& traced, const Index& idx)
{
    const std::string root = rootOf(traced);
    const std::string storage = versionOf(root);
    if (root == traced)
        return alirName(storage) + "[" + join(idx) + "]";
    return alirName(storage) + "[" + join(mapView(info(traced), info(root), idx)) + "]";
}

// In-place writes to a tensor the program only reads (an input, a parameter, a buffer such as batch norm's
// running statistics, a value from an op without a template) go to an updated copy, which is an output.
bool Lowerer::writable(const std::string& root) const
{
    if (m_uncomputed.count(root))
        return false;
    const std::string& role = info(root).role;
    return role == "intermediate" || role == "output";
}

std::string Lowerer::versionOf(const std::string& root) const
{
    const auto it = m_updates.find(root);
    return it == m_updates.end() ? root : it->second;
}

void Lowerer::prepareWrite(const std::string& traced)
{
    const std::string root = rootOf(traced);
    if (writable(root) || m_updates.count(root))
        return;
    const TracedTensor& base = info(root);
    const std::string updated = scratch(root + "_new", base.shape, base.dtype, "output");
    if (traced != root) { // a partial write: the rest of the tensor keeps its values
        const Index v = vars(base.shape.size());
        const std::string source = at(root, v);
        m_updates[root] = updated;
        emit(nest(v, base.shape, at(root, v) + " = " + source + ";"));
        return;
    }
    m_updates[root] = updated;
}

void Lowerer::emit(const std::string& text)
{
    std::istringstream lines(text);
    std::string line;
    while (std::getline(lines, line))
        m_body.push_back({"  " + line, m_current});
}

void Lowerer::emitComparisons(const std::string& text)
{
    const size_t first = m_body.size();
    emit(text);
    for (size_t i = first; i < m_body.size(); ++i)
        m_comparisonBody.insert(i);
}

// The output's variables indexing an input broadcast to the output's shape (numpy rules, aligned right).
std::string Lowerer::bcast(const TraceArg& a, const Index& outVars, const Shape& outShape)
{
    if (a.kind == TraceArg::Int)
        return a.dim().atom();
    if (a.kind == TraceArg::Float)
        return num(a.floatValue);
    if (a.kind == TraceArg::Bool)
        return a.boolValue ? "1" : "0";
    if (a.kind != TraceArg::Tensor)
        throw Unsupported {"unsupported argument"};
    const TracedTensor& t = info(a.text);
    const size_t n = outVars.size(), m = t.shape.size();
    if (m > n)
        throw Unsupported {"operand rank above the output's"};
    Index idx;
    for (size_t j = 0; j < m; ++j) {
        const size_t od = n - m + j;
        idx.push_back(t.shape[j] == 1 && outShape[od] != 1 ? "0" : outVars[od]);
    }
    return at(a.text, idx);
}

const TraceArg& Lowerer::arg(const TracedOp& op, size_t i) const
{
    static const TraceArg none;
    return i < op.args.size() ? op.args[i] : none;
}

std::string Lowerer::out(const TracedOp& op, size_t i) const
{
    if (i >= op.outputs.size() || op.outputs[i].kind != TraceArg::Tensor)
        throw Unsupported {"no tensor output"};
    return op.outputs[i].text;
}

// Store of an expression into element `idx` of a tensor, cast when the tensor is integral or bool (torch 2.x
// records torch.ones(..., dtype=bool) as aten::ones, whose template writes 1.0).
std::string Lowerer::store(const std::string& traced, const Index& idx, const std::string& expr, const char* op)
{
    prepareWrite(traced);
    const std::string dt = dtypeOf(info(traced).dtype);
    const std::string e = isIntegral(dt) || dt == "bool" ? "cast<" + dt + ">(" + expr + ")" : expr;
    return at(traced, idx) + " " + op + " " + e + ";";
}

void Lowerer::elementwise(const TracedOp& op, const std::function<std::string(const Index&, const Shape&)>& expr)
{
    const std::string o = out(op);
    const Shape& shape = info(o).shape;
    const Index v = vars(shape.size());
    emit(nest(v, shape, store(o, v, expr(v, shape))));
}

void Lowerer::unary(const TracedOp& op, const std::function<std::string(const std::string&)>& f)
{
    elementwise(op, [&](const Index& v, const Shape& s) { return f(bcast(arg(op, 0), v, s)); });
}

void Lowerer::binary(const TracedOp& op, const std::function<std::string(const std::string&, const std::string&)>& f)
{
    elementwise(op, [&](const Index& v, const Shape& s) { return f(bcast(arg(op, 0), v, s), bcast(arg(op, 1), v, s)); });
}

void Lowerer::noteIndexRange(const std::string& ids, const Dim& extent)
{
    const std::string root = versionOf(rootOf(ids)); // the version read (a given value after an in-place op)
    const auto it = m_indexRange.find(root);
    if (it == m_indexRange.end() || extent < it->second)
        m_indexRange[root] = extent;
}

// A tmp tensor the lowering needs (softmax's row maxima, ...), declared once.
std::string Lowerer::scratch(const std::string& traced, const Shape& shape, const std::string& dtype, const char* role)
{
    if (!m_scratch.count(traced)) {
        m_scratch[traced] = TracedTensor {traced, shape, {}, 0, dtype, role};
        m_info[traced] = &m_scratch[traced];
    }
    return traced;
}

// The model returns a view: copy it out, as the caller receives it.
void Lowerer::materializeViewOutputs()
{
    m_current = static_cast<int>(m_trace.ops.size()) - 1;
    m_viewBodyBegin = m_body.size();
    for (const auto& o : m_trace.outputs) {
        if (!m_viewOf.count(o) || m_current < 0)
            continue;
        const Shape& shape = info(o).shape;
        const Index v = vars(shape.size());
        const std::string source = at(o, v);
        m_viewOf.erase(o);
        emit(nest(v, shape, store(o, v, source)));
    }
}

void Lowerer::assemble()
{
    std::string params;
    for (const auto& name : m_trace.symbols)
        params += (params.empty() ? "" : ", ") + name + "=" + std::to_string(m_trace.constants.at(name));
    std::string text = "# Lowered from " + m_trace.file + " (" + m_trace.model + ")\nkernel " + kernelName() + "(" + params + ") {\n";
    int line = 3;
    // Tensors in order of first mention; views are not declared (their consumers read the base).
    std::set<std::string> outputs(m_trace.outputs.begin(), m_trace.outputs.end());
    std::vector<std::string> declared;
    for (const auto& traced : m_declOrder) {
        const TracedTensor& t = info(traced);
        std::string kind = "tmp";
        if (t.role == "input")
            kind = "in";
        else if (t.role == "parameter" || t.role == "buffer" || t.role == "constant")
            kind = "weight";
        if (m_uncomputed.count(traced))
            kind = "in"; // produced by an op without a template: not counted, read as a given value
        if (t.role == "output")
            kind = "out";
        if (outputs.count(traced))
            kind = "out";
        // A buffer that the program updates (batch norm running statistics) stays a weight: it is read too.
        std::string shape;
        for (size_t i = 0; i < t.shape.size(); ++i)
            shape += (i ? ", " : "") + str(t.shape[i]);
        std::string init;
        if (kind == "weight" && t.role == "constant" && !t.values.empty()
            && static_cast<std::int64_t>(t.values.size()) == product(t.shape)) {
            kind = "const";
            for (size_t i = 0; i < t.values.size(); ++i)
                init += (i ? ", " : "") + ir::formatNumber(t.values[i]);
            init = " = {" + init + "}";
        }
        std::string range;
        if (const auto r = m_indexRange.find(traced); r != m_indexRange.end() && kind == "in" && isIntegral(dtypeOf(t.dtype)))
            range = " @range(0, " + str(r->second) + ")";
        text += "  " + kind + " " + m_names.at(traced) + ": " + dtypeOf(t.dtype) + "[" + shape + "]" + range + init + ";\n";
        ++line;
    }
    // An output that is a view of another tensor (or of an input) is copied out, as torch returns it.
    for (size_t i = 0; i < m_body.size(); ++i) {
        const auto& [text2, opIndex] = m_body[i];
        text += text2 + "\n";
        const TracedOp& traced = m_trace.ops[opIndex];
        m_result.originOfLine[line] = {opIndex, traced.runsAs.empty() ? traced.op : traced.runsAs, traced.line, traced.module};
        if (i >= m_viewBodyBegin)
            m_result.viewLines.insert(line);
        if (m_comparisonBody.count(i))
            m_result.comparisonLines.insert(line);
        ++line;
    }
    text += "}\n";
    m_result.text = text;
}

std::string Lowerer::kernelName() const
{
    std::string base = m_trace.file;
    const auto slash = base.find_last_of('/');
    if (slash != std::string::npos)
        base = base.substr(slash + 1);
    const auto dot = base.find_last_of('.');
    if (dot != std::string::npos)
        base = base.substr(0, dot);
    std::string n;
    for (char c : base)
        n += std::isalnum(static_cast<unsigned char>(c)) ? c : '_';
    if (n.empty() || !std::isalpha(static_cast<unsigned char>(n[0])))
        n = "model_" + n;
    return n;
}

const std::map<std::string, OpTemplate>& opTemplates()
{
    // The names do not collide: ATen ops are "aten::" or "solar::", JAX primitives "jax::".
    static const std::map<std::string, OpTemplate> all = [] {
        std::map<std::string, OpTemplate> merged = atenOpTemplates();
        merged.insert(jaxOpTemplates().begin(), jaxOpTemplates().end());
        return merged;
    }();
    return all;
}

void Lowerer::lowerOp(const TracedOp& op)
{
    m_bodyMark = m_body.size();
    std::string name = op.op;
    // In-place variants (add_) write their first argument, which the trace names as the output; dunder ops
    // (__rshift__) are names of their own.
    if (name.size() > 1 && name.back() == '_' && name != "aten::_" && !name.ends_with("__"))
        name.pop_back();
    const auto& table = opTemplates();
    const auto it = table.find(name);
    if (it == table.end())
        throw Unsupported {};
    it->second(*this, op, name);
}

bool isViewOp(const std::string& aten)
{
    return viewOps().count(aten) > 0 || aten.rfind("jax::view_", 0) == 0; // the JAX tracer names its views so
}

Expected<Lowered> lowerTrace(const TraceResult& trace)
{
    const TraceResult folded = foldFlattenedMatmuls(complexAsReal(trace));
    return Lowerer(folded).run();
}

void applyProvenance(graph::EinsumGraph& graph, const Lowered& lowered)
{
    for (auto& node : graph.nodes) {
        const auto it = lowered.originOfLine.find(node.line);
        if (it == lowered.originOfLine.end())
            continue;
        node.kernel = it->second.op;
        node.sourceOp = it->second.aten;
        node.sourceLine = it->second.sourceLine;
        node.modulePath = it->second.module;
        if (lowered.viewLines.count(node.line))
            node.view = true; // not a note: notes are approximations, and a free view is exact
        if (lowered.comparisonLines.count(node.line) && node.otherOps > 0) {
            node.otherOps = node.transcendentalOps = 0;
            node.approx = true;
            node.notes.push_back(it->second.aten
                                 + ": its comparisons are not counted as arithmetic (a comparison sort "
                                   "does at least n log2 n of them; ALIR spells the ranks and the permutation with n^2 additions)");
        }
    }
    graph::countExternalTraffic(graph);
}

} // namespace solar::trace
