# JAX port of KernelBench level1/40_LayerNorm.py: normalised over the last three axes, with their scale and bias
import jax
import flax.linen as nn


class Model(nn.Module):
    normalized_shape: tuple

    @nn.compact
    def __call__(self, x):
        return nn.LayerNorm(epsilon=1e-5, reduction_axes=(1, 2, 3), feature_axes=(1, 2, 3))(x)


batch_size = 16
features = 64
dim1 = 256
dim2 = 256


def get_inputs():
    return [jax.random.uniform(jax.random.PRNGKey(0), (batch_size, features, dim1, dim2))]


def get_init_inputs():
    return [(features, dim1, dim2)]
