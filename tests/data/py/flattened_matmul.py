# SPDX-License-Identifier: MIT
# A matrix product on rows flattened through a view: view(-1, K) -> addmm -> view back (transformers' Conv1D, GPT-2's
# projections) and x @ W on a 3-d x (torch.matmul flattens the same way). Both lower as one product on the
# unflattened tensor, with plain indices (engine/frontend/trace/lowering/flattenedmatmul.cpp). By hand: 3 x 7 rows,
# 10 x 6 and 6 x 10 products: 2 x 210 x 6 = 2,520 MACs; compulsory bytes x, w1, b1, w2 and the output:
# (210 + 60 + 6 + 60 + 210) x 4 B = 2,184 B.
import torch

batch = 3
seq = 7
dim = 10
out = 6


class Model(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.w1 = torch.nn.Parameter(torch.randn(dim, out))
        self.b1 = torch.nn.Parameter(torch.randn(out))
        self.w2 = torch.nn.Parameter(torch.randn(out, dim))

    def forward(self, x):
        h = torch.addmm(self.b1, x.view(-1, dim), self.w1).view(batch, seq, out)
        return torch.relu(h) @ self.w2


def get_inputs():
    return [torch.randn(batch, seq, dim)]


def get_init_inputs():
    return []
