// SPDX-License-Identifier: MIT
// Helpers of the many-device tests (tst_parallel, tst_plan): the shipped profiles, a relative comparison, MAC counts.
#pragma once

#include "engine/graph/einsumgraph.h"
#include "engine/hw/registry.h"

#include <QTest>

#include <algorithm>
#include <cmath>
#include <string>

namespace testutil {

inline const solar::hw::HwProfile& shippedProfile(const std::string& id)
{
    static const solar::hw::HwRegistry registry = solar::hw::loadHwRegistry({SOLAR_TEST_DATA "/../../hwprofiles"});
    const solar::hw::HwProfile* p = registry.find(id);
    if (!p)
        qFatal("no shipped profile %s", id.c_str());
    return *p;
}

inline bool nearRel(double a, double b, double rel = 1e-12)
{
    return std::abs(a - b) <= rel * std::max(std::abs(a), std::abs(b));
}

} // namespace testutil
