// SPDX-License-Identifier: MIT
// The ALIR interpreter: binds sizes, fills inputs (seeded or given), executes every statement in program order
// and returns all tensors plus per-assignment instance counts. Values are computed in f64 and rounded to the
// target's element type on every store. `out` and `tmp` tensors start as NaN, so a missing initialisation shows
// up in the outputs instead of silently reading zeros.
//
// Safety: accesses the bounds analysis cannot prove in bounds are checked on every execution; a work cap bounds
// the number of executed assignments, a memory cap bounds tensor storage, and a cancel callback is polled.
// Untrusted (LLM-written) programs run only here: nothing in a program is ever executed as host code.
#pragma once

#include "engine/core/expected.h"
#include "engine/ir/ast.h"
#include "engine/ir/bindings.h"

#include <cstdint>
#include <functional>
#include <map>
#include <optional>
#include <string>
#include <vector>

namespace solar::ir {

struct TensorValue
{
    std::string name;
    TensorKind kind = TensorKind::In;
    DType dtype = DType::F32;
    std::vector<std::int64_t> shape;
    std::vector<double> data; // row-major, each value already rounded to dtype
};

struct RunOptions
{
    std::map<std::string, std::int64_t> sizes; // parameter overrides
    std::uint64_t seed = 0;
    std::map<std::string, TensorValue> inputs; // given values for 'in'/'weight' tensors (others are generated)
    std::uint64_t maxInstances = 4'000'000'000; // work cap: executed assignments
    std::int64_t maxElements = std::int64_t(1) << 27; // memory cap: all tensors together (8 bytes each)
    std::function<bool()> isCancelled; // polled every 65,536 assignments
    bool specialize = true; // fast paths for inner loops; off, every statement runs one by one (tests compare both)
    bool profile = false; // record what each assignment really did (RunResult::profile); implies specialize = false
};

/// What one assignment really did in an instrumented run: the differential counter's ground truth against which
/// the lifted counts are checked (tests/engine/tst_differential.cpp).
struct StatementProfile
{
    std::uint64_t arithmeticOps = 0; // + - * / // % and built-in calls executed in the value (not in indices),
        // plus the accumulation of every `+=`, `*=`, `max=`, `min=`
    std::map<std::string, std::uint64_t> distinctReads; // tensor -> distinct elements read (the target of an
        // accumulation included)
    std::map<std::string, std::uint64_t> distinctWrites; // tensor -> distinct elements written
};

struct RunResult
{
    SizeBindings sizes;
    std::vector<TensorValue> tensors; // every tensor, in declaration order
    std::vector<std::uint64_t> instanceCounts; // executions per assignment, in forEachAssign order
    std::vector<SourceLoc> assignLocs;
    std::uint64_t totalInstances = 0;
    std::vector<StatementProfile> profile; // per assignment, in forEachAssign order (RunOptions::profile only)
    std::map<std::string, std::uint64_t> distinctTouched; // tensor -> distinct elements read or written by the
        // whole program (RunOptions::profile only)

    const TensorValue* find(const std::string& name) const;
};

/// The program must pass checkProgram(); runProgram checks it again and refuses programs with errors.
Expected<RunResult> runProgram(const Program& program, const RunOptions& options = {});

/// What runProgram would say of the storage before running anything: the run.memory-cap error where the program's
/// tensors at options.sizes need more than options.maxElements (or a binding error); empty where they fit. A caller
/// with costly inputs to produce (a reference run) asks first.
std::optional<Diagnostic> storageFault(const Program& program, const RunOptions& options);

/// Deterministic input generation (documented in docs/ir.md so other tools can reproduce it): splitmix64 seeded
/// with seed XOR fnv1a64(name); floats uniform in [lo, hi) (default [-1, 1)), integers uniform in [lo, hi)
/// (default [0, 10)), bools 0 or 1, each rounded to the element type.
std::vector<double> generateInput(const std::string& name, DType dtype, std::int64_t count, std::uint64_t seed, double lo, double hi);

struct TensorSummary
{
    double min = 0, max = 0, mean = 0;
    std::uint64_t nanCount = 0;
    std::uint64_t checksum = 0; // fnv1a64 over the f64 bit patterns, so equal outputs give equal checksums
};
TensorSummary summarize(const TensorValue& tensor);

} // namespace solar::ir
