// SPDX-License-Identifier: MIT
#include "engine/serving/modelconfig.h"

#include "engine/core/jsonduplicates.h"
#include "engine/core/textfile.h"

#include <nlohmann/json.hpp>

#include <array>

namespace solar::serving {

namespace {

bool endsWith(const std::string& s, std::string_view suffix)
{
    return s.size() >= suffix.size() && s.compare(s.size() - suffix.size(), suffix.size(), suffix) == 0;
}

// The names the common architectures give each dimension (transformers maps them onto one attribute).
struct Dimension
{
    const char* what;
    std::array<const char*, 4> aliases;
};
constexpr std::array<Dimension, 4> kDimensions {{
    {"the model width", {"hidden_size", "n_embd", "d_model", "dim"}},
    {"the number of decoder layers", {"num_hidden_layers", "n_layer", "num_layers", "n_layers"}},
    {"the number of attention heads", {"num_attention_heads", "n_head", "num_heads", "n_heads"}},
    {"the vocabulary size", {"vocab_size", "padded_vocab_size", nullptr, nullptr}},
}};

} // namespace

bool isSizeField(const std::string& name)
{
    if (endsWith(name, "_id") || endsWith(name, "_ids"))
        return false;
    for (std::string_view suffix : {"_size", "_dim", "_rank", "_len", "_length", "_embeddings", "_positions"})
        if (endsWith(name, suffix))
            return true;
    return name.rfind("num_", 0) == 0 || name.rfind("n_", 0) == 0 || name == "sliding_window" || name == "dim";
}

Expected<ModelConfig> parseModelConfig(const std::string& text, const std::string& path)
{
    using Result = Expected<ModelConfig>;
    auto error = [&](SourceLoc loc, const std::string& code, const std::string& message) {
        return Result::failure(Diagnostic {Severity::Error, path, loc, code, message});
    };
    nlohmann::ordered_json j;
    try {
        j = nlohmann::ordered_json::parse(text);
    } catch (const nlohmann::json::parse_error& e) {
        return error(locationOf(text, e.byte > 0 ? e.byte - 1 : 0), "config.json", std::string("not valid JSON: ") + e.what());
    }
    if (const auto twice = findDuplicateKey(text))
        return error(twice->at, "config.json", "\"" + twice->key + "\" is given twice in one object (which one holds?)");
    if (!j.is_object())
        return error({1, 1}, "config.shape", "a model config is a JSON object of fields (config.json as a model card ships it)");
    ModelConfig c;
    c.path = path;
    const auto type = j.find("model_type");
    if (type == j.end() || !type->is_string() || type->get<std::string>().empty())
        return error(type == j.end() ? SourceLoc {1, 1} : fieldLocation(text, "model_type"), "config.field",
                     "\"model_type\" (a string naming the architecture, e.g. \"llama\") is missing: transformers builds the model "
                     "from it");
    c.modelType = type->get<std::string>();
    for (const auto& [key, value] : j.items()) {
        if (!isSizeField(key) || value.is_null() || value.is_boolean() || value.is_object() || value.is_array())
            continue;
        const bool positiveInteger = (value.is_number_integer() && value.get<std::int64_t>() > 0)
            || (value.is_number_unsigned() && value.get<std::uint64_t>() > 0);
        if (!positiveInteger)
            return error(fieldLocation(text, key), "config.field",
                         "\"" + key + "\" is a size and must be a positive integer, not " + value.dump());
        c.sizes.push_back({key, value.get<std::int64_t>()});
    }
    auto sizeOf = [&](const std::string& key) -> std::int64_t {
        for (const auto& [k, v] : c.sizes)
            if (k == key)
                return v;
        return 0;
    };
    std::array<std::int64_t, 4> found {};
    for (size_t d = 0; d < kDimensions.size(); ++d) {
        std::string names;
        for (const char* alias : kDimensions[d].aliases) {
            if (!alias)
                continue;
            if (!found[d])
                found[d] = sizeOf(alias);
            names += std::string(names.empty() ? "" : ", ") + "\"" + alias + "\"";
        }
        if (!found[d])
            return error({1, 1}, "config.field", std::string("no field gives ") + kDimensions[d].what + " (looked for " + names + ")");
    }
    c.hiddenSize = found[0];
    c.layers = found[1];
    c.heads = found[2];
    c.vocabSize = found[3];
    for (const char* key : {"torch_dtype", "dtype"})
        if (const auto it = j.find(key); it != j.end() && it->is_string() && c.dtype.empty())
            c.dtype = it->get<std::string>();
    if (const auto q = j.find("quantization_config"); q != j.end() && q->is_object()) {
        if (const auto m = q->find("quant_method"); m != q->end() && m->is_string())
            c.quantMethod = m->get<std::string>();
        else
            c.quantMethod = "unnamed";
        for (const char* key : {"bits", "w_bit"}) // GPTQ says bits, AWQ w_bit
            if (const auto b = q->find(key); b != q->end() && b->is_number_integer())
                c.quantBits = b->get<int>();
        // compressed-tensors (llm-compressor's checkpoints): the first scheme of config_groups, which is the linear
        // layers' in the checkpoints it writes.
        if (const auto groups = q->find("config_groups"); groups != q->end() && groups->is_object() && !groups->empty()) {
            const auto& group = groups->begin().value();
            auto bitsOf = [&](const char* key, bool* isFloat) {
                const auto part = group.is_object() ? group.find(key) : group.end();
                if (part == group.end() || !part->is_object())
                    return 0;
                if (isFloat)
                    *isFloat = part->value("type", std::string()) == "float";
                const auto b = part->find("num_bits");
                return b != part->end() && b->is_number_integer() ? b->get<int>() : 0;
            };
            c.quantBits = bitsOf("weights", &c.quantFloat);
            c.quantActivationBits = bitsOf("input_activations", nullptr);
        }
    }
    c.json = j.dump(-1, ' ', true);
    return c;
}

std::string quantisedFormat(const ModelConfig& config)
{
    const std::string& method = config.quantMethod;
    if (method == "fp8" || (method == "compressed-tensors" && config.quantFloat && config.quantBits == 8))
        return "fp8";
    const bool weightOnly = method == "awq" || method == "gptq" || (method == "compressed-tensors" && config.quantActivationBits == 0);
    if (weightOnly && !config.quantFloat && (config.quantBits == 4 || config.quantBits == 8))
        return config.quantBits == 4 ? "int4" : "int8";
    if (method == "compressed-tensors" && !config.quantFloat && config.quantBits == 8 && config.quantActivationBits == 8)
        return "w8a8";
    return {};
}

Expected<ModelConfig> readModelConfig(const std::string& path)
{
    const auto text = readTextFile(path, "config.read");
    if (!text)
        return Expected<ModelConfig>::failure(text.diagnostics());
    return parseModelConfig(*text, path);
}

} // namespace solar::serving
