import torch
import torch.nn as nn


class Model(nn.Module):
    def __init__(self, channels, hidden, classes):
        super().__init__()
        self.conv1 = nn.Conv2d(3, channels, 3, stride=2, padding=1)
        self.bn = nn.BatchNorm2d(channels)
        self.pool = nn.MaxPool2d(2)
        self.conv2 = nn.Conv2d(channels, hidden, 3, padding=1)
        self.fc = nn.Linear(hidden, classes)

    def forward(self, x):
        x = self.pool(torch.relu(self.bn(self.conv1(x))))
        x = torch.relu(self.conv2(x))
        x = torch.flatten(nn.functional.adaptive_avg_pool2d(x, 1), 1)
        return torch.softmax(self.fc(x), dim=1)


batch_size = 32
channels = 64
hidden = 96
classes = 100
size = 128


def get_inputs():
    return [torch.randn(batch_size, 3, size, size)]


def get_init_inputs():
    return [channels, hidden, classes]
