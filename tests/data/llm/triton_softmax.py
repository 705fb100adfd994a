# A row softmax as a Triton kernel (one program per row, the row padded to a power-of-two block and masked), launched
# from a PyTorch module: validated on the CPU through Triton's interpreter (TRITON_INTERPRET=1).
import torch
import triton
import triton.language as tl

batch_size = 64
features = 300


@triton.jit
def softmax_kernel(x_ptr, y_ptr, n_cols, stride, BLOCK: tl.constexpr):
    row = tl.program_id(0)
    cols = tl.arange(0, BLOCK)
    mask = cols < n_cols
    x = tl.load(x_ptr + row * stride + cols, mask=mask, other=-float("inf"))
    x = x - tl.max(x, axis=0)
    e = tl.exp(x)
    y = e / tl.sum(e, axis=0)
    tl.store(y_ptr + row * stride + cols, y, mask=mask)


class Model(torch.nn.Module):
    def forward(self, x):
        y = torch.empty_like(x)
        softmax_kernel[(x.shape[0],)](x, y, x.shape[1], x.stride(0), BLOCK=triton.next_power_of_2(x.shape[1]))
        return y


def get_inputs():
    return [torch.randn(batch_size, features)]


def get_init_inputs():
    return []
