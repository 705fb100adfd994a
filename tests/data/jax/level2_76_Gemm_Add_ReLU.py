# JAX port of KernelBench level2/76_Gemm_Add_ReLU.py
import jax
import flax.linen as nn


class Model(nn.Module):
    in_features: int
    out_features: int
    bias_shape: tuple

    @nn.compact
    def __call__(self, x):
        bias = self.param("bias", nn.initializers.normal(1.0), self.bias_shape)
        return nn.relu(nn.Dense(self.out_features, use_bias=False)(x) + bias)


batch_size = 1024
in_features = 8192
out_features = 8192
bias_shape = (out_features,)


def get_inputs():
    return [jax.random.uniform(jax.random.PRNGKey(0), (batch_size, in_features))]


def get_init_inputs():
    return [in_features, out_features, bias_shape]
