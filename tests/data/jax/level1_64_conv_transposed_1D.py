# JAX port of KernelBench level1/64_conv_transposed_1D.py: the transposed convolution as a convolution over the
# input padded by kernel_size - 1 with the kernel flipped (torch's weight layout: in, out, k)
import jax
import flax.linen as nn
from jax import lax


class Model(nn.Module):
    in_channels: int
    out_channels: int
    kernel_size: int

    @nn.compact
    def __call__(self, x):
        k = self.kernel_size
        w = self.param("weight", nn.initializers.lecun_normal(), (self.in_channels, self.out_channels, k))
        return lax.conv_general_dilated(x, w[:, :, ::-1], (1,), ((k - 1, k - 1),), dimension_numbers=("NCH", "IOH", "NCH"))


batch_size = 64
in_channels = 128
out_channels = 128
kernel_size = 3
length = 65536


def get_inputs():
    return [jax.random.uniform(jax.random.PRNGKey(0), (batch_size, in_channels, length))]


def get_init_inputs():
    return [in_channels, out_channels, kernel_size]
