import torch
import torch.nn as nn


class Model(nn.Module):
    """nn.MultiheadAttention in eval under no_grad, batch first: PyTorch takes its fused fast path
    (aten::_native_multi_head_attention), traced as the attention it computes."""

    def __init__(self, dim, heads):
        super().__init__()
        self.attn = nn.MultiheadAttention(dim, heads, batch_first=True)
        self.eval()

    def forward(self, x):
        with torch.no_grad():
            return self.attn(x, x, x, need_weights=False)[0]


batch_size = 2
seq_len = 16
dim = 32
heads = 4


def get_inputs():
    return [torch.randn(batch_size, seq_len, dim)]


def get_init_inputs():
    return [dim, heads]
