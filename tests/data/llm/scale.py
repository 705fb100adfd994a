# A Linear layer whose output is scaled by a constant: eager runs the product's kernel and a multiply that reads its
# result and writes a new tensor. A reply may scale the result in place: it reads and writes that tensor, the same
# traffic.
import torch
import torch.nn as nn

batch_size = 32
in_features = 64
out_features = 48


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.fc = nn.Linear(in_features, out_features)

    def forward(self, x):
        y = self.fc(x)
        return y * 0.5


def get_inputs():
    return [torch.randn(batch_size, in_features)]


def get_init_inputs():
    return []
