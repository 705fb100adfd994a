// SPDX-License-Identifier: MIT
// One long-lived Python process running the tracer, so torch is imported once for a whole sweep. Requests and
// replies are JSON lines. A model that hangs (an endless loop) or kills the interpreter costs only that model:
// the worker is killed after the timeout and restarted for the next request. Not thread-safe: one worker per
// thread.
#pragma once

#include "engine/worker/pythonlocator.h"
#include "engine/worker/traceresult.h"

#include <nlohmann/json_fwd.hpp>

#include <atomic>
#include <map>
#include <memory>
#include <string>
#include <vector>

class QProcess;

namespace solar::worker {

class TraceWorker
{
public:
    explicit TraceWorker(PythonInfo python, std::string script = tracerScriptPath());
    ~TraceWorker();
    TraceWorker(const TraceWorker&) = delete;
    TraceWorker& operator=(const TraceWorker&) = delete;

    /// Traces `file` with its module-level size constants overridden by `sizes`. `realTensors` runs the forward
    /// pass on real CPU tensors (for ops with neither a fake nor a meta kernel): only ever at reduced sizes.
    Expected<TraceResult> trace(const std::string& file, const std::map<std::string, std::int64_t>& sizes = {}, int timeoutMs = 120000,
                                bool realTensors = false);
    /// Traces with symbolic sizes (torch 2.x): the dimensions equal to one of the constants `symbols` are symbols,
    /// and every size in the reply is an expression over them (traceresult.h). Fails where torch has no symbolic
    /// shapes, where two constants share a value, or where the model computes a size outside ALIR's integer forms.
    Expected<TraceResult> traceSymbolic(const std::string& file, const std::map<std::string, std::int64_t>& sizes,
                                        const std::vector<std::string>& symbols, int timeoutMs = 120000);
    /// The module-level integer size constants of `file`, overridden by `sizes` (the module body runs; no model).
    Expected<std::map<std::string, std::int64_t>> constants(const std::string& file, const std::map<std::string, std::int64_t>& sizes = {},
                                                            int timeoutMs = 120000);
    /// Runs the model for real at `sizes` (seeded), returning its inputs, parameters, buffers and outputs.
    /// `arrays`: a NumPy or JAX source (get_inputs() and forward(*inputs)) instead of a PyTorch model.
    /// `signedInputs`: get_inputs()' floating-point tensors replaced by signed, non-uniform ones (PyTorch and NumPy
    /// sources; ReferenceRun::signedInputs says whether they were); outputs that are then not finite fail, coded
    /// "reference.nonfinite".
    Expected<ReferenceRun> reference(const std::string& file, const std::map<std::string, std::int64_t>& sizes, std::uint64_t seed,
                                     std::int64_t maxElements = 30'000'000, int timeoutMs = 300000, bool arrays = false,
                                     bool signedInputs = false);
    /// Any other request (`req["cmd"]` set; the id and framework are filled in): the reply object when it says
    /// "ok", else its error as a diagnostic at the user's file and line, coded "<code>.<kind>".
    Expected<nlohmann::json> command(nlohmann::json req, const std::string& file, int timeoutMs, const std::string& code);
    /// While `*flag` is true, a waiting request kills the worker and fails with "trace.cancelled" (a GUI's
    /// cancel button); the next request starts a fresh worker.
    void setCancelFlag(const std::atomic<bool>* flag) { m_cancel = flag; }
    /// Which tracer runs a source's trace and reference: "" picks by its imports (jax or flax and not torch: the
    /// JAX tracer), "torch" or "jax" forces one (a file importing both, the GUI's frontend selector).
    void setFramework(std::string framework) { m_framework = std::move(framework); }

    /// The interpreter it runs (its torch and jax versions as probed).
    const PythonInfo& python() const { return m_python; }
    /// Has the worker import torch now and say its version (and jax's, looked up): the check locatePython's probe
    /// makes, in the process that goes on to trace (Session). Empty torchVersion where torch does not import.
    Expected<PythonInfo> warmUp(int timeoutMs);
    /// The worker's process id (0 when not running): tests check that one process serves many requests.
    long long processId() const;
    void stop();

private:
    Expected<std::string> request(const std::string& line, const std::string& file, int timeoutMs);
    std::string start(); // the process, if not running; empty when it runs, else why it does not
    Expected<TraceResult> traceRequest(const std::string& file, const std::map<std::string, std::int64_t>& sizes, nlohmann::json options,
                                       int timeoutMs);

    PythonInfo m_python;
    std::string m_script;
    std::unique_ptr<QProcess> m_process;
    long long m_nextId = 1;
    const std::atomic<bool>* m_cancel = nullptr;
    std::string m_framework;
};

} // namespace solar::worker
