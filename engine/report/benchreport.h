// SPDX-License-Identifier: MIT
// A KernelBench-style sweep (`solar bench`) as JSON (schema solar.bench/1, read back by batch::readSweepJson), CSV
// (one row per problem) and a terminal table (one line per problem, then the violations and median headroom per
// level).
#pragma once

#include "engine/batch/sweep.h"

#include <string>

namespace solar::report {

std::string sweepJson(const batch::SweepResult& result); // schema solar.bench/1
std::string sweepCsv(const batch::SweepResult& result);
std::string sweepTable(const batch::SweepResult& result);

} // namespace solar::report
