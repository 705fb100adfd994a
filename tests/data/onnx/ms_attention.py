# SPDX-License-Identifier: MIT
"""Writes one-node graphs of onnxruntime's com.microsoft Attention (batch 2, 20 positions, width 32, 4 heads; a packed
QKV weight 32 x 96 and bias, seeded), for tst_onnx: attention.onnx (no mask), attention_causal.onnx (unidirectional)
and attention_mask.onnx (a [batch, sequence] 0/1 key mask input).

usage: ms_attention.py OUT_DIR"""
import os
import sys

import numpy as np
import onnx
from onnx import TensorProto, helper, numpy_helper

B, S, H, N = 2, 20, 32, 4
out_dir = sys.argv[1]
rng = np.random.default_rng(0)
weights = (rng.standard_normal((H, 3 * H)) * 0.2).astype(np.float32)
bias = (rng.standard_normal((3 * H,)) * 0.1).astype(np.float32)
for name, causal, masked in (("attention", 0, False), ("attention_causal", 1, False), ("attention_mask", 0, True)):
    inputs = [helper.make_tensor_value_info("x", TensorProto.FLOAT, [B, S, H])]
    operands = ["x", "W", "Bias"]
    if masked:
        inputs.append(helper.make_tensor_value_info("mask", TensorProto.INT32, [B, S]))
        operands.append("mask")
    node = helper.make_node("Attention", operands, ["y"], domain="com.microsoft", num_heads=N, unidirectional=causal)
    graph = helper.make_graph([node], name, inputs, [helper.make_tensor_value_info("y", TensorProto.FLOAT, [B, S, H])],
                              initializer=[numpy_helper.from_array(weights, "W"), numpy_helper.from_array(bias, "Bias")])
    model = helper.make_model(graph, opset_imports=[helper.make_opsetid("", 17), helper.make_opsetid("com.microsoft", 1)])
    model.ir_version = 8
    onnx.save(model, os.path.join(out_dir, name + ".onnx"))
print("wrote three graphs to", out_dir)
