# JAX port of KernelBench level1/45_Average_Pooling_2D.py (NCHW, as the original)
import jax
import jax.numpy as jnp
from jax import lax

batch_size = 16
channels = 64
height = 2048
width = 2048
kernel_size = 11


def forward(x):
    window = (1, 1, kernel_size, kernel_size)
    return lax.reduce_window(x, 0.0, lax.add, window, window, "VALID") / (kernel_size * kernel_size)


def get_inputs():
    return [jax.random.uniform(jax.random.PRNGKey(0), (batch_size, channels, height, width))]
