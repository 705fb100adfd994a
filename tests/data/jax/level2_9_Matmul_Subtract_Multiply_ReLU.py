# JAX port of KernelBench level2/9_Matmul_Subtract_Multiply_ReLU.py
import jax
import flax.linen as nn


class Model(nn.Module):
    in_features: int
    out_features: int
    subtract_value: float
    multiply_value: float

    @nn.compact
    def __call__(self, x):
        x = nn.Dense(self.out_features)(x)
        return nn.relu((x - self.subtract_value) * self.multiply_value)


batch_size = 1024
in_features = 8192
out_features = 8192
subtract_value = 2.0
multiply_value = 1.5


def get_inputs():
    return [jax.random.uniform(jax.random.PRNGKey(0), (batch_size, in_features))]


def get_init_inputs():
    return [in_features, out_features, subtract_value, multiply_value]
