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
        auto python = locatePython(m_python, 60000, framework);
        if (!python)
            return Expected<TraceWorker*>::failure(python.diagnostics());
        m_worker = std::make_unique<TraceWorker>(*python);
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
