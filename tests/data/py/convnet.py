import torch
import torch.nn as nn


class Model(nn.Module):
    def __init__(self, channels, classes):
        super().__init__()
        self.conv = nn.Conv2d(3, channels, 3, stride=2, padding=1, groups=1)
        self.bn = nn.BatchNorm2d(channels)
        self.pool = nn.MaxPool2d(2)
        self.fc = nn.Linear(channels * 2 * 2, classes)

    def forward(self, x):
        x = self.pool(torch.relu(self.bn(self.conv(x))))
        x = torch.flatten(x, 1)
        return torch.log_softmax(self.fc(x), dim=1)


batch_size = 2
channels = 4
classes = 5
size = 8


def get_inputs():
    return [torch.randn(batch_size, 3, size, size)]


def get_init_inputs():
    return [channels, classes]
