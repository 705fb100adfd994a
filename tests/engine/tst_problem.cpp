// SPDX-License-Identifier: MIT
// SOL-ExecBench problems (issue 33): the axis arithmetic by Python's rules, definitions and workloads read with
// positions for every error, the generated source's call order, then every example of ../shared/sol-execbench
// analysed workload by workload with MACs and fused bytes counted by hand (a GEMM, an RMSNorm, a fused residual
// RMSNorm, a gated GELU MLP, a linear layer's backward), and the fixture tests/data/problems/scaled_add whose
// workloads cover each status (ok, a failing constraint, an absent safetensors file) through the CLI's exit code.
// The traced parts need a Python with torch; without one they are skipped with the reason.
#include "../shareddata.h"
#include "app/cli/cli.h"
#include "engine/hw/registry.h"
#include "engine/problem/axisexpr.h"
#include "engine/problem/problemanalysis.h"
#include "engine/problem/problemsource.h"
#include "engine/problem/safetensors.h"
#include "engine/worker/pythonlocator.h"

#include <QTest>

#include <algorithm>

#include <nlohmann/json.hpp>

#include <filesystem>
#include <sstream>

using namespace solar;
using namespace solar::problem;

namespace {

std::string fixture(const std::string& name)
{
    return std::string(SOLAR_TEST_DATA) + "/problems/" + name;
}

std::string sharedProblem(const std::string& name)
{
    return testing::sharedDataDir() + "/sol-execbench/" + name;
}

double eval(const std::string& text, const AxisValues& values = {})
{
    const auto v = evaluateAxisExpression(text, values);
    if (!v)
        QTest::qFail(("'" + text + "': " + v.diagnostics().front().message).c_str(), __FILE__, __LINE__);
    return v ? *v : -12345;
}

const Workload workloadOf(const Definition& d, const std::string& jsonl)
{
    auto w = parseWorkloads(jsonl, "w.jsonl", d);
    return w ? w->front() : Workload {};
}

} // namespace

class TestProblem : public QObject
{
    Q_OBJECT

    hw::HwRegistry m_registry = hw::loadDefaultHwRegistry();
    std::string m_noTorch;

    ProblemAnalysis analysed(const std::string& dir, const std::string& hw = "h100-sxm")
    {
        const auto files = locateProblem(dir);
        if (!files)
            QTest::qFail(files.diagnostics().front().format().c_str(), __FILE__, __LINE__);
        const auto p = analyzeProblem(*files, *m_registry.find(hw), {});
        if (!p)
            QTest::qFail(formatAll(p.diagnostics()).c_str(), __FILE__, __LINE__);
        return p ? *p : ProblemAnalysis {};
    }

private slots:
    void initTestCase()
    {
        if (!worker::locatePython())
            m_noTorch = "no Python interpreter with torch on this machine";
    }

    void axisArithmeticIsPythons()
    {
        QCOMPARE(eval("attention_head_dim // 2", {{"attention_head_dim", 128}}), 64.0);
        QCOMPARE(eval("-7 // 2"), -4.0); // floor, not truncation
        QCOMPARE(eval("-7 % 3"), 2.0); // the divisor's sign
        QCOMPARE(eval("7 % -3"), -2.0);
        QCOMPARE(eval("7 / 2"), 3.5);
        QCOMPARE(eval("2 ** 3 ** 2"), 512.0); // right-associative
        QCOMPARE(eval("-2 ** 2"), -4.0); // ** binds tighter than unary minus
        QCOMPARE(eval("(B + 1) * H - 3", {{"B", 4}, {"H", 8}}), 37.0);
        QCOMPARE(eval("H_qo == H_kv * H_r", {{"H_qo", 32}, {"H_kv", 8}, {"H_r", 4}}), 1.0);
        QCOMPARE(eval("H_qo == H_kv * H_r", {{"H_qo", 32}, {"H_kv", 8}, {"H_r", 3}}), 0.0);
        QCOMPARE(eval("1 < 2 < 3"), 1.0); // chained as Python chains it
        QCOMPARE(eval("3 > 2 > 2"), 0.0);
        QCOMPARE(eval("M % 2 == 0 and not M > 8 or False", {{"M", 6}}), 1.0);
        QCOMPARE(eval("1 <= 1 != 2"), 1.0);
    }

    void axisArithmeticRefusesPython()
    {
        for (const char* text : {"__import__('os')", "len(x)", "M +", "M = 3", "a.b", "M if M else 2", "[M]", "1 // 0"}) {
            const auto v = evaluateAxisExpression(text, {{"M", 3}, {"x", 1}, {"a", 1}});
            QVERIFY2(!v, text);
            QVERIFY2(v.diagnostics().front().message.find("column") != std::string::npos, text);
        }
        const auto unknown = evaluateAxisExpression("M * Q", {{"M", 3}});
        QVERIFY(!unknown);
        QVERIFY(unknown.diagnostics().front().message.find("'Q'") != std::string::npos);
        const auto names = axisExpressionNames("(a + b_2) // c");
        QVERIFY(names);
        QCOMPARE(*names, (std::vector<std::string> {"a", "b_2", "c"}));
    }

    void definitionErrorsHavePositions()
    {
        struct Case
        {
            const char* text;
            int line;
            const char* says;
        };
        const std::vector<Case> cases {
            {"{\n  \"name\": \"x\",\n  \"axes\": {,\n}", 3, "not valid JSON"},
            {"{\"name\": \"x\", \"reference\": \"def run(a):\\n    return a\",\n \"axes\": {\"M\": {\"type\": \"var\"}},\n \"inputs\": "
             "{\"a\": "
             "{\"shape\": [\"M\"], \"dtype\": \"float33\"}},\n \"outputs\": {\"b\": {\"shape\": [\"M\"], \"dtype\": \"float32\"}}}",
             3, "float33"},
            {"{\"name\": \"x\", \"reference\": \"def run(a):\\n    return a\",\n \"axes\": {\"M\": {\"type\": \"var\"}},\n \"inputs\": "
             "{\"a\": "
             "{\"shape\": [\"Q\"], \"dtype\": \"float32\"}},\n \"outputs\": {\"b\": {\"shape\": [\"M\"], \"dtype\": \"float32\"}}}",
             3, "\"Q\" is not an axis"},
            {"{\"name\": \"x\", \"reference\": \"def run(a):\\n    return a\",\n \"axes\": {\"M\": {\"type\": \"expr\", \"expression\": "
             "\"K * 2\"}},\n \"inputs\": {}, \"outputs\": {\"b\": {\"shape\": [\"M\"], \"dtype\": \"float32\"}}}",
             2, "'K'"},
            {"{\"name\": \"x\",\n \"reference\": \"import os\", \"axes\": {}, \"inputs\": {}, \"outputs\": {}}", 2, "run(...)"},
            {"{\"name\": \"x\", \"reference\": \"def run(a):\\n    return a\", \"custom_inputs_entrypoint\": \"make\",\n \"axes\": {}, "
             "\"inputs\": {}, \"outputs\": {}}",
             1, "'make'"},
            {"{\"name\": \"x\", \"reference\": \"def run(a):\\n    return a\",\n \"axes\": {\"M\": {\"type\": \"var\"}},\n \"inputs\": "
             "{},\n "
             "\"outputs\": {\"b\": {\"shape\": [\"M\"], \"dtype\": \"float32\"}},\n \"constraints\": [\"M > __class__\"]}",
             5, "__class__"},
        };
        for (const Case& c : cases) {
            const auto d = parseDefinition(c.text, "definition.json");
            QVERIFY2(!d, c.says);
            const Diagnostic& e = d.diagnostics().front();
            QVERIFY2(e.message.find(c.says) != std::string::npos, e.message.c_str());
            QVERIFY2(e.loc.line == c.line, e.format().c_str());
            QCOMPARE(e.file, std::string("definition.json"));
        }
    }

    void workloadErrorsNameTheirLine()
    {
        const auto d = readDefinition(fixture("scaled_add") + "/definition.json");
        QVERIFY(d);
        QCOMPARE(d->axes.size(), size_t(3));
        QCOMPARE(d->inputs.front().name, std::string("x")); // the file's order, not sorted
        QCOMPARE(d->inputs[1].name, std::string("alpha"));
        QVERIFY(d->inputs[1].scalar());
        const std::string ok
            = R"({"uuid": "a", "axes": {"M": 4}, "inputs": {"x": {"type": "random"}, "alpha": {"type": "scalar", "value": 1}, "w": {"type": "random"}}})";
        struct Case
        {
            std::string text;
            int line;
            const char* says;
        };
        const std::vector<Case> cases {
            {ok + "\n\n{\"uuid\": \"b\", \"axes\": {}, ", 3, "not valid JSON"},
            {ok + "\n" + ok, 2, "earlier line"},
            {R"({"uuid": "a", "axes": {}, "inputs": {}})", 1, "'M' has no value"},
            {R"({"uuid": "a", "axes": {"M": 0}, "inputs": {}})", 1, "positive"},
            {R"({"uuid": "a", "axes": {"M": 4, "N": 25}, "inputs": {}})", 1, "const 24"},
            {R"({"uuid": "a", "axes": {"M": 4}, "inputs": {"x": {"type": "scalar", "value": 2}}})", 1, "a tensor"},
            {R"({"uuid": "a", "axes": {"M": 4}, "inputs": {"x": {"type": "custom"}}})", 1, "custom_inputs_entrypoint"},
            {R"({"uuid": "a", "axes": {"M": 4}, "inputs": {"x": {"type": "random"}, "alpha": {"type": "scalar", "value": 1}}})", 1,
             "'w' has no source"},
            {"", 1, "no workload"},
        };
        for (const Case& c : cases) {
            const auto w = parseWorkloads(c.text, "workload.jsonl", *d);
            QVERIFY2(!w, c.says);
            const Diagnostic& e = w.diagnostics().front();
            QVERIFY2(e.message.find(c.says) != std::string::npos, e.message.c_str());
            QCOMPARE(e.loc.line, c.line);
        }
    }

    void axesAndConstraints()
    {
        const auto d = readDefinition(fixture("scaled_add") + "/definition.json");
        QVERIFY(d);
        const auto axes = resolveAxes(*d, {{"M", 6}});
        QVERIFY(axes);
        QCOMPARE(axes->at("half_n"), std::int64_t(12));
        QCOMPARE(axes->at("N"), std::int64_t(24));
        const auto holds = failedConstraint(*d, *axes);
        QVERIFY(holds && holds->empty());
        const auto fails = failedConstraint(*d, *resolveAxes(*d, {{"M", 7}}));
        QVERIFY(fails);
        QCOMPARE(*fails, std::string("M % 2 == 0"));
    }

    void sourceCallsRunInTheDefinitionsOrder()
    {
        const auto d = readDefinition(fixture("scaled_add") + "/definition.json");
        QVERIFY(d);
        const Workload w = workloadOf(
            *d,
            R"({"uuid": "a", "axes": {"M": 6}, "inputs": {"x": {"type": "random"}, "alpha": {"type": "scalar", "value": 0.25}, "w": {"type": "safetensors", "path": "blob/w.safetensors", "tensor_key": "weight"}}})");
        const std::string s = problemSource(*d, w, "/p");
        // The reference first, verbatim (its lines keep their numbers), then the constants and the harness.
        QCOMPARE(s.substr(0, d->reference.size()), d->reference);
        QVERIFY(s.find("\nM = 6\n") != std::string::npos);
        QVERIFY(s.find("\nN = 24\n") != std::string::npos);
        QVERIFY(s.find("half_n = int(N // 2)") != std::string::npos); // follows N when validation scales it
        QVERIFY(s.find("def forward(self, x, w):\n        return run(x, 0.25, w)") != std::string::npos);
        QVERIFY(s.find("_solar_load(\"/p/blob/w.safetensors\", \"weight\", (axes[\"N\"], ))") != std::string::npos);
        QVERIFY(s.find("if not (M % 2 == 0):") != std::string::npos);
        const auto c = sourceConstants(*d, w);
        QCOMPARE(c.size(), size_t(2)); // M and N; the expr axis is computed, never a constant of its own
    }

    void fixtureStatusesAndExitCode()
    {
        if (!m_noTorch.empty())
            QSKIP(m_noTorch.c_str());
        const ProblemAnalysis p = analysed(fixture("scaled_add"));
        QCOMPARE(p.workloads.size(), size_t(3));
        const WorkloadAnalysis& ok = p.workloads[0];
        QCOMPARE(ok.status, WorkloadStatus::Ok);
        QCOMPARE(ok.analysis->result.validation.status, ValidationStatus::Validated);
        // y = x * 0.5 + w, float32, M = 6, N = 24: x and y are 6 x 24 x 4 B, w is 24 x 4 B; 2 ops per element.
        QCOMPARE(ok.analysis->result.ladder.at(bounds::Level::Fused).bytes, (6.0 * 24 + 24 + 6 * 24) * 4);
        QCOMPARE(ok.analysis->result.ladder.at(bounds::Level::Fused).flops, 2.0 * 6 * 24);
        QCOMPARE(p.workloads[1].status, WorkloadStatus::ConstraintFailed);
        QVERIFY(p.workloads[1].message.find("M % 2 == 0") != std::string::npos);
        QCOMPARE(p.workloads[2].status, WorkloadStatus::MissingInput);
        QVERIFY(p.workloads[2].message.find("blob/rows40.safetensors") != std::string::npos);
        QVERIFY(p.workloads[2].message.find("'x'") != std::string::npos);
        QVERIFY(!p.allOk());

        std::ostringstream out, err;
        QCOMPARE(cli::runCli({"analyze", fixture("scaled_add"), "--hw", "h100-sxm", "--format", "json"}, out, err), 1);
        const auto j = nlohmann::json::parse(out.str());
        QCOMPARE(j["schema"].get<std::string>(), std::string("solar.workloads/1"));
        QCOMPARE(j["workloads"][0]["status"].get<std::string>(), std::string("ok"));
        QCOMPARE(j["workloads"][0]["axes"]["half_n"].get<int>(), 12);
        QCOMPARE(j["workloads"][0]["totals"]["bytes"]["fused"].get<double>(), 1248.0);
        QCOMPARE(j["workloads"][2]["status"].get<std::string>(), std::string("missing_input"));
        QVERIFY(j["workloads"][2]["bounds"].is_null());
        QVERIFY(err.str().find("workload.jsonl:4: error: workload rows-40-recorded") != std::string::npos);
        // One workload by uuid: the runnable one alone exits 0.
        std::ostringstream out1, err1;
        QCOMPARE(cli::runCli({"analyze", "--definition", fixture("scaled_add") + "/definition.json", "--workload-uuid", "rows-6", "--hw",
                              "h100-sxm"},
                             out1, err1),
                 0);
        QVERIFY(out1.str().find("rows-6") != std::string::npos);
        QVERIFY(out1.str().find("rows-7") == std::string::npos);
        std::ostringstream out2, err2;
        QCOMPARE(cli::runCli({"analyze", fixture("scaled_add"), "--workload-uuid", "nope", "--hw", "h100-sxm"}, out2, err2), 1);
        QVERIFY(err2.str().find("no workload has uuid 'nope'") != std::string::npos);
    }

    // FlashInfer's data-dependent constraints (issue 50): a constraint may read an input tensor's values; it is
    // checked where the inputs are made, never evaluated here, and inputs it reads are made with real values.
    void valueConstraints()
    {
        const std::string c = "num_kv_indices == kv_indptr[-1].item()";
        QCOMPARE(axisExpressionTensors(c), std::vector<std::string> {"kv_indptr"});
        QCOMPARE(*axisExpressionNames(c), std::vector<std::string> {"num_kv_indices"});
        QCOMPARE(axisExpressionTensors("x.shape[0] + y.sum().item() > 0"), (std::vector<std::string> {"x", "y"}));
        QVERIFY(axisExpressionTensors("M % 2 == 0").empty());
        for (const char* bad : {"x.numpy()", "x.item(3)", "x.shape", "x[0"}) {
            const auto v = axisExpressionNames(bad);
            QVERIFY2(!v, bad);
            QVERIFY2(v.diagnostics().front().message.find("column") != std::string::npos, bad);
        }
        const auto d = readDefinition(fixture("gqa_paged_decode") + "/definition.json");
        QVERIFY2(d, d ? "" : d.diagnostics().front().format().c_str());
        // The axis-only constraint is checked here; the value one is left to the harness.
        const auto axes = resolveAxes(*d, {{"batch_size", 3}, {"num_pages", 4096}, {"len_indptr", 4}, {"num_kv_indices", 201}});
        QVERIFY(axes);
        QCOMPARE(*failedConstraint(*d, *axes), std::string());
        QCOMPARE(
            *failedConstraint(*d, *resolveAxes(*d, {{"batch_size", 3}, {"num_pages", 4096}, {"len_indptr", 5}, {"num_kv_indices", 201}})),
            std::string("len_indptr == batch_size + 1"));
        const auto workloads = readWorkloads(fixture("gqa_paged_decode") + "/workload.jsonl", *d);
        QVERIFY(workloads);
        const std::string given = problemSource(*d, workloads->at(0), "/p"), random = problemSource(*d, workloads->at(1), "/p");
        // Index arrays from a file and the offsets a constraint reads are made real; offsets are drawn to end at the axis.
        QVERIFY(given.find("_solar_host(lambda: _solar_load(\"/p/pages_b3.safetensors\", \"kv_indices\"") != std::string::npos);
        QVERIFY(random.find("_solar_host(lambda: _solar_offsets((axes[\"len_indptr\"], ), axes[\"num_kv_indices\"], \"int32\"")
                != std::string::npos);
        QVERIFY(random.find("_solar_random((axes[\"num_kv_indices\"], ), \"int32\")") != std::string::npos); // not read by value
        QVERIFY(random.find("    if not (num_kv_indices == kv_indptr[-1].item()):") != std::string::npos);
        QVERIFY(random.find("if not (len_indptr == batch_size + 1):") < random.find("def _solar_values"));
        // Values evaluated where the workload gives them (a file's index arrays), Python's way: a negative index
        // counts from the end, a subscript of a 2-D tensor is a row.
        const TensorValues t {{"kv_indptr", {{4}, {0, 100, 137, 201}}}, {"m", {{2, 3}, {1, 2, 3, 4, 5, 6}}}};
        QCOMPARE(*evaluateAxisExpression("kv_indptr[-1].item()", {}, &t), 201.0);
        QCOMPARE(*evaluateAxisExpression("kv_indptr[1] - kv_indptr[0]", {}, &t), 100.0);
        QCOMPARE(*evaluateAxisExpression("kv_indptr.shape[0] == B + 1", {{"B", 3}}, &t), 1.0);
        QCOMPARE(*evaluateAxisExpression("m[1][2].item() + m.sum().item() + m[0].max().item() + m.numel()", {}, &t), 6.0 + 21 + 3 + 6);
        for (const char* bad : {"kv_indptr[4].item()", "kv_indptr.item()", "m[0]", "kv_indptr.shape[1]"}) {
            const auto v = evaluateAxisExpression(bad, {}, &t);
            QVERIFY2(!v, bad);
        }
        QVERIFY(!evaluateAxisExpression("kv_indptr[-1].item()", {})); // no values: checked where the inputs are made
        QCOMPARE(definedAxis(c), (std::pair<std::string, std::string> {"num_kv_indices", "kv_indptr[-1].item()"}));
        QCOMPARE(definedAxis("len_indptr == batch_size + 1").first, std::string("len_indptr"));
        QVERIFY(definedAxis("M % 2 == 0").first.empty());
        QVERIFY(definedAxis("a == a + 0").first.empty());
        // The checked-in safetensors file of the fixture, read here: the offsets by hand.
        const auto indptr = readSafetensorsTensor(fixture("gqa_paged_decode") + "/pages_b3.safetensors", "kv_indptr");
        QVERIFY2(indptr, indptr ? "" : indptr.diagnostics().front().message.c_str());
        QCOMPARE(indptr->shape, std::vector<std::int64_t> {4});
        QCOMPARE(indptr->values, (std::vector<double> {0, 100, 137, 201}));
        QVERIFY(!readSafetensorsTensor(fixture("gqa_paged_decode") + "/pages_b3.safetensors", "nope"));
        QVERIFY(!readSafetensorsTensor(fixture("gqa_paged_decode") + "/definition.json", "kv_indptr"));
        // A workload may leave out the axes a constraint computes, never another.
        QCOMPARE(workloads->size(), size_t(3));
        QVERIFY(!workloads->at(2).axes.count("num_kv_indices"));
        const auto missing = parseWorkloads(R"({"uuid": "x", "axes": {"num_pages": 8}, "inputs": {}})", "w.jsonl", *d);
        QVERIFY(!missing);
        QVERIFY2(missing.diagnostics().front().message.find("var axis 'batch_size' has no value (and no constraint computes it)")
                     != std::string::npos,
                 missing.diagnostics().front().message.c_str());
        // A tensor read where only axes may be: refused with the definition's position.
        std::string text = R"J({"name": "t", "axes": {"N": {"type": "var"}, "H": {"type": "expr", "expression": "x[0].item()"
    }
},
    "inputs"
    : {"x": {"shape": ["N"], "dtype": "int32"}}
    , "outputs"
    : {"y": {"shape": ["N"], "dtype": "int32"}}
    , "reference" : "def run(x):\n    return x\n"
})J";
        const auto refused = parseDefinition(text, "d.json");
        QVERIFY(!refused);
        QVERIFY2(refused.diagnostics().front().message.find("reads 'x' as a tensor") != std::string::npos,
                 refused.diagnostics().front().message.c_str());
    }

    // A paged GQA decode definition in FlashInfer-Bench's style (page size 1, 32 query heads over 8 KV heads, head
    // dim 128), by hand. Its reference loops over requests and heads with .item() on kv_indptr, and casts the whole
    // page pool to float32 before gathering each request's pages.
    //   MACs: per request and head, q.K^T and attn.V over the request's T_b pages, 2 x 128 x T_b; 32 heads over
    //   sum T_b = num_kv_indices pages: 256 x 32 x 201 = 1,646,592 (given) and 256 x 32 x 300 = 2,457,600 (random).
    //   Fused bytes, given pages (requests at pages 0-99, 200-236, 1000-1063 of 4,096): the pages the indices name,
    //   201 x (8 x 128) x 2 B for K and for V = 823,296, not the 16,777,216 B pool the reference casts; q and the output
    //   3 x 32 x 128 x 2 B each = 49,152; lse 3 x 32 x 4 = 384; the page indices, 201 x 4 B (int32) = 804: 873,636.
    //   Random pages (not given): the least any index values read, one page per request-gather of K and V:
    //   1 x 1,024 x 2 B x 2 = 4,096 (the gathers may all read one page); q and output 4 x 32 x 128 x 2 B each = 65,536;
    //   lse 512; kv_indices 300 x 4 B = 1,200: 71,344.
    void pagedDecodeByHand()
    {
        if (!m_noTorch.empty())
            QSKIP(m_noTorch.c_str());
        const ProblemAnalysis p = analysed(fixture("gqa_paged_decode"));
        QCOMPARE(p.workloads.size(), size_t(3));
        if (p.workloads[0].status == WorkloadStatus::Failed && p.workloads[0].message.find("needs torch 2.x") != std::string::npos)
            QSKIP(("a data-dependent reference needs torch 2.x: " + p.workloads[0].message).c_str());
        const double macs[] = {1646592.0, 2457600.0}, fused[] = {873636.0, 71344.0};
        for (size_t i = 0; i < 2; ++i) {
            const WorkloadAnalysis& w = p.workloads[i];
            QVERIFY2(w.status == WorkloadStatus::Ok, w.message.c_str());
            const AnalysisResult& r = w.analysis->result;
            QVERIFY2(r.validation.status == ValidationStatus::Validated, r.validation.details.c_str());
            QCOMPARE(r.digest.totalMacs, macs[i]);
            QCOMPARE(r.ladder.at(bounds::Level::Fused).bytes, fused[i]);
        }
        // The third workload gives the first's pages but leaves out len_indptr and num_kv_indices: they are computed
        // by the constraints, from batch_size (3 + 1) and from the file's kv_indptr[-1] (201), and bound the same.
        const WorkloadAnalysis& sized = p.workloads[2];
        QVERIFY2(sized.status == WorkloadStatus::Ok, sized.message.c_str());
        QCOMPARE(sized.axes.at("len_indptr"), std::int64_t(4));
        QCOMPARE(sized.axes.at("num_kv_indices"), std::int64_t(201));
        QCOMPARE(sized.analysis->result.ladder.at(bounds::Level::Fused).bytes, fused[0]);
        QVERIFY(p.allOk());
        // Page size 4 with last-page lengths (gqa_paged_decode_ps4: 8 query heads over 2 KV heads of 64): request 0
        // has pages 10-12 with 2 slots used in the last, 2 x 4 + 2 = 10 tokens; request 1 pages 40-41, 4 + 4 = 8.
        // MACs 2 x 64 x 18 x 8 heads = 18,432. Fused bytes: the 18 tokens of K and V, 18 x 2 x 64 x 2 B x 2 = 9,216 —
        // not the 5 whole pages the reference gathers (10,240: the unused tail of request 0's last page, 2 slots, is
        // never read); q and output 2 x 8 x 64 x 2 B each = 4,096; the page indices 5 x 4 B = 20: 13,332.
        const ProblemAnalysis ps4 = analysed(fixture("gqa_paged_decode_ps4"));
        QCOMPARE(ps4.workloads.size(), size_t(1));
        const WorkloadAnalysis& w4 = ps4.workloads.front();
        QVERIFY2(w4.status == WorkloadStatus::Ok, w4.message.c_str());
        QVERIFY2(w4.analysis->result.validation.status == ValidationStatus::Validated, w4.analysis->result.validation.details.c_str());
        QCOMPARE(w4.axes.at("num_kv_indices"), std::int64_t(5));
        QCOMPARE(w4.analysis->result.digest.totalMacs, 18432.0);
        QCOMPARE(w4.analysis->result.ladder.at(bounds::Level::Fused).bytes, 13332.0);
    }

    // The definition's dtypes are the bytes: fp8 operands are one byte each, the bf16 output two.
    void fp8OperandsByHand()
    {
        if (!m_noTorch.empty())
            QSKIP(m_noTorch.c_str());
        const ProblemAnalysis p = analysed(fixture("fp8_gemm"));
        QCOMPARE(p.workloads.size(), size_t(1));
        const WorkloadAnalysis& w = p.workloads.front();
        if (w.status == WorkloadStatus::Failed && w.message.find("no torch tensor type") != std::string::npos)
            QSKIP(("this torch has no float8: " + w.message).c_str()); // torch 1.13 (Debian's); the torch2 run covers it
        QVERIFY2(w.status == WorkloadStatus::Ok, w.message.c_str());
        const AnalysisResult& r = w.analysis->result;
        QCOMPARE(r.validation.status, ValidationStatus::Validated);
        QCOMPARE(r.digest.totalMacs, 24.0 * 40 * 56);
        QCOMPARE(r.ladder.at(bounds::Level::Fused).bytes, 24.0 * 56 + 40.0 * 56 + 24.0 * 40 * 2);
    }

    // nvfp4: the packed operand is one byte per pair of values; unpacking it (x & 15, x >> 4) is counted and validated.
    void nvfp4PackedByHand()
    {
        if (!m_noTorch.empty())
            QSKIP(m_noTorch.c_str());
        const ProblemAnalysis p = analysed(fixture("nvfp4_dequant"), "b200");
        const WorkloadAnalysis& w = p.workloads.front();
        if (w.status == WorkloadStatus::Failed && w.message.find("no torch tensor type") != std::string::npos)
            QSKIP(("this torch has no float4_e2m1fn_x2: " + w.message).c_str());
        QVERIFY2(w.status == WorkloadStatus::Ok, w.message.c_str());
        const AnalysisResult& r = w.analysis->result;
        QVERIFY2(r.validation.status == ValidationStatus::Validated, r.validation.details.c_str());
        // M = 20 rows of K / 2 = 32 packed bytes in, 20 x 64 bf16 out; the table lookup is a gather, whose footprint a
        // lower bound counts at its least, one f32 element.
        QCOMPARE(r.ladder.at(bounds::Level::Fused).bytes, 20.0 * 32 + 20.0 * 64 * 2 + 4);
    }

    // Every shared example, each workload's MACs and fused bytes by hand from its definition: one row each (so the
    // suite's slices can run them apart), and a reference that needs Triton.
    void sharedExamplesByHand_data()
    {
        QTest::addColumn<QString>("problem");
        for (const char* problem : {"gemm", "custom_inputs_matmul", "rmsnorm", "nemotron_rms_norm", "gemma3_swiglu", "linear_backward",
                                    "softmax", "flux_rope", "triton_ref_vecadd"})
            QTest::newRow(problem) << QString::fromLatin1(problem);
    }

    void sharedExamplesByHand()
    {
        if (!std::filesystem::is_directory(testing::sharedDataDir() + "/sol-execbench"))
            QSKIP("../shared/sol-execbench is absent");
        if (!m_noTorch.empty())
            QSKIP(m_noTorch.c_str());
        QFETCH(QString, problem);
        using bounds::Level;
        struct Expect
        {
            std::string problem;
            std::function<double(const std::map<std::string, std::int64_t>&)> macs, fusedBytes;
        };
        auto a = [](const std::map<std::string, std::int64_t>& x, const char* k) { return static_cast<double>(x.at(k)); };
        const std::vector<Expect> expected {
            // C = A @ B, fp32: M x K x N MACs; A, B and C once.
            {"gemm", [&](auto& x) { return a(x, "M") * a(x, "K") * a(x, "N"); },
             [&](auto& x) { return 4 * (a(x, "M") * a(x, "K") + a(x, "K") * a(x, "N") + a(x, "M") * a(x, "N")); }},
            {"custom_inputs_matmul", [&](auto& x) { return a(x, "M") * a(x, "K") * a(x, "N"); },
             [&](auto& x) { return 4 * (a(x, "M") * a(x, "K") + a(x, "K") * a(x, "N") + a(x, "M") * a(x, "N")); }},
            // RMSNorm, bf16 in and out: no MAC; the rows in and out, the weight once.
            {"rmsnorm", [](auto&) { return 0.0; },
             [&](auto& x) { return 2 * (2 * a(x, "batch_size") * a(x, "hidden_size") + a(x, "hidden_size")); }},
            // Residual add then RMSNorm, bf16: hidden_states, residual and output, the weight.
            {"nemotron_rms_norm", [](auto&) { return 0.0; },
             [&](auto& x) { return 2 * (3 * a(x, "batch_size") * a(x, "seq_len") * a(x, "hidden_size") + a(x, "hidden_size")); }},
            // gelu_tanh(x W_g^T) * (x W_u^T), bf16: two projections of every token; x, both weights and the output.
            {"gemma3_swiglu",
             [&](auto& x) { return 2 * a(x, "batch_size") * a(x, "seq_len") * a(x, "hidden_size") * a(x, "intermediate_size"); },
             [&](auto& x) {
                 const double t = a(x, "batch_size") * a(x, "seq_len");
                 return 2 * (t * a(x, "hidden_size") + 2 * a(x, "intermediate_size") * a(x, "hidden_size") + t * a(x, "intermediate_size"));
             }},
            // grad_input = dY W (M x N x K), grad_weight = dY^T X (N x M x K), fp32; dY, X, W in, both gradients out.
            {"linear_backward", [&](auto& x) { return 2 * a(x, "M") * a(x, "N") * a(x, "K"); },
             [&](auto& x) { return 4 * (a(x, "M") * a(x, "N") + 2 * a(x, "M") * a(x, "K") + 2 * a(x, "N") * a(x, "K")); }},
            // Softmax, fp32: the rows in and out.
            {"softmax", [](auto&) { return 0.0; }, [&](auto& x) { return 4 * 2 * a(x, "batch_size") * a(x, "hidden_size"); }},
            // RoPE, bf16: q/k in and out, cos and sin (seq_len x head_dim) once.
            {"flux_rope", [](auto&) { return 0.0; },
             [&](auto& x) {
                 const double d = a(x, "attention_head_dim");
                 return 2 * (2 * a(x, "batch_size") * a(x, "seq_len") * a(x, "num_attention_heads") * d + 2 * a(x, "seq_len") * d);
             }},
        };
        if (problem == QLatin1String("triton_ref_vecadd")) {
            // A reference that needs Triton: every workload fails, saying so, and nothing crashes.
            const ProblemAnalysis triton = analysed(sharedProblem("triton_ref_vecadd"));
            for (const WorkloadAnalysis& w : triton.workloads) {
                QCOMPARE(w.status, WorkloadStatus::Failed);
                QVERIFY2(w.message.find("triton") != std::string::npos, w.message.c_str());
            }
            return;
        }
        const auto found
            = std::find_if(expected.begin(), expected.end(), [&](const Expect& e) { return e.problem == problem.toStdString(); });
        QVERIFY(found != expected.end());
        for (const Expect& e : {*found}) {
            const ProblemAnalysis p = analysed(sharedProblem(e.problem));
            QVERIFY2(!p.workloads.empty(), e.problem.c_str());
            for (const WorkloadAnalysis& w : p.workloads) {
                const std::string what = e.problem + " " + w.workload.uuid + ": " + w.message;
                QVERIFY2(w.status == WorkloadStatus::Ok, what.c_str());
                const AnalysisResult& r = w.analysis->result;
                QVERIFY2(r.validation.status == ValidationStatus::Validated, (what + r.validation.details).c_str());
                QCOMPARE(r.digest.totalMacs, e.macs(w.axes));
                QCOMPARE(r.ladder.at(Level::Fused).bytes, e.fusedBytes(w.axes));
            }
        }
    }
};

QTEST_GUILESS_MAIN(TestProblem)
#include "tst_problem.moc"
