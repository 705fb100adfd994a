// SPDX-License-Identifier: MIT
// Rounding on store, against values derived by hand from each format's bit layout.
#include "engine/ir/dtype.h"

#include <QTest>

#include <cmath>
#include <limits>

using namespace solar::ir;

class TestDType : public QObject
{
    Q_OBJECT
private slots:
    void testNames()
    {
        for (int i = 0; i < kDTypeCount; ++i) {
            const auto t = static_cast<DType>(i);
            QCOMPARE(parseDType(dtypeName(t)), std::optional<DType>(t));
        }
        QVERIFY(!parseDType("f33"));
        QCOMPARE(dtypeStorageBits(DType::BF16), 16);
        QCOMPARE(dtypeStorageBits(DType::FP4E2M1), 4);
        QVERIFY(isFloat(DType::TF32));
        QVERIFY(isInteger(DType::U8));
        QVERIFY(!isInteger(DType::Bool));
    }

    void testRounding_data()
    {
        QTest::addColumn<int>("type");
        QTest::addColumn<double>("in");
        QTest::addColumn<double>("expected");
        const double inf = std::numeric_limits<double>::infinity();
        // f32: 0.1 is 0x3DCCCCCD.
        QTest::addRow("f32 0.1") << int(DType::F32) << 0.1 << 0.100000001490116119384765625;
        // bf16: 1/3 = 1.0101010|101..b x 2^-2 rounds up to 1.0101011b x 2^-2.
        QTest::addRow("bf16 1/3") << int(DType::BF16) << 1.0 / 3.0 << 0.333984375;
        QTest::addRow("bf16 256.5 tie to even") << int(DType::BF16) << 256.5 << 256.0;
        QTest::addRow("bf16 257.5 -> 258") << int(DType::BF16) << 257.5 << 258.0;
        // f16: 0.1 = 0x2E66; max finite 65504; 65520 is the tie that rounds to 2^16 = inf.
        QTest::addRow("f16 0.1") << int(DType::F16) << 0.1 << 0.0999755859375;
        QTest::addRow("f16 65519") << int(DType::F16) << 65519.0 << 65504.0;
        QTest::addRow("f16 65520 overflows") << int(DType::F16) << 65520.0 << inf;
        QTest::addRow("f16 subnormal 3e-8") << int(DType::F16) << 3e-8 << std::ldexp(1.0, -24);
        QTest::addRow("f16 underflow 1e-8") << int(DType::F16) << 1e-8 << 0.0;
        // tf32 keeps 10 fraction bits: 1 + 2^-11 is a tie that rounds to even (1), 1 + 3*2^-11 rounds up.
        QTest::addRow("tf32 tie") << int(DType::TF32) << 1.0 + std::ldexp(1.0, -11) << 1.0;
        QTest::addRow("tf32 up") << int(DType::TF32) << 1.0 + 3 * std::ldexp(1.0, -11) << 1.0 + std::ldexp(1.0, -9);
        // fp8 e4m3: 0.3 = 1.2 x 2^-2 -> 1.25 x 2^-2; max 448; smallest subnormal 2^-9.
        QTest::addRow("e4m3 0.3") << int(DType::FP8E4M3) << 0.3 << 0.3125;
        QTest::addRow("e4m3 448") << int(DType::FP8E4M3) << 448.0 << 448.0;
        QTest::addRow("e4m3 min subnormal") << int(DType::FP8E4M3) << 0.0019 << std::ldexp(1.0, -9);
        // fp8 e5m2: 60000 -> 7 x 2^13 = 57344 (max); 61440 is the tie that overflows.
        QTest::addRow("e5m2 60000") << int(DType::FP8E5M2) << 60000.0 << 57344.0;
        QTest::addRow("e5m2 61440") << int(DType::FP8E5M2) << 61440.0 << inf;
        // e2m1 (nvfp4) values: 0, 0.5, 1, 1.5, 2, 3, 4, 6.
        QTest::addRow("fp4 2.6") << int(DType::FP4E2M1) << 2.6 << 3.0;
        QTest::addRow("fp4 5 tie") << int(DType::FP4E2M1) << 5.0 << 4.0;
        QTest::addRow("fp4 saturates") << int(DType::FP4E2M1) << -7.0 << -6.0;
        QTest::addRow("fp4 0.75 tie") << int(DType::FP4E2M1) << 0.75 << 1.0;
        QTest::addRow("i32 trunc") << int(DType::I32) << -3.7 << -3.0;
        QTest::addRow("i32 saturate") << int(DType::I32) << 1e12 << 2147483647.0;
        QTest::addRow("i64 exact") << int(DType::I64) << 9007199254740992.0 << 9007199254740992.0;
        QTest::addRow("u8 low") << int(DType::U8) << -5.0 << 0.0;
        QTest::addRow("u8 high") << int(DType::U8) << 300.0 << 255.0;
        QTest::addRow("i8") << int(DType::I8) << 127.9 << 127.0;
        QTest::addRow("bool") << int(DType::Bool) << 0.5 << 1.0;
        QTest::addRow("bool zero") << int(DType::Bool) << -0.0 << 0.0;
    }

    void testRounding()
    {
        QFETCH(int, type);
        QFETCH(double, in);
        QFETCH(double, expected);
        QCOMPARE(roundToDType(in, static_cast<DType>(type)), expected);
    }

    void testSpecialValues()
    {
        const double nan = std::numeric_limits<double>::quiet_NaN();
        QVERIFY(std::isnan(roundToDType(500.0, DType::FP8E4M3))); // e4m3fn has no infinity
        QVERIFY(std::isnan(roundToDType(nan, DType::BF16)));
        QCOMPARE(roundToDType(nan, DType::I32), 0.0);
        QVERIFY(std::isinf(roundToDType(1e39, DType::F32)));
        QVERIFY(std::signbit(roundToDType(-0.0, DType::F16)));
    }
};

QTEST_GUILESS_MAIN(TestDType)
#include "tst_dtype.moc"
