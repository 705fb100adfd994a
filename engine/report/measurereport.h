// SPDX-License-Identifier: MIT
// A measurement as text and JSON (schema solar.measure/1): the measured time against every level's bound with
// headroom (measured / bound) and violation flags (measure::verdict), the compiled time when there is one, and the per-ATen-op times.
#pragma once

#include "engine/measure/measurement.h"

#include <string>

namespace solar::report {

std::string measurementJson(const measure::Measurement& m);
std::string measurementTable(const measure::Measurement& m);

} // namespace solar::report
