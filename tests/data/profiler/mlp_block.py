# A small transformer-style MLP block (LayerNorm, Linear, GELU, Linear, residual), and the torch.profiler trace
# of one forward pass of it recorded on a CPU (mlp_block.trace.json; scripts in record_trace.py).
import torch
import torch.nn as nn

batch = 16
dim = 64
hidden = 256


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.norm = nn.LayerNorm(dim)
        self.up = nn.Linear(dim, hidden)
        self.down = nn.Linear(hidden, dim)

    def forward(self, x):
        return x + self.down(torch.nn.functional.gelu(self.up(self.norm(x))))


def get_inputs():
    return [torch.randn(batch, dim)]


def get_init_inputs():
    return []
