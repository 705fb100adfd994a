// SPDX-License-Identifier: MIT
// What an .onnx file is, read here without Python: the protobuf wire format of onnx.proto's ModelProto walked far
// enough to check it (every field well formed and inside its message), its default-domain opset, the graph's nodes
// by operator type, its inputs and initializers. The analysis itself needs Python's onnx and onnxruntime; this is
// what lets a bad file be named with its byte offset, and a good one be described, where they are missing.
// (Decision, docs/onnx-frontend.md: onnx's C++ library and libprotobuf would do this, but solar_engine links std,
// nlohmann/json, libcurl and QtCore only; the wire format is five rules.)
#pragma once

#include "engine/core/expected.h"

#include <cstdint>
#include <map>
#include <string>
#include <vector>

namespace solar::onnx {

struct OnnxFileSummary
{
    std::int64_t irVersion = 0;
    std::int64_t opset = 0; // the default domain's ("" or "ai.onnx"); 0 when the model imports none
    std::string producer; // producer_name and producer_version
    int nodes = 0;
    std::map<std::string, int> operators; // op_type -> nodes ("domain::op_type" outside the default domain)
    std::vector<std::string> inputs; // graph inputs that are not initializers
    int initializers = 0;

    std::string describe() const; // "ONNX IR 8, opset 17, 2 nodes (MatMul 1, Relu 1), inputs x; producer pytorch 2.13"
};

/// Reads `bytes` as an ONNX ModelProto. Errors say "byte N: ..." for a malformed field, and name a model without a
/// graph or without an opset of the default domain.
Expected<OnnxFileSummary> parseOnnxModel(const std::string& bytes, const std::string& path);
Expected<OnnxFileSummary> readOnnxFile(const std::string& path);

} // namespace solar::onnx
