# A plain fp32 matrix product at KernelBench level1/2's sizes (C = A @ B): the PyTorch side of tst_jax's precision
# test, kept here so that the test needs nothing from ../shared.
import torch
import torch.nn as nn


class Model(nn.Module):
    def forward(self, A: torch.Tensor, B: torch.Tensor) -> torch.Tensor:
        return torch.matmul(A, B)


M = 1024 * 2
K = 4096 * 2
N = 2048 * 2


def get_inputs():
    return [torch.rand(M, K), torch.rand(K, N)]


def get_init_inputs():
    return []
