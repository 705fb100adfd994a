// SPDX-License-Identifier: MIT
// Where generated sources go (`solar llm`'s serving steps, a problem's workloads): a folder the user asked for
// (kept), or a fresh temporary one (removed with this object).
#pragma once

#include <filesystem>
#include <string>

namespace solar {

class SourceFolder
{
public:
    /// `dir` empty: a fresh folder under the system's temporary directory named `prefix`-random.
    explicit SourceFolder(const std::string& dir, const std::string& prefix = "solar");
    ~SourceFolder();
    SourceFolder(const SourceFolder&) = delete;
    SourceFolder& operator=(const SourceFolder&) = delete;
    const std::filesystem::path& path() const { return m_path; }
    bool kept() const { return !m_owned; }

private:
    std::filesystem::path m_path;
    bool m_owned = false;
};

} // namespace solar
