# SPDX-License-Identifier: MIT
# An LSTM language model (embedding, a 2-layer LSTM, a decoder on the flattened outputs), five size constants of
# which the uniform reductions leave four equal (8): a fit from such samples can hold at them by coincidence. The
# size parameters must hold at sizes no fit used (tst_validation::testFittedSizesHoldElsewhere).
import torch
import torch.nn as nn

batch_size = 32
seq_len = 35
vocab_size = 1000
embed = 200
hidden = 256


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.emb = nn.Embedding(vocab_size, embed)
        self.lstm = nn.LSTM(embed, hidden, 2, batch_first=True)
        self.decoder = nn.Linear(hidden, vocab_size)

    def forward(self, x):
        out, _ = self.lstm(self.emb(x))
        return self.decoder(out.reshape(-1, hidden))


def get_inputs():
    return [torch.randint(0, vocab_size, (batch_size, seq_len))]


def get_init_inputs():
    return []
