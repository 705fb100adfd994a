# SPDX-License-Identifier: MIT
# An fp8 linear layer that computes one thing when traced (autograd on) and another in the reference run
# (no_grad): the output features in reverse order, as a wrong weight layout would give. Validation widens its
# tolerance to half an e4m3 step for models that round to fp8; it must still call this a mismatch.
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

    def forward(self, x):
        rows = x.reshape(-1, in_features)
        x8 = (rows / self.input_scale).to(torch.float8_e4m3fn)
        y = torch._scaled_mm(x8, self.weight.t(), scale_a=self.input_scale, scale_b=self.weight_scale,
                             out_dtype=torch.bfloat16)
        if not torch.is_grad_enabled():
            y = y.flip(-1)
        return y.reshape(batch, tokens, out_features)


def get_inputs():
    return [torch.randn(batch, tokens, in_features).to(torch.bfloat16)]


def get_init_inputs():
    return []
