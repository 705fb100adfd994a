# Records mlp_block.trace.json (torch 1.13) or mlp_block.torch2.trace.json (torch 2.x, which also records the
# ops' input shapes): one forward pass of mlp_block.Model under torch.profiler (CPU activity, input shapes), after
# a warm-up. Run from this folder with a Python that has torch (/usr/bin/python3: Debian's 1.13).
import torch
from torch.profiler import ProfilerActivity, profile

import mlp_block

torch.manual_seed(0)
model = mlp_block.Model().eval()
inputs = mlp_block.get_inputs()
with torch.no_grad():
    for _ in range(3):
        model(*inputs)
    with profile(activities=[ProfilerActivity.CPU], record_shapes=True) as prof:
        model(*inputs)
prof.export_chrome_trace("mlp_block.trace.json" if torch.__version__.startswith("1.") else "mlp_block.torch2.trace.json")
