// SPDX-License-Identifier: MIT
#include "engine/frontend/trace/lowering.h"

#include "engine/ir/parser.h"
#include "engine/ir/printer.h"

#include <algorithm>
#include <cmath>
#include <cctype>
#include <functional>
#include <numeric>
#include <set>
#include <sstream>

namespace solar::trace {

namespace {

using Shape = std::vector<std::int64_t>;
using Index = std::vector<std::string>;

const std::set<std::string>& viewOps()
{
    static const std::set<std::string> ops = {
        "aten::view", "aten::_unsafe_view", "aten::_reshape_alias", "aten::reshape", "aten::t", "aten::transpose",
        "aten::permute", "aten::expand", "aten::unsqueeze", "aten::squeeze", "aten::select", "aten::slice",
        "aten::split", "aten::unsafe_split", "aten::split_with_sizes", "aten::unsafe_split_with_sizes",
        "aten::unbind", "aten::chunk", "aten::narrow", "aten::detach", "aten::alias", "aten::lift_fresh",
        "aten::as_strided", "aten::diagonal", "aten::unfold", "aten::view_as", "aten::expand_as", "aten::flatten",
        "aten::unflatten", "aten::movedim", "aten::swapaxes", "aten::numpy_T", "aten::_view", "aten::as_strided_",
        "aten::squeeze_", "aten::unsqueeze_", "aten::transpose_", "aten::t_"};
    return ops;
}

std::string num(double v)
{
    if (v == static_cast<double>(static_cast<long long>(v)) && std::abs(v) < 1e15)
        return ir::formatNumber(v); // "2.0": a float literal keeps float arithmetic
    return ir::formatNumber(v);
}

std::string dtypeOf(const std::string& torchDtype)
{
    static const std::map<std::string, std::string> map = {
        {"float32", "f32"}, {"float64", "f64"}, {"float16", "f16"}, {"bfloat16", "bf16"}, {"int64", "i64"},
        {"int32", "i32"}, {"int16", "i16"}, {"int8", "i8"}, {"uint8", "u8"}, {"bool", "bool"},
        {"float8_e4m3fn", "fp8e4m3"}, {"float8_e5m2", "fp8e5m2"}};
    const auto it = map.find(torchDtype);
    return it == map.end() ? "f32" : it->second;
}

bool isIntegral(const std::string& alirDtype)
{
    return alirDtype[0] == 'i' || alirDtype[0] == 'u';
}

std::int64_t product(const Shape& s)
{
    return std::accumulate(s.begin(), s.end(), std::int64_t(1), std::multiplies<>());
}

std::int64_t normDim(std::int64_t d, size_t rank)
{
    return d < 0 ? d + static_cast<std::int64_t>(rank) : d;
}

struct Unsupported
{
    std::string why;
};

class Lowerer
{
public:
    explicit Lowerer(const TraceResult& t)
        : m_trace(t)
    {
    }

    Expected<Lowered> run()
    {
        for (const auto& x : m_trace.tensors)
            m_info[x.name] = &x;
        // Views first: an op listed as a view makes its outputs aliases of its first tensor argument.
        for (size_t i = 0; i < m_trace.ops.size(); ++i) {
            const TracedOp& op = m_trace.ops[i];
            m_current = static_cast<int>(i);
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
                // Its results still exist for the ops after it: they enter the program as given values.
                for (const auto& o : op.outputs) {
                    if (o.kind == TraceArg::Tensor)
                        m_uncomputed.insert(o.text);
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

private:
    // ---- tensors ----
    static std::string firstTensor(const TracedOp& op)
    {
        for (const auto& a : op.args) {
            if (a.kind == TraceArg::Tensor)
                return a.text;
        }
        return {};
    }

    std::string rootOf(const std::string& name) const
    {
        const auto it = m_viewOf.find(name);
        return it == m_viewOf.end() ? name : it->second;
    }

    const TracedTensor& info(const std::string& name) const
    {
        const auto it = m_info.find(name);
        if (it == m_info.end())
            throw Unsupported {"unknown tensor " + name};
        return *it->second;
    }

    std::string alirName(const std::string& traced)
    {
        const auto it = m_names.find(traced);
        if (it != m_names.end())
            return it->second;
        std::string n;
        for (char c : traced)
            n += std::isalnum(static_cast<unsigned char>(c)) ? c : '_';
        if (n.empty() || !std::isalpha(static_cast<unsigned char>(n[0])))
            n = "x" + n;
        static const std::set<std::string> reserved = {"kernel", "let", "in", "weight", "out", "tmp", "const", "for",
                                                       "if", "else", "step", "cast", "inf", "nan"};
        while (reserved.count(n) || m_used.count(n))
            n += "_";
        m_used.insert(n);
        m_names[traced] = n;
        m_declOrder.push_back(traced);
        return n;
    }

    // The access to element `idx` of a traced tensor, through its view onto the underlying tensor if it is one.
    std::string at(const std::string& traced, const Index& idx)
    {
        const std::string root = rootOf(traced);
        const std::string storage = versionOf(root);
        if (root == traced)
            return alirName(storage) + "[" + join(idx) + "]";
        return alirName(storage) + "[" + join(mapView(info(traced), info(root), idx)) + "]";
    }

    // In-place writes to a tensor the program only reads (an input, a parameter, a buffer such as batch norm's
    // running statistics, a value from an op without a template) go to an updated copy, which is an output.
    bool writable(const std::string& root) const
    {
        if (m_uncomputed.count(root))
            return false;
        const std::string& role = info(root).role;
        return role == "intermediate" || role == "output";
    }

    std::string versionOf(const std::string& root) const
    {
        const auto it = m_updates.find(root);
        return it == m_updates.end() ? root : it->second;
    }

    void prepareWrite(const std::string& traced)
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

    // Element (i_0, ..., i_n) of a view sits at storage offset + sum(stride_d * i_d); the base's element at
    // multi-index r sits at sum(baseStride_d * r_d). Each view dimension whose stride is a multiple of one base
    // stride maps to that base dimension (affine); when the digits would not stay in range (a reshape that merges
    // dimensions) the flat position is unravelled with // and % (quasi-affine).
    Index mapView(const TracedTensor& view, const TracedTensor& base, const Index& idx)
    {
        const size_t br = base.shape.size();
        Shape bstride = base.stride;
        if (bstride.size() != br) {
            bstride.assign(br, 1);
            for (int d = static_cast<int>(br) - 2; d >= 0; --d)
                bstride[d] = bstride[d + 1] * std::max<std::int64_t>(base.shape[d + 1], 1);
        }
        // Base dimensions by decreasing stride (the storage order).
        std::vector<int> order(br);
        std::iota(order.begin(), order.end(), 0);
        std::stable_sort(order.begin(), order.end(), [&](int a, int b) { return bstride[a] > bstride[b]; });
        const std::int64_t offset = viewOffset(view);
        // Affine attempt.
        std::vector<std::int64_t> digit(br, 0);
        std::int64_t rest = offset;
        for (int d : order) {
            if (base.shape[d] <= 1 || bstride[d] <= 0)
                continue;
            digit[d] = rest / bstride[d];
            rest %= bstride[d];
        }
        bool affine = rest == 0;
        std::vector<std::vector<std::pair<std::int64_t, size_t>>> terms(br); // coefficient, view dim
        std::vector<std::int64_t> maxDigit = digit;
        for (size_t v = 0; v < view.shape.size() && affine; ++v) {
            const std::int64_t s = v < view.stride.size() ? view.stride[v] : 0;
            if (view.shape[v] <= 1 || s == 0)
                continue;
            bool placed = false;
            for (int d : order) {
                if (base.shape[d] <= 1 || bstride[d] <= 0 || s % bstride[d] != 0)
                    continue;
                const std::int64_t coef = s / bstride[d];
                terms[d].push_back({coef, v});
                maxDigit[d] += coef * (view.shape[v] - 1);
                placed = true;
                break;
            }
            affine = placed;
        }
        for (size_t d = 0; d < br && affine; ++d)
            affine = maxDigit[d] < std::max<std::int64_t>(base.shape[d], 1);
        Index out(br);
        if (affine) {
            for (size_t d = 0; d < br; ++d) {
                std::string e = digit[d] ? std::to_string(digit[d]) : "";
                for (const auto& [coef, v] : terms[d]) {
                    const std::string term = coef == 1 ? idx[v] : std::to_string(coef) + " * " + idx[v];
                    e = e.empty() ? term : e + " + " + term;
                }
                out[d] = e.empty() ? "0" : e;
            }
            return out;
        }
        std::string flat = std::to_string(offset);
        for (size_t v = 0; v < view.shape.size(); ++v) {
            const std::int64_t s = v < view.stride.size() ? view.stride[v] : 0;
            if (s != 0 && view.shape[v] > 1)
                flat += " + " + (s == 1 ? idx[v] : std::to_string(s) + " * " + idx[v]);
        }
        for (size_t d = 0; d < br; ++d)
            out[d] = base.shape[d] <= 1 ? "0" : "(" + flat + ") // " + std::to_string(bstride[d]) + " % " + std::to_string(base.shape[d]);
        return out;
    }

    std::int64_t viewOffset(const TracedTensor& view) const { return view.offset; }

    static std::string join(const Index& idx)
    {
        std::string s;
        for (size_t i = 0; i < idx.size(); ++i)
            s += (i ? ", " : "") + idx[i];
        return s;
    }

    // ---- statements ----
    void emit(const std::string& text)
    {
        std::istringstream lines(text);
        std::string line;
        while (std::getline(lines, line))
            m_body.push_back({"  " + line, m_current});
    }

    static Index vars(size_t n, const char* prefix = "_i")
    {
        Index v;
        for (size_t i = 0; i < n; ++i)
            v.push_back(prefix + std::to_string(i));
        return v;
    }

    static std::string loops(const Index& v, const Shape& extents)
    {
        std::string s = "for ";
        for (size_t i = 0; i < v.size(); ++i)
            s += (i ? ", " : "") + v[i] + " in 0.." + std::to_string(extents[i]);
        return s + " ";
    }

    // A loop nest around `body` ({}-less when there are no loops).
    static std::string nest(const Index& v, const Shape& extents, const std::string& body)
    {
        if (v.empty())
            return body;
        return loops(v, extents) + "{\n  " + body + "\n}";
    }

    // The output's variables indexing an input broadcast to the output's shape (numpy rules, aligned right).
    std::string bcast(const TraceArg& a, const Index& outVars, const Shape& outShape)
    {
        if (a.kind == TraceArg::Int)
            return std::to_string(a.intValue);
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

    const TraceArg& arg(const TracedOp& op, size_t i) const
    {
        static const TraceArg none;
        return i < op.args.size() ? op.args[i] : none;
    }

    std::string out(const TracedOp& op, size_t i = 0) const
    {
        if (i >= op.outputs.size() || op.outputs[i].kind != TraceArg::Tensor)
            throw Unsupported {"no tensor output"};
        return op.outputs[i].text;
    }

    static double scalar(const TraceArg& a, double fallback)
    {
        if (a.kind == TraceArg::Int)
            return static_cast<double>(a.intValue);
        if (a.kind == TraceArg::Float)
            return a.floatValue;
        if (a.kind == TraceArg::Bool)
            return a.boolValue ? 1 : 0;
        return fallback;
    }

    static std::vector<std::int64_t> ints(const TraceArg& a)
    {
        std::vector<std::int64_t> v;
        if (a.kind == TraceArg::Int)
            v.push_back(a.intValue);
        for (const auto& x : a.items)
            v.push_back(x.intValue);
        return v;
    }

    // Store of an expression into element `idx` of a tensor, cast when the tensor is integral.
    std::string store(const std::string& traced, const Index& idx, const std::string& expr, const char* op = "=")
    {
        prepareWrite(traced);
        const std::string dt = dtypeOf(info(traced).dtype);
        const std::string e = isIntegral(dt) ? "cast<" + dt + ">(" + expr + ")" : expr;
        return at(traced, idx) + " " + op + " " + e + ";";
    }

    void elementwise(const TracedOp& op, const std::function<std::string(const Index&, const Shape&)>& expr)
    {
        const std::string o = out(op);
        const Shape& shape = info(o).shape;
        const Index v = vars(shape.size());
        emit(nest(v, shape, store(o, v, expr(v, shape))));
    }

    void unary(const TracedOp& op, const std::function<std::string(const std::string&)>& f)
    {
        elementwise(op, [&](const Index& v, const Shape& s) { return f(bcast(arg(op, 0), v, s)); });
    }

    void binary(const TracedOp& op, const std::function<std::string(const std::string&, const std::string&)>& f)
    {
        elementwise(op, [&](const Index& v, const Shape& s) { return f(bcast(arg(op, 0), v, s), bcast(arg(op, 1), v, s)); });
    }

    // ---- op templates ----
    void lowerOp(const TracedOp& op)
    {
        m_bodyMark = m_body.size();
        std::string name = op.op;
        if (name.size() > 1 && name.back() == '_' && name != "aten::_")
            name.pop_back(); // in-place variants write their first argument, which the trace names as the output
        static const std::map<std::string, std::function<std::string(const std::string&)>> unaryOps = {
            {"aten::relu", [](const std::string& x) { return "relu(" + x + ")"; }},
            {"aten::sigmoid", [](const std::string& x) { return "sigmoid(" + x + ")"; }},
            {"aten::tanh", [](const std::string& x) { return "tanh(" + x + ")"; }},
            {"aten::silu", [](const std::string& x) { return "silu(" + x + ")"; }},
            {"aten::mish", [](const std::string& x) { return "mish(" + x + ")"; }},
            {"aten::exp", [](const std::string& x) { return "exp(" + x + ")"; }},
            {"aten::log", [](const std::string& x) { return "log(" + x + ")"; }},
            {"aten::log1p", [](const std::string& x) { return "log1p(" + x + ")"; }},
            {"aten::expm1", [](const std::string& x) { return "expm1(" + x + ")"; }},
            {"aten::sqrt", [](const std::string& x) { return "sqrt(" + x + ")"; }},
            {"aten::rsqrt", [](const std::string& x) { return "rsqrt(" + x + ")"; }},
            {"aten::abs", [](const std::string& x) { return "abs(" + x + ")"; }},
            {"aten::neg", [](const std::string& x) { return "-(" + x + ")"; }},
            {"aten::reciprocal", [](const std::string& x) { return "reciprocal(" + x + ")"; }},
            {"aten::sin", [](const std::string& x) { return "sin(" + x + ")"; }},
            {"aten::cos", [](const std::string& x) { return "cos(" + x + ")"; }},
            {"aten::erf", [](const std::string& x) { return "erf(" + x + ")"; }},
            {"aten::sign", [](const std::string& x) { return "sign(" + x + ")"; }},
            {"aten::floor", [](const std::string& x) { return "floor(" + x + ")"; }},
            {"aten::ceil", [](const std::string& x) { return "ceil(" + x + ")"; }},
            {"aten::round", [](const std::string& x) { return "round(" + x + ")"; }},
            {"aten::hardsigmoid", [](const std::string& x) { return "hardsigmoid(" + x + ")"; }},
            {"aten::hardswish", [](const std::string& x) { return "hardswish(" + x + ")"; }},
            {"aten::logical_not", [](const std::string& x) { return "!(" + x + " != 0)"; }},
            {"aten::clone", [](const std::string& x) { return x; }},
            {"aten::contiguous", [](const std::string& x) { return x; }},
            {"aten::_to_copy", [](const std::string& x) { return x; }},
            {"aten::to", [](const std::string& x) { return x; }},
            {"aten::gelu", [](const std::string& x) { return "gelu(" + x + ")"; }},
        };
        static const std::map<std::string, std::string> binaryOps = {
            {"aten::mul", " * "}, {"aten::div", " / "}, {"aten::eq", " == "}, {"aten::ne", " != "},
            {"aten::lt", " < "}, {"aten::le", " <= "}, {"aten::gt", " > "}, {"aten::ge", " >= "},
            {"aten::remainder", " % "}};

        if (name == "aten::gelu" && arg(op, 1).kind == TraceArg::String && arg(op, 1).text == "tanh")
            return unary(op, [](const std::string& x) { return "gelu_tanh(" + x + ")"; });
        if (name == "aten::copy") // copy_(self, src): self = src
            return elementwise(op, [&](const Index& v, const Shape& s) { return bcast(arg(op, 1), v, s); });
        if (const auto it = unaryOps.find(name); it != unaryOps.end())
            return unary(op, it->second);
        if (const auto it = binaryOps.find(name); it != binaryOps.end()) {
            const std::string sym = it->second;
            if (name == "aten::div" && (op.kwargs.count("rounding_mode") || arg(op, 2).kind == TraceArg::String))
                throw Unsupported {"rounding division"};
            return binary(op, [&](const std::string& a, const std::string& b) { return "(" + a + sym + b + ")"; });
        }
        if (name == "aten::add" || name == "aten::sub" || name == "aten::rsub") {
            double alpha = scalar(arg(op, 2), 1.0);
            if (op.kwargs.count("alpha"))
                alpha = scalar(op.kwargs.at("alpha"), 1.0);
            const std::string sym = name == "aten::add" ? " + " : " - ";
            const bool reversed = name == "aten::rsub";
            return binary(op, [&](const std::string& a, const std::string& b) {
                const std::string scaled = alpha == 1.0 ? b : num(alpha) + " * " + b;
                return reversed ? "(" + scaled + " - " + a + ")" : "(" + a + sym + scaled + ")";
            });
        }
        if (name == "aten::maximum" || name == "aten::minimum" || name == "aten::pow" || name == "aten::atan2" || name == "aten::fmod") {
            const std::string fn = name.substr(6) == "maximum" ? "max" : name.substr(6) == "minimum" ? "min" : name.substr(6);
            return binary(op, [&](const std::string& a, const std::string& b) { return fn + "(" + a + ", " + b + ")"; });
        }
        if (name == "aten::clamp" || name == "aten::clamp_min" || name == "aten::clamp_max" || name == "aten::hardtanh") {
            const bool hard = name == "aten::hardtanh";
            const TraceArg lo = name == "aten::clamp_max" ? TraceArg {} : arg(op, 1);
            const TraceArg hi = name == "aten::clamp_min" ? TraceArg {} : arg(op, name == "aten::clamp_max" ? 1 : 2);
            const double l = hard ? scalar(lo, -1) : scalar(lo, 0), h = hard ? scalar(hi, 1) : scalar(hi, 0);
            const bool hasLo = hard || lo.kind == TraceArg::Int || lo.kind == TraceArg::Float;
            const bool hasHi = hard || hi.kind == TraceArg::Int || hi.kind == TraceArg::Float;
            return unary(op, [&](const std::string& x) {
                std::string e = x;
                if (hasLo)
                    e = "max(" + e + ", " + num(l) + ")";
                if (hasHi)
                    e = "min(" + e + ", " + num(h) + ")";
                return e;
            });
        }
        if (name == "aten::leaky_relu") {
            const double slope = scalar(arg(op, 1), 0.01);
            return unary(op, [&](const std::string& x) { return "leaky_relu(" + x + ", " + num(slope) + ")"; });
        }
        if (name == "aten::elu") {
            const double alpha = scalar(arg(op, 1), 1.0), scale = scalar(arg(op, 2), 1.0), inputScale = scalar(arg(op, 3), 1.0);
            return unary(op, [&](const std::string& x) {
                return num(scale) + " * (" + x + " > 0 ? " + x + " : " + num(alpha) + " * expm1(" + num(inputScale) + " * " + x + "))";
            });
        }
        if (name == "aten::softplus") {
            const double beta = scalar(arg(op, 1), 1.0), threshold = scalar(arg(op, 2), 20.0);
            return unary(op, [&](const std::string& x) {
                return "(" + num(beta) + " * " + x + " > " + num(threshold) + " ? " + x + " : log1p(exp(" + num(beta) + " * " + x + ")) / " + num(beta) + ")";
            });
        }
        if (name == "aten::where") {
            return elementwise(op, [&](const Index& v, const Shape& s) {
                return "(" + bcast(arg(op, 0), v, s) + " != 0 ? " + bcast(arg(op, 1), v, s) + " : " + bcast(arg(op, 2), v, s) + ")";
            });
        }
        if (name == "aten::masked_fill") {
            return elementwise(op, [&](const Index& v, const Shape& s) {
                return "(" + bcast(arg(op, 1), v, s) + " != 0 ? " + bcast(arg(op, 2), v, s) + " : " + bcast(arg(op, 0), v, s) + ")";
            });
        }
        if (name == "aten::fill" || name == "aten::zero" || name == "aten::zeros" || name == "aten::ones" || name == "aten::full"
            || name == "aten::zeros_like" || name == "aten::ones_like" || name == "aten::full_like" || name == "aten::scalar_tensor") {
            double value = 0;
            if (name == "aten::fill" || name == "aten::full_like")
                value = scalar(arg(op, 1), 0);
            else if (name == "aten::ones" || name == "aten::ones_like")
                value = 1;
            else if (name == "aten::full")
                value = scalar(arg(op, 1), 0);
            else if (name == "aten::scalar_tensor")
                value = scalar(arg(op, 0), 0);
            return elementwise(op, [&](const Index&, const Shape&) { return num(value); });
        }
        if (name == "aten::arange") {
            // arange(end), arange.start(start, end), arange.start_step(start, end, step): start + i * step.
            double start = 0, step = 1;
            if (op.overload == "start" || op.overload == "start_step")
                start = scalar(arg(op, 0), 0);
            if (op.overload == "start_step")
                step = scalar(arg(op, 2), 1);
            return elementwise(op, [&](const Index& v, const Shape&) {
                const std::string i = v.empty() ? std::string("0") : v[0];
                if (start == 0 && step == 1)
                    return i;
                return "(" + num(start) + " + " + i + " * " + num(step) + ")";
            });
        }
        if (name == "aten::eye")
            return elementwise(op, [&](const Index& v, const Shape&) { return "(" + v[0] + " == " + v[1] + " ? 1 : 0)"; });
        if (name == "aten::bernoulli" || name == "aten::rand" || name == "aten::rand_like" || name == "aten::randn"
            || name == "aten::randn_like" || name == "aten::uniform" || name == "aten::normal") {
            // ALIR has no random numbers: the statement writes the distribution's mean, which costs what the
            // draw costs in traffic (one write per element) and keeps dropout's rescaling an identity. The model
            // is marked random, so validation does not compare its outputs.
            auto kwargOr = [&](const char* key, size_t position, double fallback) {
                if (const auto k = op.kwargs.find(key); k != op.kwargs.end())
                    return scalar(k->second, fallback);
                return scalar(arg(op, position), fallback);
            };
            if (name == "aten::bernoulli" && arg(op, 1).kind == TraceArg::None && !op.kwargs.count("p")) {
                elementwise(op, [&](const Index& v, const Shape& s) { return bcast(arg(op, 0), v, s); }); // p per element
                m_result.randomOps.push_back({m_currentOp, op.op, op.line});
                return;
            }
            double mean = 0;
            if (name == "aten::bernoulli")
                mean = kwargOr("p", 1, 0.5);
            else if (name == "aten::rand" || name == "aten::rand_like")
                mean = 0.5;
            else if (name == "aten::uniform")
                mean = (kwargOr("from", 1, 0) + kwargOr("to", 2, 1)) / 2;
            else if (name == "aten::normal")
                mean = kwargOr("mean", 1, 0);
            elementwise(op, [&](const Index&, const Shape&) { return num(mean); });
            m_result.randomOps.push_back({m_currentOp, op.op, op.line}); // only once lowered: else it is unsupported
            return;
        }
        if (name == "aten::empty" || name == "aten::empty_like" || name == "aten::empty_strided" || name == "aten::new_empty")
            return; // no data yet: the op that fills it pays for the writes
        if (name == "aten::mm" || name == "aten::bmm" || name == "aten::addmm" || name == "aten::mv" || name == "aten::baddbmm")
            return matmul(op, name);
        if (name == "aten::convolution" || name == "aten::_convolution")
            return convolution(op);
        if (name == "aten::_softmax" || name == "aten::softmax" || name == "aten::_log_softmax" || name == "aten::log_softmax")
            return softmax(op, name.find("log") != std::string::npos);
        if (name == "aten::sum" || name == "aten::mean" || name == "aten::amax" || name == "aten::amin" || name == "aten::prod"
            || name == "aten::max" || name == "aten::min" || name == "aten::argmax" || name == "aten::argmin"
            || name == "aten::logsumexp" || name == "aten::norm" || name == "aten::linalg_vector_norm")
            return reduction(op, name);
        if (name == "aten::cumsum" || name == "aten::cumprod")
            return scan(op, name == "aten::cumsum");
        if (name == "aten::cat")
            return cat(op);
        if (name == "aten::constant_pad_nd")
            return pad(op);
        if (name == "aten::native_layer_norm")
            return layerNorm(op);
        if (name == "aten::native_batch_norm" || name == "aten::_native_batch_norm_legit" || name == "aten::_native_batch_norm_legit_no_training")
            return batchNorm(op, name);
        if (name == "aten::native_group_norm")
            return groupNorm(op);
        if (name == "aten::max_pool1d_with_indices" || name == "aten::max_pool2d_with_indices" || name == "aten::max_pool3d_with_indices"
            || name == "aten::avg_pool1d" || name == "aten::avg_pool2d" || name == "aten::avg_pool3d")
            return pool(op, name);
        if (name == "solar::scaled_dot_product_attention")
            return attention(op);
        if (name == "aten::triu" || name == "aten::tril") {
            const std::int64_t k = arg(op, 1).kind == TraceArg::Int ? arg(op, 1).intValue : 0;
            const bool upper = name == "aten::triu";
            return elementwise(op, [&](const Index& v, const Shape& shape) {
                const std::string i = v[v.size() - 2], j = v[v.size() - 1];
                const std::string keep = upper ? j + " - " + i + " >= " + std::to_string(k) : j + " - " + i + " <= " + std::to_string(k);
                return keep + " ? " + bcast(arg(op, 0), v, shape) + " : 0.0";
            });
        }
        if (name == "aten::flip") {
            const std::string x = arg(op, 0).text;
            const Shape& xs = info(x).shape;
            std::set<std::int64_t> dims;
            for (auto d : ints(arg(op, 1)))
                dims.insert(normDim(d, xs.size()));
            return elementwise(op, [&](const Index& v, const Shape&) {
                Index xi = v;
                for (auto d : dims)
                    xi[d] = std::to_string(xs[d] - 1) + " - " + v[d];
                return at(x, xi);
            });
        }
        if (name == "aten::stack") {
            const std::string y = out(op);
            const Shape& ys = info(y).shape;
            const std::int64_t dim = normDim(arg(op, 1).kind == TraceArg::Int ? arg(op, 1).intValue : 0, ys.size());
            std::int64_t k = 0;
            for (const auto& t : arg(op, 0).items) {
                const Shape& s2 = info(t.text).shape;
                const Index v = vars(s2.size());
                Index yi = v;
                yi.insert(yi.begin() + dim, std::to_string(k++));
                emit(nest(v, s2, store(y, yi, at(t.text, v))));
            }
            return;
        }
        if (name == "aten::xlogy")
            return binary(op, [](const std::string& a, const std::string& b) { return "(" + a + " == 0 ? 0.0 : " + a + " * log(" + b + "))"; });
        if (name == "aten::mse_loss" || name == "aten::smooth_l1_loss" || name == "aten::l1_loss" || name == "aten::huber_loss")
            return pointwiseLoss(op, name);
        if (name == "aten::nll_loss_forward" || name == "aten::nll_loss")
            return nllLoss(op);
        if (name == "aten::var" || name == "aten::std" || name == "aten::var_mean" || name == "aten::std_mean")
            return variance(op, name);
        if (name == "aten::embedding" || name == "aten::index_select" || name == "aten::gather" || name == "aten::index")
            return indexing(op, name);
        if (name == "aten::_adaptive_avg_pool2d" || name == "aten::_adaptive_avg_pool3d" || name == "aten::adaptive_avg_pool1d"
            || name == "aten::adaptive_max_pool1d" || name == "aten::adaptive_max_pool2d" || name == "aten::adaptive_max_pool3d")
            return adaptivePool(op, name);
        throw Unsupported {};
    }

    // var / std (with Bessel's correction as given) and their _mean variants: the mean, then the centred sum of
    // squares, as torch's two-pass kernel computes them.
    void variance(const TracedOp& op, const std::string& name)
    {
        const std::string x = arg(op, 0).text;
        const Shape& xs = info(x).shape;
        std::vector<std::int64_t> dims = ints(arg(op, 1));
        if (dims.empty())
            for (size_t d = 0; d < xs.size(); ++d)
                dims.push_back(static_cast<std::int64_t>(d));
        double correction = 1;
        bool keepdim = false;
        if (arg(op, 2).kind == TraceArg::Bool)
            correction = arg(op, 2).boolValue ? 1 : 0; // var.dim(self, dim, unbiased, keepdim)
        else if (arg(op, 2).kind == TraceArg::Int || arg(op, 2).kind == TraceArg::Float)
            correction = scalar(arg(op, 2), 1);
        if (arg(op, 3).kind == TraceArg::Bool)
            keepdim = arg(op, 3).boolValue;
        if (op.kwargs.count("correction") && op.kwargs.at("correction").kind != TraceArg::None)
            correction = scalar(op.kwargs.at("correction"), 1);
        if (op.kwargs.count("unbiased"))
            correction = op.kwargs.at("unbiased").boolValue ? 1 : 0;
        if (op.kwargs.count("keepdim"))
            keepdim = op.kwargs.at("keepdim").boolValue;
        const ReduceShape r = reduceShape(xs, dims, keepdim);
        const std::string y = out(op, 0);
        const bool withMean = name == "aten::var_mean" || name == "aten::std_mean";
        const std::string m = withMean ? out(op, 1) : scratch(y + "_mean", info(y).shape, info(y).dtype);
        double count = 1;
        for (auto e : r.inner)
            count *= static_cast<double>(e);
        const std::string in = at(x, r.inputIdx), mt = at(m, r.outputIdx), vt = at(y, r.outputIdx);
        const std::string finish = name == "aten::std" || name == "aten::std_mean" ? "sqrt(" + vt + " / " : "(" + vt + " / ";
        const std::string denominator = correction == 0 ? num(count) : "(" + num(count) + " - " + num(correction) + ")";
        const std::string body = mt + " = 0;\n  " + loops(r.innerV, r.inner) + "{ " + mt + " += " + in + " / " + num(count) + "; }\n  " + vt
            + " = 0;\n  " + loops(r.innerV, r.inner) + "{ " + vt + " += (" + in + " - " + mt + ") * (" + in + " - " + mt + "); }\n  " + vt
            + " = " + finish + denominator + ");";
        emit(r.outerV.empty() ? body : loops(r.outerV, r.outer) + "{\n  " + body + "\n}");
    }

    // Reads at integer positions taken from a tensor: embedding rows, index_select, gather, and x[..., idx, ...]
    // with one index tensor. The indices' valid range is recorded so generated inputs stay in bounds.
    void indexing(const TracedOp& op, const std::string& name)
    {
        const std::string y = out(op);
        const Shape& ys = info(y).shape;
        const Index v = vars(ys.size());
        if (name == "aten::embedding") {
            const std::string w = arg(op, 0).text, ids = arg(op, 1).text;
            const Shape& is = info(ids).shape;
            const Index iv(v.begin(), v.begin() + static_cast<std::ptrdiff_t>(is.size()));
            noteIndexRange(ids, info(w).shape[0]);
            return emit(nest(v, ys, store(y, v, at(w, {at(ids, iv), v.back()}))));
        }
        const std::string x = arg(op, 0).text;
        const Shape& xs = info(x).shape;
        if (name == "aten::index") {
            const TraceArg& list = arg(op, 1);
            int position = -1;
            for (size_t k = 0; k < list.items.size(); ++k) {
                if (list.items[k].kind == TraceArg::Tensor) {
                    if (position >= 0)
                        throw Unsupported {"indexing with more than one index tensor"};
                    position = static_cast<int>(k);
                } else if (list.items[k].kind != TraceArg::None) {
                    throw Unsupported {"indexing with a non-tensor index"};
                }
            }
            if (position < 0)
                throw Unsupported {"indexing without an index tensor"};
            const std::string ids = list.items[static_cast<size_t>(position)].text;
            if (dtypeOf(info(ids).dtype) == "bool")
                throw Unsupported {"boolean mask indexing (data-dependent output size)"};
            const size_t ir = info(ids).shape.size(), p = static_cast<size_t>(position);
            const Index iv(v.begin() + static_cast<std::ptrdiff_t>(p), v.begin() + static_cast<std::ptrdiff_t>(p + ir));
            Index xi(v.begin(), v.begin() + static_cast<std::ptrdiff_t>(p));
            xi.push_back(at(ids, iv));
            xi.insert(xi.end(), v.begin() + static_cast<std::ptrdiff_t>(p + ir), v.end());
            noteIndexRange(ids, xs[p]);
            return emit(nest(v, ys, store(y, v, at(x, xi))));
        }
        const std::int64_t dim = normDim(arg(op, 1).intValue, xs.size());
        const std::string ids = arg(op, 2).text;
        noteIndexRange(ids, xs[static_cast<size_t>(dim)]);
        Index xi = v;
        xi[static_cast<size_t>(dim)] = name == "aten::index_select" ? at(ids, {v[static_cast<size_t>(dim)]}) : at(ids, v);
        emit(nest(v, ys, store(y, v, at(x, xi))));
    }

    void noteIndexRange(const std::string& ids, std::int64_t extent)
    {
        const std::string root = rootOf(ids);
        const auto it = m_indexRange.find(root);
        m_indexRange[root] = it == m_indexRange.end() ? extent : std::min(it->second, extent);
    }

    // Adaptive pooling: output i of n along an input extent L reads [floor(i*L/n), ceil((i+1)*L/n)), torch's
    // windows, which may overlap and differ in length; the average divides by each window's own length.
    void adaptivePool(const TracedOp& op, const std::string& name)
    {
        const bool isMax = name.find("max") != std::string::npos;
        const std::string x = arg(op, 0).text, y = out(op, 0);
        const Shape& xs = info(x).shape;
        const Shape& ys = info(y).shape;
        const size_t sp = name.find("1d") != std::string::npos ? 1 : name.find("2d") != std::string::npos ? 2 : 3;
        const size_t lead = xs.size() - sp;
        const Index v = vars(ys.size());
        Index xi(v.begin(), v.begin() + static_cast<std::ptrdiff_t>(lead));
        std::string tapLoops, length;
        for (size_t d = 0; d < sp; ++d) {
            const std::string t = "_t" + std::to_string(d), i = v[lead + d];
            const std::string L = std::to_string(xs[lead + d]), n = std::to_string(ys[lead + d]);
            if (xs[lead + d] % ys[lead + d] == 0) {
                // Equal, disjoint windows: plain pooling with kernel = stride = L / n.
                const std::string k = std::to_string(xs[lead + d] / ys[lead + d]);
                tapLoops += (tapLoops.empty() ? "for " : ", ") + t + " in 0.." + k;
                length += (length.empty() ? "" : " * ") + k;
                xi.push_back(k == "1" ? i : k + " * " + i + " + " + t);
                continue;
            }
            const std::string start = "(" + i + " * " + L + ") // " + n, end = "((" + i + " + 1) * " + L + " + " + n + " - 1) // " + n;
            tapLoops += (tapLoops.empty() ? "for " : ", ") + t + " in " + start + ".." + end;
            length += (length.empty() ? "" : " * ") + std::string("(") + end + " - " + start + ")";
            xi.push_back(t);
        }
        const std::string target = at(y, v);
        std::string body;
        if (isMax)
            body = target + " = -inf;\n  " + tapLoops + " { " + target + " max= " + at(x, xi) + "; }";
        else
            body = target + " = 0;\n  " + tapLoops + " { " + target + " += " + at(x, xi) + "; }\n  " + target + " = " + target + " / cast<f64>("
                + length + ");";
        emit(loops(v, ys) + "{\n  " + body + "\n}");
        if (isMax)
            poolIndices(op, x, v, ys, xi, lead, sp, tapLoops, "", target);
    }

    // C = beta * bias + alpha * A @ B, batched when the operands are 3-D.
    void matmul(const TracedOp& op, const std::string& name)
    {
        const bool withBias = name == "aten::addmm" || name == "aten::baddbmm";
        const std::string a = arg(op, withBias ? 1 : 0).text, b = arg(op, withBias ? 2 : 1).text;
        const std::string c = out(op);
        const Shape& cs = info(c).shape;
        const Shape& as = info(a).shape;
        double beta = 1, alpha = 1;
        if (withBias) {
            beta = op.kwargs.count("beta") ? scalar(op.kwargs.at("beta"), 1) : scalar(arg(op, 3), 1);
            alpha = op.kwargs.count("alpha") ? scalar(op.kwargs.at("alpha"), 1) : scalar(arg(op, 4), 1);
        }
        const Index v = vars(cs.size());
        const std::int64_t k = as.back();
        Index ai, bi;
        if (name == "aten::mv") {
            ai = {v[0], "_k"};
            bi = {"_k"};
        } else if (cs.size() == 3) {
            ai = {v[0], v[1], "_k"};
            bi = {v[0], "_k", v[2]};
        } else {
            ai = {v[0], "_k"};
            bi = {"_k", v[1]};
        }
        const std::string init = withBias ? (beta == 1 ? "" : num(beta) + " * ") + bcast(arg(op, 0), v, cs) : "0";
        const std::string prod = (alpha == 1 ? "" : num(alpha) + " * ") + at(a, ai) + " * " + at(b, bi);
        emit(loops(v, cs) + "{\n  " + store(c, v, init) + "\n  for _k in 0.." + std::to_string(k) + " { " + at(c, v) + " += " + prod
             + "; }\n}");
    }

    // N-d convolution, grouped, strided, padded, dilated, and transposed.
    void convolution(const TracedOp& op)
    {
        const std::string x = arg(op, 0).text, w = arg(op, 1).text;
        const TraceArg& bias = arg(op, 2);
        const auto stride = ints(arg(op, 3)), padding = ints(arg(op, 4)), dilation = ints(arg(op, 5));
        const bool transposed = arg(op, 6).kind == TraceArg::Bool && arg(op, 6).boolValue;
        const std::int64_t groups = arg(op, 8).kind == TraceArg::Int ? arg(op, 8).intValue : 1;
        const std::string y = out(op);
        const Shape& xs = info(x).shape;
        const Shape& ws = info(w).shape;
        const Shape& ys = info(y).shape;
        const size_t sp = xs.size() - 2;
        auto at3 = [&](const std::vector<std::int64_t>& v, size_t i) { return v.size() == 1 ? v[0] : v[i]; };
        const std::int64_t cin = xs[1], cout = ys[1], g = groups;
        const std::int64_t cg = cin / g, og = cout / g;
        // Output initialised to the bias (or 0).
        const Index yv = vars(ys.size());
        const std::string init = bias.kind == TraceArg::Tensor ? at(bias.text, {yv[1]}) : "0";
        emit(nest(yv, ys, store(y, yv, init)));
        std::string head = "for _b in 0.." + std::to_string(xs[0]) + ", _g in 0.." + std::to_string(g) + ", _o in 0.." + std::to_string(og)
            + ", _c in 0.." + std::to_string(cg);
        Index pos, tap;
        for (size_t d = 0; d < sp; ++d) {
            pos.push_back("_p" + std::to_string(d));
            tap.push_back("_r" + std::to_string(d));
        }
        std::string cond, yIdx, xIdx;
        const std::string outChan = "_g * " + std::to_string(og) + " + _o", inChan = "_g * " + std::to_string(cg) + " + _c";
        std::vector<std::string> window;
        for (size_t d = 0; d < sp; ++d) {
            const std::int64_t s = at3(stride, d), p = at3(padding, d), dl = at3(dilation, d);
            const std::string e = (s == 1 ? pos[d] : std::to_string(s) + " * " + pos[d]) + " + " + (dl == 1 ? tap[d] : std::to_string(dl) + " * " + tap[d])
                + (p ? " - " + std::to_string(p) : "");
            window.push_back(e);
            const std::int64_t limit = transposed ? ys[2 + d] : xs[2 + d];
            cond += (cond.empty() ? "" : " && ") + e + " >= 0 && " + e + " < " + std::to_string(limit);
            head += ", " + pos[d] + " in 0.." + std::to_string(transposed ? xs[2 + d] : ys[2 + d]) + ", " + tap[d] + " in 0.." + std::to_string(ws[2 + d]);
        }
        Index xi {"_b", inChan}, yi {"_b", outChan}, wi;
        if (!transposed) {
            xi.insert(xi.end(), window.begin(), window.end());
            yi.insert(yi.end(), pos.begin(), pos.end());
            wi = {outChan, "_c"};
        } else {
            xi.insert(xi.end(), pos.begin(), pos.end());
            yi.insert(yi.end(), window.begin(), window.end());
            wi = {inChan, "_o"};
        }
        wi.insert(wi.end(), tap.begin(), tap.end());
        const std::string body = at(y, yi) + " += " + at(x, xi) + " * " + at(w, wi) + ";";
        emit(head + " {\n  " + (cond.empty() ? body : "if (" + cond + ") { " + body + " }") + "\n}");
    }

    // The loop variables of an input with `dims` reduced: output positions for the others.
    struct ReduceShape
    {
        Shape outer, inner;  // extents of kept and reduced dims
        Index outerV, innerV;
        Index inputIdx, outputIdx;
    };

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

    void reduction(const TracedOp& op, const std::string& name)
    {
        const std::string x = arg(op, 0).text;
        const Shape& xs = info(x).shape;
        std::vector<std::int64_t> dims;
        bool keepdim = false;
        if (name == "aten::max" || name == "aten::min" || name == "aten::argmax" || name == "aten::argmin") {
            if (arg(op, 1).kind == TraceArg::Int)
                dims = {arg(op, 1).intValue};
            keepdim = arg(op, 2).kind == TraceArg::Bool && arg(op, 2).boolValue;
        } else if (name == "aten::norm" || name == "aten::linalg_vector_norm") {
            if (scalar(arg(op, 1), 2) != 2)
                throw Unsupported {"norm order other than 2"};
            dims = ints(arg(op, 2));
            keepdim = arg(op, 3).kind == TraceArg::Bool && arg(op, 3).boolValue;
        } else {
            dims = ints(arg(op, 1));
            keepdim = arg(op, 2).kind == TraceArg::Bool && arg(op, 2).boolValue;
        }
        if (op.kwargs.count("keepdim"))
            keepdim = op.kwargs.at("keepdim").boolValue;
        const ReduceShape r = reduceShape(xs, dims, keepdim);
        const std::string o = out(op);
        const std::string in = at(x, r.inputIdx);
        double count = 1;
        for (auto e : r.inner)
            count *= static_cast<double>(e);
        auto nestBody = [&](const std::string& init, const std::string& accumulate, const std::string& finish) {
            std::string s = loops(r.outerV, r.outer) + "{\n  " + init + "\n  " + loops(r.innerV, r.inner) + "{ " + accumulate + " }";
            if (!finish.empty())
                s += "\n  " + finish;
            s += "\n}";
            if (r.outerV.empty()) {
                s = init + "\n" + loops(r.innerV, r.inner) + "{ " + accumulate + " }" + (finish.empty() ? "" : "\n" + finish);
            }
            emit(s);
        };
        const std::string target = at(o, r.outputIdx);
        if (name == "aten::sum" || name == "aten::mean") {
            const std::string scale = name == "aten::mean" ? " / " + num(count) : "";
            return nestBody(target + " = 0;", target + " += " + in + scale + ";", "");
        }
        if (name == "aten::prod")
            return nestBody(target + " = 1;", target + " *= " + in + ";", "");
        if (name == "aten::amax" || name == "aten::amin" || name == "aten::max" || name == "aten::min") {
            const bool isMax = name == "aten::amax" || name == "aten::max";
            nestBody(target + " = " + (isMax ? "-inf" : "inf") + ";", target + (isMax ? " max= " : " min= ") + in + ";", "");
            if (op.outputs.size() > 1 && op.outputs[1].kind == TraceArg::Tensor && !r.innerV.empty())
                argIndex(op.outputs[1].text, r, in, target);
            return;
        }
        if (name == "aten::argmax" || name == "aten::argmin") {
            const bool isMax = name == "aten::argmax";
            const std::string m = scratch(o + "_value", r.outputIdx.empty() ? Shape {} : info(o).shape, info(x).dtype);
            const std::string mt = alirName(m) + "[" + join(r.outputIdx) + "]";
            nestBody(mt + " = " + (isMax ? "-inf" : "inf") + ";", mt + (isMax ? " max= " : " min= ") + in + ";", "");
            return argIndex(o, r, in, mt);
        }
        if (name == "aten::logsumexp") {
            const std::string m = scratch(o + "_max", info(o).shape, info(o).dtype);
            const std::string mt = alirName(m) + "[" + join(r.outputIdx) + "]";
            nestBody(mt + " = -inf;", mt + " max= " + in + ";", "");
            return nestBody(target + " = 0;", target + " += exp(" + in + " - " + mt + ");", target + " = log(" + target + ") + " + mt + ";");
        }
        // L2 norm.
        return nestBody(target + " = 0;", target + " += " + in + " * " + in + ";", target + " = sqrt(" + target + ");");
    }

    // The first position (in row-major order of the reduced dims) holding the extreme value, as torch returns.
    void argIndex(const std::string& indices, const ReduceShape& r, const std::string& in, const std::string& extreme)
    {
        std::string flat;
        std::int64_t scale = 1;
        for (int d = static_cast<int>(r.innerV.size()) - 1; d >= 0; --d) {
            const std::string term = scale == 1 ? r.innerV[d] : std::to_string(scale) + " * " + r.innerV[d];
            flat = flat.empty() ? term : term + " + " + flat;
            scale *= r.inner[d];
        }
        const std::string target = at(indices, r.outputIdx);
        const std::string body = target + " = " + std::to_string(scale) + ";\n  " + loops(r.innerV, r.inner) + "{ " + target
            + " min= " + in + " == " + extreme + " ? " + flat + " : " + std::to_string(scale) + "; }";
        emit(r.outerV.empty() ? body : loops(r.outerV, r.outer) + "{\n  " + body + "\n}");
    }

    // A tmp tensor the lowering needs (softmax's row maxima, ...), declared once.
    std::string scratch(const std::string& traced, const Shape& shape, const std::string& dtype, const char* role = "intermediate")
    {
        if (!m_scratch.count(traced)) {
            m_scratch[traced] = TracedTensor {traced, shape, {}, 0, dtype, role};
            m_info[traced] = &m_scratch[traced];
        }
        return traced;
    }

    void softmax(const TracedOp& op, bool log)
    {
        const std::string x = arg(op, 0).text, y = out(op);
        const Shape& xs = info(x).shape;
        const std::int64_t dim = normDim(arg(op, 1).intValue, xs.size());
        const ReduceShape r = reduceShape(xs, {dim}, true);
        Shape rowShape = xs;
        rowShape[dim] = 1;
        const std::string m = scratch(y + "_max", rowShape, info(y).dtype);
        const std::string z = scratch(y + "_sum", rowShape, info(y).dtype);
        const std::string mt = alirName(m) + "[" + join(r.outputIdx) + "]", zt = alirName(z) + "[" + join(r.outputIdx) + "]";
        const std::string in = at(x, r.inputIdx);
        const std::string value = log ? in + " - " + mt + " - log(" + zt + ")" : "exp(" + in + " - " + mt + ") / " + zt;
        std::string body = mt + " = -inf;\n  " + loops(r.innerV, r.inner) + "{ " + mt + " max= " + in + "; }\n  " + zt + " = 0;\n  "
            + loops(r.innerV, r.inner) + "{ " + zt + " += exp(" + in + " - " + mt + "); }\n  " + loops(r.innerV, r.inner) + "{ "
            + store(y, r.inputIdx, value) + " }";
        emit(r.outerV.empty() ? body : loops(r.outerV, r.outer) + "{\n  " + body + "\n}");
    }

    void scan(const TracedOp& op, bool sum)
    {
        const std::string x = arg(op, 0).text, y = out(op);
        const Shape& xs = info(x).shape;
        const std::int64_t dim = normDim(arg(op, 1).intValue, xs.size());
        Index v = vars(xs.size());
        Shape outer;
        Index outerV;
        for (size_t d = 0; d < xs.size(); ++d) {
            if (static_cast<std::int64_t>(d) != dim) {
                outer.push_back(xs[d]);
                outerV.push_back(v[d]);
            }
        }
        Index first = v, prev = v;
        first[dim] = "0";
        prev[dim] = v[dim] + " - 1";
        const std::string body = store(y, first, at(x, first)) + "\n  for " + v[dim] + " in 1.." + std::to_string(xs[dim]) + " { "
            + store(y, v, at(y, prev) + (sum ? " + " : " * ") + at(x, v)) + " }";
        emit(outerV.empty() ? body : loops(outerV, outer) + "{\n  " + body + "\n}");
    }

    void cat(const TracedOp& op)
    {
        const std::string y = out(op);
        const Shape& ys = info(y).shape;
        const std::int64_t dim = normDim(arg(op, 1).kind == TraceArg::Int ? arg(op, 1).intValue : 0, ys.size());
        std::int64_t offset = 0;
        for (const auto& t : arg(op, 0).items) {
            if (t.kind != TraceArg::Tensor)
                throw Unsupported {"non-tensor in cat"};
            const Shape& s = info(t.text).shape;
            if (product(s) == 0)
                continue; // torch.cat skips empty tensors
            const Index v = vars(s.size());
            Index yi = v;
            yi[dim] = offset ? v[dim] + " + " + std::to_string(offset) : v[dim];
            emit(nest(v, s, store(y, yi, at(t.text, v))));
            offset += s[dim];
        }
    }

    void pad(const TracedOp& op)
    {
        const std::string x = arg(op, 0).text, y = out(op);
        const auto p = ints(arg(op, 1));
        const double value = scalar(arg(op, 2), 0);
        const Shape& ys = info(y).shape;
        const Shape& xs = info(x).shape;
        const Index v = vars(ys.size());
        Index xi = v;
        std::string cond;
        // pad lists (left, right) pairs from the last dimension backwards.
        for (size_t i = 0; i * 2 < p.size(); ++i) {
            const size_t d = ys.size() - 1 - i;
            const std::int64_t left = p[2 * i];
            xi[d] = left ? v[d] + " - " + std::to_string(left) : v[d];
            cond += (cond.empty() ? "" : " && ") + xi[d] + " >= 0 && " + xi[d] + " < " + std::to_string(xs[d]);
        }
        emit(nest(v, ys, store(y, v, cond.empty() ? at(x, xi) : cond + " ? " + at(x, xi) + " : " + num(value))));
    }

    // Normalisation over the trailing dims: y = (x - mean) * rstd * w + b, with mean and rstd written too.
    void normalize(const std::string& x, const std::string& y, const ReduceShape& r, const std::string& mean, const std::string& rstd,
                   double eps, const std::function<std::string(const Index&)>& affine)
    {
        double count = 1;
        for (auto e : r.inner)
            count *= static_cast<double>(e);
        const std::string mt = at(mean, r.outputIdx), rt = at(rstd, r.outputIdx), in = at(x, r.inputIdx);
        std::string text = mt + " = 0;\n  " + loops(r.innerV, r.inner) + "{ " + mt + " += " + in + " / " + num(count) + "; }\n  " + rt + " = 0;\n  "
            + loops(r.innerV, r.inner) + "{ " + rt + " += (" + in + " - " + mt + ") * (" + in + " - " + mt + ") / " + num(count) + "; }\n  " + rt
            + " = rsqrt(" + rt + " + " + num(eps) + ");\n  " + loops(r.innerV, r.inner) + "{ "
            + store(y, r.inputIdx, "(" + in + " - " + mt + ") * " + rt + affine(r.inputIdx)) + " }";
        emit(r.outerV.empty() ? text : loops(r.outerV, r.outer) + "{\n  " + text + "\n}");
    }

    void layerNorm(const TracedOp& op)
    {
        const std::string x = arg(op, 0).text;
        const Shape& xs = info(x).shape;
        const auto normalized = ints(arg(op, 1));
        const TraceArg& w = arg(op, 2);
        const TraceArg& b = arg(op, 3);
        const double eps = scalar(arg(op, 4), 1e-5);
        std::vector<std::int64_t> dims;
        for (size_t i = 0; i < normalized.size(); ++i)
            dims.push_back(static_cast<std::int64_t>(xs.size() - normalized.size() + i));
        const ReduceShape r = reduceShape(xs, dims, true);
        const std::string y = out(op, 0), mean = out(op, 1), rstd = out(op, 2);
        normalize(x, y, r, mean, rstd, eps, [&](const Index& idx) {
            Index tail(idx.end() - static_cast<std::ptrdiff_t>(normalized.size()), idx.end());
            std::string s;
            if (w.kind == TraceArg::Tensor)
                s += " * " + at(w.text, tail);
            if (b.kind == TraceArg::Tensor)
                s += " + " + at(b.text, tail);
            return s;
        });
    }

    void groupNorm(const TracedOp& op)
    {
        // x [N, C, *] viewed as [N, G, C/G * HxW]; mean/rstd [N, G].
        const std::string x = arg(op, 0).text;
        const Shape& xs = info(x).shape;
        const TraceArg& w = arg(op, 1);
        const TraceArg& b = arg(op, 2);
        const std::int64_t g = arg(op, 6).intValue;
        const double eps = scalar(arg(op, 7), 1e-5);
        const std::string y = out(op, 0), mean = out(op, 1), rstd = out(op, 2);
        const std::int64_t cg = xs[1] / g;
        std::int64_t hw = 1;
        for (size_t d = 2; d < xs.size(); ++d)
            hw *= xs[d];
        const double count = static_cast<double>(cg * hw);
        Index spatial;
        std::string sLoops;
        for (size_t d = 2; d < xs.size(); ++d) {
            spatial.push_back("_s" + std::to_string(d - 2));
            sLoops += ", " + spatial.back() + " in 0.." + std::to_string(xs[d]);
        }
        Index xi {"_n", "_g * " + std::to_string(cg) + " + _c"};
        xi.insert(xi.end(), spatial.begin(), spatial.end());
        const std::string in = at(x, xi), mt = at(mean, {"_n", "_g"}), rt = at(rstd, {"_n", "_g"});
        const std::string inner = "for _c in 0.." + std::to_string(cg) + sLoops + " ";
        std::string affine;
        if (w.kind == TraceArg::Tensor)
            affine += " * " + at(w.text, {xi[1]});
        if (b.kind == TraceArg::Tensor)
            affine += " + " + at(b.text, {xi[1]});
        emit("for _n in 0.." + std::to_string(xs[0]) + ", _g in 0.." + std::to_string(g) + " {\n  " + mt + " = 0;\n  " + inner + "{ " + mt
             + " += " + in + " / " + num(count) + "; }\n  " + rt + " = 0;\n  " + inner + "{ " + rt + " += (" + in + " - " + mt + ") * (" + in
             + " - " + mt + ") / " + num(count) + "; }\n  " + rt + " = rsqrt(" + rt + " + " + num(eps) + ");\n  " + inner + "{ "
             + store(y, xi, "(" + in + " - " + mt + ") * " + rt + affine) + " }\n}");
    }

    void batchNorm(const TracedOp& op, const std::string& name)
    {
        const std::string x = arg(op, 0).text;
        const Shape& xs = info(x).shape;
        const TraceArg& w = arg(op, 1);
        const TraceArg& b = arg(op, 2);
        const TraceArg& rm = arg(op, 3);
        const TraceArg& rv = arg(op, 4);
        const bool noTraining = name == "aten::_native_batch_norm_legit_no_training";
        const bool training = !noTraining && arg(op, 5).kind == TraceArg::Bool && arg(op, 5).boolValue;
        const double momentum = scalar(arg(op, noTraining ? 5 : 6), 0.1), eps = scalar(arg(op, noTraining ? 6 : 7), 1e-5);
        const std::string y = out(op, 0);
        std::vector<std::int64_t> dims {0};
        for (size_t d = 2; d < xs.size(); ++d)
            dims.push_back(static_cast<std::int64_t>(d));
        auto affine = [&](const Index& idx) {
            std::string s;
            if (w.kind == TraceArg::Tensor)
                s += " * " + at(w.text, {idx[1]});
            if (b.kind == TraceArg::Tensor)
                s += " + " + at(b.text, {idx[1]});
            return s;
        };
        if (!training) {
            if (rm.kind != TraceArg::Tensor || rv.kind != TraceArg::Tensor)
                throw Unsupported {"eval mode without running statistics"};
            const Index v = vars(xs.size());
            return emit(nest(v, xs, store(y, v, "(" + at(x, v) + " - " + at(rm.text, {v[1]}) + ") * rsqrt(" + at(rv.text, {v[1]}) + " + " + num(eps) + ")" + affine(v))));
        }
        // Batch statistics per channel; save_mean and save_invstd are outputs 1 and 2 ([C]).
        const ReduceShape r = reduceShape(xs, dims, false);
        const std::string mean = out(op, 1), rstd = out(op, 2);
        normalize(x, y, r, mean, rstd, eps, affine);
        if (rm.kind == TraceArg::Tensor && rv.kind == TraceArg::Tensor) {
            // Running statistics (unbiased variance), as torch updates them in training mode.
            double count = 1;
            for (size_t d = 0; d < xs.size(); ++d)
                if (d != 1)
                    count *= static_cast<double>(xs[d]);
            // n / (n - 1) written out, so the count stays visible as a size (sizefit.h) instead of a folded float.
            const std::string unbiased = count > 1 ? " * " + num(count) + " / (" + num(count) + " - 1.0)" : "";
            const std::string inv = at(rstd, {"_c"});
            const std::string newMean = num(1 - momentum) + " * " + at(rm.text, {"_c"}) + " + " + num(momentum) + " * " + at(mean, {"_c"});
            const std::string newVar = num(1 - momentum) + " * " + at(rv.text, {"_c"}) + " + " + num(momentum) + unbiased + " * (1.0 / (" + inv
                + " * " + inv + ") - " + num(eps) + ")";
            const std::string s1 = store(rm.text, {"_c"}, newMean);
            const std::string s2 = store(rv.text, {"_c"}, newVar);
            emit("for _c in 0.." + std::to_string(xs[1]) + " {\n  " + s1 + "\n  " + s2 + "\n}");
        }
    }

    // Max pooling's second output: the flat spatial index of the first maximum in each window, as torch returns
    // it. `cond` guards taps that fall in the padding (empty when every tap is inside).
    void poolIndices(const TracedOp& op, const std::string& x, const Index& v, const Shape& ys, const Index& xi, size_t lead, size_t sp,
                     const std::string& tapLoops, const std::string& cond, const std::string& target)
    {
        if (op.outputs.size() < 2 || op.outputs[1].kind != TraceArg::Tensor)
            return;
        const Shape& xs = info(x).shape;
        const std::string idx = at(op.outputs[1].text, v);
        std::string flat;
        std::int64_t scale = 1;
        for (size_t d = sp; d-- > 0;) {
            const std::string term = scale == 1 ? "(" + xi[lead + d] + ")" : std::to_string(scale) + " * (" + xi[lead + d] + ")";
            flat = flat.empty() ? term : term + " + " + flat;
            scale *= xs[lead + d];
        }
        const std::string pick = idx + " min= " + at(x, xi) + " == " + target + " ? " + flat + " : " + std::to_string(scale) + ";";
        emit(loops(v, ys) + "{\n  " + idx + " = " + std::to_string(scale) + ";\n  " + tapLoops + " { "
             + (cond.empty() ? pick : "if (" + cond + ") { " + pick + " }") + " }\n}");
    }

    void pool(const TracedOp& op, const std::string& name)
    {
        const bool isMax = name.find("max_pool") != std::string::npos;
        const std::string x = arg(op, 0).text, y = out(op, 0);
        const Shape& xs = info(x).shape;
        const Shape& ys = info(y).shape;
        const size_t sp = name.find("1d") != std::string::npos ? 1 : name.find("2d") != std::string::npos ? 2 : 3;
        const auto kernel = ints(arg(op, 1));
        auto strideV = ints(arg(op, 2));
        if (strideV.empty())
            strideV = kernel;
        const auto padding = ints(arg(op, 3));
        const auto dilation = isMax ? ints(arg(op, 4)) : std::vector<std::int64_t> {};
        const bool countIncludePad = isMax ? false : !(arg(op, 5).kind == TraceArg::Bool && !arg(op, 5).boolValue);
        const TraceArg& divisorOverride = arg(op, 6);
        auto pick = [](const std::vector<std::int64_t>& v, size_t i, std::int64_t dflt) { return v.empty() ? dflt : (v.size() == 1 ? v[0] : v[i]); };
        const size_t lead = xs.size() - sp;
        const Index v = vars(ys.size());
        Index xi(v.begin(), v.begin() + static_cast<std::ptrdiff_t>(lead));
        std::string cond, tapLoops, tapCount;
        std::int64_t window = 1;
        for (size_t d = 0; d < sp; ++d) {
            const std::string t = "_t" + std::to_string(d);
            const std::int64_t s = pick(strideV, d, 1), p = pick(padding, d, 0), dl = pick(dilation, d, 1), k = pick(kernel, d, 1);
            const std::string e = (s == 1 ? v[lead + d] : std::to_string(s) + " * " + v[lead + d]) + " + " + (dl == 1 ? t : std::to_string(dl) + " * " + t)
                + (p ? " - " + std::to_string(p) : "");
            xi.push_back(e);
            cond += (cond.empty() ? "" : " && ") + e + " >= 0 && " + e + " < " + std::to_string(xs[lead + d]);
            tapLoops += (tapLoops.empty() ? "for " : ", ") + t + " in 0.." + std::to_string(k);
            window *= k;
        }
        const std::string target = at(y, v);
        std::string body;
        if (isMax) {
            body = target + " = -inf;\n  " + tapLoops + " { if (" + cond + ") { " + target + " max= " + at(x, xi) + "; } }";
        } else {
            std::string divisor = num(static_cast<double>(window));
            if (divisorOverride.kind == TraceArg::Int)
                divisor = num(static_cast<double>(divisorOverride.intValue));
            else if (!countIncludePad)
                throw Unsupported {"average pooling excluding padding"};
            body = target + " = 0;\n  " + tapLoops + " { if (" + cond + ") { " + target + " += " + at(x, xi) + " / " + divisor + "; } }";
        }
        emit(loops(v, ys) + "{\n  " + body + "\n}");
        if (isMax)
            poolIndices(op, x, v, ys, xi, lead, sp, tapLoops, cond, target);
    }

    // Losses reduced to a scalar (reduction 1 = mean, 2 = sum) or kept per element (0).
    void pointwiseLoss(const TracedOp& op, const std::string& name)
    {
        const std::string x = arg(op, 0).text, t = arg(op, 1).text, y = out(op);
        const Shape& xs = info(x).shape;
        const std::int64_t reduction = arg(op, 2).kind == TraceArg::Int ? arg(op, 2).intValue : 1;
        const double beta = scalar(arg(op, 3), 1.0);
        const Index v = vars(xs.size());
        const std::string d = "(" + at(x, v) + " - " + at(t, v) + ")";
        std::string e;
        if (name == "aten::mse_loss")
            e = d + " * " + d;
        else if (name == "aten::l1_loss")
            e = "abs" + d;
        else if (name == "aten::smooth_l1_loss")
            e = "(abs" + d + " < " + num(beta) + " ? 0.5 * " + d + " * " + d + " / " + num(beta) + " : abs" + d + " - " + num(0.5 * beta) + ")";
        else
            e = "(abs" + d + " < " + num(beta) + " ? 0.5 * " + d + " * " + d + " : " + num(beta) + " * (abs" + d + " - " + num(0.5 * beta) + "))";
        if (reduction == 0)
            return emit(nest(v, xs, store(y, v, e)));
        const std::string scale = reduction == 1 ? " / " + num(static_cast<double>(product(xs))) : "";
        emit(at(y, {}) + " = 0;\n" + nest(v, xs, at(y, {}) + " += " + e + scale + ";"));
    }

    // Negative log-likelihood of log-probabilities [N, C] at integer targets [N]: a gather.
    void nllLoss(const TracedOp& op)
    {
        const std::string x = arg(op, 0).text, t = arg(op, 1).text, y = out(op, 0);
        if (arg(op, 2).kind == TraceArg::Tensor)
            throw Unsupported {"class weights"};
        const std::int64_t reduction = arg(op, 3).kind == TraceArg::Int ? arg(op, 3).intValue : 1;
        const std::int64_t ignore = arg(op, 4).kind == TraceArg::Int ? arg(op, 4).intValue : -100;
        const Shape& xs = info(x).shape;
        if (xs.size() != 2)
            throw Unsupported {"nll_loss over more than two dimensions"};
        noteIndexRange(t, xs[1]);
        const std::string target = at(t, {"_n"});
        const std::string pick = "(" + target + " == " + std::to_string(ignore) + " ? 0.0 : -" + at(x, {"_n", target}) + ")";
        if (reduction == 0)
            return emit("for _n in 0.." + std::to_string(xs[0]) + " { " + store(y, {"_n"}, pick) + " }");
        std::string weight = "total_weight";
        if (op.outputs.size() > 1 && op.outputs[1].kind == TraceArg::Tensor)
            weight = op.outputs[1].text;
        else
            weight = scratch(y + "_weight", {}, info(y).dtype);
        const std::string w = at(weight, {});
        std::string text = w + " = 0;\nfor _n in 0.." + std::to_string(xs[0]) + " { " + w + " += " + target + " == " + std::to_string(ignore)
            + " ? 0.0 : 1.0; }\n" + at(y, {}) + " = 0;\nfor _n in 0.." + std::to_string(xs[0]) + " { " + at(y, {}) + " += " + pick
            + (reduction == 1 ? " / " + w : "") + "; }";
        emit(text);
    }

    // Attention over the last two dims: scores, softmax (causal rows see keys up to their own position), output.
    // Softmax(Q K^T * scale [causal]) V as the math kernel computes it: scores, row max, row sum of exponentials,
    // probabilities, then P V. P gets its own statement so both products are plain contractions (tensor-core
    // MACs, as FlashAttention runs them) and each exponential is counted once per score, not once per output.
    void attention(const TracedOp& op)
    {
        const std::string q = arg(op, 0).text, k = arg(op, 1).text, vv = arg(op, 2).text, y = out(op);
        if (arg(op, 3).kind == TraceArg::Tensor)
            throw Unsupported {"attention with an explicit mask"};
        if (scalar(arg(op, 4), 0) != 0)
            throw Unsupported {"attention dropout"};
        const bool causal = arg(op, 5).kind == TraceArg::Bool && arg(op, 5).boolValue;
        const Shape& qs = info(q).shape;
        const Shape& ks = info(k).shape;
        const Shape& ys = info(y).shape;
        const size_t lead = qs.size() - 2;
        const std::int64_t L = qs[lead], S = ks[lead], D = qs[lead + 1], Dv = ys[lead + 1];
        const double scale = arg(op, 6).kind == TraceArg::Float ? arg(op, 6).floatValue : 1.0 / std::sqrt(static_cast<double>(D));
        Shape bshape(qs.begin(), qs.begin() + static_cast<std::ptrdiff_t>(lead));
        const Index bv = vars(lead, "_b");
        Shape sShape = bshape;
        sShape.push_back(L);
        sShape.push_back(S);
        Shape rowShape = bshape;
        rowShape.push_back(L);
        const std::string sc = scratch(y + "_scores", sShape, info(y).dtype);
        const std::string mx = scratch(y + "_max", rowShape, info(y).dtype);
        const std::string sm = scratch(y + "_sum", rowShape, info(y).dtype);
        const std::string pr = scratch(y + "_probs", sShape, info(y).dtype);
        auto with = [&](std::initializer_list<std::string> extra) {
            Index i = bv;
            i.insert(i.end(), extra);
            return i;
        };
        const std::string keys = causal ? "_j in 0.._l + 1" : "_j in 0.." + std::to_string(S);
        const std::string st = at(sc, with({"_l", "_j"})), mt = at(mx, with({"_l"})), zt = at(sm, with({"_l"}));
        const std::string pt = at(pr, with({"_l", "_j"}));
        const std::string text = "for _l in 0.." + std::to_string(L) + " {\n  for " + keys + " {\n    " + st + " = 0;\n    for _d in 0.." + std::to_string(D)
            + " { " + st + " += " + at(q, with({"_l", "_d"})) + " * " + at(k, with({"_j", "_d"})) + " * " + num(scale) + "; }\n  }\n  " + mt + " = -inf;\n  for "
            + keys + " { " + mt + " max= " + st + "; }\n  " + zt + " = 0;\n  for " + keys + " { " + zt + " += exp(" + st + " - " + mt + "); }\n  for "
            + keys + " { " + pt + " = exp(" + st + " - " + mt + ") / " + zt + "; }\n  for _e in 0.." + std::to_string(Dv) + " {\n    "
            + at(y, with({"_l", "_e"})) + " = 0;\n    for " + keys + " { " + at(y, with({"_l", "_e"})) + " += " + pt + " * " + at(vv, with({"_j", "_e"}))
            + "; }\n  }\n}";
        std::string wrapped = text;
        if (!bv.empty()) {
            std::string indented;
            std::istringstream lines(text);
            std::string line;
            while (std::getline(lines, line))
                indented += "  " + line + "\n";
            wrapped = loops(bv, bshape) + "{\n" + indented + "}";
        }
        emit(wrapped);
    }

    // The model returns a view: copy it out, as the caller receives it.
    void materializeViewOutputs()
    {
        m_current = static_cast<int>(m_trace.ops.size()) - 1;
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

    // ---- program ----
    void assemble()
    {
        std::string text = "# Lowered from " + m_trace.file + " (" + m_trace.model + ")\nkernel " + kernelName() + "() {\n";
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
                shape += (i ? ", " : "") + std::to_string(t.shape[i]);
            std::string init;
            if (kind == "weight" && t.role == "constant" && !t.values.empty() && static_cast<std::int64_t>(t.values.size()) == product(t.shape)) {
                kind = "const";
                for (size_t i = 0; i < t.values.size(); ++i)
                    init += (i ? ", " : "") + ir::formatNumber(t.values[i]);
                init = " = {" + init + "}";
            }
            std::string range;
            if (const auto r = m_indexRange.find(traced); r != m_indexRange.end() && kind == "in" && isIntegral(dtypeOf(t.dtype)))
                range = " @range(0, " + std::to_string(r->second) + ")";
            text += "  " + kind + " " + m_names.at(traced) + ": " + dtypeOf(t.dtype) + "[" + shape + "]" + range + init + ";\n";
            ++line;
        }
        // An output that is a view of another tensor (or of an input) is copied out, as torch returns it.
        for (const auto& [text2, opIndex] : m_body) {
            text += text2 + "\n";
            m_result.originOfLine[line] = {opIndex, m_trace.ops[opIndex].op, m_trace.ops[opIndex].line};
            ++line;
        }
        text += "}\n";
        m_result.text = text;
    }

    std::string kernelName() const
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

    const TraceResult& m_trace;
    Lowered m_result;
    std::map<std::string, const TracedTensor*> m_info;
    std::map<std::string, TracedTensor> m_scratch;
    std::map<std::string, std::string> m_viewOf;
    std::set<std::string> m_uncomputed;
    std::map<std::string, std::string> m_updates; // read-only tensor -> its updated copy
    std::map<std::string, std::int64_t> m_indexRange; // integer input -> exclusive bound of its values as indices
    std::map<std::string, std::string> m_names;
    std::set<std::string> m_used;
    std::vector<std::string> m_declOrder;
    std::vector<std::pair<std::string, int>> m_body;
    size_t m_bodyMark = 0;
    int m_currentOp = -1;
    int m_current = -1;
};

} // namespace

bool isViewOp(const std::string& aten)
{
    return viewOps().count(aten) > 0;
}

Expected<Lowered> lowerTrace(const TraceResult& trace)
{
    return Lowerer(trace).run();
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
    }
}

} // namespace solar::trace
