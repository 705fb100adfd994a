# A model that writes to stdout everywhere the tracer runs user code: print() at import, in the constructor, in
# forward and in get_inputs, and a raw write to file descriptor 1, as C extensions do. None may reach the protocol.
import os

import torch
import torch.nn as nn

print("importing the model")
N = 32


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        print("{\"not\": \"a reply\"}")
        self.fc = nn.Linear(N, N)

    def forward(self, x):
        print("forward", tuple(x.shape))
        os.write(1, b"raw bytes on fd 1\n")
        return torch.relu(self.fc(x))


def get_inputs():
    print("get_inputs")
    return [torch.randn(4, N)]


def get_init_inputs():
    return []
