# SPDX-License-Identifier: MIT
"""Exports a PyTorch model file (Model, get_inputs, get_init_inputs: the fixtures under tests/data/py) to ONNX with
torch.onnx, for tst_onnx's corpus: the same model through both routes must give the same counts.

usage: export.py MODEL.py OUT.onnx [--opset N] [--dynamic INPUT:AXIS:NAME ...]

--dynamic makes axis AXIS of input INPUT (0-based) a symbolic dimension (dim_param) NAME. The TorchScript exporter
(dynamo=False) is used where this torch has it: it needs no onnxscript and exports every fixture op as standard ONNX;
otherwise torch.onnx's default. Weights are random (seeded) as the fixture makes them."""
import argparse
import importlib.util
import sys
import warnings

import torch

parser = argparse.ArgumentParser()
parser.add_argument("model")
parser.add_argument("out")
parser.add_argument("--opset", type=int, default=17)
parser.add_argument("--dynamic", action="append", default=[])
args = parser.parse_args()

spec = importlib.util.spec_from_file_location("fixture", args.model)
module = importlib.util.module_from_spec(spec)
spec.loader.exec_module(module)
torch.manual_seed(0)
model = module.Model(*module.get_init_inputs()).eval()
inputs = tuple(module.get_inputs())
names = ["input%d" % i for i in range(len(inputs))]
dynamic = {}
for d in args.dynamic:
    index, axis, name = d.split(":")
    dynamic.setdefault(names[int(index)], {})[int(axis)] = name

warnings.simplefilter("ignore")
kwargs = {"opset_version": args.opset, "input_names": names}
if dynamic:
    kwargs["dynamic_axes"] = dynamic
try:
    torch.onnx.export(model, inputs, args.out, dynamo=False, **kwargs)
except TypeError:  # a torch without the dynamo switch: its exporter is the TorchScript one
    torch.onnx.export(model, inputs, args.out, **kwargs)
print("exported", args.out)
sys.exit(0)
