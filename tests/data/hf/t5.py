# SPDX-License-Identifier: MIT
# T5 (encoder-decoder): relative position buckets gathered from a learned bias table, RMS-style layer norm without
# mean, gated-GELU feed-forward, cross-attention from the decoder to the encoder's output, an untied LM head. Built
# from a config with random weights, eager attention, teacher-forced decoder ids, no cache.
import torch
from transformers import T5Config, T5ForConditionalGeneration

batch = 2
seq_len = 20
dec_len = 12
hidden = 48
layers = 2
heads = 4
inter = 120
vocab = 200


class Model(torch.nn.Module):
    def __init__(self):
        super().__init__()
        cfg = T5Config(d_model=hidden, d_kv=hidden // heads, d_ff=inter, num_layers=layers, num_decoder_layers=layers,
                       num_heads=heads, vocab_size=vocab, feed_forward_proj="gated-gelu", tie_word_embeddings=False,
                       relative_attention_num_buckets=32, relative_attention_max_distance=128, attn_implementation="eager")
        self.net = T5ForConditionalGeneration(cfg).eval()

    def forward(self, ids, dec_ids):
        return self.net(input_ids=ids, decoder_input_ids=dec_ids, use_cache=False).logits


def get_inputs():
    return [torch.randint(0, vocab, (batch, seq_len)), torch.randint(0, vocab, (batch, dec_len))]


def get_init_inputs():
    return []
