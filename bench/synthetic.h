// SPDX-License-Identifier: MIT
// A generated ALIR program with `layers` blocks of four statements each (matmul with merged initialiser, bias
// add + ReLU, row max reduction, scaled copy), for engine benchmarks: 4 * layers einsum nodes.
#pragma once

#include <string>

std::string syntheticProgram(int layers);
