# SPDX-License-Identifier: MIT
# Llama decoding one new token per sequence into a StaticCache of seq_len + 4 slots, the first seq_len filled from
# the inputs (index_copy_ at their positions): attention runs over every slot of the static cache under a mask, as
# served with CUDA graphs. Random weights, SDPA attention. tests/engine/tst_hf.cpp derives its MACs by hand.
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
        from transformers import StaticCache
        cache = StaticCache(config=self.net.config, max_cache_len=seq_len + 4)
        for layer in range(layers):
            cache.update(past_k[layer], past_v[layer], layer)
        return self.net(input_ids=ids, past_key_values=cache, use_cache=True).logits


def get_inputs():
    head_dim = hidden // heads
    return [torch.randint(0, vocab, (batch, 1)), torch.randn(layers, batch, kv_heads, seq_len, head_dim),
            torch.randn(layers, batch, kv_heads, seq_len, head_dim)]


def get_init_inputs():
    return []
