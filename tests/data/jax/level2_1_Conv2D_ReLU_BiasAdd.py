# JAX port of KernelBench level2/1_Conv2D_ReLU_BiasAdd.py, in PyTorch's NCHW / OIHW layouts
import jax
import flax.linen as nn
from jax import lax


class Model(nn.Module):
    in_channels: int
    out_channels: int
    kernel_size: int
    bias_shape: tuple

    @nn.compact
    def __call__(self, x):
        k = self.kernel_size
        w = self.param("conv_weight", nn.initializers.lecun_normal(), (self.out_channels, self.in_channels, k, k))
        b = self.param("conv_bias", nn.initializers.zeros, (self.out_channels,))
        bias = self.param("bias", nn.initializers.normal(1.0), self.bias_shape)
        y = lax.conv_general_dilated(x, w, (1, 1), "VALID", dimension_numbers=("NCHW", "OIHW", "NCHW"))
        y = y + b[None, :, None, None]
        return nn.relu(y) + bias


batch_size = 128
in_channels = 64
out_channels = 128
height = width = 128
kernel_size = 3
bias_shape = (out_channels, 1, 1)


def get_inputs():
    return [jax.random.uniform(jax.random.PRNGKey(0), (batch_size, in_channels, height, width))]


def get_init_inputs():
    return [in_channels, out_channels, kernel_size, bias_shape]
