// SPDX-License-Identifier: MIT
// An ONNX model (.onnx, opset 13 or later) as a source. The Python worker writes a model file for it
// (resources/python/solarworker/onnx_torch.py: the graph's symbolic dimensions as module constants, a Model that runs
// the graph node by node with torch operators when traced and with onnxruntime when run for real), which the PyTorch
// trace frontend traces, lowers with the ATen templates, fits and validates — so the program is compared with
// onnxruntime's outputs at reduced sizes. An operator with no torch form is recorded as "onnx::<OpType>" and listed
// as not counted. Source lines are node numbers: line N is the graph's N-th node.
#include "engine/frontend/frontend.h"
#include "engine/frontend/onnx/onnxfile.h"
#include "engine/frontend/trace/tracedanalysis.h"
#include "engine/worker/session.h"

#include <QtGlobal>

#include <nlohmann/json.hpp>

#include <algorithm>
#include <filesystem>
#include <optional>

namespace solar {
namespace {

namespace fs = std::filesystem;

class OnnxFrontend final : public Frontend
{
public:
    std::string_view id() const override { return "onnx"; }
    const char* label() const override { return QT_TRANSLATE_NOOP("FrontendSelector", "ONNX model"); }
    std::string_view help() const override { return "an .onnx model (opset 13+), validated against onnxruntime"; }
    std::vector<std::string> filePatterns() const override { return {"*.onnx"}; }
    std::string_view reference() const override { return "onnxruntime"; }
    // What `solar doctor` checks (torch is needed too: the graph is traced as torch operators).
    std::string_view framework() const override { return "onnx"; }

    Expected<SourceAnalysis> analyze(const std::string& path, const std::string&, const hw::HwProfile& hardware,
                                     const SourceAnalysisOptions& options) const override
    {
        using Result = Expected<SourceAnalysis>;
        // The file is checked here first, so a malformed one is named without Python, and a good one described
        // where the Python packages the analysis needs are missing.
        const auto file = onnx::readOnnxFile(path);
        if (!file)
            return Result::failure(file.diagnostics());
        if (file->opset < 13)
            return Result::failure(
                Diagnostic {Severity::Error,
                            path,
                            {},
                            "onnx.opset",
                            "opset " + std::to_string(file->opset)
                                + ": ONNX models of opset 13 or later are read (onnx.version_converter converts older ones)"});
        auto withSummary = [&](Diagnostics d) {
            d.push_back(Diagnostic {Severity::Note, path, {}, "onnx.file", "the file itself is well formed: " + file->describe()});
            return Result::failure(std::move(d));
        };
        // One worker writes the model file and then traces it: torch is imported once.
        std::optional<worker::Session> own;
        SourceAnalysisOptions o = options;
        if (!o.session)
            o.session = &own.emplace(options.python);
        if (!o.session->started() && options.progress)
            options.progress("locating Python with torch");
        const auto started = o.session->worker(worker::Framework::Torch);
        if (!started)
            return withSummary(started.diagnostics());
        worker::TraceWorker& slot = **started;
        const std::string absolute = fs::absolute(path).lexically_normal().string();
        nlohmann::json request = {{"cmd", "onnx_source"}};
        request["sizes"] = nlohmann::json::object();
        for (const auto& [name, value] : options.analysis.sizes)
            request["sizes"][name] = value;
        slot.setCancelFlag(options.cancel);
        const auto reply = slot.command(request, absolute, 120000, "onnx");
        slot.setCancelFlag(nullptr);
        if (!reply)
            return withSummary(reply.diagnostics());
        const auto params = reply->value("dim_params", std::vector<std::string>());
        for (const auto& [name, value] : options.analysis.sizes)
            if (std::find(params.begin(), params.end(), name) == params.end()) {
                std::string known;
                for (const auto& p : params)
                    known += (known.empty() ? "" : ", ") + p;
                return Result::failure(Diagnostic {Severity::Error,
                                                   path,
                                                   {},
                                                   "onnx.sizes",
                                                   "--set " + name + ": not a symbolic dimension (dim_param) of the model's inputs"
                                                       + (known.empty() ? std::string(" (it has none)") : " (" + known + ")")});
            }
        trace::GeneratedSource source;
        source.text = reply->value("source", std::string());
        source.fileName = fs::path(path).stem().string() + "_onnx.py";
        source.origin = path;
        source.locate = [&path](Diagnostic d) {
            d.message = (d.loc.line > 0 ? "node " + std::to_string(d.loc.line) + ": " : std::string()) + d.message;
            d.file = path;
            d.loc = {};
            return d;
        };
        source.validation.reference = "onnxruntime";
        o.analysis.sizes.clear(); // written into the source as the dim_params' values
        auto analysed = trace::analyzeGeneratedSource(source, hardware, o);
        if (!analysed)
            return Result::failure(analysed.diagnostics());
        SourceAnalysis out = std::move(analysed).value();
        out.frontend = std::string(id());
        // A graph exported at fixed shapes: its inputs' large dimensions are sizes (onnx_resize.py), so validation
        // runs it smaller; say which, since the rewritten graph is what was compared there.
        std::string recovered;
        for (const auto& r : reply->value("recovered", nlohmann::json::array()))
            recovered += (recovered.empty() ? "" : ", ") + r.value("name", std::string()) + " = " + std::to_string(r.value("value", 0))
                + " (input '" + r.value("input", std::string()) + "' axis " + std::to_string(r.value("axis", 0)) + ")";
        if (!recovered.empty())
            recovered = "fixed dimensions recovered as sizes, the graph rewritten to them at reduced sizes: " + recovered + "; ";
        out.result.programNote = "ONNX graph of " + std::to_string(reply->value("nodes", 0)) + " nodes (opset "
            + std::to_string(reply->value("opset", 0)) + "; source line N is its N-th node); " + recovered + out.result.programNote;
        return out;
    }
};

} // namespace

const Frontend& onnxFrontend()
{
    static const OnnxFrontend frontend;
    return frontend;
}

} // namespace solar
