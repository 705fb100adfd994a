# Robotics: batched forward kinematics of a 7-DoF arm (Franka-like Denavit-Hartenberg parameters). Each joint's
# homogeneous transform is built from its angle, and the chain is multiplied out: the end-effector pose of
# every configuration in the batch, as a sampling-based planner or an IK solver evaluates it.
import torch
import torch.nn as nn


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        # Per joint: link length a, offset d, twist alpha (modified DH).
        self.register_buffer("a", torch.tensor([0.0, 0.0, 0.0, 0.0825, -0.0825, 0.0, 0.088]))
        self.register_buffer("d", torch.tensor([0.333, 0.0, 0.316, 0.0, 0.384, 0.0, 0.0]))
        self.register_buffer("alpha", torch.tensor([0.0, -1.5708, 1.5708, 1.5708, -1.5708, 1.5708, 1.5708]))

    def forward(self, q):
        b = q.shape[0]
        pose = torch.eye(4).expand(b, 4, 4)
        zero = torch.zeros_like(q[:, 0])
        one = torch.ones_like(q[:, 0])
        for j in range(7):
            c, s = torch.cos(q[:, j]), torch.sin(q[:, j])
            ca, sa = torch.cos(self.alpha[j]), torch.sin(self.alpha[j])
            a, d = self.a[j], self.d[j]
            t = torch.stack([
                c, -s, zero, a * one,
                s * ca, c * ca, -sa * one, -d * sa * one,
                s * sa, c * sa, ca * one, d * ca * one,
                zero, zero, zero, one,
            ], dim=1).view(b, 4, 4)
            pose = torch.bmm(pose, t)
        return pose


batch_size = 4096
dof = 7


def get_inputs():
    return [torch.rand(batch_size, dof) * 3.0 - 1.5]


def get_init_inputs():
    return []
