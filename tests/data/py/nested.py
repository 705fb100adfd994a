# Nested modules: an encoder with a ModuleList of blocks, each with its own linear layers, reused once (the same
# block runs twice), and top-level work outside any submodule. Each traced op names the module it ran in.
import torch
import torch.nn as nn

D = 16


class Block(nn.Module):
    def __init__(self):
        super().__init__()
        self.qkv = nn.Linear(D, 3 * D)
        self.proj = nn.Linear(3 * D, D)

    def forward(self, x):
        return x + self.proj(torch.relu(self.qkv(x)))


class Encoder(nn.Module):
    def __init__(self):
        super().__init__()
        self.layers = nn.ModuleList([Block(), Block()])

    def forward(self, x):
        for layer in self.layers:
            x = layer(x)
        return x


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.encoder = Encoder()
        self.head = nn.Linear(D, 4)

    def forward(self, x):
        return torch.softmax(self.head(self.encoder(x)), dim=-1) * 2


def get_inputs():
    return [torch.randn(8, D)]


def get_init_inputs():
    return []
