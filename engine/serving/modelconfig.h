// SPDX-License-Identifier: MIT
// A Hugging Face model's config.json, the file a model card ships (no weights): read, checked, and split into the
// integer size fields (hidden_size, num_hidden_layers, ...) that become the generated source's size constants, so
// validation can run the same model at reduced sizes, and everything else, which is passed to transformers as is.
// transformers itself decides which architectures it can build (servingsource.h); this file checks what can be
// checked without Python, with the field's file:line:col.
#pragma once

#include "engine/core/expected.h"

#include <cstdint>
#include <string>
#include <utility>
#include <vector>

namespace solar::serving {

struct ModelConfig
{
    std::string path;
    std::string modelType; // "llama", "mixtral", ...
    std::string json; // the whole config, compact and ASCII-only (what the generated source embeds)
    std::vector<std::pair<std::string, std::int64_t>> sizes; // the size fields, in file order
    std::string dtype; // torch_dtype (or dtype) as the config states it: "bfloat16", ...; empty when absent
    std::string quantMethod; // quantization_config's quant_method ("fp8", "awq", ...); empty without one
    int quantBits = 0; // its weights' bits (GPTQ "bits", AWQ "w_bit", compressed-tensors' num_bits); 0 when it does not say
    bool quantFloat = false; // compressed-tensors: the weights are floats (fp8), not integers
    int quantActivationBits = 0; // compressed-tensors: the inputs' bits where they are quantised too (W8A8); 0: weight-only
    std::int64_t hiddenSize = 0, layers = 0, heads = 0, vocabSize = 0; // whichever alias the architecture uses
};

/// The serving format (servingSource's dtype) that the config's quantization_config names: "fp8" (fp8 method, or
/// compressed-tensors with float 8-bit weights), "int4" or "int8" (AWQ, GPTQ or compressed-tensors weight-only),
/// "w8a8" (compressed-tensors with int8 weights and inputs); empty without a quantization_config or for a method not
/// modelled.
std::string quantisedFormat(const ModelConfig& config);

/// Whether a top-level integer field is a size (scaled down for validation): *_size, *_dim, *_rank, *_len(gth),
/// *_embeddings, *_positions, num_*, n_* and sliding_window; never token ids (*_id, *_ids).
bool isSizeField(const std::string& name);

/// Errors (code "config.*"): unreadable or malformed JSON (its line:column), not an object, no model_type, none
/// of the aliases of hidden size, layer count, head count or vocabulary, a size field that is not a positive
/// integer (naming the field, at its line).
Expected<ModelConfig> readModelConfig(const std::string& path);
Expected<ModelConfig> parseModelConfig(const std::string& text, const std::string& path);

} // namespace solar::serving
