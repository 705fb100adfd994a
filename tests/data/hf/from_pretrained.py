# SPDX-License-Identifier: MIT
# KernelBench level 4's shape (a model loaded by name with from_pretrained, its config by AutoConfig) with the hub
# name replaced by a folder beside this file that holds only config.json: the worker builds the model from the
# config with random weights (resources/python/solarworker/hf_local.py), and the config's size fields become size
# constants (config_hidden_size, ...) that validation sets to a point keeping the grouped-query ratio. The config is
# tests/data/hf's small Llama (hidden 48, 4 query and 2 KV heads, inter 120, 2 layers, vocabulary 200).
import torch
import torch.nn as nn
from transformers import AutoConfig, AutoModelForCausalLM

model_name = "pretrained_llama"
config = AutoConfig.from_pretrained(model_name)
vocab_size = config.vocab_size
batch_size = 2
sequence_length = 20


class Model(nn.Module):
    def __init__(self, model_name, config):
        super().__init__()
        self.model = AutoModelForCausalLM.from_pretrained(model_name, config=config)

    def forward(self, x):
        return self.model(x).logits


def get_inputs():
    return [torch.randint(0, vocab_size, (batch_size, sequence_length))]


def get_init_inputs():
    return [model_name, config]
