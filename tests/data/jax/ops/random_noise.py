# Random draws inside the model: noise and a dropout mask from a key made in forward, a key split.
import jax
import jax.numpy as jnp

B = 16
D = 64


def get_inputs():
    return [jax.ShapeDtypeStruct((B, D), jnp.float32)]


def forward(x):
    key = jax.random.PRNGKey(42)
    noise_key, drop_key = jax.random.split(key)
    noisy = x + 0.1 * jax.random.normal(noise_key, x.shape)
    keep = jax.random.bernoulli(drop_key, 0.9, x.shape)
    return jnp.where(keep, noisy / 0.9, 0.0)
