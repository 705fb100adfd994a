// SPDX-License-Identifier: MIT
// The differential counter (engine/analysis/differential.h): every count the lifting claims is checked against what
// the instrumented interpreter really executed, and the ladder's invariants and monotonicity on every shipped
// profile, for the repository's ALIR, lowered models, the minimised corpus of past findings and random programs
// (randomprogram.h). SOLAR_DIFFERENTIAL_COUNT sets how many random programs run (default 300, the CI run);
// SOLAR_DIFFERENTIAL_CORPUS names a directory where minimised failing programs are written.
#include "engine/analysis/differential.h"
#include "engine/frontend/trace/lowering.h"
#include "engine/graph/lifting.h"
#include "engine/hw/registry.h"
#include "engine/ir/interpreter.h"
#include "engine/ir/parser.h"
#include "engine/worker/traceresult.h"
#include "randomprogram.h"
#include "testutil.h"

#include <QDir>
#include <QElapsedTimer>
#include <QTest>

#include <cmath>
#include <fstream>

using namespace solar;

namespace {

const std::string kRoot = SOLAR_TEST_DATA "/../..";

std::vector<hw::HwProfile> shippedProfiles()
{
    return hw::loadHwRegistry({kRoot + "/hwprofiles"}).profiles;
}

std::string describe(const analysis::DifferentialResult& r)
{
    std::string s;
    for (const auto& f : r.findings)
        s += "  line " + std::to_string(f.line) + ": " + f.what + "\n";
    return s;
}

// Runs the counter; a program that does not parse, check or run is `invalid` (a minimisation step may produce one).
struct Outcome
{
    bool valid = false;
    std::string error;
    analysis::DifferentialResult result;
};

// `reduced`: every size parameter at most 16, for programs whose defaults exceed the interpreter's caps.
Outcome runCounter(const std::string& text, const std::string& file, const std::vector<hw::HwProfile>& profiles, bool reduced = false)
{
    Outcome o;
    auto parsed = ir::parseProgram(text, file);
    if (!parsed) {
        o.error = formatAll(parsed.diagnostics());
        return o;
    }
    analysis::DifferentialOptions options;
    options.profiles = profiles;
    if (reduced) {
        for (const auto& p : parsed->params)
            options.sizes[p.name] = std::min<std::int64_t>(p.value, 16);
    }
    auto r = analysis::checkCounts(*parsed, options);
    if (!r) {
        o.error = formatAll(r.diagnostics());
        return o;
    }
    o.valid = true;
    o.result = std::move(r).value();
    return o;
}

std::vector<std::string> alirFiles(const QString& dir)
{
    std::vector<std::string> out;
    for (const QString& f : QDir(dir).entryList({QStringLiteral("*.alir")}, QDir::Files, QDir::Name))
        out.push_back(QString(dir + QLatin1Char('/') + f).toStdString());
    return out;
}

} // namespace

class TestDifferential : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase() { m_profiles = shippedProfiles(); }

    // The counter is not vacuous: a footprint, an iteration count or an operation count above what ran is found.
    void testCounterFindsOvercounts()
    {
        const ir::Program p = testutil::parseOk(R"(kernel k(N=6) {
  in X: f32[N];
  out Y: f32[N];
  for i in 0..N { if (i % 2 == 0) { Y[i] = X[i] * 2; } }
})");
        ir::RunOptions options;
        options.profile = true;
        const auto run = ir::runProgram(p, options);
        QVERIFY(run.hasValue());
        QCOMPARE(run->profile.size(), std::size_t(1));
        QCOMPARE(run->profile[0].distinctReads.at("X"), std::uint64_t(3));
        QCOMPARE(run->profile[0].distinctWrites.at("Y"), std::uint64_t(3));
        QCOMPARE(run->profile[0].arithmeticOps, std::uint64_t(3)); // one * per executed point; i % 2 is control
        auto graph = graph::liftProgram(p, run->sizes).value();
        QVERIFY2(analysis::checkGraphAgainstRun(*run, graph).findings.empty(),
                 describe(analysis::checkGraphAgainstRun(*run, graph)).c_str());
        graph.nodes[0].reads[0].footprint = 6; // what lifting charged before guards with % were understood
        QCOMPARE(analysis::checkGraphAgainstRun(*run, graph).findings.size(), std::size_t(1));
        graph.nodes[0].reads[0].footprint = 3;
        graph.nodes[0].points = 4;
        QVERIFY(!analysis::checkGraphAgainstRun(*run, graph).findings.empty());
        graph.nodes[0].points = 3;
        graph.nodes[0].otherOps = 6;
        QVERIFY(!analysis::checkGraphAgainstRun(*run, graph).findings.empty());
    }

    void testRepositoryPrograms()
    {
        std::vector<std::string> files = alirFiles(QString::fromStdString(kRoot + "/tests/data/alir"));
        for (const auto& f : alirFiles(QString::fromStdString(kRoot + "/resources/examples")))
            files.push_back(f);
        for (const auto& f : alirFiles(QString::fromStdString(kRoot + "/tests/data/differential")))
            files.push_back(f);
        QVERIFY(files.size() >= 17);
        int nodes = 0;
        for (const auto& f : files) {
            Outcome o = runCounter(testutil::readFile(f), f, m_profiles);
            if (!o.valid && o.error.find("cap") != std::string::npos)
                o = runCounter(testutil::readFile(f), f, m_profiles, true); // a program sized for the analysis only
            QVERIFY2(o.valid, (f + ": " + o.error).c_str());
            QVERIFY2(o.result.findings.empty(), (f + ":\n" + describe(o.result)).c_str());
            nodes += o.result.nodesChecked;
        }
        qInfo("%zu programs, %d nodes: 0 findings", files.size(), nodes);
    }

    // Lowered models (the trace fixtures) at their traced sizes.
    void testLoweredModels()
    {
        const QString dir = QString::fromStdString(kRoot + "/tests/data/trace");
        int programs = 0;
        for (const QString& f : QDir(dir).entryList({QStringLiteral("*.json")}, QDir::Files, QDir::Name)) {
            const std::string path = QString(dir + QLatin1Char('/') + f).toStdString();
            auto traced = worker::parseTraceReply(testutil::readFile(path), f.toStdString());
            if (!traced)
                continue; // not a single-model trace (e.g. a families file of several)
            auto lowered = trace::lowerTrace(*traced);
            QVERIFY2(lowered.hasValue(), formatAll(lowered.diagnostics()).c_str());
            analysis::DifferentialOptions options;
            options.profiles = m_profiles;
            const auto r = analysis::checkCounts(lowered->program, options);
            QVERIFY2(r.hasValue(), formatAll(r.diagnostics()).c_str());
            QVERIFY2(r->findings.empty(), (path + ":\n" + describe(*r)).c_str());
            ++programs;
        }
        QVERIFY(programs >= 4);
    }

    // The interpreter's fast paths (specialised inner loops, interleaved dots, reduction rows, bands run in another
    // order, folded-view addresses) against running every statement as written, on the random programs: bit-identical
    // tensors and the same instance counts (windows under padding guards, reversed and quasi-affine indices,
    // reductions with their initialisers nested or apart, in several precisions).
    void testRandomProgramsRunAsWritten()
    {
        const int count
            = qEnvironmentVariableIsSet("SOLAR_DIFFERENTIAL_COUNT") ? qEnvironmentVariableIntValue("SOLAR_DIFFERENTIAL_COUNT") : 300;
        int compared = 0;
        for (int i = 0; i < count; ++i) {
            const std::uint64_t seed = 1000 + static_cast<std::uint64_t>(i);
            const std::string text = testutil::ProgramGenerator(seed).generate().text();
            const auto program = ir::parseProgram(text, "rand" + std::to_string(seed) + ".alir");
            QVERIFY2(program.hasValue(), text.c_str());
            ir::RunOptions fast;
            fast.seed = seed;
            ir::RunOptions plain = fast;
            plain.specialize = false;
            const auto a = ir::runProgram(*program, fast);
            const auto b = ir::runProgram(*program, plain);
            QCOMPARE(a.hasValue(), b.hasValue());
            if (!a)
                continue;
            QVERIFY2(a->instanceCounts == b->instanceCounts, text.c_str());
            for (size_t t = 0; t < a->tensors.size(); ++t)
                for (size_t e = 0; e < a->tensors[t].data.size(); ++e) {
                    const double x = a->tensors[t].data[e], y = b->tensors[t].data[e];
                    QVERIFY2(x == y || (std::isnan(x) && std::isnan(y)), (a->tensors[t].name + " differs in\n" + text).c_str());
                }
            ++compared;
        }
        QVERIFY(compared > count / 2);
    }

    void testRandomPrograms()
    {
        const int count
            = qEnvironmentVariableIsSet("SOLAR_DIFFERENTIAL_COUNT") ? qEnvironmentVariableIntValue("SOLAR_DIFFERENTIAL_COUNT") : 300;
        const QString corpus = qEnvironmentVariable("SOLAR_DIFFERENTIAL_CORPUS");
        // SOLAR_DIFFERENTIAL_DUMP=seed,seed...: write those programs whole into the corpus directory (how the corpus of
        // past findings in tests/data/differential was taken, before the fixes that made them pass).
        for (const QString& s : qEnvironmentVariable("SOLAR_DIFFERENTIAL_DUMP").split(QLatin1Char(','), Qt::SkipEmptyParts)) {
            const std::uint64_t seed = s.toULongLong();
            std::ofstream(corpus.toStdString() + "/rand" + std::to_string(seed) + ".alir")
                << "# A past finding of tst_differential (seed " << seed << ")\n"
                << testutil::ProgramGenerator(seed).generate().text();
        }
        QElapsedTimer timer;
        timer.start();
        int invalid = 0, nodes = 0, exact = 0;
        std::vector<std::string> failures;
        for (int i = 0; i < count; ++i) {
            const std::uint64_t seed = 1000 + static_cast<std::uint64_t>(i);
            const testutil::RandomProgram program = testutil::ProgramGenerator(seed).generate();
            const std::string name = "rand" + std::to_string(seed) + ".alir";
            const Outcome o = runCounter(program.text(), name, m_profiles);
            if (!o.valid) {
                ++invalid;
                failures.push_back(name + " does not run: " + o.error + "\n" + program.text());
                continue;
            }
            nodes += o.result.nodesChecked;
            exact += o.result.exactEqualities;
            if (o.result.findings.empty())
                continue;
            // Minimise: drop statements while the program still runs and still has findings.
            std::uint64_t keep = (std::uint64_t(1) << program.statements.size()) - 1;
            for (size_t s = program.statements.size(); s-- > 0;) {
                const std::uint64_t fewer = keep & ~(std::uint64_t(1) << s);
                const Outcome smaller = runCounter(program.text(fewer), name, m_profiles);
                if (smaller.valid && !smaller.result.findings.empty())
                    keep = fewer;
            }
            const std::string minimal = program.text(keep);
            failures.push_back(name + ":\n" + describe(runCounter(minimal, name, m_profiles).result) + minimal);
            if (!corpus.isEmpty()) {
                std::ofstream(corpus.toStdString() + "/" + name) << "# Minimised by tst_differential (seed " << seed << ")\n" << minimal;
            }
        }
        qInfo("%d random programs, %d nodes, %d exact counts matched, %.1f s: %zu findings", count, nodes, exact,
              static_cast<double>(timer.elapsed()) / 1000.0, failures.size());
        std::string all;
        for (size_t i = 0; i < failures.size() && i < 5; ++i)
            all += failures[i] + "\n";
        QVERIFY2(failures.empty(), all.c_str());
        QCOMPARE(invalid, 0);
    }

private:
    std::vector<hw::HwProfile> m_profiles;
};

QTEST_GUILESS_MAIN(TestDifferential)
#include "tst_differential.moc"
