# RMSNorm over the last dimension, written out as Llama-style models do: x / sqrt(mean(x^2) + eps) * gain.
import torch
import torch.nn as nn

batch_size = 32
features = 256


class Model(nn.Module):
    def __init__(self, features):
        super().__init__()
        self.gain = nn.Parameter(torch.randn(features))
        self.eps = 1e-6

    def forward(self, x):
        ms = (x * x).mean(dim=-1, keepdim=True)
        return x / torch.sqrt(ms + self.eps) * self.gain


def get_inputs():
    return [torch.randn(batch_size, features)]


def get_init_inputs():
    return [features]
