# A padded 3x3 convolution with bias, as nn.Conv2d computes it.
import torch
import torch.nn as nn

batch_size = 4
in_channels = 8
out_channels = 16
height = 32
width = 32


class Model(nn.Module):
    def __init__(self, in_channels, out_channels):
        super().__init__()
        self.conv = nn.Conv2d(in_channels, out_channels, 3, padding=1)

    def forward(self, x):
        return self.conv(x)


def get_inputs():
    return [torch.randn(batch_size, in_channels, height, width)]


def get_init_inputs():
    return [in_channels, out_channels]
