# SPDX-License-Identifier: MIT
# Qwen2: Llama's layout with biases on the q/k/v projections. Built from a config with random weights (transformers; no download), SDPA attention,
# prefill of `seq_len` tokens without a cache. tests/engine/tst_hf.cpp derives its MACs by hand.
import torch
from transformers import Qwen2Config, Qwen2ForCausalLM

batch = 2
seq_len = 20
hidden = 48
layers = 2
heads = 4
kv_heads = 2
inter = 120
vocab = 200


class Model(torch.nn.Module):
    def __init__(self):
        super().__init__()
        cfg = Qwen2Config(hidden_size=hidden, intermediate_size=inter, num_hidden_layers=layers,
                         num_attention_heads=heads, num_key_value_heads=kv_heads, vocab_size=vocab,
                         max_position_embeddings=256, attn_implementation="sdpa")
        self.net = Qwen2ForCausalLM(cfg).eval()

    def forward(self, ids):
        return self.net(input_ids=ids, use_cache=False).logits


def get_inputs():
    return [torch.randint(0, vocab, (batch, seq_len))]


def get_init_inputs():
    return []
