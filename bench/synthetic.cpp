// SPDX-License-Identifier: MIT
#include "synthetic.h"

std::string syntheticProgram(int layers)
{
    std::string s = "kernel synthetic(B=64, D=256) {\n  in X0: bf16[B, D];\n";
    for (int i = 0; i < layers; ++i) {
        const std::string n = std::to_string(i);
        s += "  weight W" + n + ": bf16[D, D];\n  weight C" + n + ": bf16[D];\n  tmp T" + n + ": f32[B, D];\n  tmp R" + n
            + ": bf16[B, D];\n  tmp M" + n + ": f32[B];\n";
        s += std::string("  ") + (i + 1 == layers ? "out" : "tmp") + " X" + std::to_string(i + 1) + ": bf16[B, D];\n";
    }
    for (int i = 0; i < layers; ++i) {
        const std::string n = std::to_string(i);
        const std::string x = "X" + n;
        s += "  for b in 0..B, j in 0..D {\n    T" + n + "[b, j] = 0;\n    for k in 0..D { T" + n + "[b, j] += " + x + "[b, k] * W" + n
            + "[j, k]; }\n  }\n";
        s += "  for b in 0..B, j in 0..D { R" + n + "[b, j] = relu(T" + n + "[b, j] + C" + n + "[j]); }\n";
        s += "  for b in 0..B {\n    M" + n + "[b] = -inf;\n    for j in 0..D { M" + n + "[b] max= R" + n + "[b, j]; }\n  }\n";
        s += "  for b in 0..B, j in 0..D { X" + std::to_string(i + 1) + "[b, j] = R" + n + "[b, j] / (M" + n + "[b] + 1); }\n";
    }
    return s + "}\n";
}
