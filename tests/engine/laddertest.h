// SPDX-License-Identifier: MIT
// What the ladder and inverse suites share: the shipped profiles, a test program's digest, the worked example's
// machine (sol-model.md C.5) and a 4-significant-digit comparison.
#pragma once

#include "engine/bounds/ladder.h"
#include "engine/graph/lifting.h"
#include "testutil.h"

#include <QTest>

#include <cmath>
#include <map>
#include <string>

namespace solar::bounds {

inline const std::string kShipped = SOLAR_TEST_DATA "/../../hwprofiles";

inline Digest digestOf(const std::string& file, const std::map<std::string, std::int64_t>& sizes = {})
{
    const ir::Program p = testutil::parseOk(testutil::readData("alir/" + file + ".alir"));
    return prepare(graph::liftProgram(p, *ir::bindSizes(p, sizes)).value());
}

// The C.5 machine: H100 SXM as the example states it (989.4 TFLOP/s bf16, 3.35 TB/s) plus its 66.9 TFLOP/s
// fp32 SIMT rate for the ReLU.
inline MachineModel c5Machine()
{
    MachineModel m;
    m.peak(hw::Unit::Tensor, hw::Precision::BF16) = 989.4e12;
    m.peak(hw::Unit::Simt, hw::Precision::FP32) = 66.9e12;
    m.dramBps = 3.35e12;
    m.onchipBytes = 116.0 * 1024 * 1024;
    m.persistentCacheBytes = 50.0 * 1024 * 1024;
    return m;
}

inline bool near(double a, double b, double rel)
{
    return std::fabs(a - b) <= rel * std::fabs(b);
}

#define VERIFY_4SIG(actual, expected)                                                                                                      \
    QVERIFY2(near((actual), (expected), 5e-4), qPrintable(QStringLiteral("%1 vs %2").arg(actual, 0, 'g', 8).arg(expected, 0, 'g', 8)))

} // namespace solar::bounds
