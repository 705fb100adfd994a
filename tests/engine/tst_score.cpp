// SPDX-License-Identifier: MIT
// Kernel scoring (issue 33, docs/scoring.md): the SOL score, fast_p and the violation flags on the worked example
// of docs/scoring.md computed by hand; bounds read from solar.workloads/1 and solar.bench/1 files; times from
// solar.times/1 and from KernelBench timing files paired with a baseline; the CLI's `score` exit codes.
#include "app/cli/cli.h"
#include "engine/batch/score.h"
#include "engine/worker/pythonlocator.h"

#include <QDir>
#include <QTemporaryDir>
#include <QTest>

#include <nlohmann/json.hpp>

#include <fstream>
#include <sstream>

using namespace solar;
using namespace solar::batch;

namespace {

constexpr double us = 1e-6;

std::array<double, bounds::kLevelCount> fusedAt(double seconds)
{
    std::array<double, bounds::kLevelCount> s {};
    s.fill(seconds / 2); // the other levels differ, so a wrong level shows
    s[static_cast<size_t>(bounds::Level::Fused)] = seconds;
    return s;
}

void write(const QString& path, const std::string& text)
{
    std::ofstream(path.toStdString()) << text;
}

} // namespace

class TestScore : public QObject
{
    Q_OBJECT

private slots:
    void formulaByHand()
    {
        // T_SOL 20 us, baseline 100 us: the room is 80 us.
        QCOMPARE(solScore(40 * us, 100 * us, 20 * us), 1.0 / (1.0 + 20.0 / 80.0)); // 0.8
        QCOMPARE(solScore(100 * us, 100 * us, 20 * us), 0.5); // at the baseline
        QCOMPARE(solScore(20 * us, 100 * us, 20 * us), 1.0); // at the speed of light
        QCOMPARE(solScore(180 * us, 100 * us, 20 * us), 1.0 / 3.0); // twice the room behind the baseline
        // Upstream's rule where the baseline is at or under the bound: 1 if the kernel is too, else 0.
        QCOMPARE(solScore(40 * us, 20 * us, 20 * us), 0.0);
        QCOMPARE(solScore(20 * us, 20 * us, 20 * us), 1.0);
        QCOMPARE(solScore(10 * us, 15 * us, 20 * us), 1.0);
        QCOMPARE(*upstreamFormula(40 * us, 20 * us, 20 * us), 0.0);
        QCOMPARE(*upstreamFormula(10 * us, 15 * us, 20 * us), 1.0);
    }

    // Issue 50's four rows: a kernel under the bound with little room behind the baseline. Upstream's formula
    // (T_SOL 20 us, T_b 25 us: 5 us of room) gives 1 / (1 - 2/5) = 5/3 at 18 us, 1 / (1 - 2) = -1 at 10 us, a division
    // by zero at 15 us (= 2 T_SOL - T_b) and 1 / (1 - 3) = -1/2 at 5 us. None is a score: each is capped at 1 and flagged.
    void underTheBoundIsCappedAndFlagged()
    {
        BoundsTable b;
        for (const char* k : {"k/a", "k/b", "k/c", "k/d"})
            b.seconds[k] = fusedAt(20 * us);
        const std::vector<KernelTime> times {
            {"k/a", 18 * us, 25 * us}, {"k/b", 10 * us, 25 * us}, {"k/c", 15 * us, 25 * us}, {"k/d", 5 * us, 25 * us}};
        QCOMPARE(*upstreamFormula(18 * us, 25 * us, 20 * us), 5.0 / 3.0);
        QCOMPARE(*upstreamFormula(10 * us, 25 * us, 20 * us), -1.0);
        QVERIFY(!upstreamFormula(15 * us, 25 * us, 20 * us));
        QCOMPARE(*upstreamFormula(5 * us, 25 * us, 20 * us), -0.5);
        const ScoreSummary s = scoreKernels(times, b, ScoreOptions {});
        QCOMPARE(s.scored, 4);
        QCOMPARE(s.violations, 4);
        QCOMPARE(s.meanScore, 1.0);
        const char* says[] = {"1.667", "-1.000", "a division by zero", "-0.500"};
        for (size_t i = 0; i < 4; ++i) {
            QCOMPARE(*s.rows[i].score, 1.0);
            QCOMPARE(s.rows[i].flag, ScoreFlag::KernelBelowBound);
            QVERIFY2(s.rows[i].note.find(std::string("upstream's formula gives ") + says[i]) != std::string::npos, s.rows[i].note.c_str());
        }
        ScoreOptions strict;
        strict.rule = ScoreRule::Strict;
        const ScoreSummary t = scoreKernels(times, b, strict);
        QCOMPARE(t.scored, 0);
        QCOMPARE(t.violations, 4);
        QVERIFY(!t.rows[0].score);
    }

    // docs/scoring.md's worked example, every number by hand.
    void workedExample()
    {
        BoundsTable b;
        for (const char* k : {"gemm/a", "gemm/b", "gemm/c", "gemm/d", "gemm/e"})
            b.seconds[k] = fusedAt(20 * us);
        b.unusable["gemm/f"] = "workload status missing_input: x.safetensors is absent";
        const std::vector<KernelTime> times {
            {"gemm/a", 40 * us, 100 * us, true}, // S 0.8, 2.5x
            {"gemm/b", 100 * us, 100 * us, true}, // S 0.5, 1.0x: not fast_1
            {"gemm/c", 10 * us, 100 * us, true}, // below the bound: capped at 1 (upstream's formula: 8/7), flagged
            {"gemm/d", 25 * us, 100 * us, false}, // not correct: S 0, never fast
            {"gemm/e", 30 * us, 15 * us, true}, // the baseline below the bound, the kernel above: upstream's 0, flagged
            {"gemm/f", 5 * us, 10 * us, true}, // no bound: not scored, still counted by fast_p (correct, 2x)
        };
        ScoreOptions o;
        o.ps = {0.0, 1.0, 3.0};
        const ScoreSummary s = scoreKernels(times, b, o);
        QCOMPARE(s.rows.size(), size_t(6));
        QCOMPARE(*s.rows[0].score, 0.8);
        QCOMPARE(s.rows[0].speedup, 2.5);
        QCOMPARE(*s.rows[1].score, 0.5);
        QCOMPARE(*s.rows[2].score, 1.0);
        QCOMPARE(s.rows[2].flag, ScoreFlag::KernelBelowBound);
        QVERIFY2(s.rows[2].note.find("capped at 1; upstream's formula gives 1.143") != std::string::npos, s.rows[2].note.c_str());
        QCOMPARE(*s.rows[3].score, 0.0);
        QCOMPARE(s.rows[3].flag, ScoreFlag::NotCorrect);
        QCOMPARE(*s.rows[4].score, 0.0);
        QCOMPARE(s.rows[4].flag, ScoreFlag::BaselineBelowBound);
        QCOMPARE(s.rows[5].flag, ScoreFlag::NoBound);
        QVERIFY(s.rows[5].note.find("missing_input") != std::string::npos);
        QCOMPARE(s.scored, 5);
        QCOMPARE(s.meanScore, (0.8 + 0.5 + 1.0 + 0.0 + 0.0) / 5);
        QCOMPARE(s.violations, 2);
        QCOMPARE(s.unbounded, 1);
        // fast_0 is the share of correct kernels (every speedup is above 0): all but d, 5 of 6.
        QCOMPARE(s.fastP[0].second, 5.0 / 6);
        QCOMPARE(s.fastP[1].second, 3.0 / 6); // a 2.5x, c 10x, f 2x beat 1x; b is 1.0x, e 0.5x
        QCOMPARE(s.fastP[2].second, 1.0 / 6); // only c beats 3x
        // Strict: no score for c and e (a time under the bound); the mean is over a, b, d.
        ScoreOptions strict = o;
        strict.rule = ScoreRule::Strict;
        const ScoreSummary t = scoreKernels(times, b, strict);
        QCOMPARE(t.scored, 3);
        QCOMPARE(t.meanScore, (0.8 + 0.5 + 0.0) / 3);
        QVERIFY(!t.rows[2].score && !t.rows[4].score);
        // Against another level: the bound halves (10 us), so c is no longer below it.
        o.level = bounds::Level::UnfusedPerKernel;
        QCOMPARE(scoreKernels(times, b, o).rows[2].flag, ScoreFlag::None);
    }

    void filesAndCli()
    {
        QTemporaryDir dir;
        const QString workloads = dir.filePath(QStringLiteral("w.json")), times = dir.filePath(QStringLiteral("t.json")),
                      kernels = dir.filePath(QStringLiteral("k.json")), baseline = dir.filePath(QStringLiteral("b.json"));
        nlohmann::json w = {{"schema", "solar.workloads/1"}, {"definition", {{"name", "gemm"}}}, {"workloads", nlohmann::json::array()}};
        for (const char* uuid : {"a", "c"}) {
            nlohmann::json bounds = nlohmann::json::object();
            for (bounds::Level l : bounds::kLevels)
                bounds[std::string(bounds::levelName(l))] = {{"seconds", l == bounds::Level::Fused ? 20 * us : 10 * us}};
            w["workloads"].push_back({{"uuid", uuid}, {"status", "ok"}, {"bounds", bounds}});
        }
        write(workloads, w.dump());
        write(times, R"({"schema": "solar.times/1", "times": [
            {"problem": "gemm", "workload": "a", "kernel_seconds": 4e-5, "baseline_seconds": 1e-4},
            {"problem": "gemm", "workload": "c", "kernel_seconds": 1e-5, "baseline_seconds": 1e-4, "correct": true}]})");
        std::ostringstream out, err;
        QCOMPARE(cli::runCli({"score", times.toStdString(), "--bounds", workloads.toStdString(), "--format", "json"}, out, err), 1);
        const auto j = nlohmann::json::parse(out.str());
        QCOMPARE(j["schema"].get<std::string>(), std::string("solar.score/1"));
        QCOMPARE(j["rows"][0]["sol_score"].get<double>(), 0.8);
        QCOMPARE(j["rows"][1]["flag"].get<std::string>(), std::string("kernel_below_bound"));
        QCOMPARE(j["summary"]["violations"].get<int>(), 1);
        // Only the first: no violation, exit 0; the table names the score.
        write(
            times,
            R"({"schema": "solar.times/1", "times": [{"problem": "gemm", "workload": "a", "kernel_seconds": 4e-5, "baseline_seconds": 1e-4}]})");
        std::ostringstream out1, err1;
        QCOMPARE(cli::runCli({"score", times.toStdString(), "--bounds", workloads.toStdString()}, out1, err1), 0);
        QVERIFY2(out1.str().find("0.800") != std::string::npos, out1.str().c_str());
        // KernelBench timing files (milliseconds) paired by level/file with a solar.bench/1-free bounds table.
        write(kernels, R"({"level1": {"1_x.py": {"min": 0.04}, "2_y.py": {"min": 1.0}}})");
        write(baseline, R"({"level1": {"1_x.py": {"min": 0.1}}})");
        const auto paired = readKernelTimes(kernels.toStdString(), baseline.toStdString());
        QVERIFY(paired);
        QCOMPARE(paired->size(), size_t(1)); // 2_y.py has no baseline
        QCOMPARE(paired->front().key, std::string("level1/1_x.py"));
        QCOMPARE(paired->front().kernelSeconds, 40 * us);
        QCOMPARE(paired->front().baselineSeconds, 100 * us);
        // Bad input: a KernelBench file without a baseline, a malformed times file, a file that is no bounds.
        struct Case
        {
            std::vector<std::string> args;
            const char* says;
        };
        write(dir.filePath(QStringLiteral("bad.json")),
              R"({"schema": "solar.times/1", "times": [{"problem": "gemm", "kernel_seconds": -1, "baseline_seconds": 1}]})");
        const std::vector<Case> cases {
            {{"score", kernels.toStdString(), "--bounds", workloads.toStdString()}, "--baseline"},
            {{"score", dir.filePath(QStringLiteral("bad.json")).toStdString(), "--bounds", workloads.toStdString()},
             "times[0]: \"kernel_seconds\""},
            {{"score", times.toStdString(), "--bounds", times.toStdString()}, "not a bounds file"},
        };
        for (const Case& c : cases) {
            std::ostringstream o2, e2;
            QCOMPARE(cli::runCli(c.args, o2, e2), 1);
            QVERIFY2(e2.str().find(c.says) != std::string::npos, e2.str().c_str());
        }
        // Two bounds files with one key (the same definition on two devices): refused, naming the key and both files.
        const QString again = dir.filePath(QStringLiteral("w2.json"));
        write(again, w.dump());
        std::ostringstream o4, e4;
        QCOMPARE(cli::runCli({"score", times.toStdString(), "--bounds", workloads.toStdString(), "--bounds", again.toStdString()}, o4, e4),
                 1);
        QVERIFY2(e4.str().find("'gemm/a' has bounds in " + workloads.toStdString() + " and in " + again.toStdString()) != std::string::npos,
                 e4.str().c_str());
        // A workload of another definition with the same uuid is not matched by the uuid: no bound, exit 1.
        write(
            times,
            R"({"schema": "solar.times/1", "times": [{"problem": "conv", "workload": "a", "kernel_seconds": 4e-5, "baseline_seconds": 1e-4}]})");
        std::ostringstream o5, e5;
        QCOMPARE(cli::runCli({"score", times.toStdString(), "--bounds", workloads.toStdString(), "--format", "json"}, o5, e5), 1);
        const auto unmatched = nlohmann::json::parse(o5.str());
        QCOMPARE(unmatched["rows"][0]["flag"].get<std::string>(), std::string("no_bound"));
        QVERIFY(unmatched["rows"][0]["sol_score"].is_null());
        std::ostringstream o3, e3;
        QCOMPARE(cli::runCli({"score", times.toStdString()}, o3, e3), 2); // --bounds is required
        QCOMPARE(cli::runCli({"score", times.toStdString(), "--bounds", workloads.toStdString(), "--p", "1,x"}, o3, e3), 2);
    }

    // A KernelBench problem moved between level folders matches the one problem bound with its file name, and says so;
    // with two such bounds it matches none.
    void problemsMatchByFileNameOnlyWhenUnique()
    {
        BoundsTable b;
        b.seconds["level1/1_x.py"] = fusedAt(20 * us);
        b.seconds["gemm/1_x.py"] = fusedAt(20 * us);
        b.workloadKeys.insert("gemm/1_x.py"); // a workload whose uuid happens to look like the file: never a match
        const ScoreSummary s = scoreKernels({{"level2/1_x.py", 40 * us, 100 * us}}, b, ScoreOptions {});
        QCOMPARE(*s.rows[0].score, 0.8);
        QVERIFY2(s.rows[0].note.find("matched by file name to level1/1_x.py") != std::string::npos, s.rows[0].note.c_str());
        b.seconds["level3/1_x.py"] = fusedAt(20 * us);
        const ScoreSummary t = scoreKernels({{"level2/1_x.py", 40 * us, 100 * us}}, b, ScoreOptions {});
        QCOMPARE(t.rows[0].flag, ScoreFlag::NoBound);
        QVERIFY2(t.rows[0].note.find("several problems") != std::string::npos, t.rows[0].note.c_str());
    }

    // `bench --score` and `score` on the sweep's JSON are one computation: the same rows from both paths.
    void benchScoreIsScoreOfTheSweep()
    {
        if (!worker::locatePython())
            QSKIP("no Python interpreter with torch on this machine");
        QTemporaryDir dir;
        QDir(dir.path()).mkpath(QStringLiteral("problems/level1"));
        write(dir.filePath(QStringLiteral("problems/level1/1_add.py")), R"(import torch

n = 4096


class Model(torch.nn.Module):
    def forward(self, x, y):
        return x + y


def get_inputs():
    return [torch.randn(n, n), torch.randn(n, n)]


def get_init_inputs():
    return []
)");
        // fp32 x + y at n = 4096 moves 3 x 64 MiB (60 us cold on an H100 SXM at 3.35 TB/s); the kernel is timed at
        // 0.1 ms, the baseline at 0.2 ms.
        const std::string kernels = dir.filePath(QStringLiteral("k.json")).toStdString(),
                          base = dir.filePath(QStringLiteral("b.json")).toStdString(),
                          sweep = dir.filePath(QStringLiteral("s.json")).toStdString(),
                          problems = dir.filePath(QStringLiteral("problems")).toStdString();
        write(QString::fromStdString(kernels), R"({"level1": {"1_add.py": {"min": 0.1}}})");
        write(QString::fromStdString(base), R"({"level1": {"1_add.py": {"min": 0.2}}})");
        std::ostringstream out, err;
        QCOMPARE(cli::runCli(
                     {"bench", problems, "--hw", "h100-sxm", "--score", "--kernel-timings", kernels, "--timings", base, "--format", "json"},
                     out, err),
                 0);
        const auto direct = nlohmann::json::parse(out.str());
        std::ostringstream s1, e1;
        QCOMPARE(cli::runCli({"bench", problems, "--hw", "h100-sxm", "--format", "json"}, s1, e1), 0);
        write(QString::fromStdString(sweep), s1.str());
        std::ostringstream out2, err2;
        QCOMPARE(cli::runCli({"score", kernels, "--baseline", base, "--bounds", sweep, "--format", "json"}, out2, err2), 0);
        const auto viaFile = nlohmann::json::parse(out2.str());
        QCOMPARE(direct["rows"].size(), size_t(1));
        QVERIFY2(direct["rows"] == viaFile["rows"], out2.str().c_str());
        const double sol = direct["rows"][0]["sol_seconds"].get<double>();
        // The sweep's fused bound (warm caches, as bench assumes: part of the 201 MB stays on chip between runs).
        QCOMPARE(sol, nlohmann::json::parse(s1.str())["problems"][0]["bounds_seconds"]["fused"].get<double>());
        QVERIFY(sol > 0 && sol < 100 * us);
        QCOMPARE(direct["rows"][0]["sol_score"].get<double>(), 1.0 / (1.0 + (100 * us - sol) / (200 * us - sol)));
        QCOMPARE(cli::runCli({"bench", problems, "--hw", "h100-sxm", "--score", "--timings", base}, out, err), 2); // no kernels
    }
};

QTEST_GUILESS_MAIN(TestScore)
#include "tst_score.moc"
