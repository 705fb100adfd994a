// SPDX-License-Identifier: MIT
// Reading a whole user file with a diagnostic instead of a stream exception: folders, missing files and read
// errors are bad input, not crashes (std::ifstream opens a folder and then throws or reads nothing).
#pragma once

#include "engine/core/expected.h"

#include <string>

namespace solar {

/// The file's bytes, or one error "cannot read PATH: why" with code `code`.
Expected<std::string> readTextFile(const std::string& path, const std::string& code = "file.read");

} // namespace solar
