# JAX port of KernelBench level2/40_Matmul_Scaling_ResidualAdd.py
import jax
import flax.linen as nn


class Model(nn.Module):
    in_features: int
    out_features: int
    scaling_factor: float

    @nn.compact
    def __call__(self, x):
        x = nn.Dense(self.out_features)(x)
        original = jax.lax.stop_gradient(x)
        return x * self.scaling_factor + original


batch_size = 16384
in_features = 4096
out_features = 4096
scaling_factor = 0.5


def get_inputs():
    return [jax.random.uniform(jax.random.PRNGKey(0), (batch_size, in_features))]


def get_init_inputs():
    return [in_features, out_features, scaling_factor]
