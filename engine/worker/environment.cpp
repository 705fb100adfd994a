// SPDX-License-Identifier: MIT
#include "engine/worker/environment.h"

#include "engine/worker/pythonlocator.h"

#include <QProcess>
#include <QString>

#include <nlohmann/json.hpp>

#include <cstdio>

namespace solar::worker {

namespace {

// Imports each package on its own, so that a broken one (a jaxlib without its CPU support) is reported as
// itself and does not hide the others. Prints one JSON object.
constexpr const char* kProbe = R"PY(
import importlib, json, sys
out = {"python": sys.version.split()[0]}
for name in ("torch", "numpy", "einops", "jax", "flax"):
    try:
        module = importlib.import_module(name)
        out[name] = str(getattr(module, "__version__", "unknown version"))
    except BaseException as e:
        out[name + "_error"] = ("%s: %s" % (type(e).__name__, e)).splitlines()[0][:200] if str(e) else type(e).__name__
# transformers, onnx and onnxruntime by their metadata: importing them takes seconds, and only a config.json's model
# or an .onnx file needs them
for name in ("transformers", "onnx", "onnxruntime"):
    try:
        import importlib.metadata, importlib.util
        if importlib.util.find_spec(name) is None:
            out[name + "_error"] = "ModuleNotFoundError"
        else:
            out[name] = importlib.metadata.version(name)
    except BaseException as e:
        out[name + "_error"] = ("%s: %s" % (type(e).__name__, e)).splitlines()[0][:200]
if "torch" in out:
    try:
        from torch._subclasses.fake_tensor import FakeTensorMode
        from torch.utils._python_dispatch import TorchDispatchMode
    except BaseException as e:
        out["fake_error"] = "%s: %s" % (type(e).__name__, e)
print(json.dumps(out))
)PY";

std::string missing(const nlohmann::json& j, const std::string& name)
{
    const std::string error = j.value(name + "_error", std::string());
    if (error.rfind("ModuleNotFoundError", 0) == 0)
        return name + " is not installed";
    return error.empty() ? name + " is not installed" : name + " does not import (" + error + ")";
}

void judge(PythonProbe& p, const nlohmann::json& j)
{
    FrameworkSupport torch {"torch", false, {}};
    if (p.torchVersion.empty()) {
        torch.why = missing(j, "torch");
    } else if (!supportedTorch(p.torchVersion)) {
        torch.why = "torch " + p.torchVersion + " is older than the supported 1.13";
    } else if (j.contains("fake_error")) {
        torch.why = "torch " + p.torchVersion + " lacks fake tensors (" + j["fake_error"].get<std::string>() + ")";
    } else {
        torch.works = true;
        torch.why = "torch " + p.torchVersion + (p.einopsVersion.empty() ? " (models that import einops will not load)" : "");
    }
    FrameworkSupport numpy {"numpy", !p.numpyVersion.empty(), p.numpyVersion.empty() ? missing(j, "numpy") : "numpy " + p.numpyVersion};
    // The worker imports torch only for PyTorch sources: a JAX-only interpreter traces JAX sources.
    FrameworkSupport jax {"jax", !p.jaxVersion.empty() && !p.numpyVersion.empty(),
                          p.jaxVersion.empty() ? missing(j, "jax") : "jax " + p.jaxVersion};
    // A model config.json is built by transformers (5.x needs torch 2).
    FrameworkSupport transformers {"transformers", false, {}};
    if (p.transformersVersion.empty())
        transformers.why = missing(j, "transformers");
    else if (!torch.works || p.torchVersion.rfind("1.", 0) == 0)
        transformers.why = "transformers " + p.transformersVersion + " without a torch 2.x";
    else {
        transformers.works = true;
        transformers.why = "transformers " + p.transformersVersion + " on torch " + p.torchVersion;
    }
    // An .onnx model is read by onnx, traced as torch operators and validated against onnxruntime.
    FrameworkSupport onnx {"onnx", false, {}};
    if (p.onnxVersion.empty())
        onnx.why = missing(j, "onnx");
    else if (p.onnxruntimeVersion.empty())
        onnx.why = "onnx " + p.onnxVersion + " without onnxruntime (" + missing(j, "onnxruntime") + ")";
    else if (!torch.works)
        onnx.why = "onnx " + p.onnxVersion + " without a supported torch (" + torch.why + ")";
    else {
        onnx.works = true;
        onnx.why = "onnx " + p.onnxVersion + ", onnxruntime " + p.onnxruntimeVersion + " on torch " + p.torchVersion;
    }
    p.frameworks = {torch, numpy, jax, transformers, onnx};
}

} // namespace

bool supportedTorch(const std::string& version)
{
    int major = 0, minor = 0;
    if (std::sscanf(version.c_str(), "%d.%d", &major, &minor) != 2)
        return false;
    return major >= 2 || (major == 1 && minor >= 13);
}

const FrameworkSupport* PythonProbe::support(std::string_view framework) const
{
    for (const auto& f : frameworks)
        if (f.framework == framework)
            return &f;
    return nullptr;
}

const PythonProbe* EnvironmentReport::chosen() const
{
    for (const auto& p : pythons)
        if (p.chosen)
            return &p;
    return nullptr;
}

EnvironmentReport probeEnvironment(const std::string& preferred, int timeoutMs)
{
    EnvironmentReport report;
    for (const auto& candidate : pythonCandidatesWithOrigin(preferred)) {
        PythonProbe p;
        p.executable = candidate.executable;
        p.origin = candidate.origin;
        QProcess process;
        process.start(QString::fromStdString(candidate.executable), {QStringLiteral("-c"), QString::fromUtf8(kProbe)});
        if (!process.waitForStarted(timeoutMs)) {
            p.error = "does not start";
        } else if (!process.waitForFinished(timeoutMs)) {
            process.kill();
            process.waitForFinished(1000);
            p.error = "timed out importing its packages";
        } else {
            const std::string text = QString::fromUtf8(process.readAllStandardOutput()).trimmed().toStdString();
            const std::string lastLine = text.substr(text.rfind('\n') == std::string::npos ? 0 : text.rfind('\n') + 1);
            const auto j = nlohmann::json::parse(lastLine, nullptr, false);
            if (process.exitStatus() != QProcess::NormalExit || process.exitCode() != 0 || !j.is_object()) {
                const QString err = QString::fromUtf8(process.readAllStandardError()).trimmed();
                p.error = err.isEmpty() ? "the probe failed" : err.section(QLatin1Char('\n'), -1).toStdString();
            } else {
                p.runs = true;
                auto version = [&](const char* key) { return j.contains(key) ? j[key].get<std::string>() : std::string(); };
                p.pythonVersion = version("python");
                p.torchVersion = version("torch");
                p.numpyVersion = version("numpy");
                p.einopsVersion = version("einops");
                p.jaxVersion = version("jax");
                p.flaxVersion = version("flax");
                p.transformersVersion = version("transformers");
                p.onnxVersion = version("onnx");
                p.onnxruntimeVersion = version("onnxruntime");
                judge(p, j);
            }
        }
        if (!p.runs)
            p.frameworks = {{"torch", false, p.error},
                            {"numpy", false, p.error},
                            {"jax", false, p.error},
                            {"transformers", false, p.error},
                            {"onnx", false, p.error}};
        report.pythons.push_back(std::move(p));
    }
    // The chosen one is the one the trace frontend uses: the first that imports a supported torch.
    for (auto& p : report.pythons) {
        if (const FrameworkSupport* torch = p.support("torch"); torch && torch->works) {
            p.chosen = true;
            break;
        }
    }
    return report;
}

} // namespace solar::worker
