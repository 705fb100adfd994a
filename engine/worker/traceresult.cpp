// SPDX-License-Identifier: MIT
#include "engine/worker/traceresult.h"

#include <nlohmann/json.hpp>

#include "engine/ir/bindings.h"
#include "engine/ir/parser.h"

#include <fstream>
#include <limits>
#include <optional>

namespace solar::worker {

namespace {

using nlohmann::json;

TraceArg argFrom(const json& v)
{
    TraceArg a;
    if (v.is_null()) {
        a.kind = TraceArg::None;
    } else if (v.is_boolean()) {
        a.kind = TraceArg::Bool;
        a.boolValue = v.get<bool>();
    } else if (v.is_number_integer()) {
        a.kind = TraceArg::Int;
        a.intValue = v.get<std::int64_t>();
    } else if (v.is_number()) {
        a.kind = TraceArg::Float;
        a.floatValue = v.get<double>();
    } else if (v.is_string()) {
        a.kind = TraceArg::String;
        a.text = v.get<std::string>();
    } else if (v.is_array()) {
        a.kind = TraceArg::List;
        for (const auto& item : v)
            a.items.push_back(argFrom(item));
    } else if (v.is_object() && v.contains("t")) {
        a.kind = TraceArg::Tensor;
        a.text = v.at("t").get<std::string>();
    } else if (v.is_object() && v.contains("dtype")) {
        a.kind = TraceArg::DType;
        a.text = v.at("dtype").get<std::string>();
    } else if (v.is_object() && v.contains("sym") && v.contains("int")) {
        a.kind = TraceArg::Int;
        a.intValue = v.at("int").get<std::int64_t>();
        a.sym = v.at("sym").get<std::string>();
    } else if (v.is_object() && v.contains("sym") && v.contains("float")) {
        a.kind = TraceArg::Float;
        a.floatValue = v.at("float").get<double>();
        a.sym = v.at("sym").get<std::string>();
    } else if (v.is_object() && v.contains("float")) {
        a.kind = TraceArg::Float;
        const std::string f = v.at("float").get<std::string>();
        a.floatValue = f == "nan" ? std::numeric_limits<double>::quiet_NaN()
                                  : (f[0] == '-' ? -std::numeric_limits<double>::infinity() : std::numeric_limits<double>::infinity());
    } else {
        a.kind = TraceArg::Other;
        a.text = v.is_object() && v.contains("repr") ? v.at("repr").get<std::string>() : v.dump();
    }
    return a;
}

Dim dimFrom(const json& v)
{
    if (v.is_object())
        return Dim(v.at("int").get<std::int64_t>(), v.at("sym").get<std::string>());
    return Dim(v.get<std::int64_t>());
}

std::vector<Dim> dims(const json& v)
{
    std::vector<Dim> out;
    for (const auto& x : v)
        out.push_back(dimFrom(x));
    return out;
}

std::vector<std::int64_t> ints(const json& v)
{
    std::vector<std::int64_t> out;
    for (const auto& x : v)
        out.push_back(x.get<std::int64_t>());
    return out;
}

} // namespace

const TracedTensor* TraceResult::tensor(const std::string& name) const
{
    for (const auto& t : tensors) {
        if (t.name == name)
            return &t;
    }
    return nullptr;
}

Expected<TraceResult> parseTraceReply(std::string_view text, const std::string& file)
{
    try {
        const json r = json::parse(text.begin(), text.end());
        if (!r.value("ok", false)) {
            const int line = r.value("line", 0);
            const int column = r.value("column", 0);
            const std::string kind = r.value("kind", std::string("error"));
            return Expected<TraceResult>::failure(
                Diagnostic {Severity::Error, file, {line, column}, "trace." + kind, r.value("error", std::string("the tracer failed"))});
        }
        TraceResult t;
        t.file = file;
        t.model = r.value("model", std::string());
        t.training = r.value("training", true);
        t.mode = r.value("mode", std::string("fake"));
        for (const auto& [k, v] : r.at("constants").items())
            t.constants[k] = v.get<std::int64_t>();
        for (const auto& [name, v] : r.at("tensors").items()) {
            TracedTensor x;
            x.name = name;
            x.shape = dims(v.at("shape"));
            x.stride = dims(v.at("stride"));
            x.offset = v.contains("offset") ? dimFrom(v.at("offset")) : Dim(0);
            x.dtype = v.at("dtype").get<std::string>();
            x.role = v.at("role").get<std::string>();
            if (v.contains("values"))
                for (const auto& d : v.at("values"))
                    x.values.push_back(d.get<double>());
            if (v.contains("steps"))
                for (const auto& step : v.at("steps"))
                    x.steps.emplace_back(step.at("stride").get<std::int64_t>(), step.at("index").get<std::string>());
            t.tensors.push_back(std::move(x));
        }
        for (const auto& o : r.at("ops")) {
            TracedOp op;
            op.op = o.at("op").get<std::string>();
            op.overload = o.value("overload", std::string());
            for (const auto& a : o.at("args"))
                op.args.push_back(argFrom(a));
            for (const auto& [k, v] : o.at("kwargs").items())
                op.kwargs[k] = argFrom(v);
            for (const auto& out : o.at("outputs"))
                op.outputs.push_back(out.is_string() ? TraceArg {TraceArg::Tensor, false, 0, 0, out.get<std::string>(), {}} : argFrom(out));
            op.line = o.value("line", 0);
            op.module = o.value("module", std::string());
            t.ops.push_back(std::move(op));
        }
        for (const auto& o : r.at("outputs"))
            t.outputs.push_back(o.get<std::string>());
        if (r.contains("symbols"))
            t.symbols = r.at("symbols").get<std::vector<std::string>>();
        if (r.contains("guards"))
            t.guards = r.at("guards").get<std::vector<std::string>>();
        return t;
    } catch (const json::exception& e) {
        return Expected<TraceResult>::failure(
            Diagnostic {Severity::Error, file, {}, "trace.protocol", std::string("malformed tracer reply: ") + e.what()});
    }
}

namespace {

// Values come as raw little-endian float64 in a file the worker wrote.
ReferenceTensor referenceTensor(const json& v)
{
    ReferenceTensor t;
    t.shape = ints(v.at("shape"));
    t.dtype = v.at("dtype").get<std::string>();
    std::int64_t count = 1;
    for (auto d : t.shape)
        count *= d;
    const std::string path = v.at("file").get<std::string>();
    std::ifstream in(path, std::ios::binary);
    t.data.resize(static_cast<size_t>(count));
    in.read(reinterpret_cast<char*>(t.data.data()), static_cast<std::streamsize>(count * sizeof(double)));
    if (in.gcount() != static_cast<std::streamsize>(count * sizeof(double)))
        throw json::other_error::create(501, "short reference file " + path, nullptr);
    return t;
}

} // namespace

Expected<ReferenceRun> parseReferenceReply(std::string_view text, const std::string& file)
{
    try {
        const json r = json::parse(text.begin(), text.end());
        if (!r.value("ok", false))
            return Expected<ReferenceRun>::failure(Diagnostic {Severity::Error,
                                                               file,
                                                               {r.value("line", 0), r.value("column", 0)},
                                                               "reference." + r.value("kind", std::string("error")),
                                                               r.value("error", std::string("the reference run failed"))});
        ReferenceRun run;
        run.signedInputs = r.value("signed_inputs", false);
        for (const auto& [k, v] : r.at("constants").items())
            run.constants[k] = v.get<std::int64_t>();
        for (const auto& [k, v] : r.at("tensors").items())
            run.tensors[k] = referenceTensor(v);
        for (const auto& o : r.at("outputs"))
            run.outputs.push_back(referenceTensor(o));
        return run;
    } catch (const json::exception& e) {
        return Expected<ReferenceRun>::failure(
            Diagnostic {Severity::Error, file, {}, "trace.protocol", std::string("malformed reference reply: ") + e.what()});
    }
}

} // namespace solar::worker

namespace solar::worker {

namespace {

// Every expression of a symbolic trace, evaluated at once by binding a program of lets (the ALIR evaluator).
class SymbolValues
{
public:
    void add(const std::string& expr)
    {
        if (!expr.empty() && !m_index.count(expr))
            m_index.emplace(expr, m_index.size());
    }

    std::optional<std::string> evaluate(const std::map<std::string, std::int64_t>& sizes, const std::vector<std::string>& guards)
    {
        std::string text = "kernel k(";
        bool first = true;
        for (const auto& [name, value] : sizes) {
            text += (first ? "" : ", ") + name + "=" + std::to_string(value);
            first = false;
        }
        text += ") {\n";
        std::vector<std::string> byIndex(m_index.size());
        for (const auto& [expr, i] : m_index)
            byIndex[i] = expr;
        for (size_t i = 0; i < byIndex.size(); ++i)
            text += "let _e" + std::to_string(i) + " = " + byIndex[i] + ";\n";
        for (size_t i = 0; i < guards.size(); ++i)
            text += "let _g" + std::to_string(i) + " = " + guards[i] + ";\n";
        text += "}\n";
        const auto program = ir::parseProgram(text, "symbolic sizes");
        if (!program)
            return "a size expression does not parse: " + program.diagnostics().front().message;
        const auto bound = ir::bindSizes(*program);
        if (!bound)
            return "a size expression does not evaluate: " + bound.diagnostics().front().message;
        for (size_t i = 0; i < guards.size(); ++i)
            if (bound->values.at("_g" + std::to_string(i)) == 0)
                return "the trace's guard " + guards[i] + " does not hold";
        m_values.clear();
        for (size_t i = 0; i < byIndex.size(); ++i)
            m_values[byIndex[i]] = bound->values.at("_e" + std::to_string(i));
        return std::nullopt;
    }

    std::int64_t operator()(const std::string& expr) const { return m_values.at(expr); }

private:
    std::map<std::string, size_t> m_index;
    std::map<std::string, std::int64_t> m_values;
};

template<typename F>
void forEachArg(TraceArg& a, F&& f)
{
    f(a);
    for (auto& item : a.items)
        forEachArg(item, f);
}

} // namespace

std::vector<std::int64_t> values(const std::vector<Dim>& dims)
{
    return {dims.begin(), dims.end()};
}

Expected<TraceResult> instantiate(const TraceResult& t, const std::map<std::string, std::int64_t>& sizes)
{
    TraceResult out = t;
    SymbolValues values;
    auto visitDims = [](TraceResult& r, const auto& f) {
        for (auto& x : r.tensors) {
            for (auto& d : x.shape)
                f(d);
            for (auto& d : x.stride)
                f(d);
            f(x.offset);
        }
    };
    auto visitArgs = [](TraceResult& r, const auto& f) {
        for (auto& op : r.ops) {
            for (auto& a : op.args)
                forEachArg(a, f);
            for (auto& [k, a] : op.kwargs)
                forEachArg(a, f);
            for (auto& a : op.outputs)
                forEachArg(a, f);
        }
    };
    visitDims(out, [&](Dim& d) {
        if (d.symbolic())
            values.add(d.text());
    });
    visitArgs(out, [&](TraceArg& a) { values.add(a.sym); });
    std::map<std::string, std::int64_t> all;
    for (const auto& name : t.symbols) {
        const auto it = sizes.find(name);
        all[name] = it != sizes.end() ? it->second : t.constants.at(name);
    }
    if (const auto problem = values.evaluate(all, t.guards))
        return Expected<TraceResult>::failure(Diagnostic {Severity::Error, t.file, {}, "trace.symbolic", *problem});
    visitDims(out, [&](Dim& d) {
        if (d.symbolic())
            d = Dim(values(d.text()), d.text());
    });
    visitArgs(out, [&](TraceArg& a) {
        if (a.sym.empty())
            return;
        if (a.kind == TraceArg::Int)
            a.intValue = values(a.sym);
        else
            a.floatValue = static_cast<double>(values(a.sym));
    });
    for (const auto& [name, value] : sizes)
        if (out.constants.count(name))
            out.constants[name] = value;
    return out;
}

} // namespace solar::worker
