# JAX port of KernelBench level1/82_conv_depthwise_2D_square_input_square_kernel.py (NCHW, groups = channels)
import jax
import flax.linen as nn
from jax import lax


class Model(nn.Module):
    in_channels: int
    kernel_size: int
    stride: int = 1
    padding: int = 0

    @nn.compact
    def __call__(self, x):
        k, p = self.kernel_size, self.padding
        w = self.param("weight", nn.initializers.lecun_normal(), (self.in_channels, 1, k, k))
        return lax.conv_general_dilated(x, w, (self.stride, self.stride), ((p, p), (p, p)),
                                        dimension_numbers=("NCHW", "OIHW", "NCHW"), feature_group_count=self.in_channels)


batch_size = 16
in_channels = 64
kernel_size = 3
width = 512
height = 512
stride = 1
padding = 0


def get_inputs():
    return [jax.random.uniform(jax.random.PRNGKey(0), (batch_size, in_channels, height, width))]


def get_init_inputs():
    return [in_channels, kernel_size, stride, padding]
