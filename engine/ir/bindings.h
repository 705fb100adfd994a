// SPDX-License-Identifier: MIT
// Binding a program's sizes: parameter values (defaults or overrides), the lets derived from them, and every
// tensor's concrete shape. One program is validated at small sizes and analysed at full size by binding it twice.
#pragma once

#include "engine/core/expected.h"
#include "engine/ir/ast.h"
#include "engine/ir/intexpr.h"

#include <cstdint>
#include <map>
#include <string>
#include <vector>

namespace solar::ir {

struct SizeBindings
{
    std::map<std::string, std::int64_t> values; // parameters and lets
    std::map<std::string, std::vector<std::int64_t>> shapes; // tensor name -> dimensions

    /// Resolves parameters and lets as constants; everything else is Unknown.
    NameValue lookup(const std::string& name) const;
    NameResolver resolver() const;
};

/// Errors: an override naming no parameter, a let that fails to evaluate (overflow, division by zero), a negative
/// dimension, or a tensor whose element count overflows int64.
Expected<SizeBindings> bindSizes(const Program& program, const std::map<std::string, std::int64_t>& overrides = {});

std::int64_t elementCount(const std::vector<std::int64_t>& shape); // assumes no overflow (bindSizes checked it)

} // namespace solar::ir
