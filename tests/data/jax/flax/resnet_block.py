# A ResNet basic block in Flax Linen (batch norm with running averages, as at inference).
import jax
import flax.linen as nn


class Block(nn.Module):
    channels: int

    @nn.compact
    def __call__(self, x):
        y = nn.Conv(self.channels, (3, 3), padding=1, use_bias=False)(x)
        y = nn.relu(nn.BatchNorm(use_running_average=True)(y))
        y = nn.Conv(self.channels, (3, 3), padding=1, use_bias=False)(y)
        y = nn.BatchNorm(use_running_average=True)(y)
        return nn.relu(x + y)


class Model(nn.Module):
    channels: int

    @nn.compact
    def __call__(self, x):
        x = nn.Conv(self.channels, (7, 7), strides=(2, 2), padding=3)(x)
        x = nn.max_pool(x, (3, 3), strides=(2, 2), padding=((1, 1), (1, 1)))
        x = Block(self.channels)(x)
        x = Block(self.channels)(x)
        return nn.Dense(10)(x.mean(axis=(1, 2)))


batch_size = 8
size = 64
channels = 32


def get_inputs():
    return [jax.random.normal(jax.random.PRNGKey(0), (batch_size, size, size, 3))]


def get_init_inputs():
    return [channels]
