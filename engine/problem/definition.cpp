// SPDX-License-Identifier: MIT
#include "engine/problem/definition.h"

#include "engine/core/jsonduplicates.h"
#include "engine/core/textfile.h"
#include "engine/problem/axisexpr.h"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <array>
#include <cmath>
#include <set>
#include <sstream>

namespace solar::problem {

namespace {

using nlohmann::ordered_json;

constexpr std::array<const char*, 13> kDtypes {"float64",     "float32",          "float16", "bfloat16", "float8_e4m3fn", "float8_e5m2",
                                               "float4_e2m1", "float4_e2m1fn_x2", "int64",   "int32",    "int16",         "int8",
                                               "bool"};

// Where `"key"` first occurs in `text` at or after byte `from` (nlohmann keeps no positions).
SourceLoc keyLocation(const std::string& text, const std::string& key, size_t from = 0)
{
    const auto at = text.find("\"" + key + "\"", from);
    return at == std::string::npos ? SourceLoc {} : locationOf(text, at);
}

bool isIdentifier(const std::string& s)
{
    static const std::set<std::string> keywords {"False", "None",     "True",  "and",    "as",   "assert", "async",  "await",    "break",
                                                 "class", "continue", "def",   "del",    "elif", "else",   "except", "finally",  "for",
                                                 "from",  "global",   "if",    "import", "in",   "is",     "lambda", "nonlocal", "not",
                                                 "or",    "pass",     "raise", "return", "try",  "while",  "with",   "yield"};
    if (s.empty() || std::isdigit(static_cast<unsigned char>(s[0])) || keywords.count(s))
        return false;
    for (char ch : s)
        if (!std::isalnum(static_cast<unsigned char>(ch)) && ch != '_')
            return false;
    return true;
}

std::string stringField(const ordered_json& j, const char* key)
{
    const auto it = j.find(key);
    return it != j.end() && it->is_string() ? it->get<std::string>() : std::string();
}

class DefinitionReader
{
public:
    DefinitionReader(const std::string& text, const std::string& path)
        : m_text(text)
        , m_path(path)
    { }

    Expected<Definition> read()
    {
        ordered_json j;
        try {
            j = ordered_json::parse(m_text);
        } catch (const nlohmann::json::parse_error& e) {
            return fail(locationOf(m_text, e.byte > 0 ? e.byte - 1 : 0), std::string("not valid JSON: ") + e.what());
        }
        if (const auto twice = findDuplicateKey(m_text))
            return fail(twice->at, "\"" + twice->key + "\" is given twice in one object (which one holds?)");
        if (!j.is_object())
            return fail({1, 1}, "a definition is a JSON object (name, axes, inputs, outputs, reference)");
        Definition d;
        d.path = m_path;
        d.name = stringField(j, "name");
        d.opType = stringField(j, "op_type");
        d.description = stringField(j, "description");
        d.reference = stringField(j, "reference");
        d.customInputsEntrypoint = stringField(j, "custom_inputs_entrypoint");
        for (const char* key : {"name", "reference"})
            if (stringField(j, key).empty())
                return fail({1, 1}, std::string("\"") + key + "\" (a non-empty string) is missing");
        if (d.reference.find("def run(") == std::string::npos && d.reference.find("def run (") == std::string::npos)
            return fail(keyLocation(m_text, "reference"), "the reference defines no function run(...): it is the entry point");
        if (!d.customInputsEntrypoint.empty()
            && (!isIdentifier(d.customInputsEntrypoint) || d.reference.find("def " + d.customInputsEntrypoint) == std::string::npos))
            return fail(keyLocation(m_text, "custom_inputs_entrypoint"),
                        "\"custom_inputs_entrypoint\": '" + d.customInputsEntrypoint + "' is not a function the reference defines");
        if (!readAxes(j, d) || !readTensors(j, "inputs", d.inputs, d) || !readTensors(j, "outputs", d.outputs, d))
            return Expected<Definition>::failure(m_errors);
        if (d.outputs.empty())
            return fail(keyLocation(m_text, "outputs"), "\"outputs\" names no tensor");
        if (const auto c = j.find("constraints"); c != j.end() && !c->is_null()) {
            if (!c->is_array())
                return fail(keyLocation(m_text, "constraints"), "\"constraints\" is a list of expressions");
            for (const auto& item : *c) {
                if (!item.is_string())
                    return fail(keyLocation(m_text, "constraints"), "a constraint is a string: " + item.dump());
                const std::string text = item.get<std::string>();
                if (!checkNames(text, d, keyLocation(m_text, "constraints"), true))
                    return Expected<Definition>::failure(m_errors);
                d.constraints.push_back(text);
            }
        }
        return d;
    }

private:
    Expected<Definition> fail(SourceLoc loc, const std::string& message)
    {
        m_errors.push_back({Severity::Error, m_path, loc, "problem.definition", message});
        return Expected<Definition>::failure(m_errors);
    }
    bool error(SourceLoc loc, const std::string& message)
    {
        m_errors.push_back({Severity::Error, m_path, loc, "problem.definition", message});
        return false;
    }

    // Names an expression uses must be axes (or, in a constraint, scalar inputs, and tensor inputs read by value).
    bool checkNames(const std::string& text, const Definition& d, SourceLoc loc, bool constraint)
    {
        const auto names = axisExpressionNames(text);
        if (!names)
            return error(loc, names.diagnostics().front().message);
        for (const auto& n : axisExpressionTensors(text)) {
            const bool tensor
                = std::any_of(d.inputs.begin(), d.inputs.end(), [&](const TensorSpec& t) { return !t.scalar() && t.name == n; });
            if (!constraint || !tensor)
                return error(loc,
                             "'" + text + "' reads '" + n + "' as a tensor, which is not "
                                 + (constraint ? "a tensor input" : "allowed in an axis expression"));
        }
        for (const auto& n : *names) {
            bool known = d.axis(n) != nullptr;
            for (const auto& t : d.inputs)
                known = known || (constraint && t.scalar() && t.name == n);
            if (!known)
                return error(loc, "'" + text + "' names '" + n + "', which is not an axis" + (constraint ? " or a scalar input" : ""));
        }
        return true;
    }

    bool readAxes(const ordered_json& j, Definition& d)
    {
        const auto axes = j.find("axes");
        if (axes == j.end() || !axes->is_object())
            return error({1, 1}, "\"axes\" (an object of axis names) is missing");
        for (const auto& [name, spec] : axes->items()) {
            const SourceLoc loc = keyLocation(m_text, name);
            if (!isIdentifier(name))
                return error(loc, "axis '" + name + "' is not a Python identifier");
            if (!spec.is_object())
                return error(loc, "axis '" + name + "' is an object with a \"type\"");
            Axis a;
            a.name = name;
            const std::string type = stringField(spec, "type");
            if (type == "const") {
                const auto v = spec.find("value");
                if (v == spec.end() || !v->is_number_integer() || v->get<std::int64_t>() <= 0)
                    return error(loc, "const axis '" + name + "' needs a positive integer \"value\"");
                a.kind = AxisKind::Const;
                a.value = v->get<std::int64_t>();
            } else if (type == "var") {
                a.kind = AxisKind::Var;
            } else if (type == "expr") {
                a.kind = AxisKind::Expr;
                a.expression = stringField(spec, "expression");
                if (a.expression.empty())
                    return error(loc, "expr axis '" + name + "' needs an \"expression\"");
            } else {
                return error(loc, "axis '" + name + "': \"type\" is const, var or expr, not '" + type + "'");
            }
            d.axes.push_back(a);
        }
        for (const Axis& a : d.axes)
            if (a.kind == AxisKind::Expr && !checkNames(a.expression, d, keyLocation(m_text, a.name), false))
                return false;
        return true;
    }

    bool readTensors(const ordered_json& j, const char* key, std::vector<TensorSpec>& out, const Definition& d)
    {
        const auto tensors = j.find(key);
        if (tensors == j.end() || !tensors->is_object())
            return error({1, 1}, std::string("\"") + key + "\" (an object of named tensors) is missing");
        const size_t section = m_text.find(std::string("\"") + key + "\"");
        for (const auto& [name, spec] : tensors->items()) {
            const SourceLoc loc = keyLocation(m_text, name, section == std::string::npos ? 0 : section);
            if (!isIdentifier(name))
                return error(loc, std::string(key) + " '" + name + "' is not a Python identifier (it is a parameter of run)");
            if (!spec.is_object())
                return error(loc, "'" + name + "' is an object with \"shape\" and \"dtype\"");
            TensorSpec t;
            t.name = name;
            t.dtype = stringField(spec, "dtype");
            if (!isDefinitionDtype(t.dtype))
                return error(loc, "'" + name + "': dtype '" + t.dtype + "' is not one of the schema's");
            const auto shape = spec.find("shape");
            if (shape == spec.end())
                return error(loc, "'" + name + "' has no \"shape\" (a list of axes, [] for 0-D, null for a scalar)");
            if (!shape->is_null()) {
                if (!shape->is_array())
                    return error(loc, "'" + name + "': \"shape\" is a list of axis names");
                std::vector<std::string> dims;
                for (const auto& dim : *shape) {
                    if (!dim.is_string() || !d.axis(dim.get<std::string>()))
                        return error(loc, "'" + name + "': shape entry " + dim.dump() + " is not an axis of the definition");
                    dims.push_back(dim.get<std::string>());
                }
                t.shape = std::move(dims);
            } else if (std::string(key) == "outputs") {
                return error(loc, "output '" + name + "' is a scalar: outputs are tensors");
            }
            out.push_back(std::move(t));
        }
        return true;
    }

    const std::string& m_text;
    const std::string& m_path;
    Diagnostics m_errors;
};

std::string pythonLiteral(const ordered_json& v)
{
    if (v.is_boolean())
        return v.get<bool>() ? "True" : "False";
    if (v.is_number_integer())
        return std::to_string(v.get<std::int64_t>());
    std::ostringstream s;
    s.precision(17);
    s << v.get<double>();
    std::string out = s.str();
    if (out.find_first_of(".eEn") == std::string::npos)
        out += ".0";
    return out;
}

} // namespace

const Axis* Definition::axis(const std::string& name) const
{
    for (const Axis& a : axes)
        if (a.name == name)
            return &a;
    return nullptr;
}

bool isDefinitionDtype(const std::string& dtype)
{
    for (const char* d : kDtypes)
        if (dtype == d)
            return true;
    return false;
}

Expected<Definition> parseDefinition(const std::string& text, const std::string& path)
{
    return DefinitionReader(text, path).read();
}

Expected<Definition> readDefinition(const std::string& path)
{
    const auto text = readTextFile(path, "problem.read");
    if (!text)
        return Expected<Definition>::failure(text.diagnostics());
    return parseDefinition(*text, path);
}

Expected<std::vector<Workload>> parseWorkloads(const std::string& text, const std::string& path, const Definition& d)
{
    using Result = Expected<std::vector<Workload>>;
    std::vector<Workload> out;
    std::istringstream lines(text);
    std::string line;
    int number = 0;
    std::set<std::string> uuids;
    while (std::getline(lines, line)) {
        ++number;
        if (line.find_first_not_of(" \t\r") == std::string::npos)
            continue;
        auto fail = [&](int column, const std::string& message) {
            return Result::failure(Diagnostic {Severity::Error, path, {number, column}, "problem.workload", message});
        };
        auto column = [&](const std::string& key) {
            const auto at = line.find("\"" + key + "\"");
            return at == std::string::npos ? 1 : static_cast<int>(at) + 1;
        };
        ordered_json j;
        try {
            j = ordered_json::parse(line);
        } catch (const nlohmann::json::parse_error& e) {
            return fail(static_cast<int>(e.byte > 0 ? e.byte : 1), std::string("not valid JSON: ") + e.what());
        }
        if (!j.is_object())
            return fail(1, "a workload is a JSON object (uuid, axes, inputs)");
        Workload w;
        w.line = number;
        w.uuid = stringField(j, "uuid");
        if (w.uuid.empty())
            return fail(1, "the workload has no \"uuid\"");
        if (!uuids.insert(w.uuid).second)
            return fail(column("uuid"), "uuid '" + w.uuid + "' appears on an earlier line too");
        const auto axes = j.find("axes");
        if (axes == j.end() || !axes->is_object())
            return fail(1, "\"axes\" (an object binding the var axes) is missing");
        for (const auto& [name, value] : axes->items()) {
            const Axis* a = d.axis(name);
            if (!a)
                return fail(column(name), "'" + name + "' is not an axis of " + d.name);
            if (!value.is_number_integer() || value.get<std::int64_t>() <= 0)
                return fail(column(name), "axis '" + name + "' = " + value.dump() + ": sizes are positive integers");
            if (a->kind == AxisKind::Const && value.get<std::int64_t>() != a->value)
                return fail(column(name),
                            "axis '" + name + "' is const " + std::to_string(a->value) + " in the definition, not " + value.dump());
            w.axes[name] = value.get<std::int64_t>();
        }
        // A var axis may be left out where a constraint computes it ("len_indptr == batch_size + 1", "num_kv_indices ==
        // kv_indptr[-1].item()"): the analysis sizes it from the other axes and the inputs the workload gives.
        for (const Axis& a : d.axes)
            if (a.kind == AxisKind::Var && !w.axes.count(a.name)
                && std::none_of(d.constraints.begin(), d.constraints.end(),
                                [&](const std::string& c) { return definedAxis(c).first == a.name; }))
                return fail(column("axes"), "var axis '" + a.name + "' has no value (and no constraint computes it)");
        const auto inputs = j.find("inputs");
        if (inputs == j.end() || !inputs->is_object())
            return fail(1, "\"inputs\" (how each input is made) is missing");
        for (const auto& [name, spec] : inputs->items()) {
            const auto t = std::find_if(d.inputs.begin(), d.inputs.end(), [&](const TensorSpec& s) { return s.name == name; });
            if (t == d.inputs.end())
                return fail(column(name), "'" + name + "' is not an input of " + d.name);
            const std::string type = spec.is_object() ? stringField(spec, "type") : std::string();
            InputSource s;
            if (type == "random") {
                s.kind = InputKind::Random;
            } else if (type == "scalar") {
                s.kind = InputKind::Scalar;
                const auto v = spec.find("value");
                if (v == spec.end() || !(v->is_number() || v->is_boolean()))
                    return fail(column(name), "scalar input '" + name + "' needs a numeric or boolean \"value\"");
                s.scalarLiteral = pythonLiteral(*v);
                s.scalarValue = v->is_boolean() ? (v->get<bool>() ? 1.0 : 0.0) : v->get<double>();
            } else if (type == "safetensors") {
                s.kind = InputKind::Safetensors;
                s.path = stringField(spec, "path");
                s.tensorKey = stringField(spec, "tensor_key");
                if (s.path.empty() || s.tensorKey.empty())
                    return fail(column(name), "safetensors input '" + name + "' needs \"path\" and \"tensor_key\"");
            } else if (type == "custom") {
                s.kind = InputKind::Custom;
                if (d.customInputsEntrypoint.empty())
                    return fail(column(name), "input '" + name + "' is custom, but the definition names no custom_inputs_entrypoint");
            } else {
                return fail(column(name), "input '" + name + "': \"type\" is random, scalar, safetensors or custom, not '" + type + "'");
            }
            if ((s.kind == InputKind::Scalar) != t->scalar())
                return fail(column(name),
                            "input '" + name + "' is "
                                + (t->scalar() ? "a scalar (shape null): its source is a scalar value"
                                               : "a tensor: a scalar value cannot make it"));
            w.inputs[name] = s;
        }
        for (const TensorSpec& t : d.inputs)
            if (!w.inputs.count(t.name))
                return fail(column("inputs"), "input '" + t.name + "' has no source");
        out.push_back(std::move(w));
    }
    if (out.empty())
        return Result::failure(Diagnostic {Severity::Error, path, {1, 1}, "problem.workload", "the file holds no workload"});
    return out;
}

Expected<std::vector<Workload>> readWorkloads(const std::string& path, const Definition& definition)
{
    const auto text = readTextFile(path, "problem.read");
    if (!text)
        return Expected<std::vector<Workload>>::failure(text.diagnostics());
    return parseWorkloads(*text, path, definition);
}

Expected<std::map<std::string, std::int64_t>> resolveAxes(const Definition& d, const std::map<std::string, std::int64_t>& vars)
{
    using Result = Expected<std::map<std::string, std::int64_t>>;
    std::map<std::string, std::int64_t> out;
    AxisValues values;
    for (const Axis& a : d.axes) {
        if (a.kind == AxisKind::Const)
            out[a.name] = a.value;
        else if (a.kind == AxisKind::Var && vars.count(a.name))
            out[a.name] = vars.at(a.name);
        if (out.count(a.name))
            values[a.name] = static_cast<double>(out[a.name]);
    }
    // Expressions may refer to each other in any order: resolve until nothing changes.
    for (bool progress = true; progress;) {
        progress = false;
        for (const Axis& a : d.axes) {
            if (a.kind != AxisKind::Expr || out.count(a.name))
                continue;
            const auto v = evaluateAxisExpression(a.expression, values);
            if (!v)
                continue; // a name not resolved yet
            if (*v <= 0 || *v != std::floor(*v) || *v > 9.0e15)
                return Result::failure(Diagnostic {Severity::Error,
                                                   d.path,
                                                   {},
                                                   "problem.axis",
                                                   "expr axis '" + a.name + "' = " + a.expression + " is " + std::to_string(*v)
                                                       + " here, not a positive integer size"});
            out[a.name] = static_cast<std::int64_t>(*v);
            values[a.name] = *v;
            progress = true;
        }
    }
    for (const Axis& a : d.axes)
        if (!out.count(a.name))
            return Result::failure(Diagnostic {Severity::Error,
                                               d.path,
                                               {},
                                               "problem.axis",
                                               "axis '" + a.name + "' has no value"
                                                   + (a.kind == AxisKind::Expr ? " (its expression refers to itself)" : std::string())});
    return out;
}

Expected<std::string> failedConstraint(const Definition& d, const std::map<std::string, std::int64_t>& axes, const Workload* workload)
{
    AxisValues values;
    for (const auto& [k, v] : axes)
        values[k] = static_cast<double>(v);
    if (workload)
        for (const auto& [k, s] : workload->inputs)
            if (s.kind == InputKind::Scalar)
                values[k] = s.scalarValue;
    for (const std::string& c : d.constraints) {
        if (!axisExpressionTensors(c).empty())
            continue; // reads input values: checked when the inputs are made (problemsource.cpp)
        const auto v = evaluateAxisExpression(c, values);
        if (!v) {
            Diagnostic e = v.diagnostics().front();
            e.file = d.path;
            e.loc = {};
            e.message = "constraint " + e.message;
            return Expected<std::string>::failure(e);
        }
        if (*v == 0)
            return c;
    }
    return std::string();
}

} // namespace solar::problem
