import torch
import torch.nn as nn


class Model(nn.Module):
    """A bug in forward(): the shapes do not multiply, at any size."""

    def __init__(self, dim):
        super().__init__()
        self.w = nn.Parameter(torch.randn(dim + 1, dim))

    def forward(self, x):
        return x @ self.w


batch_size = 32
dim = 64


def get_inputs():
    return [torch.randn(batch_size, dim)]


def get_init_inputs():
    return [dim]
