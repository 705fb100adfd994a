// SPDX-License-Identifier: MIT
// The one list of frontends. A new frontend adds its folder and one line here (a static library drops objects
// that nothing references, so frontends cannot register themselves from static initialisers).
#include "engine/source/registry.h"

#include <algorithm>

namespace solar {

const Frontend& pytorchFrontend(); // engine/frontend/pytorch/pytorchfrontend.cpp
const Frontend& jaxFrontend(); // engine/frontend/jax/jaxfrontend.cpp
const Frontend& alirFrontend(); // engine/frontend/alir/alirfrontend.cpp
const Frontend& llmFrontend(); // engine/frontend/llm/llmfrontend.cpp
const Frontend& hfConfigFrontend(); // engine/frontend/hfconfig/hfconfigfrontend.cpp
const Frontend& solExecFrontend(); // engine/frontend/solexec/solexecfrontend.cpp
const Frontend& onnxFrontend(); // engine/frontend/onnx/onnxfrontend.cpp

namespace {

std::vector<const Frontend*>& registered()
{
    // Order matters for the automatic choice: the first that claims a file gets it (a problem's definition.json before
    // the config.json reader, which claims every .json; ALIR takes what is left).
    static std::vector<const Frontend*> all {&pytorchFrontend(),  &jaxFrontend(),  &solExecFrontend(), &onnxFrontend(),
                                             &hfConfigFrontend(), &alirFrontend(), &llmFrontend()};
    return all;
}

} // namespace

const std::vector<const Frontend*>& frontends()
{
    return registered();
}

ScopedFrontend::ScopedFrontend(const Frontend& frontend)
    : m_frontend(&frontend)
{
    auto& all = registered();
    all.insert(all.begin(), m_frontend);
}

ScopedFrontend::~ScopedFrontend()
{
    auto& all = registered();
    all.erase(std::remove(all.begin(), all.end(), m_frontend), all.end());
}

const Frontend* findFrontend(std::string_view id)
{
    for (const Frontend* f : frontends())
        if (f->id() == id)
            return f;
    return nullptr;
}

const Frontend* chooseFrontend(std::string_view id, const std::string& path)
{
    if (id != kAutoFrontend)
        return findFrontend(id);
    for (const Frontend* f : frontends())
        if (f->claims(path))
            return f;
    return nullptr;
}

const Frontend* frontendForFramework(std::string_view framework)
{
    for (const Frontend* f : frontends())
        if (!framework.empty() && f->framework() == framework)
            return f;
    return nullptr;
}

std::vector<std::string> frontendIds()
{
    std::vector<std::string> ids {std::string(kAutoFrontend)};
    for (const Frontend* f : frontends())
        ids.emplace_back(f->id());
    return ids;
}

bool isFrontendId(std::string_view id)
{
    return id == kAutoFrontend || findFrontend(id);
}

std::vector<DeclaredOption> declaredOptions()
{
    std::vector<DeclaredOption> out;
    for (const Frontend* f : frontends()) {
        for (FrontendOption& o : f->options()) {
            auto it = std::find_if(out.begin(), out.end(), [&](const DeclaredOption& d) { return d.option.key == o.key; });
            if (it == out.end())
                out.push_back({std::move(o), {f}});
            else
                it->frontends.push_back(f);
        }
    }
    return out;
}

} // namespace solar
