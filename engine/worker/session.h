// SPDX-License-Identifier: MIT
// The Python worker as a session: one long-lived process per thread of analyses (the GUI's job, a sweep, `solar llm`
// over its phases), started on first use with the interpreter the user chose, so torch or jax is imported once.
// Whatever asks for a worker (a trace, a validation, a measurement, the LLM route's reference) takes it from here.
#pragma once

#include "engine/worker/pythonlocator.h"
#include "engine/worker/traceworker.h"

#include <memory>
#include <string>

namespace solar::worker {

class Session
{
public:
    /// `python`: the interpreter the user chose (tried after SOLAR_PYTHON, before the search; empty: search).
    explicit Session(std::string python = {});
    ~Session();
    Session(const Session&) = delete;
    Session& operator=(const Session&) = delete;

    /// The running worker, started (and its interpreter located, for `framework`) on first use; a different
    /// interpreter choice than the running worker's starts a new one. Failures say which interpreters were tried.
    Expected<TraceWorker*> worker(Framework framework = Framework::Torch);
    /// Uses `python` from the next worker() on (the GUI's setting changed).
    void setPython(std::string python);
    const std::string& python() const { return m_python; }
    /// Whether a worker process has been started (tests: one process serves many requests).
    bool started() const { return m_worker != nullptr; }
    void stop();

private:
    std::string m_python;
    std::string m_running; // the choice the running worker was started with
    std::unique_ptr<TraceWorker> m_worker;
};

} // namespace solar::worker
