# A small image classifier: three conv-batchnorm-ReLU stages (the last two strided), global average pooling and
# a linear classifier, in inference mode as it would be deployed.
import torch
import torch.nn as nn


class Model(nn.Module):
    def __init__(self, channels, classes):
        super().__init__()
        self.features = nn.Sequential(
            nn.Conv2d(3, channels, 3, padding=1), nn.BatchNorm2d(channels), nn.ReLU(),
            nn.Conv2d(channels, 2 * channels, 3, stride=2, padding=1), nn.BatchNorm2d(2 * channels), nn.ReLU(),
            nn.Conv2d(2 * channels, 4 * channels, 3, stride=2, padding=1), nn.BatchNorm2d(4 * channels), nn.ReLU(),
        )
        self.head = nn.Linear(4 * channels, classes)
        self.eval()

    def forward(self, x):
        x = self.features(x)
        return self.head(torch.flatten(nn.functional.adaptive_avg_pool2d(x, 1), 1))


batch_size = 32
image_size = 128
channels = 32
classes = 100


def get_inputs():
    return [torch.randn(batch_size, 3, image_size, image_size)]


def get_init_inputs():
    return [channels, classes]
