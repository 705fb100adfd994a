# 3x3 max pooling, stride 2, padding 1, on non-negative inputs (torch.rand), as a vision model sees after a ReLU.
import torch
import torch.nn as nn

batch_size = 16
channels = 32
height = 64
width = 64


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.pool = nn.MaxPool2d(3, stride=2, padding=1)

    def forward(self, x):
        return self.pool(x)


def get_inputs():
    return [torch.rand(batch_size, channels, height, width)]


def get_init_inputs():
    return []
