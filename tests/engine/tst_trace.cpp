// SPDX-License-Identifier: MIT
// The PyTorch tracer through its long-lived worker: ops, shapes, roles, source lines and size constants of a
// small model; size overrides; error cases with the user's line; a hang is stopped by the timeout and the worker
// recovers; one process serves many files. Skipped (with the reason) where no Python has torch.
#include "engine/analysis/analysis.h"
#include "engine/frontend/trace/lowering.h"
#include "engine/hw/registry.h"
#include "engine/worker/session.h"
#include "engine/worker/traceworker.h"

#include "engine/ir/bindings.h"
#include "engine/ir/parser.h"

#include <QTest>

#include <fstream>
#include <functional>
#include <iterator>
#include <optional>
#include <set>

using namespace solar;
using namespace solar::trace;
using namespace solar::worker;

namespace {

std::string data(const char* name)
{
    return std::string(SOLAR_TEST_DATA) + "/py/" + name;
}

const TracedOp* findOp(const TraceResult& r, const std::string& op)
{
    for (const auto& o : r.ops) {
        if (o.op == op)
            return &o;
    }
    return nullptr;
}

} // namespace

class TestTrace : public QObject
{
    Q_OBJECT
private:
    std::optional<PythonInfo> m_python;

private slots:
    void initTestCase()
    {
        const auto p = locatePython();
        if (p)
            m_python = *p;
    }

    void testLocateReportsWhatItTried()
    {
        qputenv("SOLAR_PYTHON", "/nonexistent/python3");
        const auto candidates = pythonCandidates();
        qunsetenv("SOLAR_PYTHON");
        QCOMPARE(candidates.front(), std::string("/nonexistent/python3"));
        // With a bogus SOLAR_PYTHON, setting and PATH, only the fixed locations remain: either one of them has
        // torch, or the error names every candidate and why it failed.
        const QByteArray path = qgetenv("PATH");
        qputenv("SOLAR_PYTHON", "/nonexistent/python3");
        qputenv("PATH", "/nonexistent");
        const auto found = locatePython("/nonexistent/other", 60000);
        qputenv("PATH", path);
        qunsetenv("SOLAR_PYTHON");
        if (found) {
            QVERIFY(found->executable == "/usr/bin/python3" || found->executable == "/usr/local/bin/python3");
            QVERIFY(!found->torchVersion.empty());
        } else {
            const std::string msg = found.diagnostics().front().message;
            QVERIFY(msg.find("/nonexistent/python3: does not start") != std::string::npos);
            QVERIFY(msg.find("/nonexistent/other: does not start") != std::string::npos);
            QVERIFY(msg.find("ALIR files and the LLM frontend still work") != std::string::npos);
        }
    }

    // The session's worker is its own interpreter check: it reports what the probe would (the same torch version
    // and executable), serves the trace from the process that checked, and a chosen interpreter that does not
    // start falls back to the search as the probe does.
    void testSessionWorkerIsTheProbe()
    {
        if (!m_python)
            QSKIP("no Python interpreter with torch on this machine");
        Session session(m_python->executable);
        const auto worker = session.worker();
        QVERIFY2(worker.hasValue(), formatAll(worker.diagnostics()).c_str());
        QCOMPARE((*worker)->python().executable, m_python->executable);
        QCOMPARE((*worker)->python().torchVersion, m_python->torchVersion);
        QCOMPARE((*worker)->python().jaxVersion, m_python->jaxVersion);
        const long long pid = (*worker)->processId();
        QVERIFY(pid != 0);
        QVERIFY((*worker)->trace(data("mlp.py")).hasValue());
        QCOMPARE((*worker)->processId(), pid);
        Session elsewhere("/nonexistent/python3");
        const auto found = elsewhere.worker();
        QVERIFY2(found.hasValue(), formatAll(found.diagnostics()).c_str());
        QVERIFY((*found)->python().executable != "/nonexistent/python3");
        QVERIFY(!(*found)->python().torchVersion.empty());
    }

    void testTraceMlp()
    {
        if (!m_python)
            QSKIP("no Python interpreter with torch on this machine");
        TraceWorker worker(*m_python);
        const auto r = worker.trace(data("mlp.py"));
        QVERIFY2(r.hasValue(), formatAll(r.diagnostics()).c_str());
        QCOMPARE(r->model, std::string("Model"));
        QCOMPARE(r->constants.at("batch_size"), std::int64_t(8));
        QCOMPARE(r->constants.at("d_hidden"), std::int64_t(64));
        const TracedTensor* x = r->tensor("input0");
        QVERIFY(x);
        QCOMPARE(values(x->shape), (std::vector<std::int64_t> {8, 32}));
        QCOMPARE(x->role, std::string("input"));
        QCOMPARE(r->tensor("fc1.weight")->role, std::string("parameter"));
        QCOMPARE(values(r->tensor("fc1.weight")->shape), (std::vector<std::int64_t> {64, 32}));
        const TracedOp* addmm = findOp(*r, "aten::addmm");
        QVERIFY(addmm);
        QCOMPARE(addmm->line, 12); // self.fc1(x) in forward
        QCOMPARE(addmm->args.at(0).text, std::string("fc1.bias"));
        const TracedOp* relu = findOp(*r, "aten::relu");
        QVERIFY(relu);
        QCOMPARE(relu->line, 12);
        const TracedOp* softmax = findOp(*r, "aten::_softmax");
        QVERIFY(softmax);
        QCOMPARE(softmax->line, 13);
        QCOMPARE(softmax->args.at(1).intValue, std::int64_t(-1));
        QCOMPARE(r->outputs.size(), size_t(1));
        QCOMPARE(values(r->tensor(r->outputs[0])->shape), (std::vector<std::int64_t> {8, 16}));
        QCOMPARE(r->tensor(r->outputs[0])->role, std::string("output"));

        // Size overrides, served by the same process.
        const long long pid = worker.processId();
        const auto small = worker.trace(data("mlp.py"), {{"batch_size", 2}, {"d_out", 4}});
        QVERIFY(small.hasValue());
        QCOMPARE(values(small->tensor(small->outputs[0])->shape), (std::vector<std::int64_t> {2, 4}));
        QCOMPARE(worker.processId(), pid);
        const auto unknown = worker.trace(data("mlp.py"), {{"nope", 2}});
        QVERIFY(!unknown);
        QVERIFY(unknown.diagnostics().front().message.find("'nope' is not a module-level integer constant") != std::string::npos);
    }

    void testErrors_data()
    {
        QTest::addColumn<QString>("file");
        QTest::addColumn<QString>("code");
        QTest::addColumn<int>("line");
        QTest::addColumn<QString>("message");
        QTest::addRow("syntax") << QStringLiteral("syntax_error.py") << QStringLiteral("trace.syntax") << 3
                                << QStringLiteral("syntax error");
        QTest::addRow("no model") << QStringLiteral("no_model.py") << QStringLiteral("trace.model") << 0
                                  << QStringLiteral("no torch.nn.Module subclass");
        QTest::addRow("get_inputs raises") << QStringLiteral("bad_inputs.py") << QStringLiteral("trace.run") << 7
                                           << QStringLiteral("get_inputs() failed: RuntimeError");
        QTest::addRow("missing file") << QStringLiteral("missing.py") << QStringLiteral("trace.io") << 0 << QStringLiteral("cannot read");
    }

    void testErrors()
    {
        if (!m_python)
            QSKIP("no Python interpreter with torch on this machine");
        QFETCH(QString, file);
        QFETCH(QString, code);
        QFETCH(int, line);
        QFETCH(QString, message);
        TraceWorker worker(*m_python);
        const auto r = worker.trace(data(file.toUtf8().constData()));
        QVERIFY(!r);
        const Diagnostic& d = r.diagnostics().front();
        QCOMPARE(QString::fromStdString(d.code), code);
        QCOMPARE(d.loc.line, line);
        if (code == QStringLiteral("trace.syntax"))
            QCOMPARE(d.loc.column, 25); // after "def forward(self, x)", where the ':' is missing
        QVERIFY2(QString::fromStdString(d.message).contains(message), d.message.c_str());
        QVERIFY(d.format().find(file.toStdString()) != std::string::npos);
    }

    // A model that prints (and writes to fd 1 directly) traces like any other: user output goes to stderr, never
    // into the protocol (issue 14, item 11).
    void testPrintingModelTraces()
    {
        if (!m_python)
            QSKIP("no Python interpreter with torch on this machine");
        TraceWorker worker(*m_python);
        for (int i = 0; i < 2; ++i) { // and the worker stays in sync for the next request
            const auto r = worker.trace(data("chatty.py"));
            QVERIFY2(r.hasValue(), formatAll(r.diagnostics()).c_str());
            QCOMPARE(r->constants.at("N"), std::int64_t(32));
            QVERIFY(r->ops.size() >= 2);
        }
        QVERIFY(worker.trace(data("mlp.py")).hasValue());
    }

    // Every op records the module it ran in, by its qualified name (issue 14, item 8); ops outside any submodule
    // have none. The einsum graph's nodes carry it, and with it the op and the source line.
    void testModulePaths()
    {
        if (!m_python)
            QSKIP("no Python interpreter with torch on this machine");
        TraceWorker worker(*m_python);
        const auto r = worker.trace(data("nested.py"));
        QVERIFY2(r.hasValue(), formatAll(r.diagnostics()).c_str());
        std::set<std::string> modules;
        for (const auto& o : r->ops)
            modules.insert(o.module);
        for (const char* m : {"encoder.layers.0.qkv", "encoder.layers.0.proj", "encoder.layers.1.qkv", "encoder.layers.1.proj", "head",
                              "encoder.layers.0", ""})
            QVERIFY2(modules.count(m), m);
        const auto lowered = lowerTrace(*r);
        QVERIFY(lowered.hasValue());
        const auto hw = solar::hw::loadDefaultHwRegistry();
        const auto analysed = solar::analyzeProgram(lowered->program, *hw.find("h100-sxm"), {},
                                                    [&](solar::graph::EinsumGraph& g) { applyProvenance(g, *lowered); });
        QVERIFY(analysed.hasValue());
        int inHead = 0, softmaxAtTop = 0;
        for (const auto& n : analysed->graph.nodes) {
            inHead += n.modulePath == "head";
            softmaxAtTop += n.modulePath.empty() && n.sourceOp.find("softmax") != std::string::npos && n.sourceLine == 37;
        }
        QVERIFY(inHead >= 1);
        QVERIFY(softmaxAtTop >= 1);
    }

    void testHangIsStoppedAndWorkerRecovers()
    {
        if (!m_python)
            QSKIP("no Python interpreter with torch on this machine");
        TraceWorker worker(*m_python);
        QVERIFY(worker.trace(data("mlp.py")).hasValue()); // warm: torch imported
        const auto hang = worker.trace(data("endless.py"), {}, 3000);
        QVERIFY(!hang);
        QCOMPARE(hang.diagnostics().front().code, std::string("trace.timeout"));
        QCOMPARE(worker.processId(), 0LL);
        QVERIFY(worker.trace(data("mlp.py")).hasValue()); // a fresh worker
    }

    // A symbolic trace (torch 2.x) at other sizes: every size and size argument evaluated there, expressions kept;
    // refused where a guard fails. Values worked out by hand from the expressions in the fixture.
    void testInstantiate()
    {
        std::ifstream in(std::string(SOLAR_TEST_DATA) + "/trace/symbolic_reply.json");
        const std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
        const auto t = parseTraceReply(text, "model.py");
        QVERIFY2(t, t ? "" : formatAll(t.diagnostics()).c_str());
        QVERIFY(t->symbolic());
        QCOMPARE(t->tensor("t1")->shape[1].text(), std::string("(N - 1) // 3"));
        const auto at = instantiate(*t, {{"B", 4}, {"N", 64}});
        QVERIFY2(at, at ? "" : formatAll(at.diagnostics()).c_str());
        QCOMPARE(values(at->tensor("input0")->shape), (std::vector<std::int64_t> {4, 64}));
        QCOMPARE(values(at->tensor("input0")->stride), (std::vector<std::int64_t> {64, 1}));
        QCOMPARE(values(at->tensor("t1")->shape), (std::vector<std::int64_t> {4, 21})); // (64 - 1) // 3
        QCOMPARE(at->tensor("t1")->shape[1].text(), std::string("(N - 1) // 3"));
        const TracedOp& op = at->ops[0];
        QCOMPARE(op.args[1].intValue, std::int64_t(1)); // a literal stays
        QCOMPARE(op.args[2].intValue, std::int64_t(9)); // 64 % 11
        QCOMPARE(op.args[3].items[0].intValue, std::int64_t(21));
        QCOMPARE(op.args[3].items[1].floatValue, 2.5);
        QCOMPARE(at->constants.at("N"), std::int64_t(64));
        QCOMPARE(at->constants.at("k"), std::int64_t(3)); // not a symbol: unchanged
        const auto odd = instantiate(*t, {{"N", 41}});
        QVERIFY(!odd);
        QVERIFY2(odd.diagnostics().front().message.find("N % 2 == 0 does not hold") != std::string::npos,
                 odd.diagnostics().front().message.c_str());
        QVERIFY(!instantiate(*t, {{"B", 1}})); // sizes of 1 broadcast differently: the trace assumed 2 or more
    }

    // Sizes computed in the lowering keep their expression; the text, evaluated by the ALIR evaluator at other
    // sizes, gives what the same arithmetic on those sizes gives.
    void testDimArithmetic()
    {
        const Dim b(6, "B"), n(40, "N"), seven(7);
        const std::vector<std::pair<Dim, std::function<std::int64_t(std::int64_t, std::int64_t)>>> cases = {
            {b * 4 + 1, [](std::int64_t B, std::int64_t) { return B * 4 + 1; }},
            {(b + 1) * n, [](std::int64_t B, std::int64_t N) { return (B + 1) * N; }},
            {n / (b * 2), [](std::int64_t B, std::int64_t N) { return N / (B * 2); }},
            {n - (b - 1), [](std::int64_t B, std::int64_t N) { return N - (B - 1); }},
            {(n - 1) / 3 + 1, [](std::int64_t, std::int64_t N) { return (N - 1) / 3 + 1; }},
            {n % seven * b, [](std::int64_t B, std::int64_t N) { return N % 7 * B; }},
            {n * 1 + 0, [](std::int64_t, std::int64_t N) { return N; }},
        };
        for (const auto& [dim, f] : cases) {
            QCOMPARE(dim.value(), f(6, 40));
            QVERIFY(dim.symbolic());
            const auto program = ir::parseProgram("kernel k(B=5, N=33) {\n  let X = " + dim.text() + ";\n}\n");
            QVERIFY2(program, dim.text().c_str());
            const auto bound = ir::bindSizes(*program);
            QVERIFY(bound);
            QCOMPARE(bound->values.at("X"), f(5, 33));
        }
        QCOMPARE((n * 1 + 0).text(), std::string("N"));
        QCOMPARE((seven * 3).text(), std::string("21")); // literals fold
        QVERIFY(!(seven * 3).symbolic());
    }

    void testMalformedReplies()
    {
        QVERIFY(!parseTraceReply("{not json", "m.py"));
        QCOMPARE(parseTraceReply("{\"ok\": true}", "m.py").diagnostics().front().code, std::string("trace.protocol"));
        const auto e = parseTraceReply(R"({"ok": false, "kind": "run", "error": "forward() failed", "line": 9})", "m.py");
        QCOMPARE(e.diagnostics().front().format(), std::string("m.py:9: error: forward() failed"));
    }
};

QTEST_GUILESS_MAIN(TestTrace)
#include "tst_trace.moc"
