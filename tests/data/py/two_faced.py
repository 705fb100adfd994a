import torch
import torch.nn as nn


# Computes one thing when traced (autograd on) and another in the reference run (no_grad): validation must see a
# mismatch at every size and report it.
class Model(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, x):
        if torch.is_grad_enabled():
            return x * 2.0
        return x * 3.0


batch_size = 64
dim = 32


def get_inputs():
    return [torch.randn(batch_size, dim)]


def get_init_inputs():
    return []
