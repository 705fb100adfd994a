# JAX port of KernelBench level1/94_MSELoss.py
import jax
import jax.numpy as jnp

batch_size = 32768
input_shape = (32768,)
dim = 1


def forward(predictions, targets):
    return jnp.mean((predictions - targets) ** 2)


def get_inputs():
    keys = jax.random.split(jax.random.PRNGKey(0), 2)
    return [jax.random.uniform(keys[0], (batch_size, *input_shape)), jax.random.uniform(keys[1], (batch_size, *input_shape))]
