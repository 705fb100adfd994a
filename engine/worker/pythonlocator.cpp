// SPDX-License-Identifier: MIT
#include "engine/worker/pythonlocator.h"

#include <QProcess>
#include <QStandardPaths>
#include <QString>
#include <QStringList>

#include <algorithm>
#include <cstdlib>
#include <filesystem>
#include <optional>

#ifndef SOLAR_SOURCE_PYTHON_DIR
#define SOLAR_SOURCE_PYTHON_DIR ""
#endif

namespace solar::worker {

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

Expected<PythonInfo> locatePython(const std::string& preferred, int timeoutMs, Framework want)
{
    // torch is imported (a broken install fails here, not in the middle of a trace); jax is only looked up, which
    // is quick, and imported by the worker when a JAX source needs it.
    static const QString probe = QStringLiteral("import importlib.util, importlib.metadata\n"
                                                "try:\n    import torch; t = torch.__version__\nexcept Exception as e:\n    t = ''; why = "
                                                "str(e).splitlines()[-1] if str(e) else 'cannot import torch'\n"
                                                "j = importlib.metadata.version('jax') if importlib.util.find_spec('jax') else ''\n"
                                                "print(t); print(j)\n"
                                                "if not t and not j: raise SystemExit(why + '; no jax either')\n");
    std::string tried;
    std::optional<PythonInfo> other;
    for (const auto& [candidate, origin] : pythonCandidatesWithOrigin(preferred)) {
        // The user's own choice (SOLAR_PYTHON, the setting) is taken with either framework; the search prefers one
        // with the framework wanted.
        const bool chosen = origin == "SOLAR_PYTHON" || origin == "the setting";
        QProcess p;
        p.start(QString::fromStdString(candidate), {QStringLiteral("-c"), probe});
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
            why = last.isEmpty() ? "cannot import torch or find jax" : last.toStdString();
        } else {
            const QStringList lines = QString::fromUtf8(p.readAllStandardOutput()).split(QLatin1Char('\n'));
            PythonInfo info {candidate, lines.value(0).trimmed().toStdString(), lines.value(1).trimmed().toStdString()};
            if (chosen || !(want == Framework::Torch ? info.torchVersion : info.jaxVersion).empty())
                return info;
            if (!other)
                other = info;
            continue;
        }
        tried += "\n  " + candidate + ": " + why;
    }
    if (other)
        return *other;
    return Expected<PythonInfo>::failure(
        Diagnostic {Severity::Error,
                    {},
                    {},
                    "trace.no-python",
                    "no Python interpreter with torch or jax was found (set SOLAR_PYTHON, or install python3-torch); ALIR "
                    "files and the LLM frontend (--frontend llm, or the Frontend selector) still work. Tried:"
                        + (tried.empty() ? std::string(" nothing") : tried)});
}

std::string tracerScriptPath()
{
    const std::string name = "solar_worker.py";
    if (const char* env = std::getenv("SOLAR_PYTHON_DIR"); env && *env)
        return std::string(env) + "/" + name;
    std::error_code ec;
    const fs::path exe = fs::read_symlink("/proc/self/exe", ec);
    const fs::path installed = exe.parent_path().parent_path() / "share" / "solar-studio" / "python" / name;
    if (!ec && fs::exists(installed, ec))
        return installed.string();
    return std::string(SOLAR_SOURCE_PYTHON_DIR) + "/" + name;
}

} // namespace solar::worker
