import torch
import torch.nn as nn


class Model(nn.Module):
    """One LSTM layer over a short sequence, then the last step's hidden state through a linear layer."""

    def __init__(self, input_size, hidden_size, classes):
        super().__init__()
        self.lstm = nn.LSTM(input_size, hidden_size, batch_first=True)
        self.fc = nn.Linear(hidden_size, classes)

    def forward(self, x):
        out, _ = self.lstm(x)
        return self.fc(out[:, -1, :])


batch_size = 2
seq_len = 3
input_size = 4
hidden_size = 5
classes = 3


def get_inputs():
    return [torch.randn(batch_size, seq_len, input_size)]


def get_init_inputs():
    return [input_size, hidden_size, classes]
