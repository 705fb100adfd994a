// SPDX-License-Identifier: MIT
// The least contraction order (engine/ir/reassociation.h): multiply-adds before and after against counts by hand
// (an MLA decode step written as transformers runs it, a LoRA delta formed before it is applied), the values the
// interpreter computes from the same signed inputs before and after (the rewrite must not change them), chains
// that stay as written (a cheaper order already, an activation in between, a prefill where absorption costs
// more), the plan replayed at other sizes, and what analyzeProgram and the reports make of it.
#include "engine/analysis/analysis.h"
#include "engine/graph/lifting.h"
#include "engine/hw/registry.h"
#include "engine/ir/reassociation.h"
#include "engine/report/analysisreport.h"
#include "engine/report/leastorderreport.h"
#include "laddertest.h"
#include "testutil.h"

#include <nlohmann/json.hpp>

#include <QTest>

#include <cmath>

using namespace solar;

namespace {

// One decode step of multi-head latent attention as transformers writes it: kv_b_proj applied to every cached
// latent c (T tokens, rank R), the keys copied together from its nope part and the shared rope keys, scores, a
// softmax and the values read from kv_b_proj's output. L queries per head (1 in decode). Its @op blocks are the
// kernels a frontend would group: the absorbed statements join attention's kernel (without blocks, each
// statement is a kernel, the rewrite adds two, and unfused_per_kernel rises: then it is not adopted).
const char* kMla = R"(kernel mla(H = 4, L = 1, R = 24, D = 6, E = 5, V = 7, T = 11) {
  in q: f32[H, L, D + E];
  in c: f32[T, R];
  in kr: f32[T, E];
  weight Wkv: f32[H * (D + V), R];
  tmp kv: f32[T, H * (D + V)];
  tmp key: f32[H, T, D + E];
  tmp s: f32[H, L, T];
  tmp m: f32[H, L];
  tmp z: f32[H, L];
  tmp p: f32[H, L, T];
  out o: f32[H, L, V];
  @op("kv_b_proj") {
    for t in 0..T, n in 0..H * (D + V) {
      kv[t, n] = 0;
      for r in 0..R { kv[t, n] += c[t, r] * Wkv[n, r]; }
    }
  }
  @op("cat") {
    for h in 0..H, t in 0..T, d in 0..D { key[h, t, d] = kv[t, (D + V) * h + d]; }
    for h in 0..H, t in 0..T, e in 0..E { key[h, t, D + e] = kr[t, e]; }
  }
  @op("attention") {
  for h in 0..H, l in 0..L {
    for t in 0..T {
      s[h, l, t] = 0;
      for d in 0..D + E { s[h, l, t] += q[h, l, d] * key[h, t, d] * 0.25; }
    }
    m[h, l] = -inf;
    for t in 0..T { m[h, l] max= s[h, l, t]; }
    z[h, l] = 0;
    for t in 0..T { z[h, l] += exp(s[h, l, t] - m[h, l]); }
    for t in 0..T { p[h, l, t] = exp(s[h, l, t] - m[h, l]) / z[h, l]; }
    for v in 0..V {
      o[h, l, v] = 0;
      for t in 0..T { o[h, l, v] += p[h, l, t] * kv[t, (D + V) * h + D + v]; }
    }
  }
  }
}
)";

// A LoRA update formed as a weight (A B) before x is multiplied by it: x (A B) = (x B^T) A^T costs far less.
const char* kLora = R"(kernel lora(M = 5, N = 64, K = 48, Q = 4) {
  in x: f32[M, K];
  weight A: f32[N, Q];
  weight B: f32[Q, K];
  tmp ab: f32[N, K];
  out y: f32[M, N];
  for n in 0..N, k in 0..K {
    ab[n, k] = 0;
    for r in 0..Q { ab[n, k] += A[n, r] * B[r, k]; }
  }
  for i in 0..M, n in 0..N {
    y[i, n] = 0;
    for k in 0..K { y[i, n] += x[i, k] * ab[n, k]; }
  }
}
)";

// Two linear layers already in their cheap order (x A first), and one with an activation in between.
const char* kCheapAlready = R"(kernel chain(M = 3, K = 40, Q = 4, N = 50) {
  in x: f32[M, K];
  weight A: f32[K, Q];
  weight B: f32[N, Q];
  tmp t: f32[M, Q];
  out y: f32[M, N];
  for i in 0..M, r in 0..Q {
    t[i, r] = 0;
    for k in 0..K { t[i, r] += x[i, k] * A[k, r]; }
  }
  for i in 0..M, n in 0..N {
    y[i, n] = 0;
    for r in 0..Q { y[i, n] += t[i, r] * B[n, r]; }
  }
}
)";

const char* kActivation = R"(kernel act(N = 64, K = 48, Q = 4, M = 5) {
  in x: f32[M, K];
  weight A: f32[N, Q];
  weight B: f32[Q, K];
  tmp ab: f32[N, K];
  tmp g: f32[N, K];
  out y: f32[M, N];
  for n in 0..N, k in 0..K {
    ab[n, k] = 0;
    for r in 0..Q { ab[n, k] += A[n, r] * B[r, k]; }
  }
  for n in 0..N, k in 0..K { g[n, k] = relu(ab[n, k]); }
  for i in 0..M, n in 0..N {
    y[i, n] = 0;
    for k in 0..K { y[i, n] += x[i, k] * g[n, k]; }
  }
}
)";

double macsOf(const ir::Program& program, const std::map<std::string, std::int64_t>& sizes = {})
{
    const auto bound = ir::bindSizes(program, sizes);
    const auto g = graph::liftProgram(program, *bound);
    return totalMacs(*g);
}

Expected<ir::Reassociation> reorder(const ir::Program& program, const std::map<std::string, std::int64_t>& sizes = {},
                                    const std::vector<ir::ReassociationStep>* plan = nullptr)
{
    return ir::leastContractionOrder(program, *ir::bindSizes(program, sizes), plan);
}

// The largest difference between the outputs of two programs run on the same generated (signed) inputs.
double outputDifference(const ir::Program& a, const ir::Program& b, const std::map<std::string, std::int64_t>& sizes = {})
{
    ir::RunOptions o;
    o.sizes = sizes;
    o.seed = 7;
    const auto ra = ir::runProgram(a, o);
    const auto rb = ir::runProgram(b, o);
    if (!ra || !rb)
        return 1e300;
    double worst = 0;
    for (const auto& t : ra->tensors) {
        if (t.kind != ir::TensorKind::Out)
            continue;
        const ir::TensorValue* u = rb->find(t.name);
        if (!u || u->data.size() != t.data.size())
            return 1e300;
        for (size_t i = 0; i < t.data.size(); ++i)
            worst = std::max(worst, std::abs(t.data[i] - u->data[i]));
    }
    return worst;
}

} // namespace

class TestReassociation : public QObject
{
    Q_OBJECT

private slots:
    void testMlaDecodeIsAbsorbed()
    {
        const ir::Program program = testutil::parseOk(kMla);
        const auto r = reorder(program);
        QVERIFY2(r.hasValue(), formatAll(r.diagnostics()).c_str());
        QCOMPARE(r->steps.size(), size_t(1));
        const ir::ReassociationStep& step = r->steps.front();
        QCOMPARE(step.tensor, std::string("kv"));
        QCOMPARE(step.anchor, std::string("Wkv"));
        // The scores apply the latent last (the query absorbs W_UK), the values apply the weight last (W_UV after).
        QCOMPARE(step.kept, (std::vector<std::string> {"c", "Wkv"}));
        // By hand, H=4 L=1 R=24 D=6 E=5 V=7 T=11. As written: kv_b_proj on every latent T*H(D+V)*R = 13,728, scores
        // H*L*T*(D+E) = 484, values H*L*T*V = 308. Absorbed: the query H*L*D*R = 576, scores on the latent
        // H*L*T*R = 1,056 and on the rope keys H*L*T*E = 220, values on the latent H*L*T*R = 1,056, out H*L*V*R = 672.
        QCOMPARE(macsOf(program), 13728.0 + 484 + 308);
        QCOMPARE(macsOf(r->program), 576.0 + 1056 + 220 + 1056 + 672);
        QVERIFY2(outputDifference(program, r->program) < 1e-5, "the absorbed program computes other values");
        // The copies into the keys are gone with kv_b_proj's output.
        for (const auto& d : r->program.decls)
            QVERIFY(d.name != "kv" && d.name != "key");
    }

    void testPrefillKeepsItsOrder()
    {
        // With as many queries as keys, absorbing costs more (H*L*T*R per side): by hand 39,380 against 22,440.
        const ir::Program program = testutil::parseOk(kMla);
        const auto r = reorder(program, {{"L", 11}});
        QVERIFY(r.hasValue());
        QVERIFY(r->steps.empty());
        QCOMPARE(macsOf(program, {{"L", 11}}), 13728.0 + 4 * 11 * 11 * 11 + 4 * 11 * 11 * 7);
    }

    void testPlanReplaysAtOtherSizes()
    {
        // The decode step's plan, replayed where choosing would not take it (and at sizes that tell R, D, E, V, T
        // apart), still computes the same values: what validation at reduced sizes relies on.
        const ir::Program program = testutil::parseOk(kMla);
        const auto chosen = reorder(program);
        QVERIFY(chosen.hasValue() && !chosen->steps.empty());
        const std::map<std::string, std::int64_t> other {{"H", 3}, {"L", 9}, {"R", 13}, {"D", 5}, {"E", 3}, {"V", 6}, {"T", 9}};
        const auto replayed = reorder(program, other, &chosen->steps);
        QVERIFY2(replayed.hasValue(), formatAll(replayed.diagnostics()).c_str());
        QCOMPARE(replayed->steps.size(), size_t(1));
        QVERIFY(outputDifference(program, replayed->program, other) < 1e-5);
        // A plan whose producer is missing (a layer the validation sizes leave out) is skipped, not an error.
        std::vector<ir::ReassociationStep> absent = chosen->steps;
        absent.front().anchor = "no_such_weight";
        const auto skipped = reorder(program, {}, &absent);
        QVERIFY(skipped.hasValue());
        QVERIFY(skipped->steps.empty());
        // One that names a producer whose reader is no product any more fails, so validation says so.
        const ir::Program act = testutil::parseOk(kActivation);
        std::vector<ir::ReassociationStep> wrong(1);
        wrong.front().tensor = "ab";
        wrong.front().anchor = "A";
        wrong.front().keptIndex = {0};
        QVERIFY(!reorder(act, {}, &wrong).hasValue());
    }

    void testLoraDeltaIsNotFormed()
    {
        const ir::Program program = testutil::parseOk(kLora);
        const auto r = reorder(program);
        QVERIFY(r.hasValue());
        QCOMPARE(r->steps.size(), size_t(1));
        QCOMPARE(r->steps.front().kept, std::vector<std::string> {"A"});
        // By hand, M=5 N=64 K=48 Q=4: as written N*K*Q + M*N*K = 12,288 + 15,360; reassociated M*K*Q + M*N*Q.
        QCOMPARE(macsOf(program), 12288.0 + 15360);
        QCOMPARE(macsOf(r->program), 960.0 + 1280);
        QVERIFY(outputDifference(program, r->program) < 1e-5);
    }

    void testChainsThatStayAsWritten()
    {
        for (const char* text : {kCheapAlready, kActivation}) {
            const ir::Program program = testutil::parseOk(text);
            const auto r = reorder(program);
            QVERIFY(r.hasValue());
            QVERIFY(r->steps.empty());
            QVERIFY(r->program.body.empty()); // nothing rewritten: the input is its own least order
        }
    }

    void testAnalysisShowsBothOrders()
    {
        const ir::Program program = testutil::parseOk(kMla);
        const auto hw = hw::loadHwRegistry({bounds::kShipped});
        const hw::HwProfile& h200 = *hw.find("h200");
        const auto least = analyzeProgram(program, h200);
        QVERIFY(least.hasValue());
        QVERIFY(least->asWritten.has_value());
        QCOMPARE(least->asWritten->macs, 14520.0);
        QCOMPARE(totalMacs(least->graph), 3580.0);
        for (bounds::Level l : bounds::kLevels)
            QVERIFY(least->ladder.at(l).seconds <= least->asWritten->ladder.at(l).seconds);
        AnalysisOptions off;
        off.leastOrder = false;
        const auto written = analyzeProgram(program, h200, off);
        QVERIFY(written.hasValue());
        QVERIFY(!written->asWritten);
        QCOMPARE(written->ladder.at(bounds::Level::CacheAware).seconds, least->asWritten->ladder.at(bounds::Level::CacheAware).seconds);
        // A re-solve on another machine re-solves both.
        const auto moved = reSolve(*least, bounds::machineFromProfile(*hw.find("h100-sxm")));
        QVERIFY(moved.asWritten->ladder.at(bounds::Level::Fused).seconds != least->asWritten->ladder.at(bounds::Level::Fused).seconds);
        // Every report names the rewrite and both counts.
        const auto json = nlohmann::json::parse(report::analysisJson(*least));
        QCOMPARE(json["least_order"]["as_written"]["macs"].get<double>(), 14520.0);
        QCOMPARE(json["least_order"]["least_order"]["macs"].get<double>(), 3580.0);
        QCOMPARE(json["least_order"]["rewrites"][0]["tensor"].get<std::string>(), std::string("kv"));
        QVERIFY(nlohmann::json::parse(report::analysisJson(*written))["least_order"].is_null());
        const std::string table = report::analysisTable(*least);
        QVERIFY(table.find("least contraction order") != std::string::npos);
        QVERIFY(table.find("14.5 KMAC as written") != std::string::npos);
    }
};

QTEST_GUILESS_MAIN(TestReassociation)
#include "tst_reassociation.moc"
