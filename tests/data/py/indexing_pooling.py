import torch
import torch.nn as nn
import torch.nn.functional as F


class Model(nn.Module):
    """Variance and standard deviation, embedding rows, index_select, gather, x[:, idx], and adaptive pooling whose
    windows overlap and differ in length (rows -> 3, cols -> 5) next to one whose windows tile evenly."""

    def __init__(self, vocab, dim):
        super().__init__()
        self.emb = nn.Embedding(vocab, dim)

    def forward(self, x, ids):
        a = x.var(dim=1)
        b = x.std(dim=1, keepdim=True)
        c = torch.var(x, dim=0, unbiased=False)
        d, e = torch.var_mean(x, dim=1)
        f = self.emb(ids)
        g = torch.index_select(x, 1, ids)
        h = torch.gather(x, 1, ids.view(-1, 1)[: x.shape[0]] % x.shape[1])
        i = x[:, ids[:2]]
        j = F.adaptive_avg_pool2d(x.view(1, 1, rows, cols), (3, 5))
        k = F.adaptive_max_pool2d(x.view(1, 1, rows, cols), (3, 5))
        m = F.adaptive_avg_pool1d(x.view(1, rows, cols), cols // 4)
        return a, b, c, d, e, f, g, h, i, j, k, m


rows = 32
cols = 48
vocab = 64
dim = 16


def get_inputs():
    return [torch.randn(rows, cols), torch.randint(0, cols, (rows,))]


def get_init_inputs():
    return [vocab, dim]
