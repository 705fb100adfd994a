// SPDX-License-Identifier: MIT
#include "engine/worker/traceworker.h"

#include <nlohmann/json.hpp>

#include <QElapsedTimer>
#include <QProcess>
#include <QTemporaryDir>

namespace solar::worker {

TraceWorker::TraceWorker(PythonInfo python, std::string script)
    : m_python(std::move(python))
    , m_script(std::move(script))
{ }

TraceWorker::~TraceWorker()
{
    stop();
}

std::string TraceWorker::start()
{
    if (m_process && m_process->state() == QProcess::Running)
        return {};
    m_process = std::make_unique<QProcess>();
    m_process->setProcessChannelMode(QProcess::SeparateChannels);
    // Importing a user's model must not leave __pycache__ folders beside it (or in our source tree).
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    env.insert(QStringLiteral("PYTHONDONTWRITEBYTECODE"), QStringLiteral("1"));
    m_process->setProcessEnvironment(env);
    m_process->start(QString::fromStdString(m_python.executable), {QString::fromStdString(m_script)});
    if (!m_process->waitForStarted(30000)) {
        const std::string why = m_process->errorString().toStdString();
        m_process.reset();
        return why.empty() ? std::string("it did not start") : why;
    }
    return {};
}

Expected<PythonInfo> TraceWorker::warmUp(int timeoutMs)
{
    const auto reply = command({{"cmd", "warm"}}, {}, timeoutMs, "trace");
    if (!reply)
        return Expected<PythonInfo>::failure(reply.diagnostics());
    auto text = [&](const char* key) {
        return reply->contains(key) && (*reply)[key].is_string() ? (*reply)[key].get<std::string>() : std::string();
    };
    m_python.torchVersion = text("torch");
    m_python.jaxVersion = text("jax");
    return m_python;
}

void TraceWorker::stop()
{
    if (!m_process)
        return;
    m_process->closeWriteChannel();
    if (!m_process->waitForFinished(2000)) {
        m_process->kill();
        m_process->waitForFinished(2000);
    }
    m_process.reset();
}

long long TraceWorker::processId() const
{
    return m_process && m_process->state() == QProcess::Running ? m_process->processId() : 0;
}

Expected<std::string> TraceWorker::request(const std::string& line, const std::string& file, int timeoutMs)
{
    auto fail = [&](std::string code, std::string message) {
        return Expected<std::string>::failure(Diagnostic {Severity::Error, file, {}, std::move(code), std::move(message)});
    };
    if (const std::string why = start(); !why.empty())
        return fail("trace.worker", "cannot start " + m_python.executable + " " + m_script + ": " + why);
    m_process->write(line.data(), static_cast<qint64>(line.size()));
    m_process->write("\n");
    QElapsedTimer timer;
    timer.start();
    while (!m_process->canReadLine()) {
        const int left = timeoutMs - static_cast<int>(timer.elapsed());
        if (m_process->state() != QProcess::Running) {
            const std::string err = QString::fromUtf8(m_process->readAllStandardError()).trimmed().toStdString();
            m_process.reset();
            return fail("trace.crashed", "the Python tracer exited while tracing" + (err.empty() ? std::string() : ": " + err));
        }
        if (m_cancel && m_cancel->load()) {
            m_process->kill();
            m_process->waitForFinished(2000);
            m_process.reset();
            return fail("trace.cancelled", "cancelled");
        }
        if (left <= 0) {
            m_process->kill();
            m_process->waitForFinished(2000);
            m_process.reset();
            return fail("trace.timeout",
                        "tracing took longer than " + std::to_string(timeoutMs / 1000)
                            + " s (an endless loop in the model?); the tracer was stopped");
        }
        m_process->waitForReadyRead(std::min(left, 100));
    }
    m_process->readAllStandardError(); // warnings from torch are not part of the protocol
    return std::string(m_process->readLine().toStdString());
}

Expected<TraceResult> TraceWorker::trace(const std::string& file, const std::map<std::string, std::int64_t>& sizes, int timeoutMs,
                                         bool realTensors)
{
    nlohmann::json options = nlohmann::json::object();
    if (realTensors)
        options["real"] = true;
    return traceRequest(file, sizes, std::move(options), timeoutMs);
}

Expected<TraceResult> TraceWorker::traceSymbolic(const std::string& file, const std::map<std::string, std::int64_t>& sizes,
                                                 const std::vector<std::string>& symbols, int timeoutMs)
{
    return traceRequest(file, sizes, {{"symbols", symbols}}, timeoutMs);
}

Expected<TraceResult> TraceWorker::traceRequest(const std::string& file, const std::map<std::string, std::int64_t>& sizes,
                                                nlohmann::json options, int timeoutMs)
{
    nlohmann::json req = std::move(options);
    req["id"] = m_nextId++;
    req["cmd"] = "trace";
    req["file"] = file;
    if (!sizes.empty())
        req["sizes"] = sizes;
    if (!m_framework.empty())
        req["framework"] = m_framework;
    const auto reply = request(req.dump(), file, timeoutMs);
    if (!reply)
        return Expected<TraceResult>::failure(reply.diagnostics());
    return parseTraceReply(*reply, file);
}

Expected<nlohmann::json> TraceWorker::command(nlohmann::json req, const std::string& file, int timeoutMs, const std::string& code)
{
    req["id"] = m_nextId++;
    req["file"] = file;
    if (!m_framework.empty())
        req["framework"] = m_framework;
    const auto reply = request(req.dump(), file, timeoutMs);
    if (!reply)
        return Expected<nlohmann::json>::failure(reply.diagnostics());
    auto j = nlohmann::json::parse(*reply, nullptr, false);
    if (j.is_discarded() || !j.is_object())
        return Expected<nlohmann::json>::failure(
            Diagnostic {Severity::Error, file, {}, code + ".protocol", "malformed reply from the Python worker"});
    if (!j.value("ok", false)) {
        const int line = j.contains("line") && j["line"].is_number_integer() ? j["line"].get<int>() : 0;
        const int column = j.contains("column") && j["column"].is_number_integer() ? j["column"].get<int>() : 0;
        return Expected<nlohmann::json>::failure(
            Diagnostic {Severity::Error,
                        file,
                        {line, column},
                        code + "." + (j.contains("kind") && j["kind"].is_string() ? j["kind"].get<std::string>() : "error"),
                        j.contains("error") && j["error"].is_string() ? j["error"].get<std::string>() : "failed"});
    }
    return j;
}

Expected<std::map<std::string, std::int64_t>> TraceWorker::constants(const std::string& file,
                                                                     const std::map<std::string, std::int64_t>& sizes, int timeoutMs)
{
    using Result = Expected<std::map<std::string, std::int64_t>>;
    nlohmann::json req = {{"id", m_nextId++}, {"cmd", "constants"}, {"file", file}};
    if (!sizes.empty())
        req["sizes"] = sizes;
    const auto reply = request(req.dump(), file, timeoutMs);
    if (!reply)
        return Result::failure(reply.diagnostics());
    const auto j = nlohmann::json::parse(*reply, nullptr, false);
    if (j.is_discarded() || !j.is_object() || !j.value("ok", false) || !j.contains("constants") || !j["constants"].is_object()) {
        const std::string why = j.is_object() ? j.value("error", std::string("malformed reply")) : std::string("malformed reply");
        return Result::failure(Diagnostic {Severity::Error, file, {j.is_object() ? j.value("line", 0) : 0, 0}, "trace.constants", why});
    }
    std::map<std::string, std::int64_t> out;
    for (const auto& [k, v] : j["constants"].items())
        if (v.is_number_integer())
            out[k] = v.get<std::int64_t>();
    return out;
}

Expected<ReferenceRun> TraceWorker::reference(const std::string& file, const std::map<std::string, std::int64_t>& sizes, std::uint64_t seed,
                                              std::int64_t maxElements, int timeoutMs, bool arrays, bool signedInputs)
{
    QTemporaryDir dir;
    if (!dir.isValid())
        return Expected<ReferenceRun>::failure(
            Diagnostic {Severity::Error, file, {}, "reference.tmp", "cannot create a temporary directory"});
    nlohmann::json req = {{"id", m_nextId++},
                          {"cmd", arrays ? "reference_arrays" : "reference"},
                          {"file", file},
                          {"seed", seed},
                          {"max_elements", maxElements},
                          {"dir", dir.path().toStdString()}};
    if (!sizes.empty())
        req["sizes"] = sizes;
    if (signedInputs)
        req["signed"] = true;
    if (!m_framework.empty())
        req["framework"] = m_framework;
    const auto reply = request(req.dump(), file, timeoutMs);
    if (!reply)
        return Expected<ReferenceRun>::failure(reply.diagnostics());
    return parseReferenceReply(*reply, file);
}

} // namespace solar::worker
