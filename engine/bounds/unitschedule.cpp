// SPDX-License-Identifier: MIT
#include "engine/bounds/unitschedule.h"

#include "engine/core/smallvector.h"

#include <algorithm>
#include <cmath>
#include <limits>

namespace solar::bounds {

namespace {

// A line a * y0 + b * y1 + c = 0 in the coordinates (y0, y1), with y2 = 1 - y0 - y1.
struct Line
{
    double a = 0, b = 0, c = 0;
};

// y_u as a linear function of (y0, y1): coefficients of y0, y1 and the constant.
constexpr double kCoef[kScheduleUnits][3] = {{1, 0, 0}, {0, 1, 0}, {-1, -1, 1}};

double dual(const UnitTimes* items, std::size_t count, double y0, double y1)
{
    const double y[kScheduleUnits] = {y0, y1, std::max(0.0, 1.0 - y0 - y1)};
    double sum = 0;
    for (std::size_t i = 0; i < count; ++i) {
        const auto& t = items[i];
        double best = std::numeric_limits<double>::infinity();
        for (int u = 0; u < kScheduleUnits; ++u) {
            if (std::isfinite(t[u]))
                best = std::min(best, y[u] * t[u]);
        }
        if (std::isfinite(best))
            sum += best;
    }
    return sum;
}

} // namespace

double leastMakespan(const UnitTimes* all, std::size_t count)
{
    // Called per kernel on every slider move: no allocation for the usual handful of items.
    constexpr std::size_t kInline = 32;
    SmallVector<UnitTimes, kInline> items;
    // Items with no work drop out; items allowed on one unit only are merged into one item per unit.
    UnitTimes forced {0, 0, 0};
    for (std::size_t i = 0; i < count; ++i) {
        const auto& t = all[i];
        int allowed = 0, last = 0;
        bool zero = false;
        for (int u = 0; u < kScheduleUnits; ++u) {
            if (std::isfinite(t[u])) {
                ++allowed;
                last = u;
                zero = zero || t[u] <= 0;
            }
        }
        if (allowed == 0 || zero)
            continue;
        if (allowed == 1)
            forced[last] += t[last];
        else
            items.push_back(t);
    }
    if (items.empty()) // nothing to split: the busiest unit
        return std::max({forced[0], forced[1], forced[2]});
    for (int u = 0; u < kScheduleUnits; ++u) {
        if (forced[u] > 0) {
            UnitTimes t;
            t.fill(std::numeric_limits<double>::infinity());
            t[u] = forced[u];
            items.push_back(t);
        }
    }
    SmallVector<Line, 3 + 3 * kInline> lines;
    lines.push_back({1, 0, 0}); // the simplex edges
    lines.push_back({0, 1, 0});
    lines.push_back({1, 1, -1});
    for (const auto& t : items) {
        for (int u = 0; u < kScheduleUnits; ++u) {
            for (int v = u + 1; v < kScheduleUnits; ++v) {
                if (!std::isfinite(t[u]) || !std::isfinite(t[v]))
                    continue;
                // y_u t_u - y_v t_v = 0
                lines.push_back({kCoef[u][0] * t[u] - kCoef[v][0] * t[v], kCoef[u][1] * t[u] - kCoef[v][1] * t[v],
                                 kCoef[u][2] * t[u] - kCoef[v][2] * t[v]});
            }
        }
    }
    double best = 0;
    const double eps = 1e-12;
    for (std::size_t i = 0; i < lines.size(); ++i) {
        for (std::size_t j = i + 1; j < lines.size(); ++j) {
            const Line &p = lines[i], &q = lines[j];
            const double det = p.a * q.b - p.b * q.a;
            if (std::fabs(det) <= 1e-300)
                continue;
            const double y0 = (p.b * q.c - q.b * p.c) / det;
            const double y1 = (q.a * p.c - p.a * q.c) / det;
            if (!(y0 >= -eps && y1 >= -eps && y0 + y1 <= 1 + eps))
                continue;
            const double c0 = std::clamp(y0, 0.0, 1.0);
            best = std::max(best, dual(items.begin(), items.size(), c0, std::clamp(y1, 0.0, 1.0 - c0)));
        }
    }
    return best;
}

} // namespace solar::bounds
