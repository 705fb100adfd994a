# A linear layer then GELU (the exact, erf form nn.GELU() computes by default).
import torch
import torch.nn as nn

batch_size = 32
features = 64


class Model(nn.Module):
    def __init__(self, features):
        super().__init__()
        self.fc = nn.Linear(features, features)
        self.act = nn.GELU()

    def forward(self, x):
        return self.act(self.fc(x))


def get_inputs():
    return [torch.randn(batch_size, features) * 2.0]


def get_init_inputs():
    return [features]
