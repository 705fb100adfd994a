// SPDX-License-Identifier: MIT
// The PyTorch source `solar llm` analyses for one serving step of a config.json model: transformers builds the
// model from the config (AutoConfig.for_model, AutoModelForCausalLM.from_config: random weights, nothing
// downloaded; the tracer builds it on fake tensors, so no weight is allocated at real sizes) and runs
//   prefill: `prompt_tokens` new tokens per sequence, no cache; it returns the last position's logits (as serving
//            engines compute them, logits_to_keep=1) and the KV cache it wrote, so the cache's writes count;
//   decode:  `new_tokens` tokens per sequence after `context_tokens` cached ones, a DynamicCache filled by a
//            prefill in get_inputs() (not traced: the cache's shapes and storage dtype are whatever the
//            architecture stores, GQA, sliding windows and MLA included) and read by the step.
// Every size field of the config is a module-level constant, so validation runs this same file at reduced sizes.
#pragma once

#include "engine/serving/modelconfig.h"

#include <cstdint>
#include <string>

namespace solar::serving {

enum class Phase { Prefill, Decode };

std::string phaseName(Phase phase); // "prefill", "decode"

struct ServingPoint
{
    Phase phase = Phase::Decode;
    std::int64_t batch = 1; // sequences
    std::int64_t tokens = 2048; // prefill: prompt tokens; decode: tokens already in the KV cache
    std::int64_t newTokens = 1; // decode: tokens per sequence this step (1; more for speculative decoding)
    // torch dtype of weights, activations and cache: bfloat16, float16, float32; or a quantised format of the linear
    // layers (isQuantisedLinears), everything else (LM head, embeddings, norms, activations) bf16: fp8 (weights and
    // inputs in float8_e4m3fn through torch._scaled_mm), int4 or int8 (weight-only), w8a8 (int8 weights and inputs)
    std::string dtype = "bfloat16";
    // torch dtype the KV cache is stored in: empty for the activations' dtype; float8_e4m3fn or float8_e5m2 for an
    // fp8 cache as TensorRT-LLM and vLLM serve it (written as fp8, read and cast up inside attention)
    std::string kvDtype;

    bool operator==(const ServingPoint&) const = default;
};

/// The name of the constant that holds `point.tokens` in the source ("prompt_tokens" or "context_tokens").
std::string tokensConstant(Phase phase);

/// The KV cache's storage dtype at `point`: its kvDtype, else the activations' (bfloat16 for fp8 weights).
std::string kvCacheDtype(const ServingPoint& point);

/// Whether `dtype` names a quantised format of the linear layers: fp8, int4, int8, w8a8.
bool isQuantisedLinears(const std::string& dtype);

/// Whether `name` is a KV cache dtype servingSource can write.
bool isKvCacheDtype(const std::string& name);

std::string servingSource(const ModelConfig& config, const ServingPoint& point);

} // namespace solar::serving
