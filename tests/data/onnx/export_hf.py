# SPDX-License-Identifier: MIT
"""Exports a transformers encoder or decoder built from a config (random weights, seeded) to ONNX with torch.onnx's
TorchScript exporter, as users export BERT and GPT-2, for tst_onnx: the last hidden state for a batch of token ids.

usage: export_hf.py bert|gpt2 OUT.onnx [--layers L] [--hidden H] [--heads A] [--inter I] [--seq S] [--dynamic]

Without --dynamic the shapes are fixed at batch 1 x S tokens (the exporter folds S into Reshape constants and position
ids); --dynamic names them batch and seq."""
import argparse
import sys
import warnings

import torch
import transformers

parser = argparse.ArgumentParser()
parser.add_argument("family", choices=["bert", "gpt2"])
parser.add_argument("out")
parser.add_argument("--layers", type=int, default=12)
parser.add_argument("--hidden", type=int, default=768)
parser.add_argument("--heads", type=int, default=12)
parser.add_argument("--inter", type=int, default=3072)
parser.add_argument("--seq", type=int, default=128)
parser.add_argument("--dynamic", action="store_true")
args = parser.parse_args()

warnings.simplefilter("ignore")
torch.manual_seed(0)
if args.family == "bert":
    config = transformers.BertConfig(num_hidden_layers=args.layers, hidden_size=args.hidden, num_attention_heads=args.heads,
                                     intermediate_size=args.inter)
    model = transformers.BertModel(config, add_pooling_layer=False)
else:
    config = transformers.GPT2Config(n_layer=args.layers, n_embd=args.hidden, n_head=args.heads, n_inner=args.inter)
    model = transformers.GPT2Model(config)
model.eval()


class LastHiddenState(torch.nn.Module):
    def __init__(self, inner):
        super().__init__()
        self.inner = inner

    def forward(self, input_ids):
        return self.inner(input_ids=input_ids).last_hidden_state


ids = torch.randint(0, 1000, (1, args.seq))
kwargs = {"opset_version": 17, "input_names": ["input_ids"], "dynamo": False}
if args.dynamic:
    kwargs["dynamic_axes"] = {"input_ids": {0: "batch", 1: "seq"}}
torch.onnx.export(LastHiddenState(model), (ids,), args.out, **kwargs)
print("exported", args.out)
sys.exit(0)
