# A pre-norm transformer decoder block (GPT style): causal multi-head self-attention and a GELU MLP, each
# with a residual connection. Open it in SOLAR Studio and press Ctrl+R; try the hardware sliders.
import torch
import torch.nn as nn
import torch.nn.functional as F


class Model(nn.Module):
    def __init__(self, d_model, n_heads, d_ff):
        super().__init__()
        self.n_heads = n_heads
        self.ln1 = nn.LayerNorm(d_model)
        self.qkv = nn.Linear(d_model, 3 * d_model)
        self.proj = nn.Linear(d_model, d_model)
        self.ln2 = nn.LayerNorm(d_model)
        self.fc1 = nn.Linear(d_model, d_ff)
        self.fc2 = nn.Linear(d_ff, d_model)

    def forward(self, x):
        b, s, d = x.shape
        q, k, v = self.qkv(self.ln1(x)).split(d, dim=-1)
        q = q.view(b, s, self.n_heads, d // self.n_heads).transpose(1, 2)
        k = k.view(b, s, self.n_heads, d // self.n_heads).transpose(1, 2)
        v = v.view(b, s, self.n_heads, d // self.n_heads).transpose(1, 2)
        a = F.scaled_dot_product_attention(q, k, v, is_causal=True)
        x = x + self.proj(a.transpose(1, 2).reshape(b, s, d))
        return x + self.fc2(F.gelu(self.fc1(self.ln2(x))))


batch_size = 4
seq_len = 256
d_model = 512
n_heads = 8
d_ff = 2048


def get_inputs():
    return [torch.randn(batch_size, seq_len, d_model)]


def get_init_inputs():
    return [d_model, n_heads, d_ff]
