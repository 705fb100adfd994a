# SPDX-License-Identifier: MIT
# DeepSeek-V3-style: multi-head latent attention (queries through a rank-24 bottleneck, keys and values
# decompressed from a rank-16 latent plus a shared 4-wide RoPE key), the first layer dense, then a mixture of 6
# routed experts (sigmoid router, 2 groups of which the best 1 is kept — a scatter_ marks it —, top 2 experts) beside
# a shared expert every token passes through. bf16 as served; random weights, SDPA attention, prefill without a
# cache. tests/engine/tst_hf.cpp derives its MACs by hand.
import torch
from transformers import DeepseekV3Config, DeepseekV3ForCausalLM

batch = 2
seq_len = 20
hidden = 48
layers = 2
heads = 4
inter = 120
moe_inter = 40
vocab = 200
routed = 6
shared = 1
top_k = 2


class Model(torch.nn.Module):
    def __init__(self):
        super().__init__()
        cfg = DeepseekV3Config(hidden_size=hidden, intermediate_size=inter, moe_intermediate_size=moe_inter,
                               num_hidden_layers=layers, num_attention_heads=heads, num_key_value_heads=heads,
                               n_routed_experts=routed, n_shared_experts=shared, num_experts_per_tok=top_k,
                               n_group=2, topk_group=1, first_k_dense_replace=1, q_lora_rank=24, kv_lora_rank=16,
                               qk_rope_head_dim=4, qk_nope_head_dim=8, v_head_dim=12, vocab_size=vocab,
                               max_position_embeddings=256, attn_implementation="sdpa")
        self.net = DeepseekV3ForCausalLM(cfg).to(torch.bfloat16).eval()

    def forward(self, ids):
        return self.net(input_ids=ids, use_cache=False).logits


def get_inputs():
    return [torch.randint(0, vocab, (batch, seq_len))]


def get_init_inputs():
    return []
