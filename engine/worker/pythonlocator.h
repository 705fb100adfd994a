// SPDX-License-Identifier: MIT
// Finding a Python interpreter that can import torch (or, for JAX sources, jax): SOLAR_PYTHON, then the user's setting, then the active
// virtual or conda environment, then python3 on PATH, /usr/bin/python3 and /usr/local/bin/python3. On some machines `python3` on PATH is a separate install
// without torch while Debian's /usr/bin/python3 has it, so each candidate is probed, never assumed.
#pragma once

#include "engine/core/expected.h"

#include <string>
#include <vector>

namespace solar::worker {

struct PythonInfo
{
    std::string executable;
    std::string torchVersion; // empty: this Python has no torch (a JAX-only environment)
    std::string jaxVersion; // empty: no jax
};

/// Which framework the interpreter is wanted for. SOLAR_PYTHON and the setting are the user's choice and win with
/// either; of the others the first that has the framework wins, else the first that has the other (it still runs
/// that framework's sources, and says what is missing for the rest).
enum class Framework { Torch, Jax };

/// Probes `candidates` in order (each run with a timeout). When none imports torch or jax, the error lists what
/// was tried and why each failed, and says that ALIR and the LLM route still work.
Expected<PythonInfo> locatePython(const std::string& preferred = {}, int timeoutMs = 60000, Framework want = Framework::Torch);
std::vector<std::string> pythonCandidates(const std::string& preferred = {});

struct PythonCandidate
{
    std::string executable;
    std::string origin; // "SOLAR_PYTHON", "the setting", "the active virtual environment", "PATH", ...
};
/// The candidates in the order they are tried, each with why it is one: SOLAR_PYTHON, the setting, the active
/// virtual environment ($VIRTUAL_ENV) and conda environment ($CONDA_PREFIX), python3 on PATH, /usr/bin/python3,
/// /usr/local/bin/python3.
std::vector<PythonCandidate> pythonCandidatesWithOrigin(const std::string& preferred = {});

/// The bundled tracer script: SOLAR_PYTHON_DIR, else the installed share/solar-studio/python next to the
/// executable, else the source tree's resources/python.
std::string tracerScriptPath();

} // namespace solar::worker
