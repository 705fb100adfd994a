// SPDX-License-Identifier: MIT
#include "engine/frontend/trace/configsizes.h"

#include <algorithm>
#include <array>
#include <string_view>

namespace solar::trace {
namespace {

// transformers' names for the sizes whose relations matter (the first present wins).
constexpr std::array<std::string_view, 4> kWidth {"hidden_size", "n_embd", "d_model", "dim"};
constexpr std::array<std::string_view, 4> kLayers {"num_hidden_layers", "n_layer", "num_layers", "n_layers"};
constexpr std::array<std::string_view, 4> kHeads {"num_attention_heads", "n_head", "num_heads", "n_heads"};
constexpr std::array<std::string_view, 4> kKvHeads {"num_key_value_heads", "num_kv_heads", "n_kv_heads", "multi_query_group_num"};
constexpr std::array<std::string_view, 2> kHeadDim {"head_dim", "attention_head_dim"};
constexpr std::array<std::string_view, 2> kVocab {"vocab_size", "padded_vocab_size"};
constexpr std::array<std::string_view, 3> kExperts {"num_local_experts", "num_experts", "n_routed_experts"};
constexpr std::array<std::string_view, 2> kTopK {"num_experts_per_tok", "moe_top_k"};
constexpr std::array<std::string_view, 4> kPositions {"max_position_embeddings", "n_positions", "n_ctx", "max_seq_len"};

template<size_t N>
const std::string* present(const std::map<std::string, std::int64_t>& full, const std::array<std::string_view, N>& names)
{
    for (std::string_view n : names)
        if (const auto it = full.find(std::string(n)); it != full.end())
            return &it->first;
    return nullptr;
}

} // namespace

std::map<std::string, std::int64_t> structuredConfigSizes(const std::map<std::string, std::int64_t>& full)
{
    std::map<std::string, std::int64_t> out;
    for (const auto& [name, value] : full)
        out[name] = value >= 16 ? std::max<std::int64_t>(8, value / 256) : value;
    auto set = [&](const std::string* name, std::int64_t value) {
        if (name)
            out[*name] = std::min(value, full.at(*name)); // never above the config's own value
    };

    // Heads: 2 key/value heads, each serving the config's group of query heads (up to 8).
    const std::string* heads = present(full, kHeads);
    const std::string* kv = present(full, kKvHeads);
    std::int64_t headsReduced = heads ? std::min<std::int64_t>(full.at(*heads), 3) : 0;
    if (heads && kv && full.at(*kv) > 0 && full.at(*heads) % full.at(*kv) == 0) {
        const std::int64_t group = std::min<std::int64_t>(full.at(*heads) / full.at(*kv), 8);
        const std::int64_t kvReduced = std::min<std::int64_t>(full.at(*kv), 2);
        out[*kv] = kvReduced;
        headsReduced = kvReduced * group;
    }
    if (heads)
        out[*heads] = headsReduced;
    // Width: 6 per query head (bf16 stores round every partial sum, so wider heads drift from torch's fp32
    // accumulation: docs/llm-models.md); an explicit head size that differs from width / heads in the config stays
    // different (20), one that equals it stays equal.
    const std::string* width = present(full, kWidth);
    constexpr std::int64_t kHeadSize = 6;
    if (width && heads)
        out[*width] = headsReduced * kHeadSize;
    if (const std::string* headDim = present(full, kHeadDim)) {
        const bool coupled = width && heads && full.at(*width) == full.at(*heads) * full.at(*headDim);
        out[*headDim] = coupled ? kHeadSize : 20;
    }
    // A partial rotary embedding (GPT-J's rotary_dim 64 of a 256-wide head) stays partial and even: 4 of the 6;
    // one as wide as the head stays as wide.
    if (const auto it = full.find("rotary_dim"); it != full.end() && width && heads && full.at(*heads) > 0) {
        const bool whole = it->second >= full.at(*width) / full.at(*heads);
        out[it->first] = whole ? kHeadSize : std::min<std::int64_t>(it->second, 4);
    }
    set(present(full, kLayers), 3);
    set(present(full, kVocab), 101);
    // Experts: seven, top-k as configured (below the expert count).
    if (const std::string* experts = present(full, kExperts)) {
        out[*experts] = std::min<std::int64_t>(full.at(*experts), 7);
        if (const std::string* topK = present(full, kTopK))
            out[*topK] = std::min(full.at(*topK), out[*experts] - 1);
    }
    // A sliding window of 9 (shorter than the 11 or 13 tokens validation runs, so it masks); positions for them.
    if (const auto it = out.find("sliding_window"); it != out.end())
        it->second = std::min<std::int64_t>(full.at("sliding_window"), 9);
    for (std::string_view positions : kPositions)
        if (const auto it = out.find(std::string(positions)); it != out.end())
            it->second = std::min(full.at(it->first), std::max<std::int64_t>(it->second, 32));
    return out;
}

std::map<std::string, std::int64_t> structuredConfigConstants(const std::map<std::string, std::int64_t>& constants,
                                                              const std::string& prefix)
{
    std::map<std::string, std::int64_t> fields;
    for (const auto& [name, value] : constants)
        if (name.size() > prefix.size() && name.compare(0, prefix.size(), prefix) == 0)
            fields[name.substr(prefix.size())] = value;
    std::map<std::string, std::int64_t> out;
    if (fields.empty())
        return out;
    const auto reduced = structuredConfigSizes(fields);
    for (const auto& [field, value] : reduced)
        out[prefix + field] = value;
    // A module constant equal to a field is most likely read from it (vocab_size = config.vocab_size, for the
    // inputs' token ids): it follows the field. Where it is not, the model rejects the point or the outputs
    // differ, and validation goes on to the uniform reductions.
    for (const auto& [name, value] : constants)
        if (!out.count(name))
            for (const auto& [field, full] : fields)
                if (full == value) {
                    out[name] = reduced.at(field);
                    break;
                }
    return out;
}

} // namespace solar::trace
