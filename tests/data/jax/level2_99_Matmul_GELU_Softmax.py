# JAX port of KernelBench level2/99_Matmul_GELU_Softmax.py (exact GELU, as torch's default)
import jax
import flax.linen as nn


class Model(nn.Module):
    in_features: int
    out_features: int

    @nn.compact
    def __call__(self, x):
        x = nn.gelu(nn.Dense(self.out_features)(x), approximate=False)
        return nn.softmax(x, axis=1)


batch_size = 1024
in_features = 8192
out_features = 8192


def get_inputs():
    return [jax.random.uniform(jax.random.PRNGKey(0), (batch_size, in_features))]


def get_init_inputs():
    return [in_features, out_features]
