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

std::vector<PythonCandidate> pythonCandidatesWithOrigin(const std::string& preferred)
{
    std::vector<PythonCandidate> out;
    auto add = [&](const std::string& c, const char* origin) {
        if (c.empty())
            return;
        for (const auto& o : out)
            if (o.executable == c)
                return;
        out.push_back({c, origin});
    };
    auto env = [](const char* name) -> std::string {
        const char* v = std::getenv(name);
        return v && *v ? std::string(v) : std::string();
    };
    add(env("SOLAR_PYTHON"), "SOLAR_PYTHON");
    add(preferred, "the setting");
    if (const std::string venv = env("VIRTUAL_ENV"); !venv.empty())
        add(venv + "/bin/python", "the active virtual environment (VIRTUAL_ENV)");
    if (const std::string conda = env("CONDA_PREFIX"); !conda.empty())
        add(conda + "/bin/python", "the active conda environment (CONDA_PREFIX)");
    add(QStandardPaths::findExecutable(QStringLiteral("python3")).toStdString(), "python3 on PATH");
    add("/usr/bin/python3", "the system Python");
    add("/usr/local/bin/python3", "a local install");
    return out;
}

std::vector<std::string> pythonCandidates(const std::string& preferred)
{
    std::vector<std::string> out;
    for (const auto& c : pythonCandidatesWithOrigin(preferred))
        out.push_back(c.executable);
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
