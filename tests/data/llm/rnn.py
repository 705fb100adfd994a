# A vanilla RNN unrolled over the sequence in Python (as KernelBench's level 3 VanillaRNNHidden): the input and the
# hidden state concatenated, a Linear and tanh for the new hidden state, a Linear for each step's output.
import torch
import torch.nn as nn

sequence_length = 16
batch_size = 8
input_size = 64
hidden_size = 48
output_size = 32


class Model(nn.Module):
    def __init__(self, input_size, hidden_size, output_size):
        super().__init__()
        self.i2h = nn.Linear(input_size + hidden_size, hidden_size)
        self.h2o = nn.Linear(hidden_size, output_size)

    def forward(self, x, h0):
        hidden = h0
        outputs = []
        for t in range(x.size(0)):
            combined = torch.cat((x[t], hidden), dim=1)
            hidden = torch.tanh(self.i2h(combined))
            outputs.append(self.h2o(hidden))
        return torch.stack(outputs, dim=0)


def get_inputs():
    return [torch.rand(sequence_length, batch_size, input_size), torch.rand(batch_size, hidden_size)]


def get_init_inputs():
    return [input_size, hidden_size, output_size]
