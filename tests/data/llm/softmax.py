# Softmax over the last dimension.
import torch
import torch.nn as nn

batch_size = 32
features = 256


class Model(nn.Module):
    def forward(self, x):
        return torch.softmax(x, dim=-1)


def get_inputs():
    return [torch.randn(batch_size, features) * 2.0]


def get_init_inputs():
    return []
