// SPDX-License-Identifier: MIT
// The `solar llm --benchmark` reporter: the throughput ceiling per ISL/OSL shape as a table and as JSON (schema
// solar.llm.benchmark/1, units in every key), with the serving precisions, the traced programs' validation and
// the bound's assumptions.
#pragma once

#include "engine/serving/servingbenchmark.h"

#include <string>

namespace solar::report {

std::string benchmarkTable(const serving::BenchmarkEstimate& estimate);
std::string benchmarkJson(const serving::BenchmarkEstimate& estimate);

/// The assumptions every benchmark bound states (docs/llm-models.md derives them).
const std::vector<std::string>& benchmarkAssumptions();

} // namespace solar::report
