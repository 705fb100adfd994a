// SPDX-License-Identifier: MIT
#include "engine/core/tempfolder.h"

#include <random>

namespace solar {

namespace fs = std::filesystem;

SourceFolder::SourceFolder(const std::string& dir, const std::string& prefix)
{
    if (!dir.empty()) {
        m_path = dir;
        return;
    }
    std::random_device random;
    m_path = fs::temp_directory_path() / (prefix + "-" + std::to_string(random()) + std::to_string(random()));
    m_owned = true;
}

SourceFolder::~SourceFolder()
{
    std::error_code ignored;
    if (m_owned)
        fs::remove_all(m_path, ignored);
}

} // namespace solar
