// SPDX-License-Identifier: MIT
#include "engine/core/textfile.h"

#include <cerrno>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <sstream>

namespace solar {

Expected<std::string> readTextFile(const std::string& path, const std::string& code)
{
    auto fail = [&](const std::string& why) {
        return Expected<std::string>::failure(Diagnostic {Severity::Error, path, {}, code, "cannot read " + path + ": " + why});
    };
    std::error_code ec;
    const auto status = std::filesystem::status(path, ec);
    if (ec)
        return fail(ec.message());
    if (std::filesystem::is_directory(status))
        return fail("it is a folder");
    std::ifstream in(path, std::ios::binary);
    if (!in)
        return fail(std::strerror(errno));
    std::ostringstream ss;
    ss << in.rdbuf();
    if (in.bad())
        return fail("read error");
    return ss.str();
}

} // namespace solar
