# A result returned as a view: eager PyTorch runs the product as a kernel and returns its transpose as a view of
# it (no kernel). A reply must write its output; that copy is the view, not a kernel.
import torch
import torch.nn as nn

batch_size = 16
rows = 32
cols = 64


class Model(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, x):
        y = x * 2.0
        return y.transpose(1, 2)


def get_inputs():
    return [torch.randn(batch_size, rows, cols)]


def get_init_inputs():
    return []
