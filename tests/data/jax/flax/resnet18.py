# ResNet-18 in Flax Linen (He et al. 2016, as torchvision builds it): a 7x7/2 stem and 3x3/2 max pool, four stages
# of two basic blocks (64, 128, 256, 512 channels; the first block of stages 2-4 strides by 2 with a 1x1 projection),
# batch norm with running averages (inference), global average pooling and a 1000-way linear head.
import jax
import jax.numpy as jnp
import flax.linen as nn


class BasicBlock(nn.Module):
    channels: int
    stride: int

    @nn.compact
    def __call__(self, x):
        norm = lambda: nn.BatchNorm(use_running_average=True)  # noqa: E731
        y = nn.Conv(self.channels, (3, 3), strides=self.stride, padding=1, use_bias=False)(x)
        y = nn.relu(norm()(y))
        y = nn.Conv(self.channels, (3, 3), padding=1, use_bias=False)(y)
        y = norm()(y)
        if self.stride != 1 or x.shape[-1] != self.channels:
            x = norm()(nn.Conv(self.channels, (1, 1), strides=self.stride, use_bias=False)(x))
        return nn.relu(x + y)


class Model(nn.Module):
    width: int
    classes: int

    @nn.compact
    def __call__(self, x):
        x = nn.Conv(self.width, (7, 7), strides=2, padding=3, use_bias=False)(x)
        x = nn.relu(nn.BatchNorm(use_running_average=True)(x))
        x = nn.max_pool(x, (3, 3), strides=(2, 2), padding=((1, 1), (1, 1)))
        for stage in range(4):
            for block in range(2):
                x = BasicBlock(self.width * 2**stage, 2 if stage > 0 and block == 0 else 1)(x)
        return nn.Dense(self.classes)(jnp.mean(x, axis=(1, 2)))


batch_size = 2
image_size = 224
width = 64
classes = 1000


def get_inputs():
    return [jax.ShapeDtypeStruct((batch_size, image_size, image_size, 3), jnp.float32)]


def get_init_inputs():
    return [width, classes]
