// SPDX-License-Identifier: MIT
// The registry: every frontend, in the order the automatic choice asks them. The top of the frontend stack (only
// sourceanalysis and availability, beside it, and the applications include it): the CLI's --frontend choices and
// option tables, the GUI's open filter, selector and option controls are generated from it.
#pragma once

#include "engine/frontend/frontend.h"

#include <string>
#include <string_view>
#include <vector>

namespace solar {

/// Every frontend, in the order the automatic choice asks them (and the GUI and the help list them).
const std::vector<const Frontend*>& frontends();
/// The frontend with this id; nullptr for "auto" and unknown ids.
const Frontend* findFrontend(std::string_view id);
/// The frontend that analyses `path` when `id` is chosen: that one, or for "auto" the first that claims the path;
/// nullptr for an unknown id.
const Frontend* chooseFrontend(std::string_view id, const std::string& path);
/// The frontend whose Python framework is `framework` ("torch", "jax"); nullptr for none.
const Frontend* frontendForFramework(std::string_view framework);
/// "auto" and every frontend's id: the CLI's --frontend choices.
std::vector<std::string> frontendIds();
/// Whether `id` is "auto" or a registered frontend.
bool isFrontendId(std::string_view id);
/// Every frontend's options, each key once (two frontends may share a key only with the same meaning: the first
/// declaration is the one the CLI's help shows), with the frontends that declare it.
struct DeclaredOption
{
    FrontendOption option;
    std::vector<const Frontend*> frontends;
};
std::vector<DeclaredOption> declaredOptions();

/// A frontend added to the registry while this object lives (first, so the automatic choice asks it before ALIR,
/// which takes every file left): for tests that show what a new frontend gets from the registry alone, and for tools
/// embedding the engine. Not thread-safe: register before analyses start.
class ScopedFrontend
{
public:
    explicit ScopedFrontend(const Frontend& frontend);
    ~ScopedFrontend();
    ScopedFrontend(const ScopedFrontend&) = delete;
    ScopedFrontend& operator=(const ScopedFrontend&) = delete;

private:
    const Frontend* m_frontend;
};

} // namespace solar
