// SPDX-License-Identifier: MIT
#include "engine/parallel/stagevalidation.h"

#include "engine/ir/interpreter.h"

#include <algorithm>
#include <cmath>

namespace solar::parallel {

Expected<SplitValidation> validateStages(const ir::Program& program, const std::vector<Stage>& stages,
                                         const std::map<std::string, std::int64_t>& sizes, std::uint64_t seed)
{
    using Fail = Expected<SplitValidation>;
    const ir::RunOptions options = validationRunOptions(sizes, seed);
    auto original = ir::runProgram(program, options);
    if (!original)
        return Fail::failure(original.diagnostics());
    // What the stages have produced so far, then the program's inputs as its run drew them.
    std::map<std::string, ir::TensorValue> produced;
    for (const Stage& stage : stages) {
        ir::RunOptions o = options;
        for (const auto& d : stage.program.decls) {
            if (d.kind != ir::DeclKind::Tensor || d.tensorKind == ir::TensorKind::Out || d.tensorKind == ir::TensorKind::Tmp)
                continue;
            const auto made = produced.find(d.name);
            const ir::TensorValue* value = made != produced.end() ? &made->second : original->find(d.name);
            if (!value)
                return Fail::failure(Diagnostic {Severity::Error, program.file, {}, "parallel.validate", "no value for " + d.name});
            ir::TensorValue in = *value;
            in.kind = d.tensorKind;
            o.inputs[d.name] = std::move(in);
        }
        auto run = ir::runProgram(stage.program, o);
        if (!run)
            return Fail::failure(run.diagnostics());
        for (const auto& d : stage.program.decls)
            if (d.kind == ir::DeclKind::Tensor && d.tensorKind == ir::TensorKind::Out)
                if (const ir::TensorValue* t = run->find(d.name))
                    produced[d.name] = *t;
    }
    SplitValidation v;
    v.tolerance = 0; // the same statements in the same order on the same values: equal to the bit
    int compared = 0;
    for (const auto& d : program.decls) {
        if (d.kind != ir::DeclKind::Tensor || d.tensorKind != ir::TensorKind::Out)
            continue;
        const ir::TensorValue* want = original->find(d.name);
        const auto got = produced.find(d.name);
        const auto same = [](double a, double b) { return a == b || (std::isnan(a) && std::isnan(b)); };
        if (!want || got == produced.end() || got->second.data.size() != want->data.size()
            || !std::equal(want->data.begin(), want->data.end(), got->second.data.begin(), same)) {
            v.detail = d.name + (got == produced.end() ? " is not produced by any stage" : " differs after the stages");
            return v;
        }
        ++compared;
    }
    v.ok = compared > 0;
    v.detail = v.ok
        ? std::to_string(compared) + " output" + (compared == 1 ? "" : "s") + " equal through " + std::to_string(stages.size()) + " stages"
        : "no output to compare";
    return v;
}

} // namespace solar::parallel
