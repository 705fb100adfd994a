// SPDX-License-Identifier: MIT
// Validation by output comparison: the size schedule (no Python needed), models that must validate (this repo's
// and a sample of the shared KernelBench problems when that folder is present), and a model that computes one
// thing when traced and another when run, which must be reported as a mismatch. Skipped where no Python has torch.
#include "engine/batch/sweep.h"
#include "engine/frontend/trace/pythonlocator.h"
#include "engine/frontend/validate/validation.h"

#include <QTest>

#include <filesystem>
#include <optional>

using namespace solar;

namespace {

std::string data(const char* name)
{
    return std::string(SOLAR_TEST_DATA) + "/py/" + name;
}

} // namespace

class TestValidation : public QObject
{
    Q_OBJECT
private:
    std::optional<trace::PythonInfo> m_python;

private slots:
    void initTestCase()
    {
        if (const auto p = trace::locatePython())
            m_python = *p;
    }

    // Constants of 16 or more shrink by a common divisor, never below 8; smaller ones are structural and absent.
    void testReducedSizes()
    {
        const auto sets = validate::reducedSizes({{"batch_size", 128}, {"kernel", 3}, {"dim", 1024}});
        QVERIFY(sets.size() >= 2);
        const std::map<std::string, std::int64_t> smallest {{"batch_size", 8}, {"dim", 8}};   // 128/256 -> 8, 1024/256 = 4 -> 8
        const std::map<std::string, std::int64_t> second {{"batch_size", 8}, {"dim", 16}};    // /64
        const std::map<std::string, std::int64_t> full {{"batch_size", 128}, {"dim", 1024}};
        QVERIFY(sets.front() == smallest);
        QVERIFY(sets[1] == second);
        QVERIFY(sets.back() == full);
        for (const auto& s : sets)
            QVERIFY(!s.count("kernel"));
    }

    void testOwnModelsValidate_data()
    {
        QTest::addColumn<QString>("file");
        QTest::newRow("mlp") << QString::fromStdString(data("mlp.py"));
        QTest::newRow("convnet") << QString::fromStdString(data("convnet.py"));
    }

    void testOwnModelsValidate()
    {
        if (!m_python)
            QSKIP("no Python interpreter with torch on this machine");
        QFETCH(QString, file);
        trace::TraceWorker worker(*m_python);
        const auto v = validate::validateModel(file.toStdString(), worker);
        QVERIFY2(v.status == "validated", (v.status + ": " + v.details).c_str());
        QVERIFY(v.details.find("outputs match torch at") != std::string::npos);
    }

    // Every 20th problem of the shared KernelBench folder (matmul, norms, conv-transpose, losses, fused chains):
    // a bounded round trip through trace, lowering, reference run and interpreter.
    void testSharedSample()
    {
        if (!m_python)
            QSKIP("no Python interpreter with torch on this machine");
        const std::string dir = SOLAR_KERNELBENCH;
        if (!std::filesystem::is_directory(dir))
            QSKIP("the shared KernelBench folder is not next to this checkout");
        const auto files = batch::problemFiles(dir);
        trace::TraceWorker worker(*m_python);
        int checked = 0;
        for (size_t i = 0; i < files.size(); i += 20) {
            if (files[i].rfind("level3/", 0) == 0)
                continue; // whole architectures take minutes to validate: the sweep covers them
            const auto v = validate::validateModel(dir + "/" + files[i], worker);
            QVERIFY2(v.status == "validated", (files[i] + ": " + v.status + ": " + v.details).c_str());
            ++checked;
        }
        QVERIFY(checked >= 5);
    }

    void testDifferentComputationIsAMismatch()
    {
        if (!m_python)
            QSKIP("no Python interpreter with torch on this machine");
        trace::TraceWorker worker(*m_python);
        const auto v = validate::validateModel(data("two_faced.py"), worker);
        QCOMPARE(v.status, std::string("mismatch"));
        // x*2 against x*3: confirmed at every size, reported with the first one's numbers.
        QVERIFY2(v.details.find("output 0 differs at batch_size=8, dim=8") == 0, v.details.c_str());
    }
};

QTEST_GUILESS_MAIN(TestValidation)
#include "tst_validation.moc"
