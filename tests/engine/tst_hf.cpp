// SPDX-License-Identifier: MIT
// Hugging Face transformers models (issue 29) through the PyTorch frontend, as a user runs them: GPT-2, BERT with a
// padding mask, T5 (encoder-decoder), Llama (grouped-query attention), Qwen2, Mistral with a sliding window, Gemma,
// Mixtral (top-2 of 4 experts through torch._grouped_mm), DeepSeek-V3-style latent attention with shared and routed
// experts, and Llama decoding one token against a DynamicCache and a StaticCache
// (tests/data/hf/, small configs, random weights). Each must trace with nothing left uncounted, validate against
// torch, and have exactly the MACs of the architecture's formula below, derived by hand from the config; decode
// reads the cache once. Runs under the torch 2.x environment (tests/torch2.sh); skipped, with the reason, where
// transformers is not installed.
#include "engine/frontend/frontend.h"
#include "engine/hw/registry.h"
#include "engine/source/sourceanalysis.h"
#include "tests/engine/transformerstest.h"

#include <QDir>
#include <QFile>
#include <QTemporaryDir>
#include <QTest>

using namespace solar;

namespace {

std::string model(const std::string& name)
{
    return std::string(SOLAR_TEST_DATA) + "/hf/" + name + ".py";
}

// The sizes every file of tests/data/hf uses (its module-level constants).
constexpr double kBatch = 2, kSeq = 20, kHidden = 48, kLayers = 2, kHeads = 4, kKvHeads = 2, kInter = 120, kVocab = 200;

// Attention as the program states it: every (query, key) score and every probability-weighted value, per head.
// The masks here are explicit tensors (padding, causal and sliding window built by transformers), so no score is
// skipped: L x S x head_dim twice per head.
double attentionMacs(double queries, double keys, double headDim)
{
    return kLayers * kBatch * kHeads * 2 * queries * keys * headDim;
}

// A Llama-family decoder (Llama, Qwen2, Mistral, Gemma): per token and layer q and o (hidden x heads*head_dim),
// k and v (hidden x kv_heads*head_dim), the gated MLP (three hidden x inter matrices); the LM head (hidden x vocab)
// per token; attention over `keys` keys.
double decoderMacs(double tokensPerSequence, double keys, double headDim)
{
    const double tokens = kBatch * tokensPerSequence;
    const double perLayer = 2 * kHidden * kHeads * headDim + 2 * kHidden * kKvHeads * headDim + 3 * kHidden * kInter;
    return tokens * (kLayers * perLayer + kHidden * kVocab) + attentionMacs(tokensPerSequence, keys, headDim);
}

} // namespace

class TestHf : public QObject
{
    Q_OBJECT

    hw::HwRegistry m_registry = hw::loadDefaultHwRegistry();
    std::string m_skip;

private slots:
    void initTestCase() { m_skip = testutil::transformersSkipReason(); }

    void modelsMatchTheirFormula_data()
    {
        QTest::addColumn<QString>("name");
        QTest::addColumn<double>("macs");
        const double hd = kHidden / kHeads; // 12
        // GPT-2: c_attn (h x 3h), c_proj (h x h), MLP h x 4h and 4h x h: 12 h^2 per token and layer; LM head h x V.
        QTest::newRow("gpt2") << QStringLiteral("gpt2")
                              << kBatch * kSeq * (kLayers * 12 * kHidden * kHidden + kHidden * kVocab) + attentionMacs(kSeq, kSeq, hd);
        // BERT: q, k, v, o (4 h^2) and the MLP (2 h x inter) per token and layer; no LM head.
        QTest::newRow("bert") << QStringLiteral("bert")
                              << kBatch * kSeq * kLayers * (4 * kHidden * kHidden + 2 * kHidden * kInter) + attentionMacs(kSeq, kSeq, hd);
        QTest::newRow("llama") << QStringLiteral("llama") << decoderMacs(kSeq, kSeq, hd);
        QTest::newRow("qwen2") << QStringLiteral("qwen2") << decoderMacs(kSeq, kSeq, hd);
        QTest::newRow("mistral") << QStringLiteral("mistral") << decoderMacs(kSeq, kSeq, hd);
        QTest::newRow("gemma") << QStringLiteral("gemma") << decoderMacs(kSeq, kSeq, 12);
        // One new token per sequence against seq_len cached ones: every projection for 1 token, attention over
        // seq_len + 1 keys.
        QTest::newRow("llama_decode") << QStringLiteral("llama_decode") << decoderMacs(1, kSeq + 1, hd);
        // A StaticCache of seq_len + 4 slots: the new token attends over all of them (the empty ones masked).
        QTest::newRow("llama_static") << QStringLiteral("llama_static") << decoderMacs(1, kSeq + 4, hd);
        // Mixtral (inter 40, 4 experts, top 2): per token and layer q, k, v, o as above, the router (h x experts)
        // and exactly top_k experts' gated MLPs (3 h x inter each) — the grouped GEMMs' rows are tokens x top_k,
        // whatever the routing; the LM head; attention.
        const double moeInter = 40, experts = 4, topK = 2;
        const double moePerLayer
            = 2 * kHidden * kHeads * hd + 2 * kHidden * kKvHeads * hd + kHidden * experts + topK * 3 * kHidden * moeInter;
        QTest::newRow("mixtral") << QStringLiteral("mixtral")
                                 << kBatch * kSeq * (kLayers * moePerLayer + kHidden * kVocab) + attentionMacs(kSeq, kSeq, hd);
        // T5 (12 decoder tokens against 20 encoder tokens, heads of 12): the encoder's q, k, v, o (4 h^2) and gated
        // feed-forward (wi_0, wi_1, wo: 3 h x inter) per encoder token and layer; the decoder's self-attention
        // projections (4 h^2), cross-attention's q and o (2 h^2) and feed-forward per decoder token, cross-attention's k
        // and v (2 h^2) per encoder token; attention L x L (encoder), D x D (decoder) and D x L (cross); the LM head.
        const double decoderTokens = 12;
        const double t5Projections = kBatch * kSeq * kLayers * (4 * kHidden * kHidden + 3 * kHidden * kInter)
            + kBatch * decoderTokens * kLayers * (6 * kHidden * kHidden + 3 * kHidden * kInter)
            + kBatch * kSeq * kLayers * 2 * kHidden * kHidden + kBatch * decoderTokens * kHidden * kVocab;
        QTest::newRow("t5") << QStringLiteral("t5")
                            << t5Projections + attentionMacs(kSeq, kSeq, hd) + attentionMacs(decoderTokens, decoderTokens + kSeq, hd);
        // DeepSeek-V3-style (q_lora 24, kv_lora 16, RoPE key 4, no-RoPE key 8, value 12; layer 0 dense, layer 1 six
        // routed experts of inter 40, top 2, one shared expert). Attention per token and layer: q_a (h x 24), q_b
        // (24 x heads x 12), kv_a (h x (16 + 4)), kv_b (16 x heads x (8 + 12)), o (heads x 12 x h); scores over the
        // 12-wide query-key product and the 12-wide values. The dense MLP 3 h x inter; the MoE layer's router
        // (h x 6), top_k routed experts and the shared one (3 h x 40 each), whatever the routing.
        const double mla = kHidden * 24 + 24 * kHeads * 12 + kHidden * 20 + 16 * kHeads * 20 + kHeads * 12 * kHidden;
        const double denseMlp = 3 * kHidden * kInter, moeLayer = kHidden * 6 + (topK + 1) * 3 * kHidden * moeInter;
        // KernelBench level 4's from_pretrained on a local folder holding only config.json (the small Llama's
        // sizes): the projections as llama's; attention through SDPA with is_causal (no explicit mask tensor), so
        // the pairs at or below the diagonal, seq_len (seq_len + 1) / 2 per head.
        QTest::newRow("from_pretrained") << QStringLiteral("from_pretrained")
                                         << decoderMacs(kSeq, kSeq, hd) - attentionMacs(kSeq, kSeq, hd)
                + kLayers * kBatch * kHeads * 2 * (kSeq * (kSeq + 1) / 2) * hd;
        QTest::newRow("deepseek") << QStringLiteral("deepseek")
                                  << kBatch * kSeq * (kLayers * mla + denseMlp + moeLayer + kHidden * kVocab)
                + kLayers * kBatch * kHeads * kSeq * kSeq * (12 + 12);
    }

    void modelsMatchTheirFormula()
    {
        QFETCH(QString, name);
        QFETCH(double, macs);
        if (!m_skip.empty())
            QSKIP(m_skip.c_str());
        SourceAnalysisOptions options;
        options.frontend = "trace";
        const auto r = analyzeSource(model(name.toStdString()), {}, *m_registry.find("h100-sxm"), options);
        QVERIFY2(r, r ? "" : formatAll(r.diagnostics()).c_str());
        std::string uncounted;
        for (const auto& item : r->result.coverage.items)
            if (!item.counted)
                uncounted += item.what + ": " + item.reason + "\n";
        QVERIFY2(uncounted.empty(), uncounted.c_str());
        QVERIFY2(r->result.validation.status == ValidationStatus::Validated,
                 (r->result.validation.statusName() + ": " + r->result.validation.details).c_str());
        QCOMPARE(r->result.digest.totalMacs, macs);
    }

    // The local folder's config is what validation scales: its fields are size constants, validated at the
    // structured point (2 KV heads serving 2 query heads each, as 4 / 2 at full size), and the folder has no weights.
    void fromPretrainedValidatesTheConfigsStructure()
    {
        if (!m_skip.empty())
            QSKIP(m_skip.c_str());
        QVERIFY(QDir(QString::fromStdString(std::string(SOLAR_TEST_DATA) + "/hf/pretrained_llama")).entryList(QDir::Files)
                == QStringList {QStringLiteral("config.json")});
        SourceAnalysisOptions options;
        options.frontend = "trace";
        const auto r = analyzeSource(model("from_pretrained"), {}, *m_registry.find("h100-sxm"), options);
        QVERIFY2(r, r ? "" : formatAll(r.diagnostics()).c_str());
        QCOMPARE(r->result.sizes.values.at("config_hidden_size"), std::int64_t(48)); // a size parameter of the program
        const std::string& details = r->result.validation.details;
        QVERIFY2(details.find("config_num_attention_heads=4, config_num_hidden_layers=2, config_num_key_value_heads=2")
                     != std::string::npos,
                 details.c_str());
        QVERIFY2(details.find("config_hidden_size=24") != std::string::npos, details.c_str());
    }

    // A name that is no local folder is refused at once, naming the line and where it looked (no hub download, no
    // minute of network retries).
    void fromPretrainedRefusesAHubName()
    {
        if (!m_skip.empty())
            QSKIP(m_skip.c_str());
        QTemporaryDir dir;
        QFile in(QString::fromStdString(model("from_pretrained")));
        QVERIFY(in.open(QIODevice::ReadOnly));
        const QByteArray text = in.readAll().replace("\"pretrained_llama\"", "\"meta-llama/Llama-3.1-8B\"");
        const QString path = dir.filePath(QStringLiteral("hub.py"));
        QFile out(path);
        QVERIFY(out.open(QIODevice::WriteOnly) && out.write(text) == text.size());
        out.close();
        SourceAnalysisOptions options;
        options.frontend = "trace";
        const auto r = analyzeSource(path.toStdString(), {}, *m_registry.find("h100-sxm"), options);
        QVERIFY(!r);
        const std::string message = formatAll(r.diagnostics());
        QVERIFY2(message.find("'meta-llama/Llama-3.1-8B' is not a folder holding config.json") != std::string::npos, message.c_str());
        QVERIFY2(message.find("hub.py:12:") != std::string::npos, message.c_str()); // config = AutoConfig.from_pretrained(...)
    }

    // Decode reads the whole cache: the fused (compulsory) bytes hold at least the cached keys and values of every
    // layer at fp32 (layers x 2 x batch x kv_heads x seq_len x head_dim x 4 B) plus every weight matrix the token
    // passes through (the embedding table only by the rows it gathers).
    void decodeReadsTheCache()
    {
        if (!m_skip.empty())
            QSKIP(m_skip.c_str());
        SourceAnalysisOptions options;
        options.frontend = "trace";
        options.validate = false;
        const auto r = analyzeSource(model("llama_decode"), {}, *m_registry.find("h100-sxm"), options);
        QVERIFY2(r, r ? "" : formatAll(r.diagnostics()).c_str());
        const double hd = kHidden / kHeads;
        const double cacheBytes = kLayers * 2 * kBatch * kKvHeads * kSeq * hd * 4;
        const double weightBytes
            = 4 * (kLayers * (2 * kHidden * kHeads * hd + 2 * kHidden * kKvHeads * hd + 3 * kHidden * kInter) + kHidden * kVocab);
        const double fused = r->result.ladder.at(bounds::Level::Fused).bytes;
        QVERIFY2(fused >= cacheBytes + weightBytes, (std::to_string(fused) + " < " + std::to_string(cacheBytes + weightBytes)).c_str());
        // ... and not the prefill's activations: well under what 21 tokens of prefill would move.
        QVERIFY(fused < cacheBytes + weightBytes + 4 * kVocab * kHidden + 64 * 1024);
    }
};

QTEST_GUILESS_MAIN(TestHf)
#include "tst_hf.moc"
