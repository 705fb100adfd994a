// SPDX-License-Identifier: MIT
// Size points that can tell size constants apart. The uniform reductions (trace::reducedSizes) clamp every large
// constant at 8, so a program that divides by the wrong one (an RMSNorm mean over `batch` instead of `features`,
// a recurrence summed over `output_size` instead of `hidden_size`) matches there exactly. At these points every
// constant that scales (16 or more at the file's sizes, as reducedSizes scales them) differs from every other and
// from the constants kept as they are, none divides another, and none is a power of two.
#pragma once

#include "engine/frontend/trace/modelprogram.h"

#include <string>
#include <vector>

namespace solar::trace {

/// Candidates, in the order to try them: two points of distinct primes from 11 up, assigned in the order of the
/// constants' own values (ties by name) so that a larger constant stays larger; then two of 8 x distinct primes
/// (24, 40, 56, 88, ...) for sources that need a scaled size divisible by a small one (a head count). The
/// constants below 16 keep their values. Empty when no constant scales.
std::vector<SizeMap> separatingSizes(const SizeMap& constants);

/// Whether `sizes` separates the scaled constants of `constants` as separatingSizes' points do.
bool separates(const SizeMap& sizes, const SizeMap& constants);

/// Constants that share a value at `sizes` ("batch_size = features = 8"), empty when none do.
std::string equalConstants(const SizeMap& sizes);

} // namespace solar::trace
