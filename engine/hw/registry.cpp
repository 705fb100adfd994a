// SPDX-License-Identifier: MIT
#include "engine/hw/registry.h"

#include "engine/core/textfile.h"

#include <algorithm>
#include <cctype>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <map>
#include <sstream>

#ifndef SOLAR_SOURCE_HWPROFILES
#define SOLAR_SOURCE_HWPROFILES ""
#endif

namespace solar::hw {

namespace fs = std::filesystem;

namespace {

std::string lower(std::string s)
{
    std::transform(s.begin(), s.end(), s.begin(), [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
    return s;
}

} // namespace

const HwProfile* HwRegistry::find(const std::string& key) const
{
    for (const auto& p : profiles) {
        if (p.id == key)
            return &p;
    }
    const std::string k = lower(key);
    for (const auto& p : profiles) {
        if (lower(p.name) == k)
            return &p;
    }
    for (const auto& p : m_fromFiles) {
        if (p.file == key)
            return &p;
    }
    return nullptr;
}

const HwProfile* HwRegistry::resolve(const std::string& key)
{
    if (const HwProfile* p = find(key))
        return p;
    std::error_code ec;
    if (key.empty() || !fs::is_regular_file(key, ec))
        return nullptr;
    const auto text = readTextFile(key);
    if (!text) {
        fileProblems.insert(fileProblems.end(), text.diagnostics().begin(), text.diagnostics().end());
        return nullptr;
    }
    auto parsed = parseHwProfile(*text, key);
    if (!parsed) {
        fileProblems.insert(fileProblems.end(), parsed.diagnostics().begin(), parsed.diagnostics().end());
        return nullptr;
    }
    m_fromFiles.push_back(std::move(parsed).value());
    return &m_fromFiles.back();
}

HwRegistry loadHwRegistry(const std::vector<std::string>& dirs, const std::vector<bool>& userDirs)
{
    HwRegistry reg;
    std::map<std::string, HwProfile> byId;
    for (size_t d = 0; d < dirs.size(); ++d) {
        std::error_code ec;
        if (dirs[d].empty() || !fs::is_directory(dirs[d], ec))
            continue;
        std::vector<fs::path> files;
        for (const auto& entry : fs::directory_iterator(dirs[d], ec)) {
            if (entry.is_regular_file(ec) && entry.path().extension() == ".json")
                files.push_back(entry.path());
        }
        std::sort(files.begin(), files.end());
        for (const auto& path : files) {
            const auto text = readTextFile(path.string(), "hw.read");
            if (!text) {
                reg.problems.push_back(text.diagnostics().front());
                continue;
            }
            auto parsed = parseHwProfile(*text, path.string());
            if (!parsed) {
                for (const auto& diag : parsed.diagnostics())
                    reg.problems.push_back(diag);
                continue;
            }
            HwProfile p = std::move(parsed).value();
            p.user = d < userDirs.size() && userDirs[d];
            byId[p.id] = std::move(p);
        }
    }
    for (auto& [id, p] : byId)
        reg.profiles.push_back(std::move(p));
    return reg;
}

std::string userHwProfileDir()
{
    if (const char* xdg = std::getenv("XDG_CONFIG_HOME"); xdg && *xdg)
        return std::string(xdg) + "/solar-studio/hwprofiles";
    if (const char* home = std::getenv("HOME"); home && *home)
        return std::string(home) + "/.config/solar-studio/hwprofiles";
    return {};
}

std::vector<std::string> defaultHwProfileDirs()
{
    std::string shipped;
    if (const char* env = std::getenv("SOLAR_HWPROFILES_DIR"); env && *env) {
        shipped = env;
    } else {
        std::error_code ec;
        const fs::path exe = fs::read_symlink("/proc/self/exe", ec);
        const fs::path installed = exe.parent_path().parent_path() / "share" / "solar-studio" / "hwprofiles";
        if (!ec && fs::is_directory(installed, ec))
            shipped = installed.string();
        else
            shipped = SOLAR_SOURCE_HWPROFILES;
    }
    return {shipped, userHwProfileDir()};
}

HwRegistry loadDefaultHwRegistry()
{
    return loadHwRegistry(defaultHwProfileDirs(), {false, true});
}

} // namespace solar::hw
