// SPDX-License-Identifier: MIT
// What the LLM suites share: running an analysis on a worker thread while the test's thread serves the scripted
// OpenAI-compatible server (tests/scriptedserver.h), and the source-analysis options that ask that server.
#pragma once

#include "../scriptedserver.h"
#include "engine/source/sourceanalysis.h"

#include <QCoreApplication>
#include <QElapsedTimer>
#include <QtConcurrent/QtConcurrentRun>

#include <string>

namespace testutil {

// Runs `f` on a worker thread while this thread serves the scripted server.
template<typename F>
auto serve(F f)
{
    auto future = QtConcurrent::run(f);
    QElapsedTimer t;
    t.start();
    while (!future.isFinished() && t.elapsed() < 60000)
        QCoreApplication::processEvents(QEventLoop::AllEvents, 20);
    return future.result();
}

// Source analysis through the LLM frontend, asking the scripted server, caching under `cacheDir`.
inline solar::SourceAnalysisOptions llmSource(const ScriptedServer& server, const std::string& cacheDir, int attempts = 5)
{
    solar::SourceAnalysisOptions o;
    o.frontend = "llm";
    o.settings = {{"llm-url", server.url()},
                  {"llm-model", "scripted-model"},
                  {"llm-key-env", ""}, // no key: a local server
                  {"llm-attempts", std::to_string(attempts)},
                  {"llm-cache", cacheDir}};
    return o;
}

} // namespace testutil
