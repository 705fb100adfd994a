// SPDX-License-Identifier: MIT
// `solar llm`: the speed of light of serving a config.json model on one device. Each phase is one generated
// source (servingsource.h) traced, lowered, bounded and validated like any PyTorch model, and then read as
// serving numbers: time to first token (the prefill's bound), the per-token decode bound and its tokens/s
// ceiling, the bytes split into weights, KV cache and activations, and whether weights + KV cache fit in the
// profile's memory. A sweep repeats the decode (and prefill) at each batch x context point.
#pragma once

#include "engine/frontend/frontend.h"
#include "engine/serving/servingsource.h"

#include <optional>
#include <vector>

namespace solar::serving {

struct ServingRequest
{
    bool prefill = true, decode = true;
    std::int64_t batch = 1;
    std::int64_t promptTokens = 2048;
    std::int64_t contextTokens = 0; // tokens in the cache at the decode step; 0: the prompt's
    std::int64_t newTokens = 1;
    std::string dtype; // empty: the config's torch_dtype, else bfloat16
    std::string kvDtype; // the KV cache's torch dtype (isKvCacheDtype); empty: the activations'
    std::string sourceDir; // where the generated sources are written and kept; empty: a temporary folder
};

/// One phase's analysis, read as serving numbers.
struct PhaseBound
{
    ServingPoint point;
    std::string sourcePath; // the generated source (removed afterwards unless ServingRequest::sourceDir was given)
    SourceAnalysis analysis;
    // What is resident: every parameter and buffer at its storage dtype, and the KV cache tensors (decode: the past
    // keys and values; prefill: the cache it writes).
    double weightsBytes = 0, kvCacheBytes = 0;
    // The speed-of-light level's (cache_aware) DRAM bytes, split: the weights' and the cache's compulsory footprints
    // (an embedding table is read only at the rows the tokens gather), and the rest (input ids, logits, what
    // cannot stay on chip).
    double weightsReadBytes = 0, kvCacheMovedBytes = 0, activationBytes = 0;
    double seconds = 0; // the speed of light: the cache_aware level
    /// Tokens the step produces: batch (prefill: each sequence's first token) or batch x new tokens (decode).
    double tokens() const;
};

struct ServingEstimate
{
    ModelConfig config;
    std::string hardwareId, hardwareName;
    std::string dtype;
    std::string kvDtype; // the KV cache's storage dtype (resolved: never empty)
    std::optional<PhaseBound> prefill, decode;
    // Memory at the largest point served: weights plus the KV cache of batch x (context + new tokens).
    double weightsBytes = 0, kvCacheBytes = 0, capacityBytes = 0;
    double neededBytes() const { return weightsBytes + kvCacheBytes; }
    bool fits() const { return capacityBytes <= 0 || neededBytes() <= capacityBytes; }
    std::vector<std::string> notes;
    bool validationRequested = false; // validation was on: complete() then needs every phase validated
    /// Every phase's coverage complete and, when validation was requested, its program validated (a phase that
    /// could not be compared at any size is not complete: its numbers rest on an unchecked program).
    bool complete() const;
};

/// One phase of `config` at `point` (an empty dtype: the config's, else bf16), its generated source written to
/// `sourceDir` (kept) or a temporary folder (removed). What the hf-config frontend and the estimates below run.
/// `fitConstants` (of "batch", tokensConstant(phase)) become size parameters, validation on or off, so resolvePhase()
/// can move the program to other points (trace/constantfit.h: three more traces).
Expected<PhaseBound> analyzePhase(const ModelConfig& config, ServingPoint point, const hw::HwProfile& hardware,
                                  const SourceAnalysisOptions& options = {}, const std::string& sourceDir = {},
                                  const std::vector<std::string>& fitConstants = {});

/// `traced` re-solved at `point` (the same phase and precisions at another batch, token count or new tokens)
/// without tracing: the program's size parameters for the step's constants (batch, prompt_tokens or
/// context_tokens, new_tokens) set to the point's values, the bounds solved anew. Nothing when a constant that
/// changes is not a parameter of the program (its sizes were not fitted, or the fit could not tell it from another
/// constant) or the program does not analyse there: the caller traces that point instead. The result keeps the
/// traced program's coverage and validation, and says it was re-solved.
std::optional<PhaseBound> resolvePhase(const PhaseBound& traced, const ServingPoint& point, const hw::HwProfile& hardware,
                                       const SourceAnalysisOptions& options = {});

/// Both phases as requested. Failures (the model does not build, trace or lower) carry the diagnostics, their
/// generated-source locations mapped to the config where they came from its fields.
Expected<ServingEstimate> estimateServing(const ModelConfig& config, const ServingRequest& request, const hw::HwProfile& hardware,
                                          const SourceAnalysisOptions& options = {});

/// One row per batch x context point (decode at that context; prefill with that many prompt tokens). Each phase is
/// validated at the first point only. Batch 1 and larger batches are two groups: a group of five points or more is
/// traced once with its batch and tokens fitted as size parameters (three more traces) and its other points
/// re-solve that program (resolvePhase); smaller groups, and points the fit cannot reach, are traced one by one.
Expected<std::vector<ServingEstimate>> sweepServing(const ModelConfig& config, const ServingRequest& request,
                                                    const std::vector<std::int64_t>& batches, const std::vector<std::int64_t>& contexts,
                                                    const hw::HwProfile& hardware, const SourceAnalysisOptions& options = {});

} // namespace solar::serving
