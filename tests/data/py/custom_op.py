import torch
import torch.nn as nn

# A custom op with a CPU kernel and no fake or meta kernel, as a user's own extension often is: torch 2.x cannot
# trace it on fake tensors, so it is traced on real tensors at reduced sizes. (The tracer runs this file once per
# size, in one process: the op is defined once.)
if not hasattr(torch.ops.solartest, "repeat_rows"):
    _lib = torch.library.Library("solartest", "DEF")
    _lib.define("repeat_rows(Tensor x) -> Tensor")
    _lib.impl("repeat_rows", lambda x: torch.repeat_interleave(x, 2, dim=0), "CPU")
    torch.ops.solartest._solar_keep_alive = _lib


class Model(nn.Module):
    def __init__(self, d_in, d_out):
        super().__init__()
        self.fc = nn.Linear(d_in, d_out)

    def forward(self, x):
        return self.fc(torch.ops.solartest.repeat_rows(x))


batch_size = 64
d_in = 128
d_out = 32


def get_inputs():
    return [torch.randn(batch_size, d_in)]


def get_init_inputs():
    return [d_in, d_out]
