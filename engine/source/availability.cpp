// SPDX-License-Identifier: MIT
#include "engine/source/availability.h"

#include "engine/source/registry.h"

namespace solar {

std::vector<FrontendAvailability> frontendAvailability(const worker::PythonProbe& python)
{
    std::vector<FrontendAvailability> out;
    for (const Frontend* f : frontends()) {
        FrontendAvailability a {std::string(f->id()), f->label(), false, {}};
        if (const std::string_view framework = f->framework(); !framework.empty()) {
            const worker::FrameworkSupport* s = python.support(framework);
            a.works = python.runs && s && s->works;
            a.why = s ? s->why : (python.runs ? std::string(framework) + " was not probed" : python.error);
        } else if (!f->validates()) {
            a.works = true;
            a.why = "needs no Python: its programs are analysed as written";
        } else {
            // A frontend with no framework of its own (the LLM route) validates against the source's: any will do.
            std::string with;
            for (const auto& s : python.frameworks) {
                if (s.works)
                    with += (with.empty() ? "" : ", ") + s.framework;
            }
            a.works = !with.empty();
            a.why = "writes ALIR through an endpoint (--llm-url or the LLM settings); "
                + (with.empty() ? std::string("no torch, numpy or jax here to validate against: its programs stay unvalidated")
                                : "validates against the source's framework: " + with);
        }
        out.push_back(std::move(a));
    }
    return out;
}

std::string formatEnvironment(const worker::EnvironmentReport& report)
{
    std::string out;
    for (const auto& p : report.pythons) {
        out += (p.chosen ? "* " : "  ") + p.executable + "  (" + p.origin + ")" + (p.chosen ? "  <- chosen" : "") + "\n";
        if (!p.runs) {
            out += "      " + p.error + "\n";
            continue;
        }
        auto v = [](const std::string& s) { return s.empty() ? std::string("-") : s; };
        out += "      python " + p.pythonVersion + ", torch " + v(p.torchVersion) + ", numpy " + v(p.numpyVersion) + ", einops "
            + v(p.einopsVersion) + ", jax " + v(p.jaxVersion) + ", flax " + v(p.flaxVersion) + ", onnx " + v(p.onnxVersion)
            + ", onnxruntime " + v(p.onnxruntimeVersion) + "\n";
        for (const auto& f : frontendAvailability(p))
            out += std::string("      ") + (f.works ? "ok    " : "no    ") + f.id + " (" + f.label + "): " + f.why + "\n";
    }
    if (report.pythons.empty())
        out += "no Python interpreter candidates\n";
    out += "The chosen interpreter traces PyTorch models, and JAX sources where it has jax, and runs the LLM route's references. "
           "ALIR files work without Python.\n";
    if (!report.chosen())
        out += "No interpreter traces PyTorch models: install torch >= 1.13 (Debian: apt-get install python3-torch) or point SOLAR_PYTHON "
               "at a Python that has it.\n";
    return out;
}

} // namespace solar
