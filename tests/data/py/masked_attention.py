# SPDX-License-Identifier: MIT
# Attention as transformers writes it (issue 29), without transformers: Linear layers on (batch, tokens, features),
# a boolean mask built from arange comparisons and combined with a padding mask by bitwise_and, grouped-query
# SDPA (4 query heads over 2 key/value heads, enable_gqa), then an additive position bias gathered from a table by
# advanced indexing with two index tensors. tst_validation counts the MACs by hand: 53,760.
import torch
import torch.nn.functional as F

batch = 2
tokens = 10
embed = 24
heads = 4
kv_heads = 2


class Model(torch.nn.Module):
    def __init__(self):
        super().__init__()
        d = embed // heads
        self.q = torch.nn.Linear(embed, heads * d)
        self.k = torch.nn.Linear(embed, kv_heads * d)
        self.v = torch.nn.Linear(embed, kv_heads * d)
        self.o = torch.nn.Linear(heads * d, embed)
        self.bias_table = torch.nn.Parameter(torch.randn(2 * tokens - 1))

    def forward(self, x, keep):
        b, s, _ = x.shape
        d = embed // heads
        q = self.q(x).view(b, s, heads, d).transpose(1, 2)
        k = self.k(x).view(b, s, kv_heads, d).transpose(1, 2)
        v = self.v(x).view(b, s, kv_heads, d).transpose(1, 2)
        pos = torch.arange(s)
        causal = pos[None, :] <= pos[:, None]  # (query, key)
        mask = causal[None, None, :, :] & (keep[:, None, None, :] != 0)  # padding: keys to keep
        y = F.scaled_dot_product_attention(q, k, v, attn_mask=mask, enable_gqa=True)
        rows = pos[:, None] - pos[None, :] + (tokens - 1)
        bias = self.bias_table[rows]  # (query, key): one index tensor
        table = torch.stack([self.bias_table, -self.bias_table])
        which = (pos[:, None] > pos[None, :]).long()
        bias = bias + table[which, rows]  # two index tensors, broadcast together
        y = F.scaled_dot_product_attention(y, y, y, attn_mask=bias[None, None])
        return self.o(y.transpose(1, 2).reshape(b, s, heads * d))


def get_inputs():
    keep = torch.ones(batch, tokens, dtype=torch.long)
    keep[1, 7:] = 0
    return [torch.randn(batch, tokens, embed), keep]


def get_init_inputs():
    return []
