# SPDX-License-Identifier: MIT
# Llama decoding one new token per sequence after `seq_len` cached ones: a DynamicCache filled from the inputs (the
# cache as served, at its storage dtype), grouped-query attention over past + 1 keys. Random weights, SDPA attention. tests/engine/tst_hf.cpp derives
# its MACs and the cache's bytes by hand.
import torch
from transformers import LlamaConfig, LlamaForCausalLM

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
        cfg = LlamaConfig(hidden_size=hidden, intermediate_size=inter, num_hidden_layers=layers,
                         num_attention_heads=heads, num_key_value_heads=kv_heads, vocab_size=vocab,
                         max_position_embeddings=256, attn_implementation="sdpa")
        self.net = LlamaForCausalLM(cfg).eval()

    def forward(self, ids, past_k, past_v):
        from transformers import DynamicCache
        cache = DynamicCache(config=self.net.config)
        for layer in range(layers):
            cache.update(past_k[layer], past_v[layer], layer)
        return self.net(input_ids=ids, past_key_values=cache, use_cache=True).logits


def get_inputs():
    head_dim = hidden // heads
    return [torch.randint(0, vocab, (batch, 1)), torch.randn(layers, batch, kv_heads, seq_len, head_dim),
            torch.randn(layers, batch, kv_heads, seq_len, head_dim)]


def get_init_inputs():
    return []
