// SPDX-License-Identifier: MIT
// Whole parallel plans (docs/parallel.md): a 4-stage pipeline's bubble by hand, data parallelism's gradient
// all-reduce by hand (inside a node and across two), context parallelism's all-gathered keys validated, the memory
// a device holds (intermediates live at once, optimizer state) against its capacity, and bad plans named.
#include "engine/analysis/analysis.h"
#include "engine/ir/bindings.h"
#include "engine/parallel/plananalysis.h"
#include "engine/parallel/stagevalidation.h"
#include "paralleltestutil.h"
#include "testutil.h"

#include <QTest>

using namespace solar;
using namespace solar::parallel;
using testutil::nearRel;
using testutil::shippedProfile;

namespace {

constexpr auto kFused = static_cast<size_t>(bounds::Level::Fused);

AnalysisResult analyzed(const std::string& fixture, const std::string& hw, std::map<std::string, std::int64_t> sizes = {})
{
    const ir::Program p = testutil::parseOk(testutil::readData("alir/" + fixture));
    AnalysisOptions options;
    options.sizes = std::move(sizes);
    auto r = analyzeProgram(p, shippedProfile(hw), options);
    if (!r)
        qFatal("%s", formatAll(r.diagnostics()).c_str());
    return std::move(*r);
}

Plan planOf(int tp, int pp, int dp, int cp, int micro = 1)
{
    Plan p;
    p.tp = tp;
    p.pp = pp;
    p.dp = dp;
    p.cp = cp;
    p.microBatches = micro;
    return p;
}

} // namespace

class TestPlan : public QObject
{
    Q_OBJECT

private slots:
    void pipelineFormula()
    {
        // max over k of M t_k + the others' t: stages of 1, 2, 1 (per micro-batch) over 4 micro-batches.
        const PipelineTime t = pipelineTime({1, 2, 1}, 4);
        QCOMPARE(t.seconds, 4.0 * 2 + 1 + 1);
        QCOMPARE(t.bindingStage, 1);
        QCOMPARE(t.bubbleSeconds, 2.0);
        // Equal stages: GPipe's (M + P - 1) t.
        QCOMPARE(pipelineTime({3, 3, 3, 3}, 8).seconds, (8 + 4 - 1) * 3.0);
        QCOMPARE(pipelineTime({5}, 1).seconds, 5.0);
        // Issue 48: over any schedule (interleaved, zero-bubble) the fill and drain may hide: the busiest stage's
        // own 4 x 2, or one micro-batch through all three (4) where longer; one micro-batch: the way through, 1 + 2 + 1.
        const PipelineTime any = pipelineTime({1, 2, 1}, {1, 2, 1}, 4, true);
        QCOMPARE(any.seconds, 8.0);
        QCOMPARE(any.bindingStage, 1);
        QCOMPARE(any.bubbleSeconds, 0.0);
        QCOMPARE(pipelineTime({1, 2, 1}, {1, 2, 1}, 1, true).seconds, 4.0);
        QCOMPARE(pipelineTime({1, 2, 1}, {0.5, 1, 0.5}, 2, true).seconds, 4.0); // 2 + 1 own < 1 + 2 + 1 through
    }

    void fourStagePipelineBubble()
    {
        // Four equal bf16 layers, 8192 x 8192, batch 16 over 4 stages and 8 micro-batches of 2 rows. Each stage
        // reads its weight (128 MiB), a micro-batch in (2 x 8192 x 2 B) and out: memory-bound on the H100.
        const AnalysisResult whole = analyzed("four_layers.alir", "h100-sxm");
        const hw::HwProfile& h100 = shippedProfile("h100-sxm");
        const auto pa = analyzePlan(whole, planOf(1, 4, 1, 1, 8));
        QVERIFY2(pa, pa ? "" : formatAll(pa.diagnostics()).c_str());
        QCOMPARE(pa->stages.size(), size_t(4));
        for (int s = 0; s < 4; ++s) {
            QCOMPARE(pa->stages[static_cast<size_t>(s)].cut.first, s); // one layer each: the cut balances
            QCOMPARE(pa->stages[static_cast<size_t>(s)].cut.last, s + 1);
        }
        QCOMPARE(pa->microBatchSizes, std::string("B=2"));
        QVERIFY(pa->stageValidation && pa->stageValidation->ok);
        const double d = 8192, rows = 2;
        const double microBytes = d * d * 2 + 2 * rows * d * 2;
        const double t = microBytes / h100.dramBandwidthBps.value;
        QVERIFY(nearRel(pa->stages[0].deviceSeconds[kFused], t, 1e-9));
        // Cold, (M + P - 1) t = 11 t. But a stage's micro-batches after the first run warm (issue 48): back to back,
        // up to the L2 (the persistent cache) of what the last one read is still there, and as much of what it
        // writes stays (bounds::CacheAssumption::Warm): w = (weight + rows in - L2) / bandwidth, the 32 KiB written
        // on chip. Stage k takes t + 7 w, after k cold micro-batches
        // of the stages before it and before 3 - k warm ones of the stages after: the last stage binds, 4 t + 7 w.
        const double l2 = whole.machine.persistentCacheBytes;
        QVERIFY(l2 > 0 && l2 < d * d * 2);
        const double w = (d * d * 2 + rows * d * 2 - l2) / h100.dramBandwidthBps.value;
        QVERIFY(nearRel(pa->stages[0].warmDeviceSeconds[kFused], w, 1e-9));
        QVERIFY(nearRel(pa->levels[kFused].deviceSeconds, 4 * t + 7 * w, 1e-9));
        QVERIFY(4 * t + 7 * w < 11 * t);
        // 3 cuts x 8 micro-batches of 2 x 8192 x 2 B through NVLink (the stages' devices share a node).
        const double send = rows * d * 2 / h100.interconnect->intraNode.bandwidthBps.value;
        // Per device: the busiest stage's 8 sends (issue 49: the 24 of all three stages added up exceeded the
        // serialised step once the link was slow; the stages send side by side).
        QVERIFY(nearRel(pa->communicationSeconds, 8 * send, 1e-9));
        QCOMPARE(pa->stages[0].cut.sends, std::vector<std::string> {"H1"});
        QCOMPARE(pa->stages[1].cut.receives, std::vector<std::string> {"H1"});
        // Serialised: each of stages 1-3 waits for its send (s); the last stage binds as above: 3 (t + s) + t + 7 w.
        QVERIFY(nearRel(pa->levels[kFused].serialSeconds, 3 * (t + send) + t + 7 * w, 1e-9));
        QVERIFY(3 * (t + send) + t + 7 * w > (t + send) + 9 * (w + send) + w); // above the first stage's candidate

        // Without micro-batches the stages run one after another: 4 t at the whole batch.
        const auto serial = analyzePlan(whole, planOf(1, 4, 1, 1, 1));
        QVERIFY(serial);
        const double full = (d * d * 2 + 2 * 16 * d * 2) / h100.dramBandwidthBps.value;
        QVERIFY(nearRel(serial->levels[kFused].deviceSeconds, 4 * full, 1e-9));
        // Two intermediates live at once at most (the one read and the one written): 2 x 16 x 8192 x 2 B.
        QCOMPARE(peakLiveBytes(whole.program, whole.sizes), 2 * 16 * d * 2);
    }

    void microBatchesReadTheirWeights()
    {
        // Issue 48: where the batch does not divide into the micro-batches (B = 3 over 8), each is charged 1/8 of
        // the step's work, but it still reads its stage's weight: cold 128 MiB, warm what the 50 MiB L2 does not keep.
        // The step's own 1/8 (a 128 MiB weight and 3 rows, 40.1 us / 8) would be 5 us a micro-batch, and more
        // micro-batches would always look faster.
        const AnalysisResult whole = analyzed("four_layers.alir", "h100-sxm", {{"B", 3}});
        const double bw = shippedProfile("h100-sxm").dramBandwidthBps.value, weight = 8192.0 * 8192 * 2;
        const auto pa = analyzePlan(whole, planOf(1, 4, 1, 1, 8));
        QVERIFY2(pa, pa ? "" : formatAll(pa.diagnostics()).c_str());
        QVERIFY(pa->microBatchSizes.empty());
        const double t = weight / bw, w = (weight - whole.machine.persistentCacheBytes) / bw;
        QVERIFY(nearRel(pa->stages[0].deviceSeconds[kFused], t, 1e-9));
        QVERIFY(nearRel(pa->stages[0].warmDeviceSeconds[kFused], w, 1e-9));
        QVERIFY(nearRel(pa->levels[kFused].deviceSeconds, 4 * t + 7 * w, 1e-9));
        QVERIFY(std::any_of(pa->notes.begin(), pa->notes.end(),
                            [](const std::string& n) { return n.find("reads at least its stage's weights") != std::string::npos; }));
        // Over any schedule the fill and drain may hide: the stage's own t + 7 w.
        Plan any = planOf(1, 4, 1, 1, 8);
        any.anySchedule = true;
        const auto anyPa = analyzePlan(whole, any);
        QVERIFY(anyPa);
        QVERIFY(nearRel(anyPa->levels[kFused].deviceSeconds, t + 7 * w, 1e-9));
        // Sixteen micro-batches are slower, not faster: 4 t + 15 w.
        const auto sixteen = analyzePlan(whole, planOf(1, 4, 1, 1, 16));
        QVERIFY(sixteen);
        QVERIFY(nearRel(sixteen->levels[kFused].deviceSeconds, 4 * t + 15 * w, 1e-9));
    }

    void stagesRunAsTheProgram()
    {
        // The traced LLaMA block cut into 3 stages runs as the block does; a stage that loses a statement does not.
        const AnalysisResult block = analyzed("llama_block_traced.alir", "h100-sxm");
        std::vector<double> cost(block.program.body.size(), 1.0);
        auto stages = cutStages(block.program, block.sizes, cost, 3);
        QVERIFY2(stages, stages ? "" : formatAll(stages.diagnostics()).c_str());
        QCOMPARE(stages->size(), size_t(3));
        const auto ok = validateStages(block.program, *stages, {});
        QVERIFY2(ok && ok->ok, ok ? ok->detail.c_str() : formatAll(ok.diagnostics()).c_str());
        auto broken = *stages;
        broken[1].program.body.pop_back();
        const auto bad = validateStages(block.program, broken, {});
        QVERIFY(!bad || !bad->ok);
    }

    void cutsWeighTheirSends()
    {
        // Issue 48: a cut that balances the stages best may send a layer's cache. cut_choice.alir's two layers, the
        // second heavier (the statements' costs below, seconds): the most balanced 2-stage cut falls before the
        // second layer's last statement (3.9 | 2.0) and sends its appended cache K2 (1,001 x 48 x 4 = 192,192 B),
        // its scores s2 (4,004 B) and the residual H1 (192 B). With a link at 192,192 B/s (the cache takes 1 s) the
        // cut moves to where the two stages and the send take least: after the second layer's key projection
        // (1.8 | 4.1, sending H1 and k2, 384 B: 4.102 s against 4.92 s, and 4.301 s at the layer boundary).
        const ir::Program p = testutil::parseOk(testutil::readData("alir/cut_choice.alir"));
        const auto sizes = ir::bindSizes(p, {});
        QVERIFY(sizes);
        const std::vector<double> cost {0.5, 0.05, 0.05, 0.5, 0.5, 0.2, 0.05, 0.05, 2, 2};
        QCOMPARE(p.body.size(), cost.size());
        const auto balanced = cutStages(p, *sizes, cost, 2);
        QVERIFY2(balanced, balanced ? "" : formatAll(balanced.diagnostics()).c_str());
        QCOMPARE(balanced->front().last, 9);
        QCOMPARE(balanced->front().sendBytes, 192192.0 + 4004 + 192);
        const auto weighed = cutStages(p, *sizes, cost, 2, 192192.0);
        QVERIFY2(weighed, weighed ? "" : formatAll(weighed.diagnostics()).c_str());
        QCOMPARE(weighed->front().last, 6);
        QCOMPARE(weighed->front().sendBytes, 2 * 48 * 4.0);
        const auto ok = validateStages(p, *weighed, {});
        QVERIFY2(ok && ok->ok, ok ? ok->detail.c_str() : formatAll(ok.diagnostics()).c_str());
    }

    void pipelineWithTensorParallel()
    {
        // The C.5 MLP cut into 2 stages of 4 devices: the second stage receives R split as the first left it, so
        // it splits W2 by rows and all-reduces Y (Megatron's split across the cut), and each device sends its block.
        const AnalysisResult whole = analyzed("mlp_c5.alir", "h100-sxm");
        const auto pa = analyzePlan(whole, planOf(4, 2, 1, 1));
        QVERIFY2(pa, pa ? "" : formatAll(pa.diagnostics()).c_str());
        QCOMPARE(pa->stages.size(), size_t(2));
        const auto& second = pa->stages[1].tensor.split;
        QCOMPARE(second.inputs.at("R").kind, Placement::Sharded);
        QCOMPARE(second.inputs.at("W2").dim, 1);
        QCOMPARE(second.exchanges.size(), size_t(1));
        QCOMPARE(second.exchanges[0].collective.kind, CollectiveKind::AllReduce);
        QCOMPARE(pa->stages[0].microSendBytes, 256.0 * 16384 * 2);
        QVERIFY(nearRel(pa->stages[0].send.seconds, 256.0 * 16384 * 2 / 4 / 450e9));
        QVERIFY(pa->validated());
        QVERIFY(pa->stages[0].tensor.validation && pa->stages[1].tensor.validation);
    }

    void dataParallelGradients()
    {
        // One training step of a linear layer (B 4096, I 2048, O 1024, f32) over 4 replicas: X and dY cut by rows,
        // dW left as partial sums and all-reduced: 1024 x 2048 x 4 B through NVLink SHARP.
        const AnalysisResult whole = analyzed("linear_train_step.alir", "h100-sxm");
        Plan plan = planOf(1, 1, 4, 1);
        plan.optimizer = "adam";
        const auto pa = analyzePlan(whole, plan);
        QVERIFY2(pa, pa ? "" : formatAll(pa.diagnostics()).c_str());
        QCOMPARE(pa->dataSplit.inputs.at("X").kind, Placement::Sharded);
        QCOMPARE(pa->dataSplit.inputs.at("dY").dim, 0);
        QCOMPARE(pa->dataSplit.inputs.at("W").kind, Placement::Replicated);
        QCOMPARE(pa->dataCollectives.size(), size_t(1));
        const auto& c = pa->dataCollectives[0];
        QCOMPARE(c.exchange.collective.kind, CollectiveKind::AllReduce);
        QCOMPARE(c.exchange.source, std::string("dW"));
        QCOMPARE(c.exchange.collective.bytes, 1024.0 * 2048 * 4);
        QVERIFY(nearRel(c.bound.seconds, 1024.0 * 2048 * 4 / 450e9));
        QCOMPARE(solar::totalMacs(pa->stages[0].tensor.device.graph), 3.0 * 4096 * 2048 * 1024 / 4);
        QVERIFY(pa->dataValidation && pa->dataValidation->ok);
        // Adam: 12 B per parameter.
        QCOMPARE(pa->memory.optimizerBytes, 1024.0 * 2048 * 12);
        // Once a step: overlapped it hides behind the compute or binds; serialised it comes after.
        const auto& f = pa->levels[kFused];
        QVERIFY(nearRel(f.serialSeconds, f.deviceSeconds + c.bound.seconds, 1e-12));
        QVERIFY(nearRel(f.overlappedSeconds, std::max(f.deviceSeconds, c.bound.seconds), 1e-12));

        // tp 8 x dp 2: the replicas sit on two nodes, the all-reduce crosses InfiniBand: per device the buffer
        // goes out once (2 nodes: a ring's 2(n-1)/n is 1) over its 50 GB/s port.
        const auto across = analyzePlan(whole, planOf(8, 1, 2, 1));
        QVERIFY2(across, across ? "" : formatAll(across.diagnostics()).c_str());
        QCOMPARE(across->dataCollectives.size(), size_t(1));
        const auto& x = across->dataCollectives[0];
        QVERIFY(x.bound.interNode);
        QCOMPARE(x.stride, 8);
        const double ib = shippedProfile("h100-sxm").interconnect->interNode->bandwidthBps.value;
        QVERIFY(nearRel(x.bound.seconds, x.exchange.collective.bytes / ib));
    }

    void contextParallelAttention()
    {
        // Causal attention cut along its query rows over 2 devices: K and V are read across the cut, so they are
        // all-gathered and the scores still split by rows; the recombined output equals the original.
        const AnalysisResult whole = analyzed("causal_attention.alir", "h100-sxm");
        Plan plan = planOf(1, 1, 1, 2);
        plan.cpDim = 0;
        const auto pa = analyzePlan(whole, plan);
        QVERIFY2(pa, pa ? "" : formatAll(pa.diagnostics()).c_str());
        QCOMPARE(pa->dataCollectives.size(), size_t(2));
        for (const auto& c : pa->dataCollectives) {
            QCOMPARE(c.exchange.collective.kind, CollectiveKind::AllGather);
            QCOMPARE(c.exchange.collective.bytes, 6.0 * 4 * 4); // T x D f32, whole
        }
        QCOMPARE(pa->dataSplit.outputs.at("O").kind, Placement::Sharded);
        QVERIFY(pa->dataValidation && pa->dataValidation->ok);

        // A traced LLaMA block (batch, sequence, hidden), sequence cut over 2 and heads over 2: validated.
        const AnalysisResult block = analyzed("llama_block_traced.alir", "h100-sxm");
        const auto both = analyzePlan(block, planOf(2, 1, 1, 2));
        QVERIFY2(both, both ? "" : formatAll(both.diagnostics()).c_str());
        QVERIFY(both->dataValidation && both->dataValidation->ok);
        QVERIFY(both->validated());
        QVERIFY(!both->dataCollectives.empty());
    }

    void expertParallelAllToAll()
    {
        // A top-1 mixture of experts (12 tokens, hidden 6, 4 experts, f32) over 2 devices: each holds 6 tokens and 2
        // of the 4 experts. The routed rows come from their tokens all-to-all (each device's 6 x 6 x 4 = 144 B block;
        // evenly routed, half of it to the other device: 72 B each way over NVLink), and go back the same way; the router's weight
        // stays whole; the recombined output equals the original's for the routing the random inputs give.
        const AnalysisResult whole = analyzed("moe_top1.alir", "h100-sxm");
        Plan plan;
        plan.ep = 2;
        const auto pa = analyzePlan(whole, plan);
        QVERIFY2(pa, pa ? "" : formatAll(pa.diagnostics()).c_str());
        QCOMPARE(pa->experts, (std::vector<std::string> {"W1", "W2"}));
        const double nvlink = shippedProfile("h100-sxm").interconnect->intraNode.bandwidthBps.value;
        int allToAll = 0;
        for (const auto& c : pa->dataCollectives) {
            if (c.exchange.collective.kind != CollectiveKind::AllToAll)
                continue;
            ++allToAll;
            QVERIFY(c.exchange.source == "X" || c.exchange.source == "Ys"); // dispatch and combine
            QCOMPARE(c.exchange.collective.bytes, 6.0 * 6 * 4);
            // Issue 48: the bound is the least any routing sends (each token's expert on its own device: nothing);
            // an even spread, half of each block to the other device, is the estimate beside it.
            QCOMPARE(c.bound.linkBytes, 0.0);
            QCOMPARE(c.bound.seconds, 0.0);
            QVERIFY(c.evenRouting);
            QCOMPARE(c.evenRouting->linkBytes, 3.0 * 6 * 4);
            QVERIFY(nearRel(c.evenRouting->seconds, 3.0 * 6 * 4 / nvlink));
        }
        QCOMPARE(allToAll, 2);
        QVERIFY(pa->dataValidation && pa->dataValidation->ok);
        // Held: half the tokens (144 B), the router (4 x 6 x 4 B) and half of each expert matrix (2 x 960 B / 2).
        QCOMPARE(pa->memory.heldBytes, 144.0 + 96 + 960);
        // 5 devices do not divide 12 tokens; 3 divide them but not the 4 experts; a program without routed weights
        // has no experts to place.
        plan.ep = 5;
        QVERIFY(!analyzePlan(whole, plan));
        plan.ep = 3;
        const auto three = analyzePlan(whole, plan);
        QVERIFY(!three);
        QVERIFY2(three.diagnostics().front().message.find("the 4 experts of W1 do not divide into 3") != std::string::npos,
                 three.diagnostics().front().message.c_str());
        // Issue 48: experts that fit only once divided. 8 experts of H = 32,768 and F = 40,960 in f32 are 2 x 8 x
        // 40,960 x 32,768 x 4 B = 85.9 GB, over one H100's 80 GB; at ep 8 a device holds 1/8 of them (10.7 GB) and
        // fits, and no note says otherwise (the tensor split keeps experts whole per device, and its own fit note
        // is not the plan's).
        const AnalysisResult big = analyzed("moe_top1.alir", "h100-sxm", {{"T", 16}, {"H", 32768}, {"E", 8}, {"F", 40960}});
        plan.ep = 8;
        const auto wide = analyzePlan(big, plan);
        QVERIFY2(wide, wide ? "" : formatAll(wide.diagnostics()).c_str());
        const double experts = 2 * 8 * 40960.0 * 32768 * 4;
        QVERIFY(experts > wide->capacityBytes);
        QVERIFY(wide->memory.heldBytes >= experts / 8 && wide->memory.heldBytes < experts / 8 + 1e9);
        QVERIFY(wide->fits());
        for (const auto& n : wide->notes)
            QVERIFY2(n.find("does not fit") == std::string::npos, n.c_str());
        plan.ep = 2;
        const auto dense = analyzePlan(analyzed("mlp_c5.alir", "h100-sxm"), plan);
        QVERIFY(!dense);
        QVERIFY(dense.diagnostics().front().message.find("routed index") != std::string::npos);
    }

    void memoryPerDevice()
    {
        // Four 131072 x 131072 bf16 layers: 34.4 GB each. Two stages hold two each (68.7 GB): they fit in 80 GB.
        // With Adam's 12 B per parameter a stage of one layer needs 34.4 + 206 GB: it does not, and says so.
        const AnalysisResult whole = analyzed("four_layers.alir", "h100-sxm", {{"D", 131072}});
        const double weight = 131072.0 * 131072 * 2;
        const auto two = analyzePlan(whole, planOf(1, 2, 1, 1));
        QVERIFY2(two, two ? "" : formatAll(two.diagnostics()).c_str());
        QVERIFY(two->memory.heldBytes >= 2 * weight);
        QVERIFY(two->fits());
        Plan training = planOf(1, 4, 1, 1);
        training.optimizer = "adam";
        const auto four = analyzePlan(whole, training);
        QVERIFY(four);
        QCOMPARE(four->memory.optimizerBytes, 131072.0 * 131072 * 12);
        QVERIFY(!four->fits());
        QVERIFY(std::any_of(four->notes.begin(), four->notes.end(), [](const std::string& n) { return n.rfind("does not fit", 0) == 0; }));
    }

    void badPlans()
    {
        const AnalysisResult step = analyzed("linear_train_step.alir", "h100-sxm");
        auto three = analyzePlan(step, planOf(1, 1, 3, 1));
        QVERIFY(!three);
        QVERIFY2(three.diagnostics().front().message.find("4096") != std::string::npos
                     && three.diagnostics().front().message.find("does not divide into 3") != std::string::npos,
                 three.diagnostics().front().message.c_str());
        const AnalysisResult layers = analyzed("four_layers.alir", "h100-sxm");
        auto five = analyzePlan(layers, planOf(1, 5, 1, 1));
        QVERIFY(!five);
        QVERIFY2(five.diagnostics().front().message.find("cut at only 3 places") != std::string::npos,
                 five.diagnostics().front().message.c_str());
        // MI300X states no inter-node link: 16 devices cannot be joined.
        const AnalysisResult mi = analyzed("four_layers.alir", "mi300x");
        auto sixteen = analyzePlan(mi, planOf(8, 2, 1, 1));
        QVERIFY(!sixteen);
        QVERIFY(sixteen.diagnostics().front().message.find("16 devices") != std::string::npos);
        auto zero = analyzePlan(layers, planOf(1, 0, 1, 1));
        QVERIFY(!zero);
        QVERIFY(zero.diagnostics().front().message.find("pp is 0") != std::string::npos);
    }

    void planFiles()
    {
        auto ok = parsePlan(R"({"tp": 8, "pp": 2, "micro_batches": 16, "optimizer": "adam", "zero": 1, "dp": 4})", "p.json");
        QVERIFY(ok);
        QCOMPARE(ok->devices(), 64);
        QCOMPARE(ok->microBatches, 16);
        QVERIFY(ok->shardOptimizer);
        QCOMPARE(ok->text(), std::string("tp 8 x pp 2 x dp 4 (16 micro-batches)"));
        auto unknown = parsePlan("{\n  \"tp\": 8,\n  \"sp\": 8\n}", "p.json");
        QVERIFY(!unknown);
        QCOMPARE(unknown.diagnostics().front().loc.line, 3);
        QCOMPARE(unknown.diagnostics().front().loc.column, 3);
        QVERIFY(unknown.diagnostics().front().message.find("\"sp\" is not a plan field") != std::string::npos);
        auto broken = parsePlan("{\"tp\": 8,", "p.json");
        QVERIFY(!broken);
        QVERIFY(broken.diagnostics().front().message.find("not valid JSON") != std::string::npos);
        QVERIFY(!parsePlan(R"({"tp": "eight"})", "p.json"));
        QVERIFY(!parsePlan(R"({"pp": 0})", "p.json"));
        QVERIFY(!parsePlan(R"({"optimizer": "lion"})", "p.json"));
        QVERIFY(!parsePlan(R"({"zero": 1})", "p.json"));
        QVERIFY(!parsePlan("[1, 2]", "p.json"));
        // Issue 48: a key given twice is refused where the second one stands (nlohmann alone keeps the last).
        auto twice = parsePlan("{\n  \"tp\": 8,\n  \"pp\": 2,\n  \"tp\": 2\n}", "p.json");
        QVERIFY(!twice);
        QCOMPARE(twice.diagnostics().front().loc.line, 4);
        QCOMPARE(twice.diagnostics().front().loc.column, 3);
        QVERIFY(twice.diagnostics().front().message.find("\"tp\" is given twice") != std::string::npos);
        // Micro-batches without a pipeline (gradient accumulation) are refused as the CLI's flags are, not a step
        // multiplied by them.
        auto accumulation = parsePlan(R"({"dp": 4, "micro_batches": 8, "optimizer": "adam"})", "p.json");
        QVERIFY(!accumulation);
        QVERIFY(accumulation.diagnostics().front().message.find("micro_batches goes with pp > 1") != std::string::npos);
        QVERIFY(parsePlan(R"({"dp": 4, "micro_batches": 1, "optimizer": "adam"})", "p.json"));
        // The schedule class the bound holds for: contiguous 1F1B by default, any when the plan says so.
        const auto scheduled = parsePlan(R"({"pp": 2, "micro_batches": 4, "schedule": "zero-bubble"})", "p.json");
        QVERIFY(scheduled && scheduled->anySchedule);
        QCOMPARE(scheduled->text(), std::string("pp 2 (4 micro-batches, any schedule)"));
        QVERIFY(!parsePlan(R"({"pp": 2, "schedule": "chimera"})", "p.json"));
        QVERIFY(!parsePlan(R"({"schedule": "any"})", "p.json"));
        QVERIFY(!ok->anySchedule);
    }
};

QTEST_GUILESS_MAIN(TestPlan)
#include "tst_plan.moc"
