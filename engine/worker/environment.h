// SPDX-License-Identifier: MIT
// What the Python side of SOLAR Studio can do on this machine (`solar doctor`, Help -> Environment): every
// candidate interpreter probed for torch, numpy, einops, JAX and Flax, and for each which Python frameworks work in
// it and, where one does not, why. Which frontends that makes available is the registry's business
// (engine/source/availability.h). The chosen interpreter is the one locatePython() picks: the first that imports
// a supported torch.
#pragma once

#include <string>
#include <string_view>
#include <vector>

namespace solar::worker {

struct FrameworkSupport
{
    std::string framework; // "torch", "numpy", "jax": what Frontend::framework() names
    bool works = false;
    std::string why; // what it needs and lacks, or what it runs on
};

struct PythonProbe
{
    std::string executable;
    std::string origin; // why it is a candidate: "SOLAR_PYTHON", "the active virtual environment", "PATH", ...
    bool runs = false;
    std::string error; // when it does not run, or the probe failed
    std::string pythonVersion, torchVersion, numpyVersion, einopsVersion, jaxVersion, flaxVersion, transformersVersion, onnxVersion,
        onnxruntimeVersion; // empty: absent
    std::vector<FrameworkSupport> frameworks;
    bool chosen = false;

    /// The support of `framework` in this interpreter; nullptr when it was not probed.
    const FrameworkSupport* support(std::string_view framework) const;
};

struct EnvironmentReport
{
    std::vector<PythonProbe> pythons;
    const PythonProbe* chosen() const; // nullptr when no candidate traces PyTorch: then no frontend needing Python works
};

/// Whether a torch version string ("1.13.0", "2.13.0+cpu") is one the tracer supports (1.13 and 2.x).
bool supportedTorch(const std::string& version);

/// Probes every candidate of pythonCandidates(preferred) (each with a timeout).
EnvironmentReport probeEnvironment(const std::string& preferred = {}, int timeoutMs = 60000);

} // namespace solar::worker
