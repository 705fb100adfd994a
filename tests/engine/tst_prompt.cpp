// SPDX-License-Identifier: MIT
// What the LLM is told and how its program is found in a reply (engine/frontend/llm/prompt.h), without a
// server: the prompt's examples are counted exactly, its rules are stated, the traced op list collapses a
// recurrence, and fenced or bare programs are extracted.
#include "engine/analysis/analysis.h"
#include "engine/frontend/llm/prompt.h"
#include "engine/hw/registry.h"
#include "engine/ir/checker.h"
#include "engine/ir/parser.h"

#include <QTest>

#include <string>
#include <vector>

using namespace solar;

class TestPrompt : public QObject
{
    Q_OBJECT

private slots:
    // The prompt's own examples are programs the tool counts exactly (issue 15, item 9): each parses, checks
    // without a warning a reply would be refused for, and lifts with no approximated count (the causal example
    // masks with a guard instead of teaching a triangular loop). The rules a reply is held to are stated.
    void promptExamplesAreExact()
    {
        const std::string prompt = llm::systemPrompt();
        int examples = 0;
        for (std::size_t at = 0; (at = prompt.find("```alir\n", at)) != std::string::npos;) {
            const std::size_t end = prompt.find("```", at + 8);
            const std::string text = prompt.substr(at + 8, end - at - 8);
            at = end + 3;
            ++examples;
            const auto program = ir::parseProgram(text, "example.alir");
            QVERIFY2(program, text.c_str());
            for (const auto& d : ir::checkProgram(*program).diagnostics)
                QVERIFY2(d.severity == Severity::Note, (d.format() + "\n" + text).c_str());
            const auto reg = hw::loadDefaultHwRegistry();
            const auto r = analyzeProgram(*program, *reg.find("h100-sxm"));
            QVERIFY(r);
            QVERIFY2(r->coverage.complete && !r->coverage.approximate(), text.c_str());
        }
        QCOMPARE(examples, 3);
        QVERIFY(prompt.find("@op(\"nn.Conv2d\", 9) {") != std::string::npos);
        for (const char* rule : {"pow(x, y)", "1e-5", "-inf", "`let`", "`const`", "@range", "h * hs + d", "before any write"})
            QVERIFY2(prompt.find(rule) != std::string::npos, rule);
    }

    // The op list collapses an unrolled recurrence into one entry with its count (issue 31, item 5): an RNN's
    // 2,049 traced ops were 45.7 KB of prompt. Derived by hand: one embedding, then 3 ops x 512 steps, then one
    // linear; a pair repeated only twice (4 ops) collapses too, a single repeated op twice does not.
    void opListCollapsesRepeatedSteps()
    {
        std::vector<std::string> ops {"aten::embedding (line 5)"};
        for (int t = 0; t < 512; ++t)
            for (const char* op : {"aten::mm (line 12)", "aten::add (line 12)", "aten::tanh (line 12)"})
                ops.push_back(op);
        ops.push_back("aten::addmm (line 14)");
        QCOMPARE(llm::opListText(ops),
                 std::string("aten::embedding (line 5)\n"
                             "the next 3 operations, 512 times (a loop):\n"
                             "  aten::mm (line 12)\n  aten::add (line 12)\n  aten::tanh (line 12)\n"
                             "aten::addmm (line 14)\n"));
        QCOMPARE(llm::opListText({"a", "b", "a", "b", "c", "c"}),
                 std::string("the next 2 operations, 2 times (a loop):\n  a\n  b\nc\nc\n"));
        QCOMPARE(llm::opListText({}), std::string());
        // The views rule says which views copy (the correct cumsum reply's F0 was a third of the trace's).
        QVERIFY(llm::systemPrompt().find("torch.flip") != std::string::npos);
    }

    void extractsPrograms()
    {
        QCOMPARE(llm::extractAlir("```alir\nkernel a() {\n}\n```").value_or(""), std::string("kernel a() {\n}\n"));
        QCOMPARE(llm::extractAlir("text\n```\nkernel b() {\n}\n```\nmore").value_or(""), std::string("kernel b() {\n}\n"));
        QCOMPARE(llm::extractAlir("Sure:\nkernel c(N=2) {\n  out Y: f32[N];\n  for i in 0..N { Y[i] = 1; }\n}\nDone.").value_or(""),
                 std::string("kernel c(N=2) {\n  out Y: f32[N];\n  for i in 0..N { Y[i] = 1; }\n}\n"));
        QVERIFY(!llm::extractAlir("no program here"));
        QVERIFY(!llm::extractAlir("```python\nprint(1)\n```"));
    }
};

QTEST_APPLESS_MAIN(TestPrompt)
#include "tst_prompt.moc"
