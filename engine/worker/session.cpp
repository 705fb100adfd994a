// SPDX-License-Identifier: MIT
#include "engine/worker/session.h"

namespace solar::worker {

Session::Session(std::string python)
    : m_python(std::move(python))
{ }

Session::~Session() = default;

Expected<TraceWorker*> Session::worker(Framework framework)
{
    if (m_worker && m_running != m_python)
        m_worker.reset();
    if (!m_worker) {
        // locatePython's probe imports torch to make sure it works, and then so would the worker (1.5 s each):
        // the interpreter the probe tries first is asked in the worker itself, and the probe runs only where
        // torch does not import there.
        const auto candidates = pythonCandidatesWithOrigin(m_python);
        if (framework == Framework::Torch && !candidates.empty()) {
            auto first = std::make_unique<TraceWorker>(PythonInfo {candidates.front().executable, {}, {}});
            if (const auto info = first->warmUp(60000); info && !info->torchVersion.empty())
                m_worker = std::move(first);
        }
        if (!m_worker) {
            auto python = locatePython(m_python, 60000, framework);
            if (!python)
                return Expected<TraceWorker*>::failure(python.diagnostics());
            m_worker = std::make_unique<TraceWorker>(*python);
        }
        m_running = m_python;
    }
    return m_worker.get();
}

void Session::setPython(std::string python)
{
    m_python = std::move(python);
}

void Session::stop()
{
    m_worker.reset();
}

} // namespace solar::worker
