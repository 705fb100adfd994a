# JAX port of KernelBench level2/63_Gemm_ReLU_Divide.py
import jax
import flax.linen as nn


class Model(nn.Module):
    in_features: int
    out_features: int
    divisor: float

    @nn.compact
    def __call__(self, x):
        x = nn.Dense(self.out_features)(x)
        x = nn.relu(x)
        return x / self.divisor


batch_size = 1024
in_features = 8192
out_features = 8192
divisor = 2.0


def get_inputs():
    return [jax.random.uniform(jax.random.PRNGKey(0), (batch_size, in_features))]


def get_init_inputs():
    return [in_features, out_features, divisor]
