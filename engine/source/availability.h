// SPDX-License-Identifier: MIT
// Which registered frontends work with a probed Python interpreter, and why not (`solar doctor`, Help ->
// Environment): generated from the registry (frontend.h), each frontend judged by the framework it needs
// (Frontend::framework()), so a new frontend appears here without being named.
#pragma once

#include "engine/worker/environment.h"

#include <string>
#include <vector>

namespace solar {

struct FrontendAvailability
{
    std::string id; // the registry's id ("pytorch")
    std::string label; // its selector label, English
    bool works = false;
    std::string why; // what it runs on, or what it needs and lacks
};

/// One entry per registered frontend, in the registry's order, for `python`.
std::vector<FrontendAvailability> frontendAvailability(const worker::PythonProbe& python);

/// The report as text, one block per interpreter with its frontends (what `solar doctor` prints).
std::string formatEnvironment(const worker::EnvironmentReport& report);

} // namespace solar
