// SPDX-License-Identifier: MIT
// A measurement as text and JSON (schema solar.measure/1): the measured time against every level's bound with
// headroom (measured / bound) and violation flags, the compiled time when there is one, and the per-ATen-op times.
#pragma once

#include "engine/measure/measurement.h"

#include <string>

namespace solar::measure {

struct Verdict
{
    std::string violations; // every level whose bound is above the measured time, "fused, cache_aware"; empty: none
    std::string solViolations; // those of them at the speed-of-light levels (fused, cache_aware): a bug
};

/// Judges the eager time and, when measured, the compiled one (the faster of the two beats a bound first).
Verdict verdict(const Measurement& m);

std::string measurementJson(const Measurement& m);
std::string measurementTable(const Measurement& m);

} // namespace solar::measure
