import torch
import torch.nn as nn

# torch.compile where it exists (2.x); torch 1.13 has none and runs the method eagerly.
compile_ = getattr(torch, "compile", lambda f: f)


class Model(nn.Module):
    """A forward decorated with torch.compile: traced as the ATen ops it runs."""

    def __init__(self, dim):
        super().__init__()
        self.fc = nn.Linear(dim, dim)

    @compile_
    def forward(self, x):
        return torch.relu(self.fc(x)) * 2


batch_size = 4
dim = 32


def get_inputs():
    return [torch.randn(batch_size, dim)]


def get_init_inputs():
    return [dim]
