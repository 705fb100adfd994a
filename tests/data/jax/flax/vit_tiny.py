# ViT-Tiny/16 in Flax Linen (Dosovitskiy et al.; DeiT-Tiny's dimensions): 16x16 patches embedded by a strided
# convolution, a class token and learned position embeddings, 12 pre-norm blocks of 3-head self-attention
# (nn.MultiHeadDotProductAttention) and a GELU MLP, a linear head on the class token.
import jax
import jax.numpy as jnp
import flax.linen as nn


class Block(nn.Module):
    dim: int
    heads: int
    mlp_dim: int

    @nn.compact
    def __call__(self, x):
        h = nn.LayerNorm(epsilon=1e-6)(x)
        x = x + nn.MultiHeadDotProductAttention(num_heads=self.heads)(h, h)
        h = nn.LayerNorm(epsilon=1e-6)(x)
        h = nn.Dense(self.dim)(nn.gelu(nn.Dense(self.mlp_dim)(h), approximate=False))
        return x + h


class Model(nn.Module):
    patch: int
    dim: int
    depth: int
    heads: int
    mlp_dim: int
    classes: int

    @nn.compact
    def __call__(self, images):
        x = nn.Conv(self.dim, (self.patch, self.patch), strides=(self.patch, self.patch), padding="VALID")(images)
        b, h, w, c = x.shape
        x = x.reshape(b, h * w, c)
        cls = self.param("cls", nn.initializers.normal(0.02), (1, 1, c))
        x = jnp.concatenate([jnp.broadcast_to(cls, (b, 1, c)), x], axis=1)
        x = x + self.param("pos_embedding", nn.initializers.normal(0.02), (1, h * w + 1, c))
        for _ in range(self.depth):
            x = Block(self.dim, self.heads, self.mlp_dim)(x)
        x = nn.LayerNorm(epsilon=1e-6)(x)
        return nn.Dense(self.classes)(x[:, 0])


batch_size = 2
image_size = 224
patch_size = 16
dim = 192
depth = 12
heads = 3
mlp_dim = 768
classes = 1000


def get_inputs():
    return [jax.ShapeDtypeStruct((batch_size, image_size, image_size, 3), jnp.float32)]


def get_init_inputs():
    return [patch_size, dim, depth, heads, mlp_dim, classes]
