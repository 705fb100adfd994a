# Records mlp_block.trace.json: one forward pass of mlp_block.Model under torch.profiler (CPU activity, input
# shapes), after a warm-up. Run: /usr/bin/python3 record_trace.py (Debian's torch) (from this folder).
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
prof.export_chrome_trace("mlp_block.trace.json")
