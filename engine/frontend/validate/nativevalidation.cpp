// SPDX-License-Identifier: MIT
#include "engine/frontend/validate/nativevalidation.h"

#include "engine/frontend/native/csource.h"
#include "engine/frontend/native/nativerun.h"
#include "engine/frontend/trace/modelprogram.h"
#include "engine/frontend/trace/sizepoints.h"
#include "engine/frontend/validate/comparison.h"
#include "engine/ir/bindings.h"
#include "engine/ir/dtype.h"
#include "engine/ir/interpreter.h"

#include <algorithm>

namespace solar::validate {

namespace {

Validation refused(const std::string& why, bool ran = false)
{
    Validation v;
    v.status = ValidationStatus::Mismatch;
    v.ran = ran;
    v.details = why;
    return v;
}

const ir::Decl* tensorNamed(const ir::Program& program, const std::string& name)
{
    for (const auto& d : program.decls)
        if (d.kind == ir::DeclKind::Tensor && d.name == name)
            return &d;
    return nullptr;
}

std::string signature(const native::CFunction& f)
{
    std::string s = f.returnType + " " + f.name + "(";
    for (size_t i = 0; i < f.params.size(); ++i) {
        const auto& p = f.params[i];
        s += (i ? ", " : "") + std::string(p.isConst ? "const " : "") + p.type + (p.pointer ? "* " : " ") + p.name;
    }
    return s + ")";
}

} // namespace

std::string nativeSourceFacts(const std::string& text, const std::string& file, bool cuda)
{
    const auto source = native::readCSource(text, file);
    if (!source)
        return {};
    std::string facts;
    if (const native::CFunction* entry = native::entryFunction(*source, cuda)) {
        facts += std::string(cuda ? "kernel" : "entry function (the harness calls it)") + ": " + signature(*entry) + "\n";
        for (const auto& p : entry->params)
            if (p.pointer)
                facts += "  " + p.name + ": ALIR `" + (p.isConst ? "in" : "out") + " " + p.name + ": "
                    + (native::alirTypeOf(p.type).empty() ? "(" + p.type + ": not exchangeable)" : native::alirTypeOf(p.type)) + "[...]`\n";
    }
    for (const auto& c : source->constants)
        facts += "constant " + c.name + " = " + std::to_string(c.value) + " (line " + std::to_string(c.line) + ")\n";
    for (const auto& l : source->launches)
        facts += "launch of " + l.kernel + " on line " + std::to_string(l.line) + ": grid " + l.grid + ", block " + l.block + "\n";
    return facts;
}

Validation validateNative(const ir::Program& program, const std::string& file, const std::string& text, bool cplusplus,
                          const ValidationOptions& options)
{
    Validation v;
    const auto source = native::readCSource(text, file);
    if (!source) {
        v.details = "the source cannot be read: " + source.diagnostics().front().format();
        return v;
    }
    const native::CFunction* entry = native::entryFunction(*source, false);
    if (!entry) {
        v.details = "the source has no entry function to call (a non-static void function at file scope)";
        return v;
    }
    // The sizes: the file's constants, and the entry's integer parameters at the program's defaults.
    trace::SizeMap constants;
    for (const auto& c : source->constants)
        constants[c.name] = c.value;
    if (const std::string wrong = wrongDefaults(program, constants); !wrong.empty())
        return refused(wrong);
    // The naming contract, before anything runs.
    std::vector<std::string> outputs;
    for (const auto& p : entry->params) {
        if (!p.pointer) {
            const bool sized = constants.count(p.name)
                || std::any_of(program.params.begin(), program.params.end(), [&](const ir::Param& q) { return q.name == p.name; });
            if (!sized)
                return refused("the entry function's integer parameter " + p.name
                               + " is neither a size parameter of the program nor a constant of the file: name a size parameter " + p.name);
            if (!constants.count(p.name))
                for (const auto& q : program.params)
                    if (q.name == p.name)
                        constants[p.name] = q.value;
            continue;
        }
        const std::string type = native::alirTypeOf(p.type);
        if (type.empty()) {
            v.details = "the harness cannot exchange " + p.type + " arrays (" + p.name + ")";
            return v;
        }
        const ir::Decl* d = tensorNamed(program, p.name);
        if (!d)
            return refused("the entry function's array " + p.name + " is not a tensor of the program: declare `"
                           + (p.isConst ? "in " : "out ") + p.name + ": " + type + "[...]`");
        if (std::string(ir::dtypeName(d->dtype)) != type)
            return refused(p.name + " is declared " + std::string(ir::dtypeName(d->dtype)) + ", the kernel's is " + p.type + " (" + type
                           + ")");
        const bool input = d->tensorKind == ir::TensorKind::In || d->tensorKind == ir::TensorKind::Weight;
        if (input != p.isConst)
            return refused(p.name + " is " + (input ? "an input" : "an output") + " of the program but "
                           + (p.isConst ? "const" : "not const")
                           + " in the kernel: a const pointer is an `in` tensor, any other an `out` one");
        if (!input)
            outputs.push_back(p.name);
    }
    for (const auto& d : program.decls)
        if (d.kind == ir::DeclKind::Tensor && (d.tensorKind == ir::TensorKind::In || d.tensorKind == ir::TensorKind::Out)
            && std::none_of(entry->params.begin(), entry->params.end(),
                            [&](const native::CParam& p) { return p.pointer && p.name == d.name; }))
            return refused("the program's " + d.name + " is no array parameter of " + entry->name
                           + "; its arrays are the program's inputs and outputs");
    std::string compared, lastProblem, compiler;
    int separating = 0, counted = 0;
    for (const auto& sizes : validationSchedule(constants)) {
        const bool tellsApart = trace::separates(sizes, constants);
        if (separating >= 2 || (!tellsApart && counted >= 2))
            break;
        const auto paramSizes = parameterSizes(program, sizes);
        const auto bound = ir::bindSizes(program, paramSizes);
        if (!bound) {
            lastProblem = sizesText(sizes) + ": " + bound.diagnostics().front().message;
            continue;
        }
        for (std::uint64_t seed : {options.seed, options.seed + 1}) {
            ir::RunOptions run;
            run.sizes = paramSizes;
            run.seed = seed;
            run.maxInstances = options.maxInstances;
            run.maxElements = options.maxInterpreterElements;
            run.isCancelled = options.isCancelled;
            const auto result = ir::runProgram(program, run);
            if (!result) {
                if (result.diagnostics().front().code == "run.cancelled") {
                    v.details = "cancelled";
                    return v;
                }
                return refused("the program fails at " + sizesText(sizes) + ": " + result.diagnostics().front().format());
            }
            // The kernel on the inputs the interpreter generated, its outputs zeros of the program's sizes.
            std::map<std::string, native::NativeArray> arrays;
            for (const auto& t : result->tensors)
                for (const auto& p : entry->params)
                    if (p.pointer && p.name == t.name)
                        arrays[p.name] = {native::alirTypeOf(p.type), p.isConst ? t.data : std::vector<double>(t.data.size(), 0.0)};
            std::map<std::string, std::int64_t> integers;
            for (const auto& p : entry->params)
                if (!p.pointer)
                    integers[p.name] = sizes.count(p.name) ? sizes.at(p.name) : constants.at(p.name);
            std::vector<std::pair<std::string, std::int64_t>> values(sizes.begin(), sizes.end());
            native::NativeRunOptions nro;
            nro.runTimeoutMs = options.timeoutMs;
            const auto ran = native::runNative(text, file, cplusplus, *source, *entry, arrays, integers, values, nro);
            if (!ran) {
                const std::string& code = ran.diagnostics().front().code;
                if (code == "native.compiler" || code == "native.compile" || code == "native.io" || code == "native.cancelled") {
                    v.details = "the kernel cannot run here: " + ran.diagnostics().front().message;
                    return v;
                }
                return refused("at " + sizesText(sizes) + " " + ran.diagnostics().front().message, true);
            }
            compiler = ran->compiler;
            std::vector<worker::ReferenceTensor> expected;
            for (const auto& name : outputs) {
                const auto& t = *std::find_if(result->tensors.begin(), result->tensors.end(),
                                              [&](const ir::TensorValue& x) { return x.name == name; });
                expected.push_back({t.shape, torchDtypeName(t.dtype), ran->arrays.at(name)});
            }
            const double rtol = expected.empty() ? 0.0 : programTolerance(program, *bound, expected.front().dtype);
            if (const OutputCheck check = compareOutputs(expected, *result, outputs, sizes, rtol); !check.difference.empty())
                return refused(check.difference + " (seed " + std::to_string(seed) + ", signed inputs)", !check.structural);
        }
        compared += (compared.empty() ? "" : "; ") + sizesText(sizes);
        ++counted;
        separating += tellsApart;
    }
    if (counted == 0) {
        v.details = "no reduced size could be compared" + (lastProblem.empty() ? std::string() : ": " + lastProblem);
        return v;
    }
    v.status = ValidationStatus::Validated;
    v.details = "outputs match the kernel compiled and run here (" + compiler + ") at " + compared + " (seeds "
        + std::to_string(options.seed) + " and " + std::to_string(options.seed + 1)
        + ", signed inputs, tolerance from the program's reductions: the source has no trace)";
    if (separating < 2)
        v.caveat = separating == 0 ? "no size point told the kernel's size constants apart"
                                   : "only one size point told the kernel's size constants apart";
    if (!v.caveat.empty())
        v.details += "; " + v.caveat;
    return v;
}

} // namespace solar::validate
