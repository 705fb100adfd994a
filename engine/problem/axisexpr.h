// SPDX-License-Identifier: MIT
// The arithmetic of SOL-ExecBench definitions: an `expr` axis ("attention_head_dim // 2") and a constraint
// ("H_qo == H_kv * H_r") are Python expressions over axis names. This is that subset of Python — integers and
// decimals, names, + - * / // % **, unary + -, comparisons (chained as Python chains them), and/or/not, parentheses —
// evaluated with Python's semantics (floor division and modulo round toward negative infinity, / is true
// division). A constraint may also read an input tensor's values (FlashInfer's "num_kv_indices ==
// kv_indptr[-1].item()"): a name followed by subscripts and item(), sum(), max(), min(), numel() or shape[k]; such a
// constraint is checked where the inputs exist (the generated harness), never here. Nothing else is accepted, so a
// definition's expression is never run as Python beyond this subset.
#pragma once

#include "engine/core/expected.h"

#include <map>
#include <string>
#include <vector>

namespace solar::problem {

using AxisValues = std::map<std::string, double>;

/// An input tensor's values, row-major, where a workload gives them (a safetensors file).
struct TensorData
{
    std::vector<std::int64_t> shape;
    std::vector<double> values;
};
using TensorValues = std::map<std::string, TensorData>;

/// The value of `text` with the names bound by `values` (true is 1, false 0) and, where given, the tensors it reads
/// by value. Errors name the column.
Expected<double> evaluateAxisExpression(const std::string& text, const AxisValues& values, const TensorValues* tensors = nullptr);

/// The axis a constraint defines, "AXIS == expression" (either way round, the other side not naming AXIS), and that
/// expression; empty where the constraint is no such equation.
std::pair<std::string, std::string> definedAxis(const std::string& constraint);

/// The names `text` refers to as numbers (its syntax checked; an error for text outside the subset).
Expected<std::vector<std::string>> axisExpressionNames(const std::string& text);

/// The names `text` reads as tensor values (empty for an axis-only expression or one outside the subset).
std::vector<std::string> axisExpressionTensors(const std::string& text);

} // namespace solar::problem
