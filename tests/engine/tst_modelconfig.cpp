// SPDX-License-Identifier: MIT
// config.json as `solar llm` reads it (engine/serving/modelconfig.h) and the PyTorch source it generates from it
// (servingsource.h), without Python: bad configs get located errors naming the field, size fields become the
// module constants (never token ids), and the generated file parses and embeds the config exactly (checked by the
// system's python3 when there is one: ast.parse and literal_eval, no torch needed).
#include "engine/frontend/trace/configsizes.h"
#include "engine/serving/modelconfig.h"
#include "engine/serving/servingsource.h"
#include "engine/serving/validationsizes.h"

#include <QProcess>
#include <QTemporaryDir>
#include <QTest>

#include <fstream>
#include <set>

using namespace solar;
using namespace solar::serving;

namespace {

const char* kLlama = R"({
  "architectures": ["LlamaForCausalLM"],
  "model_type": "llama",
  "hidden_size": 4096,
  "intermediate_size": 14336,
  "num_hidden_layers": 32,
  "num_attention_heads": 32,
  "num_key_value_heads": 8,
  "vocab_size": 128256,
  "max_position_embeddings": 8192,
  "rope_theta": 500000.0,
  "bos_token_id": 128000,
  "eos_token_id": [128001, 128009],
  "tie_word_embeddings": false,
  "rope_scaling": {"rope_type": "llama3", "original_max_position_embeddings": 8192},
  "note": "a 'quoted' \\ value",
  "torch_dtype": "bfloat16"
})";

Diagnostic firstError(const std::string& text)
{
    const auto c = parseModelConfig(text, "config.json");
    if (c)
        return {};
    return c.diagnostics().front();
}

} // namespace

class TestModelConfig : public QObject
{
    Q_OBJECT

private slots:
    void sizeFields()
    {
        for (const char* yes : {"hidden_size", "intermediate_size", "num_key_value_heads", "head_dim", "max_position_embeddings", "n_embd",
                                "n_positions", "kv_lora_rank", "sliding_window", "moe_intermediate_size", "n_routed_experts"})
            QVERIFY2(isSizeField(yes), yes);
        for (const char* no :
             {"bos_token_id", "pad_token_id", "eos_token_ids", "rope_theta", "rms_norm_eps", "max_window_layers", "first_k_dense_replace"})
            QVERIFY2(!isSizeField(no), no);
    }

    void readsARealConfig()
    {
        const auto c = parseModelConfig(kLlama, "config.json");
        QVERIFY2(c, c ? "" : c.diagnostics().front().format().c_str());
        QCOMPARE(c->modelType, std::string("llama"));
        QCOMPARE(c->dtype, std::string("bfloat16"));
        QCOMPARE(c->hiddenSize, 4096);
        QCOMPARE(c->layers, 32);
        QCOMPARE(c->heads, 32);
        QCOMPARE(c->vocabSize, 128256);
        // In file order; the token ids, rope_theta (a float) and the nested rope_scaling are not sizes.
        std::vector<std::string> names;
        for (const auto& [name, value] : c->sizes)
            names.push_back(name);
        const std::vector<std::string> expected {
            "hidden_size",         "intermediate_size", "num_hidden_layers",      "num_attention_heads",
            "num_key_value_heads", "vocab_size",        "max_position_embeddings"};
        QCOMPARE(names, expected);
    }

    void aliasesOfOtherArchitectures()
    {
        const auto c = parseModelConfig(R"({"model_type": "gpt2", "n_embd": 768, "n_layer": 12, "n_head": 12, "vocab_size": 50257,
                                            "n_positions": 1024})",
                                        "gpt2.json");
        QVERIFY(c);
        QCOMPARE(c->hiddenSize, 768);
        QCOMPARE(c->layers, 12);
        QCOMPARE(c->heads, 12);
    }

    void badConfigsAreLocated_data()
    {
        QTest::addColumn<QString>("text");
        QTest::addColumn<int>("line");
        QTest::addColumn<QString>("mentions");
        QTest::newRow("malformed") << "{\n  \"model_type\": \"llama\",\n  \"hidden_size\": 4096\n  \"vocab_size\": 5\n}" << 4
                                   << "not valid JSON";
        QTest::newRow("not an object") << "[1, 2]" << 1 << "JSON object";
        QTest::newRow("no model_type") << R"({"hidden_size": 8, "num_hidden_layers": 2, "num_attention_heads": 2, "vocab_size": 9})" << 1
                                       << "\"model_type\"";
        QTest::newRow("negative size") << "{\n \"model_type\": \"llama\",\n \"hidden_size\": -5\n}" << 3 << "\"hidden_size\"";
        QTest::newRow("size as text") << "{\n \"model_type\": \"llama\",\n\n \"vocab_size\": \"32000\"\n}" << 4 << "\"vocab_size\"";
        QTest::newRow("fractional size") << "{\"model_type\": \"llama\", \"intermediate_size\": 11008.5}" << 1 << "\"intermediate_size\"";
        QTest::newRow("no layer count") << R"({"model_type": "llama", "hidden_size": 8, "num_attention_heads": 2, "vocab_size": 9})" << 1
                                        << "\"num_hidden_layers\"";
    }

    void badConfigsAreLocated()
    {
        QFETCH(QString, text);
        QFETCH(int, line);
        QFETCH(QString, mentions);
        const Diagnostic d = firstError(text.toStdString());
        QVERIFY2(!d.message.empty(), "accepted");
        QCOMPARE(d.file, std::string("config.json"));
        QCOMPARE(d.loc.line, line);
        QVERIFY2(d.message.find(mentions.toStdString()) != std::string::npos, d.message.c_str());
    }

    void missingFile()
    {
        const auto c = readModelConfig("/nonexistent/config.json");
        QVERIFY(!c);
        QCOMPARE(c.diagnostics().front().file, std::string("/nonexistent/config.json"));
    }

    void generatedSourceHasTheSizesAsConstants()
    {
        const auto c = parseModelConfig(kLlama, "config.json");
        QVERIFY(c);
        ServingPoint decode;
        decode.phase = Phase::Decode;
        decode.batch = 8;
        decode.tokens = 4096;
        const std::string text = servingSource(*c, decode);
        for (const char* line :
             {"\nbatch = 8\n", "\ncontext_tokens = 4096\n", "\nnew_tokens = 1\n", "\nhidden_size = 4096\n", "\nnum_key_value_heads = 8\n",
              "\nvocab_size = 128256\n", "\nPHASE = \"decode\"\n", "DTYPE = torch.bfloat16"})
            QVERIFY2(text.find(line) != std::string::npos, line);
        QVERIFY(text.find("\nbos_token_id =") == std::string::npos);
        QVERIFY(text.find("\nrope_theta =") == std::string::npos);
        ServingPoint prefill = decode;
        prefill.phase = Phase::Prefill;
        const std::string p = servingSource(*c, prefill);
        QVERIFY(p.find("\nprompt_tokens = 4096\n") != std::string::npos);
        QVERIFY(p.find("\ncontext_tokens =") == std::string::npos);
    }

    // The point a served step is validated at first keeps the config's structure with every count small and
    // distinct: Llama-3-8B's 32 query heads over 8 KV heads (groups of 4) become 8 over 2, the width 8 x 6; fields
    // it has no rule for take the uniform reduction (/ 256, not below 8).
    void validationSizesKeepTheStructure()
    {
        const auto c = parseModelConfig(kLlama, "config.json");
        QVERIFY(c);
        ServingPoint prefill;
        prefill.phase = Phase::Prefill;
        prefill.batch = 8;
        prefill.tokens = 2048;
        const auto s = validationSizes(*c, prefill);
        const std::map<std::string, std::int64_t> expected {{"batch", 5},
                                                            {"prompt_tokens", 11},
                                                            {"num_key_value_heads", 2},
                                                            {"num_attention_heads", 8},
                                                            {"hidden_size", 48},
                                                            {"num_hidden_layers", 3},
                                                            {"vocab_size", 101},
                                                            {"intermediate_size", 14336 / 256},
                                                            {"max_position_embeddings", 8192 / 256}};
        QCOMPARE(s, expected);
        QCOMPARE(s.at("num_attention_heads") / s.at("num_key_value_heads"), 32 / 8);
        std::set<std::int64_t> distinct;
        for (const auto& [name, value] : s)
            distinct.insert(value);
        QCOMPARE(distinct.size(), s.size());

        // Llama-3-70B's groups of 8; Mixtral's experts (7, top-2); an explicit head size that differs from width /
        // heads stays apart (Gemma: 256 != 3072 / 16), one that equals it stays equal; decode's context and tokens.
        const auto seventy = parseModelConfig(
            R"({"model_type": "llama", "hidden_size": 8192, "num_hidden_layers": 80, "num_attention_heads": 64,
                "num_key_value_heads": 8, "vocab_size": 128256})",
            "c.json");
        QVERIFY(seventy);
        ServingPoint decode;
        decode.phase = Phase::Decode;
        decode.tokens = 4096;
        const auto s70 = validationSizes(*seventy, decode);
        QCOMPARE(s70.at("num_attention_heads"), 16);
        QCOMPARE(s70.at("num_key_value_heads"), 2);
        QCOMPARE(s70.at("hidden_size"), 96);
        QCOMPARE(s70.at("context_tokens"), 13);
        QCOMPARE(s70.at("new_tokens"), 1);
        QCOMPARE(s70.at("batch"), 1); // never above the step's own
        const auto moe = parseModelConfig(
            R"({"model_type": "mixtral", "hidden_size": 4096, "num_hidden_layers": 32, "num_attention_heads": 32,
                "num_key_value_heads": 8, "vocab_size": 32000, "num_local_experts": 8, "num_experts_per_tok": 2})",
            "c.json");
        QVERIFY(moe);
        const auto sm = validationSizes(*moe, decode);
        QCOMPARE(sm.at("num_local_experts"), 7);
        QCOMPARE(sm.at("num_experts_per_tok"), 2);
        const auto gemma = parseModelConfig(
            R"({"model_type": "gemma", "hidden_size": 3072, "num_hidden_layers": 28, "num_attention_heads": 16,
                "num_key_value_heads": 16, "head_dim": 256, "vocab_size": 256000})",
            "c.json");
        QVERIFY(gemma);
        const auto sg = validationSizes(*gemma, decode);
        QCOMPARE(sg.at("num_attention_heads"), 2); // one query head per KV head, as in the config
        QCOMPARE(sg.at("head_dim"), 20);
        QCOMPARE(sg.at("hidden_size"), 12);
        const auto mistral = parseModelConfig(
            R"({"model_type": "mistral", "hidden_size": 4096, "num_hidden_layers": 32, "num_attention_heads": 32,
                "num_key_value_heads": 8, "head_dim": 128, "vocab_size": 32000, "sliding_window": 4096})",
            "c.json");
        QVERIFY(mistral);
        const auto sw = validationSizes(*mistral, decode);
        QCOMPARE(sw.at("head_dim"), 6);
        QCOMPARE(sw.at("hidden_size"), 48);
        QCOMPARE(sw.at("sliding_window"), 9); // shorter than the 13 cached tokens: the window masks
        // GPT-J: 16 heads of 256, a rotary embedding over 64 of them. Reduced: 3 heads of 6, the rotary part 4 of
        // the 6 (partial and even, as in the config); positions for the 13 + 2 tokens.
        const auto gptj = parseModelConfig(R"({"model_type": "gptj", "n_embd": 4096, "n_layer": 28, "n_head": 16, "rotary_dim": 64,
                                               "n_positions": 2048, "vocab_size": 50400})",
                                           "c.json");
        QVERIFY(gptj);
        const auto sj = validationSizes(*gptj, decode);
        QCOMPARE(sj.at("n_head"), 3);
        QCOMPARE(sj.at("n_embd"), 18);
        QCOMPARE(sj.at("rotary_dim"), 4);
        QCOMPARE(sj.at("n_positions"), 32);
    }

    // quantization_config's method is read (an fp8 checkpoint is served in fp8 unless --dtype says otherwise);
    // a config without one has none.
    void quantizationMethod()
    {
        const auto fp8 = parseModelConfig(R"({"model_type": "llama", "hidden_size": 64, "num_hidden_layers": 2, "num_attention_heads": 4,
                                              "vocab_size": 100, "quantization_config": {"quant_method": "fp8", "fmt": "e4m3"}})",
                                          "c.json");
        QVERIFY(fp8);
        QCOMPARE(fp8->quantMethod, std::string("fp8"));
        const auto awq = parseModelConfig(R"({"model_type": "llama", "hidden_size": 64, "num_hidden_layers": 2, "num_attention_heads": 4,
                                              "vocab_size": 100, "quantization_config": {"bits": 4}})",
                                          "c.json");
        QVERIFY(awq);
        QCOMPARE(awq->quantMethod, std::string("unnamed"));
        const auto plain = parseModelConfig(kLlama, "config.json");
        QVERIFY(plain);
        QVERIFY(plain->quantMethod.empty());
    }

    // A source that builds its model with from_pretrained from a local config folder reports the config's fields as
    // constants named config_<field> (resources/python/solarworker/hf_local.py): they get the same structured point,
    // a module constant equal to a field (vocab_size = config.vocab_size, the token ids' range) follows that field,
    // the others are left to the uniform reduction. Values by hand: Llama-3-8B's fields as above.
    void configConstantsGetTheStructuredPoint()
    {
        const std::map<std::string, std::int64_t> constants {{"config_hidden_size", 4096},
                                                             {"config_num_attention_heads", 32},
                                                             {"config_num_key_value_heads", 8},
                                                             {"config_num_hidden_layers", 32},
                                                             {"config_vocab_size", 128256},
                                                             {"vocab_size", 128256},
                                                             {"batch_size", 2},
                                                             {"sequence_length", 1024}};
        const std::map<std::string, std::int64_t> expected {{"config_hidden_size", 48},        {"config_num_attention_heads", 8},
                                                            {"config_num_key_value_heads", 2}, {"config_num_hidden_layers", 3},
                                                            {"config_vocab_size", 101},        {"vocab_size", 101}};
        QCOMPARE(trace::structuredConfigConstants(constants), expected);
        QVERIFY(trace::structuredConfigConstants({{"batch_size", 2}, {"hidden", 4096}}).empty()); // no config: no point
    }

    // The generated file is Python, and its CONFIG_JSON literal is the config (quotes and backslashes escaped).
    void generatedSourceParsesAndEmbedsTheConfig()
    {
        QProcess probe;
        probe.start(QStringLiteral("python3"), {QStringLiteral("-c"), QStringLiteral("pass")});
        if (!probe.waitForFinished(30000) || probe.exitCode() != 0)
            QSKIP("no python3 on this machine");
        const auto c = parseModelConfig(kLlama, "config.json");
        QVERIFY(c);
        QTemporaryDir dir;
        const std::string path = dir.filePath(QStringLiteral("gen.py")).toStdString();
        std::ofstream(path) << servingSource(*c, ServingPoint {});
        QProcess py;
        py.start(QStringLiteral("python3"),
                 {QStringLiteral("-c"),
                  QStringLiteral(
                      "import ast, json, sys\n"
                      "tree = ast.parse(open(sys.argv[1]).read())\n"
                      "value = [n.value.value for n in tree.body if isinstance(n, ast.Assign) and n.targets[0].id == 'CONFIG_JSON'][0]\n"
                      "d = json.loads(value)\n"
                      "print(d['note'], d['hidden_size'], d['rope_scaling']['rope_type'], len(d))"),
                  QString::fromStdString(path)});
        QVERIFY(py.waitForFinished(30000));
        QCOMPARE(py.exitCode(), 0);
        QCOMPARE(py.readAllStandardOutput().trimmed(), QByteArray("a 'quoted' \\ value 4096 llama3 16"));
    }
};

QTEST_GUILESS_MAIN(TestModelConfig)
#include "tst_modelconfig.moc"
