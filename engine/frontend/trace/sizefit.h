// SPDX-License-Identifier: MIT
// Turns the concrete ALIR programs that one model lowers to at several settings of its module-level size
// constants into one program whose sizes are parameters. The tracer only ever sees concrete shapes (shapes
// computed in Python are not symbolic on torch 1.13), so the symbols are recovered afterwards: every number that
// changes between the samples must be explained by one expression over the constants that holds at every sample
// (a constant, `n * c`, `n // c`, `n + c`, `(n + c) // s`, products and sums of those, and for floats their
// square roots and reciprocals). The programs must be the same text apart from numbers; otherwise, or when one
// number has no explanation, the fit fails with the reason and callers keep the concrete program.
//
// The result is exact at every sample by construction: instantiated at a sample's sizes it computes what that
// sample's program computes. Between samples it is the simplest expression that fits, which is what the model
// computes for the usual shape arithmetic (linear layers, convolution and pooling output sizes, flattening).
#pragma once

#include "engine/core/expected.h"

#include <cstdint>
#include <map>
#include <string>
#include <vector>

namespace solar::trace {

struct SizeSample
{
    std::map<std::string, std::int64_t> sizes; // every size constant's value at this sample
    std::string text; // the program lowered at these sizes
};

struct SizeFit
{
    std::string text; // samples[0]'s program with size parameters
    std::map<std::string, std::string> paramOf; // size constant -> its ALIR parameter name
    std::map<std::string, std::int64_t> defaults; // ALIR parameter -> its default (samples[0]'s value unless given)
    int numbersReplaced = 0; // numbers that became expressions
};

/// samples[0] gives the defaults. The parameters are the constants whose values differ between samples; numbers
/// that are equal in every sample stay literals. Fails (code "sizes.fit") with the first number it cannot explain.
/// `defaults` (constant -> value), when given, replaces samples[0]'s values as the parameters' defaults: the
/// program is then an extrapolation to sizes no trace saw.
Expected<SizeFit> fitSizes(const std::vector<SizeSample>& samples, const std::map<std::string, std::int64_t>* defaults = nullptr);

} // namespace solar::trace
