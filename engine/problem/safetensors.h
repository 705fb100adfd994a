// SPDX-License-Identifier: MIT
// One tensor's values from a safetensors file (an 8-byte little-endian header length, a JSON header naming each
// tensor's dtype, shape and byte range, then the bytes), read where a workload's axis is defined by an input's
// values ("num_kv_indices == kv_indptr[-1].item()") and the workload gives that input from a file. Integer, bool and
// float32/float64 tensors: what such an axis can be computed from.
#pragma once

#include "engine/core/expected.h"
#include "engine/problem/axisexpr.h"

#include <string>

namespace solar::problem {

Expected<TensorData> readSafetensorsTensor(const std::string& path, const std::string& key);

} // namespace solar::problem
