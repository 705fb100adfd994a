# SPDX-License-Identifier: MIT
# BERT encoder with a padding mask (the second sequence ends after 15 tokens): bidirectional attention, GELU MLP.
# Built from a config with random weights, SDPA attention.
import torch
from transformers import BertConfig, BertModel

batch = 2
seq_len = 20
hidden = 48
layers = 2
heads = 4
inter = 120
vocab = 200


class Model(torch.nn.Module):
    def __init__(self):
        super().__init__()
        cfg = BertConfig(hidden_size=hidden, num_hidden_layers=layers, num_attention_heads=heads,
                         intermediate_size=inter, vocab_size=vocab, max_position_embeddings=128,
                         attn_implementation="sdpa")
        self.net = BertModel(cfg, add_pooling_layer=False).eval()

    def forward(self, ids, mask):
        return self.net(input_ids=ids, attention_mask=mask).last_hidden_state


def get_inputs():
    mask = torch.ones(batch, seq_len, dtype=torch.long)
    mask[1, 15:] = 0
    return [torch.randint(0, vocab, (batch, seq_len)), mask]


def get_init_inputs():
    return []
