import torch
import torch.nn as nn
import torch.nn.functional as F


# Layer norm, causal attention through SDPA, a sum reduction and a cumsum: one op of each of those families.
class Model(nn.Module):
    def __init__(self, dim):
        super().__init__()
        self.norm = nn.LayerNorm(dim)

    def forward(self, q, k, v):
        a = F.scaled_dot_product_attention(self.norm(q), k, v, is_causal=True)
        s = a.sum(dim=-1)
        return torch.cumsum(s, dim=-1)


batch_size = 2
seq = 8
dim = 4


def get_inputs():
    return [torch.randn(batch_size, seq, dim), torch.randn(batch_size, seq, dim), torch.randn(batch_size, seq, dim)]


def get_init_inputs():
    return [dim]
