import torch
import torch.nn as nn
import torch.nn.functional as F


class Model(nn.Module):
    """A Swin-style block: windowed multi-head attention with a learned relative position bias (a table indexed by
    relative coordinates), on a cyclically shifted feature map (torch.roll) with the shift's attention mask, then an
    MLP; layer norms and residuals around both."""

    def __init__(self, dim, heads, window, shift):
        super().__init__()
        self.dim, self.heads, self.window, self.shift = dim, heads, window, shift
        self.norm1, self.norm2 = nn.LayerNorm(dim), nn.LayerNorm(dim)
        self.qkv = nn.Linear(dim, 3 * dim)
        self.proj = nn.Linear(dim, dim)
        self.mlp = nn.Sequential(nn.Linear(dim, 4 * dim), nn.GELU(), nn.Linear(4 * dim, dim))
        self.bias_table = nn.Parameter(torch.randn((2 * window - 1) ** 2, heads) * 0.02)
        coords = torch.stack(torch.meshgrid(torch.arange(window), torch.arange(window), indexing="ij")).flatten(1)
        rel = (coords[:, :, None] - coords[:, None, :]).permute(1, 2, 0) + (window - 1)
        self.register_buffer("rel_index", rel[:, :, 0] * (2 * window - 1) + rel[:, :, 1])

    def forward(self, x, mask):
        b, hgt, wid, c = x.shape
        w, n = self.window, self.window * self.window
        shortcut = x
        x = torch.roll(self.norm1(x), shifts=(-self.shift, -self.shift), dims=(1, 2))
        x = x.view(b, hgt // w, w, wid // w, w, c).permute(0, 1, 3, 2, 4, 5).reshape(-1, n, c)
        qkv = self.qkv(x).reshape(-1, n, 3, self.heads, c // self.heads).permute(2, 0, 3, 1, 4)
        q, k, v = qkv[0], qkv[1], qkv[2]
        attn = (q * (c // self.heads) ** -0.5) @ k.transpose(-2, -1)
        bias = self.bias_table[self.rel_index.view(-1)].view(n, n, -1).permute(2, 0, 1)
        attn = attn + bias.unsqueeze(0)
        nw = mask.shape[0]
        attn = attn.view(-1, nw, self.heads, n, n) + mask.unsqueeze(1).unsqueeze(0)
        attn = attn.view(-1, self.heads, n, n).softmax(dim=-1)
        x = (attn @ v).transpose(1, 2).reshape(-1, n, c)
        x = self.proj(x).view(b, hgt // w, wid // w, w, w, c).permute(0, 1, 3, 2, 4, 5).reshape(b, hgt, wid, c)
        x = shortcut + torch.roll(x, shifts=(self.shift, self.shift), dims=(1, 2))
        return x + self.mlp(self.norm2(x))


batch_size = 2
size = 16
dim = 32
heads = 4
window = 4
shift = 2


def get_inputs():
    nw = (size // window) ** 2
    return [torch.randn(batch_size, size, size, dim), torch.zeros(nw, window * window, window * window)]


def get_init_inputs():
    return [dim, heads, window, shift]
