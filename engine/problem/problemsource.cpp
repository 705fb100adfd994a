// SPDX-License-Identifier: MIT
#include "engine/problem/problemsource.h"

#include "engine/problem/axisexpr.h"

#include <filesystem>
#include <map>
#include <regex>
#include <set>
#include <sstream>

namespace solar::problem {

namespace {

std::string quoted(const std::string& text)
{
    std::string out = "\"";
    for (char ch : text) {
        if (ch == '\\' || ch == '"')
            out += '\\';
        if (ch == '\n')
            out += "\\n";
        else
            out += ch;
    }
    return out + "\"";
}

// Expr axes in an order where each one's names come before it (the definition's order where it allows).
std::vector<const Axis*> exprOrder(const Definition& d)
{
    std::set<std::string> known;
    for (const Axis& a : d.axes)
        if (a.kind != AxisKind::Expr)
            known.insert(a.name);
    std::vector<const Axis*> out;
    for (bool progress = true; progress;) {
        progress = false;
        for (const Axis& a : d.axes) {
            if (a.kind != AxisKind::Expr || known.count(a.name))
                continue;
            const auto names = axisExpressionNames(a.expression);
            bool ready = bool(names);
            for (const auto& n : names ? *names : std::vector<std::string>())
                ready = ready && known.count(n);
            if (ready) {
                out.push_back(&a);
                known.insert(a.name);
                progress = true;
            }
        }
    }
    return out;
}

std::string shapeTuple(const TensorSpec& t)
{
    std::string s = "(";
    for (const auto& dim : *t.shape)
        s += "axes[" + quoted(dim) + "], ";
    return s + ")";
}

bool isIntegerDtype(const std::string& dtype)
{
    return dtype.rfind("int", 0) == 0 || dtype.rfind("uint", 0) == 0;
}

// The inputs the harness makes with real values while the tracer runs on fake tensors: those a constraint reads by
// value, and integer inputs a workload gives from a file (index arrays: the rows a gather reads are then known).
std::set<std::string> hostInputs(const Definition& d, const Workload& w)
{
    std::set<std::string> out;
    for (const std::string& c : d.constraints)
        for (const std::string& t : axisExpressionTensors(c))
            out.insert(t);
    for (const TensorSpec& t : d.inputs)
        if (!t.scalar() && isIntegerDtype(t.dtype) && w.inputs.count(t.name) && w.inputs.at(t.name).kind == InputKind::Safetensors)
            out.insert(t.name);
    return out;
}

// "AXIS == T[-1].item()" (either way round): T holds offsets ending at AXIS (FlashInfer's indptr arrays). Random
// inputs for such a T are drawn as non-decreasing offsets from 0 to AXIS, so the constraint holds.
std::map<std::string, std::string> offsetInputs(const Definition& d)
{
    static const std::regex pattern(R"(^\s*([A-Za-z_]\w*)\s*==\s*([A-Za-z_]\w*)\s*\[\s*-\s*1\s*\]\s*\.\s*item\s*\(\s*\)\s*$)");
    static const std::regex mirrored(R"(^\s*([A-Za-z_]\w*)\s*\[\s*-\s*1\s*\]\s*\.\s*item\s*\(\s*\)\s*==\s*([A-Za-z_]\w*)\s*$)");
    std::map<std::string, std::string> out;
    for (const std::string& c : d.constraints) {
        std::smatch m;
        if (std::regex_match(c, m, pattern) && d.axis(m[1].str()))
            out[m[2].str()] = m[1].str();
        else if (std::regex_match(c, m, mirrored) && d.axis(m[2].str()))
            out[m[1].str()] = m[2].str();
    }
    return out;
}

constexpr const char* kHelpers = R"PY(

def _solar_random(shape, dtype):
    """A random tensor of the definition's dtype, as the evaluator makes one (normal floats; small integers)."""
    if dtype == "bool":
        return _solar_torch.randint(0, 2, shape).bool()
    if dtype.startswith("int"):
        return _solar_torch.randint(0, 8, shape, dtype=getattr(_solar_torch, dtype))
    if dtype == "float4_e2m1fn_x2" and hasattr(_solar_torch, dtype):
        return _solar_torch.randint(0, 256, shape, dtype=_solar_torch.uint8).view(_solar_torch.float4_e2m1fn_x2)
    if not hasattr(_solar_torch, dtype):
        raise ValueError("dtype %s has no torch tensor type in torch %s" % (dtype, _solar_torch.__version__))
    return _solar_torch.randn(shape).to(getattr(_solar_torch, dtype))


def _solar_host(make):
    """An input the reference reads by value (.item(), slice bounds) or a given index array: made with real values
    even while the tracer runs the rest on fake tensors, so loops over it unroll as the workload's data says."""
    try:
        from torch.utils._python_dispatch import _disable_current_modes
    except ImportError:
        raise ValueError("this definition reads its inputs' values; tracing it needs torch 2.x (torch %s here)"
                         % _solar_torch.__version__)
    with _disable_current_modes():
        made = make()
    if isinstance(made, _solar_torch.Tensor):
        made._solar_host = True  # the tracer runs index arithmetic on it for real (solarworker/torch_trace.py)
    return made


def _solar_offsets(shape, total, dtype, name):
    """Non-decreasing offsets from 0 to `total` (an indptr array), the same at every call for one input."""
    generator = _solar_torch.Generator().manual_seed(sum(ord(c) for c in name))
    inner = shape[0] - 2
    cuts = sorted(_solar_torch.randint(0, total + 1, (inner,), generator=generator).tolist()) if inner > 0 else []
    values = [total] if shape[0] == 1 else [0] + cuts + [total]
    return _solar_torch.tensor(values, dtype=getattr(_solar_torch, dtype))


def _solar_custom(made, name):
    if not isinstance(made, dict) or name not in made:
        raise ValueError("the custom_inputs_entrypoint returned no tensor '%s'" % name)
    return made[name]


def _solar_load(path, key, shape):
    try:
        from safetensors.torch import load_file
    except ImportError:
        raise ValueError("reading %s needs the safetensors package" % path)
    tensors = load_file(path)
    if key not in tensors:
        raise ValueError("%s holds no tensor '%s'" % (path, key))
    if tuple(tensors[key].shape) != tuple(shape):
        raise ValueError("%s['%s'] has shape %s, the definition's is %s at these sizes"
                         % (path, key, tuple(tensors[key].shape), tuple(shape)))
    return tensors[key]


def get_init_inputs():
    return []
)PY";

} // namespace

std::map<std::string, std::int64_t> sourceConstants(const Definition& d, const Workload& w)
{
    std::map<std::string, std::int64_t> out;
    for (const Axis& a : d.axes) {
        if (a.kind == AxisKind::Const)
            out[a.name] = a.value;
        else if (a.kind == AxisKind::Var && w.axes.count(a.name))
            out[a.name] = w.axes.at(a.name);
    }
    return out;
}

std::string problemSource(const Definition& d, const Workload& w, const std::string& problemDir)
{
    std::ostringstream s;
    s << d.reference;
    if (!d.reference.empty() && d.reference.back() != '\n')
        s << '\n';
    s << "\n\n# ---- Generated by solar from " << d.path << ", workload " << w.uuid << " (line " << w.line
      << " of its workload file).\n# The lines above are the definition's reference; below, its axes as module constants "
         "(validation scales\n# them down together; expr axes follow) and the entry points the tracer calls.\n"
      << "import torch as _solar_torch\n\n";
    for (const auto& [name, value] : sourceConstants(d, w))
        s << name << " = " << value << '\n';
    s << "\n\ndef _solar_axes():\n    \"\"\"Every axis at the constants' current values; a failing constraint refuses them.\"\"\"\n";
    for (const TensorSpec& t : d.inputs)
        if (t.scalar() && w.inputs.count(t.name))
            s << "    " << t.name << " = " << w.inputs.at(t.name).scalarLiteral << '\n';
    for (const Axis* a : exprOrder(d))
        s << "    " << a->name << " = int(" << a->expression << ")\n";
    for (const std::string& c : d.constraints)
        if (axisExpressionTensors(c).empty())
            s << "    if not (" << c << "):\n        raise ValueError(" << quoted("constraint '" + c + "' fails at these sizes") << ")\n";
    s << "    return {";
    for (const Axis& a : d.axes)
        s << quoted(a.name) << ": " << a.name << ", ";
    s << "}\n\n\nclass Model(_solar_torch.nn.Module):\n    def forward(self";
    std::string call;
    for (const TensorSpec& t : d.inputs) {
        if (!t.scalar())
            s << ", " << t.name;
        call += (call.empty() ? "" : ", ") + (t.scalar() ? w.inputs.at(t.name).scalarLiteral : t.name);
    }
    s << "):\n        return run(" << call << ")\n\n\ndef get_inputs():\n    axes = _solar_axes()\n";
    bool custom = false;
    for (const auto& [name, source] : w.inputs)
        custom = custom || source.kind == InputKind::Custom;
    if (custom) {
        s << "    scalars = {";
        for (const auto& [name, source] : w.inputs)
            if (source.kind == InputKind::Scalar)
                s << quoted(name) << ": " << source.scalarLiteral << ", ";
        s << "}\n    made = " << d.customInputsEntrypoint << "(dict(axes, **scalars), _solar_torch.device(\"cpu\"))\n";
    }
    const std::set<std::string> host = hostInputs(d, w);
    const std::map<std::string, std::string> offsets = offsetInputs(d);
    s << "    result = [\n";
    for (const TensorSpec& t : d.inputs) {
        if (t.scalar())
            continue;
        const InputSource& source = w.inputs.at(t.name);
        s << "        " << (host.count(t.name) ? "_solar_host(lambda: " : "");
        switch (source.kind) {
        case InputKind::Custom: s << "_solar_custom(made, " << quoted(t.name) << ")"; break;
        case InputKind::Safetensors: {
            const std::string file = (std::filesystem::path(problemDir) / source.path).lexically_normal().string();
            s << "_solar_load(" << quoted(file) << ", " << quoted(source.tensorKey) << ", " << shapeTuple(t) << ")";
            break;
        }
        default:
            if (offsets.count(t.name) && isIntegerDtype(t.dtype) && t.shape->size() == 1)
                s << "_solar_offsets(" << shapeTuple(t) << ", axes[" << quoted(offsets.at(t.name)) << "], " << quoted(t.dtype) << ", "
                  << quoted(t.name) << ")";
            else
                s << "_solar_random(" << shapeTuple(t) << ", " << quoted(t.dtype) << ")";
            break;
        }
        s << (host.count(t.name) ? ")" : "") << ",\n";
    }
    s << "    ]\n";
    // Constraints over the inputs' values, on the inputs just made (real ones: see _solar_host).
    std::vector<std::string> valueConstraints;
    for (const std::string& c : d.constraints)
        if (!axisExpressionTensors(c).empty())
            valueConstraints.push_back(c);
    if (!valueConstraints.empty()) {
        s << "    tensors = dict(zip([";
        for (const TensorSpec& t : d.inputs)
            if (!t.scalar())
                s << quoted(t.name) << ", ";
        s << "], result))\n    _solar_host(lambda: _solar_values(axes, tensors))\n";
    }
    s << "    return result\n";
    if (!valueConstraints.empty()) {
        s << "\n\ndef _solar_values(axes, tensors):\n    \"\"\"The constraints that read input values.\"\"\"\n";
        for (const Axis& a : d.axes)
            s << "    " << a.name << " = axes[" << quoted(a.name) << "]\n";
        std::set<std::string> bound;
        for (const std::string& c : valueConstraints)
            for (const std::string& t : axisExpressionTensors(c))
                if (bound.insert(t).second)
                    s << "    " << t << " = tensors[" << quoted(t) << "]\n";
        for (const std::string& c : valueConstraints)
            s << "    if not (" << c << "):\n        raise ValueError("
              << quoted("constraint '" + c + "' fails on the inputs at these sizes") << ")\n";
    }
    s << kHelpers;
    return s.str();
}

} // namespace solar::problem
