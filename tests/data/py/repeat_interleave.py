import torch
import torch.nn as nn


class Model(nn.Module):
    """torch.repeat_interleave has no fake or meta kernel in torch 1.13 (its output size depends on data), so this
    model is traced on real tensors at reduced sizes."""

    def __init__(self, d_in, d_out):
        super().__init__()
        self.fc = nn.Linear(d_in, d_out)

    def forward(self, x):
        return self.fc(torch.repeat_interleave(x, 2, dim=0))


batch_size = 64
d_in = 128
d_out = 32


def get_inputs():
    return [torch.randn(batch_size, d_in)]


def get_init_inputs():
    return [d_in, d_out]
