// SPDX-License-Identifier: MIT
#include "engine/ir/bindings.h"

namespace solar::ir {

NameValue SizeBindings::lookup(const std::string& name) const
{
    const auto it = values.find(name);
    if (it == values.end())
        return {};
    return {NameValue::Constant, it->second};
}

NameResolver SizeBindings::resolver() const
{
    return [this](const std::string& name) { return lookup(name); };
}

std::int64_t elementCount(const std::vector<std::int64_t>& shape)
{
    std::int64_t n = 1;
    for (auto d : shape)
        n *= d;
    return n;
}

Expected<SizeBindings> bindSizes(const Program& program, const std::map<std::string, std::int64_t>& overrides)
{
    SizeBindings b;
    Diagnostics diags;
    auto error = [&](SourceLoc loc, std::string code, std::string message) {
        diags.push_back({Severity::Error, program.file, loc, std::move(code), std::move(message)});
    };
    for (const auto& p : program.params)
        b.values[p.name] = p.value;
    for (const auto& [name, value] : overrides) {
        const auto it = b.values.find(name);
        if (it == b.values.end()) {
            std::string known;
            for (const auto& p : program.params)
                known += (known.empty() ? "" : ", ") + p.name;
            error({}, "bind.unknown-param",
                  "'" + name + "' is not a size parameter of kernel '" + program.name + "'"
                      + (known.empty() ? std::string(" (it has none)") : " (parameters: " + known + ")"));
            continue;
        }
        it->second = value;
    }
    const NameResolver resolve = b.resolver();
    for (const auto& d : program.decls) {
        if (d.kind == DeclKind::Let) {
            std::string why;
            const auto v = evalConstInt(d.value, resolve, &why);
            if (!v) {
                error(d.loc, "bind.let", "cannot evaluate 'let " + d.name + "': " + why);
                continue;
            }
            b.values[d.name] = *v;
            continue;
        }
        std::vector<std::int64_t> shape;
        std::int64_t count = 1;
        bool ok = true;
        for (size_t i = 0; i < d.dims.size(); ++i) {
            std::string why;
            const auto v = evalConstInt(d.dims[i], resolve, &why);
            if (!v) {
                error(d.dims[i].loc, "bind.dim", "cannot evaluate dimension " + std::to_string(i) + " of '" + d.name + "': " + why);
                ok = false;
                break;
            }
            if (*v < 0) {
                error(d.dims[i].loc, "bind.negative-dim",
                      "dimension " + std::to_string(i) + " of '" + d.name + "' is " + std::to_string(*v) + " at these sizes");
                ok = false;
                break;
            }
            const auto c = checkedMul(count, *v);
            if (!c) {
                error(d.loc, "bind.too-large", "tensor '" + d.name + "' has more than 2^63 elements");
                ok = false;
                break;
            }
            count = *c;
            shape.push_back(*v);
        }
        if (ok)
            b.shapes[d.name] = std::move(shape);
    }
    if (hasErrors(diags))
        return Expected<SizeBindings>::failure(std::move(diags));
    return b;
}

} // namespace solar::ir
