// SPDX-License-Identifier: MIT
// The ONNX file check that needs no Python (issue 50, item 7): the checked-in fixtures of tests/data/onnx/fixtures
// (make_fixtures.py wrote them once) read by engine/frontend/onnx/onnxfile.cpp — a good model described from its
// bytes, each malformed one refused with the byte where it breaks (offsets from the fixtures' hex by hand) — and the
// ONNX frontend refusing them, and describing the good one, with no Python with torch to run.
#include "engine/frontend/onnx/onnxfile.h"
#include "engine/hw/registry.h"
#include "engine/source/sourceanalysis.h"

#include <QTest>

using namespace solar;

namespace {

std::string fixture(const char* name)
{
    return std::string(SOLAR_TEST_DATA) + "/onnx/fixtures/" + name;
}

std::string firstError(const Diagnostics& d)
{
    return d.empty() ? std::string() : d.front().message;
}

} // namespace

class TestOnnxFile : public QObject
{
    Q_OBJECT

private slots:
    // mlp_relu.onnx: y = relu(x @ W), x an input, W an initializer; IR 8, opset 17, producer "solar-fixtures" "1".
    void goodModelIsDescribed()
    {
        const auto m = onnx::readOnnxFile(fixture("mlp_relu.onnx"));
        QVERIFY2(m, firstError(m.diagnostics()).c_str());
        QCOMPARE(m->irVersion, std::int64_t(8));
        QCOMPARE(m->opset, std::int64_t(17));
        QCOMPARE(m->nodes, 2);
        QCOMPARE(m->operators.at("MatMul"), 1);
        QCOMPARE(m->operators.at("Relu"), 1);
        QCOMPARE(m->initializers, 1);
        QCOMPARE(m->inputs, std::vector<std::string> {"x"}); // W is an initializer, not an input
        QCOMPARE(m->describe(), std::string("ONNX IR 8, opset 17, 2 nodes (MatMul 1, Relu 1), input x; producer solar-fixtures 1"));
    }

    // Each malformed file with the byte where it breaks. truncated.onnx is mlp_relu.onnx's first 60 bytes: the graph's
    // key is at byte 21 (after ir_version, 2 bytes, producer_name "solar-fixtures", 16, and producer_version "1", 3),
    // its length 242 (0xf2 0x01) takes two bytes, so 60 - 24 = 36 of its bytes are there. garbage.onnx starts with
    // 't' (0x74): field 14, wire type 4, a group.
    void malformedFilesAreLocated_data()
    {
        QTest::addColumn<QString>("file");
        QTest::addColumn<QString>("says");
        QTest::newRow("truncated") << QStringLiteral("truncated.onnx") << QStringLiteral("byte 21: field 7 says 242 bytes follow, 36 do");
        QTest::newRow("garbage") << QStringLiteral("garbage.onnx") << QStringLiteral("byte 0: field 14 has wire type 4 (a group");
        QTest::newRow("no graph") << QStringLiteral("no_graph.onnx") << QStringLiteral("it has no graph");
        QTest::newRow("absent") << QStringLiteral("absent.onnx") << QStringLiteral("cannot open the file");
    }

    void malformedFilesAreLocated()
    {
        QFETCH(QString, file);
        QFETCH(QString, says);
        const auto m = onnx::readOnnxFile(fixture(file.toUtf8().constData()));
        QVERIFY(!m);
        QVERIFY2(firstError(m.diagnostics()).find(says.toStdString()) != std::string::npos, firstError(m.diagnostics()).c_str());
        QCOMPARE(m.diagnostics().front().file, fixture(file.toUtf8().constData()));
    }

    void emptyAndTinyInputs()
    {
        QVERIFY(!onnx::parseOnnxModel(std::string(), "e.onnx"));
        QVERIFY(firstError(onnx::parseOnnxModel(std::string(), "e.onnx").diagnostics()).find("empty") != std::string::npos);
        // A varint that never ends, and a length past the end.
        QVERIFY(firstError(onnx::parseOnnxModel(std::string("\x08\xff\xff", 3), "v.onnx").diagnostics()).find("byte 1: a number runs past")
                != std::string::npos);
        QVERIFY(firstError(onnx::parseOnnxModel(std::string("\x3a\x05\x01", 3), "l.onnx").diagnostics()).find("5 bytes follow, 1 do")
                != std::string::npos);
    }

    // Through the frontend: malformed files and an old opset refused by the check before any Python runs.
    void frontendWithoutPython()
    {
        const auto registry = hw::loadDefaultHwRegistry();
        const hw::HwProfile* h100 = registry.find("h100-sxm");
        QVERIFY(h100);
        SourceAnalysisOptions o;
        o.frontend = "onnx";
        o.python = "/nonexistent/python3";
        const auto garbage = analyzeSource(fixture("garbage.onnx"), {}, *h100, o);
        QVERIFY(!garbage);
        QVERIFY2(firstError(garbage.diagnostics()).find("not a readable ONNX model: byte 0") != std::string::npos,
                 firstError(garbage.diagnostics()).c_str());
        const auto old = analyzeSource(fixture("opset11.onnx"), {}, *h100, o);
        QVERIFY(!old);
        QVERIFY2(firstError(old.diagnostics()).find("opset 11: ONNX models of opset 13 or later") != std::string::npos,
                 firstError(old.diagnostics()).c_str());
        // The good model: where a Python with torch, onnx and onnxruntime is found after all (SOLAR_PYTHON, python3
        // on PATH) it is analysed, 2 x 8 x 4 = 64 MACs; where none is, the failure is followed by what the file is.
        const auto good = analyzeSource(fixture("mlp_relu.onnx"), {}, *h100, o);
        if (good) {
            QCOMPARE(good->result.digest.totalMacs, 64.0);
        } else {
            QCOMPARE(good.diagnostics().back().severity, Severity::Note);
            QVERIFY2(good.diagnostics().back().message.find("well formed: ONNX IR 8, opset 17, 2 nodes") != std::string::npos,
                     good.diagnostics().back().message.c_str());
        }
    }
};

QTEST_GUILESS_MAIN(TestOnnxFile)
#include "tst_onnxfile.moc"
