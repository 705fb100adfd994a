// SPDX-License-Identifier: MIT
// Many devices (docs/parallel.md): collectives' bounds by hand on the shipped links; the tensor-parallel split of
// hand-written programs (which tensors each device holds, which collectives of how many bytes, the per-device
// counts) against hand counts; the split programs run and recombined against the original, and a broken split
// caught; the interconnect fields of profiles read, checked and written back.
#include "engine/analysis/analysis.h"
#include "engine/hw/registry.h"
#include "engine/ir/bindings.h"
#include "engine/ir/printer.h"
#include "engine/parallel/parallelanalysis.h"
#include "paralleltestutil.h"
#include "testutil.h"

#include <QTest>

#include <cmath>
#include <functional>

using namespace solar;
using namespace solar::parallel;

namespace {

const hw::HwProfile& profile(const std::string& id)
{
    return testutil::shippedProfile(id);
}

bool near(double a, double b, double rel = 1e-12)
{
    return testutil::nearRel(a, b, rel);
}

// The traced shape of nn.Linear -> ReLU -> nn.Linear -> softmax (solar trace tests/data/py/mlp.py --format alir).
const char* kTracedMlp = R"(kernel mlp(d_hidden=64, d_in=32, d_out=16) {
  weight fc1_bias: f32[d_hidden];
  weight fc1_weight: f32[d_hidden, d_in];
  in input0: f32[8, d_in];
  tmp t6: f32[8, d_hidden];
  tmp t7: f32[8, d_hidden];
  weight fc2_bias: f32[d_out];
  weight fc2_weight: f32[d_out, d_hidden];
  tmp t10: f32[8, d_out];
  tmp t11_max: f32[8, 1];
  tmp t11_sum: f32[8, 1];
  out t11: f32[8, d_out];
  for _i0 in 0..8, _i1 in 0..d_hidden {
    t6[_i0, _i1] = fc1_bias[_i1];
    for _k in 0..d_in { t6[_i0, _i1] += input0[_i0, _k] * fc1_weight[_i1, _k]; }
  }
  for _i0 in 0..8, _i1 in 0..d_hidden {
    t7[_i0, _i1] = relu(t6[_i0, _i1]);
  }
  for _i0 in 0..8, _i1 in 0..d_out {
    t10[_i0, _i1] = fc2_bias[_i1];
    for _k in 0..d_hidden { t10[_i0, _i1] += t7[_i0, _k] * fc2_weight[_i1, _k]; }
  }
  for _i0 in 0..8 {
    t11_max[_i0, 0] = -inf;
    for _r0 in 0..d_out { t11_max[_i0, 0] max= t10[_i0, _r0]; }
    t11_sum[_i0, 0] = 0;
    for _r0 in 0..d_out { t11_sum[_i0, 0] += exp(t10[_i0, _r0] - t11_max[_i0, 0]); }
    for _r0 in 0..d_out { t11[_i0, _r0] = exp(t10[_i0, _r0] - t11_max[_i0, 0]) / t11_sum[_i0, 0]; }
  }
}
)";

// A column-parallel linear, then statistics over its split features: the sum is a partial sum per device.
const char* kColumnThenStats = R"(kernel stats(B=6, K=10, N=12) {
  in X: f32[B, K];
  weight W: f32[N, K];
  tmp Y: f32[B, N];
  tmp S: f32[B];
  out Z: f32[B, N];
  for b in 0..B, n in 0..N {
    Y[b, n] = 0;
    for k in 0..K { Y[b, n] += X[b, k] * W[n, k]; }
  }
  for b in 0..B {
    S[b] = 0;
    for n in 0..N { S[b] += Y[b, n] * Y[b, n]; }
  }
  for b in 0..B, n in 0..N { Z[b, n] = Y[b, n] / (S[b] + 1.0); }
}
)";

// The same features normalised by their maximum in one statement: a max over the split features and a read of it
// in the same nest cannot be split, so the nest reads Y whole after an all-gather.
const char* kColumnThenMax = R"(kernel maxnorm(B=6, K=10, N=12) {
  in X: f32[B, K];
  weight W: f32[N, K];
  tmp Y: f32[B, N];
  tmp M: f32[B];
  out Z: f32[B, N];
  for b in 0..B, n in 0..N {
    Y[b, n] = 0;
    for k in 0..K { Y[b, n] += X[b, k] * W[n, k]; }
  }
  for b in 0..B {
    M[b] = -inf;
    for n in 0..N { M[b] max= Y[b, n]; }
    for n in 0..N { Z[b, n] = Y[b, n] - M[b]; }
  }
}
)";

TensorParallelSplit splitOk(const ir::Program& p, int n, const std::map<std::string, std::int64_t>& sizes = {})
{
    auto bound = ir::bindSizes(p, sizes);
    if (!bound)
        qFatal("%s", formatAll(bound.diagnostics()).c_str());
    auto s = splitTensorParallel(p, *bound, n);
    if (!s)
        qFatal("%s", formatAll(s.diagnostics()).c_str());
    return std::move(*s);
}

Placement::Kind kindOf(const std::map<std::string, Placement>& m, const std::string& t)
{
    const auto it = m.find(t);
    return it == m.end() ? Placement::Replicated : it->second.kind;
}

} // namespace

class TestParallel : public QObject
{
    Q_OBJECT

private slots:
    void testCollectivesByHand()
    {
        const auto& h100 = profile("h100-sxm");
        const auto& a100 = profile("a100-sxm");
        const double mib2 = 2.0 * 1024 * 1024, mib16 = 16.0 * 1024 * 1024;
        // NVLink SHARP reduces in the switch: one buffer each way.
        QVERIFY(near(boundCollective({CollectiveKind::AllReduce, "Y", "", mib2, 4, 1}, h100).seconds, mib2 / 450e9));
        // A100's NVSwitch does not: a ring's 2(n-1)/n.
        QVERIFY(near(boundCollective({CollectiveKind::AllReduce, "Y", "", mib2, 4, 1}, a100).seconds, 2 * 3.0 / 4 * mib2 / 300e9));
        QVERIFY(near(boundCollective({CollectiveKind::AllGather, "Y", "", 8 * mib2, 8, 1}, h100).seconds, 7.0 / 8 * 8 * mib2 / 450e9));
        QVERIFY(near(boundCollective({CollectiveKind::ReduceScatter, "Y", "", mib2, 2, 1}, a100).seconds, 0.5 * mib2 / 300e9));
        QVERIFY(near(boundCollective({CollectiveKind::AllToAll, "E", "", 1e6, 8, 1}, profile("mi300x")).seconds, 7.0 / 8 * 1e6 / 448e9));
        QVERIFY(near(boundCollective({CollectiveKind::SendRecv, "A", "", 1e6, 2, 1}, h100).seconds, 1e6 / 450e9));
        QCOMPARE(boundCollective({CollectiveKind::AllReduce, "Y", "", mib2, 1, 1}, h100).seconds, 0.0);
        // Two HGX H100 nodes: a device feeds NVLink and its own 400 Gb/s port (16 MiB / 500 GB/s = 33.6 us), each
        // node's reduced buffer leaves through 8 ports with SHARP (16 MiB / 8 / 50 GB/s = 41.9 us): the ports bind.
        const auto two = boundCollective({CollectiveKind::AllReduce, "G", "", mib16, 16, 1}, h100);
        QVERIFY(two.interNode);
        QVERIFY(near(two.intraSeconds, mib16 / 500e9));
        QVERIFY(near(two.interSeconds, mib16 / 8 / 50e9));
        QVERIFY(near(two.seconds, two.interSeconds));
        QCOMPARE(two.binding, std::string("inter-node link"));
        // All-to-all over two nodes: half of each device's buffer leaves the node, over its own port.
        const auto a2a = boundCollective({CollectiveKind::AllToAll, "E", "", mib16, 16, 1}, h100);
        QVERIFY(near(a2a.interSeconds, 0.5 * mib16 / 50e9));
        QVERIFY(near(a2a.intraSeconds, 15.0 / 16 * mib16 / 500e9));
    }

    void testPlanErrorsNameTheNumbers()
    {
        QVERIFY(!planError(profile("h100-sxm"), 8));
        QVERIFY(!planError(profile("h100-sxm"), 16)); // two nodes over InfiniBand
        const auto mi = planError(profile("mi300x"), 16);
        QVERIFY(mi && mi->find("joins 8") != std::string::npos && mi->find("16 devices") != std::string::npos);
        const auto pcie = planError(profile("h100-pcie"), 2);
        QVERIFY(pcie && pcie->find("no link") != std::string::npos);
        QVERIFY(planError(profile("h100-sxm"), 0));
        QVERIFY(!planError(profile("h100-pcie"), 1));
    }

    void testMlpColumnThenRowByHand()
    {
        // sol-model.md C.5 over 4 devices: W1 split by rows (its 16384 outputs), W2 by columns, one all-reduce of Y.
        const ir::Program p = testutil::parseOk(testutil::readData("alir/mlp_c5.alir"));
        const TensorParallelSplit s = splitOk(p, 4);
        QCOMPARE(s.inputs.at("W1").kind, Placement::Sharded);
        QCOMPARE(s.inputs.at("W1").dim, 0);
        QCOMPARE(s.inputs.at("W2").kind, Placement::Sharded);
        QCOMPARE(s.inputs.at("W2").dim, 1);
        QCOMPARE(s.inputs.at("X").kind, Placement::Replicated);
        QCOMPARE(s.outputs.at("Y").kind, Placement::Partial);
        QCOMPARE(s.exchanges.size(), size_t(1));
        QCOMPARE(s.exchanges[0].collective.kind, CollectiveKind::AllReduce);
        QCOMPARE(s.exchanges[0].collective.bytes, 256.0 * 4096 * 2); // Y, bf16
        QCOMPARE(s.splitStatements, 3);

        auto whole = analyzeProgram(p, profile("h100-sxm"));
        QVERIFY(whole);
        auto pa = analyzeTensorParallel(*whole, 4);
        QVERIFY2(pa, pa ? "" : formatAll(pa.diagnostics()).c_str());
        // Per device: a quarter of the 2 x 256 x 4096 x 16384 MACs.
        QCOMPARE(totalMacs(pa->device.graph), 2.0 * 256 * 4096 * 16384 / 4);
        QCOMPARE(totalMacs(pa->device.graph) * 4, totalMacs(whole->graph));
        // Fused DRAM bytes per device: X (2 MiB) + a quarter of W1 and of W2 (32 MiB each) + Y's partial sums (2 MiB).
        const double bytes = 256.0 * 4096 * 2 + 2 * (16384.0 * 4096 * 2 / 4) + 256.0 * 4096 * 2;
        QCOMPARE(pa->device.ladder.at(bounds::Level::Fused).bytes, bytes);
        QCOMPARE(pa->residentBytes, 256.0 * 4096 * 2 + 2 * (16384.0 * 4096 * 2 / 4));
        // The all-reduce of 2 MiB through NVLink SHARP.
        QVERIFY(near(pa->communicationSeconds, 256.0 * 4096 * 2 / 450e9));
        const auto& fused = pa->levels[static_cast<size_t>(bounds::Level::Fused)];
        QVERIFY(near(fused.overlappedSeconds, std::max(fused.deviceSeconds, pa->communicationSeconds)));
        QVERIFY(near(fused.serialSeconds, fused.deviceSeconds + pa->communicationSeconds));
        QVERIFY(pa->validation && pa->validation->ok);
        QVERIFY2(pa->validation->detail.find("B=8, D=12, H=16") != std::string::npos, pa->validation->detail.c_str());
    }

    void testTracedMlpWithBiasesValidates_data()
    {
        QTest::addColumn<int>("devices");
        QTest::addColumn<int>("hidden");
        QTest::newRow("4 devices, hidden 12") << 4 << 12;
        QTest::newRow("2 devices, hidden 10") << 2 << 10;
        QTest::newRow("3 devices, hidden 9") << 3 << 9;
    }

    void testTracedMlpWithBiasesValidates()
    {
        QFETCH(int, devices);
        QFETCH(int, hidden);
        const ir::Program p = testutil::parseOk(kTracedMlp);
        const std::map<std::string, std::int64_t> sizes {{"d_hidden", hidden}, {"d_in", 7}, {"d_out", 5}};
        const TensorParallelSplit s = splitOk(p, devices, sizes);
        QCOMPARE(s.inputs.at("fc1_weight").dim, 0);
        QCOMPARE(s.inputs.at("fc1_bias").dim, 0);
        QCOMPARE(s.inputs.at("fc2_weight").dim, 1);
        QCOMPARE(kindOf(s.inputs, "fc2_bias"), Placement::Replicated); // added once, on device 0
        QCOMPARE(s.deviceParam, std::string("tp_device"));
        QCOMPARE(s.exchanges.size(), size_t(1)); // t10's partial sums, before the softmax
        QCOMPARE(s.exchanges[0].source, std::string("t10"));
        QCOMPARE(s.exchanges[0].collective.bytes, 8.0 * 5 * 4);
        QCOMPARE(s.outputs.at("t11").kind, Placement::Replicated);
        const auto v = validateSplit(p, s, sizes, 7);
        QVERIFY(v);
        QVERIFY2(v->ok, v->detail.c_str());
        QVERIFY(v->maxRelativeError < 1e-9);
    }

    void testBrokenSplitIsCaught()
    {
        // The bias on every device instead of device 0: the recombined sums count it `devices` times.
        const ir::Program p = testutil::parseOk(kTracedMlp);
        const std::map<std::string, std::int64_t> sizes {{"d_hidden", 12}, {"d_in", 7}, {"d_out", 5}};
        TensorParallelSplit s = splitOk(p, 4, sizes);
        bool broken = false;
        std::function<void(ir::Stmt&)> unselect = [&](ir::Stmt& st) {
            if (st.kind == ir::StmtKind::Assign && st.value.kind == ir::ExprKind::Select) {
                ir::Expr v = st.value.args[1];
                st.value = v;
                broken = true;
            }
            for (auto& b : st.body)
                unselect(b);
        };
        for (auto& st : s.device.body)
            unselect(st);
        QVERIFY(broken);
        const auto v = validateSplit(p, s, sizes, 7);
        QVERIFY(v);
        QVERIFY(!v->ok);
        QVERIFY2(v->detail.find("t11 differs") != std::string::npos, v->detail.c_str());
    }

    void testStatisticsOverSplitFeatures()
    {
        const ir::Program p = testutil::parseOk(kColumnThenStats);
        const TensorParallelSplit s = splitOk(p, 3);
        QCOMPARE(s.inputs.at("W").dim, 0);
        QCOMPARE(s.exchanges.size(), size_t(1));
        QCOMPARE(s.exchanges[0].source, std::string("S")); // 6 floats of partial sums
        QCOMPARE(s.exchanges[0].collective.bytes, 6.0 * 4);
        QCOMPARE(s.outputs.at("Z").kind, Placement::Sharded);
        QCOMPARE(s.outputs.at("Z").dim, 1);
        const auto v = validateSplit(p, s, {}, 3);
        QVERIFY(v && v->ok);
    }

    void testUnsplittableNestGathers()
    {
        const ir::Program p = testutil::parseOk(kColumnThenMax);
        const TensorParallelSplit s = splitOk(p, 4);
        QCOMPARE(s.splitStatements, 1);
        QCOMPARE(s.replicatedStatements, 1);
        QCOMPARE(s.exchanges.size(), size_t(1));
        QCOMPARE(s.exchanges[0].collective.kind, CollectiveKind::AllGather);
        QCOMPARE(s.exchanges[0].collective.bytes, 6.0 * 12 * 4); // Y whole
        QCOMPARE(s.notes.size(), size_t(1));
        QVERIFY(s.notes[0].find("runs whole on every device") != std::string::npos);
        const auto v = validateSplit(p, s, {{"B", 5}, {"K", 7}, {"N", 8}}, 11);
        QVERIFY(v);
        QVERIFY2(v->ok, v->detail.c_str());
    }

    void testTracedDecoderBlockIsMegatron()
    {
        // A traced LLaMA block (RMSNorm, rotary embeddings read at an offset, grouped-query attention read through a
        // flattened view's // and %, SwiGLU) over 2 devices: q/k/v/gate/up split by output features, o and down by
        // input features, the norms whole, and exactly the two all-reduces of Megatron's layer, each of the
        // [2, 32, 64] f32 residual stream = 16,384 B.
        const ir::Program p = testutil::parseOk(testutil::readData("alir/llama_block_traced.alir"));
        const TensorParallelSplit s = splitOk(p, 2);
        for (const char* w : {"q_weight", "k_weight", "v_weight", "gate_weight", "up_weight"}) {
            QCOMPARE(s.inputs.at(w).kind, Placement::Sharded);
            QCOMPARE(s.inputs.at(w).dim, 0);
        }
        for (const char* w : {"o_weight", "down_weight"}) {
            QCOMPARE(s.inputs.at(w).kind, Placement::Sharded);
            QCOMPARE(s.inputs.at(w).dim, 1);
        }
        QCOMPARE(s.inputs.at("norm1_weight").kind, Placement::Replicated);
        QCOMPARE(s.inputs.at("input0").kind, Placement::Replicated);
        QCOMPARE(s.exchanges.size(), size_t(2));
        for (const auto& x : s.exchanges) {
            QCOMPARE(x.collective.kind, CollectiveKind::AllReduce);
            QCOMPARE(x.collective.bytes, 2.0 * 32 * 64 * 4);
        }
        QVERIFY(s.notes.empty());
        const auto v = validateSplit(p, s, {}, 5);
        QVERIFY(v);
        QVERIFY2(v->ok, v->detail.c_str());
        // With 4 devices the 2 key/value heads do not divide: k and v are gathered, and the notes say where.
        const TensorParallelSplit four = splitOk(p, 4);
        int gathers = 0;
        for (const auto& x : four.exchanges)
            gathers += x.collective.kind == CollectiveKind::AllGather;
        QCOMPARE(gathers, 2);
        QVERIFY(!four.notes.empty());
        const auto v4 = validateSplit(p, four, {}, 5);
        QVERIFY(v4 && v4->ok);
    }

    void testConvolutionsWithSeparateBiasesAndInPlaceRelu()
    {
        // KernelBench's SqueezeNet fire module as traced: the squeeze convolution split by output channels (its
        // bias written before its loops splits with it), both expand convolutions by input channels with their
        // biases kept on device 0, relu in place after each all-reduce (a new version of the tensor: the collective
        // keeps the sums it read), then the concatenation. Two all-reduces of [B, 64, H, W] f32.
        const ir::Program p = testutil::parseOk(testutil::readData("alir/squeeze_fire_traced.alir"));
        const std::map<std::string, std::int64_t> sizes {
            {"batch_size", 2}, {"expand1x1_channels", 4}, {"expand3x3_channels", 6}, {"height", 5}, {"width", 3}};
        const TensorParallelSplit s = splitOk(p, 2, sizes);
        QCOMPARE(s.inputs.at("squeeze_weight").dim, 0);
        QCOMPARE(s.inputs.at("squeeze_bias").dim, 0);
        QCOMPARE(s.inputs.at("expand1x1_weight").dim, 1);
        QCOMPARE(s.inputs.at("expand3x3_weight").dim, 1);
        QCOMPARE(kindOf(s.inputs, "expand1x1_bias"), Placement::Replicated);
        QCOMPARE(s.exchanges.size(), size_t(2));
        QCOMPARE(s.exchanges[0].collective.bytes, 2.0 * 4 * 5 * 3 * 4);
        QCOMPARE(s.exchanges[1].collective.bytes, 2.0 * 6 * 5 * 3 * 4);
        const auto v = validateSplit(p, s, sizes, 9);
        QVERIFY(v);
        QVERIFY2(v->ok, v->detail.c_str());
    }

    void testNothingToSplit()
    {
        // No weight, no contraction: every device runs the whole program, and says so.
        const ir::Program p = testutil::parseOk(testutil::readData("alir/softmax.alir"));
        auto whole = analyzeProgram(p, profile("h100-sxm"));
        QVERIFY(whole);
        auto pa = analyzeTensorParallel(*whole, 2);
        QVERIFY(pa);
        QVERIFY(pa->split.exchanges.empty());
        QCOMPARE(pa->communicationSeconds, 0.0);
        QCOMPARE(pa->device.ladder.at(bounds::Level::Fused).seconds, whole->ladder.at(bounds::Level::Fused).seconds);
        QVERIFY(std::any_of(pa->notes.begin(), pa->notes.end(),
                            [](const std::string& n) { return n.find("nothing was split") != std::string::npos; }));
    }

    void testBadPlans()
    {
        const ir::Program p = testutil::parseOk(testutil::readData("alir/mlp_c5.alir"));
        auto bound = ir::bindSizes(p);
        QVERIFY(bound);
        QVERIFY(!splitTensorParallel(p, *bound, 0));
        auto whole = analyzeProgram(p, profile("mi300x"));
        QVERIFY(whole);
        const auto over = analyzeTensorParallel(*whole, 16);
        QVERIFY(!over);
        QVERIFY(over.diagnostics().front().message.find("joins 8") != std::string::npos);
        // 7 does not divide the 16384 hidden features: nothing splits, and the notes say so.
        auto seven = analyzeTensorParallel(*whole, 7);
        QVERIFY(seven);
        QCOMPARE(seven->split.splitStatements, 0);
    }

    void testInterconnectFields()
    {
        const auto& h = profile("h100-sxm");
        QVERIFY(h.interconnect);
        QCOMPARE(h.interconnect->intraNode.bandwidthBps.value, 450e9);
        QVERIFY(h.interconnect->intraNode.inNetworkReduction());
        QVERIFY(h.source(h.interconnect->intraNode.bandwidthBps.source));
        QCOMPARE(h.interconnect->nodeDevices.value, 8.0);
        QVERIFY(!profile("a100-sxm").interconnect->intraNode.inNetworkReduction());
        QVERIFY(!profile("mi300x").interconnect->interNode);
        // Written back and read again: the same link.
        auto again = hw::parseHwProfile(hw::profileToJson(h), "again.json");
        QVERIFY(again && again->interconnect && again->interconnect->interNode);
        QCOMPARE(again->interconnect->interNode->bandwidthBps.value, 50e9);
        QCOMPARE(again->interconnect->interNode->name, h.interconnect->interNode->name);
        QVERIFY(again->interconnect->intraNode.inNetworkReduction());
        // Errors name the field.
        std::string json = hw::profileToJson(h);
        const auto at = json.find("\"node_devices\"");
        QVERIFY(at != std::string::npos);
        std::string bad = json;
        bad.replace(json.find("\"value\"", at), 12, "\"value\": 2.5");
        const auto badParsed = hw::parseHwProfile(bad, "bad.json");
        QVERIFY(!badParsed);
        QVERIFY2(badParsed.diagnostics().front().message.find("interconnect.node_devices") != std::string::npos,
                 badParsed.diagnostics().front().message.c_str());
        std::string noSource = json;
        const auto red = noSource.find("\"source\"", noSource.find("\"in_network_reduction\""));
        noSource.replace(red, 8, "\"sauce\"");
        const auto noSourceParsed = hw::parseHwProfile(noSource, "bad.json");
        QVERIFY(!noSourceParsed);
        QVERIFY(noSourceParsed.diagnostics().front().message.find("in_network_reduction") != std::string::npos);
    }
};

QTEST_MAIN(TestParallel)
#include "tst_parallel.moc"
