# A tiled matmul as a Triton kernel, the tiles' edges masked (none of M, N, K a multiple of its block), launched
# from a PyTorch module: validated on the CPU through Triton's interpreter (TRITON_INTERPRET=1).
import torch
import triton
import triton.language as tl

M = 200
N = 120
K = 72


@triton.jit
def matmul_kernel(a_ptr, b_ptr, c_ptr, m, n, k, BM: tl.constexpr, BN: tl.constexpr, BK: tl.constexpr):
    pid_m = tl.program_id(0)
    pid_n = tl.program_id(1)
    rm = pid_m * BM + tl.arange(0, BM)
    rn = pid_n * BN + tl.arange(0, BN)
    rk = tl.arange(0, BK)
    acc = tl.zeros((BM, BN), dtype=tl.float32)
    for k0 in range(0, tl.cdiv(k, BK)):
        kk = k0 * BK + rk
        a = tl.load(a_ptr + rm[:, None] * k + kk[None, :], mask=(rm[:, None] < m) & (kk[None, :] < k), other=0.0)
        b = tl.load(b_ptr + kk[:, None] * n + rn[None, :], mask=(kk[:, None] < k) & (rn[None, :] < n), other=0.0)
        acc += tl.dot(a, b, input_precision="ieee")
    tl.store(c_ptr + rm[:, None] * n + rn[None, :], acc, mask=(rm[:, None] < m) & (rn[None, :] < n))


class Model(torch.nn.Module):
    def forward(self, a, b):
        c = torch.empty(a.shape[0], b.shape[1])
        grid = (triton.cdiv(a.shape[0], 32), triton.cdiv(b.shape[1], 32))
        matmul_kernel[grid](a, b, c, a.shape[0], b.shape[1], a.shape[1], BM=32, BN=32, BK=16)
        return c


def get_inputs():
    return [torch.randn(M, K), torch.randn(K, N)]


def get_init_inputs():
    return []
