# JAX port of KernelBench level1/50_conv_standard_2D__square_input__square_kernel.py: Flax's NHWC layout
import jax
import flax.linen as nn


class Model(nn.Module):
    num_classes: int = 1000

    @nn.compact
    def __call__(self, x):
        return nn.Conv(features=96, kernel_size=(11, 11), strides=(4, 4), padding=2)(x)


batch_size = 256
num_classes = 1000


def get_inputs():
    return [jax.random.uniform(jax.random.PRNGKey(0), (batch_size, 224, 224, 3))]


def get_init_inputs():
    return [num_classes]
