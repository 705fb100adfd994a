// SPDX-License-Identifier: MIT
// The PyTorch source one workload of a problem is analysed as: the definition's reference verbatim (so the trace's
// source lines are the reference's own), then every axis as a module-level constant (const axes at their value, var
// axes at the workload's; expr axes computed from them, so validation scales the constants down together and the
// expressions follow), and the KernelBench entry points the tracer calls: Model.forward(tensors) calls run() with
// the inputs in the definition's order (scalars as the workload's literals); get_inputs() makes each tensor as the
// workload says (random of the definition's dtype, the custom_inputs_entrypoint's, or loaded from a safetensors
// file) and refuses sizes where a constraint fails.
#pragma once

#include "engine/problem/definition.h"

#include <string>

namespace solar::problem {

/// `problemDir`: the folder safetensors paths are relative to.
std::string problemSource(const Definition& definition, const Workload& workload, const std::string& problemDir);

/// The constants' values (every const and var axis) at which a workload's source is analysed.
std::map<std::string, std::int64_t> sourceConstants(const Definition& definition, const Workload& workload);

} // namespace solar::problem
