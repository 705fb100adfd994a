# A per-feature affine map whose parameter is a top-level `self.weight`, a word ALIR reserves.
import torch
import torch.nn as nn

batch_size = 32
features = 64


class Model(nn.Module):
    def __init__(self, features):
        super().__init__()
        self.weight = nn.Parameter(torch.randn(features))
        self.bias = nn.Parameter(torch.randn(features))

    def forward(self, x):
        return x * self.weight + self.bias


def get_inputs():
    return [torch.randn(batch_size, features)]


def get_init_inputs():
    return [features]
