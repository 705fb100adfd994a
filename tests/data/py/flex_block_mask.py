import torch
import torch.nn as nn
from torch.nn.attention.flex_attention import flex_attention, create_block_mask


def causal(score, b, h, q_idx, kv_idx):
    return torch.where(q_idx >= kv_idx, score, -float("inf"))


class Model(nn.Module):
    """FlexAttention with a block mask (masked blocks skipped): one op, named as not counted."""

    def __init__(self):
        super().__init__()
        self.mask = create_block_mask(lambda b, h, q, kv: q >= kv, None, None, seq_len, seq_len, device="cpu")

    def forward(self, q, k, v):
        return flex_attention(q, k, v, block_mask=self.mask)


batch_size = 2
heads = 4
seq_len = 64
head_dim = 16


def get_inputs():
    return [torch.randn(batch_size, heads, seq_len, head_dim) for _ in range(3)]


def get_init_inputs():
    return []
