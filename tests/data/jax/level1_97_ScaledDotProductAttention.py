# JAX port of KernelBench level1/97_ScaledDotProductAttention.py: softmax(q kᵀ / sqrt(d)) v
import jax
import jax.numpy as jnp

batch_size = 32
num_heads = 32
sequence_length = 512
embedding_dimension = 1024


def forward(q, k, v):
    scores = jnp.einsum("bhld,bhsd->bhls", q, k) / jnp.sqrt(jnp.float32(embedding_dimension))
    return jnp.einsum("bhls,bhsd->bhld", jax.nn.softmax(scores, axis=-1), v)


def get_inputs():
    keys = jax.random.split(jax.random.PRNGKey(0), 3)
    shape = (batch_size, num_heads, sequence_length, embedding_dimension)
    return [jax.random.uniform(keys[0], shape), jax.random.uniform(keys[1], shape), jax.random.uniform(keys[2], shape)]
