// SPDX-License-Identifier: MIT
// findDuplicateKey (issue 48: a plan file's key given twice was silently last-wins): the first key an object repeats,
// at its second occurrence; equal keys in different objects, in arrays of objects and as string values are not
// duplicates; invalid JSON is left to the caller's parse. Then the readers of user files that refuse it: a hardware
// profile and a model config, each at the line and column of the repeat.
#include "engine/core/jsonduplicates.h"
#include "engine/hw/hwprofile.h"
#include "engine/serving/modelconfig.h"

#include <QTest>

using namespace solar;

class TestJsonDuplicates : public QObject
{
    Q_OBJECT

private slots:
    void firstRepeatAndItsPlace()
    {
        const auto d = findDuplicateKey("{\"a\": 1,\n \"b\": {\"a\": 2, \"c\": 3},\n \"a\": 4}");
        QVERIFY(d);
        QCOMPARE(d->key, std::string("a"));
        // The third "a" in the text: the nested one is a different object's.
        QCOMPARE(d->at.line, 3);
        QCOMPARE(d->at.column, 2);
        const auto nested = findDuplicateKey(R"({"x": [{"k": 1}, {"k": 2, "k": 3}]})");
        QVERIFY(nested);
        QCOMPARE(nested->key, std::string("k"));
        QCOMPARE(nested->at.column, 27);
    }

    void notDuplicates()
    {
        QVERIFY(!findDuplicateKey(R"({"a": {"a": {"a": 1}}, "b": [{"a": 1}, {"a": 2}], "c": "a"})"));
        QVERIFY(!findDuplicateKey("[1, 2, 3]"));
        QVERIFY(!findDuplicateKey("{\"a\": 1,")); // invalid: the caller's parse says so
        QVERIFY(!findDuplicateKey(""));
    }

    void readersRefuseIt()
    {
        const auto config = serving::parseModelConfig(
            "{\"model_type\": \"llama\", \"hidden_size\": 64,\n \"num_hidden_layers\": 2, \"num_attention_heads\": 4,\n"
            " \"vocab_size\": 100, \"hidden_size\": 32}",
            "config.json");
        QVERIFY(!config);
        QCOMPARE(config.diagnostics().front().loc.line, 3);
        QCOMPARE(config.diagnostics().front().loc.column, 21);
        QVERIFY(config.diagnostics().front().message.find("\"hidden_size\" is given twice") != std::string::npos);
        const auto profile = hw::parseHwProfile("{\"id\": \"x\",\n \"id\": \"y\"}", "x.json");
        QVERIFY(!profile);
        QCOMPARE(profile.diagnostics().front().loc.line, 2);
        QVERIFY(profile.diagnostics().front().message.find("\"id\" is given twice") != std::string::npos);
    }
};

QTEST_GUILESS_MAIN(TestJsonDuplicates)
#include "tst_jsonduplicates.moc"
