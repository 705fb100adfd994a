// SPDX-License-Identifier: MIT
// The CLI's measuring commands: `bench` (merge, sweep, --measure), `measure` (reduced sizes under a cap, --compile),
// `insights` (a fusion saving by hand, recorded profiler traces, --measure), `plot` and `hw calibrate`, each against
// numbers derived by hand on a slow profile.
#include "clitest.h"

using namespace clitest;

class TestCliMeasure : public QObject
{
    Q_OBJECT
private slots:
    // Shards written by hand: the merged summary is recomputed from the problems (the shards' summaries say
    // nothing), violations and medians derived by hand.
    void testBenchMerge()
    {
        QTemporaryDir dir;
        // a: measured 1 ms, cache_aware bound 2 ms > 1 ms: one violation, at cache_aware only.
        const auto a = writeFile(dir.filePath(QStringLiteral("a.json")),
                                 benchFile("h100-sxm", benchProblem("level1/a.py", 1e-3, allLevels(4e-4, 5e-4, 6e-4, 8e-4, 2e-3)), 30));
        // b: measured 2 ms, every bound 1 ms: headroom 2.
        const auto b = writeFile(dir.filePath(QStringLiteral("b.json")),
                                 benchFile("h100-sxm", benchProblem("level2/b.py", 2e-3, allLevels(1e-3, 1e-3, 1e-3, 1e-3, 1e-3)), 45));
        const Result merged = cli({"bench", "--merge", b, a, "--format", "json"});
        QCOMPARE(merged.code, 0);
        const auto o = nlohmann::json::parse(merged.out);
        const auto& problems = o["problems"];
        QCOMPARE(problems.size(), std::size_t(2));
        QCOMPARE(problems[0]["file"].get<std::string>(), std::string("level1/a.py")); // sorted
        const auto& summary = o["summary"];
        QCOMPARE(summary["violations"]["cache_aware"].get<int>(), 1);
        QCOMPARE(summary["violations"]["fused"].get<int>(), 0);
        QCOMPARE(summary["median_headroom"]["fused"].get<double>(), (1e-3 / 8e-4 + 2.0) / 2);
        QCOMPARE(summary["wall_seconds"].get<double>(), 45.0); // shards run side by side
        QVERIFY(problems[0]["violation"]["cache_aware"].get<bool>());

        // Reading back what was written gives the same document.
        const auto again = writeFile(dir.filePath(QStringLiteral("merged.json")), merged.out);
        QCOMPARE(cli({"bench", "--merge", again, "--format", "json"}).out, merged.out);

        const Result overlap = cli({"bench", "--merge", a, a});
        QCOMPARE(overlap.code, 1);
        QVERIFY(contains(overlap.err, "level1/a.py is also in"));
        const auto other = writeFile(dir.filePath(QStringLiteral("other.json")),
                                     benchFile("a100-sxm", benchProblem("level3/c.py", 1e-3, allLevels(1, 1, 1, 1, 1)), 1));
        const Result mixed = cli({"bench", "--merge", a, other});
        QCOMPARE(mixed.code, 1);
        QVERIFY(contains(mixed.err, "do not merge"));
        const auto broken = writeFile(dir.filePath(QStringLiteral("broken.json")), "{\"schema\": \"solar.bench/1\", \"problems\": [");
        const Result bad = cli({"bench", "--merge", a, broken});
        QCOMPARE(bad.code, 1);
        QVERIFY(contains(bad.err, "broken.json"));
        const auto wrongSchema = writeFile(dir.filePath(QStringLiteral("graph.json")), "{\"schema\": \"solar.einsumgraph/1\"}");
        QCOMPARE(cli({"bench", "--merge", wrongSchema}).code, 1);
        QCOMPARE(cli({"bench", "--merge"}).code, 2);
        QCOMPARE(cli({"bench", "--merge", a, "--hw", "h100-sxm"}).code, 2);
    }

    // A KernelBench-style folder traced end to end: a measured time below a bound is flagged as a violation,
    // a broken problem is an error (exit 1) without stopping the sweep, and two shards merge into the full run.
    void testBenchSweep()
    {
        if (!solar::worker::locatePython())
            QSKIP("no Python interpreter with torch on this machine");
        QTemporaryDir dir;
        const std::string py = std::string(SOLAR_TEST_DATA) + "/py/";
        writeFile(dir.filePath(QStringLiteral("level1/1_mlp.py")), readFile(py + "mlp.py"));
        writeFile(dir.filePath(QStringLiteral("level1/2_convnet.py")), readFile(py + "convnet.py"));
        writeFile(dir.filePath(QStringLiteral("level2/3_broken.py")), readFile(py + "syntax_error.py"));
        // 1 ps for the MLP is below any bound (even warm-cache ones); 1 s for the conv net is above all of them.
        const auto timings = writeFile(dir.filePath(QStringLiteral("timings.json")),
                                       R"({"level1": {"1_mlp.py": {"min": 1e-9}, "2_convnet.py": {"min": 1000}}})");
        const std::string root = dir.path().toStdString();
        auto sweep = [&](std::vector<std::string> extra) {
            std::vector<std::string> args {"bench", root, "--hw", "h100-sxm", "--timings", timings, "--format", "json"};
            args.insert(args.end(), extra.begin(), extra.end());
            return cli(args);
        };
        const Result full = sweep({});
        QCOMPARE(full.code, 1); // the broken problem
        const auto o = nlohmann::json::parse(full.out);
        const auto& problems = o["problems"];
        QCOMPARE(problems.size(), std::size_t(3));
        QCOMPARE(problems[0]["status"].get<std::string>(), std::string("ok"));
        QVERIFY(problems[0]["violation"]["fused"].get<bool>());
        QCOMPARE(problems[1]["status"].get<std::string>(), std::string("ok"));
        QVERIFY(!problems[1]["violation"]["cache_aware"].get<bool>());
        QCOMPARE(problems[2]["status"].get<std::string>(), std::string("error"));
        QCOMPARE(o["summary"]["violations"]["fused"].get<int>(), 1);
        // MLP: 2 * (8*32*64 + 8*64*16) FLOP of matmuls, plus at least one op per element of bias, relu, softmax.
        QVERIFY(problems[0]["flops"].get<double>() >= 2.0 * (8 * 32 * 64 + 8 * 64 * 16) + 8 * 64 * 2 + 8 * 16 * 2);

        const auto s0 = writeFile(dir.filePath(QStringLiteral("s0.json")), sweep({"--shard", "0/2"}).out);
        const auto s1 = writeFile(dir.filePath(QStringLiteral("s1.json")), sweep({"--shard", "1/2"}).out);
        const Result merged = cli({"bench", "--merge", s0, s1, "--format", "json"});
        QCOMPARE(merged.code, 1);
        const auto mp = nlohmann::json::parse(merged.out)["problems"];
        QCOMPARE(mp.size(), std::size_t(3));
        for (int i = 0; i < 3; ++i) {
            QVERIFY(mp[i]["file"] == problems[i]["file"]);
            QVERIFY(mp[i]["bounds_seconds"] == problems[i]["bounds_seconds"]);
        }
        QCOMPARE(cli({"bench", dir.filePath(QStringLiteral("missing")).toStdString(), "--hw", "h100-sxm"}).code, 1);
    }

    // solar measure (issue 18). Reduced sizes: at N = 262144 the fused bound is 21 ms, above a 1 ms cap, so the model
    // runs at a smaller N (4096 when one run at 1024 is fast enough, else 1024), and the bounds printed are those of
    // that N, by hand 8 N / 1e8 s. Headroom is measured / bound; the per-op times name aten::relu.
    void testInsights()
    {
        // The slow profile (DRAM 100 MB/s, compute never binding): a matmul's result T (262144 bytes) read by a
        // ReLU in another kernel; fusing them saves T's write and read, 524288 bytes / 1e8 B/s = 5.24288 ms.
        QTemporaryDir dir;
        const std::string profile = slowProfile(dir.filePath(QStringLiteral("slow.json")));
        const std::string program = std::string(SOLAR_TEST_DATA) + "/alir/mm_relu.alir";
        const Result r = cli({"insights", program, "--hw", profile, "--format", "json"});
        QCOMPARE(r.code, 0);
        const auto j = nlohmann::json::parse(r.out, nullptr, false);
        QVERIFY2(j.is_object(), (r.out + r.err).c_str());
        QCOMPARE(j["schema"].get<std::string>(), std::string("solar.insights/1"));
        QCOMPARE(j["opportunities"].size(), std::size_t(1));
        const auto& o = j["opportunities"][0];
        QCOMPARE(o["kind"].get<std::string>(), std::string("fusion"));
        QVERIFY(std::fabs(o["saved_seconds"].get<double>() - 5.24288e-3) < 1e-12);
        QVERIFY(o["lines"] == nlohmann::json::parse("[3, 4]"));
        QCOMPARE(o["operators"].size(), std::size_t(2));
        QVERIFY(std::fabs(j["total_saved_seconds"].get<double>() - 5.24288e-3) < 1e-12);
        const Result text = cli({"insights", program, "--hw", profile});
        QVERIFY2(contains(text.out, "fusion") && contains(text.out, "recoverable in all"), text.out.c_str());
        const Result csv = cli({"insights", program, "--hw", profile, "--format", "csv"});
        QVERIFY(csv.out.rfind("rank,kind,saved_seconds", 0) == 0);

        QCOMPARE(cli({"insights", program, "--hw", profile, "--measure", "--profile-trace", "t.json"}).code, 2);
        QCOMPARE(cli({"insights", program}).code, 2);
        const std::string bad = writeFile(dir.filePath(QStringLiteral("bad.json")), "[\n  {\"ph\": \"X\",\n");
        const Result b = cli({"insights", program, "--hw", profile, "--profile-trace", bad});
        QCOMPARE(b.code, 1);
        QVERIFY2(contains(b.err, "bad.json:3:"), b.err.c_str());
    }

    void testRecordedTrace()
    {
        // tests/data/profiler/mlp_block*.trace.json: one forward pass of mlp_block.py under torch.profiler on this
        // kind of machine (record_trace.py), under torch 1.13 and 2.13 (with input shapes). At least 95 % of its
        // ATen time must be matched to the program's ops, whichever torch traces the program.
        if (!solar::worker::locatePython())
            QSKIP("no Python interpreter with torch on this machine");
        QFETCH(QString, traceFile);
        const std::string data = std::string(SOLAR_TEST_DATA) + "/profiler/";
        // CPU times (the trace has no kernels): against a CPU host's profile, not a GPU's.
        QTemporaryDir dir;
        const std::string host = cpuHostProfile(dir.filePath(QStringLiteral("host.json")));
        const Result r = cli({"analyze", data + "mlp_block.py", "--hw", host, "--no-validate", "--profile-trace",
                              data + traceFile.toStdString(), "--format", "json"});
        QCOMPARE(r.code, 0);
        const auto j = nlohmann::json::parse(r.out, nullptr, false);
        QVERIFY2(j.is_object(), (r.out + r.err).c_str());
        const auto& trace = j["insights"]["trace"];
        QVERIFY2(trace["matched_fraction"].get<double>() >= 0.95, trace.dump().c_str());
        // The trace's own numbers, read independently: its ATen self time is every aten event's duration less its
        // ATen children's (a pure-Python pass over the file would give the same).
        const double all = trace["matched_seconds"].get<double>() + trace["unmatched_seconds"].get<double>();
        QVERIFY(all > 0);
        double measured = 0;
        int timed = 0;
        for (const auto& op : j["ops"])
            if (op.contains("measured_seconds")) {
                measured += op["measured_seconds"].get<double>();
                ++timed;
            }
        QVERIFY2(timed >= 5, r.out.c_str());
        QVERIFY(std::fabs(measured - trace["op_seconds"].get<double>()) <= 1e-9 * measured);
        // Measured gaps are listed, and nothing exceeds the reference (the trace's time) minus the lowest SOL.
        bool gap = false;
        for (const auto& o : j["insights"]["opportunities"])
            gap = gap || o["kind"] == "measured_gap";
        QVERIFY(gap);
        QVERIFY(j["insights"]["total_saved_seconds"].get<double>()
                <= j["insights"]["reference_seconds"].get<double>() - j["insights"]["lowest_sol_seconds"].get<double>() + 1e-15);
        QCOMPARE(trace["shape_mismatches"].get<int>(), 0);
        if (traceFile != QStringLiteral("mlp_block.trace.json"))
            return; // the table once is enough (each analysis traces the model again)
        const Result table
            = cli({"analyze", data + "mlp_block.py", "--hw", host, "--no-validate", "--profile-trace", data + traceFile.toStdString()});
        QVERIFY2(contains(table.out, "measured") && contains(table.out, "meas/F0"), table.out.c_str());
        // The same CPU trace against a GPU profile is refused (issue 30, item 4: "runs at 7.16e+03x its eager bound").
        const Result gpu = cli(
            {"analyze", data + "mlp_block.py", "--hw", "h100-sxm", "--no-validate", "--profile-trace", data + traceFile.toStdString()});
        QCOMPARE(gpu.code, 1);
        QVERIFY2(contains(gpu.err, "CPU times only") && contains(gpu.err, "H100 SXM"), gpu.err.c_str());
    }

    void testInsightsMeasured()
    {
        // insights --measure: the model run here, its per-op profiler times as the measured gaps.
        if (!solar::worker::locatePython())
            QSKIP("no Python interpreter with torch on this machine");
        QTemporaryDir dir;
        const std::string model = writeFile(dir.filePath(QStringLiteral("relu.py")), kReluModel);
        const Result r = cli({"insights", model, "--hw", "h100-sxm", "--measure", "--format", "json"});
        const auto j = nlohmann::json::parse(r.out, nullptr, false);
        QVERIFY2(j.is_object(), (r.out + r.err).c_str());
        QCOMPARE(j["reference"].get<std::string>(), std::string("measured"));
        QVERIFY(contains(j["measured_with"].get<std::string>(), "solar measure"));
        QVERIFY(j["reference_seconds"].get<double>() > 0);
        QVERIFY(j["total_saved_seconds"].get<double>()
                <= j["reference_seconds"].get<double>() - j["lowest_sol_seconds"].get<double>() + 1e-15);
        QCOMPARE(r.code, 0);
    }

    void testRecordedTrace_data()
    {
        QTest::addColumn<QString>("traceFile");
        QTest::newRow("torch 1.13") << QStringLiteral("mlp_block.trace.json");
        QTest::newRow("torch 2.13, with shapes") << QStringLiteral("mlp_block.torch2.trace.json");
    }

    void testMeasure()
    {
        if (!solar::worker::locatePython())
            QSKIP("no Python interpreter with torch on this machine");
        QTemporaryDir dir;
        const std::string model = writeFile(dir.filePath(QStringLiteral("relu.py")), kReluModel);
        const std::string profile = slowProfile(dir.filePath(QStringLiteral("slow.json")));
        const Result r
            = cli({"measure", model, "--hw", profile, "--cache", "cold", "--max-run-s", "0.001", "--runs", "3", "--format", "json"});
        const auto j = nlohmann::json::parse(r.out, nullptr, false);
        QVERIFY2(j.is_object(), (r.out + r.err).c_str());
        QCOMPARE(j["schema"].get<std::string>(), std::string("solar.measure/1"));
        QVERIFY(j["reduced_sizes"].get<bool>());
        const double n = j["sizes"]["N"].get<double>();
        QVERIFY2(n == 1024 || n == 4096, r.err.c_str());
        QVERIFY(!j["sizes_note"].get<std::string>().empty());
        const double fused = j["levels"]["fused"]["bound_seconds"].get<double>();
        QVERIFY2(std::fabs(fused - fusedReluSeconds(n)) <= 1e-9 * fusedReluSeconds(n), std::to_string(fused).c_str());
        const double measured = j["measured_seconds"].get<double>();
        QVERIFY(measured > 0);
        QVERIFY(std::fabs(j["levels"]["fused"]["headroom"].get<double>() - measured / fused) <= 1e-9 * measured / fused);
        QCOMPARE(j["levels"]["fused"]["violated"].get<bool>(), measured < fused);
        QVERIFY(j["runs"].get<int>() >= 1 && j["runs"].get<int>() <= 3);
        bool relu = false;
        for (const auto& op : j["ops"])
            relu = relu || (op["op"] == "aten::relu" && op["measured_seconds"].is_number() && op["source_line"].get<int>() == 9);
        QVERIFY2(relu, r.out.c_str());
        QVERIFY(j["matched_seconds"].get<double>() > 0);
        QCOMPARE(r.code, measured < fused ? 1 : 0);

        // At the file's sizes the bound (21 ms) is far above what a ReLU over 1 MB takes: a violation, exit 1, said.
        const Result v = cli({"measure", model, "--hw", profile, "--cache", "cold", "--max-run-s", "10", "--runs", "2", "--no-profile"});
        QCOMPARE(v.code, 1);
        QVERIFY2(contains(v.err, "SOL violation") && contains(v.out, "SOL VIOLATION"), (v.out + v.err).c_str());
        QVERIFY(contains(v.out, "at N=262144"));

        // No size under the cap: the smallest that runs is measured, and says so. Bounds of 82 s and more at every
        // size (100 B/s) are above the harder cap too: nothing is measured.
        const auto tiny = nlohmann::json::parse(cli({"measure", model, "--hw", profile, "--max-run-s", "1e-12", "--format", "json"}).out);
        QCOMPARE(tiny["sizes"]["N"].get<int>(), 1024);
        QVERIFY2(contains(tiny["sizes_note"].get<std::string>(), "no size fits"), tiny.dump().c_str());
        const std::string crawl = slowProfile(dir.filePath(QStringLiteral("crawl.json")), 1e2);
        const Result none = cli({"measure", model, "--hw", crawl, "--cache", "cold"});
        QCOMPARE(none.code, 1);
        QVERIFY2(contains(none.err, "no size set fits the caps") && contains(none.err, "unfused_per_kernel bound"), none.err.c_str());
        const std::string broken
            = writeFile(dir.filePath(QStringLiteral("broken.py")), readFile(std::string(SOLAR_TEST_DATA) + "/py/syntax_error.py"));
        QCOMPARE(cli({"measure", broken, "--hw", profile}).code, 1);
        QCOMPARE(cli({"measure", model}).code, 2);
    }

    // --compile: torch.compile is measured under torch 2.x; under 1.13 the eager measurement stands and says why not.
    void testMeasureCompile()
    {
        const auto python = solar::worker::locatePython();
        if (!python)
            QSKIP("no Python interpreter with torch on this machine");
        QTemporaryDir dir;
        const std::string model = writeFile(dir.filePath(QStringLiteral("relu.py")), kReluModel);
        const std::string profile = slowProfile(dir.filePath(QStringLiteral("slow.json")));
        const Result r
            = cli({"measure", model, "--hw", profile, "--set", "N=4096", "--compile", "--runs", "2", "--no-profile", "--format", "json"});
        const auto j = nlohmann::json::parse(r.out, nullptr, false);
        QVERIFY2(j.is_object(), (r.out + r.err).c_str());
        QCOMPARE(j["sizes"]["N"].get<int>(), 4096);
        if (python->torchVersion.rfind("1.", 0) == 0) {
            QVERIFY(j["compiled_seconds"].is_null());
            QVERIFY2(contains(j["compile_error"].get<std::string>(), "no torch.compile"), r.out.c_str());
        } else {
            QVERIFY2(j["compiled_seconds"].is_number() && j["compiled_seconds"].get<double>() > 0, r.out.c_str());
            QVERIFY(j["levels"]["fused"]["compiled_headroom"].is_number());
        }
    }

    // bench --measure: every problem measured after the analyses, at sizes that fit, judged against the bounds at
    // those sizes; the JSON keeps measured_sizes / measured_with, and --merge keeps them too.
    void testBenchMeasure()
    {
        if (!solar::worker::locatePython())
            QSKIP("no Python interpreter with torch on this machine");
        QTemporaryDir dir;
        writeFile(dir.filePath(QStringLiteral("level1/1_relu.py")), kReluModel);
        writeFile(dir.filePath(QStringLiteral("level1/2_mlp.py")), readFile(std::string(SOLAR_TEST_DATA) + "/py/mlp.py"));
        const std::string profile = slowProfile(dir.filePath(QStringLiteral("slow.json")));
        const Result r = cli({"bench", dir.path().toStdString(), "--hw", profile, "--cache", "cold", "--measure", "--max-run-s", "0.001",
                              "--runs", "2", "--format", "json"});
        const auto j = nlohmann::json::parse(r.out, nullptr, false);
        QVERIFY2(j.is_object(), (r.out + r.err).c_str());
        QCOMPARE(j["summary"]["measured_here"].get<int>(), 2);
        const auto& relu = j["problems"][0];
        QCOMPARE(relu["file"].get<std::string>(), std::string("level1/1_relu.py"));
        const double n = relu["measured_sizes"]["N"].get<double>();
        QVERIFY(n < 262144);
        QVERIFY(std::fabs(relu["measured_bounds_seconds"]["fused"].get<double>() - fusedReluSeconds(n)) <= 1e-9 * fusedReluSeconds(n));
        QVERIFY(std::fabs(relu["bounds_seconds"]["fused"].get<double>() - fusedReluSeconds(262144)) <= 1e-9 * fusedReluSeconds(262144));
        QVERIFY(contains(relu["measured_with"].get<std::string>(), "eager, cpu"));
        QCOMPARE(relu["violation"]["fused"].get<bool>(), relu["measured_seconds"].get<double>() < fusedReluSeconds(n));
        const std::string saved = writeFile(dir.filePath(QStringLiteral("sweep.json")), r.out);
        const auto merged = nlohmann::json::parse(cli({"bench", "--merge", saved, "--format", "json"}).out);
        QVERIFY(merged["problems"] == j["problems"]);
        QCOMPARE(cli({"bench", dir.path().toStdString(), "--hw", profile, "--compile"}).code, 2); // --compile needs --measure
    }

    // solar plot: a measured sweep as a figure; the legend counts the problems below their bound by hand (here the
    // one at 1e-9 s is below its 1 ms fused bound, the other above all of its bounds).
    void testPlot()
    {
        QTemporaryDir dir;
        nlohmann::json below = benchProblem("level1/1_x.py", 1e-9, allLevels(2e-3, 1.5e-3, 1.5e-3, 1e-3, 1e-3));
        nlohmann::json above = benchProblem("level1/2_y.py", 5e-3, allLevels(2e-3, 1.5e-3, 1.5e-3, 1e-3, 1e-3));
        nlohmann::json doc = nlohmann::json::parse(benchFile("host", below, 10));
        doc["problems"].push_back(above);
        const std::string sweep = writeFile(dir.filePath(QStringLiteral("sweep.json")), doc.dump());
        const std::string svg = dir.filePath(QStringLiteral("plot.svg")).toStdString();
        auto cli = binary; // painting needs a GUI application: this test process has a core one
        const Result r = cli({"plot", sweep, "-o", svg});
        QCOMPARE(r.code, 0);
        const std::string text = readFile(svg);
        QVERIFY2(contains(text, "<svg") && contains(text, "2 problems, 1 below their bound"), text.substr(0, 400).c_str());
        const std::string png = dir.filePath(QStringLiteral("plot.png")).toStdString();
        QCOMPARE(cli({"plot", sweep, "-o", png}).code, 0);
        QVERIFY(readFile(png).rfind("\x89PNG", 0) == 0);
        nlohmann::json none = benchProblem("level1/1_x.py", 1e-3, allLevels(2e-3, 1.5e-3, 1.5e-3, 1e-3, 1e-3));
        none["measured_seconds"] = nullptr;
        const std::string empty = writeFile(dir.filePath(QStringLiteral("empty.json")), benchFile("host", none, 1));
        const Result nothing = cli({"plot", empty, "-o", svg});
        QCOMPARE(nothing.code, 1);
        QVERIFY(contains(nothing.err, "no measured problem"));
        QCOMPARE(cli({"plot", sweep}).code, 2);
    }

    // hw calibrate: a profile of this machine in the user's folder and at --out, loadable wherever a profile is named.
    void testCalibrate()
    {
        QTemporaryDir dir;
        const QByteArray before = qgetenv("XDG_CONFIG_HOME");
        qputenv("XDG_CONFIG_HOME", dir.path().toUtf8());
        const std::string out = dir.filePath(QStringLiteral("me.json")).toStdString();
        const Result r = cli({"hw", "calibrate", "--id", "tst-host", "--out", out});
        const Result listed = cli({"hw", "list"});
        const Result analyzed = cli({"analyze", data("matmul.alir"), "--hw", "tst-host", "--format", "json"});
        // A recalibration never lowers the clock below an earlier calibration's of this CPU: that profile's clock set
        // to 9.99 GHz by hand comes back as the highest reading, and the fp32 ceiling follows it.
        const QString userFile = dir.filePath(QStringLiteral("solar-studio/hwprofiles/tst-host.json"));
        auto earlier = nlohmann::json::parse(readFile(userFile.toStdString()));
        earlier["clock_Hz"]["value"] = 9.99e9;
        earlier["clock_Hz"]["source"] = "CLK";
        writeFile(userFile, earlier.dump());
        const Result again = cli({"hw", "calibrate", "--id", "tst-host"});
        const auto recalibrated = nlohmann::json::parse(readFile(userFile.toStdString()));
        if (before.isEmpty())
            qunsetenv("XDG_CONFIG_HOME");
        else
            qputenv("XDG_CONFIG_HOME", before);
        QCOMPARE(r.code, 0);
        QVERIFY2(contains(r.err, "solar: calibrate: compute:") && contains(r.err, "solar: calibrate: memory:"), r.err.c_str());
        QVERIFY(QFileInfo::exists(dir.filePath(QStringLiteral("solar-studio/hwprofiles/tst-host.json"))));
        QVERIFY(contains(listed.out, "tst-host"));
        QCOMPARE(analyzed.code, 0);
        const auto profile = nlohmann::json::parse(readFile(out));
        QCOMPARE(profile["id"].get<std::string>(), std::string("tst-host"));
        QVERIFY(profile["compute"][0]["peak_flops"]["value"].get<double>() > 0);
        QVERIFY(profile["dram"]["bandwidth_Bps"]["value"].get<double>() > 0);
        QVERIFY(!profile["host"]["measurements"].empty());
        if (solar::worker::locatePython())
            QVERIFY2(profile["eager"]["op_floor_seconds"]["value"].get<double>() > 0, r.err.c_str());
        QCOMPARE(cli({"hw", "show", out}).code, 0);
        QCOMPARE(cli({"hw", "calibrate", "--id", "../x"}).code, 2);
        QCOMPARE(again.code, 0);
        QCOMPARE(recalibrated["clock_Hz"]["value"].get<double>(), 9.99e9);
        QVERIFY(recalibrated["clock_Hz"]["note"].get<std::string>().find("an earlier calibration") != std::string::npos);
    }
};

QTEST_GUILESS_MAIN(TestCliMeasure)
#include "tst_cli_measure.moc"
