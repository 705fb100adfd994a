# SPDX-License-Identifier: MIT
# Mixtral: 4 experts, each token routed to its top 2 (softmax router, topk, a sort of the routed rows by expert,
# histc of their counts, torch._grouped_mm over the experts' stacked matrices, the inverse permutation by
# index_put_), grouped-query attention. bf16 as served (torch's grouped GEMM takes bf16 only). Random weights, SDPA
# attention, prefill without a cache. tests/engine/tst_hf.cpp derives its MACs by hand: every token through exactly
# top_k experts, whatever the routing.
import torch
from transformers import MixtralConfig, MixtralForCausalLM

batch = 2
seq_len = 20
hidden = 48
layers = 2
heads = 4
kv_heads = 2
inter = 40
vocab = 200
experts = 4
top_k = 2


class Model(torch.nn.Module):
    def __init__(self):
        super().__init__()
        cfg = MixtralConfig(hidden_size=hidden, intermediate_size=inter, num_hidden_layers=layers,
                            num_attention_heads=heads, num_key_value_heads=kv_heads, vocab_size=vocab,
                            num_local_experts=experts, num_experts_per_tok=top_k,
                            max_position_embeddings=256, attn_implementation="sdpa")
        self.net = MixtralForCausalLM(cfg).to(torch.bfloat16).eval()

    def forward(self, ids):
        return self.net(input_ids=ids, use_cache=False).logits


def get_inputs():
    return [torch.randint(0, vocab, (batch, seq_len))]


def get_init_inputs():
    return []
