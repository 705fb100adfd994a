# A ReLU written as a mask: the comparison writes a bool tensor (1 byte an element), .float() converts it to a
# float32 one, and the product reads that. A reply that keeps the mask as bool has the same outputs and moves less.
import torch
import torch.nn as nn

batch_size = 32
features = 64


class Model(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, x):
        m = (x > 0).float()
        return x * m


def get_inputs():
    return [torch.randn(batch_size, features)]


def get_init_inputs():
    return []
