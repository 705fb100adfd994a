# A Linear layer whose outputs are summed per row.
import torch
import torch.nn as nn

batch_size = 32
in_features = 64
out_features = 128


class Model(nn.Module):
    def __init__(self, in_features, out_features):
        super().__init__()
        self.fc = nn.Linear(in_features, out_features)

    def forward(self, x):
        return self.fc(x).sum(dim=1)


def get_inputs():
    return [torch.randn(batch_size, in_features)]


def get_init_inputs():
    return [in_features, out_features]
