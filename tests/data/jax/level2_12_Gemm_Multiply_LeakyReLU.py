# JAX port of KernelBench level2/12_Gemm_Multiply_LeakyReLU.py
import jax
import flax.linen as nn


class Model(nn.Module):
    in_features: int
    out_features: int
    multiplier: float
    negative_slope: float

    @nn.compact
    def __call__(self, x):
        x = nn.Dense(self.out_features)(x) * self.multiplier
        return nn.leaky_relu(x, self.negative_slope)


batch_size = 1024
in_features = 8192
out_features = 8192
multiplier = 2.0
negative_slope = 0.1


def get_inputs():
    return [jax.random.uniform(jax.random.PRNGKey(0), (batch_size, in_features))]


def get_init_inputs():
    return [in_features, out_features, multiplier, negative_slope]
