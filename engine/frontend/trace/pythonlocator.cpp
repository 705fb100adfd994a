// SPDX-License-Identifier: MIT
#include "engine/frontend/trace/pythonlocator.h"

#include <QProcess>
#include <QStandardPaths>
#include <QString>

#include <algorithm>
#include <cstdlib>
#include <filesystem>

#ifndef SOLAR_SOURCE_PYTHON_DIR
#define SOLAR_SOURCE_PYTHON_DIR ""
#endif

namespace solar::trace {

namespace fs = std::filesystem;

std::vector<std::string> pythonCandidates(const std::string& preferred)
{
    std::vector<std::string> out;
    auto add = [&](const std::string& c) {
        if (!c.empty() && std::find(out.begin(), out.end(), c) == out.end())
            out.push_back(c);
    };
    if (const char* env = std::getenv("SOLAR_PYTHON"); env && *env)
        add(env);
    add(preferred);
    add(QStandardPaths::findExecutable(QStringLiteral("python3")).toStdString());
    add("/usr/bin/python3");
    add("/usr/local/bin/python3");
    return out;
}

Expected<PythonInfo> locatePython(const std::string& preferred, int timeoutMs)
{
    std::string tried;
    for (const std::string& candidate : pythonCandidates(preferred)) {
        QProcess p;
        p.start(QString::fromStdString(candidate), {QStringLiteral("-c"), QStringLiteral("import torch; print(torch.__version__)")});
        std::string why;
        if (!p.waitForStarted(timeoutMs)) {
            why = "does not start";
        } else if (!p.waitForFinished(timeoutMs)) {
            p.kill();
            p.waitForFinished(1000);
            why = "timed out importing torch";
        } else if (p.exitStatus() != QProcess::NormalExit || p.exitCode() != 0) {
            const QString err = QString::fromUtf8(p.readAllStandardError()).trimmed();
            const QString last = err.section(QLatin1Char('\n'), -1);
            why = last.isEmpty() ? "cannot import torch" : last.toStdString();
        } else {
            return PythonInfo {candidate, QString::fromUtf8(p.readAllStandardOutput()).trimmed().toStdString()};
        }
        tried += "\n  " + candidate + ": " + why;
    }
    return Expected<PythonInfo>::failure(
        Diagnostic {Severity::Error,
                    {},
                    {},
                    "trace.no-python",
                    "no Python interpreter with torch was found (set SOLAR_PYTHON, or install python3-torch); ALIR files and "
                    "the LLM frontend (--frontend llm, or the Frontend selector) still work. Tried:"
                        + (tried.empty() ? std::string(" nothing") : tried)});
}

std::string tracerScriptPath()
{
    const std::string name = "solar_trace.py";
    if (const char* env = std::getenv("SOLAR_PYTHON_DIR"); env && *env)
        return std::string(env) + "/" + name;
    std::error_code ec;
    const fs::path exe = fs::read_symlink("/proc/self/exe", ec);
    const fs::path installed = exe.parent_path().parent_path() / "share" / "solar-studio" / "python" / name;
    if (!ec && fs::exists(installed, ec))
        return installed.string();
    return std::string(SOLAR_SOURCE_PYTHON_DIR) + "/" + name;
}

} // namespace solar::trace
