# SPDX-License-Identifier: MIT
# An fp8 linear layer as fp8 serving runs it: float8_e4m3fn weights with a per-tensor scale, the activations cast to
# float8 with a static scale, torch._scaled_mm accumulating into bf16. tests/engine/tst_validation.cpp counts its
# MACs by hand (batch x tokens x out x in) and checks they run at the fp8 tensor rate.
import torch

batch = 3
tokens = 20
in_features = 40
out_features = 24


class Model(torch.nn.Module):
    def __init__(self):
        super().__init__()
        w = torch.randn(out_features, in_features)
        scale = w.abs().max() / 448
        self.register_buffer("weight", (w / scale).to(torch.float8_e4m3fn))
        self.register_buffer("weight_scale", scale.float().reshape(()))
        self.register_buffer("input_scale", torch.tensor(0.5))
        self.bias = torch.nn.Parameter(torch.randn(out_features).to(torch.bfloat16))

    def forward(self, x):
        rows = x.reshape(-1, in_features)
        x8 = (rows / self.input_scale).to(torch.float8_e4m3fn)
        y = torch._scaled_mm(x8, self.weight.t(), scale_a=self.input_scale, scale_b=self.weight_scale,
                             bias=self.bias, out_dtype=torch.bfloat16)
        return y.reshape(batch, tokens, out_features)


def get_inputs():
    return [torch.randn(batch, tokens, in_features).to(torch.bfloat16)]


def get_init_inputs():
    return []
