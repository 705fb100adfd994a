# SPDX-License-Identifier: MIT
# GPT-2: learned positions, Conv1D projections (addmm on the flattened tokens), GELU MLP of 4 x hidden, the LM head
# tied to the token embedding. Built from a config with random weights, SDPA attention, no cache.
import torch
from transformers import GPT2Config, GPT2LMHeadModel

batch = 2
seq_len = 20
hidden = 48
layers = 2
heads = 4
vocab = 200


class Model(torch.nn.Module):
    def __init__(self):
        super().__init__()
        cfg = GPT2Config(n_embd=hidden, n_layer=layers, n_head=heads, vocab_size=vocab, n_positions=128,
                         attn_implementation="sdpa")
        self.net = GPT2LMHeadModel(cfg).eval()

    def forward(self, ids):
        return self.net(input_ids=ids, use_cache=False).logits


def get_inputs():
    return [torch.randint(0, vocab, (batch, seq_len))]


def get_init_inputs():
    return []
