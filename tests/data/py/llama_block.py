import torch
import torch.nn as nn
import torch.nn.functional as F


class RMSNorm(nn.Module):
    def __init__(self, dim, eps=1e-6):
        super().__init__()
        self.eps = eps
        self.weight = nn.Parameter(torch.ones(dim))

    def forward(self, x):
        return x * torch.rsqrt(x.pow(2).mean(-1, keepdim=True) + self.eps) * self.weight


def rotate_half(x):
    x1, x2 = x.chunk(2, dim=-1)
    return torch.cat((-x2, x1), dim=-1)


class Model(nn.Module):
    """An HF/LLaMA-style decoder block: RMSNorm, rotary position embeddings, grouped-query attention (the key and
    value heads repeated to the query heads), causal SDPA, and a SwiGLU MLP."""

    def __init__(self, dim, n_heads, n_kv_heads, hidden):
        super().__init__()
        self.n_heads, self.n_kv, self.head_dim = n_heads, n_kv_heads, dim // n_heads
        self.q = nn.Linear(dim, n_heads * self.head_dim, bias=False)
        self.k = nn.Linear(dim, n_kv_heads * self.head_dim, bias=False)
        self.v = nn.Linear(dim, n_kv_heads * self.head_dim, bias=False)
        self.o = nn.Linear(n_heads * self.head_dim, dim, bias=False)
        self.norm1, self.norm2 = RMSNorm(dim), RMSNorm(dim)
        self.gate = nn.Linear(dim, hidden, bias=False)
        self.up = nn.Linear(dim, hidden, bias=False)
        self.down = nn.Linear(hidden, dim, bias=False)
        inv_freq = 1.0 / (10000 ** (torch.arange(0, self.head_dim, 2).float() / self.head_dim))
        self.register_buffer("inv_freq", inv_freq)

    def forward(self, x):
        b, s, _ = x.shape
        h = self.norm1(x)
        q = self.q(h).view(b, s, self.n_heads, self.head_dim).transpose(1, 2)
        k = self.k(h).view(b, s, self.n_kv, self.head_dim).transpose(1, 2)
        v = self.v(h).view(b, s, self.n_kv, self.head_dim).transpose(1, 2)
        t = torch.arange(s, dtype=torch.float32)
        freqs = torch.outer(t, self.inv_freq)
        emb = torch.cat((freqs, freqs), dim=-1)
        cos, sin = emb.cos(), emb.sin()
        q = q * cos + rotate_half(q) * sin
        k = k * cos + rotate_half(k) * sin
        rep = self.n_heads // self.n_kv
        k = k[:, :, None].expand(b, self.n_kv, rep, s, self.head_dim).reshape(b, self.n_heads, s, self.head_dim)
        v = v[:, :, None].expand(b, self.n_kv, rep, s, self.head_dim).reshape(b, self.n_heads, s, self.head_dim)
        a = F.scaled_dot_product_attention(q, k, v, is_causal=True)
        x = x + self.o(a.transpose(1, 2).reshape(b, s, -1))
        h = self.norm2(x)
        return x + self.down(F.silu(self.gate(h)) * self.up(h))


batch_size = 2
seq_len = 32
dim = 64
n_heads = 8
n_kv_heads = 2
hidden = 128


def get_inputs():
    return [torch.randn(batch_size, seq_len, dim)]


def get_init_inputs():
    return [dim, n_heads, n_kv_heads, hidden]
