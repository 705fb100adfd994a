// SPDX-License-Identifier: MIT
#include "engine/hw/hardwarenames.h"

#include <cctype>
#include <utility>

namespace solar::hw {

namespace {

// Upper case, every other character a space: "NVIDIA H100 80GB" keeps H100 apart from the 80 that follows it.
std::string lettersAndDigits(const std::string& text)
{
    std::string out;
    for (char c : text)
        out += std::isalnum(static_cast<unsigned char>(c)) ? static_cast<char>(std::toupper(static_cast<unsigned char>(c))) : ' ';
    return out;
}

bool namesModel(const std::string& text, const std::string& model)
{
    for (size_t at = text.find(model); at != std::string::npos; at = text.find(model, at + 1)) {
        const bool digitAfter = at + model.size() < text.size() && std::isdigit(static_cast<unsigned char>(text[at + model.size()]));
        if (!digitAfter)
            return true;
    }
    return false;
}

} // namespace

std::optional<std::string> otherHardwareNamed(const std::string& label, const HwProfile& profile)
{
    const std::string text = lettersAndDigits(label);
    const std::string machine = lettersAndDigits(profile.id + " " + profile.name);
    for (const char* gpu : {"H100", "H200", "A100", "B200", "B100", "L40S", "L4", "A10G", "4090", "MI300", "V100", "T4"}) {
        if (namesModel(text, gpu) && !namesModel(machine, gpu))
            return std::string(gpu[0] == 'A' || gpu[0] == 'H' || gpu[0] == 'L' ? "an " : "a ") + gpu;
    }
    for (const auto& [a, b] : {std::pair<std::string, std::string> {"PCIE", "SXM"}, {"SXM", "PCIE"}}) {
        if (text.find(a) != std::string::npos && machine.find(b) != std::string::npos)
            return a == "PCIE" ? "a PCIe card" : "an SXM module";
    }
    return std::nullopt;
}

} // namespace solar::hw
