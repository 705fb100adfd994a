import torch
import torch.nn as nn


class Model(nn.Module):
    """A bidirectional two-layer GRU (batch first), a two-layer LSTM and a bias-free ReLU RNN, chained."""

    def __init__(self, input_size, hidden):
        super().__init__()
        self.gru = nn.GRU(input_size, hidden, num_layers=2, bidirectional=True, batch_first=True)
        self.lstm = nn.LSTM(2 * hidden, hidden, num_layers=2)
        self.rnn = nn.RNN(hidden, hidden, nonlinearity="relu", bias=False)

    def forward(self, x):
        y, h = self.gru(x)
        z, (hn, cn) = self.lstm(y.transpose(0, 1))
        w, hr = self.rnn(z)
        return w, h, cn, hr


batch_size = 3
seq_len = 5
input_size = 4
hidden = 6


def get_inputs():
    return [torch.randn(batch_size, seq_len, input_size)]


def get_init_inputs():
    return [input_size, hidden]
