# SPDX-License-Identifier: MIT
# Mixture-of-experts routing as transformers writes it (issue 29), without transformers: the top 2 of 5 experts per
# token (topk of the router's softmax), the routed rows sorted by expert (sort, with ties: the result does not
# depend on their order), each expert's count (histc), the inverse permutation (index_put_ into empty_like), the
# token of each routed row (floor_divide), and DeepSeek's scatters. Validated under torch 1.13 and 2.x; the router's 12 x 8 x 5 = 480 MACs
# are all the multiply-adds there are.
import torch

tokens = 12
dim = 8
experts = 5
top_k = 2


class Model(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.router = torch.nn.Linear(dim, experts, bias=False)

    def forward(self, x):
        weights, chosen = torch.topk(self.router(x).softmax(-1), top_k, dim=-1)
        flat = chosen.reshape(-1)
        _, perm = torch.sort(flat)
        counts = torch.histc(flat.float(), bins=experts, min=0, max=experts - 1)
        inverse = torch.empty_like(perm)
        inverse[perm] = torch.arange(perm.numel())
        token = torch.floor_divide(perm, top_k)
        routed = x[token] * weights.reshape(-1)[perm].unsqueeze(-1)
        # DeepSeek's routing marks chosen positions with scatter: a 0/1 mask (scatter_ of a value), the router's
        # weights placed back at their experts (scatter of a tensor), each expert's load (scatter_add, equal to histc).
        mask = torch.zeros(tokens, experts).scatter_(1, chosen, 1.0)
        placed = torch.zeros(tokens, experts).scatter(1, chosen, weights)
        load = torch.zeros(experts).scatter_add(0, flat, torch.ones(flat.numel()))
        marked = (mask * placed * x[:, :experts]).sum(-1, keepdim=True)
        return routed[inverse].reshape(tokens, top_k, dim).sum(1) + counts.sum() + marked + (load * torch.arange(experts)).sum()


def get_inputs():
    return [torch.randn(tokens, dim)]


def get_init_inputs():
    return []
