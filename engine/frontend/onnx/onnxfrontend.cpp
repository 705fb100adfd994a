// SPDX-License-Identifier: MIT
// An ONNX model (.onnx, opset 13 or later) as a source. The Python worker writes a model file for it
// (resources/python/solarworker/onnx_torch.py: the graph's symbolic dimensions as module constants, a Model that runs
// the graph node by node with torch operators when traced and with onnxruntime when run for real), which the PyTorch
// trace frontend traces, lowers with the ATen templates, fits and validates — so the program is compared with
// onnxruntime's outputs at reduced sizes. An operator with no torch form is recorded as "onnx::<OpType>" and listed
// as not counted. Source lines are node numbers: line N is the graph's N-th node.
#include "engine/analysis/sourceanalysis.h"
#include "engine/core/atomicwrite.h"
#include "engine/core/tempfolder.h"
#include "engine/frontend/frontend.h"
#include "engine/frontend/trace/pythonlocator.h"
#include "engine/frontend/trace/traceworker.h"

#include <QString>
#include <QtGlobal>

#include <nlohmann/json.hpp>

#include <algorithm>
#include <filesystem>

namespace solar {
namespace {

namespace fs = std::filesystem;

class OnnxFrontend final : public Frontend
{
public:
    std::string_view id() const override { return "onnx"; }
    const char* label() const override { return QT_TRANSLATE_NOOP("FrontendSelector", "ONNX model"); }
    std::string_view help() const override { return "an .onnx model (opset 13+), validated against onnxruntime"; }
    bool claims(const std::string& path) const override { return path.size() > 5 && path.compare(path.size() - 5, 5, ".onnx") == 0; }
    std::string_view reference() const override { return "onnxruntime"; }
    // What `solar doctor` checks (torch is needed too: the graph is traced as torch operators).
    std::string_view framework() const override { return "onnx"; }

    Expected<SourceAnalysis> analyze(const std::string& path, const std::string&, const hw::HwProfile& hardware,
                                     const SourceAnalysisOptions& options) const override
    {
        using Result = Expected<SourceAnalysis>;
        std::unique_ptr<trace::TraceWorker> own;
        std::unique_ptr<trace::TraceWorker>& slot = options.reusableWorker ? *options.reusableWorker : own;
        if (!slot) {
            if (options.progress)
                options.progress("locating Python with torch");
            const auto python = trace::locatePython(options.python, 60000, trace::Framework::Torch);
            if (!python)
                return Result::failure(python.diagnostics());
            slot = std::make_unique<trace::TraceWorker>(*python);
        }
        const std::string absolute = fs::absolute(path).lexically_normal().string();
        nlohmann::json request = {{"cmd", "onnx_source"}};
        request["sizes"] = nlohmann::json::object();
        for (const auto& [name, value] : options.analysis.sizes)
            request["sizes"][name] = value;
        slot->setCancelFlag(options.cancel);
        const auto reply = slot->command(request, absolute, 120000, "onnx");
        slot->setCancelFlag(nullptr);
        if (!reply)
            return Result::failure(reply.diagnostics());
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
        const SourceFolder folder({}, "solar-onnx");
        std::error_code ec;
        fs::create_directories(folder.path(), ec);
        const std::string source = (folder.path() / (fs::path(path).stem().string() + "_onnx.py")).string();
        const std::string text = reply->value("source", std::string());
        if (QString why; !writeFileAtomically(QString::fromStdString(source), text, &why))
            return Result::failure(Diagnostic {Severity::Error, source, {}, "onnx.source", why.toStdString()});
        SourceAnalysisOptions o = options;
        o.frontend = "trace";
        o.validationReference = "onnxruntime";
        o.reusableWorker = &slot;
        o.analysis.sizes.clear(); // written into the source as the dim_params' values
        auto analysed = analyzeSource(source, text, hardware, o);
        if (!analysed) {
            Diagnostics out;
            for (Diagnostic d : analysed.diagnostics()) {
                if (d.file == source) {
                    d.message = (d.loc.line > 0 ? "node " + std::to_string(d.loc.line) + ": " : std::string()) + d.message;
                    d.file = path;
                    d.loc = {};
                }
                out.push_back(std::move(d));
            }
            return Result::failure(std::move(out));
        }
        SourceAnalysis out = std::move(analysed).value();
        out.frontend = std::string(id());
        out.result.program.file = path;
        out.result.programNote = "ONNX graph of " + std::to_string(reply->value("nodes", 0)) + " nodes (opset "
            + std::to_string(reply->value("opset", 0)) + "; source line N is its N-th node); " + out.result.programNote;
        for (Diagnostic& d : out.result.diagnostics)
            if (d.file == source)
                d.file = path;
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
