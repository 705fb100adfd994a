import torch
import torch.nn as nn
import torch.nn.functional as F


class Model(nn.Module):
    """Layout ops, an index reduction, a norm and two losses: one op of each family the golden test derives by hand."""

    def __init__(self):
        super().__init__()

    def forward(self, x, y, target):
        z = torch.cat([x, y], dim=1)
        z = F.pad(z, (1, 2))
        z = torch.flip(z, dims=[1])
        idx = torch.argmax(z, dim=1)
        n = torch.linalg.vector_norm(z, dim=1)
        mse = F.mse_loss(x, y)
        ce = F.cross_entropy(x, target)
        return idx, n, mse, ce


batch_size = 4
features = 6


def get_inputs():
    return [torch.randn(batch_size, features), torch.randn(batch_size, features),
            torch.randint(0, features, (batch_size,))]


def get_init_inputs():
    return []
