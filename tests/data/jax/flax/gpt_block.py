# A GPT block in Flax Linen: causal nn.MultiHeadDotProductAttention and an MLP, pre-norm residuals.
import jax
import jax.numpy as jnp
import flax.linen as nn


class Model(nn.Module):
    dim: int
    heads: int

    @nn.compact
    def __call__(self, x):
        mask = nn.make_causal_mask(jnp.ones(x.shape[:2]))
        h = nn.LayerNorm()(x)
        x = x + nn.MultiHeadDotProductAttention(num_heads=self.heads)(h, h, mask=mask)
        h = nn.LayerNorm()(x)
        h = nn.Dense(4 * self.dim)(h)
        return x + nn.Dense(self.dim)(nn.gelu(h))


batch_size = 4
seq_len = 64
dim = 128
heads = 4


def get_inputs():
    return [jax.random.normal(jax.random.PRNGKey(0), (batch_size, seq_len, dim))]


def get_init_inputs():
    return [dim, heads]
