// SPDX-License-Identifier: MIT
// The least compute time of a set of work items on concurrent execution units, when each item may run on any of
// the units it is allowed on and may be split across them (a tensor-core GEMM can hand part of its tiles to the
// SIMT pipes, as split kernels do). Placing every item on its fastest unit is not a lower bound: with the tensor
// cores busy, moving an fp32 GEMM's tail to SIMT beats waiting, and a faster SIMT pipe that "steals" a GEMM from the
// tensor cores would raise a max-over-units bound, so a bound built that way is not monotone in the peaks.
//
// The exact optimum is a small linear programme (divisible jobs on unrelated machines). By LP duality it equals the
// maximum over unit weights y on the simplex of sum_items min_units y_u * t_u (t_u: the item's time on unit u), a
// concave piecewise-linear function whose maximum lies on a vertex of the arrangement of the lines
// y_u t_u = y_v t_v and the simplex edges; those vertices are enumerated. Any y gives a valid lower bound, so the
// result never exceeds the true optimum, and it is non-increasing in every peak.
#pragma once

#include <array>
#include <cstddef>
#include <vector>

namespace solar::bounds {

inline constexpr int kScheduleUnits = 3;
using UnitTimes = std::array<double, kScheduleUnits>; // seconds if all of the item ran there; +inf: not allowed

double leastMakespan(const UnitTimes* items, std::size_t count);
inline double leastMakespan(const std::vector<UnitTimes>& items)
{
    return leastMakespan(items.data(), items.size());
}

} // namespace solar::bounds
