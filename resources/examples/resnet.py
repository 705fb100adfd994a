# A ResNet-18-class image classifier in inference mode: a 7x7 stem, four stages of two residual basic blocks
# (3x3 convolutions with batch norm; a strided 1x1 projection where the shape changes), global average pooling and
# a linear classifier. About 60 operators; try the roofline at each level and the hardware sliders.
import torch
import torch.nn as nn

batch_size = 8
image_size = 224
width = 64
num_classes = 1000


class BasicBlock(nn.Module):
    def __init__(self, cin, cout, stride):
        super().__init__()
        self.conv1 = nn.Conv2d(cin, cout, 3, stride=stride, padding=1, bias=False)
        self.bn1 = nn.BatchNorm2d(cout)
        self.conv2 = nn.Conv2d(cout, cout, 3, padding=1, bias=False)
        self.bn2 = nn.BatchNorm2d(cout)
        self.shortcut = nn.Sequential()
        if stride != 1 or cin != cout:
            self.shortcut = nn.Sequential(nn.Conv2d(cin, cout, 1, stride=stride, bias=False), nn.BatchNorm2d(cout))

    def forward(self, x):
        y = torch.relu(self.bn1(self.conv1(x)))
        y = self.bn2(self.conv2(y))
        return torch.relu(y + self.shortcut(x))


class Model(nn.Module):
    def __init__(self, width, num_classes):
        super().__init__()
        self.stem = nn.Sequential(nn.Conv2d(3, width, 7, stride=2, padding=3, bias=False), nn.BatchNorm2d(width), nn.ReLU(),
                                  nn.MaxPool2d(3, stride=2, padding=1))
        stages, cin = [], width
        for i, cout in enumerate([width, 2 * width, 4 * width, 8 * width]):
            stages.append(nn.Sequential(BasicBlock(cin, cout, 1 if i == 0 else 2), BasicBlock(cout, cout, 1)))
            cin = cout
        self.stages = nn.Sequential(*stages)
        self.fc = nn.Linear(cin, num_classes)
        self.eval()

    def forward(self, x):
        x = self.stages(self.stem(x))
        return self.fc(torch.flatten(nn.functional.adaptive_avg_pool2d(x, 1), 1))


def get_inputs():
    return [torch.randn(batch_size, 3, image_size, image_size)]


def get_init_inputs():
    return [width, num_classes]
