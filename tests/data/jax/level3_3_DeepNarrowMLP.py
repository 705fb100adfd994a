# JAX port of KernelBench level3/3_DeepNarrowMLP.py
import jax
import flax.linen as nn


class Model(nn.Module):
    input_size: int
    hidden_layer_sizes: tuple
    output_size: int

    @nn.compact
    def __call__(self, x):
        for hidden in self.hidden_layer_sizes:
            x = nn.relu(nn.Dense(hidden)(x))
        return nn.Dense(self.output_size)(x)


batch_size = 1024
input_size = 8192
hidden_layer_sizes = [1024] * 16
output_size = 8192


def get_inputs():
    return [jax.random.uniform(jax.random.PRNGKey(0), (batch_size, input_size))]


def get_init_inputs():
    return [input_size, tuple(hidden_layer_sizes), output_size]
