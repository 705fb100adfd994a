# SPDX-License-Identifier: MIT
# Mixture-of-experts routing as transformers writes it (issue 29), without transformers: the top 2 of 5 experts per
# token (topk of the router's softmax), the routed rows sorted by expert (sort, with ties: the result does not
# depend on their order), each expert's count (histc), the inverse permutation (index_put_ into empty_like), the
# token of each routed row (floor_divide). Validated under torch 1.13 and 2.x; the router's 12 x 8 x 5 = 480 MACs
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
        return routed[inverse].reshape(tokens, top_k, dim).sum(1) + counts.sum()


def get_inputs():
    return [torch.randn(tokens, dim)]


def get_init_inputs():
    return []
