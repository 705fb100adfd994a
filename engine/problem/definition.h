// SPDX-License-Identifier: MIT
// A SOL-ExecBench / FlashInfer-trace problem: its definition.json (axes const/var/expr, named inputs and outputs
// with shapes over the axes and dtypes, a PyTorch reference `run(...)` as a string, constraints, a custom input
// entry point) and its workload.jsonl (one workload per line: the var axes' values and each input's source).
// Read into values with positions (file:line:col) for every error; docs/problems.md describes what is honoured.
#pragma once

#include "engine/core/expected.h"

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <vector>

namespace solar::problem {

enum class AxisKind { Const, Var, Expr };

struct Axis
{
    std::string name;
    AxisKind kind = AxisKind::Var;
    std::int64_t value = 0; // Const
    std::string expression; // Expr
};

struct TensorSpec
{
    std::string name;
    std::optional<std::vector<std::string>> shape; // axis names; nullopt: a Python scalar ("shape": null)
    std::string dtype; // the schema's name: float32, bfloat16, float8_e4m3fn, float4_e2m1fn_x2, int64, bool, ...
    bool scalar() const { return !shape.has_value(); }
};

struct Definition
{
    std::string path; // definition.json
    std::string name;
    std::string opType;
    std::string description;
    std::vector<Axis> axes; // in the file's order
    std::vector<TensorSpec> inputs; // in the file's order: run()'s parameters
    std::vector<TensorSpec> outputs;
    std::string reference; // Python source defining run()
    std::vector<std::string> constraints;
    std::string customInputsEntrypoint;

    const Axis* axis(const std::string& name) const;
};

enum class InputKind { Random, Scalar, Safetensors, Custom };

struct InputSource
{
    InputKind kind = InputKind::Random;
    std::string scalarLiteral; // Scalar: the value as a Python literal (1e-05, 3, True)
    double scalarValue = 0; // Scalar, as a number (true is 1)
    std::string path; // Safetensors: relative to the problem folder
    std::string tensorKey;
};

struct Workload
{
    std::string uuid;
    int line = 0; // in workload.jsonl
    std::map<std::string, std::int64_t> axes; // the var axes' values
    std::map<std::string, InputSource> inputs;
};

/// The schema's dtype names (float32, bfloat16, float8_e4m3fn, float4_e2m1fn_x2, int64, ...).
bool isDefinitionDtype(const std::string& dtype);

Expected<Definition> parseDefinition(const std::string& text, const std::string& path);
Expected<Definition> readDefinition(const std::string& path);
/// Every workload of the file (blank lines skipped), checked against `definition`: each var axis bound to a
/// positive integer, each input given a source its spec allows (a scalar for "shape": null, custom only with an
/// entry point).
Expected<std::vector<Workload>> parseWorkloads(const std::string& text, const std::string& path, const Definition& definition);
Expected<std::vector<Workload>> readWorkloads(const std::string& path, const Definition& definition);

/// Every axis's value for `workload`: consts, the workload's vars, exprs evaluated (in dependency order).
Expected<std::map<std::string, std::int64_t>> resolveAxes(const Definition& definition, const std::map<std::string, std::int64_t>& vars);

/// The first constraint that fails at `axes` (with scalar inputs' values), empty when all hold; an error for a
/// constraint that cannot be evaluated.
Expected<std::string> failedConstraint(const Definition& definition, const std::map<std::string, std::int64_t>& axes,
                                       const Workload* workload = nullptr);

} // namespace solar::problem
