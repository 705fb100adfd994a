# SPDX-License-Identifier: MIT
# Mistral with a sliding window of 8 tokens (shorter than the prompt: the mask hides the rest). Built from a config with random weights (transformers; no download), SDPA attention,
# prefill of `seq_len` tokens without a cache. tests/engine/tst_hf.cpp derives its MACs by hand.
import torch
from transformers import MistralConfig, MistralForCausalLM

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
        cfg = MistralConfig(sliding_window=8, hidden_size=hidden, intermediate_size=inter, num_hidden_layers=layers,
                         num_attention_heads=heads, num_key_value_heads=kv_heads, vocab_size=vocab,
                         max_position_embeddings=256, attn_implementation="sdpa")
        self.net = MistralForCausalLM(cfg).eval()

    def forward(self, ids):
        return self.net(input_ids=ids, use_cache=False).logits


def get_inputs():
    return [torch.randint(0, vocab, (batch, seq_len))]


def get_init_inputs():
    return []
