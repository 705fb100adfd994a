// SPDX-License-Identifier: MIT
// Compulsory footprint of one tensor access: how many distinct elements it touches over its iteration domain.
// This is what a kernel must move at least once, so it must never be over-estimated: where the exact count is
// out of reach (coupled indices, gathers, data-dependent guards, huge windows) the result is a lower bound and
// says so. A sliding window reads its input once, not once per tap: X[2p + r - 1] over p < P, r < 3, clipped to
// the tensor by its padding guard, touches min(H, 2P + 1)-ish distinct rows, counted exactly.
#pragma once

#include "engine/graph/domaincount.h"

#include <string>
#include <vector>

namespace solar::graph {

struct Footprint
{
    double elements = 0;
    bool exact = true;
    std::string note;
};

Footprint accessFootprint(const ir::Expr& access, const std::vector<std::int64_t>& shape,
                          const std::vector<LoopSpec>& loops, const std::vector<GuardSpec>& guards,
                          const ir::SizeBindings& sizes);

} // namespace solar::graph
